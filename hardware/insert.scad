// dicecup: a printable insert that holds a cup's board in the base of an ordinary dice cup, LEDs up.
// One file for every board; hardware/<board>/insert.scad sets the sizes and includes this.
// Units: mm. Print upright, 0.2 mm layers, no supports.

module dicecup_insert(board_w, board_l, board_h, cup_d, wall = 2, floor = 1.6, height = 14,
                      window_d = 0, button_holes = [], usb_w = 12, usb_h = 7) {
    difference() {
        union() {
            cylinder(d = cup_d, h = floor, $fn = 96);                    // the disc that sits in the cup
            translate([-(board_w / 2 + wall), -(board_l / 2 + wall), 0])
                cube([board_w + 2 * wall, board_l + 2 * wall, height]);  // the cradle around the board
        }
        translate([-board_w / 2, -board_l / 2, floor]) cube([board_w, board_l, height]);   // the board's pocket
        if (window_d > 0) translate([0, 0, -1]) cylinder(d = window_d, h = floor + 2, $fn = 64); // light through
        for (p = button_holes) translate([p[0], p[1], -1]) cylinder(d = 7, h = floor + 2, $fn = 32);
        translate([-usb_w / 2, board_l / 2 - 1, floor + board_h]) cube([usb_w, 2 * wall + 2, usb_h]); // cable
    }
}

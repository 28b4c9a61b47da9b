// Pico W on a half-size breadboard with the 8-LED stick: hardware/insert.scad, sized for it.
include <../insert.scad>
dicecup_insert(board_w = 57, board_l = 84, board_h = 10, cup_d = 112, height = 16,
               window_d = 0, button_holes = [[-15, -30], [15, -30], [0, -30]]);

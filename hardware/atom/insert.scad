// M5Stack ATOM Matrix (24 x 24 x 14 mm): screen down through the window, so the cup's base shows the matrix.
include <../insert.scad>
dicecup_insert(board_w = 24.5, board_l = 24.5, board_h = 14, cup_d = 80, height = 16, window_d = 20, usb_w = 10);

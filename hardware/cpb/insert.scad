// Circuit Playground Bluefruit (50.6 mm round) with a 3xAAA pack under it.
include <../insert.scad>
dicecup_insert(board_w = 52, board_l = 52, board_h = 14, cup_d = 90, height = 18, window_d = 40);

"""Virtual cups and the players who press their buttons: the demo's table and the tests' (never the product's
real path to a cup, which is dicecup.link).

    virtualcup   the real cup firmware on the MicroPython unix port, its serial side on a pseudo-terminal
    ptyrelay     the pseudo-terminal relay that lets a virtual cup be unplugged and plugged back in (one thread
                 relays for every cup)
    hands        a bot's hands on one virtual cup: reads its LEDs, presses its buttons
    players      the demo's players: seat every cup in order, then one pair of hands per cup
"""

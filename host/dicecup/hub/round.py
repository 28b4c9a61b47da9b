"""Round: what a game kind supplies to the table (table.py), as a python-chess variant supplies its board's few
hooks. The table seats, journals, pauses and publishes for every game; a Round deals, takes turns, tells the cups,
reveals, and reports each round's end to the table (`table.round_over(game_over)`).

The table calls these, and only these, on its Round:

    seating(expect_cups, bots)   the Seating for this kind (who sits where)
    recovery()                   its Recovery: a cup that drops and comes back, `retire`, a resume
    first_state(names)           the engine's state as the game begins
    next_round()                 deal the next round (the first one too, once the journal is open)
    tick(now)                    what time asks while the game goes on and nobody is missing
    paused_tick(now)             what time asks while the table is paused
    on_message(seat, mtype, values) -> bool   a seated cup's message (False: not one this kind takes)
    after_input()                after every batch of bytes from a cup
    command(line)                a line typed at the hub that the table did not take (a move, `retire NAME`)
    typed_help()                 what `help` says about typing moves
    snapshot_fields()            this kind's part of the TableSnapshot (state, deal, to_act, clock_left)
    published()                  after each snapshot the table published
    in_game(index)               whether a seat is still playing (a missing cup of one pauses the table)
    holding()                    whether the Round still waits for something a drop left open
    carry_on(paused)             the table goes on after a pause of `paused` seconds
    resume(resumed, state, bots) take a game up again from its journal (through table.take_over)
"""


import json

from .journal import keep_private, secrets_path


class Round:
    def __init__(self, table):
        self.table = table
        self.state = None  # the engine's state; the table sets it as the game begins

    @property
    def seats(self):
        return self.table.seats

    def paused_tick(self, now):
        """Nothing is asked of anyone while a cup is missing."""

    def after_input(self):
        """Nothing to do after a batch of bytes, unless the kind says so."""

    def published(self):
        """Nothing more to publish after a snapshot, unless the kind says so."""

    def in_game(self, index) -> bool:
        return self.state is not None and self.state.alive[index]

    def holding(self) -> bool:
        return False

    def keep_secrets(self, kept: dict):
        """The hub's own secrets (its bots' dice) as JSON in a private file beside the journal (secrets_path), so a
        resumed hub can go on with the round: the journal itself never holds a hidden die."""
        table = self.table
        path = secrets_path(table.journal.path)
        try:
            keep_private(path, json.dumps(kept).encode())
        except OSError as error:  # a full disk: say so; the game goes on, the journal is untouched
            table.say(f"can't keep the bots' dice beside the journal ({error.strerror or error}): the game goes "
                      f"on, but if this hub stops this round can't be resumed; free space in {path.parent}")

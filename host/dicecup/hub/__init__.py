"""The table: the hub's side of a game. A newcomer reads it in this order:

    table.py       Table: what every game shares (seating, links, the journal, the clock, pauses, typed lines,
                   observers), driven by handle(item) and tick() on one thread; the table's phases
    round.py       Round: the few hooks a game kind supplies to the table, and record(event), once for every kind
    games.py       the registry: the Round of each game kind (Preset.game), imported when a table needs it
    faces/         the face-bid Round (FaceRound) and what only it needs: each deal, the bidding, the reveal, its
                   own recovery (a cup that drops and returns, a seat retired, a game resumed from its journal)
    poker/         the poker-dice Round (PokerRound) and what only it needs (one cup passed round, each die opened
                   alone)
    fairness.py    rechecking every die of a journal from the journal alone (dicecup verify, dicecup referee)
    phases.py      TablePhase: what the table waits for; RoundPhase: what a round waits for (the engine has its own)
    seating.py     connections, hello, who sits where (a second live claim to a seated cup is refused)
    snapshot.py    what observers get: an immutable TableSnapshot (with its game kind) after every change, and events
    screen.py      the terminal view, one such observer
    journal.py     the game record as it happens, with the `#@` facts a resumed hub needs
    chance.py      the hub's random draws
    run.py         the loop (one thread runs the table) and Connections (ports opened, reopened)
    inbox.py       what the loop waits on: items put from other threads and the serial ports, in one selector
    tablesetup.py  TableSetup: a table set up and run, for `dicecup play`, `demo` and `resume`
"""

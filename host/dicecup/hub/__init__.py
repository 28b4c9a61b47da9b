"""The table: the hub's side of a game. A newcomer reads it in this order:

    table.py       Table: what every game shares (seating, links, the journal, the clock, pauses, typed lines,
                   observers), driven by handle(item) and tick() on one thread
    round.py       Round: the few hooks a game kind supplies to the table
    games.py       the registry: the Round of each game kind (Preset.game), imported when a table needs it
    faces.py       the face-bid Round: each deal, the bidding, the reveal, the results
    poker/         the poker-dice Round and what only it needs (one cup passed round, each die opened alone)
    deal.py        one face-bid deal: its nonce, who was dealt, commitments, entropy and reveals
    fairness.py    rechecking every die of a journal from the journal alone (dicecup verify, dicecup referee)
    phases.py      TablePhase: what the table waits for (the engine has its own phases)
    seating.py     connections, hello, who sits where (a second live claim to a seated cup is refused)
    recovery.py    a face-bid cup that drops and returns, a seat retired, a game resumed from its journal
    snapshot.py    what observers get: an immutable TableSnapshot (with its game kind) after every change, and events
    screen.py      the terminal view, one such observer
    journal.py     the game record as it happens, with the `#@` facts a resumed hub needs
    chance.py      the hub's random draws
    run.py         the loop (one thread runs the table) and Connections (ports opened, reopened)
    inbox.py       what the loop waits on: items put from other threads and the serial ports, in one selector
    tablesetup.py  TableSetup: a table set up and run, for `dicecup play`, `demo` and `resume`
"""

"""The table: the hub's side of a game. A newcomer reads it in this order:

    table.py       Hub: the flow, top to bottom (seating, each deal, the bidding, the reveal, the results)
    deal.py        one deal: its nonce, who was dealt, commitments, entropy and reveals (the fair-dice check)
    fairness.py    rechecking every die of a journal from the journal alone (dicecup verify, dicecup referee)
    phases.py      TablePhase: what the table waits for (the engine has its own phases)
    seating.py     connections, hello, who sits where (a second live claim to a seated cup is refused)
    recovery.py    a cup that drops and returns, a seat retired, a game resumed from its journal
    snapshot.py    what observers get: an immutable TableSnapshot after every change, and events
    screen.py      the terminal view, one such observer
    journal.py     the game record as it happens, with the `#@` facts a resumed hub needs
    chance.py      the hub's random draws
    run.py         the loop (one thread runs the table) and Connections (ports opened, reopened)
    inbox.py       what the loop waits on: items put from other threads and the serial ports, in one selector
    tablesetup.py  TableSetup: a table set up and run, for `dicecup play`, `demo` and `resume`
"""

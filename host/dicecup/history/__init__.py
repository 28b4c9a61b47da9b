"""The history: every finished game, its rounds, and the players' nerve.

Journals stay the source of truth: the database is what `dicecup history import` reads out of them (through the
referee, `dicecup.rules.referee.replay`), and can be rebuilt from them exactly. One database layer (SQLAlchemy
Core) serves SQLite in the data folder (the default) and PostgreSQL for a club whose hubs share one league.

    errors.py      HistoryError and the setting's name (imported without SQLAlchemy)
    options.py     --db/--data/--rated for the commands, opening the database from them
    db.py          opening a database by URL, transactions that serialise writers
    schema.py      the tables;  migrations.py  numbered schema changes
    games.py       one journal or record -> the facts a game row needs (players, places, rounds)
    store.py       importing files, idempotently (a content hash per file)
    ratings.py     nerve: OpenSkill's Plackett-Luce over the rated games in date order
    stats.py       a player's games and figures, the games list
    rated.py       the hook a rated table uses: nerve at seating, the change after the game
    webnerve.py    the same on the table screen, and its leaderboard page
    samples.py     made-up finished games' journals, for the tests and bench/history.py
"""

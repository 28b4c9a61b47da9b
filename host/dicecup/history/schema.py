"""The history's tables (SQLAlchemy Core). Names of seats are not keys: a game's seats point at players, and a
bot's player is its kind (`bot:hard`), so every hard bot at every table is rated as one player."""
import sqlalchemy as sa

metadata = sa.MetaData()

# One row, id 1: the number of the last migration applied (migrations.py).
schema_version = sa.Table(
    "schema_version", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("version", sa.Integer, nullable=False),
)

players = sa.Table(
    "players", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False, unique=True),
    sa.Column("kind", sa.String(10), nullable=False),          # "player" or "bot"
)

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("hash", sa.String(64), nullable=False, unique=True),   # SHA-256 of the file: importing is idempotent
    sa.Column("rules", sa.String(400), nullable=False),              # as the record's rules line says them
    sa.Column("preset", sa.String(40), nullable=False),
    sa.Column("played_at", sa.String(19)),                           # "YYYY-MM-DD HH:MM:SS" from the journal, or NULL
    sa.Column("imported_at", sa.String(26), nullable=False),
    sa.Column("sort_at", sa.String(26), nullable=False),             # played_at, else imported_at: the rating order
    sa.Column("path", sa.Text, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("rounds", sa.Integer, nullable=False),
    sa.Column("winner_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    # schema 2: the digest of the game's facts, not of its bytes (trust.game_digest), and who vouched
    # for it: the signing hub's fingerprint, "unsigned" (`import --unsigned`, never rated), NULL before schema 2
    sa.Column("digest", sa.String(64)),
    sa.Column("signed_by", sa.String(16)),
    sa.Index("games_order", "sort_at", "id"),
)

# The hubs a league trusts (schema 2): `dicecup history hubs add NAME PUBKEY`; a journal goes in only if one of
# them signed it (trust.py).
hubs = sa.Table(
    "hubs", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False, unique=True),
    sa.Column("fingerprint", sa.String(16), nullable=False, unique=True),
    sa.Column("public_key", sa.String(64), nullable=False),
    sa.Column("added_at", sa.String(19), nullable=False),
)

game_seats = sa.Table(
    "game_seats", metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),   # 0 = the first seat, clockwise
    sa.Column("name", sa.String(200), nullable=False),                      # the seat's name in the record
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False, index=True),
    sa.Column("place", sa.Integer, nullable=False),                         # 1 = the winner; ties share a place
)

rounds = sa.Table(
    "rounds", metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("bidder_id", sa.Integer, sa.ForeignKey("players.id"), index=True),
    sa.Column("caller_id", sa.Integer, sa.ForeignKey("players.id"), index=True),
    sa.Column("call", sa.String(10)),            # liar, spot, timeout; poker: liar, five
    sa.Column("correct", sa.Boolean),            # the call was right (NULL for a timeout)
    sa.Column("held", sa.Boolean),               # the called bid was there (NULL for a timeout)
    sa.Column("data", sa.Text, nullable=False),  # the referee's JSON for the round, as `dicecup referee --json`
)

shots = sa.Table(  # the revolver: every trigger pull
    "shots", metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("k", sa.Integer, primary_key=True, autoincrement=False),   # order in the game
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False, index=True),
    sa.Column("dead", sa.Boolean, nullable=False),
)

ratings = sa.Table(  # the leaderboard, kept up to date by ratings.py (rebuilt whenever `league.stale`)
    "ratings", metadata,
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), primary_key=True, autoincrement=False),
    sa.Column("mu", sa.Double, nullable=False),
    sa.Column("sigma", sa.Double, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
)

# One row, id 1: where the ratings stand. Writers lock it first, so hubs writing at once take turns.
league = sa.Table(
    "league", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("last_at", sa.String(26)),          # the (sort_at, id) of the last game the ratings include
    sa.Column("last_id", sa.Integer),
    sa.Column("stale", sa.Boolean, nullable=False),  # a game came in before the last rated one: rebuild
)

"""The table: seating, rounds, the clock, reveals and the journal."""

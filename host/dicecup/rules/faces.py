"""Face bids (dudo, revolver, classic, buildup, fourdice): this kind's hooks, found by name through
rules/games.py as rules/poker/ supplies poker dice's. The engine itself is the rest of rules/."""
from .page import face_page as preset_page
from .randomplay import random_record
from .record import parse_event
from .referee import face_report_lines as report_lines, replay_events
from .state import new_game

__all__ = ["new_game", "parse_event", "preset_page", "random_record", "replay_events", "report_lines"]

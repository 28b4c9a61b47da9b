"""What people look at. The terminal view (rich) comes first; web screens come later.

A view never reads the hub's fields: it subscribes to what the hub publishes (dicecup.hub.snapshot), an
immutable TableSnapshot after every change and an event for each thing that happens, as the terminal Screen
(dicecup.hub.screen) does:

    hub.subscribe(callback)   # callback(item) on the hub's thread, for every event and snapshot
    latest = hub.watch()      # for another thread: latest.get() is the newest snapshot
"""

from dicecup.rules.games import piece


def snapshot_view(snapshot, *, status=None, width=None):
    """The table of a snapshot as the terminal draws it, by the game kind the snapshot carries."""
    return piece(snapshot, "view").snapshot_view(snapshot, status=status, width=width)


def snapshot_essentials(snapshot):
    """One line (it wraps) of what a player can't do without, for a screen too small for the table."""
    return piece(snapshot, "view").snapshot_essentials(snapshot)

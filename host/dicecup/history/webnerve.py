"""A rated table on the table screen: each seat's nerve, and after the game its change, in the
table the pages draw, and the leaderboard as a page under the table's own link (/t/TOKEN/ratings), so only
those who have the table's link see it."""
import html

from .ratings import leaderboard

PAGE = "ratings"


def show_on(web, rated) -> str:
    """Hook a RatedTable into a running dicecup.web WebTable; returns the leaderboard page's address."""
    web.decorate.append(rated.decorate)
    web.pages[PAGE] = lambda: leaderboard_page(rated.engine, [rated.player(s) for s in rated.seats or ()])
    rated.on_change = web.refresh
    return f"{web.url}/{PAGE}"


def leaderboard_page(engine, at_the_table=()) -> str:
    board = leaderboard(engine)
    here = set(at_the_table)
    rows = "".join(
        f"<tr{' class=here' if entry['name'] in here else ''}><td>{rank}</td><td>{html.escape(entry['name'])}</td>"
        f"<td>{entry['nerve']}</td><td>{entry['mu']:.2f}</td><td>{entry['sigma']:.2f}</td><td>{entry['games']}</td>"
        f"<td>{entry['wins']}</td></tr>" for rank, entry in enumerate(board, 1))
    table = ("<table class=leaderboard><thead><tr><th>#</th><th>player</th><th>nerve</th><th>mu</th><th>sigma</th>"
             f"<th>games</th><th>wins</th></tr></thead><tbody>{rows}</tbody></table>" if board
             else "<p>No rated games yet.</p>")
    return ("<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width'>"
            "<title>Nerve: the leaderboard</title><link rel=stylesheet href='/static/table.css'>"
            "<body class=plain><main><h1>Nerve</h1>"
            "<p>Everyone rated, highest nerve first; the players at this table are marked.</p>"
            f"{table}</main></body></html>")

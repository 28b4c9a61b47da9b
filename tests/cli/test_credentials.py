"""No credential in an error line (issue 24 item 3): a --db URL's password is shown as *** wherever the URL is
said, also for a URL SQLAlchemy can't read (a port that is not a number raised a traceback, and an unreadable
URL was quoted whole). The commands run in this process (tests/inprocess.py). A rated table's journal never
holds the password either: tests/history/test_rated_table.py."""
import pytest

from inprocess import dicecup_here as dicecup
from dicecup.history.db import shown

PASSWORD = "s3cretPW"
URLS = [f"postgresql://league:{PASSWORD}@127.0.0.1:1/dicecup",   # no server there
        f"postgresql://league:{PASSWORD}@clubhost:port/dicecup",  # a port that is not a number
        f"mysql://league:{PASSWORD}@clubhost/dicecup",            # a database the history does not live in
        f"league:{PASSWORD}@clubhost/dicecup",                    # no scheme: not a URL at all
        f"postgresql://league@127.0.0.1:1/dicecup?password={PASSWORD}",              # libpq's own parameter
        f"postgresql://league@clubhost:port/dicecup?sslmode=require&password={PASSWORD}"]
COMMANDS = [("history",), ("stats", "ana"), ("ratings",), ("history", "import", "{data}"),
            ("play", "--bots", "2", "--rated"), ("demo", "--rated", "--cups", "2")]


@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_a_db_urls_password_never_appears_in_the_error(tmp_path, command, url):
    words = [word.format(data=tmp_path) for word in command]
    done = dicecup(*words, "--db", url, "--data", tmp_path, env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert PASSWORD not in done.stderr + done.stdout, done.stderr


@pytest.mark.parametrize("url", URLS)
def test_shown_masks_the_password_of_any_url(url):
    assert PASSWORD not in shown(url) and "league" in shown(url)


@pytest.mark.parametrize("url", URLS[:2] + URLS[4:])
def test_a_rated_tables_journal_line_holds_no_credential_from_any_part_of_the_url(url):
    """`#@ rated-table db=URL` is signed and travels to the league with the journal: it names the league, never
    a password, from `user:password@` or from `?password=`."""
    from dicecup.history.rated import RatedTable

    fact = " ".join(RatedTable(None, "dicecup play", db=url).opening_fact())
    assert PASSWORD not in fact and "league@" in fact and "password" not in fact, fact

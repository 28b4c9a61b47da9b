"""A throwaway PostgreSQL server for the history's tests: initdb into a fresh folder under /tmp, started with
pg_ctl on a unix socket in that folder (no TCP port at all), stopped and removed at the end.

PostgreSQL refuses to run as root, so under root the server runs as the `postgres` user the Debian package
makes (else `nobody`), through runuser; as anyone else, as that user. fsync is off: the tests check
transactions and rows, not what survives a power cut, and a loaded machine starts it in a second or two.
"""
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

INSTALL = "apt-get install -y postgresql (python3 dev.py test does it as root)"


class NoPostgres(Exception):
    pass


def bin_dir() -> Path:
    """The server's programs: Debian keeps them in /usr/lib/postgresql/VERSION/bin, off the PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(os.path.realpath(initdb)).parent
    raise NoPostgres(f"the PostgreSQL server is not installed: {INSTALL}")


class ThrowawayServer:
    def __init__(self):
        self.bin = bin_dir()
        self.user = None
        if os.geteuid() == 0:
            self.user = _unprivileged()
        self.folder = Path(tempfile.mkdtemp(prefix="dicecup-pg-"))
        self.data = self.folder / "data"
        self.port = 5432  # only names the socket file, in our own folder: never a TCP port
        self.databases = 0

    def _run(self, *argv, timeout=60):
        command = [str(self.bin / argv[0]), *argv[1:]]
        if self.user:
            command = ["runuser", "-u", self.user, "--", *command]
        return subprocess.run(command, cwd=self.folder, capture_output=True, text=True, timeout=timeout,
                              check=True)

    def start(self) -> "ThrowawayServer":
        """The server running, or (refused, failed, timed out) nothing of it left: its folder is removed."""
        try:
            self._start()
        except BaseException:
            self.stop()
            raise
        return self

    def _start(self):
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "dicecup", "--auth=trust", "-E", "UTF8", "--no-sync",
                  "--no-instructions")
        options = f"-k {self.folder} -p {self.port} -c listen_addresses='' -c fsync=off -c max_connections=40"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options, "-w", "-t", "60",
                  "start", timeout=90)

    def url(self, database="postgres") -> str:
        return f"postgresql+psycopg://dicecup@/{database}?host={self.folder}&port={self.port}"

    def new_database(self) -> str:
        """A fresh, empty database on this server; its URL."""
        import psycopg

        self.databases += 1
        name = f"history{self.databases}"
        with psycopg.connect(host=str(self.folder), port=self.port, user="dicecup", dbname="postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self):
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def _unprivileged() -> str:
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise NoPostgres("running as root and no postgres or nobody user to run the server as")

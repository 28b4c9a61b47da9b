"""A real `dicecup ...` process (play, resume) for the tests that drive one: its output collected line by line,
typed at through stdin. Importable from every test folder (tests/ is on the path through tests/conftest.py)."""
import os
import subprocess
import sys
import threading
import time


class HubProcess:
    def __init__(self, args, trace=True):
        """trace: DICECUP_TRACE=1, every message the hub sends and receives in the output too."""
        env = dict(os.environ, DICECUP_TRACE="1") if trace else None
        self.proc = subprocess.Popen([sys.executable, "-m", "dicecup", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, env=env)
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def said(self, text) -> bool:
        return any(text in line for line in self.lines)

    def wait_for(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.said(text):
                return
            if self.proc.poll() is not None:
                time.sleep(0.2)  # the reader's last lines
                if self.said(text):
                    return
                break
            time.sleep(0.02)
        raise AssertionError(f"the hub never said {text!r}:\n" + "\n".join(self.lines[-40:]))

    def type(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

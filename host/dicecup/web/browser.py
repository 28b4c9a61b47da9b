"""Debian's Chromium, driven by Playwright, for the browser tests and the screenshot script (shots.py). Playwright
comes from pip (the test extras); its own browser download is never used: it is pointed at /usr/bin/chromium,
which the project's set-up installs from the Debian packages (dev.py)."""
import contextlib
import shutil
import tempfile
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
# No sandbox (tests run as root in containers), nothing fetched from the internet behind our back.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]
MISSING = "Chromium is not installed: run `apt-get install -y chromium` (as root), or `python3 dev.py test` does it"


def chromium_path():
    """The Chromium to use, or None."""
    if CHROMIUM.exists():
        return CHROMIUM
    found = shutil.which("chromium")
    return Path(found) if found else None


@contextlib.contextmanager
def chromium(viewport=(1280, 800)):
    """A fresh Chromium (a new, temporary profile each time) as a Playwright BrowserContext; closed after."""
    with chromiums(1, viewport) as (context,):
        yield context


@contextlib.contextmanager
def chromiums(count: int, viewport=(1280, 800)):
    """`count` fresh Chromiums, each with a temporary profile of its own (its own localStorage: as many phones), as
    a tuple of Playwright BrowserContexts under one Playwright driver (it allows only one); closed after."""
    from playwright.sync_api import sync_playwright

    executable = chromium_path()
    if executable is None:
        raise RuntimeError(MISSING)
    with contextlib.ExitStack() as stack:
        driver = stack.enter_context(sync_playwright())
        contexts = []
        for _ in range(count):
            profile = stack.enter_context(tempfile.TemporaryDirectory(prefix="dicecup-chromium-"))
            context = driver.chromium.launch_persistent_context(
                profile, executable_path=str(executable), headless=True, args=ARGS,
                viewport={"width": viewport[0], "height": viewport[1]}, service_workers="block")
            stack.callback(context.close)
            contexts.append(context)
        yield tuple(contexts)

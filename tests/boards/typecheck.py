"""Type-checks one board's code against its official stubs with mypy (CPython side of tests/boards).

Each board's stubs live in their own folder (boardpaths.stubs). MicroPython's stub packages bring their own
standard library (micropython-stdlib-stubs), used as mypy's typeshed; CircuitPython's are PEP 561 `-stubs`
packages beside the Adafruit libraries. Errors inside the stubs themselves are not ours and are silenced.
cupcore is checked with every board's stubs too, as the package it is: it runs on all of them, so a call one
runtime lacks, like hashlib.sha256 on CircuitPython, is caught here.
"""
import subprocess
from pathlib import Path

from boardpaths import CIRCUITPYTHON, FIRMWARE, stubs, tool


def stub_modules(home: Path) -> list:
    names = set()
    for path in home.iterdir():
        if path.suffix in (".pyi", ".py") or (path.is_dir() and not path.name.endswith(".dist-info")
                                              and path.name not in ("stdlib", "bin")):
            names.add(path.name.split(".")[0].removesuffix("-stubs"))
    names.discard("__pycache__")
    return sorted(n for n in names if n.isidentifier())


def cupcore_only(work: Path) -> Path:
    """A folder holding only cupcore (a link): firmware/ itself also holds the package of board folders that
    ships with the hub, where mypy would find each board's files a second time under another name."""
    view = work / "cupcore-view"
    view.mkdir(exist_ok=True)
    if not (view / "cupcore").exists():
        (view / "cupcore").symlink_to(FIRMWARE / "cupcore")
    return view


def mypy(board: str, pinmap_dir: Path, work: Path) -> subprocess.CompletedProcess:
    home = stubs(board)
    board_dir = FIRMWARE / "boards" / board
    cupcore = cupcore_only(work)
    paths = [str(board_dir), str(pinmap_dir), str(cupcore)]
    config = ["[mypy]", "warn_unused_ignores = True", "check_untyped_defs = True", f"cache_dir = {work / 'cache'}"]
    config.append("explicit_package_bases = True")  # a board folder is a root (firmware/boards is a package for the hub)
    if board in CIRCUITPYTHON:
        # mypy finds PEP 561 `-stubs` packages only in site-packages; a view names each one as its module.
        view = work / "stubs-view"
        view.mkdir(exist_ok=True)
        for path in home.iterdir():
            name = path.name.removesuffix("-stubs")
            if not (view / name).exists() and not path.name.endswith(".dist-info"):
                (view / name).symlink_to(path)
        paths.insert(0, str(view))
        config.append("no_site_packages = True")
    else:
        paths.insert(0, str(home))
        config += [f"custom_typeshed_dir = {home}", "no_site_packages = True"]
    config.append(f"mypy_path = {':'.join(paths)}")
    config += [f"\n[mypy-{name}.*]\nignore_errors = True\n[mypy-{name}]\nignore_errors = True" for name in stub_modules(home)]
    # compat.py is where the runtimes differ: a line that is another runtime's spelling is ignored on purpose,
    # so an ignore that this board's stubs happen not to need is not an error there.
    config += ["\n[mypy-cupcore.compat]\nwarn_unused_ignores = False"]
    if board in CIRCUITPYTHON:
        # MicroPython's USB serial (stdin, select, kbd_intr): the Pico's and the ATOM's, never loaded here.
        config += ["\n[mypy-cupcore.usbserial]\nignore_errors = True"]
        # MicroPython's BLE peripheral (the `bluetooth` module): the Pico W's and the ATOM's, never loaded here.
        config += ["\n[mypy-cupcore.nus]\nignore_errors = True"]
    else:
        # CircuitPython's board layer (digitalio, usb_cdc, neopixel): never loaded on a MicroPython board.
        config += ["\n[mypy-cupcore.cpboard]\nignore_errors = True"]
    ini = work / "mypy.ini"
    ini.write_text("\n".join(config) + "\n")
    files = sorted(str(p) for p in board_dir.glob("*.py")) + sorted(str(p) for p in cupcore.glob("cupcore/*.py"))
    return subprocess.run([tool("mypy"), "--config-file", str(ini), *files], capture_output=True, text=True,
                          timeout=600, cwd=work)

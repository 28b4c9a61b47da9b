"""The house's walls: the hub (host/dicecup) never reaches into tests/ or bench/, the hub and the cup core
(firmware/cupcore) have no import circle, and every package of the hub is one pyproject.toml ships. And the house
rules (docs: DESIGN.md): a game kind is one record (rules/games.py's Kind) whose pieces each layer calls, never told
by a preset's name nor branched on elsewhere, and the pages take the kind's module and the cue numbers from the hub;
poker's hub side is the hub/poker/ package; no module reaches for another module's private names; the hub never
presses a cup's buttons.

What counts as an import circle, precisely. Every module under host/dicecup and firmware/cupcore is parsed with
ast; every import in it counts, at module level or inside a function, class or `if` (an import moved into a
function to dodge a circle is still a circle). Relative imports are resolved against the importing module. An
import adds an edge from the importing module to the module whose code it uses:
- `import a.b.c` and `from a.b.c import name` (name not a submodule): an edge to a.b.c;
- `from a.b import c` where a.b.c is a module: an edge to a.b.c (not to a.b);
- `from a.b import name` where name is defined in a/b/__init__.py: an edge to a.b (its __init__).
Importing a submodule runs its packages' __init__ first, but that alone is not an edge: a package __init__ that
re-exports its submodules (rules/__init__.py: `from .state import State`) is not a circle with them. It is one
when a submodule takes names back from its own package (`from dicecup.rules import State` inside the package),
because then each needs the other to have run first. A circle is a strongly connected set of two or more modules;
modules outside the two trees (the standard library, pyserial, ...) are not nodes.
"""
import ast
import re
import importlib.util
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREES = {"dicecup": ROOT / "host" / "dicecup", "cupcore": ROOT / "firmware" / "cupcore"}
OUTSIDE = (ROOT / "tests", ROOT / "bench")  # what the product must never import


def modules(trees):
    """{dotted name: path} of every module in the trees (a package is its __init__.py)."""
    found = {}
    for top, folder in trees.items():
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = [top, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name, path):
    """(dotted names this module imports, top-level names of absolute imports) for one module, any depth."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets, tops = [], set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                targets.append((alias.name, None))
                tops.add(alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
                tops.add(source.split(".")[0])
            for alias in node.names:
                targets.append((source, alias.name))
    return targets, tops


def graph(trees):
    """{module: set of modules it imports}, within the trees, as the module docstring defines the edges."""
    known = modules(trees)
    edges = {}
    for name, path in known.items():
        out = set()
        for source, imported in imports(name, path)[0]:
            if imported is not None and f"{source}.{imported}" in known:
                out.add(f"{source}.{imported}")  # a submodule, taken from its package
            elif source in known:
                out.add(source)
        out.discard(name)
        edges[name] = out
    return edges


def circles(edges):
    """The strongly connected sets of two or more modules (Tarjan), each sorted, sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_package_has_no_import_circle():
    found = circles(graph(TREES))
    assert not found, "import circles (each line a set of modules that import each other):\n" + "\n".join(
        " <-> ".join(group) for group in found)


def test_nothing_in_the_package_imports_from_the_tests_or_the_bench():
    # Tests and benches put their own folders on sys.path, so anything there is importable by its bare name;
    # none of those names may appear in the product's imports (nor the folders' own names).
    theirs = {"tests", "bench"}
    for folder in OUTSIDE:
        for path in folder.rglob("*.py"):
            theirs.add(path.stem)
            theirs.update(part for part in path.relative_to(folder).parts[:-1])
    # Stand-ins in tests/ share names with real modules (time, hashlib, machine, ...): an import of a name that
    # resolves to a real module elsewhere is that module.
    theirs -= set(TREES) | set(sys.stdlib_module_names)
    wrong = []
    # The hub only: cupcore imports what exists only on a board (micropython, supervisor, machine), which the
    # tests stand in for, by design.
    for name, path in modules({"dicecup": TREES["dicecup"]}).items():
        for top in sorted(imports(name, path)[1] & theirs):
            if not resolves_outside_the_product_s_reach(top):
                wrong.append(f"{name} imports {top}, which is only in tests/ or bench/")
    assert not wrong, "\n".join(wrong)


def resolves_outside_the_product_s_reach(top):
    """False if `top` is found nowhere, or only in tests/ or bench/ (on sys.path while the tests run)."""
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return False
    origin = Path(spec.origin) if spec and spec.origin and spec.origin not in ("built-in", "frozen") else None
    locations = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    places = ([origin] if origin else []) + locations
    return bool(spec) and not any(folder in place.parents for place in places for folder in OUTSIDE)


def test_nothing_in_the_package_reaches_for_the_tests_or_the_bench_by_path():
    # A path into bench/ or tests/ (as virtual.py once had for the wasm runner) breaks an installed wheel.
    wrong = []
    for name, path in modules(TREES).items():
        tree = ast.parse(path.read_text(), str(path))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                    and node.value.split("/")[0] in ("bench", "tests") and len(node.value.split()) == 1):
                wrong.append(f"{name}, line {node.lineno}: {node.value!r}")
    assert not wrong, "\n".join(wrong)


def test_every_package_under_host_dicecup_is_one_the_wheel_ships():
    # pyproject.toml lists the packages (setuptools' find can't map firmware/ and hardware/ into dicecup):
    # a package left out of the list would be missing from an installed dicecup.
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {path.parent for path in TREES["dicecup"].rglob("*.py") if "__pycache__" not in path.parts}
    packages = {".".join(["dicecup", *folder.relative_to(TREES["dicecup"]).parts]) for folder in folders}
    assert packages - listed == set(), f"add these to [tool.setuptools] packages: {sorted(packages - listed)}"
    assert "cupcore" in listed


# The checker itself, on small made-up trees: it must find a circle where there is one, and only there.

def write(folder, files):
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def test_the_checker_finds_a_circle_dodged_inside_a_function(tmp_path):
    tree = write(tmp_path / "pkg", {
        "__init__.py": "",
        "state.py": "from .resolve import rule\n",
        "resolve.py": "def rule():\n    from pkg.state import State\n",
        "other.py": "import pkg.state\n",
    })
    assert circles(graph({"pkg": tree})) == [["pkg.resolve", "pkg.state"]]


def test_a_package_re_exporting_its_submodules_is_not_a_circle_but_taking_names_back_is(tmp_path):
    tree = write(tmp_path / "pkg", {
        "__init__.py": "from .a import A\nfrom .b import B\n",
        "a.py": "from pkg import b\nA = 1\n",  # the submodule b, not a name from the package
        "b.py": "B = 2\n",
    })
    assert circles(graph({"pkg": tree})) == []
    write(tree, {"b.py": "from pkg import A\nB = 2\n"})  # a name from the package's __init__
    assert circles(graph({"pkg": tree})) == [["pkg", "pkg.a", "pkg.b"]]


def test_nothing_in_the_package_finds_its_files_from_its_own_path_or_reads_pyproject():
    # An installed dicecup has no checkout around it: what it ships is found with importlib.resources
    # (dicecup.shipped), never by walking up from __file__, and pyproject.toml is not there to read.
    wrong = []
    for name, path in modules({"dicecup": TREES["dicecup"]}).items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Name) and node.id == "__file__":
                wrong.append(f"{name}, line {node.lineno}: __file__")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "pyproject" in node.value \
                    and len(node.value.split()) == 1:
                wrong.append(f"{name}, line {node.lineno}: {node.value!r}")
    assert not wrong, "\n".join(wrong)


# -- the house rules -----------------------------------------------------------------------------------------------

HUB = TREES["dicecup"]
# Where a game kind may be told apart: the one registry of kinds (DESIGN.md).
REGISTRIES = {"dicecup.rules.games"}


def parsed(trees):
    """(dotted name, ast) of every module in the trees."""
    return [(name, ast.parse(path.read_text(), str(path))) for name, path in modules(trees).items()]


def is_a_preset_s_name(node) -> bool:
    """`rules.preset.name`, `state.rules.preset.name`, `preset.name`."""
    return isinstance(node, ast.Attribute) and node.attr == "name" and (
        isinstance(node.value, ast.Attribute) and node.value.attr == "preset"
        or isinstance(node.value, ast.Name) and node.value.id == "preset")


def preset_names_compared(trees) -> list:
    """Every comparison of a preset's name, or of anything with a preset's or game kind's name written out."""
    from dicecup.rules.presets import ALL_PRESETS, GAMES

    written = set(ALL_PRESETS) | set(GAMES)
    found = []
    for name, tree in parsed(trees):
        if name in REGISTRIES:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(is_a_preset_s_name(side) or isinstance(side, ast.Constant) and side.value in written
                       for side in sides):
                    found.append(f"{name}, line {node.lineno}: {ast.unparse(node)}")
    return found


def test_no_game_kind_is_told_by_a_preset_s_name():
    # A new kind (or a second poker preset) must need only its Kind entry: a `preset.name == "poker"` somewhere
    # would quietly treat it as the wrong game. Call the layer's piece of the kind (rules/games.py's piece).
    found = preset_names_compared({"dicecup": HUB})
    assert not found, "a game kind told by a preset's name, not by its registry:\n" + "\n".join(found)


def test_poker_s_hub_side_is_its_package_not_siblings_at_the_top_of_hub():
    siblings = sorted(path.name for path in (HUB / "hub").glob("poker*.py"))
    assert not siblings, f"move {siblings} into host/dicecup/hub/poker/"


# Private names of other code that are theirs to name, not ours: namedtuple's public API is spelled with a
# leading underscore so it can't clash with a field, and a few third-party internals we lean on on purpose.
NAMEDTUPLE_API = {"_replace", "_asdict", "_fields", "_field_defaults", "_make"}
THEIRS = {
    ("dicecup.usage", "_actions"),                     # argparse keeps its options only in parser._actions
    ("dicecup.flash.micropython", "_is_pty_device"),   # mpremote's SerialTransport: told a pty is a real port
}


def private_names_reached(trees) -> list:
    """`thing._name` where thing is neither self, cls, super() nor a class or function of the same module and
    _name is not defined in the module (a method or attribute of its own classes), and `from module import _name`
    from our own trees: a private name used outside the module that defines it."""
    found = []
    for name, tree in parsed(trees):
        own = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
        defined = defined_here(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr not in NAMEDTUPLE_API \
                    and (name, node.attr) not in THEIRS and node.attr not in defined and not is_own(node.value, own):
                found.append(f"{name}, line {node.lineno}: {ast.unparse(node)}")
            elif isinstance(node, ast.ImportFrom) and (node.level or node.module.split(".")[0] in trees):
                found += [f"{name}, line {node.lineno}: from {'.' * node.level}{node.module or ''} import "
                          f"{alias.name}" for alias in node.names if is_private(alias.name)]
    return found


def defined_here(tree) -> set:
    """The private names a module defines for its own classes: methods, class attributes, `self._x = ...`."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_private(node.name):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
                        target.value.id == "self" and is_private(target.attr):
                    names.add(target.attr)
    return names


def is_private(attr: str) -> bool:
    return attr.startswith("_") and not attr.startswith("__")


def is_own(value, own) -> bool:
    if isinstance(value, ast.Name):
        return value.id in ("self", "cls") or value.id in own
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "super"


def test_no_module_reaches_for_another_module_s_private_names():
    # A leading underscore says "free to change without telling anyone": a name another module needs is given a
    # public name where it lives, or moved to a module both use.
    found = private_names_reached(TREES)
    assert not found, "private names used outside their module:\n" + "\n".join(found)


def test_the_private_name_checker_tells_a_module_s_own_from_another_s(tmp_path):
    tree = write(tmp_path / "pkg", {
        "__init__.py": "",
        "cup.py": "class Cup:\n    def _on(self): pass\nHANDLERS = [Cup._on]\n",
        "state.py": "def after(state):\n    return state._replace(n=1)\n",
        "hands.py": "from .cup import _helper\ndef peek(cup):\n    return cup._dice\n",
        "link.py": "class Link:\n    def __init__(self):\n        self._out = []\n"
                   "def flush(link):\n    return link._out\n",
    })
    assert private_names_reached({"pkg": tree}) == [
        "pkg.hands, line 1: from .cup import _helper", "pkg.hands, line 3: cup._dice"]


def test_the_hub_never_presses_a_cup_s_buttons():
    # Only people (and sim/'s hands on virtual cups) press buttons: a hub that pressed a cup could make any move.
    found = [f"{name}, line {node.lineno}: {ast.unparse(node)}"
             for name, tree in parsed({"dicecup": HUB}) if name.startswith("dicecup.hub.")
             for node in ast.walk(tree)
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "press"]
    assert not found, "the hub presses a cup:\n" + "\n".join(found)


def test_a_face_bid_game_loads_none_of_poker_s_modules():
    # The registries import a kind's modules by name only when a game of that kind is played.
    import subprocess

    script = ("import sys\n"
              "from dicecup.bots.arena import check_table\n"
              "from dicecup.history.samples import journal_text\n"
              "from dicecup.rules import Rules, replay\n"
              "from dicecup.rules.referee import report_lines\n"
              "list(report_lines(replay(journal_text(1))))\n"
              "check_table(Rules.parse('dudo'), ['hard', 'normal'])\n"
              "import dicecup.web.server\n"
              "from dicecup.rules.games import piece\n"
              "for layer in ('view', 'web_present', 'odds', 'cups', 'demo', 'resume'):\n"
              "    piece(Rules.parse('dudo'), layer)\n"
              "print(sorted(name for name in sys.modules if 'poker' in name))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


# -- the Table and its Round (DESIGN.md: the Table's phases are the table's; a round's are the Round's) ------------

TABLE_MODULE = "dicecup.hub.table"


def names_a_table(node) -> bool:
    """`table`, `hub`, `x.table`, `x.hub`: what the hub's code calls the Table."""
    if isinstance(node, ast.Name):
        return node.id in ("table", "hub")
    return isinstance(node, ast.Attribute) and node.attr in ("table", "hub")


def table_phases_set(trees, table_module=TABLE_MODULE) -> list:
    """Every `table.phase = ...` (also `hub.phase`, `self.table.phase`, in a tuple, augmented) outside the Table."""
    found = []
    for name, tree in parsed(trees):
        if name == table_module:
            continue
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                for each in target.elts if isinstance(target, ast.Tuple) else [target]:
                    if isinstance(each, ast.Attribute) and each.attr == "phase" and names_a_table(each.value):
                        found.append(f"{name}, line {node.lineno}: {ast.unparse(each)} =")
    return sorted(found)


def test_only_the_table_sets_the_table_s_phase():
    # A Round keeps its round's phase (dealing, bidding, revealing) itself and tells the table a round began or
    # ended (round_begins, round_over): a Round writing table.phase is the seam twice as wide again.
    found = table_phases_set({"dicecup": HUB})
    assert not found, "the table's phase set outside hub/table.py:\n" + "\n".join(found)


def classes_named_twice(trees) -> list:
    """Every class name defined more than once in the trees (at any depth), with where."""
    where = {}
    for name, tree in parsed(trees):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(f"{name}, line {node.lineno}")
    return [f"{cls}: {'; '.join(places)}" for cls, places in sorted(where.items()) if len(places) > 1]


def test_no_two_classes_share_a_name():
    # Three classes called Round once made every reader ask which: a name finds one class in the whole package.
    found = classes_named_twice({"dicecup": HUB})
    assert not found, "classes with the same name (rename one):\n" + "\n".join(found)


def test_the_face_bid_round_is_hub_faces_as_poker_s_is_hub_poker():
    from dicecup.hub.games import round_for
    from dicecup.hub.round import Round
    from dicecup.rules import Rules

    faces, poker = round_for(Rules.parse("dudo")), round_for(Rules.parse("poker"))
    assert (faces.__module__, faces.__name__) == ("dicecup.hub.faces.round", "FaceRound")
    assert (poker.__module__, poker.__name__) == ("dicecup.hub.poker.round", "PokerRound")
    assert issubclass(faces, Round) and issubclass(poker, Round)
    siblings = sorted(path.name for path in (HUB / "hub").glob("*.py")
                      if path.stem in ("faces", "deal", "recovery", "turnclock"))
    assert not siblings, f"move {siblings} into host/dicecup/hub/faces/"


def test_the_layout_checkers_find_what_they_look_for(tmp_path):
    tree = write(tmp_path / "pkg", {
        "__init__.py": "",
        "table.py": "class Table:\n    def start(self):\n        self.phase = 1\n"
                    "def reset(table):\n    table.phase = 0\n",
        "round.py": "class Round:\n    def next(self):\n        self.table.phase = 2\n        self.phase = 3\n"
                    "def resume(hub, journal):\n    hub.journal, hub.phase = journal, 4\n",
        "other.py": "class Table:\n    class Round:\n        pass\n",
    })
    assert table_phases_set({"pkg": tree}, table_module="pkg.table") == [
        "pkg.round, line 3: self.table.phase =", "pkg.round, line 6: hub.phase ="]  # not table.py's, nor a Round's own
    assert classes_named_twice({"pkg": tree}) == [
        "Round: pkg.other, line 2; pkg.round, line 1", "Table: pkg.other, line 1; pkg.table, line 1"]


# -- a game kind is one record (rules/games.py's Kind) ---------------------------------------------------------------

def kinds_own_modules() -> set:
    """rules/games.py and every module a Kind names: the only places that may know which kind they are."""
    from dicecup.rules.games import KINDS

    return {"dicecup.rules.games"} | {field.partition(":")[0] for entry in KINDS.values() for field in entry
                                      if field.startswith("dicecup.")}


def conditions(tree):
    """Every expression a branch is taken on: if/while/ternary/assert tests, and the parts of and/or/not."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            yield node.test
        elif isinstance(node, ast.BoolOp):
            yield from node.values
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node.operand
        elif isinstance(node, ast.comprehension):
            yield from node.ifs


def asks_a_kind(node) -> bool:
    """`kind(...)`, `piece(...)`, `engine(...)` (the kind's record or a piece of it) or a `one_cup` anywhere in it."""
    for part in ast.walk(node):
        if isinstance(part, ast.Call):
            called = part.func.attr if isinstance(part.func, ast.Attribute) else getattr(part.func, "id", None)
            if called in ("kind", "piece", "engine"):
                return True
        if isinstance(part, ast.Attribute) and part.attr == "one_cup" or isinstance(part, ast.Name) and \
                part.id == "one_cup":
            return True
    return False


def kind_properties_branched_on(trees, own) -> list:
    """Every branch outside the kinds' own modules taken on a kind's record (a property of it, or `one_cup`)."""
    found = []
    for name, tree in parsed(trees):
        if name in own:
            continue
        found += [f"{name}, line {test.lineno}: {ast.unparse(test)}" for test in conditions(tree) if asks_a_kind(test)]
        found += [f"{name}, line {node.lineno}: one_cup" for node in ast.walk(tree)
                  if isinstance(node, ast.Attribute) and node.attr == "one_cup"
                  or isinstance(node, ast.Name) and node.id == "one_cup"]
    return sorted(set(found))


def test_no_layer_branches_on_a_kind_s_property():
    # "if poker" outside the kinds: a third kind would have to find and edit every one. A layer calls its piece
    # of the kind instead (piece(rules, "demo").play(...)), which the kind's own module supplies.
    found = kind_properties_branched_on({"dicecup": HUB}, kinds_own_modules())
    assert not found, "a branch on a game kind's property, not a call on its piece:\n" + "\n".join(found)


def registries_keyed_by_kind(trees) -> list:
    """Every dict outside rules/games.py with a game kind (presets.FACES, POKER_DICE) as a key. (A key "poker" may
    be a message's field, so only the kinds' names count.)"""
    found = []
    for name, tree in parsed(trees):
        if name == "dicecup.rules.games":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and any(isinstance(key, (ast.Name, ast.Attribute)) and
                                                  ast.unparse(key).split(".")[-1] in ("FACES", "POKER_DICE")
                                                  for key in node.keys):
                found.append(f"{name}, line {node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_the_one_registry_of_game_kinds_is_rules_games():
    found = registries_keyed_by_kind({"dicecup": HUB})
    assert not found, "a registry keyed by game kind beside rules/games.py's KINDS:\n" + "\n".join(found)


def test_the_kind_checkers_find_a_branch_and_a_registry_where_there_is_one(tmp_path):
    tree = write(tmp_path / "pkg", {
        "__init__.py": "",
        "demo.py": "def run(rules):\n    cups = 1 if kind(rules).one_cup else 4\n    return cups\n",
        "odds.py": "ANSWERS = {FACES: 1, POKER_DICE: 2}\nhint = kind(rules).bid_example\n",
        "own.py": "if kind(rules).one_cup:\n    pass\n",
    })
    assert kind_properties_branched_on({"pkg": tree}, {"pkg.own"}) == [
        "pkg.demo, line 2: kind(rules).one_cup", "pkg.demo, line 2: one_cup"]
    assert registries_keyed_by_kind({"pkg": tree}) == ["pkg.odds, line 1: {FACES: 1, POKER_DICE: 2}"]


STATIC = HUB / "web" / "static"
# A page told which kind it plays by the kind's name ("poker"), not by the page module the hub names for it.
KIND_COMPARED = re.compile(r"""\.game\s*[!=]==?|[!=]==?\s*["'](faces|poker)["']""")
# A cue number written in a page: wire.py is their one table, and the hub sends it (the phone's hello).
CUE_NUMBER = re.compile(r"""\b\w*cue\w*\s*(?:[!=]==?|=)\s*\d""", re.IGNORECASE)
# An intent kind or a poker cup's stage given its number in a page (`const BID = 1`), or a table of refusal words
# by reason number: the hub's hello sends them (phonepage.py's WIRE_WORDS).
WIRE_NUMBER = re.compile(r"""\b(BID|LIAR|SPOT|READY|SHAKE|HIDE|ROLL|TRY|TAKE|PBID\w*|WAITING|OPENING|RECEIVING"""
                         r"""|HANDLING|TRIES|LIFTED)\s*=\s*\d|\{\s*1\s*:\s*["']""")
PAGE_BREACHES = ((KIND_COMPARED, "a game kind told by its name"), (CUE_NUMBER, "a cue number"),
                 (WIRE_NUMBER, "a copy of the wire's numbers"))


def page_breaches(folder) -> list:
    found = []
    for path in sorted(folder.glob("*.js")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for pattern, what in PAGE_BREACHES:
                if pattern.search(line):
                    found.append(f"{path.name}, line {number}: {what}: {line.strip()}")
    return found


def test_the_pages_take_the_kind_s_module_and_the_wire_s_numbers_from_the_hub():
    found = page_breaches(STATIC)
    assert not found, "\n".join(found)


def test_the_page_checker_finds_a_kind_by_name_a_cue_number_and_a_copied_wire_table(tmp_path):
    (tmp_path / "a.js").write_text('if (t.game === "poker") draw();\nconst TURN_CUE = 1, HURRY_CUE = 9;\n'
                                   'if (m.cue === 5) click();\nif (m.cue === cues.turn) buzz();\n'
                                   'const BID = 1, LIAR = 2;\nconst REASONS = {1: "not your turn"};\n'
                                   'intent(wire.intents.bid, qty, face);\n')
    assert [line.split(":")[1] for line in page_breaches(tmp_path)] == [
        " a game kind told by its name", " a cue number", " a cue number", " a copy of the wire's numbers",
        " a copy of the wire's numbers"]

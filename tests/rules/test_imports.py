"""The engine's modules import each other in one direction: no import circle inside dicecup.rules, and no
import tucked inside a function to dodge one."""
import ast
from pathlib import Path

import dicecup.rules

RULES = Path(dicecup.rules.__file__).parent


def _imports(path: Path):
    """(the rules modules `path` imports, anywhere in it; where it imports anything inside a function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported, nested = set(), []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if node not in tree.body:
            nested.append(f"{path.name}:{node.lineno}")
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            imported.update([node.module] if node.module else [a.name for a in node.names])
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dicecup.rules."):
            imported.add(node.module.split(".")[2])
    return imported, nested


def _graph():
    return {path.stem: _imports(path) for path in RULES.glob("*.py")}


def test_no_rules_module_imports_inside_a_function():
    assert [where for _, nested in _graph().values() for where in nested] == []


def test_there_is_no_import_circle_in_the_rules():
    graph = {name: imported - {"__init__"} for name, (imported, _) in _graph().items() if name != "__init__"}
    state = {}

    def visit(name, path):
        if state.get(name) == "done":
            return
        assert state.get(name) != "open", f"import circle: {' -> '.join(path + [name])}"
        state[name] = "open"
        for other in sorted(graph.get(name, ())):
            visit(other, path + [name])
        state[name] = "done"

    for name in sorted(graph):
        visit(name, [])

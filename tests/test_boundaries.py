"""Architecture boundaries, checked on the source: who may import what."""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "regalia"
BANNED_IN_RULES = {"random", "time", "datetime", "asyncio", "logging", "os", "io", "socket", "sqlite3",
                   "pathlib", "threading", "subprocess", "requests", "secrets", "numpy"}


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def modules(folder: str) -> list[Path]:
    return sorted((SRC / folder).rglob("*.py"))


@pytest.mark.parametrize("path", modules("core"), ids=lambda p: p.name)
def test_core_knows_no_game_and_nothing_above_it(path):
    bad = {m for m in imports(path) if m.startswith("regalia.") and not m.startswith("regalia.core")}
    assert not bad, f"{path.name} imports {bad}"


def test_only_the_rng_module_may_import_random():
    for path in SRC.rglob("*.py"):
        if path.name == "rng.py" and path.parent.name == "core":
            continue
        if path.parent.name == "bench" or "research" in path.parts or "rl" in path.parts:
            continue
        assert "random" not in imports(path), f"{path.relative_to(SRC)} imports random"


GAME_FILES = [p for p in modules("games") if p.parent != SRC / "games"]


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(SRC / "games")))
def test_games_import_only_core_and_pure_stdlib(path):
    own = path.relative_to(SRC / "games").parts[0]
    for module in imports(path):
        root = module.split(".")[0]
        assert root not in BANNED_IN_RULES, f"rules must be pure: {path.name} imports {module}"
        if module.startswith("regalia."):
            allowed = module.startswith("regalia.core") or module.startswith(f"regalia.games.{own}")
            assert allowed, f"{path.name} imports {module}"


@pytest.mark.parametrize("path", modules("ai"), ids=lambda p: p.name)
def test_ai_is_generic(path):
    for module in imports(path):
        assert not module.startswith("regalia.games."), f"ai/{path.name} imports the game {module}"


def test_server_never_imports_a_game_rules_module():
    for path in modules("server"):
        for module in imports(path):
            assert not module.startswith("regalia.games."), f"server/{path.name} imports {module}"

"""Rebuilding matches from saved JSON and verifying records."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, RecordError
from .game import Game
from .rng import seed_commitment

if TYPE_CHECKING:
    from .match import Match

GameLoader = Callable[..., Game]
_loader: GameLoader | None = None


def set_game_loader(loader: GameLoader) -> None:
    """Installed by ``regalia.games``: core never imports a game itself."""
    global _loader
    _loader = loader


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"the record has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError(f"the record's {key!r} has the wrong type ({type(value).__name__})")
    return value


def replay_dict(data: dict[str, Any], game: Game | None = None) -> Match:
    """Replay a match or record dict from its seed; verify chance, rng and result."""
    from .match import FORMAT_VERSION, MATCH_FORMAT, RECORD_FORMAT, Match

    if not isinstance(data, dict):
        raise RecordError("a match record must be a JSON object")
    fmt = data.get("format")
    if fmt not in (MATCH_FORMAT, RECORD_FORMAT):
        raise RecordError(f"not a regalia match record (format {fmt!r})")
    if data.get("format_version") != FORMAT_VERSION:
        raise RecordError(f"unsupported record version {data.get('format_version')!r}")
    game_id = _need(data, "game", str)
    options = _need(data, "options", dict)
    seed = _need(data, "seed", (int, str))
    actions = _need(data, "actions", list)
    chance = _need(data, "chance", list)
    commitment = data.get("commitment")
    if commitment is not None and commitment != seed_commitment(seed):
        raise RecordError("the seed does not match the commitment published at the start of the match")
    if game is None:
        if _loader is None:
            raise RecordError("no game registry is loaded")
        try:
            game = _loader(game_id, **options)
        except ValueError as exc:
            raise RecordError(f"the record's game or options are not valid: {exc}") from exc
    elif game.id != game_id or dict(game.options) != options:
        raise RecordError(f"the record is for {game_id} {options}, not {game!r}")
    match = Match.__new__(Match)
    _init_expecting(match, game, seed, chance)
    for index, action in enumerate(actions):
        try:
            clock = isinstance(action, str) and action in game.clock_actions(match.state)
            match.check(action, clock=clock)
        except IllegalAction as exc:
            raise RecordError(f"action {index + 1} ({action!r}) does not replay: {exc}") from exc
        mover = game.to_move(match.state)
        assert mover is not None
        match._step(mover, action)
        match.actions.append(action)
        try:
            match._resolve_chance(expected=chance)
        except RecordError as exc:
            raise RecordError(f"action {index + 1} ({action!r}) does not replay: {exc}") from exc
    if len(match.chance) != len(chance):
        raise RecordError(
            f"the record has {len(chance)} chance outcomes but the replay made {len(match.chance)}"
        )
    if "rng" in data and data["rng"] != match._rng.state:
        raise RecordError("the generator state does not match the replay")
    result = data.get("result")
    if result is not None and result != match.result():
        raise RecordError(f"the recorded result {result} differs from the replay's {match.result()}")
    return match


def _init_expecting(match: Match, game: Game, seed: int | str, chance: list[str]) -> None:
    """Like ``Match.__init__`` but checking the opening chance outcomes against the record."""
    from .game import short
    from .rng import Rng

    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise RecordError(f"seed must be an int or a str, not {short(seed)}")
    match.game = game
    match.seed = seed
    match._rng = Rng(seed).derive("chance")
    match.state = game.initial_state()
    match.actions, match.chance, match.log = [], [], []
    match._movers = bytearray()
    try:
        match._resolve_chance(expected=chance)
    except RecordError as exc:
        raise RecordError(f"the opening does not replay: {exc}") from exc

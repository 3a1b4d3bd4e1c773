"""Display names: what a player is called on boards, tables and profiles.

A name is the only public handle of a profile (there is no login name), so it must be readable, unique,
and never impersonate the house or a computer player:

* 3 to 20 characters after trimming, NFKC-normalised (so full-width or styled letters become plain);
* letters of any script (with their combining marks), digits, and single separators between them:
  space, ``-``, ``_``, ``.``, ``'``;
* it starts with a letter or digit and ends with one or a mark (no invisible padding, no "--" runs);
* its letters come from one alphabet (Chinese and Japanese scripts count as one), so "Аnne" with a
  Cyrillic "А" cannot pass for "Anne";
* not a reserved word (admin, regalia, computer, ai, ...) in any case or spacing, and not a computer
  level's name ("Hard", "Random") which the boards use for computer players.

Uniqueness is decided on ``name_key``: casefolded, separators dropped, so "Anne Bonny" and "anne_bonny"
are the same name.
"""

from __future__ import annotations

import unicodedata

from .errors import InvalidName

MIN_LENGTH = 3
MAX_LENGTH = 20
SEPARATORS = frozenset(" -_.'")
RESERVED = frozenset({
    "admin", "administrator", "moderator", "mod", "staff", "support", "system", "root", "owner",
    "regalia", "official", "server", "host", "dealer", "banker", "treasury",
    "computer", "bot", "ai", "cpu", "engine",
    "random", "easy", "medium", "hard", "uct", "expert",
    "guest", "anonymous", "spectator", "nobody", "player", "you", "me",
    "null", "none", "undefined", "nan", "true", "false",
})


def name_key(name: str) -> str:
    """The form names are compared in: casefolded, without separators."""
    text = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in text if ch not in SEPARATORS)


def _is_word_char(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LM" or ch in "0123456789"


_SAME_ALPHABET = {"CJK": "HAN", "HIRAGANA": "HAN", "KATAKANA": "HAN", "IDEOGRAPHIC": "HAN",
                  "KATAKANA-HIRAGANA": "HAN"}


def _alphabet(ch: str) -> str:
    """The script of a letter, from its Unicode name's first word ("LATIN", "CYRILLIC", "CJK", ...)."""
    first = unicodedata.name(ch, "UNKNOWN").split()[0]
    return _SAME_ALPHABET.get(first, first)


def validate_display_name(raw: object) -> str:
    """The name as it will be shown, or InvalidName saying which rule it breaks."""
    if not isinstance(raw, str):
        raise InvalidName("a display name must be text")
    if len(raw) > 4 * MAX_LENGTH:
        raise InvalidName(f"a display name has at most {MAX_LENGTH} characters")
    name = unicodedata.normalize("NFKC", raw).strip()
    if len(name) < MIN_LENGTH:
        raise InvalidName(f"a display name has at least {MIN_LENGTH} characters")
    if len(name) > MAX_LENGTH:
        raise InvalidName(f"a display name has at most {MAX_LENGTH} characters")
    for ch in name:
        if not (_is_word_char(ch) or ch in SEPARATORS):
            raise InvalidName(f"a display name may not contain {ch!r}: use letters, digits, space, - _ . '")
    if unicodedata.category(name[0])[0] == "M" or not (_is_word_char(name[0]) and _is_word_char(name[-1])):
        raise InvalidName("a display name starts and ends with a letter or a digit")
    if any(a in SEPARATORS and b in SEPARATORS for a, b in zip(name, name[1:], strict=False)):
        raise InvalidName("a display name has one separator at a time (no '  ', '--', '._')")
    if not any(unicodedata.category(ch).startswith("L") for ch in name):
        raise InvalidName("a display name has at least one letter")
    alphabets = {_alphabet(ch) for ch in name if unicodedata.category(ch).startswith("L")}
    if len(alphabets) > 1:
        raise InvalidName(f"a display name uses one alphabet, not a mix ({', '.join(sorted(alphabets))})")
    key = name_key(name)
    if key in RESERVED:
        raise InvalidName(f"{name!r} is reserved: choose another display name")
    return name

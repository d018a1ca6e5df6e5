"""Sealed plans: commit to secret information now, prove it unchanged later.

A player records a secret — landing turns and hexes written down before the enemy sets up
(Panzer Leader variant I), a glider's Passengers (E8.1) — on their own device. The shared game
gets only a short *commitment code*: a hash of the plan and a random salt. At the reveal, the
plan and salt are published; anyone can recompute the code and see whether the plan was changed.

The code is the first 28 base32 characters (140 bits) of ``sha256("airhead-seal-v1\\n" + salt +
"\\n" + canonical JSON of the plan)``, shown in seven groups of four: ``K7QF-2MZA-...``. Without
the salt the code reveals nothing practical about the plan (the salt is 128 random bits); at 140
bits, even the sealing side cannot find two plans with the same code.

Airhead before this version made 20-character codes (100 bits, five groups): the first 20
characters of the same hash. They still verify (saves keep working); new seals are always long.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

from .errors import DataError

__all__ = [
    "SealedPlan",
    "seal",
    "commitment",
    "check_plan",
    "verify",
    "is_legacy",
    "describe_plan",
    "CODE_PATTERN",
    "CODE_EXAMPLE",
    "MAX_PLAN_BYTES",
    "MAX_OPEN_SEALS",
    "PLAN_TEXT",
]

MAX_PLAN_BYTES = 16_000
#: At most this many seals wait to be revealed at once (each seal and reveal then costs O(1)).
MAX_OPEN_SEALS = 100
#: A revealed plan is shown in the log in at most this many characters.
PLAN_TEXT = 300
_CHARS = 28  # 140 bits
_LEGACY_CHARS = 20  # 100 bits, made before the 140-bit codes
#: A commitment code: seven groups of four base32 characters (or five: an older code).
CODE_PATTERN = re.compile(r"^[A-Z2-7]{4}(?:-[A-Z2-7]{4}){4}(?:(?:-[A-Z2-7]{4}){2})?$")
CODE_EXAMPLE = "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ23"
_SALT = re.compile(r"^[0-9a-f]{32}$")


def _canonical(plan: Any) -> str:
    try:
        text = json.dumps(plan, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError:
        raise DataError("a plan must be valid text (it holds a broken character)") from None
    except RecursionError:
        raise DataError("a plan is nested too deeply") from None
    except (TypeError, ValueError) as e:
        raise DataError(f"a plan must be plain JSON data ({str(e)[:80]})") from None
    if size > MAX_PLAN_BYTES:
        raise DataError(f"a plan is at most {MAX_PLAN_BYTES:,} bytes")
    return text


def _grouped(code: str) -> str:
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def check_plan(plan: Any, salt: str) -> str:
    """The canonical JSON of ``plan``; :class:`DataError` if it or ``salt`` cannot be sealed."""
    if not isinstance(salt, str) or not _SALT.match(salt):
        raise DataError("a salt is 32 lowercase hex digits")
    return _canonical(plan)


def commitment(plan: Any, salt: str) -> str:
    """The commitment code of ``plan`` with ``salt`` (32 lowercase hex digits): 140 bits."""
    text = check_plan(plan, salt)
    digest = hashlib.sha256(f"airhead-seal-v1\n{salt}\n{text}".encode("utf-8")).digest()
    return _grouped(base64.b32encode(digest).decode("ascii")[:_CHARS])


def is_legacy(code: str) -> bool:
    """True for a 100-bit code made by Airhead before the 140-bit codes."""
    return len(code) == _LEGACY_CHARS + _LEGACY_CHARS // 4 - 1


@dataclass(frozen=True)
class SealedPlan:
    """A plan with its salt and code. Keep it on the owner's device; share only :attr:`code`."""

    plan: Any
    salt: str
    code: str

    def to_data(self) -> dict[str, Any]:
        """JSON form for the owner's own storage."""
        return {"plan": self.plan, "salt": self.salt, "code": self.code}


def seal(plan: Any, salt: str | None = None) -> SealedPlan:
    """Seal ``plan`` with a fresh random salt (or the given one)."""
    s = salt if salt is not None else secrets.token_hex(16)
    return SealedPlan(plan, s, commitment(plan, s))


def verify(plan: Any, salt: str, code: str) -> bool:
    """True if ``plan`` and ``salt`` produce ``code`` (a 140-bit code, or an older 100-bit one:
    the first five groups of the same hash)."""
    if not isinstance(code, str) or not CODE_PATTERN.match(code):
        return False
    try:
        full = commitment(plan, salt)
    except DataError:
        return False
    return full[:len(code)] == code


# ---------------------------------------------------------------------- a plan in words
_DEPTH = 6


def _text(s: str) -> str:
    """``s`` on one line: control and other invisible characters become spaces, runs of
    spaces one."""
    if not s.isprintable():
        s = "".join(c if c.isprintable() else " " for c in s)
    return " ".join(s.split())


def _words(x: Any, depth: int, in_list: bool) -> str:
    """``x`` (plain JSON) in words: text as it is, ``key value`` pairs, items apart."""
    if isinstance(x, str):
        return _text(x)
    if x is None:
        return "none"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, (int, float)):
        return json.dumps(x)
    if isinstance(x, (list, tuple, dict)) and not x:
        return "none"
    if depth >= _DEPTH:
        return "…"
    if isinstance(x, dict):
        body = ", ".join(" ".join(p for p in (_text(str(k)), _words(v, depth + 1, False)) if p) for k, v in x.items())
        return body if depth == 0 or in_list or len(x) == 1 else f"({body})"
    if isinstance(x, (list, tuple)):
        sep = "; " if depth == 0 or any(isinstance(i, dict) for i in x) else ", "
        body = sep.join(_words(i, depth + 1, True) for i in x)
        return body if depth == 0 or len(x) == 1 else f"({body})"
    return "…"


def describe_plan(plan: Any, limit: int = PLAN_TEXT) -> str:
    """A plan (plain JSON data) in plain words for the log, at most ``limit`` characters: text as
    written (on one line), a record as ``key value`` pairs, a list's items apart with ``;``.

    ``[{"turn": 1, "kind": "paradrop", "target": "A/f3"}]`` reads
    ``turn 1, kind paradrop, target A/f3``.
    """
    text = _words(plan, 0, False)
    if len(text) > limit:
        text = text[:limit - 1].rstrip() + "…"
    return text

"""Sealed plans: commit to secret information now, prove it unchanged later.

A player records a secret — landing turns and hexes written down before the enemy sets up
(Panzer Leader variant I), a glider's Passengers (E8.1) — on their own device. The shared game
gets only a short *commitment code*: a hash of the plan and a random salt. At the reveal, the
plan and salt are published; anyone can recompute the code and see whether the plan was changed.

The code is 20 base32 characters (100 bits) of ``sha256("airhead-seal-v1\\n" + salt + "\\n" +
canonical JSON of the plan)``, shown in groups of four: ``K7QF-2MZA-...``. Without the salt the
code reveals nothing practical about the plan (the salt is 128 random bits).
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

__all__ = ["SealedPlan", "seal", "commitment", "verify", "CODE_PATTERN", "MAX_PLAN_BYTES"]

MAX_PLAN_BYTES = 16_000
CODE_PATTERN = re.compile(r"^[A-Z2-7]{4}(-[A-Z2-7]{4}){4}$")
_SALT = re.compile(r"^[0-9a-f]{32}$")


def _canonical(plan: Any) -> str:
    try:
        text = json.dumps(plan, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise DataError(f"a plan must be plain JSON data ({e})") from None
    if len(text.encode("utf-8")) > MAX_PLAN_BYTES:
        raise DataError(f"a plan is at most {MAX_PLAN_BYTES:,} bytes")
    return text


def commitment(plan: Any, salt: str) -> str:
    """The commitment code of ``plan`` with ``salt`` (32 lowercase hex digits)."""
    if not isinstance(salt, str) or not _SALT.match(salt):
        raise DataError("a salt is 32 lowercase hex digits")
    digest = hashlib.sha256(f"airhead-seal-v1\n{salt}\n{_canonical(plan)}".encode("utf-8")).digest()
    code = base64.b32encode(digest).decode("ascii")[:20]
    return "-".join(code[i:i + 4] for i in range(0, 20, 4))


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
    """True if ``plan`` and ``salt`` produce ``code``."""
    try:
        return commitment(plan, salt) == code
    except DataError:
        return False

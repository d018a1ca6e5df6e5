"""Wording changed since the never-regenerated fixtures in ``data/`` were recorded: the same
events, said better (#32 item 5). Each recorded log line is read with these replacements before it
is compared; nothing else may differ."""

from __future__ import annotations

WORDING = (
    ("result    -: no effect on stick ", "result    – (no effect): stick ", " lands unharmed"),  # "→ -: no effect"
    (" rolls 1 attack dice: ", " rolls 1 attack die: ", ""),
)


def reworded(lines: list[str]) -> list[str]:
    """The recorded log ``lines`` in today's words."""
    out = []
    for line in lines:
        for old, new, tail in WORDING:
            if old in line:
                line = line.replace(old, new) + tail
        out.append(line)
    return out

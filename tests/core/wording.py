"""Wording changed since the never-regenerated fixtures in ``data/`` were recorded: the same
events, said better (#32 item 5). Each recorded log line is read with these replacements before it
is compared; nothing else may differ."""

from __future__ import annotations

WORDING = (
    ("result    -: no effect on stick ", "result    – (no effect): stick ", " lands unharmed"),  # "→ -: no effect"
    (" rolls 1 attack dice: ", " rolls 1 attack die: ", ""),
    # a map edit in the rules' words, not its data (JSON)
    ('edit 1A3: {"obs": 1, "t": "woods"}', "edit 1A3: Woods", ""),
    ('1A3 set to {"obs": 1, "t": "woods"}', "1A3 now: Woods, level 0", ""),
    ("edit add wall on 1A3 S hexside", "edit the S hexside of 1A3: wall added", ""),
    ("wall added on the S hexside of 1A3", "hexside 1A3–1A4: wall added", ""),
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

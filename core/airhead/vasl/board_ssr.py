"""A board's own SSR options, as its archive's ``SSRControls`` lists them (VASL's "Board N
Special overlays": Remove the Pond, Woods Path is Dirt Road, 32: Subterranean Quarry …).

Facts of VASL's format (the public VASL sources, LGPL: the michalxo/vasl fork's
``boards/src/bdNN/SSRControls``, read by VASL's ``SSRControlsFile.java``; see
``docs/rules-notes.md``, "A board's own SSR options"): ``<SSRControls>`` holds ``<Option
name=…>`` groups of ``<Checkbox>`` (or ``<Combobox>``) whose ``<entry name=… rule=… text=…>`` is
one option: ``name`` the player's words, ``rule`` VASL's key (``BSO_10_PondToOG``: a board
special overlay; ``SSO_32``: a scenario's special overlay). Such an option is a picture pasted over
the board (``BoardMetadata.xml``'s ``overlaySSRule`` places it), with no terrain data: VASL turns
line of sight off when one is chosen. An entry whose rule is one of the shared LOS SSR rules
(:mod:`.ssr`) is that rule.

The file is untrusted and read as the board's metadata is (:mod:`.archive`): at most
``MAX_METADATA_BYTES``, its bytes decoded as the metadata's are, expat's events only, at most
``MAX_ELEMENTS`` elements, and a document type or an entity stops the reading where it starts.
Not wired into the archive reader yet: :func:`read_ssr_controls` reads the file's bytes.
"""

from __future__ import annotations

from dataclasses import dataclass

from .archive import MAX_METADATA_BYTES, Refused, _decode, parse_xml
from .losdata import BoardError

__all__ = ["BoardOption", "read_ssr_controls", "MAX_BOARD_OPTIONS"]

#: The most options a board lists (the public VASL boards list at most a dozen).
MAX_BOARD_OPTIONS = 200
#: The longest name or rule kept (longer ones are cut: they are labels, never keys to look up).
MAX_WORDS = 100


@dataclass(frozen=True)
class BoardOption:
    """One of a board's own SSR options: VASL's ``rule`` key, its ``name`` in the player's
    words and the ``group`` (``Option``) that lists it."""

    rule: str
    name: str
    group: str = ""

    @property
    def shared(self) -> bool:
        """True if the option is one of VASL's shared LOS SSR rules (it changes hex terrain)."""
        from .ssr import ssr_rules

        return self.rule in ssr_rules()


def read_ssr_controls(xml: bytes) -> tuple[BoardOption, ...]:
    """The options a board's ``SSRControls`` lists, in its order (each rule once); raise
    :class:`BoardError` naming what is wrong with the file (a caller listing a board's options
    should then list none and say why, not refuse the board: VASL's own board 32 has a mismatched
    tag there). An empty file lists none."""
    if len(xml) > MAX_METADATA_BYTES:
        raise BoardError(f"the board's SSR options (SSRControls) are too large ({len(xml):,} bytes; "
                         f"at most {MAX_METADATA_BYTES:,})")
    text = _decode(xml)
    if not text.strip():  # an empty file (VASL's board 17z has one): no options
        return ()
    out: dict[str, BoardOption] = {}
    group: list[str] = []
    root: list[str] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if not root:
            root.append(tag)
            if tag != "SSRControls":
                raise Refused(f"the board's SSR options start with <{tag[:30]}>, not <SSRControls>")
        elif tag == "Option":
            group.append(" ".join(attrs.get("name", "").split())[:MAX_WORDS])
        elif tag == "entry":
            rule = attrs.get("rule", "").strip()[:MAX_WORDS]
            if rule and rule not in out:
                if len(out) >= MAX_BOARD_OPTIONS:
                    raise Refused(f"the board's SSR options (SSRControls) list more than {MAX_BOARD_OPTIONS} options")
                name = " ".join((attrs.get("name") or attrs.get("text") or rule).split())[:MAX_WORDS]
                out[rule] = BoardOption(rule, name, group[-1] if group else "")

    parse_xml(text, start, "the board's SSR options (SSRControls)")
    if not root:
        raise BoardError("the board's SSR options (SSRControls) are empty")
    return tuple(out.values())

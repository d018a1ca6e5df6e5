"""A board's own SSR options as its ``SSRControls`` lists them (#39 item 3): read as the board's
metadata is, bounded; the options are pictures over the board unless one names a shared LOS SSR
rule. The files here are written in VASL's format by hand (no VASL file is kept)."""

from __future__ import annotations

import pytest

from airhead.vasl.archive import MAX_ELEMENTS, MAX_METADATA_BYTES
from airhead.vasl.board_ssr import MAX_BOARD_OPTIONS, BoardOption, read_ssr_controls
from airhead.vasl.losdata import BoardError

CONTROLS = b"""<?xml version="1.0" encoding="UTF-8"?>
<SSRControls>
 <Option name="Board 10 Special   overlays">
 <Checkbox name=""><entry name="Remove the Pond" rule="BSO_10_PondToOG" text="Bd10 Remove Pond"/></Checkbox>
 <Checkbox name=""><entry name="J78: Fast Heinz" rule="SSO_10_J78" text="J78 SSO"/></Checkbox>
 <Checkbox name=""><entry name="" rule="SSO_X" text="scenario X overlay"/></Checkbox>
 <Checkbox name=""><entry name="again" rule="BSO_10_PondToOG"/></Checkbox>
 <Checkbox name=""><entry name="no rule"/></Checkbox>
 </Option>
 <Option name="Other"><Checkbox name=""><entry name="No hedges" rule="NoHedges"/></Checkbox></Option>
</SSRControls>"""


def test_the_options_in_order_with_their_words_and_group() -> None:
    got = read_ssr_controls(CONTROLS)
    assert got == (BoardOption("BSO_10_PondToOG", "Remove the Pond", "Board 10 Special overlays"),
                   BoardOption("SSO_10_J78", "J78: Fast Heinz", "Board 10 Special overlays"),
                   BoardOption("SSO_X", "scenario X overlay", "Board 10 Special overlays"),
                   BoardOption("NoHedges", "No hedges", "Other"))
    assert [o.shared for o in got] == [False, False, False, True]  # pictures, but NoHedges changes terrain
    assert read_ssr_controls(b"<SSRControls/>") == () and read_ssr_controls(b"\n  \n") == () == read_ssr_controls(b"")


@pytest.mark.parametrize(("xml", "says"), [
    (b"<SSRControls>", r"its list of its own SSR options \(SSRControls\) is garbled or cut short"),
    (b"<boardMetadata/>", "not a list of SSR options"),
    (b'<!DOCTYPE x [<!ENTITY a "aaaa">]><SSRControls/>', r"\(SSRControls\) defines terms of its own"),
    (b"\xff\xfe<\x00S\x00", r"\(SSRControls\) was saved as UTF-16 text"),
    (b"<SSRControls>" + b"<Option/>" * MAX_ELEMENTS + b"</SSRControls>", "far longer than any VASL board's"),
    (b"<SSRControls>" + b"".join(b'<entry rule="r%d"/>' % i for i in range(MAX_BOARD_OPTIONS + 1)) + b"</SSRControls>",
     "more than 200 options"),
    (b"<SSRControls>" + b" " * MAX_METADATA_BYTES + b"</SSRControls>", "larger than any VASL board's"),
])
def test_a_bad_file_is_refused_with_its_reason(xml: bytes, says: str) -> None:
    with pytest.raises(BoardError, match=says):
        read_ssr_controls(xml)

"""Room messages are JSON objects of a known kind, bounded in size and depth, read by the project's bounded reader."""

from __future__ import annotations

import pytest

from zipai_desktop.net.protocol import CLIENT_KINDS, MAX_DEPTH, MAX_MESSAGE_BYTES, ProtocolError, decode, encode


def test_a_message_reads_back() -> None:
    message = {"kind": "act", "id": 3, "action": {"type": "discard", "card": "五"}}
    assert decode(encode(message), CLIENT_KINDS) == message
    assert decode(encode(message).encode(), CLIENT_KINDS) == message


@pytest.mark.parametrize(
    ("data", "refusal"),
    [
        ("{", "the message"),
        (b"\xff\xfe", "the message"),
        ("[1, 2]", "a message is a JSON object"),
        ('{"kind": "welcome"}', 'unknown message kind "welcome"'),
        ('{"kind": 7}', "unknown message kind 7"),
        ('{"kind": "act", "x": NaN}', "the message"),
        ('{"kind": "act", "x": ' + "9" * 30 + "}", "the message"),
        ('{"kind": "act", "x": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}", "deeper|nested|depth"),
        ('{"kind": "act", "x": "' + "a" * MAX_MESSAGE_BYTES + '"}', "more than the"),
    ],
)
def test_a_bad_message_is_refused_with_one_sentence(data: str | bytes, refusal: str) -> None:
    with pytest.raises(ProtocolError, match=refusal) as info:
        decode(data, CLIENT_KINDS)
    assert "\n" not in str(info.value) and len(str(info.value)) < 200

"""storykit_correct_offline through the C ABI."""

import ctypes

import pytest

import storykit
from storykit import errors


def test_three_variations_in_the_parse_variations_shape():
    result = storykit.correct_offline("i wnat to go hmoe")
    assert result["source"] == "offline" and result["issues"] == []
    assert [v["kind"] for v in result["variations"]] == ["direct", "refined", "alternative"]
    assert result["variations"][0]["text"] == "i want to go home"
    assert result["variations"][1]["text"] == "I want to go home."
    assert "words" not in result


def test_words_on_request():
    result = storykit.correct_offline("i wnat to go hmoe", words=True, layout="qwertz")
    assert [w["corrected"] for w in result["words"]] == ["i", "want", "to", "go", "home"]
    assert [w["original"] for w in result["words"]] == ["i", "wnat", "to", "go", "hmoe"]
    assert all(0 < w["confidence"] <= 1 for w in result["words"])
    assert result["variations"] == storykit.correct_offline("i wnat to go hmoe", layout="qwertz")["variations"]


@pytest.mark.parametrize("layout", ["qwerty", "qwertz", "azerty"])
def test_layouts(layout):
    assert storykit.correct_offline("the dog", layout=layout)["variations"][0]["text"] == "the dog"


def test_errors():
    with pytest.raises(errors.InvalidArgumentError, match="layout"):
        storykit.correct_offline("x", layout="dvorak")
    with pytest.raises(errors.ParseError):
        storykit.correct_offline(b"caf\xc3")
    with pytest.raises(errors.LimitError):
        storykit.correct_offline("a" * 10001)
    assert storykit.correct_offline("a" * 10000)["variations"]


def test_null_arguments(lib):
    out = ctypes.c_void_p()
    assert lib.storykit_correct_offline(None, b"x", 1, None) == -1
    assert lib.storykit_correct_offline(ctypes.byref(out), None, 3, None) == -1
    assert out.value is None

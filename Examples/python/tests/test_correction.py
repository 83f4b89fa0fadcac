"""storykit_correct_offline through the C ABI."""

import ctypes
import re

import pytest

import storykit
from storykit import errors


def test_versions_in_the_parse_variations_shape():
    result = storykit.correct_offline("i wnat to go hmoe")
    assert result["source"] == "offline"
    # No third reading is likely enough to offer: two versions, and the set says so.
    assert [v["kind"] for v in result["variations"]] == ["direct", "refined"]
    assert result["issues"] == [{"code": "count", "expected": 3, "found": 2}]
    assert result["variations"][0]["text"] == "i want to go home"
    assert result["variations"][1]["text"] == "I want to go home."
    assert "words" not in result


def test_an_alternative_where_the_input_is_ambiguous():
    result = storykit.correct_offline("i went to the stor")
    assert [v["kind"] for v in result["variations"]] == ["direct", "refined", "alternative"]
    assert result["issues"] == []
    # After "went to the", English's triples make "store" the likelier reading.
    assert [v["text"] for v in result["variations"][1:]] == ["I went to the store.", "I went to the story."]


def test_spelling_option_rewrites_refined_only():
    typed = "my favourite colour is grey"
    american = storykit.correct_offline(typed, spelling="us")["variations"]
    assert [v["text"] for v in american] == [typed, "My favorite color is gray."]
    british = storykit.correct_offline("My favorite color is gray", spelling="uk")["variations"]
    assert [v["text"] for v in british] == ["My favorite color is gray", "My favourite colour is grey."]
    assert [v["text"] for v in storykit.correct_offline(typed)["variations"]] == [typed, "My favourite colour is grey."]
    with pytest.raises(errors.InvalidArgumentError, match="spelling"):
        storykit.correct_offline(typed, spelling="au")


def test_text_in_another_language_comes_back_as_typed():
    typed = "Chciałbym pójść do domu, bo jest zimno"
    result = storykit.correct_offline(typed, words=True)
    assert [v["text"] for v in result["variations"]] == [typed]
    assert {"code": "language", "detected": "pl"} in result["issues"]
    assert [w["corrected"] for w in result["words"]] == [w["original"] for w in result["words"]]
    cyrillic = storykit.correct_offline("Я хочу пойти домой")
    assert [v["text"] for v in cyrillic["variations"]] == ["Я хочу пойти домой"]
    assert {"code": "language", "detected": "ru"} in cyrillic["issues"]
    # The caller may say which language the text is in: one no pack reads is an error saying
    # so, not the text back as typed (which would read as "nothing to correct").
    with pytest.raises(errors.InvalidArgumentError, match="'pl': no loaded language pack reads it"):
        storykit.correct_offline("i wnat to go hmoe", language="pl")
    with pytest.raises(errors.InvalidArgumentError, match="language"):
        storykit.correct_offline("i wnat", language="english")


@pytest.mark.parametrize("language, typed, expected", [
    (None, "Ich mochte nach hasue gehen, weil es kalt ist", "Ich möchte nach Hause gehen, weil es kalt ist"),
    ("es", "manana vamos a la plaza", "mañana vamos a la plaza"),
    ("es-MX", "manana vamos a la plaza", "mañana vamos a la plaza"),
    ("fr", "je veux aller a la masion", "je veux aller a la maison"),
])
def test_languages_with_a_pack_are_corrected(language, typed, expected):
    result = storykit.correct_offline(typed, language=language)
    assert result["variations"][0]["text"] == expected
    assert not any(issue["code"] == "language" for issue in result["issues"])


def test_the_layout_defaults_to_the_languages_keyboard():
    # On QWERTZ, German's keyboard, "z" sits beside "u" and "t"; on QWERTY it does not.
    assert storykit.correct_offline("das ist uu viel", language="de")["variations"][0]["text"] == "das ist zu viel"
    assert storykit.correct_offline("das ist uu viel", language="de", layout="qwerty")["variations"][0]["text"] == "das ist uu viel"
    with pytest.raises(TypeError, match="layout"):
        storykit.correct_offline("manana", language="es", layout=7)


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
        storykit.correct_offline("a" * (64 * 1024 * 1024 + 1))
    assert storykit.correct_offline("a" * 10000)["variations"]


def test_a_long_text_is_corrected_in_one_call():
    # Over 10,000 bytes the corrector reads piece by piece: a 50 KB letter in one call.
    paragraph = "I wnat to go hmoe now. The cat sat on teh mat.\n\n"
    text = paragraph * 1100
    corrected = storykit.correct_offline(text)["variations"][0]["text"]
    assert corrected == "I want to go home now. The cat sat on the mat.\n\n" * 1100


def test_null_arguments(lib):
    out = ctypes.c_void_p()
    assert lib.storykit_correct_offline(None, b"x", 1, None) == -1
    assert lib.storykit_correct_offline(ctypes.byref(out), None, 3, None) == -1
    assert out.value is None


def test_a_vocabulary_keeps_the_writers_words_and_reads_their_slips():
    vocabulary = {"known": ["Zorbax", "Oisín", "Sir Pounce"], "ignored": ["glimmerfrost"]}
    typed = "Zorbxa and sir pounce met Oisin by the glimmerfrost"
    result = storykit.correct_offline(typed, vocabulary=vocabulary, words=True)
    assert result["variations"][0]["text"] == "Zorbax and Sir Pounce met Oisín by the glimmerfrost"
    # What was typed stays in each word's record.
    assert {"original": "Zorbxa", "corrected": "Zorbax"}.items() <= next(
        word for word in result["words"] if word["corrected"] == "Zorbax").items()
    # Without it, the slip is left as a name and the phrase as typed.
    plain = storykit.correct_offline(typed)["variations"][0]["text"]
    assert "Zorbxa" in plain and "sir pounce" in plain


@pytest.mark.parametrize("vocabulary, kind, message", [
    ("Zorbax", TypeError, "vocabulary must be a dict"),
    ({"known": "Zorbax"}, TypeError, "must be a list of str"),
    ({"known": [b"Zorbax"]}, TypeError, "must hold only str"),
    ({"words": ["Zorbax"]}, ValueError, "unknown keys ['words']"),
])
def test_a_vocabulary_of_the_wrong_shape_is_refused_before_the_call(vocabulary, kind, message):
    with pytest.raises(kind, match=re.escape(message)):
        storykit.correct_offline("hello there", vocabulary=vocabulary)


@pytest.mark.parametrize("word, message", [
    ("", "must not be empty"),
    ("a" * 65, "65 bytes, over the limit of 64"),
    ("one two three four", "4 words, over the limit of 3"),
    ("tab\there", "control character"),
])
def test_a_bad_vocabulary_word_is_named_by_the_library(word, message):
    with pytest.raises(errors.InvalidArgumentError, match=re.escape(message)):
        storykit.correct_offline("hello there", vocabulary={"known": ["fine", word]})


def test_more_than_ten_thousand_vocabulary_words_is_a_limit():
    words = ["zq" + "".join(chr(ord("a") + int(digit)) for digit in str(number)) for number in range(10_001)]
    with pytest.raises(errors.LimitError, match="at most 10000"):
        storykit.correct_offline("hello there", vocabulary={"known": words})
    # Ten thousand are accepted and change nothing else.
    result = storykit.correct_offline("i wnat to go hmoe", vocabulary={"known": words[:10_000]})
    assert result["variations"][0]["text"] == "i want to go home"


def test_the_correction_service_reads_a_vocabulary_too():
    request = {"text": "Zorbxa flew hmoe", "vocabulary": {"known": ["Zorbax"]}}
    outcome = storykit.correct(request)
    assert outcome["backend"] == "offline"
    assert outcome["variations"][0]["text"] == "Zorbax flew home"
    with pytest.raises(errors.InvalidArgumentError, match=re.escape('field "vocabulary": vocabulary word "one two three four"')):
        storykit.correct({"text": "hi there", "vocabulary": {"known": ["one two three four"]}})
    with pytest.raises(errors.InvalidArgumentError, match=re.escape('unknown field "vocabulary.words"')):
        storykit.correct({"text": "hi there", "vocabulary": {"words": ["Zorbax"]}})


def test_a_correction_with_its_words_is_refused_past_its_own_limit():
    text = "I wnat to go hmoe. " * (1_048_576 // 19 + 1)
    with pytest.raises(errors.LimitError, match="words: a correction that lists its words takes at most 1048576"):
        storykit.correct_offline(text, words=True)


def test_progress_reports_each_piece_and_can_stop_a_long_correction():
    text = "The dgo ran to the prak and back. " * 740  # about 25 KB: three pieces
    seen = []
    result = storykit.correct_offline(text, progress=lambda done, total: seen.append((done, total)))
    assert len(seen) == 3
    assert all(total == len(text.encode()) for _, total in seen)
    assert seen[-1][0] == len(text.encode())
    assert result == storykit.correct_offline(text)

    calls = []
    with pytest.raises(storykit.CancelledError, match="stopped after"):
        storykit.correct_offline(text, progress=lambda done, total: calls.append(done) or False)
    assert len(calls) == 1

    class Stop(Exception):
        pass

    def raising(done, total):
        raise Stop(f"at {done}")

    with pytest.raises(Stop, match="at "):
        storykit.correct_offline(text, progress=raising)
    with pytest.raises(TypeError, match="progress must be a function"):
        storykit.correct_offline(text, progress=5)
    # A text of one piece makes no call.
    storykit.correct_offline("teh dgo", progress=lambda done, total: pytest.fail("called"))

"""Wrong arguments from Python are refused at the boundary with an error that names them,
never turned into something else (an int into that many zero bytes)."""
import pytest

import storykit


@pytest.mark.parametrize("call, name", [
    (lambda bad: storykit.parse_list(bad), "text"),
    (lambda bad: storykit.parse_variations(bad), "text"),
    (lambda bad: storykit.repair_json(bad), "text"),
    (lambda bad: storykit.format_json(bad), "text"),
    (lambda bad: storykit.validate_json(bad), "text"),
    (lambda bad: storykit.correct_offline(bad), "text"),
    (lambda bad: storykit.decode_response("gemini", 200, bad), "body"),
    (lambda bad: storykit.Stream("list").feed(bad), "chunk"),
])
@pytest.mark.parametrize("bad", [123, 10**9, None, 1.5, ["a"]])
def test_text_arguments_take_str_or_bytes_only(call, name, bad):
    with pytest.raises(TypeError, match=f"^{name} must be str or bytes, not {type(bad).__name__}$"):
        call(bad)


@pytest.mark.parametrize("call", [storykit.build_prompt, storykit.evaluate_policy, storykit.build_request])
def test_requests_are_dicts_or_json_text(call):
    with pytest.raises(TypeError, match="^request must be a dict"):
        call(42)


def test_correct_says_what_to_pass():
    with pytest.raises(TypeError, match=r"pass \{'text': \.\.\.\}"):
        storykit.correct("teh cat")
    with pytest.raises(TypeError, match=r"request\['text'\] must be a str, not NoneType"):
        storykit.correct({"text": None})


def test_names_and_ids_are_str(tmp_path):
    with pytest.raises(TypeError, match="kind must be a str"):
        storykit.Stream(3)
    with storykit.Store(tmp_path / "store") as store:
        with pytest.raises(TypeError, match="collection must be a str"):
            store.get(1, "h1")
        with pytest.raises(TypeError, match="id must be a str"):
            store.get("heroes", 1)
        with pytest.raises(TypeError, match="data must be bytes"):
            store.put_image("i", "image/png", "not bytes")


@pytest.mark.parametrize("text", ["", "   ", "\n\t"])
def test_empty_text_is_refused_as_in_c_and_the_cli(text):
    with pytest.raises(storykit.InvalidArgumentError, match="text must not be empty"):
        storykit.correct_offline(text)
    with pytest.raises(storykit.InvalidArgumentError, match="text must not be empty"):
        storykit.correct({"text": text})


def test_correct_offline_names_a_wrong_type_and_a_language_it_cannot_read():
    with pytest.raises(TypeError, match="language must be a str"):
        storykit.correct_offline("I wnat to go", language=5)
    with pytest.raises(TypeError, match="layout must be a str"):
        storykit.correct_offline("I wnat to go", layout=["qwerty"])
    # A language the caller names and no pack reads is an error, not the text back as typed.
    with pytest.raises(storykit.InvalidArgumentError, match="language 'xx': no loaded language pack"):
        storykit.correct_offline("hola amigo", language="xx")
    assert storykit.correct_offline("I wnat to go", language="en")["variations"][0]["text"] == "I want to go"

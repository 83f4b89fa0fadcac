import ctypes
import json
import re
import threading

import pytest

import storykit
from storykit import errors

from conftest import REPOSITORY_ROOT


def test_versions_agree_with_the_header_and_the_package():
    """The header is the version's source for C; the library and this package must match it."""
    header = (REPOSITORY_ROOT / "include" / "storykit.h").read_text()
    macro = dict(re.findall(r"#define STORYKIT_(VERSION_MAJOR|VERSION_MINOR|VERSION_PATCH|ABI_VERSION) (\d+)", header))
    string = re.search(r'#define STORYKIT_VERSION_STRING "([^"]+)"', header).group(1)
    major, minor, patch = (int(macro[name]) for name in ("VERSION_MAJOR", "VERSION_MINOR", "VERSION_PATCH"))
    assert string == f"{major}.{minor}.{patch}"
    assert storykit.version() == string
    assert storykit.version_number() == major * 10000 + minor * 100 + patch
    assert storykit.abi_version() == int(macro["ABI_VERSION"])
    package = re.search(r'^version = "([^"]+)"', (REPOSITORY_ROOT / "Examples" / "python" / "pyproject.toml").read_text(), re.M)
    assert package.group(1) == string


def test_status_strings():
    assert storykit.status_string(0) == "ok"
    assert storykit.status_string(errors.E_PARSE) == "parse error"
    assert storykit.status_string(errors.E_LIMIT) == "limit exceeded"
    assert storykit.status_string(12345) == "unknown status"


def test_format_keeps_numbers_and_order():
    text = '{"z": 12345678901234567890, "a": [1.0e5, -0, 0.10]}'
    assert storykit.format_json(text, indent=0) == '{"z":12345678901234567890,"a":[1.0e5,-0,0.10]}'
    assert storykit.format_json(text, indent=0, sort_keys=True) == '{"a":[1.0e5,-0,0.10],"z":12345678901234567890}'


def test_format_default_indent_is_two():
    assert storykit.format_json('{"a":[1]}') == '{\n  "a": [\n    1\n  ]\n}'


def test_format_output_is_equal_json_for_python():
    text = '{"title": "Mia \\u00e9 \\ud83d\\ude00", "pages": ["a\\nb", "\\"q\\""], "n": null, "t": true}'
    assert json.loads(storykit.format_json(text)) == json.loads(text)


def test_unicode_round_trips():
    text = '["é 中 🙂 قمر", "\\u0001"]'
    assert storykit.format_json(text, indent=0) == '["é 中 🙂 قمر","\\u0001"]'


def test_lone_surrogate_escape_becomes_replacement_character():
    assert storykit.format_json('["\\ud800"]', indent=0) == '["\ufffd"]'


def test_parse_error_carries_code_and_position():
    with pytest.raises(storykit.ParseError) as raised:
        storykit.validate_json('{\n  "a": [1 2]\n}')
    assert raised.value.code == errors.E_PARSE
    assert raised.value.message == "line 2, column 11 (byte 12): expected ',' or ']' after an array element, found '2'"
    assert isinstance(raised.value, ValueError)


def test_invalid_utf8_is_a_parse_error_with_the_byte_offset():
    with pytest.raises(storykit.ParseError, match=r"\(byte 2\)"):
        storykit.validate_json(b'["\xff"]')


def test_python_lone_surrogate_is_reported_as_invalid_utf8():
    with pytest.raises(storykit.ParseError, match="invalid UTF-8"):
        storykit.validate_json('["\ud800"]')


def test_depth_limit_is_exact_at_its_edge():
    assert storykit.is_valid_json("[" * 512 + "]" * 512)
    with pytest.raises(storykit.LimitError, match="deeper than the limit of 512"):
        storykit.validate_json("[" * 513 + "]" * 513)


def test_hostile_nesting_is_a_limit_error():
    with pytest.raises(storykit.LimitError):
        storykit.validate_json("[" * 10_000_000)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"indent": 17}, 'option "indent" must be an integer from 0 to 16'),
        ({"indent": True}, 'option "indent"'),
        ({"indent": 2.5}, 'option "indent"'),
        ({"sortKeys": "yes"}, 'option "sortKeys" must be true or false'),
        ({"sortkeys": True}, 'unknown option "sortkeys"'),
    ],
)
def test_bad_options_are_invalid_arguments(lib, options, message):
    out = ctypes.c_void_p(1234)
    status = lib.storykit_json_format(ctypes.byref(out), b"[1]", 3, json.dumps(options).encode())
    assert status == errors.E_INVALID_ARGUMENT
    assert out.value is None
    assert message in lib.storykit_last_error().decode()


def test_binding_rejects_bad_indent():
    with pytest.raises(storykit.InvalidArgumentError):
        storykit.format_json("[1]", indent=99)


def test_null_pointers_are_errors(lib):
    assert lib.storykit_json_validate(None, 5) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_last_error() == b"text is NULL but its length is 5"
    assert lib.storykit_json_validate(None, 0) == errors.E_PARSE
    assert lib.storykit_json_format(None, b"1", 1, None) == errors.E_INVALID_ARGUMENT
    assert lib.storykit_last_error() == b"out_json is NULL"
    lib.storykit_string_free(None)


def test_huge_lengths_are_limit_errors_before_any_read(lib):
    # The buffer is 3 bytes; the library must refuse the length before touching memory.
    assert lib.storykit_json_validate(b"[1]", 2**64 - 1) == errors.E_LIMIT
    assert lib.storykit_json_validate(b"[1]", 2**26 + 1) == errors.E_LIMIT
    assert b"STORYKIT_MAX_INPUT_BYTES" in lib.storykit_last_error()


def test_options_size_limit(lib):
    out = ctypes.c_void_p()
    # STORYKIT_MAX_OPTIONS_BYTES: 1 MiB, room for a vocabulary of 10000 words.
    limit = 1_048_576
    assert lib.storykit_json_format(ctypes.byref(out), b"[1]", 3, b"{" + b" " * (limit - 2) + b"}") == 0
    lib.storykit_string_free(out)
    assert lib.storykit_json_format(ctypes.byref(out), b"[1]", 3, b"{" + b" " * (limit - 1) + b"}") == errors.E_LIMIT


def test_last_error_is_per_thread(lib):
    failures = []
    barrier = threading.Barrier(8)

    def worker(n):
        barrier.wait()
        for round_ in range(200):
            bad = f"[{n}, {round_},]".encode()
            if lib.storykit_json_validate(bad, len(bad)) != errors.E_PARSE:
                failures.append((n, "status"))
            expected = f"line 1, column {len(bad)} (byte {len(bad) - 1}): expected a value, found ']'"
            good = storykit.format_json(f'{{"n":{n}}}', indent=0)
            if good != f'{{"n":{n}}}':
                failures.append((n, good))
            if lib.storykit_last_error().decode() != expected:
                failures.append((n, lib.storykit_last_error()))

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


def test_random_bytes_never_crash():
    import random

    generator = random.Random(7)
    alphabet = b'{}[]",:0123456789-+.eEtrufalsn \t\n\\u\xc3\xa9\xff\x00'
    for _ in range(3000):
        data = bytes(generator.choice(alphabet) for _ in range(generator.randrange(0, 40)))
        try:
            storykit.format_json(data, indent=0)
        except (storykit.ParseError, storykit.LimitError):
            pass

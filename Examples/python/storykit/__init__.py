"""Python binding of StoryKit through its C ABI (libstorykit.so), with no third-party dependency.

    >>> import storykit
    >>> storykit.format_json('{"b": 1, "a": [1.0e5]}', indent=0, sort_keys=True)
    '{"a":[1.0e5],"b":1}'

Failures raise a ``StoryKitError`` subclass carrying the C status ``code`` and the library's
``message``. The library is found through ``$STORYKIT_LIB`` or, by default, in the repository's
``.build/release`` folder (build it with ``scripts/build-library.sh``).
"""

from __future__ import annotations

import ctypes
import json
import threading
from typing import Union

from . import _library
from .errors import (
    APIError, CallbackError, InternalError, InvalidArgumentError, LimitError, NotFoundError,
    ParseError, StateError, StorageError, StoryKitError, TransportError, UnavailableError,
    error_for,
)

__all__ = [
    "StoryKitError", "InvalidArgumentError", "ParseError", "NotFoundError", "StorageError",
    "TransportError", "APIError", "UnavailableError", "LimitError", "CallbackError",
    "StateError", "InternalError", "version", "version_number", "abi_version",
    "status_string", "validate_json", "is_valid_json", "format_json", "library",
    "repair_json", "parse_list", "parse_variations", "Stream",
]

Text = Union[str, bytes, bytearray, memoryview]

_lock = threading.Lock()
_lib: ctypes.CDLL | None = None


def library() -> ctypes.CDLL:
    """The loaded C library (loaded on first use, once per process)."""
    global _lib
    if _lib is None:
        with _lock:
            if _lib is None:
                _lib = _library.load()
    return _lib


def _utf8(text: Text) -> bytes:
    if isinstance(text, str):
        # Lone surrogates pass through as the invalid UTF-8 they are, so the library
        # reports them as a parse error rather than Python raising an unrelated error.
        return text.encode("utf-8", "surrogatepass")
    return bytes(text)


def _check(status: int) -> None:
    if status != 0:
        message = library().storykit_last_error().decode("utf-8", "replace")
        raise error_for(status, message)


def _options(options: dict) -> bytes:
    return json.dumps(options, ensure_ascii=False).encode("utf-8")


def _take_string(pointer: ctypes.c_void_p) -> str:
    """Copies a library-owned string into Python and frees it."""
    try:
        return ctypes.string_at(pointer.value).decode("utf-8")
    finally:
        library().storykit_string_free(pointer)


def version() -> str:
    """The library's version, such as "0.1.0"."""
    return library().storykit_version_string().decode("ascii")


def version_number() -> int:
    """The library's version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    return library().storykit_version_number()


def abi_version() -> int:
    """The C ABI version the library implements."""
    return library().storykit_abi_version()


def status_string(code: int) -> str:
    """The library's short description of a status code."""
    return library().storykit_status_string(code).decode("utf-8")


def validate_json(text: Text) -> None:
    """Checks that ``text`` is one strict RFC 8259 JSON value.

    Raises ParseError (with line, column and byte offset) or LimitError.
    """
    data = _utf8(text)
    _check(library().storykit_json_validate(data, len(data)))


def is_valid_json(text: Text) -> bool:
    """Whether ``text`` is one strict RFC 8259 JSON value within the library's limits."""
    try:
        validate_json(text)
    except (ParseError, LimitError):
        return False
    return True


def format_json(text: Text, *, indent: int = 2, sort_keys: bool = False) -> str:
    """Parses strict JSON and writes it back in canonical form.

    Numbers keep their exact text, members their order (unless ``sort_keys``); ``indent`` is
    0 (one line) to 16 spaces.
    """
    data = _utf8(text)
    out = ctypes.c_void_p()
    options = _options({"indent": indent, "sortKeys": sort_keys})
    _check(library().storykit_json_format(ctypes.byref(out), data, len(data), options))
    return _take_string(out)


def _call_json(function, text: Text, *options) -> dict:
    data = _utf8(text)
    out = ctypes.c_void_p()
    _check(function(ctypes.byref(out), data, len(data), *options))
    return json.loads(_take_string(out))


def repair_json(text: Text) -> dict:
    """Reads JSON as language models write it: ``{"value": ..., "repairs": [...]}``.

    Repairs fences and prose around the value, trailing commas, single and curly quotes,
    unquoted keys, comments, True/False/None, raw newlines in strings, and truncation. Raises
    ParseError (with line and column) for anything else.
    """
    return _call_json(library().storykit_json_repair, text)


def parse_list(text: Text) -> dict:
    """Parses a reply as a list: ``{"items": [...], "style": ..., "preamble": ..., "postamble": ...}``."""
    return _call_json(library().storykit_parse_list, text, None)


def parse_variations(text: Text, *, expected: int = 3, distinct: bool = True) -> dict:
    """Reads the variations of a correction reply (JSON or list), with count and duplicate issues."""
    return _call_json(library().storykit_parse_variations, text, _options({"expected": expected, "distinct": distinct}))


class Stream:
    """An incremental parser: ``feed()`` returns the events a chunk completed, ``finish()`` the
    result the batch function gives for the whole input.

        with storykit.Stream("variations") as stream:
            for chunk in chunks:
                for event in stream.feed(chunk):
                    ...
            result = stream.finish()

    ``kind`` is "list", "variations" or "json"; options are those of the batch function.
    """

    def __init__(self, kind: str, **options) -> None:
        self._handle = ctypes.c_void_p()
        options_json = _options({_camel(k): v for k, v in options.items()}) if options else None
        _check(library().storykit_stream_create(ctypes.byref(self._handle), kind.encode("utf-8"), options_json))
        self.kind = kind

    def feed(self, chunk: Text) -> list:
        """Feeds the next chunk; returns its events (start, delta, done; or value, partial)."""
        data = _utf8(chunk)
        out = ctypes.c_void_p()
        _check(library().storykit_stream_feed(self._require_open(), ctypes.byref(out), data, len(data)))
        return json.loads(_take_string(out))["events"]

    def finish(self) -> dict:
        """Ends the input and returns the result."""
        out = ctypes.c_void_p()
        _check(library().storykit_stream_finish(self._require_open(), ctypes.byref(out)))
        return json.loads(_take_string(out))

    def close(self) -> None:
        """Releases the stream; later calls raise StateError."""
        if self._handle.value:
            library().storykit_stream_free(self._handle)
            self._handle = ctypes.c_void_p()

    def _require_open(self) -> ctypes.c_void_p:
        if not self._handle.value:
            raise StateError("the stream is closed")
        return self._handle

    def __enter__(self) -> "Stream":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)

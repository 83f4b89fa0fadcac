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

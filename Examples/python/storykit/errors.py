"""StoryKit's status codes as a Python exception hierarchy."""

from __future__ import annotations

OK = 0
E_INVALID_ARGUMENT = -1
E_PARSE = -2
E_NOT_FOUND = -3
E_IO = -4
E_TRANSPORT = -5
E_API = -6
E_UNAVAILABLE = -7
E_LIMIT = -8
E_CALLBACK = -9
E_STATE = -10
E_CANCELLED = -11
E_INTERNAL = -99


class StoryKitError(Exception):
    """A failed StoryKit call: ``code`` is the C status, ``message`` the library's explanation."""

    code: int = E_INTERNAL

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __str__(self) -> str:
        return self.message


class InvalidArgumentError(StoryKitError, ValueError):
    """A missing or malformed argument, an unknown option, a malformed request."""

    code = E_INVALID_ARGUMENT


class ParseError(StoryKitError, ValueError):
    """The input text could not be parsed; the message gives line, column and byte offset."""

    code = E_PARSE


class NotFoundError(StoryKitError, LookupError):
    """No such record, field or profile."""

    code = E_NOT_FOUND


class StorageError(StoryKitError, OSError):
    """A file system failure."""

    code = E_IO


class TransportError(StoryKitError):
    """The transport failed (connection, timeout)."""

    code = E_TRANSPORT


class APIError(StoryKitError):
    """The remote service answered with an error."""

    code = E_API


class UnavailableError(StoryKitError):
    """The capability is unavailable on this platform."""

    code = E_UNAVAILABLE


class LimitError(StoryKitError, ValueError):
    """An input exceeded a documented limit (size, depth)."""

    code = E_LIMIT


class CallbackError(StoryKitError):
    """A user callback asked to stop or failed."""

    code = E_CALLBACK


class StateError(StoryKitError):
    """A call was made in the wrong state."""

    code = E_STATE


class CancelledError(StoryKitError):
    """The operation was cancelled or timed out; the exchange takes nothing more."""

    code = E_CANCELLED


class InternalError(StoryKitError):
    """A defect in StoryKit; the message says where."""

    code = E_INTERNAL


_BY_CODE = {
    cls.code: cls
    for cls in (
        InvalidArgumentError, ParseError, NotFoundError, StorageError, TransportError, APIError,
        UnavailableError, LimitError, CallbackError, StateError, CancelledError, InternalError,
    )
}


def error_for(code: int, message: str) -> StoryKitError:
    """The exception for a status code; unknown codes become a plain StoryKitError."""
    cls = _BY_CODE.get(code)
    if cls is None:
        return StoryKitError(f"status {code}: {message}", code)
    return cls(message)

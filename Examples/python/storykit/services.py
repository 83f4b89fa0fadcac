"""StoryKit's services over a Python transport: generate, correct, illustrate, write stories."""

from __future__ import annotations

import ctypes
import json
import threading
from typing import Callable, Optional, Union

from . import errors
from ._library import EVENT_FUNCTION, TRANSPORT_FUNCTION
from .transport import Exchange, Transport, UrllibTransport

__all__ = ["generate", "correct", "illustrate", "illustrate_story", "draw_avatar", "write_story", "enhance_event"]


# The calls whose callbacks the current thread is running, innermost last: the library runs
# callbacks on its own threads, so a handle's close() asks here whether it is called from one.
_serving = threading.local()


def serving() -> list:
    """The owners of the calls whose callbacks run on this thread (``None`` for a call on no
    handle); empty outside every callback."""
    return getattr(_serving, "owners", [])


class _Callbacks:
    """The C callbacks of one call. A Python exception inside a callback stops the operation
    and is raised again by the call, instead of a bare CallbackError. ``owner`` is the handle
    the call is on, if any."""

    def __init__(self, lib: ctypes.CDLL, transport: Optional[Transport], on_event: Optional[Callable[[dict], object]],
                 owner: object = None) -> None:
        self.lib = lib
        self._owner = owner
        self.failure: Optional[BaseException] = None
        self._transport = transport
        self._on_event = on_event
        # Kept as attributes so the C function pointers live as long as the call.
        self.transport_pointer = TRANSPORT_FUNCTION(self._call_transport) if transport else TRANSPORT_FUNCTION()
        self.event_pointer = EVENT_FUNCTION(self._call_event) if on_event else EVENT_FUNCTION()

    def _enter_callback(self) -> None:
        if not hasattr(_serving, "owners"):
            _serving.owners = []
        _serving.owners.append(self._owner)

    @staticmethod
    def _leave_callback() -> None:
        _serving.owners.pop()

    def _call_transport(self, exchange: int, request: bytes, _user_data: int) -> int:
        handle = Exchange(self.lib, exchange)
        self._enter_callback()
        try:
            self._transport(json.loads(request.decode("utf-8")), handle)
            return errors.OK
        except errors.CancelledError:
            # The operation timed out or stopped and says so itself: this is no failure.
            return errors.OK
        except BaseException as error:  # noqa: BLE001 - handed back to the caller below
            self.failure = self.failure or error
            return errors.E_CALLBACK
        finally:
            self._leave_callback()
            # The library releases the exchange when this returns.
            handle._end()

    def _call_event(self, event: bytes, _user_data: int) -> int:
        self._enter_callback()
        try:
            keep_going = self._on_event(json.loads(event.decode("utf-8")))
            return errors.E_CALLBACK if keep_going is False else errors.OK
        except BaseException as error:  # noqa: BLE001
            self.failure = self.failure or error
            return errors.E_CALLBACK
        finally:
            self._leave_callback()

    def finish(self, status: int, output: ctypes.c_void_p) -> dict:
        if status != errors.OK:
            message = self.lib.storykit_last_error().decode("utf-8", "replace")
            if status == errors.E_CALLBACK and self.failure is not None:
                raise self.failure
            error = errors.error_for(status, message)
            # "rateLimited, HTTP 429, ...: ..." -> error.kind == "rateLimited"
            error.kind = message.split(":", 1)[0].split(",", 1)[0] if status in (errors.E_API, errors.E_TRANSPORT) else None
            raise error
        try:
            return json.loads(ctypes.string_at(output.value).decode("utf-8"))
        finally:
            self.lib.storykit_string_free(output)


def _request(request: Union[dict, str, bytes], text_field: Optional[str] = None) -> bytes:
    """A service request: a dict, or its JSON text. A str that is not JSON is a TypeError that
    says what to pass (``correct("teh cat")`` means ``correct({"text": "teh cat"})``)."""
    if isinstance(request, dict):
        if text_field and text_field in request and not isinstance(request[text_field], str):
            raise TypeError(f"request[{text_field!r}] must be a str, not {type(request[text_field]).__name__}")
        try:
            text = json.dumps(request, ensure_ascii=False, allow_nan=False)
        except ValueError:
            raise errors.InvalidArgumentError(
                f"request{_non_finite_path(request)} is not a finite number: JSON has no NaN or infinity") from None
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise errors.InvalidArgumentError(
                f"request holds a lone surrogate (U+{ord(text[error.start]):04X}), which is not valid UTF-8") from None
    if isinstance(request, (str, bytes, bytearray, memoryview)):
        data = request.encode("utf-8", "surrogatepass") if isinstance(request, str) else bytes(request)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise errors.InvalidArgumentError(f"request is not valid UTF-8 (byte {error.start})") from None
        try:
            json.loads(data)
        except ValueError:
            hint = f"; to correct text, pass {{{text_field!r}: ...}}" if text_field else ""
            raise TypeError(f"request must be a dict (or its JSON text), and this str is not JSON{hint}") from None
        return data
    raise TypeError(f"request must be a dict (or its JSON text), not {type(request).__name__}")


def _non_finite_path(value, path: str = "") -> Optional[str]:
    """The path (``["remote"]["temperature"]``) of the first NaN or infinity in ``value``."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, (list, tuple)) else ()
    for key, item in items:
        found = _non_finite_path(item, f"{path}[{key!r}]")
        if found is not None:
            return found
    return None


def generate(lib: ctypes.CDLL, request, transport: Optional[Transport] = None,
             on_event: Optional[Callable[[dict], object]] = None) -> dict:
    callbacks = _Callbacks(lib, transport or UrllibTransport(), on_event)
    output = ctypes.c_void_p()
    status = lib.storykit_generate(ctypes.byref(output), _request(request), callbacks.transport_pointer,
                                   callbacks.event_pointer, None)
    return callbacks.finish(status, output)


def correct(lib: ctypes.CDLL, request, transport: Optional[Transport] = None,
            on_event: Optional[Callable[[dict], object]] = None) -> dict:
    needs_transport = isinstance(request, dict) and "remote" in request
    callbacks = _Callbacks(lib, transport or (UrllibTransport() if needs_transport else None), on_event)
    output = ctypes.c_void_p()
    status = lib.storykit_correct(ctypes.byref(output), _request(request, "text"), callbacks.transport_pointer,
                                  callbacks.event_pointer, None)
    return callbacks.finish(status, output)


def illustrate(lib: ctypes.CDLL, store_handle: ctypes.c_void_p, request, transport: Optional[Transport] = None,
               owner: object = None) -> dict:
    callbacks = _Callbacks(lib, transport or UrllibTransport(), None, owner)
    output = ctypes.c_void_p()
    status = lib.storykit_illustrate(ctypes.byref(output), store_handle, _request(request),
                                     callbacks.transport_pointer, None)
    return callbacks.finish(status, output)


def illustrate_story(lib: ctypes.CDLL, store_handle: ctypes.c_void_p, request, transport: Optional[Transport] = None,
                     on_event: Optional[Callable[[dict], object]] = None, owner: object = None) -> dict:
    if isinstance(request, dict) and "redraw" in request and not isinstance(request["redraw"], (list, tuple)):
        raise TypeError(f"request['redraw'] must be a list of page indexes, not {type(request['redraw']).__name__}")
    callbacks = _Callbacks(lib, transport or UrllibTransport(), on_event, owner)
    output = ctypes.c_void_p()
    status = lib.storykit_story_illustrate(ctypes.byref(output), store_handle, _request(request, "storyID"),
                                           callbacks.transport_pointer, callbacks.event_pointer, None)
    return callbacks.finish(status, output)


def draw_avatar(lib: ctypes.CDLL, store_handle: ctypes.c_void_p, request, transport: Optional[Transport] = None,
                owner: object = None) -> dict:
    callbacks = _Callbacks(lib, transport or UrllibTransport(), None, owner)
    output = ctypes.c_void_p()
    status = lib.storykit_hero_avatar(ctypes.byref(output), store_handle, _request(request, "heroID"),
                                      callbacks.transport_pointer, None)
    return callbacks.finish(status, output)


def write_story(lib: ctypes.CDLL, store_handle: Optional[ctypes.c_void_p], request, transport: Optional[Transport] = None,
                on_event: Optional[Callable[[dict], object]] = None, owner: object = None) -> dict:
    if isinstance(request, dict) and "hero" in request and not isinstance(request["hero"], dict):
        raise TypeError(f"request['hero'] must be a dict, not {type(request['hero']).__name__}")
    callbacks = _Callbacks(lib, transport or UrllibTransport(), on_event, owner)
    output = ctypes.c_void_p()
    status = lib.storykit_story_write(ctypes.byref(output), store_handle, _request(request, "theme"),
                                      callbacks.transport_pointer, callbacks.event_pointer, None)
    return callbacks.finish(status, output)


def enhance_event(lib: ctypes.CDLL, request, transport: Optional[Transport] = None) -> dict:
    callbacks = _Callbacks(lib, transport or UrllibTransport(), None)
    output = ctypes.c_void_p()
    status = lib.storykit_event_enhance(ctypes.byref(output), _request(request), callbacks.transport_pointer, None)
    return callbacks.finish(status, output)

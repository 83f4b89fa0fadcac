"""Python binding of StoryKit through its C ABI (libstorykit.so), with no third-party dependency.

    >>> import storykit
    >>> storykit.format_json('{"b": 1, "a": [1.0e5]}', indent=0, sort_keys=True)
    '{"a":[1.0e5],"b":1}'

Failures raise a ``StoryKitError`` subclass carrying the C status ``code`` and the library's
``message``. Arguments of the wrong type raise ``TypeError`` naming the argument.

The library is, in this order: ``$STORYKIT_LIB`` when set; the ``libstorykit.so`` inside this
package, which ``pip install ./Examples/python`` builds and bundles (so an installed package
needs nothing more); or, when the package is used from a StoryKit checkout without installing
it, the checkout's ``.build/release/libstorykit.so`` (``scripts/build-library.sh``).
"""

from __future__ import annotations

import ctypes
import json
import os
import threading
from typing import Callable, Optional, Union

from . import _library, errors as _errors, services as _services
from .results import CorrectionOutcome, ParsedList, RecordPage, RepairedJSON, VariationSet
from .transport import Exchange, UrllibTransport
from .errors import (
    APIError, CallbackError, InternalError, InvalidArgumentError, LimitError, NotFoundError,
    CancelledError, ParseError, StateError, StorageError, StoryKitError, TransportError, UnavailableError,
    E_LIMIT, error_for,
)

__all__ = [
    "StoryKitError", "InvalidArgumentError", "ParseError", "NotFoundError", "StorageError",
    "TransportError", "APIError", "UnavailableError", "LimitError", "CallbackError",
    "StateError", "CancelledError", "InternalError", "version", "version_number", "abi_version",
    "status_string", "validate_json", "is_valid_json", "format_json", "library",
    "repair_json", "parse_list", "parse_variations", "Stream", "Store", "build_prompt",
    "evaluate_policy", "Policy", "decode_response", "build_request", "GENERATION_PROVIDERS",
    "correct_offline", "load_pack", "load_pack_file", "packs", "generate", "correct", "Exchange", "UrllibTransport",
    "write_story", "enhance_event",
]

Text = Union[str, bytes, bytearray, memoryview]


def __dir__() -> list[str]:
    """The public names and modules only: no ctypes, os or json, nothing private."""
    return sorted(__all__ + ["errors", "pack", "results", "services", "transport"])

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


def _utf8(text: Text, name: str = "text") -> bytes:
    """The UTF-8 bytes of a text argument: a str, or bytes-like UTF-8. Anything else (an int
    would become that many zero bytes through bytes()) is a TypeError naming the argument."""
    if isinstance(text, str):
        # Lone surrogates pass through as the invalid UTF-8 they are, so the library
        # reports them as a parse error rather than Python raising an unrelated error.
        return text.encode("utf-8", "surrogatepass")
    if isinstance(text, (bytes, bytearray, memoryview)):
        return bytes(text)
    raise TypeError(f"{name} must be str or bytes, not {type(text).__name__}")


# The events of a stream are compact JSON that the library wrote: decoding them needs neither
# json.loads' checks for bytes nor for surrounding white space.
_decode_json = json.JSONDecoder().raw_decode


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
    return library().storykit_status_string(_int32(code, "code")).decode("utf-8")


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


def repair_json(text: Text) -> RepairedJSON:
    """Reads JSON as language models write it: ``{"value": ..., "repairs": [...]}``.

    Repairs fences and prose around the value, trailing commas, single and curly quotes,
    unquoted keys, comments, True/False/None, raw newlines in strings, and truncation. Raises
    ParseError (with line and column) for anything else.
    """
    return _call_json(library().storykit_json_repair, text)


def parse_list(text: Text) -> ParsedList:
    """Parses a reply as a list: ``{"items": [...], "style": ..., "preamble": ..., "postamble": ...}``."""
    return _call_json(library().storykit_parse_list, text, None)


def parse_variations(text: Text, *, expected: int = 3, distinct: bool = True) -> VariationSet:
    """Reads the variations of a correction reply (JSON or list), with count and duplicate issues."""
    return _call_json(library().storykit_parse_variations, text, _options({"expected": expected, "distinct": distinct}))


def _request_bytes(request: Union[dict, Text], name: str = "request") -> bytes:
    """A request argument: a dict, or its JSON text (str or bytes)."""
    if isinstance(request, dict):
        return json.dumps(request, ensure_ascii=False).encode("utf-8")
    if isinstance(request, (str, bytes, bytearray, memoryview)):
        return _utf8(request, name)
    raise TypeError(f"{name} must be a dict (or its JSON text), not {type(request).__name__}")


def evaluate_policy(request: Union[dict, Text]) -> dict:
    """Evaluates a policy request on a built-in profile, such as
    ``{"domain": "writingTools", "field": {"id": "StoryEditView.content", "kind": "longText"},
    "platform": {"os": "iOS", "version": "18.1", "appleIntelligence": "enabled"}}``.

    Every result has ``rule`` and ``reason``. Raises InvalidArgumentError naming an unknown
    domain, kind or platform value, and NotFoundError for an unknown profile.
    """
    out = ctypes.c_void_p()
    _check(library().storykit_policy_evaluate_builtin(ctypes.byref(out), _request_bytes(request)))
    return json.loads(_take_string(out))


def build_prompt(request: Union[dict, Text]) -> dict:
    """Builds a prompt from a request such as ``{"kind": "correction", "text": "I wnat to go"}``.

    Returns ``{"instructions", "prompt", "responseSchema", "maxResponseTokens", "temperature",
    "estimatedTokens", "truncated", "truncations"}``. A request may also be given as JSON text
    (str or bytes). Raises InvalidArgumentError naming a missing, wrong-typed or unknown field.
    """
    out = ctypes.c_void_p()
    _check(library().storykit_prompt_build(ctypes.byref(out), _request_bytes(request)))
    return json.loads(_take_string(out))


GENERATION_PROVIDERS = ("gemini", "imagen", "openai")


def decode_response(provider: str, http_status: int, body: Text) -> dict:
    """Decodes a provider's HTTP response (``provider`` is "gemini", "imagen" or "openai").

    Returns ``{"result": {"text", "finishReason", "usage", "images", ...}}`` or, for anything
    the service reported or got wrong, ``{"error": {"kind", "retryable", "status",
    "httpStatus", "message", ...}}``: errors are values here, not exceptions. Raises
    ParseError only when a 2xx body is not UTF-8 text, InvalidArgumentError for an unknown
    provider or a status outside 100..599.

        >>> storykit.decode_response("openai", 429, '{"error":{"code":"rate_limit_exceeded","message":"slow down"}}')["error"]["kind"]
        'rateLimited'
    """
    data = _utf8(body, "body")
    provider_name = _name(provider, "provider")
    status = _int32(http_status, "http_status")
    out = ctypes.c_void_p()
    _check(library().storykit_response_decode(ctypes.byref(out), provider_name, status, data, len(data)))
    return json.loads(_take_string(out))


def build_request(request: Union[dict, Text]) -> dict:
    """Builds a provider's HTTP request: ``{"method", "url", "headers", "body", "description"}``.

    ``request`` is ``{"provider": "gemini"|"openai"|"imagen", "model": ..., "prompt": text or
    the dict build_prompt returns, "apiKey": ... (optional), "baseURL": ..., "stream": bool,
    ...settings}``. The key is only in ``headers``; ``description`` is safe to print.
    """
    out = ctypes.c_void_p()
    _check(library().storykit_request_build(ctypes.byref(out), _request_bytes(request)))
    return json.loads(_take_string(out))


def correct_offline(text: Text, *, layout: Optional[str] = None, words: bool = False, spelling: str = "keep",
                    language: Optional[str] = None, vocabulary: Optional[dict] = None,
                    progress: Optional[Callable[[int, int], Optional[bool]]] = None) -> VariationSet:
    """Corrects text typed with a tremor, offline, in the ``parse_variations`` shape: one to
    three versions, each one a writer could mean: "direct" (slips corrected), "refined" (the
    same words polished; left out when it equals direct) and "alternative" (another reading
    with different words, only when nearly as likely). Fewer than three is normal: ``issues``
    then holds a "count" issue. With ``words=True``, also ``words``, each word's correction,
    confidence and alternatives. ``layout`` is "qwerty", "qwertz" or "azerty" (default: the
    language's own: "qwertz" for German, "azerty" for French); ``spelling`` ("keep", "us" or
    "uk") is the spelling refined writes where British and American differ. English, Spanish,
    French, German, Italian, Portuguese and Dutch are read; text in another language comes
    back as typed with a "language" issue. ``language`` (a BCP 47 tag such as "es") says which
    the text is in instead of telling from the text (one no loaded pack reads raises
    InvalidArgumentError). ``vocabulary``, ``{"known": [...],
    "ignored": [...]}``, holds the writer's own words (a word or a phrase of up to 3 words):
    each is kept as typed, and a known one is read for a slip of it ("Zorbxa" → "Zorbax").
    ``progress(done, total)``, for a text longer than one piece (10,000 bytes, STORYKIT_MAX_CORRECTION_BYTES), is
    called after each piece with the bytes read so far and the text's size; returning False
    stops the correction, which raises CancelledError (an exception it raises stops it too,
    and is raised again from here).

        >>> [v["text"] for v in storykit.correct_offline("i wnat to go hmoe")["variations"]]
        ['i want to go home', 'I want to go home.']
    """
    if type(words) is not bool:
        raise TypeError(f"words must be True or False, not {type(words).__name__}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of (done, total) or None, not {type(progress).__name__}")
    if not isinstance(spelling, str):
        raise TypeError(f"spelling must be a str (\"keep\", \"us\" or \"uk\"), not {type(spelling).__name__}")
    for name, value in (("layout", layout), ("language", language)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a str or None, not {type(value).__name__}")
    # The library's defaults need no options to write and parse.
    chosen = {"layout": layout} if layout is not None else {}
    if words:
        chosen["words"] = True
    if spelling != "keep":
        chosen["spelling"] = spelling
    if language is not None:
        chosen["language"] = language
    if vocabulary is not None:
        chosen["vocabulary"] = _vocabulary(vocabulary)
    options = _options(chosen) if chosen else None
    if progress is None:
        result = _call_json(library().storykit_correct_offline, text, options)
    else:
        result = _correct_offline_with_progress(text, options, progress)
    if language is not None and {"code": "language", "detected": language} in result.get("issues", []):
        # A language the caller named and no loaded pack reads: the text would come back as
        # typed, which looks like "nothing to correct". Say so, as the CLI does (exit 65).
        raise InvalidArgumentError(
            f"language {language!r}: no loaded language pack reads it; drop language= to tell the language "
            "from the text, or load a pack for it (storykit.load_pack)")
    return result


def _correct_offline_with_progress(text: Text, options, progress) -> dict:
    """storykit_correct_offline_with_progress, stopping when ``progress`` returns False or
    raises; what it raised is raised again once the call has returned."""
    raised = []

    def report(done, total, _user_data):
        try:
            return _errors.E_CANCELLED if progress(done, total) is False else 0
        except BaseException as error:  # noqa: B036 - kept and raised again after the C call
            raised.append(error)
            return _errors.E_CANCELLED

    callback = _library.PROGRESS_FUNCTION(report)
    try:
        return _call_json(library().storykit_correct_offline_with_progress, text, options, callback, None)
    except CancelledError:
        if raised:
            raise raised[0] from None
        raise


def _vocabulary(vocabulary) -> dict:
    """``vocabulary`` checked for its shape: {"known": [str, ...], "ignored": [str, ...]}."""
    if not isinstance(vocabulary, dict):
        raise TypeError(f"vocabulary must be a dict with \"known\" and \"ignored\" lists, not {type(vocabulary).__name__}")
    unknown = set(vocabulary) - {"known", "ignored"}
    if unknown:
        raise ValueError(f"vocabulary has unknown keys {sorted(unknown)}; it takes \"known\" and \"ignored\"")
    checked = {}
    for key in ("known", "ignored"):
        words = vocabulary.get(key, [])
        if isinstance(words, (str, bytes)) or not isinstance(words, (list, tuple, set, frozenset)):
            raise TypeError(f"vocabulary[{key!r}] must be a list of str, not {type(words).__name__}")
        for word in words:
            if not isinstance(word, str):
                raise TypeError(f"vocabulary[{key!r}] must hold only str, not {type(word).__name__} ({word!r})")
        checked[key] = sorted(words) if isinstance(words, (set, frozenset)) else list(words)
    return checked


def load_pack(data: Union[bytes, bytearray, memoryview]) -> dict:
    """Loads a language pack (docs/language-pack-format.md) from its bytes, which are copied
    and checked in full first, and makes it the offline corrector's pack for its language in
    this process (replacing a built-in one). Returns ``{"language", "words", "replaced"}``.
    A damaged pack, one of another format version or not a pack at all raises ``ParseError``
    with the reason.

        >>> storykit.load_pack(Path("ca.skpack").read_bytes())["language"]
        'ca'
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, not {type(data).__name__}")
    data = bytes(data)
    out = ctypes.c_void_p()
    _check(library().storykit_pack_load(ctypes.byref(out), data, len(data)))
    return json.loads(_take_string(out))


def load_pack_file(path: Union[str, "os.PathLike[str]"]) -> dict:
    """Loads the language pack in the file at ``path``, as ``load_pack``. A missing file raises
    ``NotFoundError``; a folder or unreadable file ``StorageError``."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be str or os.PathLike, not {type(path).__name__}")
    encoded = os.fsencode(path)
    if b"\0" in encoded:
        raise InvalidArgumentError("path must not contain NUL")
    out = ctypes.c_void_p()
    _check(library().storykit_pack_load_file(ctypes.byref(out), encoded))
    return json.loads(_take_string(out))


def packs() -> list[dict]:
    """The packs the offline corrector reads: ``[{"language", "words", "source"}, ...]`` with
    "source" "built-in" or "loaded"."""
    out = ctypes.c_void_p()
    _check(library().storykit_packs(ctypes.byref(out)))
    return json.loads(_take_string(out))["packs"]


def generate(request: Union[dict, Text], *, transport=None, on_event=None) -> dict:
    """Asks a model for text (or Imagen for images) through ``transport`` (by default a
    ``UrllibTransport``): the ``build_request`` request plus ``timeoutSeconds`` and ``retry``.
    With ``"stream": True``, ``on_event`` gets ``{"type":"delta","index":0,"text":...}`` as the
    text arrives; returning False from it stops the call (``CallbackError``). Failures raise
    ``APIError`` or ``TransportError`` whose ``kind`` is the error kind ("rateLimited"...).
    """
    return _services.generate(library(), request, transport, on_event)


def correct(request: Union[dict, Text], *, transport=None, on_event=None) -> CorrectionOutcome:
    """Corrects ``request["text"]``: with ``"remote"`` on that model (re-asked once when its
    reply is unusable), falling back to the offline corrector, which also answers alone with no
    network. A model's versions are checked against the typed text first (``"check"``:
    ``"faithful"``, the default, ``"loose"`` or ``"off"``); ``"remote"`` also takes
    ``"temperature"``, ``"topP"``, ``"seed"`` and ``"maxOutputTokens"``. ``on_event`` gets
    ``{"type":"snapshot",...}`` as versions arrive, each complete version with an ``"issue"``
    when the check drops it. The request's fields are those of ``storykit_correct`` in
    ``storykit.h``.

        >>> storykit.correct({"text": "I wnat to go hmoe"})["backend"]
        'offline'
    """
    return _services.correct(library(), request, transport, on_event)


class _Handle:
    """An opaque library handle released exactly once, by close() or at the end of a with block.

    The C header forbids freeing a handle while a call uses it, so every call on the handle is
    counted: ``close()`` marks the handle closing (new calls raise StateError), waits for the
    calls in flight on other threads to return, then frees it. ``close()`` from inside a call on
    the same handle (on its thread, or in a callback of it, which the library runs on its own
    threads) raises StateError instead of waiting for itself. ``close()`` from a callback of a
    call on another handle does not wait either (the call it would wait for may be waiting for
    that callback): it marks the handle closing and returns, and the last call in flight frees it.
    """

    _free_function = ""
    _what = "handle"

    def __init__(self) -> None:
        self._handle = ctypes.c_void_p()
        self._state = threading.Condition(threading.Lock())
        self._callers: list[int] = []
        self._closing = False

    def close(self) -> None:
        """Releases the handle once the calls in flight have returned; later calls raise
        StateError."""
        in_callback = _services.serving()
        with self._state:
            if threading.get_ident() in self._callers or any(owner is self for owner in in_callback):
                raise StateError(f"close() was called inside a call on this {self._what}; close it after the call returns")
            if self._closing:
                # Another thread is closing it: return once it is released (at once from a
                # callback, which must not wait on calls that may wait on it).
                if not in_callback:
                    self._state.wait_for(lambda: not self._handle.value)
                return
            if not self._handle.value:
                return
            self._closing = True
            if in_callback and self._callers:
                return  # freed by the last call in flight (_leave)
            self._state.wait_for(lambda: not self._callers)
            self._free()

    def _free(self) -> None:
        """Frees the handle; the caller holds ``_state`` and no call is in flight."""
        getattr(library(), self._free_function)(self._handle)
        self._handle = ctypes.c_void_p()
        self._state.notify_all()

    def _enter(self) -> ctypes.c_void_p:
        """Counts a call in flight and returns the handle; pair with ``_leave()``."""
        with self._state:
            if self._closing or not self._handle.value:
                raise StateError(f"the {self._what} is closed")
            self._callers.append(threading.get_ident())
            return self._handle

    def _leave(self) -> None:
        with self._state:
            self._callers.remove(threading.get_ident())
            if not self._callers:
                if self._closing and self._handle.value:
                    self._free()  # a close() deferred from a callback
                self._state.notify_all()

    def _call(self, function, *arguments) -> int:
        """``function(handle, *arguments)`` as a counted call."""
        handle = self._enter()
        try:
            return function(handle, *arguments)
        finally:
            self._leave()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        # No call can be in flight here: a call holds a reference to the handle.
        try:
            if self._handle.value:
                getattr(library(), self._free_function)(self._handle)
                self._handle = ctypes.c_void_p()
        except Exception:
            pass


class Stream(_Handle):
    """An incremental parser: ``feed()`` returns the events a chunk completed, ``finish()`` the
    result the batch function gives for the whole input.

        with storykit.Stream("variations") as stream:
            for chunk in chunks:
                for event in stream.feed(chunk):
                    ...
            result = stream.finish()

    ``finish_with_events()`` also returns the events the end of the input completed, so that
    a host drawing from events alone sees every item finished. ``kind`` is "list",
    "variations" or "json" (options are those of the batch function), or "gemini-sse" /
    "openai-sse" for a streamed model reply (option ``http_status``; events are
    ``{"type": "delta", "index": 0, "text": ...}``, and ``finish()`` returns what
    ``decode_response`` returns).

    A stream is a sequence: calls on one stream from several threads are serialised (each
    waits for the one before), so every event is returned once, to the call whose chunk
    completed it. Chunks fed from several threads at once are still read in whichever order
    the threads reach the stream: feed one stream from one thread.
    """

    _free_function = "storykit_stream_free"
    _what = "stream"

    # Events are written into one buffer per stream (storykit_stream_feed_into), grown when a
    # chunk's events need more: no string to copy and free per chunk. A stream is fed many
    # small chunks, so the call's arguments are prepared once.
    _initial_buffer = 4096
    # A chunk this long or longer may have more events than storykit_stream_feed_into keeps
    # for a buffer too small (8 MiB: 400 KB of "1," has more), so it goes through
    # storykit_stream_feed, which returns any number of events.
    _large_chunk = 64 * 1024

    def __init__(self, kind: str, **options) -> None:
        super().__init__()
        options_json = _options({_camel(k): v for k, v in options.items()}) if options else None
        _check(library().storykit_stream_create(ctypes.byref(self._handle), _name(kind, "kind"), options_json))
        self.kind = kind
        self._serial = threading.Lock()
        self._feed_into = library().storykit_stream_feed_into
        self._length = ctypes.c_size_t()
        self._length_out = ctypes.byref(self._length)
        self._grow(self._initial_buffer)

    def _grow(self, capacity: int) -> None:
        self._buffer = ctypes.create_string_buffer(capacity)
        self._capacity = capacity

    def feed(self, chunk: Text) -> list:
        """Feeds the next chunk; returns its events (start, delta, done; or value, partial)."""
        data = chunk if type(chunk) is bytes else _utf8(chunk, "chunk")
        # The buffer and its length belong to the stream: one call at a time uses them.
        if len(data) >= self._large_chunk:
            out = ctypes.c_void_p()
            with self._serial:
                _check(self._call(library().storykit_stream_feed, ctypes.byref(out), data, len(data)))
            return json.loads(_take_string(out))["events"]
        with self._serial:
            handle = self._enter()
            try:
                status = self._feed_into(handle, self._buffer, self._capacity, self._length_out, data, len(data))
                if status == E_LIMIT and self._length.value > self._capacity:
                    # The events did not fit and were kept: take them into a buffer that holds them.
                    self._grow(self._length.value)
                    status = self._feed_into(handle, self._buffer, self._capacity, self._length_out, None, 0)
                if status != 0:
                    _check(status)
                length = self._length.value
                if length == 2:
                    return []
                text = ctypes.string_at(self._buffer, length).decode("utf-8")
            finally:
                self._leave()
        return _decode_json(text)[0]

    def finish(self) -> dict:
        """Ends the input and returns the result."""
        out = ctypes.c_void_p()
        with self._serial:
            _check(self._call(library().storykit_stream_finish, ctypes.byref(out)))
        return json.loads(_take_string(out))

    def finish_with_events(self) -> tuple[dict, list]:
        """Ends the input; returns the result and the events its end completed (the last
        item's "done", text held back as a possible postamble), which ``finish()`` drops."""
        result, events = ctypes.c_void_p(), ctypes.c_void_p()
        with self._serial:
            _check(self._call(library().storykit_stream_finish_events, ctypes.byref(result), ctypes.byref(events)))
        result_text, events_text = _take_string(result), _take_string(events)
        return json.loads(result_text), json.loads(events_text)["events"]


class Policy(_Handle):
    """A loaded policy profile; ``evaluate()`` takes the requests of ``evaluate_policy``.

        with storykit.Policy({"name": "myApp", "extends": "default", "writingTools": [...]}) as policy:
            policy.evaluate({"domain": "writingTools", "field": {...}, "platform": {...}})

    Raises InvalidArgumentError naming the rule for a malformed profile or a rule that can
    never match. A policy may be used from several threads at once.
    """

    _free_function = "storykit_policy_free"
    _what = "policy"

    def __init__(self, profile: Union[dict, Text]) -> None:
        super().__init__()
        _check(library().storykit_policy_create(ctypes.byref(self._handle), _request_bytes(profile)))

    def evaluate(self, request: Union[dict, Text]) -> dict:
        """Evaluates a request on this profile."""
        out = ctypes.c_void_p()
        _check(self._call(library().storykit_policy_evaluate_loaded, ctypes.byref(out), _request_bytes(request)))
        return json.loads(_take_string(out))



def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def write_story(request: Union[dict, Text], *, transport=None, on_event=None) -> dict:
    """Writes a children's story with the model of ``request["remote"]`` and checks it before
    returning it (see ``storykit_story_write`` in ``storykit.h``): ``hero``, ``theme``,
    ``ageGroup`` ("4-6"), ``length`` ("short"), ``language``, and optional ``event``, ``id``,
    ``avoidWords`` and ``shape`` ("pages" or "whole"). ``on_event`` gets
    ``{"type":"snapshot","title":...,"pages":[...],"final":False}`` as each page completes and
    passes the check. Returns ``{"story": {...}, "issues": [...], "attempts": [...], ...}``;
    raises ``APIError`` listing every attempt when no reply gave a usable story. Nothing is
    saved: ``Store.write_story`` saves.
    """
    return _services.write_story(library(), None, request, transport, on_event)


def enhance_event(request: Union[dict, Text], *, transport=None) -> dict:
    """Enhances a custom event with the model of ``request["remote"]``: ``{"event": {"title",
    "description", "promptSeed"}, "language": "en", "remote": {...}}`` →
    ``{"description": "...", "attempts": [...], "requests": n}`` (see ``storykit_event_enhance``).
    """
    return _services.enhance_event(library(), request, transport)


class Store(_Handle):
    """The file store through the C ABI: one durable JSON file per record under ``root``.

        with storykit.Store(".storykit") as store:
            store.put("heroes", "h1", {"id": "h1", "name": "Mia"})
            store.get("heroes", "h1")                  # {'id': 'h1', 'name': 'Mia'}
            store.list("heroes", limit=20)             # {'items': [...], 'nextAfter': None, 'problems': []}
            store.put_image("i1", "image/png", png_bytes)

    Collections: "stories", "heroes", "events", "corrections", "preferences", "words" (the writer's
    own words: ``learn_word``, ``unlearn_word``, ``words``). One process and one handle at
    a time may open a root; a second open raises StorageError.
    """

    _free_function = "storykit_store_close"
    _what = "store"

    def __init__(self, root, *, create: bool = True) -> None:
        super().__init__()
        try:
            root_bytes = os.fsencode(root)
        except TypeError:
            raise TypeError(f"root must be a str, bytes or path, not {type(root).__name__}") from None
        if b"\0" in root_bytes:
            # A C string ends at NUL: the store would silently open the shorter path.
            raise InvalidArgumentError("root must not contain NUL characters")
        _check(library().storykit_store_open(ctypes.byref(self._handle), root_bytes, _options({"create": create})))

    def illustrate(self, request: Union[dict, Text], *, transport=None) -> dict:
        """Draws a story page with a Gemini image model and saves the images under Illustrations/ (see
        ``storykit_illustrate``); returns the saved illustrations with their file names."""
        handle = self._enter()
        try:
            return _services.illustrate(library(), handle, request, transport, owner=self)
        finally:
            self._leave()

    def illustrate_story(self, request: Union[dict, Text], *, transport=None, on_event=None) -> dict:
        """Draws the stored story ``request["storyID"]`` as a picture book, resumably (see
        ``storykit_story_illustrate``): the hero's portrait first, then each page without a
        picture with that portrait as its reference, saved as ``<storyID>-page-<n>`` as it
        arrives. A second call draws only what is missing. ``on_event`` gets
        ``{"type": "page", "index", "status", "id", "fileName", "issue"}`` per page. Returns
        ``{"pages": [...], "requests": N, "complete": bool, ...}``; a page the service would
        not draw is ``"failed"`` with its ``"issue"``, not an exception."""
        handle = self._enter()
        try:
            return _services.illustrate_story(library(), handle, request, transport, on_event, owner=self)
        finally:
            self._leave()

    def draw_avatar(self, request: Union[dict, Text], *, transport=None) -> dict:
        """Draws the stored hero ``request["heroID"]``'s avatar from its description and
        ``request["customPrompt"]``, saves it as ``<heroID>-avatar`` and sets it as the hero's
        avatar, the portrait ``illustrate_story`` draws every page from (see
        ``storykit_hero_avatar``)."""
        handle = self._enter()
        try:
            return _services.draw_avatar(library(), handle, request, transport, owner=self)
        finally:
            self._leave()

    def write_story(self, request: Union[dict, Text], *, transport=None, on_event=None) -> dict:
        """``storykit.write_story``, and the story is saved into this store's "stories" (only
        when it passed every check; ``"saved": True`` in the result)."""
        handle = self._enter()
        try:
            return _services.write_story(library(), handle, request, transport, on_event, owner=self)
        finally:
            self._leave()

    def stories(self, *, after: str | None = None, limit: int = 100) -> RecordPage:
        """The saved stories, oldest first (``list("stories", ...)``)."""
        return self.list("stories", after=after, limit=limit)

    def put(self, collection: str, id: str, record) -> None:
        """Saves a record (any JSON-serialisable value), durably."""
        data = _utf8(json.dumps(record, ensure_ascii=False))
        _check(self._call(library().storykit_store_put, _name(collection, "collection"), _key(id), data, len(data)))

    def put_json(self, collection: str, id: str, data: Text) -> None:
        """Saves a record already encoded as JSON text."""
        data = _utf8(data, "data")
        _check(self._call(library().storykit_store_put, _name(collection, "collection"), _key(id), data, len(data)))

    def get(self, collection: str, id: str):
        """The record; raises NotFoundError when there is none."""
        out = ctypes.c_void_p()
        _check(self._call(library().storykit_store_get, ctypes.byref(out), _name(collection, "collection"), _key(id)))
        return json.loads(_take_string(out))

    def get_json(self, collection: str, id: str) -> bytes:
        """The record as UTF-8 JSON bytes."""
        out = ctypes.c_void_p()
        _check(self._call(library().storykit_store_get, ctypes.byref(out), _name(collection, "collection"), _key(id)))
        try:
            return ctypes.string_at(out.value)
        finally:
            library().storykit_string_free(out)

    def delete(self, collection: str, id: str) -> None:
        """Removes a record; raises NotFoundError when there is none."""
        _check(self._call(library().storykit_store_delete, _name(collection, "collection"), _key(id)))

    def list(self, collection: str, *, after: str | None = None, limit: int = 100) -> RecordPage:
        """A page of records in creation order: ``{"items", "nextAfter", "problems"}``."""
        out = ctypes.c_void_p()
        options = _options({"after": after, "limit": limit})
        _check(self._call(library().storykit_store_list, ctypes.byref(out), _name(collection, "collection"), options))
        return json.loads(_take_string(out))

    def learn_word(self, word: str, *, ignored: bool = False) -> None:
        """Learns one of the writer's own words (a word or a phrase of up to 3 words, at most
        64 bytes), durably: kept as typed and read for its slips; with ``ignored=True`` only
        kept as typed. Learning a word again changes its use. At most 10000 words."""
        if type(ignored) is not bool:
            raise TypeError(f"ignored must be True or False, not {type(ignored).__name__}")
        use = b"ignored" if ignored else b"known"
        _check(self._call(library().storykit_store_learn_word, _name(word, "word"), use))

    def unlearn_word(self, word: str) -> None:
        """Forgets a learned or ignored word; raises NotFoundError when it was not learned."""
        _check(self._call(library().storykit_store_unlearn_word, _name(word, "word")))

    def words(self) -> dict:
        """The learned words, ``{"known": [...], "ignored": [...]}`` in the order learned: the
        ``vocabulary`` argument of ``correct_offline`` and the ``"vocabulary"`` of ``correct``."""
        out = ctypes.c_void_p()
        _check(self._call(library().storykit_store_words, ctypes.byref(out)))
        return json.loads(_take_string(out))

    def put_image(self, id: str, mime_type: str, data: bytes) -> None:
        """Saves an image under Illustrations/ with the extension of its MIME type."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data must be bytes, not {type(data).__name__}")
        data = bytes(data)
        _check(self._call(library().storykit_store_put_image, _key(id), _name(mime_type, "mime_type"), data, len(data)))

    def get_image(self, id: str) -> tuple[bytes, str]:
        """The image and its MIME type."""
        out_bytes, out_mime, length = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_size_t()
        _check(self._call(library().storykit_store_get_image,
                          ctypes.byref(out_bytes), ctypes.byref(length), ctypes.byref(out_mime), _key(id)))
        try:
            data = ctypes.string_at(out_bytes.value, length.value)
        finally:
            library().storykit_bytes_free(out_bytes)
        return data, _take_string(out_mime)

    def delete_image(self, id: str) -> None:
        """Removes an image."""
        _check(self._call(library().storykit_store_delete_image, _key(id)))

    def suspend(self) -> None:
        """Releases the store's file lock (an app going to the background); every call then
        raises StateError until ``resume()``."""
        _check(self._call(library().storykit_store_suspend))

    def resume(self) -> None:
        """Takes the lock again and re-reads records from disk; raises StorageError when
        another process or handle opened the root meanwhile (the store stays suspended)."""
        _check(self._call(library().storykit_store_resume))



def _name(value: str, name: str) -> bytes:
    """A name argument (collection, kind, MIME type) as NUL-terminated UTF-8."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    if "\0" in value:
        raise InvalidArgumentError(f"{name} must not contain NUL characters")
    return value.encode("utf-8", "surrogatepass")


def _int32(value: int, name: str) -> int:
    """An int argument that C takes as int32_t: out of range is an error, never wrapped."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not -2**31 <= value < 2**31:
        raise InvalidArgumentError(f"{name} {value} is outside the 32-bit range the library takes")
    return value


def _key(id: str) -> bytes:
    if not isinstance(id, str):
        raise TypeError(f"id must be a str, not {type(id).__name__}")
    if "\0" in id:
        # A C string ends at NUL: refuse rather than silently use a shorter id.
        raise InvalidArgumentError("an id must not contain NUL characters")
    return id.encode("utf-8", "surrogatepass")

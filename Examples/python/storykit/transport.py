"""The HTTP client StoryKit's services use from Python: the standard library's urllib.

StoryKit builds every request and reads every answer itself; a transport only moves bytes.
It is a callable ``transport(request, exchange)``: ``request`` is a dict
(``method``, ``url``, ``headers``, ``body``, ``stream``, ``timeoutSeconds``) and the answer goes
back through the ``Exchange``: ``respond(status, headers)`` once, then ``write(chunk)`` as the
body arrives, or ``fail(kind, message)`` when no answer came. Any callable of that shape can
replace ``UrllibTransport``.
"""

from __future__ import annotations

import ctypes
import http.client
import json
import socket
import threading
import urllib.parse
import urllib.error
import urllib.request
from typing import Callable, Optional

from . import errors

__all__ = ["Exchange", "UrllibTransport", "Transport"]


class Exchange:
    """One HTTP exchange in progress; valid only while the transport call runs.

    The library releases the exchange when the transport callback returns, so the binding
    ends this object then: a thread the transport started that keeps it gets StateError from
    every method afterwards, never a call on released memory. Methods may be called from
    any thread while the callback runs.
    """

    def __init__(self, lib: ctypes.CDLL, pointer: int) -> None:
        self._lib = lib
        self._pointer = ctypes.c_void_p(pointer)
        # Held across each C call, so the callback cannot end (and the library release the
        # exchange) while another thread is inside one.
        self._lock = threading.Lock()
        self._live = True

    def _end(self) -> None:
        """The transport callback returned: every later use raises StateError."""
        with self._lock:
            self._live = False

    def _call(self, function, *arguments) -> int:
        with self._lock:
            if not self._live:
                raise errors.StateError(
                    "the exchange ended when the transport callback returned; "
                    "respond, write and fail only while it runs")
            return function(self._pointer, *arguments)

    def _check(self, status: int) -> None:
        if status != errors.OK:
            raise errors.error_for(status, self._lib.storykit_last_error().decode("utf-8", "replace"))

    def respond(self, status: int, headers: Optional[dict] = None) -> None:
        """Gives the status and header fields (a dict of strings); once, before any body."""
        if not isinstance(status, int) or isinstance(status, bool):
            raise TypeError(f"status must be an int, not {type(status).__name__}")
        if not 100 <= status <= 599:
            raise errors.InvalidArgumentError(f"status {status} is not an HTTP status (100 to 599)")
        encoded = None if headers is None else json.dumps(headers).encode("utf-8")
        self._check(self._call(self._lib.storykit_exchange_respond, status, encoded))

    def write(self, chunk: bytes) -> bool:
        """Adds body bytes (bytes, bytearray or memoryview); False once nobody reads any more
        (the operation stopped, was cancelled or timed out: stop sending and return then)."""
        if isinstance(chunk, (bytearray, memoryview)):
            chunk = bytes(chunk)
        elif not isinstance(chunk, bytes):
            raise TypeError(f"chunk must be bytes, bytearray or memoryview, not {type(chunk).__name__}")
        status = self._call(self._lib.storykit_exchange_write, chunk, len(chunk))
        if status == errors.E_CANCELLED:
            return False
        self._check(status)
        return True

    @property
    def cancelled(self) -> bool:
        """Whether the operation no longer wants this answer (timed out, cancelled or
        stopped); a transport that waits may poll it and return early."""
        return bool(self._call(self._lib.storykit_exchange_cancelled))

    def fail(self, kind: str, message: Optional[str] = None) -> None:
        """Ends the exchange without (the rest of) an answer: kind is "transport", "timeout"
        or "cancelled"; ``message`` (optional) says what happened."""
        if not isinstance(kind, str):
            raise TypeError(f"kind must be a str, not {type(kind).__name__}")
        if message is not None and not isinstance(message, str):
            raise TypeError(f"message must be a str or None, not {type(message).__name__}")
        encoded = None if message is None else message.replace("\0", " ").encode("utf-8", "replace")
        self._check(self._call(self._lib.storykit_exchange_fail, kind.replace("\0", " ").encode("utf-8", "replace"), encoded))


Transport = Callable[[dict, Exchange], None]


def _is_timeout(error: BaseException) -> bool:
    reason = getattr(error, "reason", None)
    return isinstance(error, (socket.timeout, TimeoutError)) or isinstance(reason, (socket.timeout, TimeoutError))


class _RefuseRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is handed back as the 3xx answer it is: following it would re-send the
    request's key header to whatever host the server names, as a GET."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def _redirect_failure(status: int, headers, url: str) -> str:
    target = urllib.parse.urljoin(url, headers.get("Location", "") or "")
    host = urllib.parse.urlsplit(target).netloc or "no location"
    return (f"the server answered HTTP {status}, a redirect to {host}; redirects are not followed "
            "(they would carry the request and its key elsewhere): use the final URL as the base URL")


class UrllibTransport:
    """A transport on ``urllib.request``, with no third-party dependency.

    ``proxies`` is passed to ``urllib.request.ProxyHandler``: ``None`` follows the
    environment (``https_proxy``...), ``{}`` connects directly. Bodies are read in
    ``chunk_size`` pieces, and a stream's pieces are handed on as they arrive. The request's
    ``timeoutSeconds`` is the socket time-out: the longest wait for the answer and between
    two pieces of it. A redirect (HTTP 3xx) is never followed: the exchange fails with the
    status and the host it points to, so a key never travels to another host.
    """

    def __init__(self, *, proxies: Optional[dict] = None, chunk_size: int = 16384) -> None:
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler(proxies), _RefuseRedirects)
        self._chunk_size = chunk_size

    def __call__(self, request: dict, exchange: Exchange) -> None:
        http_request = urllib.request.Request(
            request["url"], data=request["body"].encode("utf-8"), headers=request["headers"], method=request["method"])
        try:
            response = self._opener.open(http_request, timeout=request["timeoutSeconds"])
        except urllib.error.HTTPError as error:
            response = error  # An error status is an answer, with its body.
        except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
            exchange.fail("timeout" if _is_timeout(error) else "transport", f"{type(error).__name__}: {error}")
            return
        with response:
            if 300 <= response.status < 400:
                exchange.fail("transport", _redirect_failure(response.status, response.headers, request["url"]))
                return
            headers: dict = {}
            for name, value in response.headers.items():
                headers[name] = f"{headers[name]}, {value}" if name in headers else value
            exchange.respond(response.status, headers)
            read = response.read1 if request.get("stream") and hasattr(response, "read1") else response.read
            try:
                while True:
                    chunk = read(self._chunk_size)
                    if not chunk or not exchange.write(chunk):
                        return
            except (OSError, http.client.HTTPException) as error:
                exchange.fail("timeout" if _is_timeout(error) else "transport", f"{type(error).__name__}: {error}")

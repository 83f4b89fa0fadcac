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
import urllib.error
import urllib.request
from typing import Callable, Optional

from . import errors

__all__ = ["Exchange", "UrllibTransport", "Transport"]


class Exchange:
    """One HTTP exchange in progress; valid only while the transport call runs."""

    def __init__(self, lib: ctypes.CDLL, pointer: int) -> None:
        self._lib = lib
        self._pointer = ctypes.c_void_p(pointer)

    def _check(self, status: int) -> None:
        if status != errors.OK:
            raise errors.error_for(status, self._lib.storykit_last_error().decode("utf-8", "replace"))

    def respond(self, status: int, headers: Optional[dict] = None) -> None:
        """Gives the status and header fields (a dict of strings); once, before any body."""
        encoded = None if headers is None else json.dumps(headers).encode("utf-8")
        self._check(self._lib.storykit_exchange_respond(self._pointer, status, encoded))

    def write(self, chunk: bytes) -> bool:
        """Adds body bytes; False once nobody reads any more (the operation stopped, was
        cancelled or timed out: stop sending and return then)."""
        status = self._lib.storykit_exchange_write(self._pointer, chunk, len(chunk))
        if status == errors.E_CANCELLED:
            return False
        self._check(status)
        return True

    @property
    def cancelled(self) -> bool:
        """Whether the operation no longer wants this answer (timed out, cancelled or
        stopped); a transport that waits may poll it and return early."""
        return bool(self._lib.storykit_exchange_cancelled(self._pointer))

    def fail(self, kind: str, message: str) -> None:
        """Ends the exchange without (the rest of) an answer: kind is "transport", "timeout"
        or "cancelled"."""
        self._check(self._lib.storykit_exchange_fail(self._pointer, kind.encode(), message.encode("utf-8", "replace")))


Transport = Callable[[dict, Exchange], None]


def _is_timeout(error: BaseException) -> bool:
    reason = getattr(error, "reason", None)
    return isinstance(error, (socket.timeout, TimeoutError)) or isinstance(reason, (socket.timeout, TimeoutError))


class UrllibTransport:
    """A transport on ``urllib.request``, with no third-party dependency.

    ``proxies`` is passed to ``urllib.request.ProxyHandler``: ``None`` follows the
    environment (``https_proxy``...), ``{}`` connects directly. Bodies are read in
    ``chunk_size`` pieces, and a stream's pieces are handed on as they arrive. The request's
    ``timeoutSeconds`` is the socket time-out: the longest wait for the answer and between
    two pieces of it.
    """

    def __init__(self, *, proxies: Optional[dict] = None, chunk_size: int = 16384) -> None:
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler(proxies))
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

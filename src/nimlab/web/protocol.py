"""The server's HTTP protocol: uvicorn's h11 protocol with read deadlines and connection caps.

uvicorn closes an idle keep-alive connection, but it has no deadline for the
request itself: a client may open a connection and send its headers one byte
a minute (slowloris), and enough such clients take every connection. Here a
request's line and headers must arrive within ``header_timeout`` seconds of the
connection (or of the previous response), its body within ``body_timeout``
seconds of the headers, else the client gets 408 and the connection closes.
One client address may hold ``client_connections`` connections (more are
answered 503 at once), and over ``max_connections`` in all, the connection
that has waited longest for a request is dropped to make room.
"""

from __future__ import annotations

import asyncio
import http
import json
from collections import Counter

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from nimlab.text import shorten
from nimlab.web.app import SECURITY_HEADERS
from nimlab.web.config import WebConfig

MAX_HEAD = 16 * 1024
"""Bytes of a request's line and headers (h11's limit; over it: 400)."""
LINGER = 2.0
"""Seconds a refused connection is read (and discarded) before it is closed."""


def raw_response(status: int, kind: str, message: str, retry: bool = False) -> bytes:
    """A whole HTTP/1.1 error response, ``{"error": ...}`` with the security headers."""
    body = json.dumps(
        {"error": {"kind": kind, "message": shorten(message), "field": None}}
    ).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *([(b"retry-after", b"1")] if retry else []),
        *SECURITY_HEADERS,
    ]
    phrase = http.HTTPStatus(status).phrase.encode()
    head = b"HTTP/1.1 %d %s\r\n" % (status, phrase)
    head += b"".join(name + b": " + value + b"\r\n" for name, value in headers)
    return head + b"\r\n" + body


class Connections:
    """What the connections of one server share: counts per client, those awaiting a request."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.per_client: Counter[str] = Counter()
        self.open = 0
        self.waiting: dict[GuardedH11Protocol, None] = {}
        """Connections waiting for (the rest of) a request's head, oldest first."""
        self.refused = 0
        self.timed_out = 0
        self.evicted = 0


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with read deadlines and connection caps (see the module)."""

    connections_state: Connections

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer: asyncio.TimerHandle | None = None
        self._phase: str | None = None
        self._discarding = False
        shared = self.connections_state
        self._host = self.client[0] if self.client else ""
        shared.per_client[self._host] += 1
        shared.open += 1
        self._counted = True
        if shared.per_client[self._host] > shared.config.client_connections:
            self._refuse(
                503,
                "busy",
                f"too many connections from your address (at most "
                f"{shared.config.client_connections}); close some and try again / "
                f"このアドレスからの接続が多すぎます（最大 {shared.config.client_connections}）。"
                "いくつか閉じてからやり直してください",
            )
            return
        if shared.open > shared.config.max_connections:
            oldest = next(
                (c for c in shared.waiting if c is not self and not c.transport.is_closing()),
                None,
            )
            if oldest is None:
                self._refuse(
                    503,
                    "busy",
                    "the server has too many connections; try again / "
                    "サーバーへの接続が多すぎます。やり直してください",
                )
                return
            shared.evicted += 1
            oldest._expire()
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._stop()

    def data_received(self, data: bytes) -> None:
        if self._discarding:
            return
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def _stop(self) -> None:
        shared = self.connections_state
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        shared.waiting.pop(self, None)
        if self._counted:
            self._counted = False
            shared.open -= 1
            shared.per_client[self._host] -= 1
            if shared.per_client[self._host] <= 0:
                del shared.per_client[self._host]

    def _watch(self) -> None:
        """Arm the deadline of the part of the request now awaited (head or body)."""
        if self.transport.is_closing() or self._discarding:
            self._stop_timer()
            return
        state = self.conn.their_state
        phase = "head" if state is h11.IDLE else "body" if state is h11.SEND_BODY else None
        shared = self.connections_state
        if phase == "head":
            shared.waiting.setdefault(self, None)
        else:
            shared.waiting.pop(self, None)
        if phase == self._phase:
            return
        self._stop_timer()
        self._phase = phase
        if phase is not None:
            config = shared.config
            seconds = config.header_timeout if phase == "head" else config.body_timeout
            self._timer = self.loop.call_later(seconds, self._expire)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self) -> None:
        """The deadline passed: 408 for a request begun, a silent close for an idle one."""
        self._timer = None
        if self.transport.is_closing():
            return
        self.connections_state.timed_out += 1
        begun = self._phase == "body" or bool(self.conn.trailing_data[0])
        if self.cycle is not None and self._phase == "body":
            started = self.cycle.response_started
            self.cycle.disconnected = True  # the app's work is cancelled, its answer dropped
            self.cycle.message_event.set()
            if started:
                begun = False
        if begun:
            what = "headers" if self._phase == "head" else "body"
            self.transport.write(
                raw_response(408, "timeout", f"the request's {what} did not arrive in time")
            )
        self.transport.close()
        self._stop()  # counted out now: connection_lost comes a loop iteration later

    def send_400_response(self, msg: str) -> None:
        """A request that is not HTTP: 400 as JSON, with the security headers, then close."""
        self.transport.write(raw_response(400, "invalid_request", msg))
        self.transport.close()

    def _refuse(self, status: int, kind: str, message: str) -> None:
        """Answer at once and close, reading (and dropping) what the client still sends.

        The request is not read yet, so its language is not known: the messages give
        English and Japanese both."""
        self.connections_state.refused += 1
        self._discarding = True
        self._stop()  # a refused connection holds no place; it is closed soon
        self.transport.write(raw_response(status, kind, message, retry=status == 503))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER, self.transport.close)


def guarded_protocol(config: WebConfig) -> type[GuardedH11Protocol]:
    """A protocol class for one server, its connections sharing counts and limits."""
    return type("ServerProtocol", (GuardedH11Protocol,), {"connections_state": Connections(config)})

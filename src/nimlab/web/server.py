"""``nimlab serve``: run the web app with uvicorn and print its address.

The server holds its ground against clients that open connections and never
finish a request (slowloris): a request's line and headers must arrive within
``header_timeout`` seconds and its body within ``body_timeout`` (else 408 and
the connection is closed), an idle keep-alive connection closes after
``keep_alive`` seconds, one client address may hold at most
``client_connections`` connections (more are answered 503), and when
``max_connections`` are open, the connection waiting longest for a request
is dropped to make room (:mod:`nimlab.web.protocol`). Every limit is an
option of ``nimlab serve``.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import socket
from typing import Any, TextIO

from nimlab.errors import InvalidOption
from nimlab.files import reason
from nimlab.messages import both, say
from nimlab.text import shorten
from nimlab.web.config import WebConfig, max_workers


def add_options(parser: argparse.ArgumentParser) -> None:
    """``nimlab serve``'s options for the worker pool and the connection limits."""
    parser.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        metavar="N",
        help=both(
            f"worker processes (default 2 to 4; at most {max_workers()}: 4 per core)",
            f"ワーカープロセス数（既定 2〜4。最大 {max_workers()}: 1 コアあたり 4）",
        ),
    )
    defaults = WebConfig.__dataclass_fields__
    for name, kind, metavar, text, ja in (
        (
            "header_timeout",
            _seconds,
            "S",
            "seconds to send a request's line and headers",
            "リクエスト行とヘッダーを送り終えるまでの秒数",
        ),
        ("body_timeout", _seconds, "S", "seconds to send a request's body", "本文を送る秒数"),
        (
            "keep_alive",
            _seconds,
            "S",
            "seconds an idle keep-alive connection stays open",
            "使われていない keep-alive 接続を開いておく秒数",
        ),
        ("max_connections", _positive_int, "N", "open connections in all", "同時接続の総数"),
        (
            "client_connections",
            _positive_int,
            "N",
            "open connections from one address",
            "1 つのアドレスからの同時接続数",
        ),
        (
            "queue_limit",
            _positive_int,
            "N",
            "requests waiting for a worker (then 503)",
            "ワーカーを待つリクエスト数（超えると 503）",
        ),
        (
            "client_queue_limit",
            _positive_int,
            "N",
            "requests of one address waiting",
            "1 つのアドレスの待っているリクエスト数",
        ),
        (
            "queue_timeout",
            _seconds,
            "S",
            "seconds a request may wait for a worker (then 503)",
            "リクエストがワーカーを待てる秒数（超えると 503）",
        ),
    ):
        default = defaults[name].default
        parser.add_argument(
            "--" + name.replace("_", "-"),
            type=kind,
            default=None,
            metavar=metavar,
            dest=name,
            help=both(f"{text} (default {default:g})", f"{ja}（既定 {default:g}）"),
        )


OPTIONS = (
    "header_timeout",
    "body_timeout",
    "keep_alive",
    "max_connections",
    "client_connections",
    "queue_limit",
    "client_queue_limit",
    "queue_timeout",
)
"""The options of :func:`add_options` that are fields of :class:`WebConfig` by the same name."""


def options(args: argparse.Namespace) -> dict[str, Any]:
    """The :class:`WebConfig` fields set by :func:`add_options`'s options."""
    chosen: dict[str, Any] = {}
    if getattr(args, "workers", None) is not None:
        chosen["workers"] = args.workers
    for name in OPTIONS:
        value = getattr(args, name, None)
        if value is not None:
            chosen[name] = value
    return chosen


def _positive_int(text: str) -> int:
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 18 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number ≥ 1, got {shorten(text)!r}")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= 24 * 3600:
        raise argparse.ArgumentTypeError(f"must be seconds from 0 to 86400, got {shorten(text)!r}")
    return value


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    if not 0 <= port <= 65535:
        raise InvalidOption(
            f"--port must be from 0 to 65535, got {port}",
            ja=f"--port は 0 から 65535 までです（{port} が与えられた）",
        )
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        raise InvalidOption(
            f"--host {host!r} is not an address of this machine ({error})",
            ja=f"--host {host!r} はこのマシンのアドレスではありません（{error}）",
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise InvalidOption(
            f"cannot listen on {host}:{port} ({reason(error)}); choose another --port",
            ja=(
                f"{host}:{port} で待ち受けできません（{reason(error, 'ja')}）。別の --port "
                "を選んでください"
            ),
        ) from None
    sock.listen(2048)
    return sock


def address(sock: socket.socket) -> str:
    """The URL of the app listening on ``sock``."""
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve(host: str, port: int, config: WebConfig, out: TextIO, lang: str = "en") -> int:
    """Serve until interrupted; prints the URL (in ``lang``) as soon as the port is open."""
    import uvicorn

    from nimlab.web.app import create_app
    from nimlab.web.protocol import MAX_HEAD, guarded_protocol

    sock = bind(host, port)
    out.write(say("serve.listening", lang, url=address(sock)) + "\n")
    out.flush()
    _more_files(config.max_connections)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config),
            log_level="warning",
            http=guarded_protocol(config),
            ws="none",
            timeout_keep_alive=max(1, round(config.keep_alive)),
            h11_max_incomplete_event_size=MAX_HEAD,
            backlog=2048,
        )
    )
    server.run(sockets=[sock])
    return 0


def _more_files(connections: int) -> None:
    """Raise the open-file limit so ``connections`` sockets fit (up to the hard limit)."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = connections + 256
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        if soft != resource.RLIM_INFINITY and soft < want:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))

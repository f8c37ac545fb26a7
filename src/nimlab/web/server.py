"""``nimlab serve``: run the web app with uvicorn and print its address."""

from __future__ import annotations

import socket
from typing import TextIO

from nimlab.errors import InvalidOption
from nimlab.web.config import WebConfig


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    if not 0 <= port <= 65535:
        raise InvalidOption(f"--port must be from 0 to 65535, got {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as error:
        raise InvalidOption(
            f"--host {host!r} is not an address of this machine ({error})"
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise InvalidOption(
            f"cannot listen on {host}:{port} ({error.strerror}); choose another --port"
        ) from None
    sock.listen(2048)
    return sock


def address(sock: socket.socket) -> str:
    """The URL of the app listening on ``sock``."""
    host, port = sock.getsockname()[:2]
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve(host: str, port: int, config: WebConfig, out: TextIO) -> int:
    """Serve until interrupted; prints the URL as soon as the port is open."""
    import uvicorn

    from nimlab.web.app import create_app

    sock = bind(host, port)
    out.write(f"nimlab web app: {address(sock)}  (Ctrl-C stops it)\n")
    out.flush()
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config),
            log_level="warning",
            timeout_keep_alive=5,
            limit_concurrency=4096,
            backlog=2048,
        )
    )
    server.run(sockets=[sock])
    return 0

"""`judge serve`: the judge station for the event's phones (judge.serve)."""

from __future__ import annotations

import argparse
import socket
import sys

from judge.cli import UserError
from judge.cli.commands.options import add_db_option


def register(sub) -> None:
    parser = sub.add_parser(
        "serve",
        help="the judge station: rules, cards and the rulings log in a browser",
        description="Serve the rules, cards, replays and the event's rulings log to browsers. "
        "Listens on 127.0.0.1 (this machine only) unless --host is given; with another host, "
        "logging rulings and opening scenario files need the access code printed at start.",
    )
    parser.add_argument(
        "--host",
        default=None,
        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network this machine is on)",
    )
    parser.add_argument("--port", type=int, default=None, help="port (default 8765)")
    parser.add_argument(
        "--code",
        default=None,
        help="the event's access code for writing (default: a new one is made when the host is not local)",
    )
    parser.add_argument(
        "--certfile",
        metavar="PATH",
        help="serve https:// with this PEM certificate "
        "(with --keyfile): phones keep the station for offline use only over https://",
    )
    parser.add_argument("--keyfile", metavar="PATH", help="the certificate's PEM private key (with --certfile)")
    parser.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    parser.add_argument(
        "--archive",
        metavar="URL",
        help="a judge program's PostgreSQL archive: searches list its "
        "precedents (judge[archive]; default $JUDGE_ARCHIVE); the log stays this station's file",
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from judge.serve.settings import DEFAULT_HOST, DEFAULT_PORT, ServeSettings

    host = args.host or DEFAULT_HOST
    port = DEFAULT_PORT if args.port is None else args.port
    if not 0 < port < 65536:
        raise UserError(f"--port {port} is not a port number (1–65535)")
    if args.code is not None:
        from judge.serve.settings import check_code

        refusal = "--code is empty" if not args.code.strip() else check_code(args.code.strip())
        if refusal:
            raise UserError(refusal)
    tls = _tls_files(args.certfile, args.keyfile)
    import os

    settings = ServeSettings.for_host(
        host,
        port,
        access_code=args.code and args.code.strip(),
        rulings_db=args.db,
        tls=tls,
        archive_url=args.archive or os.environ.get("JUDGE_ARCHIVE") or None,
    )
    log_file = _rulings_log(args.db)  # a file that is not a rulings log is refused before listening
    listening = _listen(host, port)  # before announcing: a port in use is said plainly

    import uvicorn

    from judge.serve.app import create_app
    from judge.serve.reading import open_library
    from judge.serve.server import uvicorn_config

    app = create_app(settings)
    open_library(app)  # the corpus and the search index, before anyone is told the address
    _warn_unreadable_folders()
    _announce(settings, show_qr=not args.no_qr, log_file=log_file)
    uvicorn.Server(uvicorn_config(app, tls=settings.tls)).run(sockets=[listening])
    return 0


def _tls_files(certfile: str | None, keyfile: str | None):
    """The checked certificate and key (judge.serve.tls), or None for http://."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        given, missing = ("--certfile", "--keyfile") if keyfile is None else ("--keyfile", "--certfile")
        raise UserError(f"{given} needs {missing} as well: https:// takes a certificate and its key")
    from judge.safe_text import one_line
    from judge.serve.tls import TLSError, check_pair

    try:
        return check_pair(certfile, keyfile)
    except TLSError as exc:
        raise UserError(one_line(str(exc))) from None


def _listen(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise UserError(f"--host {host!r}: not an address of this machine ({exc.strerror})") from exc
    family, kind, proto, _, address = infos[0]
    listening = socket.socket(family, kind, proto)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind(address)
    except OSError as exc:
        listening.close()
        raise UserError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    listening.listen(128)
    return listening


def _rulings_log(db):
    """The rulings file the station writes (--db, else what `judge ruling` uses), read once now."""
    from judge.cli.commands.ruling import open_store
    from judge.rulings.store import RulingsError

    store = open_store(db)
    try:
        store.newest(1)
    except RulingsError as exc:
        raise UserError(f"the rulings log cannot be used: {exc}") from None
    return store.path


def _warn_unreadable_folders() -> None:
    """A boards or uploads folder that exists but cannot be read: said now, on stderr, as well
    as on the /replay page (a missing folder is simply empty)."""
    from judge.safe_text import one_line
    from judge.serve.replay_shelf import unreadable_folders

    for problem in unreadable_folders():
        print(f"judge serve: {one_line(problem)}", file=sys.stderr)


def _announce(settings, show_qr: bool, log_file=None) -> None:
    url = f"{settings.scheme}://{_reachable_address(settings.host)}:{settings.port}/"
    print(f"judge serve: {url}")
    if settings.access_code:
        print(f"access code for logging rulings: {settings.access_code}")
    else:
        print("this machine only (use --host 0.0.0.0 for the venue's network)")
    if show_qr and sys.stdout.isatty():
        import segno

        segno.make(url, error="m").terminal(compact=True)
    if log_file is not None:
        print(f"rulings log: {log_file}")
    print("Ctrl+C stops the server.", flush=True)


def _reachable_address(host: str) -> str:
    """The address to type on a phone: for 0.0.0.0 / :: the machine's own outward address."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: sets a route, sends nothing
        return probe.getsockname()[0]
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()

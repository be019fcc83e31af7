"""`judge serve --certfile --keyfile`: the certificate and key checked before the station starts.

Phones keep the station for offline use only over https:// (browsers run service workers only on
a secure address), so a venue needs TLS. A file that is missing, unreadable, not PEM, or a pair
that does not belong together is refused here, naming the file, rather than as a traceback from
inside uvicorn after the banner has been printed.
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path


class TLSError(ValueError):
    """The certificate or key cannot serve https://; the message names the file."""


@dataclass(frozen=True)
class TLSFiles:
    certfile: Path
    keyfile: Path


class _Encrypted(Exception):
    pass


def _ask_no_passphrase():
    # load_cert_chain would otherwise stop at a terminal prompt for the key's passphrase.
    raise _Encrypted


def _pem_text(path: Path, what: str, marker: str) -> None:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise TLSError(f"{what} {path}: no such file") from None
    except IsADirectoryError:
        raise TLSError(f"{what} {path}: is a folder, not a file") from None
    except OSError as exc:
        raise TLSError(f"{what} {path}: cannot be read ({exc.strerror or exc})") from None
    if b"-----BEGIN " not in raw or marker.encode() not in raw:
        raise TLSError(
            f"{what} {path}: not a PEM file holding a {marker.lower()} (no '-----BEGIN …{marker}-----' line)"
        )


def check_pair(certfile: str | Path, keyfile: str | Path) -> TLSFiles:
    """The pair as TLSFiles when Python's ssl accepts it for a server; else TLSError."""
    files = TLSFiles(Path(certfile), Path(keyfile))
    _pem_text(files.certfile, "--certfile", "CERTIFICATE")
    _pem_text(files.keyfile, "--keyfile", "PRIVATE KEY")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:  # the certificate alone first, so a damaged one is named as such
        context.load_verify_locations(cafile=str(files.certfile))
    except ssl.SSLError:
        raise TLSError(
            f"--certfile {files.certfile}: not a readable PEM certificate (its contents do not parse)"
        ) from None
    try:
        context.load_cert_chain(str(files.certfile), str(files.keyfile), password=_ask_no_passphrase)
    except _Encrypted:
        raise TLSError(
            f"--keyfile {files.keyfile}: the key is encrypted with a passphrase; "
            "judge serve needs an unencrypted key (mkcert makes one)"
        ) from None
    except ssl.SSLError as exc:
        if exc.reason == "KEY_VALUES_MISMATCH":
            raise TLSError(
                f"--keyfile {files.keyfile} is not the key of --certfile {files.certfile} (the pair does not match)"
            ) from None
        raise TLSError(
            f"--keyfile {files.keyfile}: not a readable PEM private key (its contents do not parse)"
        ) from None
    return files

"""A throw-away certificate authority and a server certificate it signed, made with the system's
`openssl` binary in a temporary folder: for the tests that serve the station over https://.

The server certificate names 127.0.0.1 and NAME (a host name Chromium is told maps to 127.0.0.1:
a name it does not treat as this machine, as a phone sees the laptop on the venue's Wi-Fi).
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

NAME = "station.test"


@dataclass(frozen=True)
class Certificates:
    ca: Path  # the authority's certificate: what a client trusts
    certfile: Path  # the station's certificate, signed by the authority
    keyfile: Path
    other_keyfile: Path  # a key of another certificate: not the station's


def openssl_missing() -> str | None:
    return None if shutil.which("openssl") else "the openssl command (Debian package openssl)"


def make(folder: Path) -> Certificates:
    """The authority and the station's certificate in `folder`; skips (fails under CI, where
    .ci/run installs openssl) without the openssl command."""
    lacks = openssl_missing()
    if lacks:
        reason = f"cannot make test certificates: missing {lacks}"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + " (under CI, .ci/run installs it)")
        pytest.skip(reason)
    folder.mkdir(parents=True, exist_ok=True)
    key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    _openssl(
        folder,
        "req",
        "-x509",
        *key,
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        "-days",
        "2",
        "-subj",
        "/CN=judge test authority",
        "-addext",
        "basicConstraints=critical,CA:TRUE",
        "-addext",
        "keyUsage=critical,keyCertSign,cRLSign",
    )
    _openssl(folder, "req", *key, "-keyout", "station.key", "-out", "station.csr", "-subj", f"/CN={NAME}")
    (folder / "station.ext").write_text(
        f"subjectAltName=IP:127.0.0.1,DNS:{NAME}\nbasicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
        "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
    )
    _openssl(
        folder,
        "x509",
        "-req",
        "-in",
        "station.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-out",
        "station.pem",
        "-days",
        "2",
        "-extfile",
        "station.ext",
    )
    _openssl(folder, "genpkey", "-algorithm", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-out", "other.key")
    return Certificates(folder / "ca.pem", folder / "station.pem", folder / "station.key", folder / "other.key")


def spki_sha256(keyfile: Path) -> str:
    """The base64 SHA-256 of the key's public part: what Chromium's
    --ignore-certificate-errors-spki-list takes to accept this one certificate's key and no other."""
    der = subprocess.run(
        ["openssl", "pkey", "-in", str(keyfile), "-pubout", "-outform", "DER"], capture_output=True, check=True
    ).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode("ascii")


def _openssl(folder: Path, *arguments: str) -> None:
    done = subprocess.run(["openssl", *arguments], cwd=folder, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"openssl {' '.join(arguments)} failed: {done.stderr.strip()}")

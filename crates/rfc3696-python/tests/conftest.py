"""Shared fixtures: the vendored test data and the loopback DNS servers."""

from __future__ import annotations

from pathlib import Path

import pytest

from dnsserver import Blackhole, LoopbackDns

ROOT = Path(__file__).resolve().parents[3]
TESTDATA = ROOT / "testdata"


def lines(name: str) -> list[str]:
    """The lines of a corpus file under testdata/corpus."""
    return (TESTDATA / "corpus" / name).read_text(encoding="utf-8").split("\n")


def tsv(path: str) -> list[dict[str, str]]:
    """The rows of a TSV file under testdata, by its header."""
    rows = (TESTDATA / path).read_text(encoding="utf-8").splitlines()
    header = rows[0].split("\t")
    return [dict(zip(header, row.split("\t"))) for row in rows[1:] if row and not row.startswith("#")]


@pytest.fixture(scope="session")
def dns_server():
    server = LoopbackDns(TESTDATA / "dns" / "dnstest.zone")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def blackhole():
    hole = Blackhole()
    yield hole
    hole.stop()

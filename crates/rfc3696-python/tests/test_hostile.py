"""Hostile input: never a crash, never a hang, memory bounded (RFC 3696 §7: bad input gets
an error, not a denial of service)."""

from __future__ import annotations

import random
import time
import zlib

import pytest

import rfc3696
from rfc3696 import idna, punycode

EXPECTED = (rfc3696.Error, UnicodeError)

FUNCTIONS = [
    ("validate_email", lambda s: rfc3696.validate_email(s)),
    ("validate_email rfc5322", lambda s: rfc3696.validate_email(s, profile="rfc5322", allow_quoted_local=True,
                                                                allow_domain_literal=True)),
    ("validate_email display name", lambda s: rfc3696.validate_email(s, allow_display_name=True)),
    ("check_domain", lambda s: rfc3696.check_domain(s)),
    ("check_domain dns", lambda s: rfc3696.check_domain(s, policy="dns")),
    ("idna.encode", lambda s: idna.encode(s)),
    ("idna.encode uts46", lambda s: idna.encode(s, uts46=True)),
    ("idna.decode uts46", lambda s: idna.decode(s, uts46=True, mode="uts46")),
    ("idna.alabel", lambda s: idna.alabel(s)),
    ("punycode.encode", lambda s: punycode.encode(s)),
    ("punycode.decode", lambda s: punycode.decode(s)),
    ("Uri", lambda s: rfc3696.Uri(s)),
    ("UriRef", lambda s: rfc3696.UriRef(s)),
    ("HttpUrl", lambda s: rfc3696.HttpUrl(s)),
    ("Mailto", lambda s: rfc3696.Mailto(s)),
    ("display", lambda s: rfc3696.display(s)),
]

HUGE = [
    "a" * 10_000_000,
    "a@" + "b." * 2_000_000 + "com",
    "(" * 1_000_000 + "a@b.com",
    '"' + "\\" * 1_000_000 + '"@b.com',
    "xn--" + "a" * 1_000_000,
    "%" * 1_000_000,
    "mailto:" + "a@b.com," * 200_000,
    "http://a/" + "../" * 1_000_000,
    "\u0301" * 1_000_000,
    "\U0010ffff" * 500_000,
    "." * 1_000_000,
]


@pytest.mark.parametrize("name,f", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_huge_inputs_fail_fast_with_an_error(name, f):
    for value in HUGE:
        started = time.perf_counter()
        try:
            f(value)
        except EXPECTED as e:
            assert e.code and isinstance(e.offset, int) and 0 <= e.offset <= len(value.encode("utf-8", "surrogatepass"))
        elapsed = time.perf_counter() - started
        assert elapsed < 2.0, (name, value[:20], elapsed)


ALPHABET = list("aZ09.-_@\"\\()[]<>:;,% +=/?#&~!$'*^`{|}\t\r\n\x00\x7f") + [
    "ü", "ß", "ı", "\u0301", "\u200c", "\u200d", "\u00b7", "\u0375", "\u05d0", "\u0627", "\u0660",
    "\u06f0", "\u3002", "\uff0e", "\uff21", "\ufeff", "\u202e", "\U0001f4a9", "xn--", "\ud800", "\udfff",
]


def random_strings(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 40)))


@pytest.mark.parametrize("name,f", FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_random_input_raises_only_documented_errors(name, f):
    """2,000 random strings per function (32,000 in all) from characters that matter to
    the grammars, including lone surrogates: each is a result or a documented error."""
    for value in random_strings(2000, seed=zlib.crc32(name.encode())):
        try:
            f(value)
        except EXPECTED as e:
            assert e.code and isinstance(e.code, str), (name, value)
            assert 0 <= e.offset <= len(value.encode("utf-8", "surrogatepass")), (name, value, e.offset)
            assert e.message and e.user_message


def test_lone_surrogates_are_errors_at_their_byte():
    with pytest.raises(rfc3696.EmailSyntaxError) as e:
        rfc3696.validate_email("ab\ud800@example.com")
    assert (e.value.code, e.value.offset) == ("lone_surrogate", 2)
    with pytest.raises(idna.IDNAError) as e:
        idna.encode("\udfff.com")
    assert e.value.code == "lone_surrogate"


def rss_kib() -> int:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    import resource
    return pages * resource.getpagesize() // 1024


def test_memory_stays_bounded_over_many_calls():
    def round_of_calls():
        for i in range(20_000):
            try:
                rfc3696.validate_email(f"user{i}@Bücher{i % 97}.example")
            except rfc3696.Error:
                pass
            try:
                rfc3696.validate_email(f"bad{i}@@x")
            except rfc3696.Error:
                pass
            idna.encode_all([f"b{i}ücher.example"] * 3)
    round_of_calls()  # warm up: allocator pools, interned strings
    before = rss_kib()
    for _ in range(3):
        round_of_calls()
    grown = rss_kib() - before
    assert grown < 20_000, f"RSS grew by {grown} KiB over 180,000 calls"

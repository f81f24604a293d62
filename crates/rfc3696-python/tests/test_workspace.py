"""Domains, URIs, mailto, Punycode and the IDN display decision, with the command line's
fields and codes."""

from __future__ import annotations

import pytest

import rfc3696
from conftest import tsv
from rfc3696 import DomainError, PunycodeError, UriError, punycode


def test_check_domain_policies_rfc3696_s2_rfc1123_rfc2181():
    d = rfc3696.check_domain("WWW.Example.aero.")
    assert (d.input, d.ascii, d.unicode) == ("WWW.Example.aero.", "www.example.aero.", "www.example.aero.")
    assert d.labels == ["WWW", "Example", "aero"] and d.is_absolute
    assert str(d) == d.ascii and "www.example.aero." in repr(d)
    with pytest.raises(DomainError) as e:
        rfc3696.check_domain("localhost")
    assert (e.value.code, e.value.offset) == ("not_fully_qualified", 0) or e.value.code == "not_fully_qualified"
    assert rfc3696.check_domain("localhost", policy="hostname").ascii == "localhost"
    with pytest.raises(DomainError) as e:
        rfc3696.check_domain("_dmarc.example.com", policy="hostname")
    assert (e.value.code, e.value.offset) == ("invalid_character", 0)
    assert rfc3696.check_domain("_dmarc.example.com", policy="dns").labels[0] == "_dmarc"
    with pytest.raises(DomainError) as e:
        rfc3696.check_domain("example.123")
    assert (e.value.code, e.value.offset) == ("numeric_tld", 8)
    assert e.value.user_message
    with pytest.raises(ValueError, match="policy"):
        rfc3696.check_domain("a.b", policy="url")


def test_check_domain_idn_and_warnings_rfc5891():
    d = rfc3696.check_domain("xn--bcher-kva.example")
    assert (d.ascii, d.unicode) == ("xn--bcher-kva.example", "bücher.example")
    assert [w["code"] for w in d.warnings] == ["special_use_domain"]
    assert "RFC 6761" in d.warnings[0]["message"] or d.warnings[0]["message"]
    r = rfc3696.check_domain("ab--cd.example.com")
    assert "reserved_hyphen_label" in [w["code"] for w in r.warnings]
    with pytest.raises(DomainError) as e:
        rfc3696.check_domain("xn--a.example")
    assert e.value.code == "invalid_a_label"
    spoof = rfc3696.check_domain("xn--80ak6aa92e.com")  # аррӏе in Cyrillic
    assert ("confusable", 0) in [(w["code"], w.get("label")) for w in spoof.warnings]
    with pytest.raises(DomainError):
        rfc3696.check_domain("\U0001f4a9.la")
    assert rfc3696.check_domain("\U0001f4a9.la", idna="uts46").ascii == "xn--ls8h.la"


def test_uri_components_rfc3986_s3():
    u = rfc3696.Uri("http://example.com:8080/path?search#fragment")
    assert (u.scheme, u.userinfo, u.host, u.port) == ("http", None, "example.com", 8080)
    assert (u.path, u.query, u.fragment) == ("/path", "search", "fragment")
    assert str(u) == "http://example.com:8080/path?search#fragment"
    empty = rfc3696.Uri("http://h/?#")
    assert (empty.query, empty.fragment) == ("", "")  # empty is not absent (§5.3)
    assert rfc3696.Uri("mailto:a@example.com").host is None
    assert rfc3696.UriRef("HTTP://Example.COM/%7euser").normalized == "http://example.com/~user"
    with pytest.raises(UriError) as e:
        rfc3696.UriRef("http://www.example.com/a b")
    assert (e.value.code, e.value.offset) == ("invalid_character_in_path", 24)
    with pytest.raises(UriError) as e:
        rfc3696.Uri("www.example.com")  # nothing is guessed: RFC 3696 §4.4
    assert e.value.code == "missing_scheme"
    assert rfc3696.UriRef("//h/p").scheme is None


STRICT_RESOLUTION = [r for r in tsv("uri/rfc3986-resolution.tsv") if not r["note"].startswith("backward-compatible")]


@pytest.mark.parametrize("row", STRICT_RESOLUTION, ids=lambda r: r["base"] + " " + r["reference"])
def test_resolution_examples_rfc3986_s5_4(row):
    """RFC 3986 §5.4 with a strict parser (§5.2.2: a reference with the base's scheme keeps it)."""
    assert rfc3696.resolve(row["base"], row["reference"]) == row["expected"]


def test_resolve_errors():
    with pytest.raises(UriError):
        rfc3696.resolve("/relative", "g")
    with pytest.raises(UriError):
        rfc3696.resolve("http://a/", "a b")


def test_http_url_rfc9110_s4_2():
    url = rfc3696.HttpUrl("https://Example.com:8443/a?b")
    assert (url.scheme, url.host, url.port, url.effective_port) == ("https", "Example.com", 8443, 8443)
    assert url.origin == "https://example.com:8443" and url.path == "/a" and url.query == "b"
    assert rfc3696.HttpUrl("http://example.com/").effective_port == 80
    with pytest.raises(UriError) as e:
        rfc3696.HttpUrl("http://www.bank.example@evil.example/")
    assert e.value.code == "userinfo_in_http_url"  # RFC 9110 §4.2.4
    spoof = rfc3696.HttpUrl("https://www.xn--80ak6aa92e.com/")
    assert ("confusable", 1) in [(w["code"], w.get("label")) for w in spoof.warnings]


def test_mailto_rfc6068():
    m = rfc3696.Mailto("mailto:!def!xyz%25abc@example.com?subject=hi")
    assert m.to == ["!def!xyz%abc@example.com"] and m.subject == "hi" and m.body is None
    assert m.hfields == [("subject", "hi")]
    injected = rfc3696.Mailto("mailto:a@example.com?subject=hi%0D%0ABcc:%20all@example.com")
    assert "header_injection" in [w["code"] for w in injected.warnings]
    with pytest.raises(UriError):
        rfc3696.Mailto("mailto:customer%2Fdepartment=shipping@example.com")


@pytest.mark.parametrize("row", tsv("uri/rfc3696-mailto-table.tsv"), ids=lambda r: r["email_address"])
def test_mailto_table_rfc3696_s4_3_corrected(row):
    built = rfc3696.build_mailto(to=[row["email_address"]])
    assert built == row["mailto_url"]
    assert rfc3696.Mailto(built).to == [row["email_address"]]


def test_build_mailto_rfc6068_s2():
    assert (
        rfc3696.build_mailto(to=["Joe@example.com"], subject="current issue", body="a&b")
        == "mailto:Joe@example.com?subject=current%20issue&body=a%26b"
    )
    with pytest.raises(UriError) as e:
        rfc3696.build_mailto(to=["not an address"])
    assert e.value.code and e.value.message
    with pytest.raises(UriError) as e:
        rfc3696.build_mailto(to=["a@example.com"], headers=[("From", "boss@example.com")])
    assert e.value.code == "unsafe_header_field"


@pytest.mark.parametrize("row", tsv("rfc3492/rfc3492-vectors.tsv"), ids=lambda r: r["name"])
def test_punycode_vectors_rfc3492_s7_1(row):
    text = "".join(chr(int(cp[2:], 16)) for cp in row["code_points"].split())
    if row["mixed_case"] == "no":
        assert punycode.encode(text) == row["punycode"]
    assert punycode.decode(row["punycode"]) == text


def test_punycode_errors_rfc3492_s6_2():
    with pytest.raises(PunycodeError) as e:
        punycode.decode("a_")
    assert (e.value.code, e.value.offset) == ("invalid_digit", 1)
    assert issubclass(PunycodeError, rfc3696.Error)


def test_display_uts39():
    d = rfc3696.display("xn--80ak6aa92e.com")
    assert (d.output, d.ascii, d.display_safe) == ("xn--80ak6aa92e.com", "xn--80ak6aa92e.com", False)
    assert d.unicode == "аррӏе.com"
    assert d.warnings[0]["code"] == "confusable" and d.warnings[0]["label"] == 0
    ok = rfc3696.display("xn--bcher-kva.de")
    assert (ok.output, ok.display_safe, ok.warnings) == ("bücher.de", True, [])
    assert str(ok) == ok.output
    assert rfc3696.display("example.com.").output == "example.com."
    with pytest.raises(DomainError):
        rfc3696.display("a..b")
    protected = rfc3696.display("xn--pple-43d.com", protect=["apple.com"])  # Cyrillic а
    assert not protected.display_safe

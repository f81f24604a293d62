"""validate_email in email-validator's shape (RFC 5321 §4.1.2, RFC 6531 §3.3, RFC 3696 §3)."""

from __future__ import annotations

import pytest

import rfc3696
from conftest import lines, tsv
from rfc3696 import EmailNotValidError, EmailSyntaxError, EmailUndeliverableError, ValidatedEmail


def test_attributes_of_an_idn_address_rfc6531():
    v = rfc3696.validate_email("user@Bücher.example")
    assert isinstance(v, ValidatedEmail)
    assert v.original == "user@Bücher.example"
    assert v.normalized == "user@bücher.example"
    assert v.email == v.normalized
    assert (v.local_part, v.domain) == ("user", "bücher.example")
    assert v.ascii_email == "user@xn--bcher-kva.example"
    assert (v.ascii_local_part, v.ascii_domain) == ("user", "xn--bcher-kva.example")
    assert v.smtputf8 is False
    assert v.display_name is None
    assert v.mx is None and v.mx_fallback_type is None and v.deliverability is None
    # `B` is not a U-label character: the domain is stored as UTS #46 maps it (RFC 5895).
    assert sorted(w["code"] for w in v.warnings) == ["domain_mapped", "special_use_domain"]
    d = v.as_dict()
    assert d["ascii_email"] == v.ascii_email and d["warnings"] == v.warnings
    assert str(v) == v.normalized and "user@bücher.example" in repr(v)
    assert v == rfc3696.validate_email("user@bücher.example")
    assert hash(v) == hash(rfc3696.validate_email("user@bücher.example"))


def test_utf8_local_part_needs_smtputf8_rfc6531_s3_3():
    v = rfc3696.validate_email("Jürgen@bücher.example")
    assert v.smtputf8 is True
    assert v.ascii_email is None and v.ascii_local_part is None
    assert v.ascii_domain == "xn--bcher-kva.example"
    assert v.local_part == "Jürgen"  # case kept: RFC 5321 §2.4
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email("Jürgen@bücher.example", allow_smtputf8=False)
    assert e.value.code == "non_ascii"
    assert e.value.offset == 1


def test_local_part_is_put_in_nfc_rfc6532_s3_1():
    v = rfc3696.validate_email("jose\u0301@example.com")
    assert v.local_part == "jos\u00e9"
    assert "local_part_not_nfc" in [w["code"] for w in v.warnings]


def test_error_attributes_rfc5321_s2_3_5():
    with pytest.raises(EmailNotValidError) as e:
        rfc3696.validate_email("jane@localhost")
    err = e.value
    assert isinstance(err, EmailSyntaxError) and isinstance(err, ValueError)
    assert isinstance(err, rfc3696.Error)
    assert (err.code, err.offset) == ("not_fully_qualified", 5)
    assert str(err) == err.message and err.message
    assert err.user_message and err.user_message != err.message


def test_offset_is_in_utf8_bytes():
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email("jürgen@exa mple.com")
    assert e.value.offset == len("jürgen@exa".encode())


def test_quoted_local_part_switch_rfc3696_s3():
    # Needless quotes are removed, never refused.
    assert rfc3696.validate_email('"user"@example.com').normalized == "user@example.com"
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email('"john doe"@example.com')
    assert e.value.code == "quoted_local_part"
    v = rfc3696.validate_email('"john doe"@example.com', allow_quoted_local=True)
    assert v.local_part == '"john doe"'
    assert "quoted_local_part" in [w["code"] for w in v.warnings]


def test_domain_literal_switch_rfc5321_s4_1_3():
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email("user@[192.0.2.1]")
    assert (e.value.code, e.value.offset) == ("address_literal", 5)
    v = rfc3696.validate_email("user@[IPv6:2001:DB8::1]", allow_domain_literal=True)
    assert v.domain == "[IPv6:2001:db8::1]" == v.ascii_domain


def test_display_name_switch_rfc5322_s3_4():
    with pytest.raises(EmailSyntaxError):
        rfc3696.validate_email("Jane Doe <jane@example.com>")
    v = rfc3696.validate_email("Jane Doe <jane@example.com>", allow_display_name=True)
    assert (v.display_name, v.normalized) == ("Jane Doe", "jane@example.com")
    v = rfc3696.validate_email('"Doe, Jane" <jane@example.com>', allow_display_name=True)
    assert v.display_name == "Doe, Jane"
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email("a@example.com, b@example.com", allow_display_name=True)
    assert e.value.code == "multiple_addresses"
    # Offsets point into the whole input.
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email("Jane <jane@localhost>", allow_display_name=True)
    assert e.value.offset == len("Jane <jane@")


def test_empty_local_part_follows_rfc5321_s4_1_2():
    assert rfc3696.validate_email('""@example.com', allow_quoted_local=True).local_part == '""'
    for allow in (False, True):
        with pytest.raises(EmailSyntaxError):
            rfc3696.validate_email("@example.com", allow_empty_local=allow)


def test_profiles():
    with pytest.raises(EmailSyntaxError):
        rfc3696.validate_email("john.doe(comment)@example.com")
    v = rfc3696.validate_email("john.doe(comment)@example.com", profile="rfc5322")
    assert "cfws" in [w["code"] for w in v.warnings]
    assert rfc3696.validate_email(".a..b.@localhost", profile="html5").normalized == ".a..b.@localhost"
    v = rfc3696.validate_email(r"Abc\@def@example.com", profile="rfc3696", allow_quoted_local=True)
    assert "erratum_246_backslash" in [w["code"] for w in v.warnings]
    with pytest.raises(ValueError, match="profile"):
        rfc3696.validate_email("a@example.com", profile="loose")
    with pytest.raises(ValueError, match="idna"):
        rfc3696.validate_email("a@example.com", idna="strict")


def test_errata_1003_1690_total_length_254():
    long = "a" * 64 + "@" + "b" * 63 + "." + "c" * 63 + "." + "d" * 58 + ".com"
    assert len(long) == 255
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email(long)
    assert e.value.code == "address_too_long"
    assert rfc3696.validate_email(long[1:]).normalized == long[1:]


def test_domain_mapped_by_uts46_rfc5895():
    v = rfc3696.validate_email("info@\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25.com")
    assert v.normalized == "info@example.com"
    assert "domain_mapped" in [w["code"] for w in v.warnings]


def test_spoofing_warnings_uts39():
    v = rfc3696.validate_email("jоhn@xn--pypal-4ve.com")  # Cyrillic о, Cyrillic а
    codes = [(w["code"], w.get("label")) for w in v.warnings]
    assert ("mixed_script", 0) in codes


@pytest.mark.parametrize("row", tsv("email/rfc-examples.tsv"), ids=lambda r: r["input"])
def test_rfc_examples_rfc3696_s3_with_errata(row):
    """The vendored examples of RFC 3696 §3 and its errata, under RFC 5321 with quoted
    local parts allowed (the examples are about the grammar)."""
    try:
        rfc3696.validate_email(row["input"], allow_quoted_local=True, allow_domain_literal=True,
                               allow_smtputf8=False)
        valid = True
    except EmailSyntaxError as e:
        assert e.code and e.message
        valid = False
    assert valid == (row["valid_strict"] == "true"), row["note"]


def test_bytes_input_and_type_errors():
    assert rfc3696.validate_email(b"a@example.com").normalized == "a@example.com"
    assert rfc3696.validate_email(bytearray(b"a@example.com")).normalized == "a@example.com"
    with pytest.raises(EmailSyntaxError) as e:
        rfc3696.validate_email(b"a\xff@example.com")
    assert (e.value.code, e.value.offset) == ("invalid_utf8", 1)
    with pytest.raises(TypeError):
        rfc3696.validate_email(42)


def test_undeliverable_is_an_email_not_valid_error():
    assert issubclass(EmailUndeliverableError, EmailNotValidError)
    assert issubclass(EmailSyntaxError, EmailNotValidError)
    assert not issubclass(EmailUndeliverableError, EmailSyntaxError)


@pytest.mark.parametrize("flags", [{}, {"allow_smtputf8": False}, {"profile": "rfc5322"}, {"profile": "html5"},
                                   {"allow_quoted_local": True, "allow_domain_literal": True}])
def test_plain_address_shortcut_changes_nothing(flags):
    """A plain address (ASCII, unquoted, lower-case domain without A-labels) is stored as
    written without the full normalization; both paths give the same over the corpus."""
    import importlib

    native = importlib.import_module("rfc3696._rfc3696")
    emails = [e for e in lines("emails.txt") if e] + ["A@B.example", "a@b.example.", "a(c)@b.example",
                                                        '"a"@b.example', "a@xn--bcher-kva.example"]
    plain = 0
    for email in emails:
        try:
            fast = rfc3696.validate_email(email, **flags).as_dict()
        except rfc3696.EmailNotValidError as e:
            fast = (type(e), e.code, e.offset, str(e))
        try:
            slow = native._validate_email_without_shortcut(email, **flags).as_dict()
        except rfc3696.EmailNotValidError as e:
            slow = (type(e), e.code, e.offset, str(e))
        assert fast == slow, email
        plain += isinstance(fast, dict) and fast["normalized"] == email
    assert plain > 10_000


def test_call_without_keywords_equals_the_call_with_the_default_keywords():
    """A call without keyword arguments takes email-validator's defaults without reading
    them; spelled out, they give the same over the corpus, and a call with any keyword
    reads and reports them as the full signature does."""
    defaults = dict(allow_smtputf8=True, allow_quoted_local=False, allow_domain_literal=False,
                    allow_display_name=False, allow_empty_local=False, check_deliverability=False,
                    timeout=None, dns_resolver=None, profile=None, idna="registration")
    compared = 0
    for email in [e for e in lines("emails.txt") if e] + ["Jürgen@Bücher.Example", '"a b"@c.example', ""]:
        answers = []
        for keywords in ({}, defaults, {"idna": "registration"}):
            try:
                answers.append(rfc3696.validate_email(email, **keywords).as_dict())
            except rfc3696.EmailNotValidError as e:
                answers.append((type(e), e.code, e.offset, str(e)))
        assert answers[0] == answers[1] == answers[2], email
        compared += 1
    assert compared > 10_000
    with pytest.raises(TypeError, match="unexpected keyword argument 'strict'"):
        rfc3696.validate_email("a@example.com", strict=True)
    with pytest.raises(TypeError, match="positional"):
        rfc3696.validate_email("a@example.com", True)
    with pytest.raises(TypeError, match="positional"):
        rfc3696.validate_email(email="a@example.com")
    with pytest.raises(TypeError, match="missing"):
        rfc3696.validate_email()
    assert rfc3696.validate_email("a@[192.0.2.1]", allow_domain_literal=True).domain == "[192.0.2.1]"

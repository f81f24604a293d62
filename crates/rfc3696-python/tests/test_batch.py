"""The batch functions: the same answers as the single calls, in input order."""

from __future__ import annotations

import pytest

import rfc3696
from conftest import lines


def same(single, batched):
    """A batch item equals the single call's result, or is the exception it raised."""
    if isinstance(single, Exception):
        assert type(batched) is type(single)
        assert (batched.code, batched.offset, str(batched)) == (single.code, single.offset, str(single))
    else:
        assert type(batched) is type(single)
        return True
    return False


def call(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except rfc3696.Error as e:
        return e
    except UnicodeError as e:  # rfc3696.idna.IDNAError
        return e


def test_validate_emails_equals_validate_email_over_the_corpus():
    emails = lines("emails.txt")
    batch = rfc3696.validate_emails(emails)
    assert len(batch) == len(emails)
    valid = 0
    for email, got in zip(emails, batch):
        want = call(rfc3696.validate_email, email)
        if same(want, got):
            assert got.as_dict() == want.as_dict(), email
            valid += 1
    assert 0 < valid < len(emails)


def test_validate_emails_takes_the_keyword_arguments():
    got = rfc3696.validate_emails(['"john doe"@example.com', "a@[192.0.2.1]"], allow_quoted_local=True)
    assert got[0].local_part == '"john doe"'
    assert isinstance(got[1], rfc3696.EmailSyntaxError) and got[1].code == "address_literal"
    assert rfc3696.validate_emails([]) == []
    assert [v.normalized for v in rfc3696.validate_emails(iter(["a@B.example"]))] == ["a@b.example"]
    with pytest.raises(TypeError):
        rfc3696.validate_emails(["a@example.com", 3])


def test_check_domains_equals_check_domain_over_the_corpus():
    names = lines("domains.txt")
    for policy in ("fqdn", "hostname", "dns"):
        batch = rfc3696.check_domains(names, policy=policy)
        for name, got in zip(names, batch):
            want = call(rfc3696.check_domain, name, policy=policy)
            if same(want, got):
                assert (got.ascii, got.unicode, got.labels, got.warnings) == (
                    want.ascii, want.unicode, want.labels, want.warnings), name


def test_display_all_equals_display():
    names = lines("domains.txt")[:3000] + ["xn--80ak6aa92e.com"]
    batch = rfc3696.display_all(names, protect=["apple.com"])
    for name, got in zip(names, batch):
        want = call(rfc3696.display, name, protect=["apple.com"])
        if same(want, got):
            assert (got.output, got.display_safe, got.warnings) == (want.output, want.display_safe, want.warnings)


def test_batch_keeps_order_for_many_items():
    emails = [f"user{i}@example{i}.com" for i in range(5000)]
    assert [v.local_part for v in rfc3696.validate_emails(emails)] == [f"user{i}" for i in range(5000)]


def test_batch_reads_mixed_and_odd_items_like_the_single_call():
    """Lone surrogates, bytes, bytearrays and empty items among plain ones: each answer
    is the single call's, in order."""
    items = ["a@b.example", "", "ü@b.example", "\U0001f4a9@b.example", "x\u0301y@b.example", "c@d.example"]
    for extra in ([], ["bad\ud800@b.example"], [b"e@f.example"], [bytearray(b"\xff@g.example")]):
        batch = rfc3696.validate_emails(items + extra)
        assert len(batch) == len(items) + len(extra)
        for item, got in zip(items + extra, batch):
            want = call(rfc3696.validate_email, item)
            if same(want, got):
                assert got.as_dict() == want.as_dict(), item


def test_batch_reads_nul_and_empty_items_and_any_iterable_like_the_single_call():
    """The inputs are read into one buffer: a NUL inside an item, empty items at either
    end, a tuple, a list subclass and an iterator each give the single call's answers,
    in order."""

    class Items(list):
        pass

    items = ["", "a@b.example", "c\x00d@e.example", "\x00", "f@g.example", ""]
    for shaped, want_items in [(s, items) for s in (items, tuple(items), Items(items), iter(items))] + [
        (["\x00"], ["\x00"]),
        ([""], [""]),
        (["a@b.example"], ["a@b.example"]),
    ]:
        batch = rfc3696.validate_emails(shaped)
        assert len(batch) == len(want_items)
        for item, got in zip(want_items, batch):
            want = call(rfc3696.validate_email, item)
            if same(want, got):
                assert got.as_dict() == want.as_dict(), item
    names = ["b\u00fccher.example", "a\x00b.example", "", "example.com"]
    batch = rfc3696.check_domains(names)
    assert len(batch) == len(names)
    for got, name in zip(batch, names):
        want = call(rfc3696.check_domain, name)
        if same(want, got):
            assert got.ascii == want.ascii


def test_batch_of_many_chunks_from_an_iterator_keeps_order_and_errors_in_place():
    """More items than one chunk, from a generator (no length known), with invalid
    items spread over the chunks: each answer is the single call's, at its place."""
    items = [f"u{i}@example{i}.com" if i % 7 else f"u{i}@example{i}.123" for i in range(3000)]
    batch = rfc3696.validate_emails(item for item in items)
    assert len(batch) == len(items)
    for item, got in zip(items, batch):
        want = call(rfc3696.validate_email, item)
        if same(want, got):
            assert got.normalized == want.normalized, item
    assert sum(isinstance(got, rfc3696.EmailSyntaxError) for got in batch) == len(range(0, 3000, 7))


def test_batch_stops_with_type_error_for_a_non_text_item_in_a_late_chunk():
    """A value that is not text is a TypeError for the whole call, wherever it is, and
    the next batch runs as usual (the workers of the failed one are gone)."""
    items = [f"u{i}@example.com" for i in range(3000)]
    with pytest.raises(TypeError):
        rfc3696.validate_emails([*items[:2500], 42, *items[2500:]])
    with pytest.raises(TypeError):
        rfc3696.check_domains(iter([*items[:1200], None]))
    assert [v.local_part for v in rfc3696.validate_emails(items)] == [f"u{i}" for i in range(3000)]

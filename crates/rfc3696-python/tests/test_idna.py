"""rfc3696.idna in the idna package's shape, judged by IDNA 2008 (RFC 5890-5893)."""

from __future__ import annotations

import pytest

from conftest import lines
from rfc3696 import idna


def test_encode_decode_rfc5891_s4():
    assert idna.encode("bücher.example") == b"xn--bcher-kva.example"
    assert idna.decode(b"xn--bcher-kva.example") == "bücher.example"
    assert idna.encode("ドメイン.テスト") == b"xn--eckwd4c7c.xn--zckzah"
    assert idna.encode("example.com.") == b"example.com."  # root dot kept
    assert idna.encode("Example.COM") == b"example.com"  # A-label form is lower case


def test_uts46_mapping_on_request_rfc5895():
    with pytest.raises(idna.InvalidCodepoint) as e:
        idna.encode("Bücher.example")  # capital letters are DISALLOWED in U-labels
    assert e.value.code == "idna_disallowed" and e.value.offset == 0
    assert idna.encode("Bücher.example", uts46=True) == b"xn--bcher-kva.example"
    assert idna.encode("\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25.de", uts46=True) == b"example.de"
    assert idna.decode("XN--BCHER-KVA.example", uts46=True) == "bücher.example"


def test_modes_registration_lookup_uts46():
    with pytest.raises(idna.InvalidCodepoint):
        idna.encode("\U0001f4a9.la", uts46=True)
    assert idna.encode("\U0001f4a9.la", uts46=True, mode="uts46") == b"xn--ls8h.la"
    assert idna.decode("xn--ls8h.la", uts46=True, mode="uts46") == "\U0001f4a9.la"
    with pytest.raises(idna.IDNAError):
        idna.decode("xn--ls8h.la", mode="lookup")
    with pytest.raises(ValueError, match="mode|idna"):
        idna.encode("a.b", mode="loose")


def test_exception_classes_rfc5892_rfc5893():
    assert issubclass(idna.IDNABidiError, idna.IDNAError)
    assert issubclass(idna.InvalidCodepoint, idna.IDNAError)
    assert issubclass(idna.InvalidCodepointContext, idna.IDNAError)
    assert issubclass(idna.IDNAError, UnicodeError)
    # RFC 5893 §2 rule 1: a label starting with a digit cannot contain RTL characters.
    with pytest.raises(idna.IDNABidiError) as e:
        idna.encode("0\u05d0.example")
    assert e.value.code == "idna_bidi"
    # RFC 5892 Appendix A.1: ZERO WIDTH JOINER needs a virama before it.
    with pytest.raises(idna.InvalidCodepointContext) as e:
        idna.encode("a\u200db.example")
    assert e.value.code == "idna_joiners"
    # RFC 5892 Appendix A.3: MIDDLE DOT only between two l.
    with pytest.raises(idna.InvalidCodepointContext):
        idna.encode("a\u00b7b.example")
    assert idna.encode("l\u00b7l.example") == b"xn--ll-0ea.example"
    with pytest.raises(idna.InvalidCodepoint):
        idna.encode("a_b.example")
    with pytest.raises(idna.IDNAError) as e:
        idna.encode("")
    assert e.value.code == "empty"
    with pytest.raises(idna.IDNAError) as e:
        idna.encode("a..b")
    assert (e.value.code, e.value.offset) == ("empty_label", 2)


def test_reserved_hyphen_labels_rfc5890_s2_3_1():
    with pytest.raises(idna.IDNAError) as e:
        idna.encode("ab--cd.example")
    assert e.value.code == "idna_hyphens"
    with pytest.raises(idna.IDNAError) as e:
        idna.encode("xn--a.example")  # decodes to U+0080: not an A-label
    assert e.value.code == "invalid_a_label"


def test_wide_dots_separate_labels_unless_strict_rfc3490_s3_1():
    assert idna.encode("bücher\u3002example") == b"xn--bcher-kva.example"
    with pytest.raises(idna.IDNAError):
        idna.encode("bücher\u3002example", strict=True)
    # Offsets stay in the input's bytes when a wide dot was replaced.
    with pytest.raises(idna.IDNAError) as e:
        idna.encode("a\u3002\u3002b")
    assert e.value.offset == len("a\u3002".encode())


def test_transitional_is_refused_uts46_s4():
    with pytest.raises(ValueError, match="transitional"):
        idna.encode("faß.de", uts46=True, transitional=True)
    assert idna.encode("faß.de") == b"xn--fa-hia.de"


def test_labels():
    assert idna.alabel("bücher") == b"xn--bcher-kva"
    assert idna.alabel("Example") == b"example"
    assert idna.ulabel(b"xn--bcher-kva") == "bücher"
    assert idna.check_label("bücher") is None
    for bad in ("a.b", "a\u3002b"):
        with pytest.raises(idna.InvalidCodepoint):
            idna.alabel(bad)
        with pytest.raises(idna.InvalidCodepoint):
            idna.check_label(bad)
    with pytest.raises(idna.InvalidCodepoint):
        idna.check_label("Bücher")


def test_round_trip_over_the_domain_corpus():
    names = [n for n in lines("domains.txt") if n]
    converted = 0
    for name in names:
        try:
            ascii_form = idna.encode(name, uts46=True)
        except idna.IDNAError:
            continue
        converted += 1
        unicode_form = idna.decode(ascii_form)
        assert idna.encode(unicode_form) == ascii_form, name
        assert idna.decode(unicode_form) == unicode_form, name
    assert converted > len(names) * 0.9


def test_round_trip_over_the_punycode_label_corpus():
    labels = [label for label in lines("punycode-labels.txt") if label]
    done = 0
    for label in labels:
        try:
            a = idna.alabel(label)
        except idna.IDNAError:
            continue
        done += 1
        assert idna.alabel(idna.ulabel(a)) == a, label
    assert done > 1000


def test_encode_all_equals_encode():
    names = [n for n in lines("domains.txt") if n][:5000] + ["a..b", "Bücher.example", b"xn--bcher-kva.example"]
    batch = idna.encode_all(names, uts46=True)
    assert len(batch) == len(names)
    for name, got in zip(names, batch):
        try:
            want = idna.encode(name, uts46=True)
        except idna.IDNAError as e:
            assert type(got) is type(e) and (got.code, got.offset) == (e.code, e.offset), name
        else:
            assert got == want, name

"""Differential tests against email-validator and idna over the vendored corpora: where
both follow the standard they agree, and every disagreement has one of the reasons
listed here (the migration table of docs/python.md gives the same reasons).

The figures of each comparison are written to target/python-differential.json."""

from __future__ import annotations

import collections
import json
import unicodedata

import email_validator
import idna as idna_package
import pytest

import rfc3696
from conftest import ROOT, TESTDATA, lines
from rfc3696 import idna

# The reasons, keyed as in the JSON figures.
REASONS = {
    "special_use_domain": "email-validator refuses special-use names (RFC 6761 `example`, `test`, "
                          "`home.arpa`, ...); they are valid syntax, so rfc3696 accepts them with the "
                          "special_use_domain warning (and deliverability reports them undeliverable)",
    "empty_quoted_local_part": 'RFC 5321 §4.1.2 allows an empty Quoted-string: ""@example.com is valid; '
                               "email-validator needs allow_empty_local=True",
    "local_part_over_64": "RFC 5321 §4.5.3.1.1 limits a local part to 64 octets; email-validator checks it "
                          "only with strict=True",
    "role_local_part_case": "email-validator lower-cases RFC 2142 role names (Info@, Sales@); RFC 5321 §2.4 "
                            "says a local part is case-sensitive, so rfc3696 keeps its case",
    "ipv4_mapped_ipv6": "RFC 5952 §5 recommends the mixed notation for IPv4-mapped addresses "
                        "(::ffff:192.0.2.1); email-validator writes them in hexadecimal",
    "a_label_case": "an A-label is written in lower case (RFC 5890 §2.3.2.1); idna returns ASCII labels "
                    "in the case they were given",
    "bidi_every_label": "RFC 5893 §2 applies the Bidi rule to every label of a domain name with a "
                        "right-to-left label; idna checks only the right-to-left labels",
    "newer_unicode": "rfc3696's IDNA 2008 tables are of Unicode " + rfc3696.IDNA_UNICODE_VERSION + "; idna's "
                     "do not know the code points assigned since its version",
}

FIGURES: dict[str, dict] = {}


def record(name: str, counts: collections.Counter, total: int) -> None:
    FIGURES[name] = {"total": total, **dict(counts)}
    path = ROOT / "target" / "python-differential.json"
    path.parent.mkdir(exist_ok=True)
    old = json.loads(path.read_text()) if path.exists() else {}
    old.update(FIGURES)
    path.write_text(json.dumps(old, indent=2, sort_keys=True))


def email_reason(address, ours, theirs):
    """Why the two disagree, or None when nothing listed explains it."""
    codes = [] if isinstance(ours, Exception) else [w["code"] for w in ours.warnings]
    if isinstance(theirs, Exception) and not isinstance(ours, Exception):
        if "special_use_domain" in codes and "special-use" in str(theirs):
            return "special_use_domain"
        if ours.local_part == '""':
            return "empty_quoted_local_part"
    if isinstance(ours, Exception) and not isinstance(theirs, Exception):
        if ours.code == "local_part_too_long" and len(theirs.ascii_local_part or theirs.local_part) > 64:
            return "local_part_over_64"
    if not isinstance(ours, Exception) and not isinstance(theirs, Exception):
        if theirs.local_part == ours.local_part.lower() and theirs.domain == ours.domain:
            return "role_local_part_case"
        if ours.domain.startswith("[IPv6:") and "." in ours.domain and theirs.local_part == ours.local_part:
            return "ipv4_mapped_ipv6"
    return None


@pytest.mark.parametrize("name,flags", [
    ("email default", {}),
    ("email quoted and literal", {"allow_quoted_local": True, "allow_domain_literal": True}),
    ("email ascii", {"allow_smtputf8": False}),
])
def test_validate_email_agrees_with_email_validator(name, flags):
    emails = [e for e in lines("emails.txt") if e]
    counts = collections.Counter()
    unexplained = []
    for address in emails:
        try:
            theirs = email_validator.validate_email(address, check_deliverability=False, **flags)
        except email_validator.EmailNotValidError as e:
            theirs = e
        try:
            ours = rfc3696.validate_email(address, **flags)
        except rfc3696.EmailNotValidError as e:
            ours = e
        if isinstance(ours, Exception) and isinstance(theirs, Exception):
            counts["both_invalid"] += 1
            continue
        if not isinstance(ours, Exception) and not isinstance(theirs, Exception):
            if (ours.normalized, ours.ascii_email, ours.smtputf8) == (theirs.normalized, theirs.ascii_email,
                                                                     theirs.smtputf8):
                counts["both_valid_same_form"] += 1
                continue
        reason = email_reason(address, ours, theirs)
        if reason is None:
            unexplained.append((address, ours, theirs))
        counts[reason or "unexplained"] += 1
    record(name, counts, len(emails))
    assert unexplained == []
    agreeing = counts["both_invalid"] + counts["both_valid_same_form"]
    assert agreeing / len(emails) > 0.98


def idna_reason(name, ours, theirs):
    if not isinstance(ours, Exception) and not isinstance(theirs, Exception):
        if theirs.lower() == ours:
            return "a_label_case"
    if isinstance(ours, idna.IDNABidiError) and not isinstance(theirs, Exception):
        labels = idna_package.decode(theirs).split(".")
        rtl = [any(unicodedata.bidirectional(c) in ("R", "AL") for c in label) for label in labels]
        if any(rtl) and not all(rtl):
            return "bidi_every_label"
    if isinstance(theirs, idna_package.IDNAError) and not isinstance(ours, Exception):
        if str(theirs).startswith("Unknown directionality") or "not allowed" in str(theirs):
            unknown = [c for c in idna.decode(ours) if unicodedata.category(c) == "Cn"]
            if unknown:
                return "newer_unicode"
    return None


def idna_vectors() -> list[str]:
    sources = []
    for row in (TESTDATA / "idna" / "IdnaTestV2.txt").read_text(encoding="utf-8").splitlines():
        if row and not row.startswith("#"):
            source = row.split(";")[0].strip()
            sources.append(source.encode().decode("unicode_escape") if "\\u" in source else source)
    return sources


CORPORA = {
    "domains": lambda: [n for n in lines("domains.txt") if n],
    "labels": lambda: [label + ".example" for label in lines("punycode-labels.txt") if label],
    "IdnaTestV2": idna_vectors,
}


@pytest.mark.parametrize("corpus", sorted(CORPORA))
@pytest.mark.parametrize("uts46", [False, True])
def test_idna_encode_agrees_with_idna(corpus, uts46):
    names = CORPORA[corpus]()
    counts = collections.Counter()
    unexplained = []
    for name in names:
        try:
            theirs = idna_package.encode(name, uts46=uts46)
        except (idna_package.IDNAError, UnicodeError, ValueError) as e:
            theirs = e
        try:
            ours = idna.encode(name, uts46=uts46)
        except idna.IDNAError as e:
            ours = e
        if isinstance(ours, Exception) and isinstance(theirs, Exception):
            counts["both_invalid"] += 1
        elif ours == theirs:
            counts["both_valid_same_form"] += 1
        else:
            reason = idna_reason(name, ours, theirs)
            if reason is None:
                unexplained.append((name, ours, theirs))
            counts[reason or "unexplained"] += 1
    record(f"idna {corpus} uts46={uts46}", counts, len(names))
    assert unexplained == []


def test_decode_agrees_with_idna_on_the_label_corpus():
    names = CORPORA["labels"]()
    same = 0
    for name in names:
        ascii_form = idna_package.encode(name)
        assert idna.decode(ascii_form) == idna_package.decode(ascii_form)
        same += 1
    record("idna decode labels", collections.Counter({"both_valid_same_form": same}), len(names))


def test_reasons_are_documented_in_the_migration_table():
    table = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    for key in REASONS:
        assert f"`{key}`" in table, key

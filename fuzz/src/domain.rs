//! Targets for `ldh-domain`: parsing under every policy, IDNA round trips and the
//! comparisons with a naive LDH checker and with `idna`.

use ldh_domain::{Domain, DomainError, DomainErrorKind, NumericTld};

use crate::{assert_byte_errors_inside, assert_included, text, under_each};
use test_support::naive_domain as naive;

const POLICIES: [(&str, ldh_domain::Policy); 4] = [
    ("HOSTNAME", ldh_domain::Policy::HOSTNAME),
    ("FQDN", ldh_domain::Policy::FQDN),
    ("DNS", ldh_domain::Policy::DNS),
    (
        "DNS+numeric",
        ldh_domain::Policy::DNS.with_numeric_tld(NumericTld::Allow),
    ),
];

/// Invariants of a name that passed `Domain::parse` (RFC 1035 §2.3.4, RFC 3696 §2).
fn check_domain(input: &str, d: &Domain<'_>, policy: &str) {
    assert_eq!(d.as_str(), input, "{policy}: as_str is not the input");
    let labels: Vec<_> = d.labels().collect();
    assert_eq!(labels.len(), d.label_count(), "{policy}: label_count");
    assert!(
        (1..=ldh_domain::limits::MAX_LABELS).contains(&labels.len()),
        "{policy}: label count"
    );
    let mut joined = labels
        .iter()
        .map(ldh_domain::Label::as_str)
        .collect::<Vec<_>>()
        .join(".");
    if d.is_absolute() {
        joined.push('.');
    }
    assert_eq!(
        joined, input,
        "{policy}: labels do not join back to the input"
    );
    for l in &labels {
        assert!(!l.is_empty(), "{policy}: empty label");
        assert_eq!(
            &input[l.offset()..l.offset() + l.len()],
            l.as_str(),
            "{policy}: label offset"
        );
        if l.as_str().is_ascii() {
            assert!(
                l.len() <= ldh_domain::limits::MAX_LABEL_LEN,
                "{policy}: label over 63"
            );
        }
    }
    assert_eq!(
        d.tld().as_str(),
        labels[labels.len() - 1].as_str(),
        "{policy}: tld"
    );
    assert_eq!(d.is_ascii(), input.is_ascii(), "{policy}: is_ascii");
    assert_eq!(
        d.is_fully_qualified(),
        labels.len() >= 2,
        "{policy}: is_fully_qualified"
    );
    // Lengths count the A-label form (RFC 5890 §2.3.2.1).
    let ascii = d.to_ascii().expect("to_ascii of a parsed name failed");
    let relative = ascii.strip_suffix('.').unwrap_or(&ascii);
    assert!(
        relative.len() <= ldh_domain::limits::MAX_NAME_LEN,
        "{policy}: name over 253 in A-labels"
    );
    for label in relative.split('.') {
        assert!(
            label.len() <= ldh_domain::limits::MAX_LABEL_LEN,
            "{policy}: A-label over 63"
        );
    }
    d.to_unicode().expect("to_unicode of a parsed name failed");
}

/// `domain_parse`: `Domain::parse` never panics under any policy; an accepted name keeps
/// its invariants (labels join back to the input, offsets, 63/253/127 limits in A-label
/// form, conversions succeed); the policies nest (FQDN = HOSTNAME with two labels,
/// HOSTNAME ⊆ DNS ⊆ DNS with numeric TLDs); errors point inside the input.
pub fn domain_parse(data: &[u8]) {
    assert_byte_errors_inside(data, &POLICIES, Domain::parse_bytes, DomainError::offset);
    let s = text(data);
    let results = under_each(&POLICIES, |p| Domain::parse_with(&s, p));
    for ((name, _), r) in POLICIES.iter().zip(&results) {
        match r {
            Ok(d) => check_domain(&s, d, name),
            Err(e) => assert!(
                e.offset() <= s.len(),
                "{name}: error offset past the input: {e:?}"
            ),
        }
    }
    let [host, fqdn, dns, dns_numeric] = &results[..] else {
        unreachable!()
    };
    assert_eq!(
        fqdn.is_ok(),
        host.as_ref().is_ok_and(|d| d.label_count() >= 2),
        "FQDN must be HOSTNAME plus at least two labels: {host:?} / {fqdn:?}"
    );
    assert_included(host.is_ok(), dns, "HOSTNAME accepts but DNS rejects");
    assert_included(
        dns.is_ok(),
        dns_numeric,
        "allowing numeric TLDs rejected a name",
    );
    if let Err(e) = fqdn
        && host.is_ok()
    {
        assert_eq!(e.kind(), DomainErrorKind::NotFullyQualified);
    }
}

/// `idna_roundtrip`: UTS #46 conversions through ldh-domain are consistent: `to_ascii`
/// success implies `to_unicode` success on the input and on the result, and converting
/// back to ASCII gives the same A-label form (UTS #46 §4.2: `ToASCII` is idempotent on the
/// output of `ToUnicode`); the A-label form is a valid host name once all-digit TLDs are
/// allowed (UTS #46 does not forbid `1.2.3.4`).
pub fn idna_roundtrip(data: &[u8]) {
    let s = text(data);
    let ascii = ldh_domain::to_ascii(&s);
    let unicode = ldh_domain::to_unicode(&s);
    let Ok(ascii) = ascii else {
        return;
    };
    assert!(ascii.is_ascii(), "to_ascii output is not ASCII: {ascii:?}");
    let unicode = unicode.expect("to_ascii succeeded but to_unicode failed on the same input");
    assert_eq!(
        ldh_domain::to_ascii(&unicode).as_deref().ok(),
        Some(&*ascii),
        "to_ascii(to_unicode(x)) != to_ascii(x) (unicode form {unicode:?})"
    );
    let back = ldh_domain::to_unicode(&ascii).expect("to_unicode of an A-label form failed");
    assert_eq!(back, unicode, "to_unicode(to_ascii(x)) != to_unicode(x)");
    assert_eq!(
        ldh_domain::to_ascii(&ascii).as_deref().ok(),
        Some(&*ascii),
        "to_ascii not idempotent"
    );
    let policy = ldh_domain::Policy::HOSTNAME.with_numeric_tld(NumericTld::Allow);
    if let Err(e) = Domain::parse_with(&ascii, &policy) {
        panic!("to_ascii output {ascii:?} is not a host name: {e:?}");
    }
}

/// `domain_ascii_vs_naive`: for ASCII input, `Domain::parse` under HOSTNAME, FQDN and
/// DNS agrees with the char-by-char reference of `test_support::naive_domain`, written
/// from the RFC rules.
pub fn domain_ascii_vs_naive(data: &[u8]) {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    if !s.is_ascii() {
        return;
    }
    let checks = [
        (
            "HOSTNAME",
            ldh_domain::Policy::HOSTNAME,
            naive::Syntax::Ldh,
            false,
        ),
        ("FQDN", ldh_domain::Policy::FQDN, naive::Syntax::Ldh, true),
        (
            "DNS",
            ldh_domain::Policy::DNS,
            naive::Syntax::AnyOctet,
            false,
        ),
    ];
    for (name, policy, syntax, fqdn) in checks {
        // The reference judges decoded A-labels by UTS #46 (through `idna`), so
        // ldh-domain runs in that mode here; IDNA 2008 validity is tested against
        // Unicode's `Idna2008.txt` by ldh-domain's own tests.
        let policy = policy.with_idna_mode(ldh_domain::IdnaMode::Uts46);
        let ours = Domain::parse_with(s, &policy);
        let reference = naive::check_ascii_domain(s, syntax, fqdn);
        assert_eq!(
            ours.is_ok(),
            reference.is_ok(),
            "{name}: ldh-domain {ours:?}, naive reference {reference:?}"
        );
    }
}

/// Code points for [`domain_vs_idna`]: every code point of the blocks whose U-labels
/// ldh-domain checks without the UTS #46 engine (Latin to Armenian, Hebrew, Arabic,
/// Devanagari, Bengali, Tamil, Thai, part of Georgian and kana), and a few it leaves to
/// the engine (joiners, combining diacritics, Arabic-Indic digits, a CJK ideograph).
const IDN_RANGES: [(u32, u32); 8] = [
    (0x80, 0x5FF),
    (0x600, 0x6FF),
    (0x900, 0x9FF),
    (0xB80, 0xBFF),
    (0xE00, 0xE7F),
    (0x10C0, 0x10FF),
    (0x3040, 0x30FF),
    (0x200B, 0x200F),
];

/// How many code points [`IDN_RANGES`] holds.
const IDN_TOTAL: u32 = {
    let mut total = 0;
    let mut i = 0;
    while i < IDN_RANGES.len() {
        total += IDN_RANGES[i].1 - IDN_RANGES[i].0 + 1;
        i += 1;
    }
    total
};

/// The `k`-th code point of [`IDN_RANGES`] (modulo their total size).
fn idn_code_point(k: u32) -> char {
    let mut k = k % IDN_TOTAL;
    for (first, last) in IDN_RANGES {
        let size = last - first + 1;
        if k < size {
            return char::from_u32(first + k).unwrap_or('\u{4E00}');
        }
        k -= size;
    }
    '\u{4E00}'
}

/// `domain_vs_idna`: names whose A-labels are made from arbitrary strings of the
/// code points above (Punycode-encoded without any validity check): in the default IDNA
/// 2008 mode the name gets the same verdict written with U-labels as with A-labels; in
/// the UTS #46 mode the same verdict from `Domain::parse` (HOSTNAME) as from
/// `idna::domain_to_ascii_strict`, except where they differ on purpose: R-LDH labels (a
/// warning here), the root dot (accepted here), an all-digit last label (an error here).
pub fn domain_vs_idna(data: &[u8]) {
    const ASCII: &[u8; 38] = b"abcdefghijklmnopqrstuvwxyz0123456789-.";
    // Two input bytes per character: below 0x100 an ASCII LDH octet or a dot, else a
    // code point of `IDN_RANGES`.
    let text: String = data
        .chunks(2)
        .map(|pair| {
            let v = u32::from(pair[0]) | pair.get(1).map_or(0, |&b| u32::from(b) << 8);
            if v < 0x100 {
                char::from(ASCII[v as usize % ASCII.len()])
            } else {
                idn_code_point(v - 0x100)
            }
        })
        .collect();
    let mut labels = Vec::new();
    for label in text.split('.') {
        if label.is_ascii() {
            labels.push(label.to_owned());
        } else {
            let Ok(payload) = punycode_core::encode_to_string(label) else {
                return;
            };
            labels.push(format!("xn--{payload}"));
        }
    }
    let name = labels.join(".");
    let on_purpose = name.ends_with('.')
        || labels
            .iter()
            .any(|l| l.len() >= 4 && &l[2..4] == "--" && !l.starts_with("xn--"))
        || labels
            .last()
            .is_some_and(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()));
    if on_purpose {
        return;
    }
    // IDNA 2008 (the default mode): a name gets the same verdict written with U-labels
    // as with the A-labels they encode (RFC 5891 §5.4 judges the decoded U-label).
    let as_u_labels = Domain::parse_with(&text, &ldh_domain::Policy::HOSTNAME);
    let as_a_labels = Domain::parse_with(&name, &ldh_domain::Policy::HOSTNAME);
    assert_eq!(
        as_u_labels.is_ok(),
        as_a_labels.is_ok(),
        "{text:?}: as U-labels {as_u_labels:?}, as A-labels ({name}) {as_a_labels:?}"
    );
    // The UTS #46 mode against the `idna` crate's UTS #46 processing.
    let uts46 = ldh_domain::Policy::HOSTNAME.with_idna_mode(ldh_domain::IdnaMode::Uts46);
    let ours = Domain::parse_with(&name, &uts46);
    let theirs = idna::domain_to_ascii_strict(&name);
    assert_eq!(
        ours.is_ok(),
        theirs.is_ok(),
        "{name} (from {text:?}): ldh-domain {ours:?}, idna {theirs:?}"
    );
}

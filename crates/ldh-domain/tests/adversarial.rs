//! Adversarial inputs ("Input safety" in the crate docs): megabyte runs of one
//! byte, 10,000-label names, megabyte labels, hostile `xn--` labels and IP-looking runs.
//! Each case asserts the exact error kind and offset (or the value).
//!
//! No timing assertions. The documented bounds make the cost independent of the input
//! size past `MAX_INPUT_LEN` (1013 octets: `name_too_long` at once), and within it a
//! label scan stops at 63 (ASCII) or 252 (UTF-8) octets. The 1 MiB inputs would make a
//! quadratic scan (10^12 steps) time out visibly. These run on the default 2 MiB test
//! thread, so a recursive path would overflow it.

use ldh_domain::ip::{IpSyntax, parse_ipv4, parse_ipv6};
use ldh_domain::limits::{
    MAX_INPUT_LEN, MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN, MAX_U_LABEL_INPUT,
};
use ldh_domain::{Domain, DomainErrorKind as K, Policy};

const MIB: usize = 1 << 20;
const POLICIES: [Policy; 3] = [Policy::HOSTNAME, Policy::FQDN, Policy::DNS];

#[track_caller]
fn fails_everywhere(input: &str, kind: K, offset: usize) {
    for policy in &POLICIES {
        let err = Domain::parse_with(input, policy).unwrap_err();
        assert_eq!((err.kind(), err.offset()), (kind, offset), "{policy:?}");
        assert_eq!(err.code(), kind.code());
    }
}

fn run(byte: char, len: usize) -> String {
    core::iter::repeat_n(byte, len).collect()
}

/// Where `name_too_long` points for an input over the limit: octet 253, or the start of
/// the character holding it (an offset is always a character boundary).
fn too_long_at(input: &str) -> usize {
    (0..=MAX_NAME_LEN)
        .rev()
        .find(|&i| input.is_char_boundary(i))
        .unwrap_or(0)
}

/// Every 1 MiB run is `name_too_long` at offset 253 (the first octet past the limit; for
/// `ü`, 252, where the character holding it starts) before a single label is scanned,
/// whatever the byte (`limits::MAX_INPUT_LEN`).
#[test]
fn mebibyte_runs_are_name_too_long_at_once() {
    for byte in [
        '.', '-', 'a', '0', '%', '(', ')', '"', '\\', '@', '[', ':', 'ü',
    ] {
        let input = run(byte, MIB);
        fails_everywhere(&input, K::NameTooLong, too_long_at(&input));
    }
    // Through the byte entry point, UTF-8 is checked first (one linear pass, by
    // `core::str::from_utf8`), then the length: bad UTF-8 anywhere wins.
    let err = Domain::parse_bytes(&vec![0xFF; MIB], &Policy::DNS).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidUtf8, 0));
    let mut bytes = vec![b'a'; MIB];
    bytes.push(0xFF);
    let err = Domain::parse_bytes(&bytes, &Policy::DNS).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::InvalidUtf8, MIB));
    bytes.pop();
    let err = Domain::parse_bytes(&bytes, &Policy::DNS).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::NameTooLong, MAX_NAME_LEN));
}

/// 10,000 one-letter labels (19,999 octets) are over the input limit: `name_too_long`.
/// Within it, 127 one-octet labels fill exactly 253 octets and parse; a 128th label is
/// `too_many_labels` at its first octet (254).
#[test]
fn ten_thousand_labels() {
    let many = vec!["a"; 10_000].join(".");
    fails_everywhere(&many, K::NameTooLong, MAX_NAME_LEN);
    fails_everywhere(&format!("{many}."), K::NameTooLong, MAX_NAME_LEN);

    let max = vec!["a"; MAX_LABELS].join(".");
    assert_eq!(max.len(), MAX_NAME_LEN);
    let d = Domain::parse_with(&max, &Policy::HOSTNAME).unwrap();
    assert_eq!(d.labels().count(), MAX_LABELS);
    fails_everywhere(&vec!["a"; MAX_LABELS + 1].join("."), K::TooManyLabels, 254);
    fails_everywhere(&vec!["a"; 500].join("."), K::TooManyLabels, 254);
}

/// Inputs right at the input limit still get a real scan, stopped by the first error
/// (a label error's offset is the label's start).
#[test]
fn runs_at_the_input_limit() {
    fails_everywhere(&run('.', MAX_INPUT_LEN), K::EmptyLabel, 0);
    // Host names reject the leading hyphen (RFC 952/1123); any-octet DNS labels allow
    // hyphens, so there the label is too long.
    for policy in [Policy::HOSTNAME, Policy::FQDN] {
        let err = Domain::parse_with(&run('-', MAX_INPUT_LEN), &policy).unwrap_err();
        assert_eq!((err.kind(), err.offset()), (K::LeadingHyphen, 0));
    }
    let err = Domain::parse_with(&run('-', MAX_INPUT_LEN), &Policy::DNS).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (K::LabelTooLong, 0));
    // A single label of 1013 octets: the scan stops after 63.
    fails_everywhere(&run('a', MAX_INPUT_LEN), K::LabelTooLong, 0);
    fails_everywhere(&run('a', MAX_INPUT_LEN + 1), K::NameTooLong, MAX_NAME_LEN);
}

/// A 1 MiB single label and a 1 MiB `xn--` label: over the input limit.
#[test]
fn mebibyte_single_labels() {
    fails_everywhere(
        &format!("xn--{}", run('a', MIB)),
        K::NameTooLong,
        MAX_NAME_LEN,
    );
    fails_everywhere(
        &format!("{}.com", run('a', MIB)),
        K::NameTooLong,
        MAX_NAME_LEN,
    );
}

/// Longest labels the scan accepts: 63 ASCII octets; 64 is `label_too_long` at the
/// label's start (RFC 1035 §2.3.4), also behind other labels.
#[test]
fn label_length_boundary() {
    let ok = format!("{}.com", run('a', MAX_LABEL_LEN));
    assert!(Domain::parse_with(&ok, &Policy::FQDN).is_ok());
    let err = Domain::parse_with(&format!("{}.com", run('a', 64)), &Policy::FQDN).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.label_index()),
        (K::LabelTooLong, 0, Some(0))
    );
    let err = Domain::parse_with(&format!("a.{}", run('b', 900)), &Policy::FQDN).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.label_index()),
        (K::LabelTooLong, 2, Some(1))
    );
}

/// A U-label of more than 252 UTF-8 octets (`limits::MAX_U_LABEL_INPUT`) is
/// `label_too_long` at the label's start, before any IDNA work; without `idna` a
/// U-label is `idna_feature_disabled` at its start instead.
#[test]
fn long_u_label_stops_at_the_utf8_bound() {
    const LONG: K = if cfg!(feature = "idna") {
        K::LabelTooLong
    } else {
        K::IdnaFeatureDisabled
    };
    // 500 × "ü" = 1000 octets, under the input limit.
    let input = format!("{}.com", run('ü', 500));
    let err = Domain::parse_with(&input, &Policy::FQDN).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (LONG, 0));
    // 250 × U+10FFFF = 1000 octets: also stops at 252.
    let input = run('\u{10FFFF}', 250);
    let err = Domain::parse_with(&input, &Policy::DNS).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (LONG, 0));
    // One octet more than the bound, written with 2-octet code points, after a label.
    let input = format!("a.{}", run('ü', MAX_U_LABEL_INPUT / 2 + 1));
    let err = Domain::parse_with(&input, &Policy::FQDN).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.label_index()),
        (LONG, 2, Some(1))
    );
}

/// Hostile `xn--` labels of the longest legal size (59 Punycode octets; the decoder
/// writes into a 63-code-point stack buffer): each is rejected with its exact reason.
#[test]
fn hostile_xn_labels() {
    use ldh_domain::{ALabelReason, DisallowedWhy, IdnaRule};
    let cases = [
        // 59 × digit 35: the variable-length integer overflows (RFC 3492 §6.4).
        (run('9', 59), K::InvalidALabel(ALabelReason::Punycode), 0),
        // 59 × digit 0: decodes to 59 × U+0080, a C1 control (RFC 5892).
        (
            run('a', 59),
            K::InvalidALabel(ALabelReason::NotULabel(IdnaRule::Disallowed(
                '\u{80}',
                DisallowedWhy::Control,
            ))),
            0,
        ),
        // Hyphens end the label: the LDH rule comes first (RFC 5891 §4.2.3.1).
        (run('-', 59), K::TrailingHyphen, 62),
        (format!("{}-", run('z', 58)), K::TrailingHyphen, 62),
        // 64 octets: too long before any decoding.
        (run('a', 60), K::LabelTooLong, 0),
    ];
    for (tail, kind, offset) in cases {
        let input = format!("xn--{tail}.com");
        let err = Domain::parse_with(&input, &Policy::FQDN).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset(), err.label_index()),
            (kind, offset, Some(0)),
            "{input}"
        );
    }
}

/// IPv6- and IPv4-looking runs of 1 MiB: the parsers stop at the first octet that
/// cannot belong to an address (exact kind and offset).
#[test]
fn mebibyte_ip_literals() {
    use ldh_domain::ip::IpErrorKind as I;
    let v6_groups = "1:".repeat(MIB / 2);
    let colons = run(':', MIB);
    let v4_parts = "1.".repeat(MIB / 2);
    let digits = run('1', MIB);
    let long_group = format!("{}{}", "1:".repeat(7), run('f', MIB));
    for syntax in [IpSyntax::Rfc3986, IpSyntax::Rfc5321] {
        let at = |e: ldh_domain::ip::IpError| (e.kind(), e.offset());
        let v6 = |text: &str| parse_ipv6(text.as_bytes(), syntax).map(|_| ()).map_err(at);
        let v4 = |text: &str| parse_ipv4(text.as_bytes(), syntax).map(|_| ()).map_err(at);
        assert_eq!(v6(&v6_groups), Err((I::TooManyGroups, 16)));
        assert_eq!(v6(&colons), Err((I::InvalidCharacter, 2)));
        assert_eq!(v6(&long_group), Err((I::GroupTooLong, 18)));
        assert_eq!(v4(&v4_parts), Err((I::WrongPartCount, 7)));
        assert_eq!(v4(&digits), Err((I::OctetTooLong, 3)));
    }
    fails_everywhere(&v4_parts, K::NameTooLong, MAX_NAME_LEN);
}

/// `to_ascii` applies the parser's bounds (`name_too_long` at 253 for every input over
/// 1013 octets); without `idna`, non-ASCII input is `idna_feature_disabled` at its first
/// non-ASCII octet, found in one pass.
#[cfg(feature = "alloc")]
#[test]
fn to_ascii_of_mebibyte_inputs() {
    for input in [
        run('.', MIB),
        run('a', MIB),
        run('-', MIB),
        vec!["a"; 10_000].join("."),
        format!("xn--{}", run('a', MIB)),
    ] {
        let err = ldh_domain::to_ascii(&input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (K::NameTooLong, MAX_NAME_LEN),
            "{input:.16}"
        );
    }
    for input in [
        run('ü', MIB / 2),
        vec!["ü"; 10_000].join("."),
        run('\u{10FFFF}', MIB / 4),
    ] {
        let expected = if cfg!(feature = "idna") {
            (K::NameTooLong, too_long_at(&input))
        } else {
            (K::IdnaFeatureDisabled, 0)
        };
        let err = ldh_domain::to_ascii(&input).unwrap_err();
        assert_eq!((err.kind(), err.offset()), expected, "{input:.16}");
    }
    // Without `idna`, the first non-ASCII octet far into a megabyte is what is found.
    if !cfg!(feature = "idna") {
        let input = format!("{}ü", run('a', MIB));
        let err = ldh_domain::to_ascii(&input).unwrap_err();
        assert_eq!((err.kind(), err.offset()), (K::IdnaFeatureDisabled, MIB));
    }
}

/// The megabyte names of the `to_unicode` bounds: 1 MiB of dots, one 1 MiB label,
/// 10,000 labels `a`, and 10,000 copies of `label`.
#[cfg(feature = "alloc")]
fn mebibyte_names(label: &str) -> [String; 4] {
    [
        run('.', MIB),
        run('a', MIB),
        vec!["a"; 10_000].join("."),
        vec![label; 10_000].join("."),
    ]
}

/// `to_unicode` without `idna` goes through the parser: bounded like it.
#[cfg(all(feature = "alloc", not(feature = "idna")))]
#[test]
fn to_unicode_of_mebibyte_inputs_without_idna() {
    for input in mebibyte_names("xn--tda") {
        let err = ldh_domain::to_unicode(&input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (K::NameTooLong, MAX_NAME_LEN),
            "{input:.16}"
        );
    }
}

/// `to_unicode` in the UTS #46 mode (UTS #46 `ToUnicode`, which has no
/// `VerifyDnsLength`) does NOT apply the 1013-octet input bound to every input: some
/// megabyte inputs come back as values of the same size (linear, as the 1 MiB sizes
/// show). Others are still `name_too_long`. This pins that behaviour exactly; the IDNA
/// 2008 modes (the default) parse the mapped name and so are bounded.
#[cfg(feature = "idna")]
#[test]
fn to_unicode_of_mebibyte_inputs_with_idna() {
    use ldh_domain::IdnaMode;
    for input in mebibyte_names("ü") {
        let err = ldh_domain::to_unicode(&input).unwrap_err();
        assert_eq!(err.kind(), K::NameTooLong, "{input:.16}");
        assert_eq!(
            ldh_domain::to_unicode_with(&input, IdnaMode::Uts46).map(|s| s.len()),
            Ok(input.len()),
            "{input:.16}"
        );
    }
    // 10,000 A-labels are decoded: 79,999 octets in, 29,999 out.
    let xn = vec!["xn--tda"; 10_000].join(".");
    assert_eq!(
        ldh_domain::to_unicode_with(&xn, IdnaMode::Uts46).map(|s| s.len()),
        Ok(29_999)
    );
    assert_eq!(
        ldh_domain::to_unicode(&xn).unwrap_err().kind(),
        K::NameTooLong
    );
    for input in [
        run('-', MIB),
        format!("xn--{}", run('a', MIB)),
        run('ü', MIB / 2),
        run('\u{10FFFF}', MIB / 4),
    ] {
        let err = ldh_domain::to_unicode(&input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (K::NameTooLong, too_long_at(&input)),
            "{input:.16}"
        );
    }
}

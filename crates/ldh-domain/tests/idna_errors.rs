//! IDNA failures are typed and point at the offending label (RFC 5891–5893, UTS #46).

use crate::common::{fails, ok};
use ldh_domain::{
    ALabelReason, DisallowedWhy, Domain, DomainErrorKind as K, IdnaMode, IdnaRule, LabelKind,
    Policy,
};

const H: &Policy = &Policy::HOSTNAME;
/// The UTS #46 mode, for the rules that exist only there (mapping before validity).
const U46: &Policy = &Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46);

#[test]
fn rfc5891_4_2_3_1_u_label_hyphens_3_4() {
    fails("www.ab--ü.de", H, K::Idna(IdnaRule::Hyphens), 4, Some(1));
    fails("-ü.de", H, K::LeadingHyphen, 0, Some(0));
    fails("ü-.de", H, K::TrailingHyphen, 2, Some(0));
}

#[test]
fn rfc5893_2_bidi_across_labels() {
    // A label starting with a digit in a Bidi domain name breaks rule 1.
    fails("0a.\u{5d0}", H, K::Idna(IdnaRule::Bidi), 0, Some(0));
    fails("www.0a.\u{5d0}", H, K::Idna(IdnaRule::Bidi), 4, Some(1));
}

#[test]
fn rfc5893_2_bidi_inside_a_label() {
    // Left-to-right and right-to-left characters in one label.
    fails("a\u{5d0}.com", H, K::Idna(IdnaRule::Bidi), 0, Some(0));
    // A right-to-left name is fine.
    ok("\u{5d0}\u{5d1}.\u{5d2}", H);
}

#[test]
fn rfc5892_appendix_a_joiners() {
    fails("a\u{200d}b.com", H, K::Idna(IdnaRule::Joiners), 1, Some(0));
    fails(
        "x.a\u{200c}b.com",
        H,
        K::Idna(IdnaRule::Joiners),
        3,
        Some(1),
    );
    // ZWNJ after a virama is allowed (Appendix A.1).
    ok("\u{915}\u{94d}\u{200c}.com", H);
}

#[test]
fn rfc5892_disallowed_characters() {
    fails(
        "ex\u{2028}ample.com",
        H,
        K::Idna(IdnaRule::Disallowed('\u{2028}', DisallowedWhy::Space)),
        2,
        Some(0),
    );
    fails(
        "www.a\u{e000}.com",
        H,
        K::Idna(IdnaRule::Disallowed('\u{e000}', DisallowedWhy::Control)),
        5,
        Some(1),
    );
}

#[test]
fn rfc5891_4_2_3_2_leading_combining_mark() {
    fails(
        "\u{301}a.com",
        H,
        K::Idna(IdnaRule::LeadingCombiningMark),
        0,
        Some(0),
    );
}

#[test]
fn uts46_full_stops_other_than_dot_are_rejected_by_parse() {
    fails(
        "例え\u{3002}jp",
        H,
        K::Idna(IdnaRule::NonAsciiFullStop),
        6,
        Some(0),
    );
    // to_ascii maps them (UTS #46 §4 step 1).
    assert_eq!(
        ldh_domain::to_ascii("例え\u{3002}jp").unwrap(),
        "xn--r8jz45g.jp"
    );
}

#[test]
fn std3_ascii_in_u_labels() {
    fails("bü_cher.de", H, K::InvalidCharacter(b'_'), 3, Some(0));
    // Even under DNS: a U-label is a host name label (`UseSTD3ASCIIRules`).
    fails(
        "bü_cher.de",
        &Policy::DNS,
        K::InvalidCharacter(b'_'),
        3,
        Some(0),
    );
}

#[test]
fn a_label_that_decodes_to_an_invalid_u_label() {
    let a = format!(
        "xn--{}.com",
        idna::punycode::encode_str("\u{301}a").unwrap()
    );
    let e = Domain::parse_with(&a, H).unwrap_err();
    assert_eq!(
        e.kind(),
        K::InvalidALabel(ALabelReason::NotULabel(IdnaRule::LeadingCombiningMark))
    );
    assert_eq!((e.offset(), e.label_index()), (0, Some(0)));
    // `xn--a` decodes to U+0080, a control character.
    fails(
        "www.xn--a.com",
        H,
        K::InvalidALabel(ALabelReason::NotULabel(IdnaRule::Disallowed(
            '\u{80}',
            DisallowedWhy::Control,
        ))),
        4,
        Some(1),
    );
}

#[test]
fn r_ldh_and_underscore_labels_next_to_u_labels() {
    let d = ok("ab--cd.bücher.de", H);
    let kinds: Vec<_> = d.labels().map(|l| l.kind()).collect();
    assert_eq!(
        kinds,
        [LabelKind::ReservedLdh, LabelKind::ULabel, LabelKind::NrLdh]
    );
    ok("_dmarc.bücher.de", &Policy::DNS);
    ok("_dmarc.xn--bcher-kva.de", &Policy::DNS);
}

#[test]
fn strict_conversions_explain_their_errors() {
    let e = ldh_domain::to_ascii("ab--cd.com").unwrap_err();
    assert_eq!(
        (e.kind(), e.offset(), e.label_index()),
        (K::Idna(IdnaRule::Hyphens), 0, Some(0))
    );
    let e = ldh_domain::to_ascii("a..b").unwrap_err();
    assert_eq!((e.kind(), e.offset()), (K::EmptyLabel, 2));
    let e = ldh_domain::to_ascii("").unwrap_err();
    assert_eq!(e.kind(), K::Empty);
    let e = ldh_domain::to_unicode("x.a\u{200d}b").unwrap_err();
    assert_eq!(
        (e.kind(), e.offset(), e.label_index()),
        (K::Idna(IdnaRule::Joiners), 3, Some(1))
    );
}

#[test]
fn corpus_ascii_names_agree_with_idna_strict() {
    // Both paths (SWAR fast path, general path) against idna's strict ToASCII on the
    // benchmark corpus, A-labels included. Known, intended differences are excluded:
    // R-LDH labels (CheckHyphens in idna) and the root dot (RFC 3696 §2).
    let corpus = include_str!("../testdata/corpus/domains.txt");
    let mut checked = 0;
    for line in corpus.lines().filter(|l| l.is_ascii() && !l.ends_with('.')) {
        let r_ldh = line
            .split('.')
            .any(|l| l.get(2..4) == Some("--") && !l.to_ascii_lowercase().starts_with("xn--"));
        if r_ldh {
            continue;
        }
        let ours = Domain::parse_with(line, H).map(|d| d.to_ascii().unwrap().into_owned());
        let theirs = idna::domain_to_ascii_strict(line);
        assert_eq!(
            ours.is_ok(),
            theirs.is_ok(),
            "{line:?}: {ours:?} / {theirs:?}"
        );
        if let (Ok(a), Ok(b)) = (ours, theirs) {
            assert_eq!(a, b, "{line:?}");
        }
        checked += 1;
    }
    assert!(checked > 18_000, "{checked}");
}

#[test]
fn plain_code_points_are_valid_for_the_idna_engine() {
    // The A-label shortcut (no IDNA engine for U-labels made only of these code points)
    // must agree with the engine on every one of them, alone and with neighbours.
    let ranges = [
        ('\u{DF}', '\u{F6}'),
        ('\u{F8}', '\u{FF}'),
        ('\u{3AC}', '\u{3CE}'),
        ('\u{430}', '\u{45F}'),
        ('\u{561}', '\u{586}'),
        ('\u{10D0}', '\u{10FA}'),
        ('\u{3041}', '\u{3096}'),
        ('\u{30A1}', '\u{30FA}'),
        ('\u{4E00}', '\u{9FFF}'),
        ('\u{AC00}', '\u{D7A3}'),
    ];
    // Latin Extended-A: the lower-case letters only (capitals and the compatibility
    // forms `ĳ`, `ŀ`, `ŉ`, `ſ` are mapped by UTS #46); a few of Latin Extended-B.
    let latin = "āăąćĉċčďđēĕėęěĝğġģĥħĩīĭįıĵķĸĺļľłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷźżžơưșțə";
    assert_eq!(latin.chars().count(), 66);
    // Cyrillic Extended lower case (every other code point), `ΐ`, and `ー`.
    let odd = |first: u32, last: u32| (first..=last).step_by(2).filter_map(char::from_u32);
    let others: String = odd(0x461, 0x481)
        .chain(odd(0x48B, 0x4BF))
        .chain(odd(0x4C2, 0x4CE))
        .chain(odd(0x4D1, 0x4FF))
        .chain(['\u{4CF}', '\u{390}', '\u{30FC}'])
        .collect();
    let mut checked = 0;
    let singles = latin.chars().chain(others.chars()).map(|c| (c, c));
    for (first, last) in ranges.into_iter().chain(singles) {
        for c in first..=last {
            for label in [format!("{c}"), format!("a{c}1{c}")] {
                let a = idna::domain_to_ascii_strict(&label)
                    .unwrap_or_else(|e| panic!("U+{:04X}: {e:?}", u32::from(c)));
                assert!(a.starts_with("xn--"), "U+{:04X}", u32::from(c));
                // idna's own A-label validation, and ours (which skips the engine).
                assert!(idna::domain_to_ascii_strict(&a).is_ok(), "{a}");
                let name = format!("{a}.example");
                assert!(Domain::parse_with(&name, H).is_ok(), "{name}");
                // `a` is the A-label of the *mapped* label; that the label as it is
                // gets the engine's verdict is checked for every code point below
                // U+1000, Georgian and kana by the one-code-point test below.
                checked += 1;
            }
        }
    }
    assert!(checked > 60_000, "{checked}");
}

#[test]
fn plain_a_labels_next_to_right_to_left_labels_still_get_the_bidi_rule() {
    // `xn--bcher-kva` is plain, but the Hebrew label makes a Bidi domain name: the
    // engine runs for the whole name (here: valid, all labels start with L or R).
    ok("xn--bcher-kva.\u{5d0}\u{5d1}", H);
    // `1ü` is plain, but starts with a digit: Bidi rule 1 fails in a Bidi domain name.
    let a = format!("xn--{}", idna::punycode::encode_str("1ü").unwrap());
    ok(&format!("{a}.example"), H);
    fails(
        &format!("{a}.\u{5d0}"),
        H,
        K::Idna(IdnaRule::Bidi),
        0,
        Some(0),
    );
}

#[test]
fn uts46_check_hyphens_applies_to_the_mapped_label() {
    // `ü` + COMBINING ACUTE composes to `ǘ` (NFC), which moves `--` to positions 3–4.
    fails(
        "ßü\u{301}--a1.de",
        U46,
        K::Idna(IdnaRule::Hyphens),
        0,
        Some(0),
    );
    // And a soft hyphen (mapped to nothing) moves it away: `a\u{ad}--ü` maps to `a--ü`.
    ok("a\u{ad}--ü.de", U46);
}

#[test]
fn labels_outside_idna_next_to_u_labels() {
    // Under DNS, `-x` and `_x` are no host name labels; the U-label is still checked.
    ok("-x.bücher.de", &Policy::DNS);
    ok("_x.bücher.de", &Policy::DNS);
    fails(
        "_x.ab--ü.de",
        &Policy::DNS,
        K::Idna(IdnaRule::Hyphens),
        3,
        Some(1),
    );
    // An R-LDH label in a Bidi domain name is still subject to the Bidi rule.
    ok("ab--cd.\u{5d0}", H);
    fails("1b--cd.\u{5d0}", H, K::Idna(IdnaRule::Bidi), 0, Some(0));
}

#[test]
fn u_labels_that_map_to_nothing_are_empty_labels() {
    // U+FE0F VARIATION SELECTOR-16 and U+00AD SOFT HYPHEN are ignored by UTS #46.
    fails("\u{fe0f}", U46, K::EmptyLabel, 0, Some(0));
    fails("a.\u{ad}\u{fe0f}.com", U46, K::EmptyLabel, 2, Some(1));
}

#[test]
fn rfc3696_2_a_last_label_that_maps_to_digits_is_numeric() {
    // Full-width digits map to ASCII digits (UTS #46): `example.１２３` is `example.123`.
    fails("example.１２３", U46, K::NumericTld, 8, Some(1));
    fails("\u{fe0f}1", U46, K::NumericTld, 0, Some(0));
    let any_tld = U46.with_numeric_tld(ldh_domain::NumericTld::Allow);
    ok("example.１２３", &any_tld);
}

/// The message of a DISALLOWED code point names it (RFC 5892 §2 categories; the names
/// are Unicode 16.0's, so a code point named only later is shown by number alone).
#[test]
fn rfc5892_disallowed_message_names_the_code_point() {
    let message = Domain::parse_with("\u{1F4A9}.la", H)
        .unwrap_err()
        .to_string();
    assert_eq!(
        message.contains("U+1F4A9 PILE OF POO"),
        cfg!(feature = "char-names"),
        "{message}"
    );
    assert!(message.contains("symbol"), "{message}");
    // Invisible code points are named, never printed.
    let message = Domain::parse_with("exa\u{200B}mple.com", H)
        .unwrap_err()
        .to_string();
    assert!(!message.contains('\u{200B}'), "{message}");
    assert_eq!(
        message.contains("U+200B ZERO WIDTH SPACE"),
        cfg!(feature = "char-names"),
        "{message}"
    );
    // U+1FAEA is newer than the name table (Unicode 17.0): the number alone.
    if let Err(e) = Domain::parse_with("\u{1FAEA}.la", H) {
        assert!(e.to_string().contains("U+1FAEA '"), "{e}");
    }
}

//! IDNA 2008 (the default mode) against its sources: every code point of Unicode's
//! `Idna2008.txt` (RFC 5892 §3 as Unicode computes it) as a one-code-point label, and
//! the examples of RFC 5892 Appendix A and RFC 5893 §2 through `Domain::parse`, as
//! U-labels and as A-labels.

use icu_properties::CodePointMapData;
use icu_properties::props::{BidiClass, GeneralCategory};
use ldh_domain::{
    ALabelReason, DisallowedWhy as Why, Domain, DomainErrorKind as K, IdnaMode, IdnaRule, Policy,
    to_ascii_with,
};

use crate::common::{fails, ok};

const H: &Policy = &Policy::HOSTNAME;

/// The derived property of every code point, read from the vendored file.
fn categories() -> Vec<(u32, u32, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/idna/18.0.0/Idna2008.txt"
    ))
    .unwrap();
    text.lines()
        .filter_map(|line| {
            let line = line.split('#').next()?.trim();
            let (range, value) = line.split_once(';')?;
            let range = range.trim();
            let (a, b) = range.split_once("..").unwrap_or((range, range));
            Some((
                u32::from_str_radix(a, 16).ok()?,
                u32::from_str_radix(b, 16).ok()?,
                value.trim().to_owned(),
            ))
        })
        .collect()
}

/// What a one-code-point label `c` in `c.com` must give, from the file and the
/// Unicode properties alone: RFC 5891 §4.2.3.2 (no leading mark) first, then the
/// derived property (RFC 5892), the context rules (none holds for a code point alone
/// but A.8/A.9, whose digits are then class AN and fail RFC 5893 rule 1), and the Bidi
/// rule (a lone R or AL letter is fine).
fn expected(c: char, category: &str) -> Result<(), K> {
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    if matches!(
        gc,
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    ) {
        return Err(K::Idna(IdnaRule::LeadingCombiningMark));
    }
    match category {
        "PVALID" => {
            if CodePointMapData::<BidiClass>::new().get(c) == BidiClass::ArabicNumber {
                Err(K::Idna(IdnaRule::Bidi))
            } else {
                Ok(())
            }
        }
        "CONTEXTJ" => Err(K::Idna(IdnaRule::Joiners)),
        "CONTEXTO"
            if ('\u{660}'..='\u{669}').contains(&c) || ('\u{6F0}'..='\u{6F9}').contains(&c) =>
        {
            if CodePointMapData::<BidiClass>::new().get(c) == BidiClass::ArabicNumber {
                Err(K::Idna(IdnaRule::Bidi))
            } else {
                Ok(())
            }
        }
        "CONTEXTO" => Err(K::Idna(IdnaRule::ContextO(c))),
        "UNASSIGNED" => Err(K::Idna(IdnaRule::Unassigned(c))),
        _ => Err(K::Idna(IdnaRule::Disallowed(c, Why::Other))),
    }
}

/// The `xn--` form of `label`, encoded without any validity check (so that invalid
/// U-labels can be tried as A-labels).
fn a_label_unchecked(label: &str) -> String {
    format!("xn--{}", punycode_core::encode_to_string(label).unwrap())
}

/// Compares kinds, ignoring the `DisallowedWhy` (worked out from another property).
fn same(a: K, b: K) -> bool {
    match (a, b) {
        (K::Idna(IdnaRule::Disallowed(x, _)), K::Idna(IdnaRule::Disallowed(y, _))) => x == y,
        _ => a == b,
    }
}

/// RFC 5892 §3, every code point: the one-code-point label's verdict is the table's
/// (plus its context rule). Non-ASCII code points only (ASCII labels are LDH labels,
/// checked by the host name rules); the four full stops are refused earlier by
/// `Domain::parse` (`idna_non_ascii_full_stop`). Every seventh code point also as an
/// A-label, which must fail (or pass) by the same rule.
#[test]
fn rfc5892_every_code_point_as_a_one_code_point_label() {
    let mut checked = 0u32;
    for (first, last, category) in categories() {
        for cp in first.max(0x80)..=last {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            if matches!(c, '\u{3002}' | '\u{FF0E}' | '\u{FF61}') {
                continue;
            }
            let want = expected(c, &category);
            let name = format!("{c}.com");
            let got = Domain::parse_with(&name, H)
                .map(|_| ())
                .map_err(|e| e.kind());
            let agree = match (want, got) {
                (Ok(()), Ok(())) => true,
                (Err(w), Err(g)) => same(w, g),
                _ => false,
            };
            assert!(agree, "U+{cp:04X} ({category}): want {want:?}, got {got:?}");
            if cp % 7 == 0 {
                let a_name = format!("{}.com", a_label_unchecked(&c.to_string()));
                let got = Domain::parse_with(&a_name, H)
                    .map(|_| ())
                    .map_err(|e| e.kind());
                let agree = match (want, got) {
                    (Ok(()), Ok(()))
                    | (Err(K::Idna(IdnaRule::Bidi)), Err(K::Idna(IdnaRule::Bidi))) => true,
                    (Err(K::Idna(w)), Err(K::InvalidALabel(ALabelReason::NotULabel(g)))) => {
                        same(K::Idna(w), K::Idna(g))
                    }
                    _ => false,
                };
                assert!(
                    agree,
                    "{a_name} (U+{cp:04X}, {category}): want {want:?}, got {got:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 1_000_000, "{checked}");
}

/// RFC 5892 Appendix A, each rule met and broken, as a U-label and as an A-label; the
/// error points at the code point.
#[test]
fn rfc5892_appendix_a_through_parse() {
    let valid = [
        "\u{915}\u{94d}\u{200c}\u{937}.in", // A.1 ZWNJ after a virama
        "\u{628}\u{200c}\u{627}.ir",        // A.1 ZWNJ between joining letters
        "\u{915}\u{94d}\u{200d}\u{937}.in", // A.2 ZWJ after a virama
        "col\u{b7}legi.cat",                // A.3 MIDDLE DOT between two l
        "\u{3b1}\u{375}\u{3b2}.gr",         // A.4 KERAIA before a Greek letter
        "\u{5d0}\u{5f3}.il",                // A.5 GERESH after a Hebrew letter
        "\u{5d0}\u{5f4}\u{5d1}.il",         // A.6 GERSHAYIM after a Hebrew letter
        "\u{30a2}\u{30fb}\u{30a4}.jp",      // A.7 KATAKANA MIDDLE DOT with Katakana
        "\u{628}\u{661}\u{662}.eg",         // A.8 ARABIC-INDIC DIGITS alone
        "\u{628}\u{6f1}\u{6f2}.ir",         // A.9 EXTENDED ARABIC-INDIC DIGITS alone
    ];
    for name in valid {
        ok(name, H);
        let a = to_ascii_with(name, IdnaMode::Registration).unwrap();
        ok(&a, H);
    }
    let broken: [(&str, IdnaRule, usize); 10] = [
        ("a\u{200c}b.com", IdnaRule::Joiners, 1),
        ("\u{627}\u{200c}\u{628}.ir", IdnaRule::Joiners, 2),
        ("a\u{200d}b.com", IdnaRule::Joiners, 1),
        ("a\u{b7}b.com", IdnaRule::ContextO('\u{b7}'), 1),
        ("\u{3b1}\u{375}a.gr", IdnaRule::ContextO('\u{375}'), 2),
        ("a\u{5f3}.il", IdnaRule::ContextO('\u{5f3}'), 1),
        ("a\u{5f4}.il", IdnaRule::ContextO('\u{5f4}'), 1),
        ("a\u{30fb}b.jp", IdnaRule::ContextO('\u{30fb}'), 1),
        ("\u{628}\u{661}\u{6f2}.eg", IdnaRule::ContextO('\u{661}'), 2),
        ("\u{628}\u{6f1}\u{662}.ir", IdnaRule::ContextO('\u{6f1}'), 2),
    ];
    for (name, rule, at) in broken {
        fails(name, H, K::Idna(rule), at, Some(0));
        // The same label as an A-label (encoded without any check).
        let label = name.split('.').next().unwrap();
        let a = format!("{}.com", a_label_unchecked(label));
        fails(
            &a,
            H,
            K::InvalidALabel(ALabelReason::NotULabel(rule)),
            0,
            Some(0),
        );
        // Lookup tests CONTEXTJ rules only (RFC 5891 §5.4).
        let lookup = H.with_idna_mode(IdnaMode::Lookup);
        // (The Hebrew and Arabic cases stay invalid there by the Bidi rule.)
        let lookup_ok = match rule {
            IdnaRule::Joiners => Some(false),
            IdnaRule::ContextO('\u{b7}' | '\u{375}' | '\u{30fb}') => Some(true),
            _ => None,
        };
        if let Some(want) = lookup_ok {
            assert_eq!(Domain::parse_with(name, &lookup).is_ok(), want, "{name}");
        }
    }
}

/// RFC 5893 §2: the six conditions in a Bidi domain name, by U-label and A-label.
#[test]
fn rfc5893_bidi_rule_through_parse() {
    // Hebrew and Arabic names, with digits where the rules allow them.
    for name in [
        "\u{5e9}\u{5dc}\u{5d5}\u{5dd}.il",
        "\u{645}\u{635}\u{631}.\u{645}\u{635}\u{631}",
        "\u{5d0}1.il",
        "a1.\u{5d0}",
    ] {
        ok(name, H);
    }
    for (name, at, label) in [
        ("1\u{5d0}.il", 0, 0),  // rule 1: a digit first
        ("\u{5d0}a.il", 0, 0),  // rule 2: L in an RTL label
        ("\u{5d0}-.com", 2, 0), // (trailing hyphen: the LDH rule comes first)
        ("a\u{5d0}.com", 0, 0), // rule 5: R in an LTR label
        ("0a.\u{5d0}", 0, 0),   // rule 1 for an ASCII label of a Bidi domain name
    ] {
        let e = Domain::parse_with(name, H).unwrap_err();
        assert_eq!(
            (e.offset(), e.label_index()),
            (at, Some(label)),
            "{name}: {e:?}"
        );
        if at == 0 {
            assert_eq!(e.kind(), K::Idna(IdnaRule::Bidi), "{name}");
        }
    }
    // Rule 4: EN and AN in one RTL label (AN digits allowed by A.8 alone).
    fails("\u{628}1\u{661}.eg", H, K::Idna(IdnaRule::Bidi), 0, Some(0));
}

/// RFC 5891 §5.4 and §4.2: NFC, leading mark, hyphens, and upper case (not stable
/// under case folding, RFC 5892 §2.2), each reported as the first rule broken.
#[test]
fn rfc5891_label_rules_and_their_order() {
    fails("bu\u{308}cher.de", H, K::Idna(IdnaRule::NotNfc), 0, Some(0));
    fails(
        "B\u{fc}cher.de",
        H,
        K::Idna(IdnaRule::Disallowed('B', Why::UpperCase)),
        0,
        Some(0),
    );
    // The same name converts: to_ascii maps case (UTS #46, RFC 5895).
    assert_eq!(
        to_ascii_with("B\u{fc}cher.de", IdnaMode::Registration).unwrap(),
        "xn--bcher-kva.de"
    );
    // A DISALLOWED code point is named even when the label is also not NFC later on.
    fails(
        "\u{fc}\u{2764}u\u{308}.de",
        H,
        K::Idna(IdnaRule::Disallowed('\u{2764}', Why::Symbol)),
        2,
        Some(0),
    );
    // A reported A-label: U+01C8 is DISALLOWED (upper case), not a hyphen problem.
    fails(
        "xn--bcher-kvb.com",
        H,
        K::InvalidALabel(ALabelReason::NotULabel(IdnaRule::Disallowed(
            '\u{1c8}',
            Why::UpperCase,
        ))),
        0,
        Some(0),
    );
}

/// Every label rule through an A-label gives the same rule as through the U-label, as
/// `invalid_a_label` with `NotULabel(rule)` (RFC 5891 §5.4: the A-label is decoded and
/// its U-label checked).
#[test]
fn rfc5891_5_4_each_rule_through_a_labels() {
    let cases: [(&str, IdnaRule); 6] = [
        ("bu\u{308}cher", IdnaRule::NotNfc),
        ("\u{301}ab", IdnaRule::LeadingCombiningMark),
        ("ab--\u{fc}", IdnaRule::Hyphens),
        ("a\u{378}", IdnaRule::Unassigned('\u{378}')),
        ("\u{2603}", IdnaRule::Disallowed('\u{2603}', Why::Symbol)),
        ("a\u{200d}b", IdnaRule::Joiners),
    ];
    for (label, rule) in cases {
        let u = format!("{label}.com");
        let e = Domain::parse_with(&u, H).unwrap_err();
        assert_eq!(e.kind(), K::Idna(rule), "{u}");
        let a = format!("{}.com", a_label_unchecked(label));
        fails(
            &a,
            H,
            K::InvalidALabel(ALabelReason::NotULabel(rule)),
            0,
            Some(0),
        );
    }
}

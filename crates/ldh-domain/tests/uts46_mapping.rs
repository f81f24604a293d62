//! UTS #46 §4.2 `ToASCII` maps and normalizes a name before it converts a label: the
//! A-label form of a name accepted in any mode is the mapped name converted, the same
//! text as the free conversion gives, and a fixed point of parsing and converting again.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::common::unescape;
use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_normalizer::uts46::Uts46MapperBorrowed;
use ldh_domain::{Domain, DomainBuf, IdnaMode, LabelKind, Policy, Warning, to_ascii_with};
use proptest::prelude::*;

const MODES: [IdnaMode; 3] = [IdnaMode::Registration, IdnaMode::Lookup, IdnaMode::Uts46];

const POLICIES: [(&str, Policy); 3] = [
    ("HOSTNAME", Policy::HOSTNAME),
    ("FQDN", Policy::FQDN),
    ("DNS", Policy::DNS),
];

fn uts46(policy: Policy) -> Policy {
    policy.with_idna_mode(IdnaMode::Uts46)
}

/// The A-label form of `input` parsed under `policy`.
#[track_caller]
fn ascii_of(input: &str, policy: &Policy) -> String {
    let d = Domain::parse_with(input, policy).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    d.to_ascii()
        .unwrap_or_else(|e| panic!("{input:?}: {e}"))
        .into_owned()
}

/// UTS #46 §4.2 step 1 maps before step 4 converts: a full-width label maps to the
/// ASCII label `example`, which is no `xn--` label.
#[test]
fn uts46_4_2_fullwidth_label_converts_to_its_ascii_mapping() {
    let policy = uts46(Policy::FQDN);
    assert_eq!(ascii_of("ＥＸＡＭＰＬＥ.com", &policy), "example.com");
    assert_eq!(ascii_of("ＥＸＡＭＰＬＥ.com.", &policy), "example.com.");
    let owned = DomainBuf::parse_with("ＥＸＡＭＰＬＥ.com", &policy).unwrap();
    assert_eq!(owned.to_ascii().unwrap(), "example.com");
}

/// UTS #46 §5 (IdnaMappingTable): U+200B is `ignored`; the label left is ASCII.
#[test]
fn uts46_5_ignored_code_point_leaves_an_ascii_label() {
    assert_eq!(
        ascii_of("exa\u{200B}mple.com", &uts46(Policy::FQDN)),
        "example.com"
    );
}

/// UTS #46 §4.1 step 2 (Normalize): `s` + U+0307 is `ṡ` (U+1E61) in NFC, whose A-label
/// is `xn--tig`; the unnormalized sequence's Punycode `xn--s-9bb` is no A-label.
#[test]
fn uts46_4_1_label_not_in_nfc_is_normalized_before_conversion() {
    let policy = uts46(Policy::HOSTNAME);
    assert_eq!(ascii_of("s\u{307}", &policy), "xn--tig");
    assert_eq!(ascii_of("s\u{307}.example", &policy), "xn--tig.example");
    assert_eq!(
        Domain::parse_with("xn--s-9bb", &policy).unwrap_err().code(),
        "invalid_a_label"
    );
}

/// UTS #46 §5: code points the outsider's search found, each mapped to ASCII (or
/// ignored) inside `a…b`: the name converts to the mapped ASCII text.
#[test]
fn uts46_5_code_points_that_map_to_ascii_give_ascii_labels() {
    let cases = [
        ('\u{FB01}', "afib"), // LATIN SMALL LIGATURE FI
        ('\u{00BA}', "aob"),  // MASCULINE ORDINAL INDICATOR
        ('\u{00B2}', "a2b"),  // SUPERSCRIPT TWO
        ('\u{212A}', "akb"),  // KELVIN SIGN
        ('\u{00AD}', "ab"),   // SOFT HYPHEN (ignored)
        ('\u{FEFF}', "ab"),   // ZERO WIDTH NO-BREAK SPACE (ignored)
        ('\u{034F}', "ab"),   // COMBINING GRAPHEME JOINER (ignored)
        ('\u{FE0F}', "ab"),   // VARIATION SELECTOR-16 (ignored)
        ('\u{E0100}', "ab"),  // VARIATION SELECTOR-17 (ignored)
        ('\u{1D400}', "aab"), // MATHEMATICAL BOLD CAPITAL A
        ('\u{FF21}', "aab"),  // FULLWIDTH LATIN CAPITAL LETTER A
    ];
    for (c, expected) in cases {
        let name = format!("a{c}b.example");
        assert_eq!(
            ascii_of(&name, &uts46(Policy::HOSTNAME)),
            format!("{expected}.example"),
            "U+{:04X}",
            u32::from(c)
        );
    }
}

/// The mapped form of a label that is partly ASCII and partly not: the label is mapped
/// whole, then encoded (`Bücher` → `bücher` → `xn--bcher-kva`).
#[test]
fn uts46_4_2_mixed_label_is_lower_cased_by_the_mapping_then_encoded() {
    let policy = uts46(Policy::HOSTNAME);
    assert_eq!(ascii_of("Bücher.de", &policy), "xn--bcher-kva.de");
    assert_eq!(ascii_of("BÜCHER.de", &policy), "xn--bcher-kva.de");
    assert_eq!(ascii_of("ｂüｃｈｅｒ.de", &policy), "xn--bcher-kva.de");
}

/// UTS #46 §4.3 `ToUnicode` maps first, then decodes: a label whose mapping is an
/// A-label is decoded (`xn--bＥ𝐀` maps to `xn--bea`, which is `č`; the `IdnaTestV2.txt` line
/// of ignored code points and compatibility letters that maps to `xn--bssffl`).
#[test]
fn uts46_4_3_label_that_maps_to_an_a_label_is_decoded() {
    let policy = uts46(Policy::HOSTNAME);
    let d = Domain::parse_with("xn--bＥ𝐀", &policy).unwrap();
    assert_eq!(d.to_ascii().unwrap(), "xn--bea");
    assert_eq!(d.to_unicode().unwrap(), "\u{10D}");
    let d = Domain::parse_with(
        "X\u{34f}N\u{200b}-\u{ad}-\u{180c}B\u{fe00}S\u{2064}S\u{e01ef}FFL",
        &policy,
    )
    .unwrap();
    assert_eq!(d.to_ascii().unwrap(), "xn--bssffl");
    assert_eq!(d.to_unicode().unwrap(), "夡夞夜夙");
}

/// UTS #46 §4.1 maps U+3002, U+FF0E and U+FF61 to `.`; `Domain::parse` refuses them
/// inside a label in every mode (a parsed name's labels are its labels as written), so
/// no label it accepts maps to two.
#[test]
fn uts46_4_1_full_stops_inside_a_label_are_refused_by_parse() {
    for mode in MODES {
        for stop in ['\u{3002}', '\u{FF0E}', '\u{FF61}'] {
            let name = format!("a{stop}example");
            let err =
                Domain::parse_with(&name, &Policy::HOSTNAME.with_idna_mode(mode)).unwrap_err();
            assert_eq!(err.code(), "idna_non_ascii_full_stop", "{name:?} {mode:?}");
            assert_eq!(to_ascii_with(&name, mode).unwrap(), "a.example");
        }
    }
}

/// IDNA 2008 U-labels are their own mapping (RFC 5895 §2 maps nothing in them): the
/// A-label is the Punycode of the label as written, in every mode.
#[test]
fn rfc5891_4_4_idna2008_u_labels_convert_as_written() {
    for mode in MODES {
        let policy = Policy::HOSTNAME.with_idna_mode(mode);
        assert_eq!(ascii_of("bücher.de", &policy), "xn--bcher-kva.de");
        assert_eq!(ascii_of("例え.jp", &policy), "xn--r8jz45g.jp");
    }
}

/// A name that is no host name under `policy` (an underscore label under `DNS`, an
/// R-LDH label, which UTS #46 `CheckHyphens` refuses) is refused by the free conversion,
/// which checks host names with `CheckHyphens`: the one way the two may differ.
fn free_conversion_may_refuse(d: &Domain<'_>) -> bool {
    d.warnings().contains(Warning::ReservedHyphenLabel)
        || d.labels().any(|l| {
            let text = l.as_str();
            text.is_ascii()
                && (l.kind() == LabelKind::ReservedLdh
                    || text.starts_with('-')
                    || text.ends_with('-')
                    || !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        })
}

/// What the property checks for one input, counted.
#[derive(Default)]
struct Tally {
    inputs: usize,
    accepted: usize,
    non_ascii_accepted: usize,
    compared_with_free: usize,
}

/// The property, for every mode and policy: when `input` parses, its `to_ascii` parses
/// again under the same policy to a name with the same A-label and U-label forms; it
/// equals the free `to_ascii_with` in that mode (unless the free conversion refuses the
/// name for the reason [`free_conversion_may_refuse`] gives); and the U-label form of
/// the A-label form parses and converts back to both.
fn check(input: &str, tally: &mut Tally) -> Result<(), String> {
    tally.inputs += 1;
    for mode in MODES {
        for (policy_name, policy) in POLICIES {
            let policy = policy.with_idna_mode(mode);
            let Ok(d) = Domain::parse_with(input, &policy) else {
                continue;
            };
            let ctx = || format!("{input:?} under {policy_name} {mode:?}");
            tally.accepted += 1;
            tally.non_ascii_accepted += usize::from(!d.is_ascii());
            let ascii = d
                .to_ascii()
                .map_err(|e| format!("{}: to_ascii failed: {e}", ctx()))?;
            let again = Domain::parse_with(&ascii, &policy)
                .map_err(|e| format!("{}: to_ascii {ascii:?} does not parse: {e}", ctx()))?;
            let ascii_again = again.to_ascii().map_err(|e| e.to_string())?;
            if ascii_again != ascii {
                return Err(format!("{}: {ascii:?} converts to {ascii_again:?}", ctx()));
            }
            let unicode = d.to_unicode().map_err(|e| e.to_string())?;
            let unicode_of_ascii = again.to_unicode().map_err(|e| e.to_string())?;
            if unicode != unicode_of_ascii {
                return Err(format!(
                    "{}: to_unicode {unicode:?}, of its to_ascii {unicode_of_ascii:?}",
                    ctx()
                ));
            }
            let u = Domain::parse_with(&unicode, &policy)
                .map_err(|e| format!("{}: to_unicode {unicode:?} does not parse: {e}", ctx()))?;
            if u.to_ascii().map_err(|e| e.to_string())? != ascii
                || u.to_unicode().map_err(|e| e.to_string())? != unicode
            {
                return Err(format!("{}: to_unicode {unicode:?} is not stable", ctx()));
            }
            match to_ascii_with(input, mode) {
                Ok(free) => {
                    tally.compared_with_free += 1;
                    if free != ascii {
                        return Err(format!("{}: to_ascii {ascii:?}, free {free:?}", ctx()));
                    }
                }
                Err(e) if !free_conversion_may_refuse(&d) => {
                    return Err(format!("{}: free conversion refused it: {e}", ctx()));
                }
                Err(_) => {}
            }
        }
    }
    Ok(())
}

/// Runs [`check`] over `inputs`, collecting every failure.
fn check_all<'a>(inputs: impl IntoIterator<Item = &'a str>, tally: &mut Tally) -> Vec<String> {
    inputs
        .into_iter()
        .filter_map(|input| check(input, tally).err())
        .collect()
}

#[track_caller]
fn assert_none_failed(what: &str, failures: &[String], tally: &Tally) {
    eprintln!(
        "{what}: {} inputs, {} accepted (mode × policy), {} of them non-ASCII, {} compared with to_ascii_with",
        tally.inputs, tally.accepted, tally.non_ascii_accepted, tally.compared_with_free
    );
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
}

/// The source column of `IdnaTestV2.txt` (UTS #46 §8 conformance data), unescaped.
fn idna_test_sources() -> Vec<String> {
    const FILE: &str = include_str!("../testdata/idna/IdnaTestV2.txt");
    let mut out = BTreeSet::new();
    for line in FILE.lines() {
        let line = line.split('#').next().unwrap_or_default();
        let Some(source) = line.split(';').next().map(str::trim) else {
            continue;
        };
        if source.is_empty() {
            continue;
        }
        out.insert(unescape(source));
    }
    out.into_iter().collect()
}

/// Each text, and its NFD form when that differs (input not in NFC, UAX #15).
fn with_nfd(texts: impl IntoIterator<Item = String>) -> Vec<String> {
    let nfd = DecomposingNormalizerBorrowed::new_nfd();
    let mut out = Vec::new();
    for text in texts {
        let decomposed = nfd.normalize(&text).into_owned();
        if decomposed != text {
            out.push(decomposed);
        }
        out.push(text);
    }
    out
}

/// UTS #46 §8: every source of the conformance file, and its NFD form.
#[test]
fn uts46_8_idna_test_v2_sources_convert_to_a_fixed_point() {
    let inputs = with_nfd(idna_test_sources());
    let mut tally = Tally::default();
    let failures = check_all(inputs.iter().map(String::as_str), &mut tally);
    assert_none_failed("IdnaTestV2 sources and NFD forms", &failures, &tally);
    assert!(tally.inputs > 7_000 && tally.non_ascii_accepted > 1_500);
}

/// RFC 3696 §2 names as found: the domain corpora, each name and its NFD form.
#[test]
fn rfc3696_2_corpus_names_convert_to_a_fixed_point() {
    let mut names = Vec::new();
    for file in [
        include_str!("../testdata/corpus/domains.txt"),
        include_str!("../testdata/corpus/domains-100k.txt"),
    ] {
        names.extend(file.lines().map(String::from));
    }
    // The first corpus is a prefix of the second.
    let names: BTreeSet<String> = names.into_iter().collect();
    let inputs = with_nfd(names);
    let mut tally = Tally::default();
    let failures = check_all(inputs.iter().map(String::as_str), &mut tally);
    assert_none_failed("domain corpora and NFD forms", &failures, &tally);
    assert!(tally.inputs >= 100_000 && tally.non_ascii_accepted > 10_000);
}

/// Every code point that UTS #46 maps to something else (or to nothing), as `a{c}b`,
/// upper-case `A{c}B`, and alone before `.example`: the class the outsider found.
#[test]
fn uts46_5_every_mapped_code_point_converts_to_a_fixed_point() {
    let mapper = Uts46MapperBorrowed::new();
    let mut inputs = Vec::new();
    for c in (0..=0x10_FFFF_u32).filter_map(char::from_u32) {
        if c.is_ascii() || c == '.' {
            continue;
        }
        let mapped: String = mapper.map_normalize(core::iter::once(c)).collect();
        if mapped == c.to_string() || mapped.contains('\u{FFFD}') {
            continue;
        }
        inputs.push(format!("a{c}b.example"));
        inputs.push(format!("A{c}B.example"));
        inputs.push(format!("{c}.example"));
    }
    let mut tally = Tally::default();
    let failures = check_all(inputs.iter().map(String::as_str), &mut tally);
    assert_none_failed("a{c}b for every mapped code point", &failures, &tally);
    assert!(tally.inputs > 15_000 && tally.non_ascii_accepted > 4_000);
}

/// Pieces whose mapping or normalization changes a label: capitals, full-width and
/// mathematical letters, ligatures, ignored code points, combining marks in and out of
/// canonical order, joiners, a right-to-left letter, the full stops UTS #46 maps.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "a",
        "b",
        "s",
        "x",
        "n",
        "-",
        "1",
        "A",
        "S",
        "ü",
        "u\u{308}",
        "\u{307}",
        "\u{323}",
        "\u{301}",
        "\u{341}",
        "ß",
        "ς",
        "Σ",
        "ｘ",
        "Ｅ",
        "－",
        "\u{FB01}",
        "\u{1D400}",
        "\u{212A}",
        "\u{00AD}",
        "\u{200B}",
        "\u{200C}",
        "\u{200D}",
        "\u{FE0F}",
        "\u{E0041}",
        "\u{034F}",
        "\u{00BA}",
        "\u{00B2}",
        "\u{05D0}",
        "\u{0627}",
        "例",
        "\u{3002}",
        "\u{FF0E}",
        ".",
        "xn--",
        "\u{2488}",
        "\u{2160}",
        "\u{1E9E}",
        "İ",
        "\u{130}",
    ])
}

/// The number of generated names [`random_names_convert_to_a_fixed_point`] tries.
const RANDOM_CASES: u32 = 20_000;

/// UTS #46 §4.2 on random names built from [`piece`]s.
#[test]
fn random_names_convert_to_a_fixed_point() {
    let name = (
        prop::collection::vec(piece(), 1..12),
        prop::sample::select(vec!["", ".com", ".example.", ".ＣＯＭ"]),
    )
        .prop_map(|(pieces, tld)| format!("{}{tld}", pieces.concat()));
    let tally = std::cell::RefCell::new(Tally::default());
    let mut runner =
        proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(RANDOM_CASES));
    let result = runner.run(&name, |name| {
        check(&name, &mut tally.borrow_mut()).map_err(TestCaseError::fail)
    });
    let tally = tally.into_inner();
    let failures: Vec<String> = result.err().map(|e| e.to_string()).into_iter().collect();
    assert_none_failed("random names", &failures, &tally);
    assert!(
        tally.non_ascii_accepted > 10_000,
        "{}",
        tally.non_ascii_accepted
    );
}

/// ASCII names are not mapped: `Domain::to_ascii` borrows a lower-case ASCII name in
/// every mode (the mapper runs on U-labels only).
#[test]
fn ascii_names_convert_borrowed_in_every_mode() {
    for mode in MODES {
        let d = Domain::parse_with("example.com", &Policy::HOSTNAME.with_idna_mode(mode)).unwrap();
        assert!(matches!(
            d.to_ascii().unwrap(),
            Cow::Borrowed("example.com")
        ));
    }
}

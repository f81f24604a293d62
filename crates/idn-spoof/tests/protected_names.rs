//! The skeleton index of protected names ([`ProtectedNames`]) against the comparison of
//! a label with every protected name in turn: the same name found (UTS #39 §4 skeleton,
//! not equal), the same verdicts, the same reasons and messages.
#![cfg(feature = "alloc")]

use idn_spoof::{DisplayPolicy, ProtectedNames, Rule, are_confusable, check_label, display};
use proptest::prelude::*;

/// The comparison as written before the index existed: for each protected name in
/// order, each of its labels but the TLD (all of a one-label name), the first that has
/// the skeleton of `label` without being equal to it.
fn linear_scan(label: &str, protected: &[&str]) -> Option<usize> {
    protected.iter().position(|name| {
        let name = name.strip_suffix('.').unwrap_or(name);
        let mut labels = name.split('.');
        let count = labels.clone().count();
        let compared = if count > 1 { count - 1 } else { count };
        labels
            .by_ref()
            .take(compared)
            .any(|p| !p.eq_ignore_ascii_case(label) && are_confusable(label, p))
    })
}

/// Checks one label three ways: the reference scan, the index alone, and `check_label`
/// under both policies (whole verdicts compared, protected index included).
fn assert_same_label(label: &str, names: &[&str], index: &ProtectedNames<'_>) {
    let expected = linear_scan(label, names);
    assert_eq!(index.find(label), expected, "find({label:?}) in {names:?}");
    let slice = DisplayPolicy::BROWSER.with_protected(names);
    let indexed = DisplayPolicy::BROWSER.with_protected_names(index);
    for tld in [Some("com"), Some("рф"), None] {
        let by_slice = check_label(label, tld, &slice);
        let by_index = check_label(label, tld, &indexed);
        assert_eq!(by_slice, by_index, "{label:?} under {tld:?} in {names:?}");
    }
}

/// Whole names: the same `Display` (labels, verdicts, reasons with their messages).
fn assert_same_display(name: &str, names: &[&str], index: &ProtectedNames<'_>) {
    let slice = DisplayPolicy::BROWSER.with_protected(names);
    let indexed = DisplayPolicy::BROWSER.with_protected_names(index);
    assert_eq!(
        display(name, &slice),
        display(name, &indexed),
        "{name:?} in {names:?}"
    );
}

fn corpus(name: &str) -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/corpus/");
    std::fs::read_to_string(format!("{path}{name}"))
        .unwrap()
        .split('\n')
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The first `count` names of `testdata/corpus/domains-100k.txt`, read once.
fn top_names(count: usize) -> Vec<&'static str> {
    static TOP: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let top = TOP.get_or_init(|| corpus("domains-100k.txt"));
    top.iter().take(count).map(String::as_str).collect()
}

/// Lookalikes of the protected names: Latin letters swapped for their Cyrillic, Greek
/// or Latin confusables (UTS #39 `confusables.txt`), one position at a time.
fn lookalikes(label: &str) -> Vec<String> {
    const SWAPS: [(char, &str); 8] = [
        ('a', "а"),
        ('o', "о"),
        ('e', "е"),
        ('p', "р"),
        ('c', "с"),
        ('i', "ı"),
        ('l', "ӏ"),
        ('m', "rn"),
    ];
    let mut out = Vec::new();
    for (at, c) in label.char_indices() {
        for (from, to) in SWAPS {
            if c == from {
                out.push(format!(
                    "{}{to}{}",
                    &label[..at],
                    &label[at + c.len_utf8()..]
                ));
            }
        }
    }
    out
}

/// UTS #39 §4: every lookalike of a corpus name is flagged with the same protected name
/// by both, against 1,000 names of `testdata/corpus/domains-100k.txt` (IDN names among
/// them, in their A-label form as the corpus writes them).
#[test]
fn uts39_4_index_and_scan_agree_on_lookalikes_of_corpus_names() {
    let names = top_names(1_000);
    let index = ProtectedNames::new(&names);
    let mut flagged = 0;
    let mut labels = 0;
    for name in names.iter().step_by(5) {
        let first = name.split('.').next().unwrap();
        for lookalike in lookalikes(first) {
            labels += 1;
            assert_same_label(&lookalike, &names, &index);
            if linear_scan(&lookalike, &names).is_some() {
                flagged += 1;
            }
            let rest = name.split_once('.').map_or("", |(_, rest)| rest);
            assert_same_display(&format!("{lookalike}.{rest}"), &names, &index);
        }
    }
    // The test compares real hits, not only misses.
    assert!(labels > 500, "{labels}");
    assert!(flagged * 2 > labels, "{flagged} of {labels}");
}

/// The IDN names of the corpus (decoded by `display`) against a list that protects
/// 2,000 names: both policies give equal displays, reasons and messages included.
#[test]
fn uts39_4_index_and_scan_agree_on_the_idn_names_of_the_corpus() {
    let names = top_names(2_000);
    let index = ProtectedNames::new(&names);
    let mut compared = 0;
    for name in corpus("domains.txt")
        .iter()
        .filter(|n| n.contains("xn--") || !n.is_ascii())
        .take(200)
    {
        assert_same_display(name, &names, &index);
        compared += 1;
    }
    assert_eq!(compared, 200);
}

/// The earliest protected name wins in both, however the list repeats skeletons;
/// the protected label itself and its ASCII case variants are not flagged.
#[test]
fn the_earliest_of_several_resembled_names_is_named() {
    let names = ["раураl.example", "paypal.com", "www.paypal.net", "PAYPAL"];
    let index = ProtectedNames::new(&names);
    // The Cyrillic name is first, but equal to the label: the next one is named.
    assert_eq!(index.find("раураl"), Some(1));
    assert_eq!(index.find("pаypal"), Some(0));
    assert_eq!(index.find("paypal"), Some(0));
    assert_eq!(index.find("www"), None);
    // Cyrillic ш has the skeleton `w`: `wwш` looks like the `www` of the third name.
    assert_eq!(index.find("wwш"), Some(2));
    for label in ["раураl", "pаypal", "paypal", "PayPal", "www", "net", "com"] {
        assert_same_label(label, &names, &index);
    }
    let policy = DisplayPolicy::BROWSER.with_protected_names(&index);
    let shown = display("pаypal.com", &policy).unwrap();
    let reason = shown
        .reasons()
        .iter()
        .find(|r| r.rule == Rule::ProtectedName)
        .unwrap();
    assert!(
        reason.message.contains("`раураl.example`"),
        "{}",
        reason.message
    );
}

/// A TLD is not a protected label, unless the name has no other label; a final dot
/// changes nothing.
#[test]
fn tlds_are_protected_only_as_one_label_names() {
    let names = ["example.com.", "рф"];
    let index = ProtectedNames::new(&names);
    assert_eq!(index.find("еxample"), Some(0));
    assert_eq!(index.find("сom"), None);
    assert_eq!(index.find("pф"), linear_scan("pф", &names));
    assert!(ProtectedNames::new(&[]).find("аррӏе").is_none());
    for label in ["еxample", "сom", "pф", "рф", ""] {
        assert_same_label(label, &names, &index);
    }
}

/// Characters with many lookalikes among each other, so that random lists and labels
/// collide often (`rn`/`m`, `l`/`ӏ`/`1`/`I`, Latin/Cyrillic/Greek vowels, dotless `ı`).
const ALPHABET: [&str; 16] = [
    "a", "а", "o", "о", "ο", "e", "е", "l", "ӏ", "1", "I", "ı", "rn", "m", "x", "х",
];

fn label_strategy() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&ALPHABET[..]), 1..5)
        .prop_map(|parts| parts.concat())
}

fn name_strategy() -> impl Strategy<Value = String> {
    (prop::collection::vec(label_strategy(), 1..4), any::<bool>()).prop_map(|(labels, dot)| {
        let mut name = labels.join(".");
        if dot {
            name.push('.');
        }
        name
    })
}

/// Cases of the property below.
const CASES: u32 = 2_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// UTS #39 §4, random lists of up to 12 names over an alphabet of lookalikes and 8
    /// labels each: the index finds what the scan finds, and `check_label` decides the
    /// same under both policies.
    #[test]
    fn uts39_4_index_equals_scan_on_random_lookalikes(
        names in prop::collection::vec(name_strategy(), 0..12),
        labels in prop::collection::vec(label_strategy(), 8),
    ) {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let index = ProtectedNames::new(&names);
        for label in &labels {
            assert_same_label(label, &names, &index);
        }
        // Each protected label, checked against its own list, as well.
        for name in &names {
            for label in name.split('.') {
                assert_same_label(label, &names, &index);
            }
        }
    }
}

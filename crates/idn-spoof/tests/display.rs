//! The display decision on realistic spoofs and on legitimate IDNs, each policy rule
//! switched off, protected names, and the round trip of the display form.
#![cfg(feature = "alloc")]

use idn_spoof::{DisplayPolicy, Rule, display};
use ldh_domain::{Domain, Policy};
use proptest::prelude::*;

/// Asserts that `name` is shown with the A-label of `label` for a reason that includes
/// `rule`.
fn assert_spoof(name: &str, label: usize, rule: Rule) {
    let shown = display(name, &DisplayPolicy::BROWSER).unwrap_or_else(|e| panic!("{name}: {e}"));
    check_spoof(name, &shown, label, rule);
}

/// As [`assert_spoof`], for names that IDNA 2008 (RFC 5892 context rules, NV8 code points
/// disallowed) rejects while UTS #46 accepts them: invalid is an answer too, since an
/// invalid name is never displayed; the error must then be an IDNA one.
fn assert_spoof_or_invalid(name: &str, label: usize, rule: Rule) {
    match display(name, &DisplayPolicy::BROWSER) {
        Ok(shown) => check_spoof(name, &shown, label, rule),
        Err(e) => assert_eq!(e.label_index(), Some(label), "{name}: {e}"),
    }
}

/// [`assert_spoof`] on the first label of each of `names`.
fn assert_spoofs(rule: Rule, names: &[&str]) {
    for name in names {
        assert_spoof(name, 0, rule);
    }
}

/// [`assert_spoof_or_invalid`] on the first label of each of `names`.
fn assert_spoofs_or_invalid(rule: Rule, names: &[&str]) {
    for name in names {
        assert_spoof_or_invalid(name, 0, rule);
    }
}

fn check_spoof(name: &str, shown: &idn_spoof::Display, label: usize, rule: Rule) {
    assert!(
        !shown.is_display_safe(),
        "{name} would be shown as {}",
        shown.output()
    );
    let l = &shown.labels()[label];
    assert_eq!(
        shown.output().split('.').nth(label),
        Some(l.ascii()),
        "{name}"
    );
    assert!(l.ascii().starts_with("xn--"), "{name}");
    assert!(
        shown
            .reasons()
            .iter()
            .any(|r| r.rule == rule && r.label_index == label),
        "{name}: expected {rule:?} on label {label}, got {:?}",
        shown.reasons()
    );
    // The same name with that one rule off is no longer stopped by it.
    let lenient = display(name, &DisplayPolicy::BROWSER.without(rule)).unwrap();
    assert!(lenient.reasons().iter().all(|r| r.rule != rule), "{name}");
}

/// Whole-script lookalikes of Latin names under a Latin TLD (UTS #39 §4).
const WHOLE_SCRIPT: &[&str] = &[
    "аррӏе.com", // apple, Cyrillic with palochka
    "ѕсоре.com", // scope
    "рау.com",   // pay
    "сосо.com",  // coco
    "ѕһор.com",  // shop
    "уаһоо.com", // yahoo
    "аѕоѕ.com",  // asos
    "еріс.com",  // epic
    "јеер.com",  // jeep
    "сһеар.net", // cheap
    "оаѕіѕ.org", // oasis
    "ѕеа.io",    // sea
    "ехро.com",  // expo
    "хох.com",   // xox
    "ορο.com",   // opo, Greek
    "ναι.com",   // vai, Greek nu alpha iota
    "৪৪.com",    // Bengali digit four looks like 8
    "੦੦.com",    // Gurmukhi digit zero looks like o
    "ցօօց.com",  // Armenian g o o g
    "հօ.com",    // Armenian h o
];

/// Latin mixed with a lookalike script (UTS #39 §5.2: below Highly Restrictive).
const MIXED: &[&str] = &[
    "pаypal.com",    // Cyrillic а
    "gοοgle.com",    // Greek omicrons
    "gօօgle.com",    // Armenian oh
    "аmazon.com",    // Cyrillic а
    "miсrosoft.com", // Cyrillic с
    "fаcebook.com",  // Cyrillic а
    "twіtter.com",   // Cyrillic і
    "nеtflix.com",   // Cyrillic е
    "applе.com",     // Cyrillic е
    "bаnk.com",      // Cyrillic а
    "wikipediа.org", // Cyrillic а
    "gmаil.com",     // Cyrillic а
    "lіnkedin.com",  // Cyrillic і
    "google੦.com",   // Gurmukhi zero
    "paypa১.com",    // Bengali one
    "ebаy.com",      // Cyrillic а
    "yаhoo.com",     // Cyrillic а
];

#[test]
fn whole_script_lookalikes_of_latin_are_not_shown() {
    assert_spoofs(Rule::WholeScriptConfusable, WHOLE_SCRIPT);
    assert!(WHOLE_SCRIPT.len() >= 20);
}

#[test]
fn latin_mixed_with_lookalike_scripts_is_not_shown() {
    assert_spoofs(Rule::MixedScript, MIXED);
}

/// UTS #39 §5.3.
#[test]
fn mixed_numbers_are_not_shown() {
    assert_spoofs(
        Rule::MixedNumbers,
        &["a1৪.com", "۱1.com", "১২3.com", "a१1.com"],
    );
}

/// UTS #39 §5.4.
#[test]
fn hidden_characters_are_not_shown() {
    let dotless_with_marks = [
        "ı\u{307}nstagram.com", // dotless i with a dot above
        "paypaı\u{301}.com",    // dotless i with an acute
        "ȷ\u{307}ava.com",      // dotless j with a dot above
    ];
    assert_spoofs(Rule::HiddenCharacters, &dotless_with_marks);
    // Not in NFC (the first mark composes), so IDNA 2008 rejects them already.
    let repeated_marks = [
        "cafe\u{301}\u{301}.fr",                    // the same mark twice
        "a\u{300}\u{301}\u{302}\u{303}\u{304}.com", // five marks
    ];
    assert_spoofs_or_invalid(Rule::HiddenCharacters, &repeated_marks);
}

/// Japanese marks next to Latin, where they pass for `-` and `.`.
#[test]
fn kana_marks_next_to_latin_are_not_shown() {
    assert_spoofs_or_invalid(
        Rule::KanaMarks,
        &["abcー.com", "ーabc.com", "ab・cd.com", "google・com.jp"],
    );
}

/// UTS #39 §3.1 Restricted characters, among them IDNA 2008 NV8 punctuation that UTS #46
/// still maps to itself.
#[test]
fn restricted_characters_are_not_shown() {
    let names = ["a⁄b.com", "a∕b.com", "a꞉b.com", "ab\u{2D4}c.com", "ᚠᚢᚦ.com"];
    assert_spoofs_or_invalid(Rule::RestrictedCharacter, &names);
}

/// Legitimate IDNs in their own scripts: shown in Unicode, label by label.
const LEGITIMATE: &[&str] = &[
    "bücher.de",
    "müller.de",
    "straße.de",
    "münchen.de",
    "köln.de",
    "größe.de",
    "café.fr",
    "élysée.fr",
    "crème-brûlée.fr",
    "français.fr",
    "百度.com",
    "北京大学.cn",
    "中文网.中国",
    "日本語.jp",
    "ひらがな.jp",
    "カタカナ.jp",
    "東京タワー.jp",
    "お茶の水.jp",
    "한국.kr",
    "삼성전자.com",
    "서울.한국",
    "президент.рф",
    "россия.рф",
    "москва.рф",
    "ѕсоре.рф",
    "пример.com",
    "ελλάδα.gr",
    "παράδειγμα.gr",
    "αθήνα.gr",
    "κοκο.ελ",
    "שלום123.co.il",
    "מבחן1.co.il",
    "مثال١٢٣.eg",
    "موقع2024.com",
    "ตัวอย่าง.ไทย",
    "สวัสดี.com",
    "भारत.in",
    "उदाहरण.भारत",
    "हिन्दी.com",
    "färgbolaget.se",
    "españa.es",
    "niño.es",
    "łódź.pl",
    "čeština.cz",
    "türkiye.tr",
    "þór.is",
    "æble.dk",
    "tiếngviệt.vn",
    "հայաստան.am",
    "საქართველო.ge",
    "sony日本.jp",
    "lg전자.com",
    "ソニーsony.jp",
    "example.com",
    "xn--bcher-kva.de",
];

#[test]
fn legitimate_idns_are_shown_in_unicode() {
    assert!(LEGITIMATE.len() >= 50);
    for name in LEGITIMATE {
        let shown =
            display(name, &DisplayPolicy::BROWSER).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(shown.is_display_safe(), "{name}: {:?}", shown.reasons());
        assert!(shown.reasons().is_empty(), "{name}");
        let unicode = Domain::parse_with(name, &Policy::HOSTNAME)
            .unwrap()
            .to_unicode()
            .unwrap();
        assert_eq!(shown.output(), unicode, "{name}");
    }
}

/// The reference example: the first kept as an A-label with its reason, the second
/// shown in Unicode.
#[test]
fn apple_in_cyrillic_and_buecher() {
    let apple = display("xn--80ak6aa92e.com", &DisplayPolicy::BROWSER).unwrap();
    assert_eq!(apple.output(), "xn--80ak6aa92e.com");
    assert_eq!(apple.labels()[0].unicode(), "аррӏе");
    assert_eq!(apple.reasons().len(), 1);
    assert_eq!(apple.reasons()[0].code(), "confusable");
    assert!(
        apple.reasons()[0].message.contains("`appie`")
            || apple.reasons()[0].message.contains("`apple`")
    );
    let books = display("xn--bcher-kva.de", &DisplayPolicy::BROWSER).unwrap();
    assert_eq!(books.output(), "bücher.de");
    assert!(books.is_display_safe());
    assert!(books.has_idn());
    // One unsafe label does not hide the others: each label is decided on its own.
    let mixed = display("bücher.pаypal.com.", &DisplayPolicy::BROWSER).unwrap();
    assert_eq!(mixed.output(), "bücher.xn--pypal-4ve.com.");
    assert_eq!(mixed.reasons()[0].label_index, 1);
}

#[test]
fn ascii_names_are_always_safe_and_unchanged() {
    for name in ["example.com", "EXAMPLE.com", "a-b.c-d.example.", "3com.com"] {
        let shown = display(name, &DisplayPolicy::BROWSER).unwrap();
        assert!(shown.is_display_safe());
        assert!(!shown.has_idn());
        assert_eq!(shown.output(), name.to_ascii_lowercase());
    }
}

#[test]
fn invalid_names_are_errors_not_displays() {
    for name in ["", "a..b", "xn--zz.com", "-a.com", "a.123"] {
        assert!(display(name, &DisplayPolicy::BROWSER).is_err(), "{name}");
    }
}

/// A label with the skeleton of a protected name, but not equal to it, is unsafe even
/// when no other rule stops it.
#[test]
fn protected_names_are_compared_by_skeleton() {
    let protected = ["paypal.com", "m"];
    let policy = DisplayPolicy::BROWSER.with_protected(&protected);
    // Mixed-script lookalikes break the protected-name rule as well as the script rule.
    let shown = display("pаypal.com", &policy).unwrap();
    assert!(
        shown
            .reasons()
            .iter()
            .any(|r| r.rule == Rule::ProtectedName)
    );
    // `ṃ` is not confusable with `m` (its dot below stays in the skeleton): not flagged
    // by this rule (browsers keep Latin Extended Additional as A-labels on its own).
    let shown = display("ṃ.com", &policy).unwrap();
    assert!(
        shown
            .reasons()
            .iter()
            .all(|r| r.rule != Rule::ProtectedName)
    );
    assert!(
        shown
            .reasons()
            .iter()
            .all(|r| r.rule == Rule::BlockedCharacter)
    );
    // Dotless ı is Latin and Allowed: `ınstagram` passes every script rule, and only the
    // protected list stops it.
    let instagram = ["instagram.com"];
    let shown = display(
        "ınstagram.com",
        &DisplayPolicy::BROWSER.with_protected(&instagram),
    )
    .unwrap();
    assert_eq!(shown.reasons().len(), 1);
    assert_eq!(shown.reasons()[0].rule, Rule::ProtectedName);
    assert!(shown.reasons()[0].message.contains("instagram.com"));
    assert!(
        display("ınstagram.com", &DisplayPolicy::BROWSER)
            .unwrap()
            .is_display_safe()
    );
    // The protected name itself is fine.
    assert!(display("paypal.com", &policy).unwrap().is_display_safe());
    // The rule can be turned off.
    let off = policy.without(Rule::ProtectedName);
    assert!(
        display("ınstagram.com", &off.with_protected(&instagram))
            .unwrap()
            .is_display_safe()
    );
}

#[test]
fn every_rule_can_be_turned_off() {
    let mut none = DisplayPolicy::BROWSER;
    for rule in Rule::ALL {
        none = none.without(rule);
        assert_eq!(Rule::from_name(rule.name()), Some(rule));
    }
    for name in WHOLE_SCRIPT.iter().chain(MIXED).chain(&[
        "a1৪.com",
        "abcー.com",
        "cafe\u{301}\u{301}.fr",
        "a⁄b.com",
    ]) {
        if let Ok(shown) = display(name, &none) {
            assert!(shown.is_display_safe(), "{name}: {:?}", shown.reasons());
        }
    }
}

prop_compose! {
    fn label()(kind in 0..6usize, ascii in "[a-z0-9]{1,8}", idx in 0..LEGITIMATE.len(), other in 0..MIXED.len()) -> String {
        match kind {
            0 => ascii,
            1 => LEGITIMATE[idx].split('.').next().unwrap().to_owned(),
            2 => MIXED[other].split('.').next().unwrap().to_owned(),
            3 => WHOLE_SCRIPT[other % WHOLE_SCRIPT.len()].split('.').next().unwrap().to_owned(),
            4 => format!("{ascii}ü"),
            _ => LEGITIMATE[idx].rsplit('.').next().unwrap().to_owned(),
        }
    }
}

proptest! {
    /// The display form of any valid name converts back to the same A-label name: showing
    /// a name never changes which name it is.
    #[test]
    fn display_form_round_trips_to_the_same_a_labels(labels in prop::collection::vec(label(), 1..4), absolute: bool) {
        let mut name = labels.join(".");
        if absolute {
            name.push('.');
        }
        if let Ok(domain) = Domain::parse_with(&name, &Policy::HOSTNAME) {
            let shown = display(&name, &DisplayPolicy::BROWSER).unwrap();
            let output = shown.output();
            let back = Domain::parse_with(&output, &Policy::HOSTNAME).unwrap();
            prop_assert_eq!(back.to_ascii().unwrap().to_ascii_lowercase(), domain.to_ascii().unwrap().to_ascii_lowercase());
        }
    }
}

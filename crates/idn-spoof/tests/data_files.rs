//! Every line of the vendored UTS #39 files against the crate's lookups, so that a
//! generator or lookup bug fails here (UTS #39 §3.1, §4).

use std::fs;
use std::path::PathBuf;

use idn_spoof::{
    IdentifierStatus, IdentifierType, UNICODE_VERSION, are_confusable, digit_zero,
    identifier_status, identifier_types, prototype, skeleton,
};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testdata/uts39")
        .join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `(first, last, value)` for each data line.
fn ranges(text: &str) -> Vec<(u32, u32, String)> {
    text.lines()
        .filter_map(|line| {
            let data = line.split('#').next()?.trim();
            let (cps, value) = data.split_once(';')?;
            let cps = cps.trim();
            let (first, last) = cps.split_once("..").unwrap_or((cps, cps));
            Some((
                u32::from_str_radix(first, 16).unwrap(),
                u32::from_str_radix(last, 16).unwrap(),
                value.trim().to_owned(),
            ))
        })
        .collect()
}

fn chars(field: &str) -> String {
    field
        .split_whitespace()
        .map(|cp| char::from_u32(u32::from_str_radix(cp, 16).unwrap()).unwrap())
        .collect()
}

#[test]
fn data_files_are_the_unicode_version_of_the_tables() {
    for name in [
        "confusables.txt",
        "IdentifierStatus.txt",
        "IdentifierType.txt",
    ] {
        let text = data(name);
        assert!(
            text.contains(&format!("# Version: {UNICODE_VERSION}\n")),
            "{name} is not version {UNICODE_VERSION}"
        );
    }
}

/// UTS #39 §4: every mapping of `confusables.txt` is its source's prototype, and the
/// source is confusable with its target through `skeleton`.
#[test]
fn every_confusables_mapping_goes_through_skeleton() {
    let text = data("confusables.txt");
    let mut count = 0;
    let mut differ = Vec::new();
    for line in text.lines() {
        let data = line.split('#').next().unwrap().trim();
        let mut fields = data.split(';').map(str::trim);
        let (Some(source), Some(target)) = (fields.next(), fields.next()) else {
            continue;
        };
        if source.is_empty() {
            continue;
        }
        let source = chars(source);
        let target = chars(target);
        let c = source.chars().next().unwrap();
        assert_eq!(
            prototype(c),
            Some(target.as_str()),
            "prototype of U+{:04X}",
            c as u32
        );
        if !are_confusable(&source, &target) {
            differ.push(c);
        }
        count += 1;
    }
    assert_eq!(count, 6712, "mappings in confusables.txt {UNICODE_VERSION}");
    // NFD is applied before and after mapping; the data is built so that this still
    // sends every source to its target's skeleton.
    assert!(
        differ.is_empty(),
        "{} of {count} mappings differ: {differ:?}",
        differ.len()
    );
}

/// Skeletons are idempotent on the prototypes themselves: a prototype has no prototype
/// of its own (the data file's own invariant, which `skeleton` relies on).
#[test]
fn skeleton_of_a_skeleton_is_itself() {
    let text = data("confusables.txt");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split(';').map(str::trim);
        let (Some(source), Some(_)) = (fields.next(), fields.next()) else {
            continue;
        };
        if source.is_empty() {
            continue;
        }
        let once: String = skeleton(&chars(source)).collect();
        let twice: String = skeleton(&once).collect();
        assert_eq!(once, twice, "skeleton of U+{source} is not stable");
    }
}

/// UTS #39 §3.1: every code point's `Identifier_Status`, listed or `@missing` (Restricted).
#[test]
fn every_code_point_has_the_status_of_the_file() {
    let mut allowed = vec![false; 0x11_0000];
    for (first, last, value) in ranges(&data("IdentifierStatus.txt")) {
        assert_eq!(value, "Allowed");
        for cp in first..=last {
            allowed[cp as usize] = true;
        }
    }
    let mut allowed_count = 0;
    for cp in 0..0x11_0000u32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let expected = if allowed[cp as usize] {
            allowed_count += 1;
            IdentifierStatus::Allowed
        } else {
            IdentifierStatus::Restricted
        };
        assert_eq!(identifier_status(c), expected, "U+{cp:04X}");
    }
    assert_eq!(
        allowed_count, 33_792,
        "Allowed code points in IdentifierStatus.txt"
    );
}

/// UTS #39 §3.1: every code point's `Identifier_Type` set, listed or `@missing`
/// (`Not_Character`).
#[test]
fn every_code_point_has_the_types_of_the_file() {
    let mut types = vec![String::from("Not_Character"); 0x11_0000];
    for (first, last, value) in ranges(&data("IdentifierType.txt")) {
        for cp in first..=last {
            types[cp as usize].clone_from(&value);
        }
    }
    for cp in 0..0x11_0000u32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        let got: Vec<&str> = identifier_types(c)
            .iter()
            .map(IdentifierType::name)
            .collect();
        let mut expected: Vec<&str> = types[cp as usize].split_whitespace().collect();
        let order = |name: &&str| IdentifierType::ALL.iter().position(|t| t.name() == *name);
        expected.sort_by_key(order);
        assert_eq!(got, expected, "U+{cp:04X}");
    }
}

/// UTS #39 §5.3 needs each digit's decimal system: every run of Nd code points is a
/// whole number of zero-to-nine systems, so `digit_zero` lands on a zero.
#[test]
fn every_decimal_digit_finds_its_zero() {
    let mut digits = 0;
    for cp in 0..0x11_0000u32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        if let Some(zero) = digit_zero(c) {
            digits += 1;
            let value = cp - zero as u32;
            assert!(value < 10, "U+{cp:04X}");
            // The zero's own zero is itself, and the system has ten digits.
            assert_eq!(digit_zero(zero), Some(zero), "U+{cp:04X}");
            let nine = char::from_u32(zero as u32 + 9).unwrap();
            assert_eq!(digit_zero(nine), Some(zero), "U+{cp:04X}");
        }
    }
    assert_eq!(digits % 10, 0);
    assert!(digits > 600, "{digits} decimal digits");
    assert_eq!(digit_zero('٣'), Some('٠'));
    assert_eq!(digit_zero('𝟗'), Some('𝟎'));
    assert_eq!(digit_zero('𝟘'), Some('𝟘'));
}

#[test]
fn recommended_letters_are_allowed_and_types_agree() {
    for c in ['a', 'ж', 'α', 'ա', 'ü', '日', 'か', 'カ', '한', 'ก', 'क'] {
        assert_eq!(identifier_status(c), IdentifierStatus::Allowed, "{c}");
        assert!(
            identifier_types(c).contains(IdentifierType::Recommended),
            "{c}"
        );
    }
}

/// UTS #39 §5.4 is checked on the NFD, but `hidden_characters` skips the normalizer
/// when the input has no nonspacing mark. That shortcut is exact only if no character
/// without a mark of its own decomposes into a repeated mark, more than four marks, or a
/// mark on dotless i/j or a dot on i/j: checked here for every code point. A leading
/// U+034F COMBINING GRAPHEME JOINER (a nonspacing mark of combining class 0, which
/// therefore stays first and ends its own run) forces the NFD path.
#[test]
fn no_single_character_hides_marks() {
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;
    let gc = CodePointMapData::<GeneralCategory>::new();
    let mut checked = 0;
    for cp in 0..0x11_0000u32 {
        let Some(c) = char::from_u32(cp) else {
            continue;
        };
        if matches!(
            gc.get(c),
            GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
        ) {
            continue;
        }
        assert_eq!(
            idn_spoof::hidden_characters(&c.to_string()),
            None,
            "U+{cp:04X}"
        );
        checked += 1;
    }
    assert!(checked > 1_000_000);
    // The forced path does find problems.
    assert!(idn_spoof::hidden_characters("\u{34F}\u{131}\u{301}").is_some());
    assert!(idn_spoof::hidden_characters("\u{34F}e\u{301}\u{301}").is_some());
}

/// `check_label` skips every lookup for `a`–`z` after a Latin character: that is sound
/// only while each of them is Allowed, has the `Script_Extensions` {Latin} alone and is a
/// lower-case letter (no digit, no mark). A Unicode version that changes this fails here.
#[test]
fn ascii_lowercase_letters_are_allowed_latin_letters() {
    use icu_properties::CodePointMapData;
    use icu_properties::props::{GeneralCategory, Script};
    use icu_properties::script::ScriptWithExtensions;

    let scx = ScriptWithExtensions::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    for c in 'a'..='z' {
        assert!(idn_spoof::is_allowed(c), "{c}");
        let extensions: Vec<Script> = scx.get_script_extensions_val(c).iter().collect();
        assert_eq!(extensions, [Script::Latin], "{c}");
        assert_eq!(gc.get(c), GeneralCategory::LowercaseLetter, "{c}");
    }
}

//! The contextual rules of RFC 5892 Appendix A, for CONTEXTJ (A.1, A.2) and CONTEXTO
//! (A.3–A.9) code points. Properties come from ICU4X (`icu_properties`): canonical
//! combining class, `Joining_Type` and `Script`, the same data as the generated table.

use icu_properties::CodePointMapData;
use icu_properties::props::{CanonicalCombiningClass, JoiningType, Script};

/// Whether the code point before `at` has combining class Virama (9).
fn after_virama(label: &[char], at: usize) -> bool {
    at.checked_sub(1)
        .and_then(|i| label.get(i))
        .is_some_and(|&c| {
            CodePointMapData::<CanonicalCombiningClass>::new().get(c)
                == CanonicalCombiningClass::Virama
        })
}

/// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER) for the
/// code point at `at`.
///
/// A.1: after a virama; or matching
/// `(Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})`.
/// A.2: after a virama only.
pub(crate) fn joiner_ok(label: &[char], at: usize) -> bool {
    if after_virama(label, at) {
        return true;
    }
    if label.get(at) != Some(&'\u{200C}') {
        return false;
    }
    let jt = CodePointMapData::<JoiningType>::new();
    let before = label
        .get(..at)
        .unwrap_or_default()
        .iter()
        .rev()
        .map(|&c| jt.get(c))
        .find(|&t| t != JoiningType::Transparent);
    let after = label
        .get(at + 1..)
        .unwrap_or_default()
        .iter()
        .map(|&c| jt.get(c))
        .find(|&t| t != JoiningType::Transparent);
    matches!(
        before,
        Some(JoiningType::LeftJoining | JoiningType::DualJoining)
    ) && matches!(
        after,
        Some(JoiningType::RightJoining | JoiningType::DualJoining)
    )
}

/// RFC 5892 Appendix A.3–A.9 for the CONTEXTO code point at `at`. A code point with no
/// rule (none in the table has none) fails (RFC 5891 §4.2.3.3).
pub(crate) fn contexto_ok(label: &[char], at: usize) -> bool {
    let script = CodePointMapData::<Script>::new();
    let before = at.checked_sub(1).and_then(|i| label.get(i)).copied();
    let after = label.get(at + 1).copied();
    match label.get(at) {
        // A.3 MIDDLE DOT: between two 'l' (U+006C).
        Some('\u{B7}') => before == Some('l') && after == Some('l'),
        // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): followed by a Greek character.
        Some('\u{375}') => after.is_some_and(|c| script.get(c) == Script::Greek),
        // A.5 HEBREW PUNCTUATION GERESH, A.6 GERSHAYIM: preceded by a Hebrew character.
        Some('\u{5F3}' | '\u{5F4}') => before.is_some_and(|c| script.get(c) == Script::Hebrew),
        // A.7 KATAKANA MIDDLE DOT: some character of the label is Hiragana, Katakana or
        // Han (by Script, so not the middle dot itself, which is Common).
        Some('\u{30FB}') => label.iter().any(|&c| {
            matches!(
                script.get(c),
                Script::Hiragana | Script::Katakana | Script::Han
            )
        }),
        // A.8 ARABIC-INDIC DIGITS: no EXTENDED ARABIC-INDIC DIGIT in the label.
        Some('\u{660}'..='\u{669}') => !label.iter().any(|c| ('\u{6F0}'..='\u{6F9}').contains(c)),
        // A.9 EXTENDED ARABIC-INDIC DIGITS: no ARABIC-INDIC DIGIT in the label.
        Some('\u{6F0}'..='\u{6F9}') => !label.iter().any(|c| ('\u{660}'..='\u{669}').contains(c)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{contexto_ok, joiner_ok};
    use std::vec::Vec;

    /// Asserts `rule` at each `(label, position, allowed)` case; the panic names the case.
    #[track_caller]
    fn holds(rule: fn(&[char], usize) -> bool, cases: &[(&str, usize, bool)]) {
        for &(label, at, allowed) in cases {
            let chars: Vec<char> = label.chars().collect();
            assert_eq!(rule(&chars, at), allowed, "{label:?} at {at}");
        }
    }

    /// RFC 5892 Appendix A.1: ZWNJ after a virama, or between a left-joining (or dual)
    /// and a right-joining (or dual) letter with transparent marks between.
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a1_zero_width_non_joiner() {
        holds(joiner_ok, &[
            // Devanagari KA, VIRAMA, ZWNJ, SSA.
            ("\u{915}\u{94D}\u{200C}\u{937}", 2, true),
            // Persian "mi-khaham" style: BEH (D), ZWNJ, ALEF (R).
            ("\u{628}\u{200C}\u{627}", 1, true),
            // With a transparent FATHA between BEH and ZWNJ.
            ("\u{628}\u{64E}\u{200C}\u{627}", 2, true),
            // ALEF (R) before: it does not join to the left.
            ("\u{627}\u{200C}\u{628}", 1, false),
            // Latin letters are non-joining.
            ("a\u{200C}b", 1, false),
            // At the start or the end of the label.
            ("\u{200C}\u{628}", 0, false), ("\u{628}\u{200C}", 1, false),
        ]);
    }

    /// RFC 5892 Appendix A.2: ZWJ only after a virama.
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a2_zero_width_joiner() {
        holds(joiner_ok, &[
            ("\u{915}\u{94D}\u{200D}\u{937}", 2, true), ("\u{628}\u{200D}\u{627}", 1, false), ("a\u{200D}", 1, false),
        ]);
    }

    /// RFC 5892 Appendix A.3: MIDDLE DOT between two 'l' (Catalan `l·l`).
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a3_middle_dot() {
        holds(contexto_ok, &[
            ("col\u{B7}legi", 3, true), ("a\u{B7}b", 1, false), ("l\u{B7}", 1, false), ("\u{B7}l", 0, false),
            ("L\u{B7}l", 1, false),
        ]);
    }

    /// RFC 5892 Appendix A.4: KERAIA followed by a Greek character.
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a4_greek_keraia() {
        holds(contexto_ok, &[("\u{375}\u{3B1}", 0, true), ("\u{375}a", 0, false), ("\u{3B1}\u{375}", 1, false)]);
    }

    /// RFC 5892 Appendix A.5 and A.6: GERESH and GERSHAYIM after a Hebrew character.
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a5_a6_hebrew_geresh_gershayim() {
        holds(contexto_ok, &[
            ("\u{5D0}\u{5F3}", 1, true), ("\u{5D0}\u{5F4}\u{5D1}", 1, true), ("a\u{5F3}", 1, false),
            ("\u{5F4}\u{5D0}", 0, false),
        ]);
    }

    /// RFC 5892 Appendix A.7: KATAKANA MIDDLE DOT with some Hiragana, Katakana or Han.
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a7_katakana_middle_dot() {
        holds(contexto_ok, &[
            ("\u{30A2}\u{30FB}\u{30A4}", 1, true), ("a\u{30FB}\u{6F22}", 1, true), ("\u{3042}\u{30FB}", 1, true),
            ("a\u{30FB}b", 1, false), ("\u{30FB}", 0, false),
        ]);
    }

    /// RFC 5892 Appendix A.8 and A.9: the two Arabic-Indic digit sets are not mixed.
    #[test]
    #[rustfmt::skip]
    fn rfc5892_a8_a9_arabic_indic_digits() {
        holds(contexto_ok, &[
            ("\u{628}\u{661}\u{662}", 1, true), ("\u{628}\u{661}\u{6F2}", 1, false),
            ("\u{628}\u{6F1}\u{6F2}", 1, true), ("\u{628}\u{6F1}\u{662}", 1, false),
        ]);
    }
}

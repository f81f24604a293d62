//! The examples UTS #39 itself gives, section by section.

use icu_properties::props::Script;
use idn_spoof::{
    HiddenCharacters, ResolvedScripts, RestrictionLevel, ScriptCode, are_confusable,
    are_mixed_script_confusable, are_whole_script_confusable, has_mixed_numbers, hidden_characters,
    restriction_level, skeleton,
};

fn skeleton_of(s: &str) -> String {
    skeleton(s).collect()
}

/// §4: single-script (`rn`/`m` in Latin), mixed-script (`paypal` with a Cyrillic `а`)
/// and whole-script (`scope` in Latin and in Cyrillic) confusables.
#[test]
fn uts39_4_confusable_kinds() {
    assert!(are_confusable("rn", "m"));
    assert!(!are_mixed_script_confusable("rn", "m"));
    assert!(!are_whole_script_confusable("rn", "m"));

    assert!(are_confusable("paypal", "pаypal"));
    assert!(are_mixed_script_confusable("paypal", "pаypal"));
    assert!(!are_whole_script_confusable("paypal", "pаypal"));

    assert!(are_confusable("scope", "ѕсоре"));
    assert!(are_mixed_script_confusable("scope", "ѕсоре"));
    assert!(are_whole_script_confusable("scope", "ѕсоре"));

    assert!(!are_confusable("paypal", "paypel"));
}

/// §4: the skeleton is NFD, minus default ignorables, prototypes, NFD again.
#[test]
fn uts39_4_skeleton_steps() {
    assert_eq!(skeleton_of("ℓ"), "l");
    assert_eq!(skeleton_of("1"), "l");
    assert_eq!(skeleton_of("I"), "l");
    assert_eq!(skeleton_of("m"), "rn");
    // Default ignorables vanish: a soft hyphen hides nothing.
    assert_eq!(skeleton_of("pay\u{AD}pal"), "paypal");
    // NFD first: a precomposed letter and its decomposition have one skeleton.
    assert!(are_confusable("é", "e\u{301}"));
    // Idempotent on its own output.
    let once = skeleton_of("ѕсоре");
    assert_eq!(skeleton_of(&once), once);
    assert_eq!(once, "scope");
}

/// §5.1 examples of resolved script sets.
#[test]
fn uts39_5_1_resolved_script_sets() {
    let latin = ScriptCode::Unicode(Script::Latin);
    let cyrillic = ScriptCode::Unicode(Script::Cyrillic);
    let circle = ResolvedScripts::of("Circle");
    assert!(circle.contains(latin) && !circle.contains(cyrillic) && !circle.is_all());
    let cyr = ResolvedScripts::of("СігсӀе");
    assert!(cyr.contains(cyrillic) && !cyr.contains(latin));
    assert!(ResolvedScripts::of("Сirclе").is_mixed_script());
    assert!(ResolvedScripts::of("𝖢𝗂𝗋𝖼𝗅𝖾").is_all());
    let shime = ResolvedScripts::of("〆切");
    for s in [
        ScriptCode::Unicode(Script::Han),
        ScriptCode::HanWithBopomofo,
        ScriptCode::Japanese,
        ScriptCode::Korean,
    ] {
        assert!(shime.contains(s), "{s:?}");
    }
    let nega = ResolvedScripts::of("ねガ");
    assert!(nega.contains(ScriptCode::Japanese));
    assert!(!nega.contains(ScriptCode::Unicode(Script::Hiragana)));
    assert!(!nega.contains(ScriptCode::Korean));
}

/// §5.2: one example per level, and the three Han combinations.
#[test]
fn uts39_5_2_restriction_levels() {
    use RestrictionLevel::*;
    for (input, level) in [
        ("example", AsciiOnly),
        ("bücher", SingleScript),
        ("ѕсоре", SingleScript),
        ("abcカタカナ漢字", HighlyRestrictive), // Han + Hiragana + Katakana
        // Han + Bopomofo would be Highly Restrictive, but Bopomofo letters are
        // Limited_Use in Unicode 18, so not Allowed (§3.1).
        ("abc注音ㄅㄆ", Unrestricted),
        ("abc한국語", HighlyRestrictive),  // Han + Hangul
        ("abcกขค", ModeratelyRestrictive), // Latin + Thai
        ("abcαβγ", MinimallyRestrictive),  // Latin + Greek
        ("abcабв", MinimallyRestrictive),  // Latin + Cyrillic
        ("abcαб", MinimallyRestrictive),   // Latin + Greek + Cyrillic
        ("abcאבгд", MinimallyRestrictive), // Latin + Hebrew + Cyrillic
        ("a⁄b", Unrestricted),             // FRACTION SLASH is Restricted
    ] {
        assert_eq!(restriction_level(input), level, "{input}");
    }
    // The Han + Bopomofo combination itself resolves as §5.1 says.
    let zhuyin = ResolvedScripts::of("注音ㄅㄆ");
    assert!(zhuyin.contains(ScriptCode::HanWithBopomofo));
    assert!(!zhuyin.contains(ScriptCode::Japanese) && !zhuyin.contains(ScriptCode::Korean));
    // Japanese and Korean together are not one of the combinations.
    assert_eq!(restriction_level("abcカ한"), MinimallyRestrictive);
    // The levels are ordered from strict to loose.
    assert!(AsciiOnly < SingleScript && HighlyRestrictive < ModeratelyRestrictive);
}

/// §5.3: digits from one decimal system only.
#[test]
fn uts39_5_3_mixed_numbers() {
    assert!(has_mixed_numbers("0৪"));
    assert!(has_mixed_numbers("১२"));
    assert!(!has_mixed_numbers("১২৩"));
    assert!(!has_mixed_numbers("abc123"));
    assert!(!has_mixed_numbers("𝟏𝟐")); // one mathematical system
    assert!(has_mixed_numbers("𝟏𝟙")); // bold and double-struck are two systems
}

/// §5.4: repeated marks, too many marks, a dot on i.
#[test]
fn uts39_5_4_hidden_characters() {
    assert_eq!(
        hidden_characters("i\u{307}"),
        Some(HiddenCharacters::MarkOnDotlessOrDotted)
    );
    assert_eq!(
        hidden_characters("a\u{308}\u{308}"),
        Some(HiddenCharacters::RepeatedMark)
    );
    // NFD first: ä followed by a diaeresis repeats the mark too.
    assert_eq!(
        hidden_characters("ä\u{308}"),
        Some(HiddenCharacters::RepeatedMark)
    );
    assert_eq!(
        hidden_characters("a\u{300}\u{301}\u{302}\u{303}\u{304}"),
        Some(HiddenCharacters::TooManyMarks)
    );
    assert_eq!(hidden_characters("a\u{300}\u{301}\u{302}\u{303}"), None);
    assert_eq!(hidden_characters("việt"), None);
    assert_eq!(hidden_characters("ı"), None);
}

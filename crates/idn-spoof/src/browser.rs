//! The rules of Chromium's IDN display policy beyond UTS #39, one function each: which
//! character breaks the rule, if any.
//!
//! Source: Chromium, `components/url_formatter/spoof_checks/idn_spoof_checker.cc`
//! (`SetAllowedUnicodeSet`, `SafeToDisplayAsUnicode`, its "dangerous pattern" regular
//! expression and `IsDigitLookalike`), described by Chromium's `docs/idn.md`. Where
//! Chromium names single code points, they are named here the same way; scripts come from
//! `Script` and `Script_Extensions` (ICU4X compiled data), as Chromium's `[:Latin:]` and
//! `\p{scx=kana}` take them from ICU. The TLD-dependent rules read `crate::tld_rules`.

use icu_properties::CodePointMapData;
use icu_properties::props::Script;
use icu_properties::script::ScriptWithExtensionsBorrowed;

use crate::script::scx;
use crate::tld_rules::{COUNTRY_LETTERS, MIDDLE_DOT_TLDS, tld_in};

/// U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK: passes for a hyphen.
const PROLONGED_SOUND_MARK: char = '\u{30FC}';
/// U+30FB KATAKANA MIDDLE DOT: passes for a dot.
const KATAKANA_MIDDLE_DOT: char = '\u{30FB}';
/// U+30FD and U+30FE, KATAKANA ITERATION MARK and its voiced form.
const KATAKANA_ITERATION_MARKS: [char; 2] = ['\u{30FD}', '\u{30FE}'];
/// U+3078–U+307A, Hiragana `へべぺ`, drawn like Katakana `ヘベペ`.
const HIRAGANA_HE: [char; 3] = ['\u{3078}', '\u{3079}', '\u{307A}'];
/// U+30D8–U+30DA, Katakana `ヘベペ`, drawn like Hiragana `へべぺ`.
const KATAKANA_HE: [char; 3] = ['\u{30D8}', '\u{30D9}', '\u{30DA}'];
/// U+3099 and U+309A, COMBINING KATAKANA-HIRAGANA (SEMI-)VOICED SOUND MARK.
const COMBINING_KANA_MARKS: [char; 2] = ['\u{3099}', '\u{309A}'];
/// U+00B7 MIDDLE DOT.
const MIDDLE_DOT: char = '\u{B7}';

/// Characters that look like a slash: Katakana `ノンソゾ` (U+30CE, U+30F3, U+30BD,
/// U+30BE) and the CJK strokes `丶丿乀乁` (U+4E36, U+4E3F, U+4E40, U+4E41).
const SLASH_LOOKALIKES: [char; 8] = [
    '\u{30CE}', '\u{30F3}', '\u{30BD}', '\u{30BE}', '\u{4E36}', '\u{4E3F}', '\u{4E40}', '\u{4E41}',
];

/// CJK ideographs and Bopomofo letters that look like Latin letters or punctuation, as
/// Chromium lists them: `一 ㄧ 丨 乛 七 丅 十 〇 ㄒ ㄚ ㄟ ㄨ ㄩ ㄈ ㆺ ㆳ 工 ㆲ 讠 丁 丶`
/// and the ideographs the Kangxi radicals `⼅ ⼆ ⼇ ⼍ ⼧ ⼮` normalize to.
const CJK_LOOKALIKES: [char; 27] = [
    '\u{4E00}', '\u{3127}', '\u{4E28}', '\u{4E5B}', '\u{4E03}', '\u{4E05}', '\u{5341}', '\u{3007}',
    '\u{3112}', '\u{311A}', '\u{311F}', '\u{3128}', '\u{3129}', '\u{3108}', '\u{31BA}', '\u{31B3}',
    '\u{5DE5}', '\u{31B2}', '\u{8BA0}', '\u{4E01}', '\u{4E36}', '\u{4E85}', '\u{4E8C}', '\u{4EA0}',
    '\u{5196}', '\u{5B80}', '\u{5DDB}',
];

/// Characters that are or look like digits besides `0`–`9` (Chromium's
/// `digit_lookalikes_`): a label made of these and ASCII digits reads as a number.
const DIGIT_LOOKALIKES: &str = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/// Single characters Chromium removes from the Allowed set: U+0338 COMBINING LONG
/// SOLIDUS OVERLAY, U+058A ARMENIAN HYPHEN, U+2010 HYPHEN, U+2019 RIGHT SINGLE QUOTATION
/// MARK, U+2027 HYPHENATION POINT, U+30A0 KATAKANA-HIRAGANA DOUBLE HYPHEN, U+02BB and
/// U+02BC (quote-like modifier letters), U+02EC MODIFIER LETTER VOICING, U+0138 LATIN
/// SMALL LETTER KRA.
const BLOCKED_CHARACTERS: [char; 10] = [
    '\u{338}', '\u{58A}', '\u{2010}', '\u{2019}', '\u{2027}', '\u{30A0}', '\u{2BB}', '\u{2BC}',
    '\u{2EC}', '\u{138}',
];

/// Blocks Chromium removes as "extremely rarely used" Latin, Greek and Cyrillic: Latin
/// Extended-B's Pinyin letters, Cyrillic Extended-C, most of Latin Extended Additional,
/// Greek Extended, Cyrillic Extended-B and Latin Extended-D.
const BLOCKED_RANGES: [(char, char); 6] = [
    ('\u{1CD}', '\u{1DC}'),
    ('\u{1C80}', '\u{1C8F}'),
    ('\u{1E00}', '\u{1E9B}'),
    ('\u{1F00}', '\u{1FFF}'),
    ('\u{A640}', '\u{A69F}'),
    ('\u{A720}', '\u{A7FF}'),
];

/// True for U+0300–U+0339, the combining diacritical marks Chromium's patterns name.
fn is_combining_diacritic(c: char) -> bool {
    ('\u{300}'..='\u{339}').contains(&c)
}

/// Which characters of the browser rules a label has, noted character by character
/// during the one scan of `check_label`, so that a rule looks at the label again only
/// when it can apply.
#[derive(Debug, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "four independent facts about one label, each read by one rule"
)]
pub(crate) struct Special {
    /// A character of [`BLOCKED_CHARACTERS`] or [`BLOCKED_RANGES`].
    pub(crate) blocked: bool,
    /// A letter of [`COUNTRY_LETTERS`].
    pub(crate) country_letter: bool,
    /// U+00B7.
    pub(crate) middle_dot: bool,
    /// A character that sends even a single-script label through Chromium's pattern
    /// checks: the kana exceptions (`へべぺ`, `ヘベペ`, U+30FB–U+30FE) and U+0300–U+0339.
    pub(crate) pattern: bool,
}

impl Special {
    /// Notes `c`.
    #[inline]
    pub(crate) fn note(&mut self, c: char) {
        // U+00B7 is the lowest code point any of these rules names.
        if c < MIDDLE_DOT {
            return;
        }
        self.middle_dot |= c == MIDDLE_DOT;
        self.country_letter |= COUNTRY_LETTERS
            .iter()
            .any(|entry| entry.letters.contains(&c));
        self.blocked |= is_blocked(c);
        self.pattern |= HIRAGANA_HE.contains(&c)
            || KATAKANA_HE.contains(&c)
            || ('\u{30FB}'..='\u{30FE}').contains(&c)
            || is_combining_diacritic(c);
    }
}

/// True for the characters Chromium removes from the Allowed set.
fn is_blocked(c: char) -> bool {
    // Below U+0138, the lowest blocked code point: ASCII and most Latin letters.
    c >= '\u{138}'
        && (BLOCKED_CHARACTERS.contains(&c)
            || BLOCKED_RANGES
                .iter()
                .any(|&(first, last)| (first..=last).contains(&c)))
}

/// `Script_Extensions` of `c` contains one of `scripts` (Chromium's `\p{scx=…}`).
fn has_any(table: ScriptWithExtensionsBorrowed<'static>, c: char, scripts: &[Script]) -> bool {
    scripts.iter().any(|&script| table.has_script(c, script))
}

const KANA: [Script; 1] = [Script::Katakana];
const HIRAGANA: [Script; 1] = [Script::Hiragana];
const KANA_OR_HIRAGANA: [Script; 2] = [Script::Katakana, Script::Hiragana];
const JAPANESE: [Script; 3] = [Script::Katakana, Script::Hiragana, Script::Han];
const CJK: [Script; 4] = [
    Script::Katakana,
    Script::Hiragana,
    Script::Han,
    Script::Bopomofo,
];
const LGC: [Script; 3] = [Script::Latin, Script::Greek, Script::Cyrillic];

/// Each character with the one before it and the one after it.
fn with_neighbours(label: &str) -> impl Iterator<Item = (Option<char>, char, Option<char>)> + '_ {
    let mut previous = None;
    let mut chars = label.chars().peekable();
    core::iter::from_fn(move || {
        let c = chars.next()?;
        let item = (previous, c, chars.peek().copied());
        previous = Some(c);
        Some(item)
    })
}

/// [`crate::Rule::BlockedCharacter`]: the first character Chromium removes from the
/// Allowed set.
pub(crate) fn blocked_character(label: &str) -> Option<char> {
    label.chars().find(|&c| is_blocked(c))
}

/// [`crate::Rule::CountryLetter`]: a letter of [`COUNTRY_LETTERS`] outside its TLDs, in a
/// label longer than one character (Chromium lets a one-letter label through). `None`
/// for the TLD label itself (no TLD to compare).
pub(crate) fn country_letter(label: &str, tld: Option<&str>) -> Option<char> {
    tld?;
    label.chars().nth(1)?;
    COUNTRY_LETTERS
        .iter()
        .filter(|entry| !tld_in(tld, entry.tlds))
        .find_map(|entry| label.chars().find(|c| entry.letters.contains(c)))
}

/// The first country letter of `label`, whatever the TLD (for messages).
pub(crate) fn any_country_letter(label: &str) -> Option<char> {
    label.chars().find(|c| {
        COUNTRY_LETTERS
            .iter()
            .any(|entry| entry.letters.contains(c))
    })
}

/// [`crate::Rule::MiddleDot`]: U+00B7 under a TLD other than [`MIDDLE_DOT_TLDS`], or not
/// between two `l` (Chromium's `HasUnsafeMiddleDot`).
pub(crate) fn unsafe_middle_dot(label: &str, tld: Option<&str>) -> bool {
    if !label.contains(MIDDLE_DOT) {
        return false;
    }
    if !tld_in(tld, MIDDLE_DOT_TLDS) {
        return true;
    }
    with_neighbours(label)
        .any(|(before, c, after)| c == MIDDLE_DOT && (before != Some('l') || after != Some('l')))
}

/// [`crate::Rule::DigitLookalikes`]: every character an ASCII digit or a digit lookalike,
/// and at least one lookalike.
pub(crate) fn is_digit_lookalike(label: &str) -> bool {
    let mut lookalike = false;
    for c in label.chars() {
        if c.is_ascii_digit() {
            continue;
        }
        if !DIGIT_LOOKALIKES.contains(c) {
            return false;
        }
        lookalike = true;
    }
    lookalike
}

/// [`crate::Rule::NonAsciiLatinMixed`]: the first Latin letter outside ASCII (Chromium's
/// `[[:Latin:] - [a-zA-Z]]`); the caller asks only for labels that mix scripts.
pub(crate) fn non_ascii_latin(label: &str) -> Option<char> {
    let script = CodePointMapData::<Script>::new();
    label
        .chars()
        .find(|&c| !c.is_ascii() && script.get(c) == Script::Latin)
}

/// [`crate::Rule::KanaMarks`]: U+30FC after a character that is not kana or first
/// (`[^\p{scx=kana}\p{scx=hira}]\u30fc|^\u30fc`); U+30FB next to a character that is not
/// kana or Han, or last (`[^…]\u30fb|\u30fb[^…]|\u30fb$`).
pub(crate) fn misplaced_kana_mark(label: &str) -> Option<char> {
    if !label.contains([PROLONGED_SOUND_MARK, KATAKANA_MIDDLE_DOT]) {
        return None;
    }
    let table = scx();
    let is = |c: Option<char>, scripts: &[Script]| c.is_some_and(|c| has_any(table, c, scripts));
    with_neighbours(label).find_map(|(before, c, after)| {
        let misplaced = match c {
            PROLONGED_SOUND_MARK => !is(before, &KANA_OR_HIRAGANA),
            KATAKANA_MIDDLE_DOT => {
                before.is_some_and(|b| !has_any(table, b, &JAPANESE)) || !is(after, &JAPANESE)
            }
            _ => false,
        };
        misplaced.then_some(c)
    })
}

/// [`crate::Rule::KanaIterationMarks`]: U+30FD or U+30FE first or after a character that
/// is not Katakana (`[^\p{scx=kana}][\u30fd\u30fe]|^[\u30fd\u30fe]`).
pub(crate) fn misplaced_iteration_mark(label: &str) -> Option<char> {
    if !label.contains(KATAKANA_ITERATION_MARKS) {
        return None;
    }
    let table = scx();
    with_neighbours(label).find_map(|(before, c, _)| {
        (KATAKANA_ITERATION_MARKS.contains(&c) && !before.is_some_and(|b| has_any(table, b, &KANA)))
            .then_some(c)
    })
}

/// [`crate::Rule::KanaLookalikes`]: a label of Katakana with one Hiragana `へべぺ` inside
/// (`^[\p{scx=kana}]+[\u3078-\u307a][\p{scx=kana}]+$`), or of Hiragana with one Katakana
/// `ヘベペ` inside (`^[\p{scx=hira}]+[\u30d8-\u30da][\p{scx=hira}]+$`).
pub(crate) fn kana_lookalike(label: &str) -> Option<char> {
    if !label.contains(HIRAGANA_HE) && !label.contains(KATAKANA_HE) {
        return None;
    }
    let table = scx();
    let inside = |odd: &[char], word: &[Script]| {
        let mut found = None;
        let count = label.chars().count();
        for (i, c) in label.chars().enumerate() {
            if has_any(table, c, word) {
                continue;
            }
            if found.is_some() || !odd.contains(&c) || i == 0 || i + 1 == count {
                return None;
            }
            found = Some(c);
        }
        found
    };
    inside(&HIRAGANA_HE, &KANA).or_else(|| inside(&KATAKANA_HE, &HIRAGANA))
}

/// [`crate::Rule::SlashLookalikes`]: a slash lookalike after a character that is not
/// Japanese and before one that is not Japanese or at the end
/// (`[^\p{scx=kana}\p{scx=hira}\p{scx=hani}][…][^…]|…$`).
pub(crate) fn slash_lookalike(label: &str) -> Option<char> {
    let table = scx();
    let foreign = |c: char| !has_any(table, c, &JAPANESE);
    with_neighbours(label).find_map(|(before, c, after)| {
        (SLASH_LOOKALIKES.contains(&c) && before.is_some_and(foreign) && after.is_none_or(foreign))
            .then_some(c)
    })
}

/// [`crate::Rule::CjkLookalikes`]: a CJK lookalike next to (on either side) a character
/// that is not Hiragana, Katakana, Han or Bopomofo.
pub(crate) fn cjk_lookalike(label: &str) -> Option<char> {
    let table = scx();
    let foreign = |c: char| !has_any(table, c, &CJK);
    with_neighbours(label).find_map(|(before, c, after)| {
        (CJK_LOOKALIKES.contains(&c) && (before.is_some_and(foreign) || after.is_some_and(foreign)))
            .then_some(c)
    })
}

/// [`crate::Rule::MisplacedMark`]: a mark of U+0300–U+0339 after a character that is not
/// Latin, Greek or Cyrillic by `Script_Extensions`
/// (`[^\p{scx=latn}\p{scx=grek}\p{scx=cyrl}][\u0300-\u0339]`), or U+3099/U+309A anywhere.
pub(crate) fn misplaced_mark(label: &str) -> Option<char> {
    let table = scx();
    with_neighbours(label).find_map(|(before, c, _)| {
        let after_other =
            is_combining_diacritic(c) && before.is_some_and(|b| !has_any(table, b, &LGC));
        (after_other || COMBINING_KANA_MARKS.contains(&c)).then_some(c)
    })
}

#[cfg(test)]
mod tests {
    use super::{Special, any_country_letter, blocked_character, unsafe_middle_dot};

    /// The per-character notes of `check_label`'s scan say "maybe" exactly when the rule's
    /// own search finds the character, for every scalar value: the shortcut never hides a
    /// rule.
    #[test]
    fn notes_agree_with_the_rules_for_every_character() {
        let mut blocked = 0;
        for c in crate::every_scalar_value() {
            let mut special = Special::default();
            special.note(c);
            let mut buffer = [0; 4];
            let alone: &str = c.encode_utf8(&mut buffer);
            assert_eq!(special.blocked, blocked_character(alone).is_some(), "{c:?}");
            assert_eq!(
                special.country_letter,
                any_country_letter(alone).is_some(),
                "{c:?}"
            );
            assert_eq!(
                special.middle_dot,
                unsafe_middle_dot(alone, Some("com")),
                "{c:?}"
            );
            blocked += usize::from(special.blocked);
        }
        // Ten single characters and six blocks (16 + 16 + 156 + 256 + 96 + 224 code points).
        assert_eq!(blocked, 10 + 16 + 16 + 156 + 256 + 96 + 224);
    }
}

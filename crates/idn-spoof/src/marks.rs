//! UTS #39 §5.3 mixed numbers and §5.4 hidden characters.

use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;

/// The zero of the decimal system of `c`, if `c` is a decimal digit (`General_Category`
/// Nd). Unicode encodes every decimal system as a run of ten consecutive code points
/// from zero to nine (several systems can follow each other, as the mathematical digits
/// do), so the zero is found by walking back to the start of the run.
///
/// ```
/// assert_eq!(idn_spoof::digit_zero('7'), Some('0'));
/// assert_eq!(idn_spoof::digit_zero('\u{0967}'), Some('\u{0966}')); // DEVANAGARI DIGIT ONE
/// assert_eq!(idn_spoof::digit_zero('a'), None);
/// ```
pub fn digit_zero(c: char) -> Option<char> {
    let gc = CodePointMapData::<GeneralCategory>::new();
    if gc.get(c) != GeneralCategory::DecimalNumber {
        return None;
    }
    zero_of_digit(c)
}

/// [`digit_zero`] of a character known to be Nd.
pub(crate) fn zero_of_digit(c: char) -> Option<char> {
    let gc = CodePointMapData::<GeneralCategory>::new();
    let cp = u32::from(c);
    let mut start = cp;
    while let Some(prev) = start.checked_sub(1).and_then(char::from_u32) {
        if gc.get(prev) != GeneralCategory::DecimalNumber {
            break;
        }
        start -= 1;
    }
    char::from_u32(start + (cp - start) / 10 * 10)
}

/// True when `input` has decimal digits from more than one decimal system (UTS #39 §5.3),
/// such as Latin `1` with Bengali `৪`.
///
/// ```
/// assert!(idn_spoof::has_mixed_numbers("a1\u{09EA}")); // 1 and BENGALI DIGIT FOUR
/// assert!(!idn_spoof::has_mixed_numbers("\u{0661}\u{0662}")); // Arabic-Indic 1 2
/// ```
pub fn has_mixed_numbers(input: &str) -> bool {
    let mut zero = None;
    for found in input.chars().filter_map(digit_zero) {
        match zero {
            None => zero = Some(found),
            Some(z) if z != found => return true,
            Some(_) => {}
        }
    }
    false
}

/// What UTS #39 §5.4 found hidden in a string.
///
/// ```
/// use idn_spoof::{HiddenCharacters, hidden_characters};
/// assert_eq!(hidden_characters("a\u{301}\u{301}"), Some(HiddenCharacters::RepeatedMark));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HiddenCharacters {
    /// The same nonspacing mark twice within one run of nonspacing marks, after NFD
    /// (as ICU's spoof checker reads UTS #39 §5.4: `a\u{301}\u{302}\u{301}` as well as
    /// `a\u{301}\u{301}`).
    RepeatedMark,
    /// More than four nonspacing marks in a row.
    TooManyMarks,
    /// A mark drawn where the base letter already has it or hides it: a dot above `i`,
    /// `j`, `l` (Chromium's `[ijl]\u0307`) or the Cyrillic `і` and `ј`, or any nonspacing
    /// mark on dotless `ı` or `ȷ`.
    MarkOnDotlessOrDotted,
}

impl HiddenCharacters {
    /// A short description for messages.
    ///
    /// ```
    /// assert!(idn_spoof::HiddenCharacters::RepeatedMark.describe().contains("twice"));
    /// ```
    pub const fn describe(self) -> &'static str {
        match self {
            Self::RepeatedMark => "the same combining mark twice on one letter",
            Self::TooManyMarks => "more than four combining marks in a row",
            Self::MarkOnDotlessOrDotted => {
                "a combining mark on a dotless i or j, or a dot above i, j or l"
            }
        }
    }
}

/// Nonspacing (Mn) or enclosing (Me) mark: what §5.4 counts.
pub(crate) fn is_nonspacing(gc: GeneralCategory) -> bool {
    matches!(
        gc,
        GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
    )
}

/// The first hidden-character problem of `input` by UTS #39 §5.4, checked on its NFD.
///
/// A mark repeated anywhere within one run of nonspacing marks counts, not only twice
/// in a row: ICU's spoof checker (`USPOOF_INVISIBLE`, which Chromium uses) keeps the set
/// of marks seen since the last character that is not a mark.
///
/// ```
/// use idn_spoof::{HiddenCharacters, hidden_characters};
/// assert_eq!(hidden_characters("\u{131}\u{307}"), Some(HiddenCharacters::MarkOnDotlessOrDotted));
/// assert_eq!(hidden_characters("abcd\u{301}\u{302}\u{301}ef"), Some(HiddenCharacters::RepeatedMark));
/// assert_eq!(hidden_characters("crème"), None);
/// ```
pub fn hidden_characters(input: &str) -> Option<HiddenCharacters> {
    const NFD: DecomposingNormalizerBorrowed<'static> = DecomposingNormalizerBorrowed::new_nfd();
    const COMBINING_DOT_ABOVE: char = '\u{307}';
    let gc = CodePointMapData::<GeneralCategory>::new();
    // Checked on the input first: a long run of marks is reported without handing it to
    // the normalizer, whose inline buffer (17 characters) would spill to the heap. NFD
    // never removes marks, so a run found here is also a run in the NFD.
    let mut run = 0u32;
    let mut any_mark = false;
    for c in input.chars() {
        run = if is_nonspacing(gc.get(c)) { run + 1 } else { 0 };
        any_mark |= run > 0;
        if run > 4 {
            return Some(HiddenCharacters::TooManyMarks);
        }
    }
    // Without a mark in the input, every run of marks in the NFD comes from the
    // decomposition of one character, and no single character decomposes into a
    // problem (`data_files.rs::no_single_character_hides_marks` checks every one).
    if !any_mark {
        return None;
    }
    let mut base = None;
    // The marks of the current run: more than four is reported before a fifth is kept.
    let mut run_marks = ['\0'; 4];
    let mut marks = 0usize;
    for c in NFD.normalize_iter(input.chars()) {
        if is_nonspacing(gc.get(c)) {
            let seen = run_marks.get(..marks).unwrap_or(&[]);
            if seen.contains(&c) {
                return Some(HiddenCharacters::RepeatedMark);
            }
            let Some(slot) = run_marks.get_mut(marks) else {
                return Some(HiddenCharacters::TooManyMarks);
            };
            *slot = c;
            marks += 1;
            if marks == 1 {
                let dotless = matches!(base, Some('\u{131}' | '\u{237}'));
                let dotted = matches!(base, Some('i' | 'j' | 'l' | '\u{456}' | '\u{458}'));
                if dotless || (dotted && c == COMBINING_DOT_ABOVE) {
                    return Some(HiddenCharacters::MarkOnDotlessOrDotted);
                }
            }
        } else {
            base = Some(c);
            marks = 0;
        }
    }
    None
}

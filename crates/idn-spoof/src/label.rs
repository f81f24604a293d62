//! The allocation-free per-label decision: which rules of a [`DisplayPolicy`] a U-label
//! breaks.

use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory, Script};
use icu_properties::{CodePointMapData, CodePointSetData};

use crate::browser;
use crate::identifier::AllowedCache;
use crate::marks::{is_nonspacing, zero_of_digit};
use crate::script::{LATIN, ScriptCode, level_from_sets, scx};
use crate::tld_rules::{ALLOWED_LOOKALIKE_WORDS, lookalikes_of};
use crate::{
    DisplayPolicy, HiddenCharacters, IdentifierType, ResolvedScripts, RestrictionLevel, Rule,
    hidden_characters, identifier_types, prototype, skeleton,
};

/// What one pass over a label finds: every per-character property is looked up once.
struct Scan {
    restricted: Option<char>,
    scripts: ResolvedScripts,
    without_latin: ResolvedScripts,
    mixed_numbers: bool,
    any_mark: bool,
    /// Which of the browser rules' characters the label has at all.
    special: browser::Special,
}

impl Scan {
    #[inline]
    fn of(label: &str) -> Self {
        let table = scx();
        let gc = CodePointMapData::<GeneralCategory>::new();
        let mut scan = Scan {
            restricted: None,
            scripts: ResolvedScripts::ALL,
            without_latin: ResolvedScripts::ALL,
            mixed_numbers: false,
            any_mark: false,
            special: browser::Special::default(),
        };
        let mut zero = None;
        // The Allowed range of the previous character: the characters of a label mostly
        // come from one block, so one comparison usually replaces the binary search.
        let mut allowed = AllowedCache::default();
        // The script of the previous character when it had exactly one: intersecting
        // with the same set again changes nothing, so runs of one script (nearly every
        // character of a real label) skip the set work.
        let mut previous_single: Option<Script> = None;
        for c in label.chars() {
            // `a`–`z` after a Latin character: Allowed, Latin alone, not a digit, not a
            // mark; nothing to look up (`data_files.rs` checks these properties).
            if c.is_ascii_lowercase() && previous_single == Some(Script::Latin) {
                continue;
            }
            if scan.restricted.is_none() && !allowed.is_allowed(c) {
                scan.restricted = Some(c);
            }
            let extensions = table.get_script_extensions_val(c);
            let mut scripts = extensions.iter();
            let single = match (scripts.next(), scripts.next()) {
                (Some(script), None) => Some(script),
                _ => None,
            };
            if single.is_none() || single != previous_single {
                scan.scripts.intersect(&extensions);
                if !LATIN.in_set(&extensions) {
                    scan.without_latin.intersect(&extensions);
                }
            }
            previous_single = single;
            let category = gc.get(c);
            if category == GeneralCategory::DecimalNumber {
                let this = zero_of_digit(c);
                scan.mixed_numbers |= zero.is_some_and(|z| z != this);
                zero = Some(this);
            }
            scan.any_mark |= is_nonspacing(category);
            scan.special.note(c);
        }
        scan
    }
}

/// What the checks found in one label: the rules it breaks and the details messages need.
///
/// ```
/// use idn_spoof::{DisplayPolicy, Rule, check_label};
///
/// let verdict = check_label("pаypal", Some("com"), &DisplayPolicy::BROWSER); // Cyrillic а
/// assert!(!verdict.is_safe());
/// assert!(verdict.breaks(Rule::MixedScript));
/// assert!(check_label("bücher", Some("de"), &DisplayPolicy::BROWSER).is_safe());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabelVerdict {
    broken: u32,
    level: RestrictionLevel,
    restricted: Option<char>,
    hidden: Option<HiddenCharacters>,
    kana_mark: Option<char>,
    protected: Option<usize>,
}

impl LabelVerdict {
    const CLEAN: Self = Self {
        broken: 0,
        level: RestrictionLevel::AsciiOnly,
        restricted: None,
        hidden: None,
        kana_mark: None,
        protected: None,
    };

    /// True when the label breaks no rule of the policy: its Unicode form may be shown.
    pub const fn is_safe(&self) -> bool {
        self.broken == 0
    }

    /// True when the label breaks `rule`.
    pub const fn breaks(&self, rule: Rule) -> bool {
        self.broken & rule.bit() != 0
    }

    /// The rules the label breaks, in the order of [`Rule::ALL`].
    ///
    /// ```
    /// use idn_spoof::{DisplayPolicy, Rule, check_label};
    /// let v = check_label("a\u{2044}b", Some("com"), &DisplayPolicy::BROWSER);
    /// assert_eq!(v.broken_rules().next(), Some(Rule::RestrictedCharacter));
    /// ```
    pub fn broken_rules(&self) -> impl Iterator<Item = Rule> + '_ {
        Rule::ALL.into_iter().filter(|rule| self.breaks(*rule))
    }

    /// The label's restriction level (UTS #39 §5.2).
    pub const fn restriction_level(&self) -> RestrictionLevel {
        self.level
    }

    /// The first character that is not Allowed (UTS #39 §3.1), if any.
    pub const fn restricted_character(&self) -> Option<char> {
        self.restricted
    }

    /// What §5.4 found, if anything.
    pub const fn hidden_characters(&self) -> Option<HiddenCharacters> {
        self.hidden
    }

    /// The misplaced U+30FC or U+30FB, if any ([`Rule::KanaMarks`]).
    pub const fn kana_mark(&self) -> Option<char> {
        self.kana_mark
    }

    /// The index in [`DisplayPolicy::protected`] of the name the label resembles.
    pub const fn protected_name(&self) -> Option<usize> {
        self.protected
    }

    fn flag(&mut self, policy: &DisplayPolicy<'_>, rule: Rule) {
        if policy.enforces(rule) {
            self.broken |= rule.bit();
        }
    }
}

/// Checks one label in its Unicode form against `policy`. `tld` is the Unicode form of
/// the name's last label, or `None` when `label` is itself the last label. All-ASCII
/// labels return at once: nothing in them can be hidden from an ASCII reader.
///
/// Allocates nothing, whatever the label (with the hidden-characters rule off, a label
/// with more than 16 combining marks in a row can make the normalizer of the skeleton
/// checks spill its buffer to the heap).
///
/// ```
/// use idn_spoof::{DisplayPolicy, Rule, check_label};
///
/// let p = DisplayPolicy::BROWSER;
/// assert!(check_label("ѕсоре", Some("com"), &p).breaks(Rule::WholeScriptConfusable));
/// assert!(check_label("ѕсоре", Some("рф"), &p).is_safe());
/// ```
pub fn check_label(label: &str, tld: Option<&str>, policy: &DisplayPolicy<'_>) -> LabelVerdict {
    let mut verdict = LabelVerdict::CLEAN;
    if label.is_ascii() {
        return verdict;
    }
    let scan = Scan::of(label);
    let scripts = &scan.scripts;
    verdict.restricted = scan.restricted;
    if verdict.restricted.is_some() {
        verdict.restricted = label.chars().find(|&c| !is_allowed_or_bopomofo(c));
    }
    if verdict.restricted.is_some() {
        verdict.flag(policy, Rule::RestrictedCharacter);
    }
    let special = &scan.special;
    if special.blocked {
        verdict.flag(policy, Rule::BlockedCharacter);
    }
    if special.country_letter && browser::country_letter(label, tld).is_some() {
        verdict.flag(policy, Rule::CountryLetter);
    }
    if special.middle_dot && browser::unsafe_middle_dot(label, tld) {
        verdict.flag(policy, Rule::MiddleDot);
    }
    verdict.level = level_from_sets(verdict.restricted.is_none(), scripts, &scan.without_latin);
    if verdict.level > RestrictionLevel::HighlyRestrictive
        && verdict.level != RestrictionLevel::Unrestricted
    {
        verdict.flag(policy, Rule::MixedScript);
    }
    // An Unrestricted label may mix scripts too: say so as well.
    if verdict.level == RestrictionLevel::Unrestricted
        && ResolvedScripts::of(label).is_mixed_script()
    {
        verdict.flag(policy, Rule::MixedScript);
    }
    let mixed = scripts.is_mixed_script();
    if mixed && browser::non_ascii_latin(label).is_some() {
        verdict.flag(policy, Rule::NonAsciiLatinMixed);
    }
    if scan.mixed_numbers {
        verdict.flag(policy, Rule::MixedNumbers);
    }
    // Only a label with a mark of its own can hide one (see `hidden_characters`).
    verdict.hidden = if scan.any_mark {
        hidden_characters(label)
    } else {
        None
    };
    if verdict.hidden.is_some() {
        verdict.flag(policy, Rule::HiddenCharacters);
    }
    // Chromium runs its patterns on labels that mix scripts and on single-script labels
    // with a kana exception or a combining diacritic; other single-script labels are
    // one writing system, where these characters are ordinary.
    let patterns = mixed || special.pattern;
    if patterns {
        check_patterns(label, policy, &mut verdict);
    }
    if browser::is_digit_lookalike(label) {
        verdict.flag(policy, Rule::DigitLookalikes);
    }
    // Skeletons normalize: a label with a long run of marks is unsafe already, and
    // skipping them keeps the check allocation-free (see `hidden_characters`).
    if verdict.hidden == Some(HiddenCharacters::TooManyMarks)
        && policy.enforces(Rule::HiddenCharacters)
    {
        return verdict;
    }
    if policy.enforces(Rule::WholeScriptConfusable)
        && is_latin_lookalike(label, scripts, tld, patterns)
    {
        verdict.flag(policy, Rule::WholeScriptConfusable);
    }
    if policy.enforces(Rule::ProtectedName) {
        verdict.protected = policy.resembled_protected_name(label);
        if verdict.protected.is_some() {
            verdict.flag(policy, Rule::ProtectedName);
        }
    }
    verdict
}

/// Chromium's "dangerous patterns": Japanese marks and slash-like or Latin-like CJK
/// characters out of context, and misplaced combining marks.
fn check_patterns(label: &str, policy: &DisplayPolicy<'_>, verdict: &mut LabelVerdict) {
    verdict.kana_mark = browser::misplaced_kana_mark(label);
    if verdict.kana_mark.is_some() {
        verdict.flag(policy, Rule::KanaMarks);
    }
    let found = [
        (
            Rule::KanaIterationMarks,
            browser::misplaced_iteration_mark(label),
        ),
        (Rule::KanaLookalikes, browser::kana_lookalike(label)),
        (Rule::SlashLookalikes, browser::slash_lookalike(label)),
        (Rule::CjkLookalikes, browser::cjk_lookalike(label)),
        (Rule::MisplacedMark, browser::misplaced_mark(label)),
    ];
    for (rule, found) in found {
        if found.is_some() {
            verdict.flag(policy, rule);
        }
    }
}

/// Allowed by UTS #39 §3.1, or a Bopomofo letter whose only `Identifier_Type` is
/// `Limited_Use`. Unicode 18's `IdentifierType.txt` lists the Bopomofo letters as
/// `Limited_Use`, but UTS #39 §5.2 names Han + Bopomofo as Highly Restrictive, and
/// Chromium shows them (its allowed set is ICU's recommended set, which has them; its
/// tests expect `ㄧ猫.com` and `注音ㄅㄆㄇㄈ.tw` in Unicode).
fn is_allowed_or_bopomofo(c: char) -> bool {
    crate::is_allowed(c)
        || (CodePointMapData::<Script>::new().get(c) == Script::Bopomofo
            && identifier_types(c)
                .iter()
                .all(|ty| ty == IdentifierType::LimitedUse))
}

/// A single-script label without Latin that reads as Latin, unless the TLD shares its
/// script or is listed for it (`crate::tld_rules`), or the label is one of Chromium's
/// allowed words. It reads as Latin when its skeleton is all ASCII (a whole-script
/// confusable of a Latin string, UTS #39 §4) or, for a label without Chromium's pattern
/// characters, when all its letters of its script are Chromium's Latin lookalikes of it.
fn is_latin_lookalike(
    label: &str,
    scripts: &ResolvedScripts,
    tld: Option<&str>,
    patterns: bool,
) -> bool {
    // The label is the TLD itself: there is no other label to compare with.
    let Some(tld) = tld else {
        return false;
    };
    if scripts.is_all()
        || scripts.is_mixed_script()
        || scripts.contains(ScriptCode::Unicode(Script::Latin))
    {
        return false;
    }
    let script_of = CodePointMapData::<Script>::new();
    let lookalikes = label
        .chars()
        .map(|c| script_of.get(c))
        .find(|&s| s != Script::Common && s != Script::Inherited)
        .and_then(lookalikes_of);
    let by_list = !patterns
        && lookalikes.is_some_and(|entry| {
            label
                .chars()
                .filter(|&c| script_of.get(c) == entry.script)
                .all(|c| entry.letters.contains(c))
        });
    // The exceptions last: most labels are no lookalike at all.
    (by_list || skeleton_is_ascii(label))
        && !lookalikes.is_some_and(|entry| entry.tlds.contains(&tld))
        && !ALLOWED_LOOKALIKE_WORDS.contains(&label)
        && !ResolvedScripts::of(tld).intersects(scripts)
}

/// True when the UTS #39 §4 skeleton of `label` is all ASCII letters, digits and hyphens.
fn skeleton_is_ascii(label: &str) -> bool {
    // A character the skeleton keeps as itself and that is not ASCII decides at once,
    // without normalizing the label twice (most real labels have one, often first).
    !label.chars().any(stays_in_skeleton)
        && skeleton(label).all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// True when `c` is not ASCII and comes out of the UTS #39 §4 skeleton unchanged
/// wherever it stands: NFD leaves it alone (it has no decomposition; reordering moves
/// only the marks around it), it is not `Default_Ignorable_Code_Point`, and `confusables.txt` has no
/// prototype for it. Such a character makes the skeleton non-ASCII.
fn stays_in_skeleton(c: char) -> bool {
    const NFD: DecomposingNormalizerBorrowed<'static> = DecomposingNormalizerBorrowed::new_nfd();
    if c.is_ascii() || prototype(c).is_some() {
        return false;
    }
    let mut buffer = [0; 4];
    NFD.is_normalized(c.encode_utf8(&mut buffer))
        && !CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

#[cfg(test)]
mod tests {
    use super::stays_in_skeleton;
    use crate::skeleton;

    /// The shortcut of the whole-script rule against the full UTS #39 §4 skeleton, for
    /// every scalar value: a character it keeps is in the skeleton, alone and between
    /// combining marks (which NFD may reorder around it).
    #[test]
    fn characters_that_stay_in_the_skeleton_are_in_it() {
        let mut kept = 0;
        for c in crate::every_scalar_value().filter(|&c| stays_in_skeleton(c)) {
            kept += 1;
            let mut buffer = [0u8; 12];
            let alone = c.encode_utf8(&mut buffer[..4]).len();
            let text = core::str::from_utf8(&buffer[..alone]).unwrap();
            assert!(skeleton(text).eq([c]), "U+{:04X} alone", u32::from(c));
            let mut marked = [0u8; 12];
            let mut len = 0;
            for part in ['a', '\u{301}', c, '\u{316}'] {
                len += part.encode_utf8(&mut marked[len..]).len();
            }
            let text = core::str::from_utf8(&marked[..len]).unwrap();
            assert!(
                skeleton(text).any(|s| s == c),
                "U+{:04X} between marks",
                u32::from(c)
            );
        }
        // Most of Unicode: every Han, Hangul, Thai, … letter without a prototype.
        assert!(kept > 100_000, "{kept}");
    }
}

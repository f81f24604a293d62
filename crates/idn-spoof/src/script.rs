//! UTS #39 §5.1 resolved script sets and §5.2 restriction levels, from `Script_Extensions`
//! (ICU4X compiled data, Unicode 18).

use icu_properties::props::Script;
use icu_properties::script::{
    ScriptExtensionsSet, ScriptWithExtensions, ScriptWithExtensionsBorrowed,
};

/// A script as UTS #39 §5.1 augments them: a Unicode script, or one of the three writing
/// systems that combine Han with another script.
///
/// ```
/// use idn_spoof::{ResolvedScripts, ScriptCode};
/// use icu_properties::props::Script;
///
/// let resolved = ResolvedScripts::of("日本語のテキスト");
/// assert!(resolved.contains(ScriptCode::Japanese));
/// assert!(!resolved.contains(ScriptCode::Unicode(Script::Latin)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScriptCode {
    /// A script of the `Script_Extensions` property.
    Unicode(Script),
    /// `Hanb`: Han with Bopomofo.
    HanWithBopomofo,
    /// `Jpan`: Han with Hiragana and Katakana.
    Japanese,
    /// `Kore`: Han with Hangul.
    Korean,
}

/// `Script_Extensions` lookups (compiled data: no allocation, no provider).
pub(crate) fn scx() -> ScriptWithExtensionsBorrowed<'static> {
    ScriptWithExtensions::new()
}

impl ScriptCode {
    /// True when a character with these `Script_Extensions` belongs to this script in the
    /// augmented sense of UTS #39 §5.1 (one lookup per character, then set tests).
    pub(crate) fn in_set(self, extensions: &ScriptExtensionsSet<'_>) -> bool {
        match self {
            Self::Unicode(script) => extensions.contains(&script),
            Self::HanWithBopomofo => {
                extensions.contains(&Script::Han) || extensions.contains(&Script::Bopomofo)
            }
            Self::Japanese => {
                extensions.contains(&Script::Han)
                    || extensions.contains(&Script::Hiragana)
                    || extensions.contains(&Script::Katakana)
            }
            Self::Korean => {
                extensions.contains(&Script::Han) || extensions.contains(&Script::Hangul)
            }
        }
    }
}

/// More scripts than any character's augmented set has (the longest `Script_Extensions`
/// value lists about twenty).
const CAPACITY: usize = 48;

/// The resolved script set of a string (UTS #39 §5.1): the intersection of the augmented
/// script sets of its characters, where Common and Inherited characters count as every
/// script. Fixed capacity, no allocation.
///
/// ```
/// use idn_spoof::ResolvedScripts;
///
/// assert!(ResolvedScripts::of("Circle").is_single_script());
/// assert!(ResolvedScripts::of("Сirclе").is_mixed_script()); // Cyrillic С and е
/// assert!(ResolvedScripts::of("123-").is_all());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ResolvedScripts {
    /// `None`: ALL (no character narrowed the set yet).
    /// True for ALL (no character narrowed the set yet); `scripts` then means nothing.
    all: bool,
    len: usize,
    /// Kept in place (not in an `Option`), so that narrowing ALL fills it where it lies
    /// instead of building a few hundred bytes elsewhere and copying them in.
    scripts: [ScriptCode; CAPACITY],
}

impl ResolvedScripts {
    /// The set that contains every script.
    pub const ALL: Self = Self {
        all: true,
        len: 0,
        scripts: [ScriptCode::Unicode(Script::Unknown); CAPACITY],
    };

    /// The resolved script set of `input`.
    ///
    /// ```
    /// use idn_spoof::{ResolvedScripts, ScriptCode};
    /// use icu_properties::props::Script;
    /// assert!(ResolvedScripts::of("ελληνικά").contains(ScriptCode::Unicode(Script::Greek)));
    /// ```
    pub fn of(input: &str) -> Self {
        Self::of_filtered(input, |_| true)
    }

    /// The resolved script set of the characters of `input` for which `keep` is true.
    pub(crate) fn of_filtered(input: &str, mut keep: impl FnMut(char) -> bool) -> Self {
        let table = scx();
        let mut set = Self::ALL;
        for c in input.chars().filter(|&c| keep(c)) {
            set.intersect_char(table, c);
        }
        set
    }

    /// Narrows the set to the scripts of `c`'s augmented set.
    fn intersect_char(&mut self, table: ScriptWithExtensionsBorrowed<'static>, c: char) {
        self.intersect(&table.get_script_extensions_val(c));
    }

    /// Narrows the set to the augmented set of a character with these
    /// `Script_Extensions`.
    pub(crate) fn intersect(&mut self, extensions: &ScriptExtensionsSet<'_>) {
        // `Script_Extensions` is {Common} or {Inherited} alone, or lists neither.
        if extensions.contains(&Script::Common) || extensions.contains(&Script::Inherited) {
            return;
        }
        if self.all {
            self.all = false;
            self.len = 0;
            augment_into(extensions, &mut self.scripts, &mut self.len);
        } else {
            let mut kept = 0;
            for i in 0..self.len {
                let Some(&script) = self.scripts.get(i) else {
                    break;
                };
                if script.in_set(extensions) {
                    if let Some(slot) = self.scripts.get_mut(kept) {
                        *slot = script;
                    }
                    kept += 1;
                }
            }
            self.len = kept;
        }
    }

    /// True for the set of every script (only Common and Inherited characters, or none).
    pub fn is_all(&self) -> bool {
        self.all
    }

    /// True when the set is empty: the string mixes scripts (UTS #39 §4, mixed-script).
    pub fn is_mixed_script(&self) -> bool {
        !self.all && self.len == 0
    }

    /// True when the set is not empty: the string is single-script (UTS #39 §4).
    pub fn is_single_script(&self) -> bool {
        !self.is_mixed_script()
    }

    /// True when `script` is in the set (always true for ALL).
    pub fn contains(&self, script: ScriptCode) -> bool {
        self.iter_known()
            .is_none_or(|mut it| it.any(|s| s == script))
    }

    /// True when the two sets share a script (ALL shares every script).
    pub fn intersects(&self, other: &Self) -> bool {
        match (self.iter_known(), other.iter_known()) {
            (Some(mut mine), Some(_)) => mine.any(|s| other.contains(s)),
            _ => true,
        }
    }

    /// The scripts, or `None` for ALL.
    pub fn iter_known(&self) -> Option<impl Iterator<Item = ScriptCode> + '_> {
        (!self.all).then(|| self.scripts.iter().take(self.len).copied())
    }
}

/// The augmented script set of a character with these `Script_Extensions` (UTS #39 §5.1),
/// which are not Common or Inherited.
fn augment_into(
    extensions: &ScriptExtensionsSet<'_>,
    scripts: &mut [ScriptCode; CAPACITY],
    len: &mut usize,
) {
    let mut push = |script: ScriptCode| {
        let known = scripts.get(..*len).is_some_and(|k| k.contains(&script));
        if !known && let Some(slot) = scripts.get_mut(*len) {
            *slot = script;
            *len += 1;
        }
    };
    for script in extensions.iter() {
        push(ScriptCode::Unicode(script));
        match script {
            Script::Han => {
                push(ScriptCode::HanWithBopomofo);
                push(ScriptCode::Japanese);
                push(ScriptCode::Korean);
            }
            Script::Hiragana | Script::Katakana => push(ScriptCode::Japanese),
            Script::Hangul => push(ScriptCode::Korean),
            Script::Bopomofo => push(ScriptCode::HanWithBopomofo),
            _ => {}
        }
    }
}

/// The restriction levels of UTS #39 §5.2, from most to least restrictive.
///
/// ```
/// use idn_spoof::{RestrictionLevel, restriction_level};
///
/// assert_eq!(restriction_level("paypal"), RestrictionLevel::AsciiOnly);
/// assert_eq!(restriction_level("bücher"), RestrictionLevel::SingleScript);
/// assert_eq!(restriction_level("ab日本"), RestrictionLevel::HighlyRestrictive);
/// assert_eq!(restriction_level("abגד"), RestrictionLevel::ModeratelyRestrictive);
/// assert_eq!(restriction_level("pаypal"), RestrictionLevel::MinimallyRestrictive);
/// assert_eq!(restriction_level("a\u{2044}b"), RestrictionLevel::Unrestricted);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RestrictionLevel {
    /// Every character is ASCII.
    AsciiOnly,
    /// Every character Allowed and the resolved script set is not empty.
    SingleScript,
    /// Latin mixed only with Han+Hiragana+Katakana, Han+Bopomofo or Han+Hangul.
    HighlyRestrictive,
    /// Latin mixed with one other Recommended script except Cyrillic, Greek or Cherokee.
    ModeratelyRestrictive,
    /// Any mix of Allowed characters.
    MinimallyRestrictive,
    /// Some character is not Allowed (UTS #39 §3.1 `Identifier_Status`).
    Unrestricted,
}

impl RestrictionLevel {
    /// The level's name in UTS #39 §5.2.
    ///
    /// ```
    /// assert_eq!(idn_spoof::RestrictionLevel::HighlyRestrictive.name(), "Highly Restrictive");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::AsciiOnly => "ASCII-Only",
            Self::SingleScript => "Single Script",
            Self::HighlyRestrictive => "Highly Restrictive",
            Self::ModeratelyRestrictive => "Moderately Restrictive",
            Self::MinimallyRestrictive => "Minimally Restrictive",
            Self::Unrestricted => "Unrestricted",
        }
    }
}

/// The restriction level of `input` by UTS #39 §5.2, computed from resolved script sets
/// as §5.2 describes: Allowed characters only, then ASCII, then single script, then the
/// set resolved from the non-Latin characters.
///
/// ```
/// use idn_spoof::{RestrictionLevel, restriction_level};
/// assert_eq!(restriction_level("한국ab"), RestrictionLevel::HighlyRestrictive);
/// ```
pub fn restriction_level(input: &str) -> RestrictionLevel {
    if input.is_ascii() {
        return RestrictionLevel::AsciiOnly;
    }
    restriction_level_with(input, &ResolvedScripts::of(input))
}

/// [`restriction_level`] of a non-ASCII `input` whose resolved script set is `all`.
fn restriction_level_with(input: &str, all: &ResolvedScripts) -> RestrictionLevel {
    let all_allowed = input.chars().all(crate::is_allowed);
    if !all_allowed || all.is_single_script() {
        // The set without Latin decides nothing here.
        return level_from_sets(all_allowed, all, &ResolvedScripts::ALL);
    }
    let table = scx();
    let without_latin = ResolvedScripts::of_filtered(input, |c| {
        !LATIN.in_set(&table.get_script_extensions_val(c))
    });
    level_from_sets(all_allowed, all, &without_latin)
}

/// Latin, the script §5.2 sets apart.
pub(crate) const LATIN: ScriptCode = ScriptCode::Unicode(Script::Latin);

/// The §5.2 level of a non-ASCII string from what a scan found: whether every character
/// is Allowed, its resolved script set, and the set resolved from its characters that are
/// not Latin.
pub(crate) fn level_from_sets(
    all_allowed: bool,
    all: &ResolvedScripts,
    without_latin: &ResolvedScripts,
) -> RestrictionLevel {
    if !all_allowed {
        return RestrictionLevel::Unrestricted;
    }
    if all.is_single_script() {
        return RestrictionLevel::SingleScript;
    }
    if without_latin.is_all() {
        // Unreachable for a mixed-script string, kept for totality.
        return RestrictionLevel::SingleScript;
    }
    let highly = [
        ScriptCode::HanWithBopomofo,
        ScriptCode::Japanese,
        ScriptCode::Korean,
    ];
    if highly.into_iter().any(|s| without_latin.contains(s)) {
        return RestrictionLevel::HighlyRestrictive;
    }
    let excluded = [Script::Cyrillic, Script::Greek, Script::Cherokee];
    if without_latin.is_single_script()
        && !excluded
            .into_iter()
            .any(|s| without_latin.contains(ScriptCode::Unicode(s)))
    {
        return RestrictionLevel::ModeratelyRestrictive;
    }
    RestrictionLevel::MinimallyRestrictive
}

//! The display policy: which rules decide that a U-label is unsafe to show.

use ldh_domain::Policy;

#[cfg(feature = "alloc")]
use crate::ProtectedNames;
use crate::protect::{protected_labels, resembles};

/// One rule of the display policy. Each can be turned off with [`DisplayPolicy::without`].
///
/// The rules are those of UTS #39 and of Chromium's IDN display policy (`docs/idn.md`
/// and `idn_spoof_checker.cc` in Chromium), each reported under one of five stable codes
/// ([`Rule::code`]) and named on its own ([`Rule::name`]).
///
/// ```
/// use idn_spoof::Rule;
/// assert_eq!(Rule::MixedScript.code(), "mixed_script");
/// assert_eq!(Rule::ProtectedName.code(), "confusable");
/// assert_eq!(Rule::CountryLetter.code(), "restricted_character");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The label must be at least Highly Restrictive (UTS #39 §5.2): Latin may mix only
    /// with Han+Hiragana+Katakana, Han+Bopomofo or Han+Hangul.
    MixedScript,
    /// A single-script, non-Latin label that reads as Latin is unsafe unless the TLD is in
    /// its script or listed for it: its skeleton is all ASCII (a whole-script confusable,
    /// UTS #39 §4), or its letters are all among Chromium's Latin lookalikes of its
    /// script.
    WholeScriptConfusable,
    /// A label confusable with (same skeleton as) a caller's protected name, but not equal.
    ProtectedName,
    /// Digits from one decimal system only (UTS #39 §5.3).
    MixedNumbers,
    /// No repeated, piled-up or hidden nonspacing marks (UTS #39 §5.4 as ICU checks it:
    /// the same mark twice anywhere in one run after NFD).
    HiddenCharacters,
    /// Every character Allowed by `Identifier_Status` (UTS #39 §3.1), or a Bopomofo
    /// letter (`Limited_Use`, shown as Chromium shows it).
    RestrictedCharacter,
    /// U+30FC only after kana, U+30FB only between kana or Han and not last (Chromium's
    /// rule against Japanese marks that look like a hyphen or a dot next to Latin).
    KanaMarks,
    /// Characters Chromium removes from the Allowed set: lookalikes of punctuation
    /// (U+02BB, U+02BC, U+2010, U+2019, U+2027, U+30A0, U+058A, U+0338), U+02EC, U+0138
    /// and rarely used Latin, Greek and Cyrillic blocks.
    BlockedCharacter,
    /// `þ` and `ð` only under `.is` and `.fo`, `ə` only under `.az` (Chromium, Firefox).
    CountryLetter,
    /// U+00B7 MIDDLE DOT only under `.cat` and between two `l` (Chromium, Firefox).
    MiddleDot,
    /// A label of digits and digit lookalikes only (Chromium's `IsDigitLookalike`).
    DigitLookalikes,
    /// In a label that mixes scripts, Latin only as ASCII letters (Chromium).
    NonAsciiLatinMixed,
    /// U+30FD and U+30FE, the Katakana iteration marks, only after Katakana (Chromium).
    KanaIterationMarks,
    /// The Hiragana `へべぺ` inside a Katakana label, or the Katakana `ヘベペ` inside a
    /// Hiragana one: the two look the same (Chromium).
    KanaLookalikes,
    /// Katakana `ノンソゾ` and CJK `丶乀乁丿`, which look like a slash, between
    /// characters that are not Japanese (Chromium).
    SlashLookalikes,
    /// CJK characters and Bopomofo letters that look like Latin letters or punctuation
    /// (`一`, `丁`, `ㄒ`, …) next to a character that is not Chinese or Japanese (Chromium).
    CjkLookalikes,
    /// A combining mark of U+0300–U+0339 after a letter that is not Latin, Greek or
    /// Cyrillic, and the combining kana voiced marks U+3099 and U+309A (Chromium).
    MisplacedMark,
}

impl Rule {
    /// Every rule, in the order checks run.
    pub const ALL: [Self; 17] = [
        Self::RestrictedCharacter,
        Self::BlockedCharacter,
        Self::CountryLetter,
        Self::MiddleDot,
        Self::MixedScript,
        Self::NonAsciiLatinMixed,
        Self::MixedNumbers,
        Self::HiddenCharacters,
        Self::MisplacedMark,
        Self::KanaMarks,
        Self::KanaIterationMarks,
        Self::KanaLookalikes,
        Self::SlashLookalikes,
        Self::CjkLookalikes,
        Self::DigitLookalikes,
        Self::WholeScriptConfusable,
        Self::ProtectedName,
    ];

    /// The stable warning code the rule reports under.
    ///
    /// ```
    /// assert_eq!(idn_spoof::Rule::KanaMarks.code(), "mixed_script");
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Self::MixedScript
            | Self::KanaMarks
            | Self::NonAsciiLatinMixed
            | Self::KanaIterationMarks
            | Self::KanaLookalikes => "mixed_script",
            Self::WholeScriptConfusable
            | Self::ProtectedName
            | Self::DigitLookalikes
            | Self::SlashLookalikes
            | Self::CjkLookalikes => "confusable",
            Self::MixedNumbers => "mixed_numbers",
            Self::HiddenCharacters | Self::MisplacedMark => "hidden_characters",
            Self::RestrictedCharacter
            | Self::BlockedCharacter
            | Self::CountryLetter
            | Self::MiddleDot => "restricted_character",
        }
    }

    /// The rule's own name (unique, unlike [`Rule::code`]), as switches spell it.
    ///
    /// ```
    /// assert_eq!(idn_spoof::Rule::WholeScriptConfusable.name(), "whole_script_confusable");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::MixedScript => "mixed_script",
            Self::WholeScriptConfusable => "whole_script_confusable",
            Self::ProtectedName => "protected_name",
            Self::MixedNumbers => "mixed_numbers",
            Self::HiddenCharacters => "hidden_characters",
            Self::RestrictedCharacter => "restricted_character",
            Self::KanaMarks => "kana_marks",
            Self::BlockedCharacter => "blocked_character",
            Self::CountryLetter => "country_letter",
            Self::MiddleDot => "middle_dot",
            Self::DigitLookalikes => "digit_lookalikes",
            Self::NonAsciiLatinMixed => "non_ascii_latin_mixed",
            Self::KanaIterationMarks => "kana_iteration_marks",
            Self::KanaLookalikes => "kana_lookalikes",
            Self::SlashLookalikes => "slash_lookalikes",
            Self::CjkLookalikes => "cjk_lookalikes",
            Self::MisplacedMark => "misplaced_mark",
        }
    }

    /// The rule named `name` (as [`Rule::name`] spells it).
    ///
    /// ```
    /// assert_eq!(idn_spoof::Rule::from_name("kana_marks"), Some(idn_spoof::Rule::KanaMarks));
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|rule| rule.name() == name)
    }

    pub(crate) const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// Which rules decide whether a U-label is shown, the caller's protected names, and the
/// `ldh-domain` policy names are parsed with.
///
/// [`DisplayPolicy::BROWSER`] turns every rule on, as careful browsers do.
///
/// ```
/// use idn_spoof::{DisplayPolicy, Rule};
///
/// let lenient = DisplayPolicy::BROWSER.without(Rule::MixedNumbers);
/// assert!(!lenient.enforces(Rule::MixedNumbers));
/// assert!(lenient.enforces(Rule::MixedScript));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DisplayPolicy<'a> {
    rules: u32,
    protected: &'a [&'a str],
    /// The skeleton index of `protected`, when the caller built one.
    #[cfg(feature = "alloc")]
    protected_index: Option<&'a ProtectedNames<'a>>,
    name_policy: Policy,
}

impl DisplayPolicy<'static> {
    /// Every rule on, no protected names, names parsed with [`Policy::HOSTNAME`].
    pub const BROWSER: Self = Self {
        rules: u32::MAX,
        protected: &[],
        #[cfg(feature = "alloc")]
        protected_index: None,
        name_policy: Policy::HOSTNAME,
    };
}

impl Default for DisplayPolicy<'static> {
    fn default() -> Self {
        Self::BROWSER
    }
}

impl<'a> DisplayPolicy<'a> {
    /// The policy with `rule` turned off.
    #[must_use]
    pub const fn without(mut self, rule: Rule) -> Self {
        self.rules &= !rule.bit();
        self
    }

    /// The policy with `rule` turned on.
    ///
    /// ```
    /// use idn_spoof::{DisplayPolicy, Rule};
    /// let p = DisplayPolicy::BROWSER.without(Rule::KanaMarks).with(Rule::KanaMarks);
    /// assert!(p.enforces(Rule::KanaMarks));
    /// ```
    #[must_use]
    pub const fn with(mut self, rule: Rule) -> Self {
        self.rules |= rule.bit();
        self
    }

    /// True when `rule` is on.
    pub const fn enforces(&self, rule: Rule) -> bool {
        self.rules & rule.bit() != 0
    }

    /// The policy with these protected names: a label (not the TLD) confusable with a
    /// label of one of them, but not equal to it, is unsafe. `paypal.com` protects
    /// `paypal`; a name of one label protects that label.
    ///
    /// Each label is compared with every name in turn: for more than a few names, index
    /// them once with [`ProtectedNames`] and use
    /// [`with_protected_names`](Self::with_protected_names), which decides the same.
    ///
    /// ```
    /// use idn_spoof::DisplayPolicy;
    /// let names = ["paypal.com", "example"];
    /// let p = DisplayPolicy::BROWSER.with_protected(&names);
    /// assert_eq!(p.protected().len(), 2);
    /// ```
    #[must_use]
    pub const fn with_protected<'b>(self, protected: &'b [&'b str]) -> DisplayPolicy<'b> {
        DisplayPolicy {
            rules: self.rules,
            protected,
            #[cfg(feature = "alloc")]
            protected_index: None,
            name_policy: self.name_policy,
        }
    }

    /// The policy with the protected names of `index`: the same decisions as
    /// [`with_protected`](Self::with_protected) on [`ProtectedNames::names`], at the cost
    /// of one skeleton and a binary search per label however many names there are.
    ///
    /// ```
    /// use idn_spoof::{DisplayPolicy, ProtectedNames, Rule, check_label};
    ///
    /// let names = ["paypal.com", "example"];
    /// let index = ProtectedNames::new(&names);
    /// let p = DisplayPolicy::BROWSER.with_protected_names(&index);
    /// assert_eq!(p.protected(), names);
    /// let verdict = check_label("pаypal", Some("com"), &p); // Cyrillic а
    /// assert_eq!(verdict.protected_name(), Some(0));
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub const fn with_protected_names<'b>(
        self,
        index: &'b ProtectedNames<'b>,
    ) -> DisplayPolicy<'b> {
        DisplayPolicy {
            rules: self.rules,
            protected: index.names(),
            protected_index: Some(index),
            name_policy: self.name_policy,
        }
    }

    /// The index of the first protected name that `label` resembles (UTS #39 §4
    /// skeleton, not equal), found through the skeleton index when there is one.
    pub(crate) fn resembled_protected_name(&self, label: &str) -> Option<usize> {
        #[cfg(feature = "alloc")]
        if let Some(index) = self.protected_index {
            return index.find(label);
        }
        self.protected
            .iter()
            .position(|name| protected_labels(name).any(|protected| resembles(label, protected)))
    }

    /// The protected names.
    pub const fn protected(&self) -> &'a [&'a str] {
        self.protected
    }

    /// The policy with names parsed by `name_policy` instead of [`Policy::HOSTNAME`].
    #[must_use]
    pub const fn with_name_policy(mut self, name_policy: Policy) -> Self {
        self.name_policy = name_policy;
        self
    }

    /// The `ldh-domain` policy names are parsed with.
    pub const fn name_policy(&self) -> &Policy {
        &self.name_policy
    }
}

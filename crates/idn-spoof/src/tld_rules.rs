//! The one table of display rules that depend on the name's top-level domain: letters
//! shown only under some country TLDs, the middle dot of `.cat`, and the TLDs under which
//! a script's whole-script lookalikes of Latin are shown.
//!
//! Sources, as of the versions read for this table:
//!
//! - Chromium, `components/url_formatter/spoof_checks/idn_spoof_checker.cc`:
//!   `kWholeScriptConfusables` (per script: its letters that look like Latin letters and
//!   the TLDs where labels made of them are shown), `kAllowedWholeScriptConfusableWords`,
//!   the Icelandic letters `þ ð` (shown only under `.is` and `.fo`), the schwa `ə` (only
//!   under `.az`) and `HasUnsafeMiddleDot` (`·` only under `.cat`, between two `l`).
//!   Chromium's `docs/idn.md` describes the same rules (steps 8 and 10).
//! - Firefox, `netwerk/dns/nsIDNService.cpp` (`IsLabelSafe`): the same `þ ð` (`.is`,
//!   `.fo`), `ə` (`.az`) and `l·l` (`.cat`) rules.
//!
//! Chromium compares the ASCII form of the TLD; the lists below are the forms
//! [`crate::check_label`] receives (the Unicode form, lower case), which are the same for
//! ASCII TLDs. A TLD in the script of the label is accepted without a list (Chromium's
//! "the TLD contains a letter of the script").

use icu_properties::props::Script;

/// Letters shown only under the listed TLDs (in labels longer than one character, as
/// Chromium checks them).
pub(crate) struct CountryLetters {
    /// The letters.
    pub(crate) letters: &'static [char],
    /// The TLDs where they are shown.
    pub(crate) tlds: &'static [&'static str],
}

/// `þ` (U+00FE) spoofs `b` and `p`, `ð` (U+00F0) spoofs `o`: Icelandic and Faroese;
/// `ə` (U+0259) spoofs `e`: Azerbaijani.
pub(crate) const COUNTRY_LETTERS: &[CountryLetters] = &[
    CountryLetters {
        letters: &['\u{FE}', '\u{F0}'],
        tlds: &["is", "fo"],
    },
    CountryLetters {
        letters: &['\u{259}'],
        tlds: &["az"],
    },
];

/// U+00B7 MIDDLE DOT is shown only under these TLDs, and only between two `l` (the
/// Catalan ela geminada, RFC 5892 Appendix A.3).
pub(crate) const MIDDLE_DOT_TLDS: &[&str] = &["cat"];

/// One script whose letters can spell Latin-looking labels.
pub(crate) struct WholeScriptLookalikes {
    /// The script (`Script` property, as Chromium's `[[:Cyrl:]]` sets).
    pub(crate) script: Script,
    /// Its letters that look like Latin letters: a label whose letters of this script
    /// are all here reads as Latin.
    pub(crate) letters: &'static str,
    /// The ASCII TLDs under which such labels are shown anyway.
    pub(crate) tlds: &'static [&'static str],
}

/// Chromium's `kWholeScriptConfusables`. The Thai list is the one Chromium uses on every
/// platform but Linux (Linux adds letters that only its fonts draw like Latin). `pyc` is
/// copied as Chromium writes it (an ASCII lookalike of `рус`).
pub(crate) const WHOLE_SCRIPT_LOOKALIKES: &[WholeScriptLookalikes] = &[
    WholeScriptLookalikes {
        script: Script::Armenian,
        letters: "ագզէլհյոսւօՙ",
        tlds: &["am"],
    },
    WholeScriptLookalikes {
        script: Script::Cyrillic,
        letters: "аысԁеԍһіюкјӏорԗԛѕтԝхуъьҽпгѵѡ",
        tlds: &["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"],
    },
    WholeScriptLookalikes {
        script: Script::Ethiopic,
        letters: "ሀሠሰስበነተከዐዕዘጠፐꬅ",
        tlds: &["er", "et"],
    },
    WholeScriptLookalikes {
        script: Script::Georgian,
        letters: "იოყძხჽჿ",
        tlds: &["ge"],
    },
    WholeScriptLookalikes {
        script: Script::Greek,
        letters: "αικνρυωηοτ",
        tlds: &["gr"],
    },
    WholeScriptLookalikes {
        script: Script::Hebrew,
        letters: "דוחיןסװײ׳ﬦ",
        tlds: &["il"],
    },
    WholeScriptLookalikes {
        script: Script::Bengali,
        letters: "০৭",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Devanagari,
        letters: "ऽ०ॱ",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Gujarati,
        letters: "ડટ૦૧",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Gurmukhi,
        letters: "੦੧",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Kannada,
        letters: "ಽ೦೧",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Malayalam,
        letters: "ടഠധനറ൦",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Oriya,
        letters: "ଠ୦୮",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Tamil,
        letters: "டப௦",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Telugu,
        letters: "౦౧",
        tlds: &[],
    },
    WholeScriptLookalikes {
        script: Script::Myanmar,
        letters: "ခဂငထပဝ၀၂ၔၜ\u{1090}\u{1091}\u{1095}\u{1096}\u{1097}",
        tlds: &["mm"],
    },
    WholeScriptLookalikes {
        script: Script::Thai,
        letters: "บพเแ๐",
        tlds: &["th"],
    },
];

/// Chromium's `kAllowedWholeScriptConfusableWords`: common Cyrillic words made of Latin
/// lookalikes that spell no Latin word anyone would spoof; shown under any TLD.
pub(crate) const ALLOWED_LOOKALIKE_WORDS: &[&str] = &[
    "секс",
    "как",
    "коса",
    "курс",
    "парк",
    "такий",
    "укроп",
    "сахарок",
    "покраска",
    "театр",
    "астро",
    "пхукет",
];

/// True when `tld` is one of `tlds`.
pub(crate) fn tld_in(tld: Option<&str>, tlds: &[&str]) -> bool {
    tld.is_some_and(|tld| tlds.contains(&tld))
}

/// The lookalike entry of `script`, if it has one.
pub(crate) fn lookalikes_of(script: Script) -> Option<&'static WholeScriptLookalikes> {
    WHOLE_SCRIPT_LOOKALIKES
        .iter()
        .find(|entry| entry.script == script)
}

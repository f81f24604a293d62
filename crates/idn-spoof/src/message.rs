//! The words for a broken rule, written straight into a formatter: shared by the display
//! decision's reasons and by the warnings on names and addresses, so that both say the
//! same thing and neither needs to allocate.

use core::fmt;

use name_text::report::{InputLine, shown_escaped};

use crate::browser;
use crate::tld_rules::COUNTRY_LETTERS;
use crate::{DisplayPolicy, LabelVerdict, Rule, identifier_types, skeleton};

/// Where a checked label sits.
///
/// ```
/// assert_eq!(idn_spoof::Part::LocalPart.name(), "local_part");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// A label of a domain name (of a name, an address's domain or a URL's host).
    Domain,
    /// A dot-separated part of an email address's local part (RFC 6532).
    LocalPart,
}

impl Part {
    /// A stable `snake_case` name.
    ///
    /// ```
    /// assert_eq!(idn_spoof::Part::Domain.name(), "domain");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Self::Domain => "domain",
            Self::LocalPart => "local_part",
        }
    }
}

/// One broken rule on one label, ready to be written as words.
pub(crate) struct Message<'m> {
    pub(crate) rule: Rule,
    pub(crate) part: Part,
    pub(crate) index: usize,
    pub(crate) label: &'m str,
    pub(crate) verdict: &'m LabelVerdict,
    pub(crate) protected: Option<&'m str>,
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Message {
            rule,
            part,
            index,
            label,
            verdict,
            protected,
        } = *self;
        // Labels, protected names and characters are quoted through the one escaping
        // function of the error renderer: a control or invisible character in them is
        // shown as an escape and cannot reach a terminal.
        let label = InputLine::new(label, shown_escaped);
        if part == Part::LocalPart {
            f.write_str("local part: ")?;
        }
        let level = verdict.restriction_level().name();
        match rule {
            Rule::MixedScript => write!(
                f,
                "label {index} `{label}` mixes scripts ({level} by UTS #39 §5.2; Unicode is \
                 shown only up to Highly Restrictive: Latin mixed with Chinese, Japanese or \
                 Korean scripts alone)"
            )?,
            Rule::WholeScriptConfusable
                if !skeleton(self.label).all(|c| c.is_ascii_alphanumeric() || c == '-') =>
            {
                write!(
                    f,
                    "label {index} `{label}` is written entirely with letters of its script that \
                     look like Latin letters (browsers' list for the script) under a top-level \
                     domain in another script"
                )?;
            }
            Rule::WholeScriptConfusable => {
                write!(
                    f,
                    "label {index} `{label}` is written entirely with letters that look like \
                     the Latin `"
                )?;
                for c in skeleton(self.label) {
                    let mut bytes = [0; 4];
                    InputLine::new(c.encode_utf8(&mut bytes), shown_escaped).fmt(f)?;
                }
                f.write_str(
                    "` (a UTS #39 §4 whole-script confusable) under a top-level domain in \
                     another script",
                )?;
            }
            Rule::ProtectedName => write!(
                f,
                "label {index} `{label}` looks like the protected name `{}` (same UTS #39 §4 \
                 skeleton)",
                InputLine::new(protected.unwrap_or("?"), shown_escaped)
            )?,
            Rule::MixedNumbers => write!(
                f,
                "label {index} `{label}` mixes digits from more than one decimal system (UTS \
                 #39 §5.3)"
            )?,
            Rule::HiddenCharacters => write!(
                f,
                "label {index} `{label}` has {} (UTS #39 §5.4 hidden characters)",
                verdict
                    .hidden_characters()
                    .map_or("hidden marks", |h| h.describe())
            )?,
            Rule::RestrictedCharacter => {
                let c = verdict.restricted_character().unwrap_or('\u{FFFD}');
                let mut bytes = [0; 4];
                write!(
                    f,
                    "label {index} `{label}` has U+{:04X} `{}`, which UTS #39 §3.1 lists as \
                     Restricted (Identifier_Type",
                    u32::from(c),
                    InputLine::new(c.encode_utf8(&mut bytes), shown_escaped),
                )?;
                for ty in identifier_types(c).iter() {
                    write!(f, " {}", ty.name())?;
                }
                f.write_str(")")?;
            }
            Rule::KanaMarks => {
                let c = verdict.kana_mark().unwrap_or('\u{30FC}');
                write!(
                    f,
                    "label {index} `{label}` has U+{:04X} `{c}` outside Japanese text, where it \
                     passes for a hyphen or a dot",
                    u32::from(c)
                )?;
            }
            Rule::BlockedCharacter => write!(
                f,
                "label {index} `{label}` has {}, which browsers do not show in names (it \
                 passes for punctuation, or comes from a rarely used Latin, Greek or Cyrillic \
                 block)",
                CodePoint(browser::blocked_character(self.label))
            )?,
            Rule::CountryLetter => {
                let c = browser::any_country_letter(self.label);
                write!(
                    f,
                    "label {index} `{label}` has {}, a letter shown only under the top-level \
                     domains",
                    CodePoint(c)
                )?;
                let tlds = COUNTRY_LETTERS
                    .iter()
                    .find(|entry| c.is_some_and(|c| entry.letters.contains(&c)))
                    .map_or(&[][..], |entry| entry.tlds);
                for tld in tlds {
                    write!(f, " .{tld}")?;
                }
            }
            Rule::MiddleDot => write!(
                f,
                "label {index} `{label}` has U+00B7 `·`, shown only under .cat and between two \
                 `l` (the Catalan ela geminada, RFC 5892 Appendix A.3)"
            )?,
            Rule::NonAsciiLatinMixed => write!(
                f,
                "label {index} `{label}` mixes scripts and has {}, a Latin letter outside \
                 ASCII (next to another script, browsers show Latin only as ASCII letters)",
                CodePoint(browser::non_ascii_latin(self.label))
            )?,
            Rule::DigitLookalikes => write!(
                f,
                "label {index} `{label}` is made of digits and characters that look like digits"
            )?,
            Rule::KanaIterationMarks => write!(
                f,
                "label {index} `{label}` has {} not after Katakana, the only place the \
                 Katakana iteration marks belong",
                CodePoint(browser::misplaced_iteration_mark(self.label))
            )?,
            Rule::KanaLookalikes => write!(
                f,
                "label {index} `{label}` has {} inside a word of the other kana, where it \
                 cannot be told from its twin",
                CodePoint(browser::kana_lookalike(self.label))
            )?,
            Rule::SlashLookalikes => write!(
                f,
                "label {index} `{label}` has {} between characters that are not Japanese, \
                 where it passes for a slash",
                CodePoint(browser::slash_lookalike(self.label))
            )?,
            Rule::CjkLookalikes => write!(
                f,
                "label {index} `{label}` has {} next to a character that is not Chinese or \
                 Japanese, where it passes for a Latin letter or punctuation",
                CodePoint(browser::cjk_lookalike(self.label))
            )?,
            Rule::MisplacedMark => write!(
                f,
                "label {index} `{label}` has the combining mark {} after a letter that is not \
                 Latin, Greek or Cyrillic, or a combining kana sound mark, where it is drawn \
                 unpredictably",
                CodePoint(browser::misplaced_mark(self.label))
            )?,
        }
        if part == Part::Domain {
            f.write_str("; shown as its A-label")?;
        }
        Ok(())
    }
}

/// A character a rule found, written as `U+XXXX` and the character (escaped like the
/// label); `?` if the rule found none.
struct CodePoint(Option<char>);

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(c) = self.0 else {
            return f.write_str("?");
        };
        let mut bytes = [0; 4];
        write!(
            f,
            "U+{:04X} `{}`",
            u32::from(c),
            InputLine::new(c.encode_utf8(&mut bytes), shown_escaped)
        )
    }
}

/// The protected name a verdict points at, if any.
pub(crate) fn protected_name<'a>(
    verdict: &LabelVerdict,
    policy: &DisplayPolicy<'a>,
) -> Option<&'a str> {
    verdict
        .protected_name()
        .and_then(|i| policy.protected().get(i))
        .copied()
}

//! The display decision for a whole name: per label, the U-label when it is safe to show
//! and the A-label otherwise, with the reasons.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use ldh_domain::{Domain, DomainError};

use crate::message::{Message, protected_name};
use crate::{DisplayPolicy, LabelVerdict, Part, Rule, check_label};

/// One label of a [`Display`]: both forms and the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayLabel {
    ascii: String,
    unicode: String,
    verdict: LabelVerdict,
}

impl DisplayLabel {
    /// The label's ASCII form (an A-label for IDN labels), lower case.
    pub fn ascii(&self) -> &str {
        &self.ascii
    }

    /// The label's Unicode form (the U-label for IDN labels).
    pub fn unicode(&self) -> &str {
        &self.unicode
    }

    /// True when the label is an IDN label (its ASCII form is an A-label).
    pub fn is_idn(&self) -> bool {
        self.ascii != self.unicode
    }

    /// True when the label is shown in Unicode (safe, or not an IDN label).
    pub fn shows_unicode(&self) -> bool {
        self.verdict.is_safe()
    }

    /// The form to show: Unicode when safe, the A-label otherwise.
    pub fn shown(&self) -> &str {
        if self.shows_unicode() {
            &self.unicode
        } else {
            &self.ascii
        }
    }

    /// The checks' verdict on this label.
    pub fn verdict(&self) -> &LabelVerdict {
        &self.verdict
    }
}

/// One reason a label is shown as its A-label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    /// The rule the label breaks.
    pub rule: Rule,
    /// The label's index, 0 for the leftmost.
    pub label_index: usize,
    /// What the rule found, in words, naming the standard.
    pub message: String,
}

impl Reason {
    /// The stable code (`mixed_script`, `confusable`, `mixed_numbers`, `hidden_characters`,
    /// `restricted_character`).
    ///
    /// ```
    /// let shown = idn_spoof::display("xn--pypal-4ve.com", &idn_spoof::DisplayPolicy::BROWSER)?;
    /// assert_eq!(shown.reasons()[0].code(), "mixed_script");
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn code(&self) -> &'static str {
        self.rule.code()
    }
}

/// The display decision for a name.
///
/// ```
/// use idn_spoof::{DisplayPolicy, display};
///
/// let apple = display("xn--80ak6aa92e.com", &DisplayPolicy::BROWSER)?;
/// assert_eq!(apple.output(), "xn--80ak6aa92e.com");
/// assert!(!apple.is_display_safe());
/// let books = display("xn--bcher-kva.de", &DisplayPolicy::BROWSER)?;
/// assert_eq!(books.output(), "bücher.de");
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Display {
    labels: Vec<DisplayLabel>,
    absolute: bool,
    reasons: Vec<Reason>,
}

impl Display {
    /// The labels, leftmost first.
    pub fn labels(&self) -> &[DisplayLabel] {
        &self.labels
    }

    /// The name to show: U-labels where safe, A-labels where not, the root dot kept.
    pub fn output(&self) -> String {
        let mut out = String::new();
        for (i, label) in self.labels.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(label.shown());
        }
        if self.absolute {
            out.push('.');
        }
        out
    }

    /// True when every label is shown in Unicode (or the name has no IDN label).
    pub fn is_display_safe(&self) -> bool {
        self.labels.iter().all(DisplayLabel::shows_unicode)
    }

    /// True when some label is an IDN label.
    pub fn has_idn(&self) -> bool {
        self.labels.iter().any(DisplayLabel::is_idn)
    }

    /// Why labels are shown as A-labels, label by label in the order of [`Rule::ALL`].
    pub fn reasons(&self) -> &[Reason] {
        &self.reasons
    }
}

/// Decides how to show `name`: parses it with the policy's `ldh-domain` policy (so an
/// invalid name is an error, not a display), converts it both ways, and checks every IDN
/// label with [`check_label`].
///
/// ```
/// use idn_spoof::{DisplayPolicy, display};
/// let shown = display("xn--pypal-4ve.com", &DisplayPolicy::BROWSER)?;
/// assert_eq!(shown.output(), "xn--pypal-4ve.com");
/// assert!(shown.reasons()[0].message.contains("paypal") || shown.reasons()[0].message.contains("scripts"));
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
pub fn display(name: &str, policy: &DisplayPolicy<'_>) -> Result<Display, DomainError> {
    let domain = Domain::parse_with(name, policy.name_policy())?;
    let absolute = domain.is_absolute();
    let ascii = domain.to_ascii()?;
    let unicode = domain.to_unicode()?;
    let strip = |s: &str| -> String {
        let s = if absolute {
            s.strip_suffix('.').unwrap_or(s)
        } else {
            s
        };
        s.to_string()
    };
    let (ascii, unicode) = (strip(&ascii), strip(&unicode));
    let unicode_labels: Vec<&str> = unicode.split('.').collect();
    let tld = unicode_labels.last().copied();
    let count = unicode_labels.len();
    let mut labels = Vec::with_capacity(count);
    let mut reasons = Vec::new();
    for (index, (a, u)) in ascii
        .split('.')
        .zip(unicode_labels.iter().copied())
        .enumerate()
    {
        let ascii_label = a.to_ascii_lowercase();
        let verdict = if u.is_ascii() {
            check_label("", None, policy)
        } else {
            let tld = if index + 1 == count { None } else { tld };
            check_label(u, tld, policy)
        };
        reasons.extend(label_reasons(u, index, &verdict, policy));
        labels.push(DisplayLabel {
            ascii: ascii_label,
            unicode: u.to_string(),
            verdict,
        });
    }
    Ok(Display {
        labels,
        absolute,
        reasons,
    })
}

/// The reasons for a verdict of [`check_label`] on `label` (the label at `index`), in
/// words: for callers that check labels themselves, such as the dot-separated parts of
/// an internationalized email local part.
///
/// ```
/// use idn_spoof::{DisplayPolicy, check_label, label_reasons};
///
/// let policy = DisplayPolicy::BROWSER;
/// let verdict = check_label("jоhn", None, &policy); // Cyrillic о
/// let reasons = label_reasons("jоhn", 0, &verdict, &policy);
/// assert_eq!(reasons[0].code(), "mixed_script");
/// assert!(reasons[0].message.contains("`jоhn`"));
/// ```
pub fn label_reasons(
    label: &str,
    index: usize,
    verdict: &LabelVerdict,
    policy: &DisplayPolicy<'_>,
) -> Vec<Reason> {
    verdict
        .broken_rules()
        .map(|rule| Reason {
            rule,
            label_index: index,
            message: Message {
                rule,
                part: Part::Domain,
                index,
                label,
                verdict,
                protected: protected_name(verdict, policy),
            }
            .to_string(),
        })
        .collect()
}

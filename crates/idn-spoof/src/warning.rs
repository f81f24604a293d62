//! Spoofing warnings on checked values: the labels of a domain name, of an email
//! address's domain and local part, of an http(s) host and of the addresses of a mailto
//! URI. A warning never makes a value invalid; it says what the display policy would
//! refuse to show in Unicode, and why.
//!
//! This lives here, not in `ldh-domain`, `rfc-email` or `uri-schemes`: those crates are
//! below this one (it parses names with `ldh-domain`), and they stay free of the UTS #39
//! tables.

use core::fmt;

use ldh_domain::{Domain, LabelKind, Labels};

use crate::message::{Message, protected_name};
use crate::{DisplayPolicy, LabelVerdict, Part, Rule, check_label};

/// Room for the Unicode form of one label: an A-label has at most 59 octets of Punycode,
/// which decode to at most 59 code points (236 octets of UTF-8). Longer text (only an
/// unusually long local part) is cut at a character boundary.
const LABEL_CAPACITY: usize = 240;

/// The Unicode form of one label, kept inline so that a warning owns it without
/// allocating. ASCII letters are lower-cased (DNS names are case-insensitive, and an
/// A-label's ASCII letters keep the case they were written in).
#[derive(Clone, Copy)]
struct LabelText {
    bytes: [u8; LABEL_CAPACITY],
    len: usize,
}

impl LabelText {
    const EMPTY: Self = Self {
        bytes: [0; LABEL_CAPACITY],
        len: 0,
    };

    /// A copy of `text`, cut at a character boundary if it does not fit.
    fn copy_of(text: &str) -> Self {
        let mut out = Self::EMPTY;
        for c in text.chars() {
            if !out.push(c) {
                break;
            }
        }
        out
    }

    /// The Unicode form of an A-label (`xn--` and Punycode, RFC 3492), or `None` when
    /// the Punycode does not decode (a name parsed without the IDNA engine).
    fn decoded(a_label: &str) -> Option<Self> {
        let payload = a_label.as_bytes().get(4..)?;
        let mut chars = ['\0'; 63];
        let decoded = punycode_core::decode_into(payload, &mut chars).ok()?;
        let mut out = Self::EMPTY;
        for &c in decoded {
            out.push(c);
        }
        Some(out)
    }

    /// Appends `c` (lower-cased if ASCII); false when it does not fit.
    fn push(&mut self, c: char) -> bool {
        let c = c.to_ascii_lowercase();
        let end = self.len + c.len_utf8();
        match self.bytes.get_mut(self.len..end) {
            Some(slot) => {
                c.encode_utf8(slot);
                self.len = end;
                true
            }
            None => false,
        }
    }

    fn as_str(&self) -> &str {
        self.bytes
            .get(..self.len)
            .and_then(|b| core::str::from_utf8(b).ok())
            .unwrap_or_default()
    }
}

impl fmt::Debug for LabelText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// One spoofing warning: a rule of the display policy that a label breaks. `'p` is the
/// lifetime of the policy's protected names.
///
/// The warning owns the Unicode form of its label (A-labels are decoded into an inline
/// buffer), so it outlives the value it came from and costs no allocation. Its
/// [`Display`](fmt::Display) writes the message.
///
/// ```
/// use idn_spoof::{DisplayPolicy, Part, domain_warnings};
/// use ldh_domain::{Domain, Policy};
///
/// let name = Domain::parse_with("xn--80ak6aa92e.com", &Policy::HOSTNAME)?; // аррӏе.com
/// let warning = domain_warnings(&name, &DisplayPolicy::BROWSER).next().unwrap();
/// assert_eq!((warning.code(), warning.label_index()), ("confusable", 0));
/// assert_eq!(warning.label(), "аррӏе");
/// assert_eq!(warning.part(), Part::Domain);
/// assert!(warning.to_string().contains("`apple`"));
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SpoofWarning<'p> {
    rule: Rule,
    part: Part,
    label_index: usize,
    address_index: usize,
    label: LabelText,
    verdict: LabelVerdict,
    protected: Option<&'p str>,
}

impl<'p> SpoofWarning<'p> {
    /// The rule the label breaks.
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The stable warning code: `mixed_script`, `confusable`, `mixed_numbers`,
    /// `hidden_characters` or `restricted_character` ([`Rule::code`]).
    pub const fn code(&self) -> &'static str {
        self.rule.code()
    }

    /// Whether the label is a domain label or a part of a local part.
    pub const fn part(&self) -> Part {
        self.part
    }

    /// The label's index, 0 for the leftmost (for a local part: its dot-separated parts).
    pub const fn label_index(&self) -> usize {
        self.label_index
    }

    /// Which address of a mailto URI the warning is about, 0 for the first (always 0
    /// for a single name or address).
    pub const fn address_index(&self) -> usize {
        self.address_index
    }

    /// The label in Unicode (A-labels decoded), ASCII letters in lower case.
    pub fn label(&self) -> &str {
        self.label.as_str()
    }

    /// The checks' whole verdict on the label.
    pub const fn verdict(&self) -> &LabelVerdict {
        &self.verdict
    }

    /// The protected name the label resembles, on the [`Rule::ProtectedName`] warning.
    pub fn protected_name(&self) -> Option<&'p str> {
        self.protected.filter(|_| self.rule == Rule::ProtectedName)
    }
}

impl fmt::Display for SpoofWarning<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Message {
            rule: self.rule,
            part: self.part,
            index: self.label_index,
            label: self.label.as_str(),
            verdict: &self.verdict,
            protected: self.protected,
        }
        .fmt(f)
    }
}

/// The warnings of one label still to be handed out.
#[derive(Debug, Clone, Copy)]
struct Pending<'p> {
    warning: SpoofWarning<'p>,
    next_rule: usize,
}

/// The labels of a domain name still to be checked.
#[derive(Debug, Clone)]
struct DomainLabels<'n> {
    labels: Labels<'n>,
    next_index: usize,
    count: usize,
    /// The Unicode form of the last label, for the whole-script rule's TLD exception.
    tld: Option<LabelText>,
}

/// The parts of a non-ASCII local part still to be checked.
#[derive(Debug, Clone)]
struct LocalParts<'n> {
    parts: core::str::Split<'n, char>,
    next_index: usize,
}

/// Iterator over the [`SpoofWarning`]s of a value, label by label from the left (for an
/// address: its domain first, then its local part), and within a label in the order of
/// [`Rule::ALL`]. Checks each label when it gets to it; allocates nothing.
///
/// ```
/// use idn_spoof::{DisplayPolicy, domain_warnings};
/// use ldh_domain::{Domain, Policy};
///
/// // bücher.pаypal.com, with a Cyrillic а
/// let name = Domain::parse_with("xn--bcher-kva.xn--pypal-4ve.com", &Policy::HOSTNAME)?;
/// let found: Vec<_> = domain_warnings(&name, &DisplayPolicy::BROWSER)
///     .map(|w| (w.code(), w.label_index()))
///     .collect();
/// assert_eq!(found, [("mixed_script", 1)]);
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SpoofWarnings<'n, 'p> {
    domain: Option<DomainLabels<'n>>,
    local: Option<LocalParts<'n>>,
    policy: DisplayPolicy<'p>,
    pending: Option<Pending<'p>>,
    address_index: usize,
}

impl<'p> SpoofWarnings<'_, 'p> {
    /// No warnings.
    fn none(policy: &DisplayPolicy<'p>) -> Self {
        Self {
            domain: None,
            local: None,
            policy: *policy,
            pending: None,
            address_index: 0,
        }
    }

    /// The warnings with [`SpoofWarning::address_index`] set to `index`.
    #[must_use]
    pub fn with_address_index(mut self, index: usize) -> Self {
        self.address_index = index;
        self
    }

    /// The policy local parts are judged by: the domain's, without the rules that make
    /// no sense there. `+`, `_` and other ASCII punctuation of local parts are not
    /// identifier characters (UTS #39 §3.1 would call every such part Restricted), and a
    /// local part has no top-level domain whose script could excuse a whole-script label.
    fn local_policy(&self) -> DisplayPolicy<'p> {
        self.policy
            .without(Rule::RestrictedCharacter)
            .without(Rule::WholeScriptConfusable)
    }

    /// The next label worth checking, its verdict taken; `None` when none is left.
    fn next_label(&mut self) -> Option<Pending<'p>> {
        while let Some(domain) = &mut self.domain {
            let Some(label) = domain.labels.next() else {
                self.domain = None;
                break;
            };
            let index = domain.next_index;
            domain.next_index += 1;
            let Some(text) = unicode_form(label.as_str(), label.kind()) else {
                continue;
            };
            let tld = if index + 1 == domain.count {
                None
            } else {
                domain.tld.as_ref().map(LabelText::as_str)
            };
            let verdict = check_label(text.as_str(), tld, &self.policy);
            if !verdict.is_safe() {
                let at = (Part::Domain, index, self.address_index);
                return Some(pending(at, text, verdict, &self.policy));
            }
        }
        let policy = self.local_policy();
        while let Some(local) = &mut self.local {
            let Some(part) = local.parts.next() else {
                self.local = None;
                break;
            };
            let index = local.next_index;
            local.next_index += 1;
            let verdict = check_label(part, None, &policy);
            if !verdict.is_safe() {
                let text = LabelText::copy_of(part);
                let at = (Part::LocalPart, index, self.address_index);
                return Some(pending(at, text, verdict, &policy));
            }
        }
        None
    }
}

/// The warnings of a label that breaks rules, before the first is handed out; `at` is
/// where the label sits (part, label index, address index).
fn pending<'p>(
    (part, label_index, address_index): (Part, usize, usize),
    label: LabelText,
    verdict: LabelVerdict,
    policy: &DisplayPolicy<'p>,
) -> Pending<'p> {
    Pending {
        warning: SpoofWarning {
            rule: Rule::RestrictedCharacter,
            part,
            label_index,
            address_index,
            label,
            verdict,
            protected: protected_name(&verdict, policy),
        },
        next_rule: 0,
    }
}

impl<'p> Iterator for SpoofWarnings<'_, 'p> {
    type Item = SpoofWarning<'p>;

    fn next(&mut self) -> Option<SpoofWarning<'p>> {
        loop {
            if let Some(pending) = &mut self.pending {
                while let Some(&rule) = Rule::ALL.get(pending.next_rule) {
                    pending.next_rule += 1;
                    if pending.warning.verdict.breaks(rule) {
                        let mut warning = pending.warning;
                        warning.rule = rule;
                        return Some(warning);
                    }
                }
                self.pending = None;
            }
            self.pending = Some(self.next_label()?);
        }
    }
}

impl core::iter::FusedIterator for SpoofWarnings<'_, '_> {}

/// Whether a label of an ASCII name starts with the ACE prefix `xn--` in any case (RFC
/// 5890 §2.3.1): only such labels can be A-labels. A plain byte loop: this runs for
/// every checked name, and `str::split` costs several times more on short names.
fn has_a_label(name: &[u8]) -> bool {
    let mut start = 0;
    loop {
        let Some(rest) = name.get(start..) else {
            return false;
        };
        if rest
            .get(..4)
            .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
        {
            return true;
        }
        match rest.iter().position(|&b| b == b'.') {
            Some(dot) => start += dot + 1,
            None => return false,
        }
    }
}

/// The Unicode form of a label worth checking: a U-label as written, an A-label decoded;
/// `None` for every other label (all-ASCII labels cannot hide anything from an ASCII
/// reader) and for an A-label whose Punycode does not decode.
fn unicode_form(label: &str, kind: LabelKind) -> Option<LabelText> {
    match kind {
        LabelKind::ULabel => Some(LabelText::copy_of(label)),
        LabelKind::ALabel => LabelText::decoded(label),
        _ => None,
    }
}

/// The spoofing warnings of a checked domain name: each IDN label (U-label, or A-label
/// decoded) judged by [`check_label`] under `policy`, with the last label as the TLD of
/// the whole-script rule. All-ASCII names cost one pass over the labels' kinds.
///
/// U-labels are judged as written: a name accepted under UTS #46 mapping (which allows
/// upper-case or full-width input) should be converted with `to_unicode` and parsed
/// again first, or its unmapped characters are reported as Restricted.
///
/// ```
/// use idn_spoof::{DisplayPolicy, domain_warnings};
/// use ldh_domain::{Domain, Policy};
///
/// let policy = DisplayPolicy::BROWSER;
/// let lookalike = Domain::parse_with("xn--80ak6aa92e.com", &Policy::HOSTNAME)?; // аррӏе.com
/// let codes: Vec<_> = domain_warnings(&lookalike, &policy).map(|w| w.code()).collect();
/// assert_eq!(codes, ["confusable"]);
/// let books = Domain::parse_with("xn--bcher-kva.de", &Policy::HOSTNAME)?; // bücher.de
/// assert_eq!(domain_warnings(&books, &policy).count(), 0);
/// # Ok::<(), ldh_domain::DomainError>(())
/// ```
pub fn domain_warnings<'n, 'p>(
    domain: &Domain<'n>,
    policy: &DisplayPolicy<'p>,
) -> SpoofWarnings<'n, 'p> {
    let mut warnings = SpoofWarnings::none(policy);
    // Only IDN labels are judged: a name without one (nearly every name) has nothing to
    // warn about, known without classifying its labels or copying its TLD.
    if domain.is_ascii() && !has_a_label(domain.as_str().as_bytes()) {
        return warnings;
    }
    let tld = domain.tld();
    warnings.domain = Some(DomainLabels {
        labels: domain.labels(),
        next_index: 0,
        count: domain.label_count(),
        // An ASCII TLD is Latin (or Common): it excuses no lookalike script.
        tld: Some(
            unicode_form(tld.as_str(), tld.kind())
                .unwrap_or_else(|| LabelText::copy_of(tld.as_str())),
        ),
    });
    warnings
}

/// The spoofing warnings of a checked email address: its domain as by
/// [`domain_warnings`] (address literals have none), then each dot-separated part of a
/// non-ASCII local part (RFC 6532 lets local parts mix scripts too). Local parts are
/// judged by `policy` without [`Rule::RestrictedCharacter`] and
/// [`Rule::WholeScriptConfusable`]: ASCII punctuation such as `+` is not an identifier
/// character, and there is no top-level domain to compare scripts with.
///
/// ```
/// use idn_spoof::{DisplayPolicy, Part, address_warnings};
/// use rfc_email::{EmailAddress, Policy};
///
/// let addr = EmailAddress::parse_with("jоhn@xn--pypal-4ve.com", &Policy::SMTPUTF8)?; // Cyrillic о
/// let found: Vec<_> = address_warnings(&addr, &DisplayPolicy::BROWSER)
///     .map(|w| (w.part(), w.code(), w.label_index()))
///     .collect();
/// assert_eq!(
///     found,
///     [(Part::Domain, "mixed_script", 0), (Part::LocalPart, "mixed_script", 0)]
/// );
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[cfg(feature = "email")]
#[cfg_attr(docsrs, doc(cfg(feature = "email")))]
pub fn address_warnings<'n, 'p>(
    address: &rfc_email::EmailAddress<'n>,
    policy: &DisplayPolicy<'p>,
) -> SpoofWarnings<'n, 'p> {
    let mut warnings = match address.domain() {
        rfc_email::DomainPart::Name(domain) => domain_warnings(&domain, policy),
        _ => SpoofWarnings::none(policy),
    };
    let local = address.local_part();
    if !local.is_ascii() {
        warnings.local = Some(LocalParts {
            parts: local.trim_matches('"').split('.'),
            next_index: 0,
        });
    }
    warnings
}

/// The spoofing warnings of an http(s) URL's host: a reg-name with an IDN label, parsed
/// as a DNS name (`ldh_domain::Policy::DNS`), as by [`domain_warnings`]. IP hosts and
/// hosts that do not parse as names (percent-encoded ones) have none.
///
/// ```
/// use idn_spoof::{DisplayPolicy, http_warnings};
/// use uri_schemes::HttpUrl;
///
/// let url = HttpUrl::parse("https://xn--pypal-4ve.com/login")?;
/// let codes: Vec<_> = http_warnings(&url, &DisplayPolicy::BROWSER).map(|w| w.code()).collect();
/// assert_eq!(codes, ["mixed_script"]);
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[cfg(feature = "uri")]
#[cfg_attr(docsrs, doc(cfg(feature = "uri")))]
pub fn http_warnings<'n, 'p>(
    url: &uri_schemes::HttpUrl<'n>,
    policy: &DisplayPolicy<'p>,
) -> SpoofWarnings<'n, 'p> {
    let uri_schemes::Host::RegName(host) = url.host() else {
        return SpoofWarnings::none(policy);
    };
    Domain::parse_with(host, &ldh_domain::Policy::DNS).map_or_else(
        |_| SpoofWarnings::none(policy),
        |domain| domain_warnings(&domain, policy),
    )
}

/// The spoofing warnings of every address of a mailto URI (RFC 6068 addresses may be
/// SMTPUTF8), decoded and parsed with `rfc_email::Policy::SMTPUTF8`, as by
/// [`address_warnings`]; [`SpoofWarning::address_index`] says which address. Decoding
/// the addresses allocates, hence the `Vec`; addresses that do not parse have none.
///
/// ```
/// use idn_spoof::{DisplayPolicy, mailto_warnings};
/// use uri_schemes::Mailto;
///
/// let m = Mailto::parse("mailto:joe@example.com,ann@xn--80ak6aa92e.com")?;
/// let found: Vec<_> = mailto_warnings(&m, &DisplayPolicy::BROWSER)
///     .iter()
///     .map(|w| (w.address_index(), w.code(), w.label_index()))
///     .collect();
/// assert_eq!(found, [(1, "confusable", 0)]);
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[cfg(all(feature = "uri", feature = "alloc"))]
#[cfg_attr(docsrs, doc(cfg(all(feature = "uri", feature = "alloc"))))]
pub fn mailto_warnings<'p>(
    mailto: &uri_schemes::Mailto<'_>,
    policy: &DisplayPolicy<'p>,
) -> alloc::vec::Vec<SpoofWarning<'p>> {
    let mut out = alloc::vec::Vec::new();
    for (index, to) in mailto.to().iter().enumerate() {
        if let Ok(address) = rfc_email::EmailAddress::parse_with(to, &rfc_email::Policy::SMTPUTF8) {
            out.extend(address_warnings(&address, policy).with_address_index(index));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::has_a_label;

    /// RFC 5890 §2.3.1: the ACE prefix is `xn--` in any case, at the start of a label;
    /// the shortcut of `domain_warnings` finds it in every label and nowhere else.
    #[test]
    fn rfc5890_2_3_1_ace_prefix_at_any_label() {
        for name in ["xn--a.com", "XN--a.com", "a.Xn--b.com", "a.b.xN--", "xn--"] {
            assert!(has_a_label(name.as_bytes()), "{name}");
        }
        for name in [
            "",
            "x",
            "xn-",
            "axn--b.com",
            "a.bxn--.com",
            "a.xn-.com",
            "xn.--",
        ] {
            assert!(!has_a_label(name.as_bytes()), "{name}");
        }
    }
}

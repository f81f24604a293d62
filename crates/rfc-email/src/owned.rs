//! [`EmailAddressBuf`]: an owned, checked address (feature `alloc`).

use alloc::borrow::Cow;
use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::net::{Ipv4Addr, Ipv6Addr};
use core::ops::Range;
use core::str::FromStr;

use ldh_domain::DomainFacts;

use crate::address::{AddressLiteral, DomainPart, EmailAddress};
use crate::error::EmailError;
use crate::normalize::DomainForm;
use crate::policy::Policy;
use crate::warning::Warnings;

/// An owned, checked email address: the text, the policy it satisfied and what the
/// parse found, with the same constructors and accessors as [`EmailAddress`].
///
/// There is no `Deref` to [`EmailAddress`]: that is a view with borrowed parts, not a
/// place a reference could point to. Every accessor answers from what was stored at
/// parse time (the spans of the parts, the warnings, and the facts of the domain part,
/// its name's labels included), without parsing again.
///
/// Equality, ordering and hashing are those of [`EmailAddress`] (local part as
/// written, domain ASCII case-insensitive, policy ignored), so there is no
/// `Borrow<str>`.
///
/// ```
/// use rfc_email::{EmailAddressBuf, Policy};
/// let addr = EmailAddressBuf::parse("user@Example.com")?; // Policy::RFC5321
/// assert_eq!(addr.local_part(), "user");
/// assert_eq!(addr, "user@example.com");
/// assert!("user@example.com" == addr);
/// assert!(EmailAddressBuf::parse("user@localhost").is_err());
/// let utf8 = EmailAddressBuf::parse_with("j\u{fc}rgen@example.com", &Policy::SMTPUTF8)?;
/// assert!(utf8.requires_smtputf8());
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
///
/// # As a map key
///
/// A `HashMap<EmailAddressBuf, _>` cannot be searched by a `&str`: `str`'s hash is
/// case-sensitive, the address's is not in the domain (RFC 4343), so `Borrow<str>`
/// would break the map. Parse the text to look it up: the borrowed address is enough
/// to build the key, and the lookup agrees with `==` (`A@X.example` and
/// `A@x.example` are one key, `a@x.example` another, RFC 5321 §2.4). For one key per
/// mailbox whatever the spelling (quotes, U-label or A-label), key the map by
/// [`normalize`](Self::normalize) instead.
///
/// ```
/// use std::collections::HashMap;
/// use rfc_email::{EmailAddress, EmailAddressBuf, EmailError};
/// let mut owners: HashMap<EmailAddressBuf, &str> = HashMap::new();
/// owners.insert(EmailAddressBuf::parse("Ann@Example.com")?, "ann");
/// let lookup = |text: &str| -> Result<Option<&str>, EmailError> {
///     Ok(owners.get(&EmailAddress::parse(text)?.into_owned()).copied())
/// };
/// assert_eq!(lookup("Ann@example.COM")?, Some("ann"));
/// assert_eq!(lookup("ann@example.com")?, None); // the local part is case-sensitive
/// assert!(lookup("not an address").is_err());
/// # Ok::<(), EmailError>(())
/// ```
#[derive(Clone)]
pub struct EmailAddressBuf {
    text: String,
    /// The parse's facts over an empty input: [`EmailAddress::with_input`] puts them
    /// back over `text`, with the domain part rebuilt from `domain`.
    facts: EmailAddress<'static>,
    domain: StoredDomain,
}

/// The domain part's facts without its text, to rebuild a [`DomainPart`] over the
/// owned text without parsing it again.
#[derive(Clone, Copy)]
enum StoredDomain {
    /// A name: its labels and warnings.
    Name(DomainFacts),
    /// `[192.0.2.1]`.
    Ipv4(Ipv4Addr),
    /// `[IPv6:2001:db8::1]`.
    Ipv6(Ipv6Addr),
    /// `[tag:content]`: where tag and content lie in the text.
    General {
        tag: (usize, usize),
        content: (usize, usize),
    },
    /// Any other domain literal.
    OtherLiteral,
    /// A domain that is no name `ldh-domain` accepts.
    Other,
}

impl StoredDomain {
    /// What to keep of `address`'s domain part.
    fn of(address: &EmailAddress<'_>) -> Self {
        let base = address.as_str().as_ptr() as usize;
        // Offsets from addresses: tag and content are slices of the address's text.
        let span = |part: &str| {
            let start = (part.as_ptr() as usize).wrapping_sub(base);
            (start, start + part.len())
        };
        match address.domain() {
            DomainPart::Name(name) => Self::Name(name.facts()),
            DomainPart::Literal(AddressLiteral::Ipv4 { addr, .. }) => Self::Ipv4(addr),
            DomainPart::Literal(AddressLiteral::Ipv6 { addr, .. }) => Self::Ipv6(addr),
            DomainPart::Literal(AddressLiteral::General { tag, content, .. }) => Self::General {
                tag: span(tag),
                content: span(content),
            },
            DomainPart::Literal(AddressLiteral::Other { .. }) => Self::OtherLiteral,
            DomainPart::Other(_) => Self::Other,
        }
    }

    /// The domain part over `text`, the whole address the facts were found in.
    fn over(self, text: &str, range: Range<usize>) -> DomainPart<'_> {
        let domain = text.get(range).unwrap_or_default();
        let slice = |(start, end): (usize, usize)| text.get(start..end).unwrap_or_default();
        match self {
            // `with_text` answers `None` only for text of another length, which an
            // address's own domain part is not.
            Self::Name(facts) => facts
                .with_text(domain)
                .map_or(DomainPart::Other(domain), DomainPart::Name),
            Self::Ipv4(addr) => DomainPart::Literal(AddressLiteral::Ipv4 { addr, text: domain }),
            Self::Ipv6(addr) => DomainPart::Literal(AddressLiteral::Ipv6 { addr, text: domain }),
            Self::General { tag, content } => DomainPart::Literal(AddressLiteral::General {
                tag: slice(tag),
                content: slice(content),
                text: domain,
            }),
            Self::OtherLiteral => DomainPart::Literal(AddressLiteral::Other { text: domain }),
            Self::Other => DomainPart::Other(domain),
        }
    }
}

impl EmailAddressBuf {
    /// Checks `input` under [`Policy::RFC5321`] and keeps a copy.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddressBuf::parse("a@example.com").is_ok());
    /// ```
    pub fn parse(input: &str) -> Result<Self, EmailError> {
        Ok(EmailAddress::parse(input)?.into_owned())
    }

    /// Checks `input` under `policy` and keeps a copy.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddressBuf::parse_with("a(b)@example.com", &Policy::RFC5322).is_ok());
    /// ```
    pub fn parse_with(input: &str, policy: &Policy) -> Result<Self, EmailError> {
        Ok(EmailAddress::parse_with(input, policy)?.into_owned())
    }

    /// Checks raw bytes (they must be UTF-8) under `policy` and keeps a copy.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddressBuf::parse_bytes(b"a@example.com", &Policy::RFC5321).is_ok());
    /// ```
    pub fn parse_bytes(input: &[u8], policy: &Policy) -> Result<Self, EmailError> {
        Ok(EmailAddress::parse_bytes(input, policy)?.into_owned())
    }

    /// Checks an owned `String` under `policy` and keeps it without copying.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddressBuf::from_string(String::from("a@example.com"), &Policy::RFC5321)?;
    /// assert_eq!(addr.into_string(), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    pub fn from_string(text: String, policy: &Policy) -> Result<Self, EmailError> {
        let parsed = EmailAddress::parse_with(&text, policy)?;
        let (facts, domain) = Self::facts_of(&parsed);
        Ok(Self {
            text,
            facts,
            domain,
        })
    }

    /// What `address`'s parse found, kept without its text.
    fn facts_of(address: &EmailAddress<'_>) -> (EmailAddress<'static>, StoredDomain) {
        (
            address.with_input("", DomainPart::Other("")),
            StoredDomain::of(address),
        )
    }

    /// The borrowed view, for functions that take an [`EmailAddress`]; built from the
    /// stored facts, without parsing again.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let owned = EmailAddressBuf::parse("\"a b\"@example.com")?;
    /// assert!(owned.as_address().is_quoted());
    /// assert_eq!(owned.as_address(), owned);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn as_address(&self) -> EmailAddress<'_> {
        let domain = self.domain.over(&self.text, self.facts.domain_range());
        self.facts.with_input(&self.text, domain)
    }

    /// The address as written.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("a@example.com")?.as_str(), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The local part as written: see [`EmailAddress::local_part`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("Joe@example.com")?.local_part(), "Joe");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn local_part(&self) -> &str {
        self.text
            .get(self.facts.local_part_range())
            .unwrap_or_default()
    }

    /// Where the local part lies in the text: see [`EmailAddress::local_part_range`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("ab@example.com")?.local_part_range(), 0..2);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn local_part_range(&self) -> Range<usize> {
        self.facts.local_part_range()
    }

    /// Where the domain part lies in the text: see [`EmailAddress::domain_range`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("ab@example.com")?.domain_range(), 3..14);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn domain_range(&self) -> Range<usize> {
        self.facts.domain_range()
    }

    /// Whether the local part is a quoted string: see [`EmailAddress::is_quoted`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddressBuf::parse("\"a b\"@example.com")?.is_quoted());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn is_quoted(&self) -> bool {
        self.facts.is_quoted()
    }

    /// Whether the address is its own normal, A-label and U-label form: see
    /// [`EmailAddress::is_canonical_ascii`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddressBuf::parse("a.b@example.com")?.is_canonical_ascii());
    /// assert!(!EmailAddressBuf::parse("a.b@Example.com")?.is_canonical_ascii());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn is_canonical_ascii(&self) -> bool {
        self.facts.is_canonical_ascii()
    }

    /// The domain part: see [`EmailAddress::domain`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddressBuf::parse("a@mail.example.com")?;
    /// assert!(matches!(addr.domain(), DomainPart::Name(name) if name.label_count() == 3));
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn domain(&self) -> DomainPart<'_> {
        self.domain.over(&self.text, self.facts.domain_range())
    }

    /// Valid but discouraged forms: see [`EmailAddress::warnings`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddressBuf::parse("a@[192.0.2.1]")?.warnings().contains(Warning::AddressLiteral));
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn warnings(&self) -> Warnings {
        // Over the text: the domain name's warnings are read from the name.
        self.as_address().warnings()
    }

    /// Whether delivery needs SMTPUTF8: see [`EmailAddress::requires_smtputf8`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(!EmailAddressBuf::parse("a@example.com")?.requires_smtputf8());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn requires_smtputf8(&self) -> bool {
        !self.text.is_ascii()
    }

    /// The policy the address satisfied.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("a@example.com")?.policy(), Policy::RFC5321);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn policy(&self) -> Policy {
        self.facts.policy()
    }

    /// The local part without quotes and escapes: see
    /// [`EmailAddress::unquoted_local_part`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("\"a b\"@example.com")?.unquoted_local_part(), "a b");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn unquoted_local_part(&self) -> Cow<'_, str> {
        self.as_address().unquoted_local_part()
    }

    /// The normalized address: see [`EmailAddress::normalize`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("\"a\"@EXAMPLE.com")?.normalize(DomainForm::Ascii), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn normalize(&self, form: DomainForm) -> String {
        self.as_address().normalize(form)
    }

    /// The address with an A-label domain: see [`EmailAddress::to_ascii`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("a@Example.com")?.to_ascii()?, "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    pub fn to_ascii(&self) -> Result<Cow<'_, str>, EmailError> {
        self.as_address().to_ascii()
    }

    /// The address with a U-label domain: see [`EmailAddress::to_unicode`].
    ///
    /// ```
    /// # use rfc_email::*;
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(EmailAddressBuf::parse("a@xn--bcher-kva.example")?.to_unicode()?, "a@b\u{fc}cher.example");
    /// # Ok::<(), EmailError>(())
    /// ```
    pub fn to_unicode(&self) -> Result<Cow<'_, str>, EmailError> {
        self.as_address().to_unicode()
    }

    /// The text.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddressBuf::parse("a@example.com")?.into_string(), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn into_string(self) -> String {
        self.text
    }
}

impl EmailAddress<'_> {
    /// [`normalize`](Self::normalize) as an owned address: the normal form and what
    /// its check against the policy found, kept instead of parsed again.
    ///
    /// The result is always valid under the policy: the candidate written by
    /// `normalize_unchecked` is kept only when it parses, otherwise the domain is kept
    /// as written (lower-cased), or the address itself.
    pub(crate) fn normalize_owned(&self, form: DomainForm) -> EmailAddressBuf {
        let candidate = self.normalize_unchecked(form);
        match EmailAddress::parse_with(&candidate, &self.policy()) {
            // Without its CFWS the obs-domain is a name: normalize it as one, so that a
            // second normalize finds nothing left to do.
            Ok(parsed)
                if matches!(self.domain(), DomainPart::Other(_))
                    && matches!(parsed.domain(), DomainPart::Name(_)) =>
            {
                parsed.normalize_owned(form)
            }
            Ok(parsed) => {
                let (facts, domain) = EmailAddressBuf::facts_of(&parsed);
                EmailAddressBuf {
                    text: candidate,
                    facts,
                    domain,
                }
            }
            Err(_) if form != DomainForm::AsWritten => self.normalize_owned(DomainForm::AsWritten),
            // Lower-casing can change a non-ASCII name's length; the input is valid.
            Err(_) => self.into_owned(),
        }
    }

    /// An owned copy, with the policy and what the parse found.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let owned = EmailAddress::parse("a@example.com")?.into_owned();
    /// assert_eq!(owned.as_str(), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn into_owned(self) -> EmailAddressBuf {
        let (facts, domain) = EmailAddressBuf::facts_of(&self);
        EmailAddressBuf {
            text: String::from(self.as_str()),
            facts,
            domain,
        }
    }
}

/// Checks under [`Policy::RFC5321`].
impl FromStr for EmailAddressBuf {
    type Err = EmailError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::parse(text)
    }
}

/// Checks under [`Policy::RFC5321`], keeping the string without copying.
impl TryFrom<String> for EmailAddressBuf {
    type Error = EmailError;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        Self::from_string(text, &Policy::RFC5321)
    }
}

/// Checks under [`Policy::RFC5321`].
impl TryFrom<&str> for EmailAddressBuf {
    type Error = EmailError;

    fn try_from(text: &str) -> Result<Self, Self::Error> {
        Self::parse(text)
    }
}

impl From<EmailAddress<'_>> for EmailAddressBuf {
    fn from(address: EmailAddress<'_>) -> Self {
        address.into_owned()
    }
}

impl From<EmailAddressBuf> for String {
    fn from(address: EmailAddressBuf) -> Self {
        address.text
    }
}

/// `EmailAddressBuf("a@example.com")`: the address as written (the policy and the
/// parts are a call away).
impl fmt::Debug for EmailAddressBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("EmailAddressBuf").field(&self.text).finish()
    }
}

impl fmt::Display for EmailAddressBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl AsRef<str> for EmailAddressBuf {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl EmailAddressBuf {
    /// The comparison key: local part as written, domain part as written.
    fn key(&self) -> (&str, &str) {
        (
            self.local_part(),
            self.text.get(self.facts.domain_range()).unwrap_or_default(),
        )
    }
}

/// As [`EmailAddress`]: local part as written, domain ASCII case-insensitive.
impl PartialEq for EmailAddressBuf {
    fn eq(&self, other: &Self) -> bool {
        crate::compare::eq(self.key(), other.key())
    }
}

impl Eq for EmailAddressBuf {}

/// Agrees with `Eq`.
impl Hash for EmailAddressBuf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        crate::compare::hash(self.key(), state);
    }
}

impl PartialOrd for EmailAddressBuf {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Local part by octets, then the domain by ASCII-lower-cased octets.
impl Ord for EmailAddressBuf {
    fn cmp(&self, other: &Self) -> Ordering {
        crate::compare::cmp(self.key(), other.key())
    }
}

impl PartialEq<EmailAddress<'_>> for EmailAddressBuf {
    fn eq(&self, other: &EmailAddress<'_>) -> bool {
        crate::compare::eq(self.key(), other.key())
    }
}

impl PartialEq<EmailAddressBuf> for EmailAddress<'_> {
    fn eq(&self, other: &EmailAddressBuf) -> bool {
        crate::compare::eq(self.key(), other.key())
    }
}

/// Against text, split at its last `@`, by the same rule.
impl PartialEq<str> for EmailAddressBuf {
    fn eq(&self, other: &str) -> bool {
        crate::compare::eq_text(self.key(), other)
    }
}

/// Against text, split at its last `@`, by the same rule.
impl PartialEq<&str> for EmailAddressBuf {
    fn eq(&self, other: &&str) -> bool {
        crate::compare::eq_text(self.key(), other)
    }
}

ldh_domain::text_eq_both_ways!(str: EmailAddressBuf);
ldh_domain::text_eq_both_ways!(String: EmailAddressBuf);

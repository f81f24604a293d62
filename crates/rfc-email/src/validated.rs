//! [`ValidatedAddress`]: one call that checks an address and returns what an
//! application stores (feature `alloc`).

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use crate::address::{DomainPart, EmailAddress};
use crate::error::EmailError;
use crate::normalize::DomainForm;
use crate::owned::EmailAddressBuf;
use crate::policy::{Charset, Policy, Syntax};
use crate::warning::{Warning, Warnings};

/// An address checked for storage, with everything a sign-up form or a user table
/// needs, from one call ([`new`](Self::new)):
///
/// | accessor | what |
/// |---|---|
/// | [`normalized`](Self::normalized) | the form to store and compare: needless quotes and escapes removed, the local part in NFC (RFC 6532 §3.1), its case kept (RFC 5321 §2.4), the domain lower-cased in U-labels |
/// | [`ascii`](Self::ascii) | the same with A-label domain, for a relay without SMTPUTF8; `None` when the local part is not ASCII (it has no ASCII form) |
/// | [`requires_smtputf8`](Self::requires_smtputf8) | whether delivery needs RFC 6531 (no ASCII form) |
/// | [`warnings`](Self::warnings) | what the parse found, plus [`Warning::LocalPartNotNfc`] when the local part was normalized and [`Warning::DomainMapped`] when the domain was mapped |
///
/// Two decisions, both on the side of storing one form per mailbox:
///
/// - **NFC.** The value of a UTF-8 local part (quotes and quoted pairs removed) is
///   normalized to NFC before it is stored (RFC 6532 §3.1: it SHOULD be NFC), then
///   written with only the quoting it needs, so `jose\u{301}`, `jos\u{e9}` and the
///   RFC 5322 quoted pair `"jose\` U+0301 `"` are stored the same; the warning says it
///   happened. When the NFC form is not valid under the policy the local part is
///   stored as accepted. (Without the `idna` feature there is no normalizer, and the
///   local part is stored as written.)
/// - **Mapping.** When the domain is not valid as written but is after UTS #46 mapping
///   (full-width `ＥＸＡＭＰＬＥ`, capitals in a U-label, `。` for `.`: what RFC 5895
///   advises applications to do with what people type), the mapped domain is stored
///   with [`Warning::DomainMapped`]. Parsing ([`EmailAddress::parse_with`]) never maps:
///   it judges the text as written. A domain that mapping does not rescue (an
///   invisible U+200B, an emoji) is rejected with the parse's error.
///
/// The normalized form is a fixed point: validating it again under the same policy
/// stores the same text (NFC is idempotent, the domain is mapped once, and
/// [`EmailAddress::normalize`] changes nothing the second time).
///
/// Equality, ordering and hashing are those of the normalized form (text equality).
///
/// ```
/// # #[cfg(feature = "idna")] {
/// use rfc_email::{Policy, ValidatedAddress, Warning};
/// let v = ValidatedAddress::new("J\u{fc}rgen@B\u{fc}cher.Example", &Policy::SMTPUTF8)?;
/// assert_eq!(v.normalized(), "J\u{fc}rgen@b\u{fc}cher.example");
/// assert_eq!(v.ascii(), None);
/// assert!(v.requires_smtputf8());
///
/// let v = ValidatedAddress::new("info@\u{FF25}\u{FF38}\u{FF21}\u{FF2D}\u{FF30}\u{FF2C}\u{FF25}.com", &Policy::SMTPUTF8)?;
/// assert_eq!(v.normalized(), "info@example.com");
/// assert_eq!(v.ascii(), Some("info@example.com"));
/// assert!(v.warnings().contains(Warning::DomainMapped));
///
/// // A quoted pair stands for its character: U+0341 is U+0301 in NFC, which composes.
/// let v = ValidatedAddress::new("\"e\\\u{341}\"@example.com", &Policy::RFC5322)?;
/// assert_eq!(v.normalized(), "\u{e9}@example.com");
/// assert_eq!(ValidatedAddress::new(v.normalized(), &Policy::RFC5322)?.normalized(), v.normalized());
/// # }
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Clone)]
pub struct ValidatedAddress {
    /// The normalized form with what its check against the policy found, kept from
    /// that check (`EmailAddress::normalize_owned`).
    normalized: EmailAddressBuf,
    ascii: Option<String>,
    warnings: Warnings,
}

impl ValidatedAddress {
    /// Checks `input` under `policy` (mapping the domain and normalizing the local part
    /// as the type's docs say) and returns the forms to store.
    ///
    /// # Errors
    /// The parse's error for `input` as written, when neither the text nor its mapped
    /// form is valid.
    ///
    /// ```
    /// use rfc_email::{Policy, ValidatedAddress};
    /// let v = ValidatedAddress::new("\"user\"@EXAMPLE.com", &Policy::RFC5321)?;
    /// assert_eq!((v.normalized(), v.ascii()), ("user@example.com", Some("user@example.com")));
    /// assert_eq!(ValidatedAddress::new("user@localhost", &Policy::RFC5321).unwrap_err().code(), "not_fully_qualified");
    /// # Ok::<(), rfc_email::EmailError>(())
    /// ```
    pub fn new(input: &str, policy: &Policy) -> Result<Self, EmailError> {
        let (text, mut warnings) = match EmailAddress::parse_with(input, policy) {
            Ok(_) => (Cow::Borrowed(input), Warnings::EMPTY),
            Err(err) => match mapped(input, policy) {
                Some(text) => (
                    Cow::Owned(text),
                    Warnings::EMPTY.with(Warning::DomainMapped),
                ),
                None => return Err(err),
            },
        };
        let address = EmailAddress::parse_with(&text, policy)?;
        warnings = warnings.union(address.warnings());
        let mut normalized = address.normalize_owned(DomainForm::Unicode);
        if let Some(nfc) = nfc_local_part(&normalized, policy) {
            warnings.insert(Warning::LocalPartNotNfc);
            normalized = nfc;
        }
        // The ASCII form of what is stored: NFC can turn a non-ASCII local part into an
        // ASCII one (U+212A KELVIN SIGN is `K`).
        let ascii = normalized.normalize(DomainForm::Ascii);
        let ascii = ascii.is_ascii().then_some(ascii);
        Ok(Self {
            normalized,
            ascii,
            warnings,
        })
    }

    /// The form to store and compare (see the type's docs).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(ValidatedAddress::new("a@Example.COM", &Policy::RFC5321)?.normalized(), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn normalized(&self) -> &str {
        self.normalized.as_str()
    }

    /// The ASCII form (A-label domain), when the local part is ASCII.
    ///
    /// ```
    /// # use rfc_email::*;
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(ValidatedAddress::new("a@b\u{fc}cher.example", &Policy::SMTPUTF8)?.ascii(), Some("a@xn--bcher-kva.example"));
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn ascii(&self) -> Option<&str> {
        self.ascii.as_deref()
    }

    /// Whether delivery needs SMTPUTF8 (RFC 6531): the address has no ASCII form.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(!ValidatedAddress::new("a@example.com", &Policy::SMTPUTF8)?.requires_smtputf8());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn requires_smtputf8(&self) -> bool {
        self.ascii.is_none()
    }

    /// What the check found (see the type's docs).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let v = ValidatedAddress::new("\"a\"@example.com", &Policy::RFC5321)?;
    /// assert!(v.warnings().contains(Warning::QuotedLocalPart));
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn warnings(&self) -> Warnings {
        self.warnings
    }

    /// The policy the address was checked under.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(ValidatedAddress::new("a@example.com", &Policy::HTML5)?.policy(), Policy::HTML5);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn policy(&self) -> Policy {
        self.normalized.policy()
    }

    /// The normalized form as an owned address, for the APIs that take one: a copy of
    /// the one stored, with what checking the normalized form found (not parsed
    /// again).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let v = ValidatedAddress::new("\"a\"@Example.com", &Policy::RFC5321)?;
    /// let address = v.to_address();
    /// assert_eq!(address.as_str(), "a@example.com");
    /// assert!(!address.is_quoted());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn to_address(&self) -> EmailAddressBuf {
        self.normalized.clone()
    }
}

/// The address with its domain mapped by UTS #46 (to U-labels), when the policy takes
/// domain names and the mapped address is valid; `None` otherwise.
fn mapped(input: &str, policy: &Policy) -> Option<String> {
    if policy.syntax() != Syntax::Smtp {
        return None;
    }
    let (local, domain) = input.rsplit_once('@')?;
    if crate::unicode::has_invisible(domain) {
        // UTS #46 maps U+200B and its kind to nothing: the mapped name is not the one
        // the person saw, so it stays an error (IDNA 2008 disallows them).
        return None;
    }
    let mode = policy.idna_mode();
    let ascii = ldh_domain::to_ascii_with(domain, mode).ok()?;
    let domain = if policy.charset() == Charset::Utf8 {
        ldh_domain::to_unicode_with(&ascii, mode).ok()?.into_owned()
    } else {
        ascii.into_owned()
    };
    let text = alloc::format!("{local}@{domain}");
    let parsed = EmailAddress::parse_with(&text, policy).ok()?;
    matches!(parsed.domain(), DomainPart::Name(_)).then_some(text)
}

/// A normalized address (the output of [`EmailAddress::normalize`]) with the *value* of
/// its local part in NFC, when that value is not NFC and the result is valid under
/// `policy`; `None` otherwise.
///
/// The value, not the text as written: quotes and quoted pairs are removed first, then
/// NFC is applied (RFC 6532 §3.1 asks for NFC text; a quoted pair `\\\u{341}` stands
/// for U+0341, whose NFC form U+0301 composes with the letter before the backslash once
/// the backslash is gone), then the value is written again with only the quoting it
/// needs (NFC can make an ASCII special: U+037E GREEK QUESTION MARK is `;`). So the
/// text stored is the one that validating it again stores.
#[cfg(feature = "idna")]
fn nfc_local_part(normalized: &EmailAddressBuf, policy: &Policy) -> Option<EmailAddressBuf> {
    let address = normalized.as_address();
    let value = if policy.syntax() == Syntax::Html5 {
        // The WHATWG rule has no quoting: the text is the value.
        Cow::Borrowed(address.local_part())
    } else {
        address.unquoted_local_part()
    };
    if value.is_ascii() {
        return None;
    }
    let nfc = icu_normalizer::ComposingNormalizerBorrowed::new_nfc().normalize(&value);
    if nfc == value {
        return None;
    }
    let mut text = String::with_capacity(normalized.as_str().len() + 2);
    if policy.syntax() == Syntax::Html5 {
        text.push_str(&nfc);
    } else {
        crate::normalize::write_local(&mut text, &nfc);
    }
    text.push_str(normalized.as_str().get(address.local_part_range().end..)?);
    let parsed = EmailAddress::parse_with(&text, policy).ok()?;
    Some(parsed.normalize_owned(DomainForm::Unicode))
}

#[cfg(not(feature = "idna"))]
fn nfc_local_part(_: &EmailAddressBuf, _: &Policy) -> Option<EmailAddressBuf> {
    None
}

/// The stored forms, the warnings and the policy.
impl fmt::Debug for ValidatedAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ValidatedAddress")
            .field("normalized", &self.normalized())
            .field("ascii", &self.ascii)
            .field("warnings", &self.warnings)
            .field("policy", &self.policy())
            .finish()
    }
}

impl PartialEq for ValidatedAddress {
    fn eq(&self, other: &Self) -> bool {
        self.normalized() == other.normalized()
    }
}

impl Eq for ValidatedAddress {}

impl core::hash::Hash for ValidatedAddress {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.normalized().hash(state);
    }
}

impl PartialOrd for ValidatedAddress {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ValidatedAddress {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.normalized().cmp(other.normalized())
    }
}

impl fmt::Display for ValidatedAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.normalized())
    }
}

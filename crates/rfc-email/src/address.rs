//! [`EmailAddress`]: a checked address borrowing the caller's text, its domain part,
//! and the classification pass that runs after the grammar.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use ldh_domain::{Domain, LabelSyntax, NumericTld, Qualification};

use crate::error::{EmailError, EmailErrorKind};
use crate::grammar::{self, AddrSpec, Literal, Span};
use crate::policy::{Charset, Policy, Syntax};
use crate::warning::{Warning, Warnings};

/// An email address that satisfied a [`Policy`], borrowing the caller's text.
///
/// Parsing allocates nothing and needs no `alloc`; the accessors return slices of the
/// input exactly as written.
///
/// ```
/// use rfc_email::{DomainPart, EmailAddress, Warning};
/// let addr = EmailAddress::parse("customer/department=shipping@example.com")?;
/// assert_eq!(addr.local_part(), "customer/department=shipping");
/// assert_eq!(addr.domain().as_str(), "example.com");
/// assert!(matches!(addr.domain(), DomainPart::Name(_)));
/// assert!(!addr.is_quoted());
/// // `example.com` is reserved for documentation (RFC 2606, RFC 6761).
/// assert!(addr.warnings().contains(Warning::SpecialUseDomain));
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
///
/// # Equality, ordering, hashing
///
/// Two addresses are equal when their local parts are equal as written, octet for
/// octet (RFC 5321 §2.4: the local part is case-sensitive; `Joe` and `joe` may be two
/// mailboxes), and their domain parts are equal ignoring ASCII case (RFC 4343 §3).
/// The policy is not part of it. Spellings that name the same mailbox but are written
/// differently (`"abc"@x` and `abc@x`, a U-label and its A-label) are not equal:
/// compare [`normalize`](Self::normalize) forms for that. `Ord` orders by the local
/// part's octets, then the lower-cased domain; `Hash` agrees with `Eq`.
/// `PartialEq<str>` splits the text at its last `@` and compares the same way. There is
/// no `Borrow<str>`, since `Eq` is not `str`'s.
///
/// ```
/// use rfc_email::EmailAddress;
/// assert_eq!(EmailAddress::parse("a@EXAMPLE.com")?, EmailAddress::parse("a@example.com")?);
/// assert_ne!(EmailAddress::parse("A@example.com")?, EmailAddress::parse("a@example.com")?);
/// assert_eq!(EmailAddress::parse("a@Example.com")?, "a@example.COM");
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Clone, Copy)]
pub struct EmailAddress<'a> {
    input: &'a str,
    local: Span,
    domain_span: Span,
    quoted: bool,
    /// See [`EmailAddress::is_canonical_ascii`]: worked out by the classification pass,
    /// which looks at the local part anyway.
    canonical_ascii: bool,
    domain: DomainPart<'a>,
    /// The warnings found by the parse; [`EmailAddress::warnings`] adds the domain
    /// name's.
    warnings: Warnings,
    policy: Policy,
}

/// Every fact, with the warnings as [`EmailAddress::warnings`] gives them.
impl fmt::Debug for EmailAddress<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EmailAddress")
            .field("input", &self.input)
            .field("local", &self.local)
            .field("domain_span", &self.domain_span)
            .field("quoted", &self.quoted)
            .field("canonical_ascii", &self.canonical_ascii)
            .field("domain", &self.domain)
            .field("warnings", &self.warnings())
            .field("policy", &self.policy)
            .finish()
    }
}

/// The part after the `@`: a domain name or an address literal.
///
/// ```
/// use rfc_email::{AddressLiteral, DomainPart, EmailAddress};
/// let addr = EmailAddress::parse("user@[192.0.2.1]")?;
/// assert!(matches!(
///     addr.domain(),
///     DomainPart::Literal(AddressLiteral::Ipv4 { addr, .. }) if addr.octets() == [192, 0, 2, 1]
/// ));
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DomainPart<'a> {
    /// A domain name checked by `ldh-domain`.
    Name(Domain<'a>),
    /// An address literal (RFC 5321 §4.1.3) or RFC 5322 domain literal; the `&str` is
    /// the literal as written, brackets included.
    Literal(AddressLiteral<'a>),
    /// A domain that the `RFC5322` or `HTML5` grammar accepts but that is not a DNS
    /// name `ldh-domain` accepts (`user@a_b`, `user@123`, an `obs-domain` with
    /// comments, a name over 253 octets), as written.
    Other(&'a str),
}

impl<'a> DomainPart<'a> {
    /// The domain part as written (brackets included for a literal; without
    /// surrounding CFWS).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("a@[IPv6:2001:db8::1]")?.domain().as_str(), "[IPv6:2001:db8::1]");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        match self {
            Self::Name(name) => name.as_str(),
            Self::Literal(literal) => literal.as_str(),
            Self::Other(text) => text,
        }
    }
}

impl fmt::Display for DomainPart<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The value of an address literal.
///
/// ```
/// use rfc_email::{AddressLiteral, DomainPart, EmailAddress};
/// let addr = EmailAddress::parse("user@[IPv6:2001:db8::1]")?;
/// let DomainPart::Literal(AddressLiteral::Ipv6 { addr: ip, .. }) = addr.domain() else { unreachable!() };
/// assert_eq!(ip.segments()[0], 0x2001);
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressLiteral<'a> {
    /// `[192.0.2.1]` (RFC 5321 §4.1.3 `IPv4-address-literal`).
    Ipv4 {
        /// The address.
        addr: Ipv4Addr,
        /// The literal as written, brackets included.
        text: &'a str,
    },
    /// `[IPv6:2001:db8::1]` (RFC 5321 §4.1.3 `IPv6-address-literal`).
    Ipv6 {
        /// The address.
        addr: Ipv6Addr,
        /// The literal as written, brackets included.
        text: &'a str,
    },
    /// `[tag:content]` (RFC 5321 §4.1.3 `General-address-literal`; only the `RFC5322`
    /// profile accepts one, with a warning).
    General {
        /// The `Standardized-tag`.
        tag: &'a str,
        /// What follows the `:`.
        content: &'a str,
        /// The literal as written, brackets included.
        text: &'a str,
    },
    /// An RFC 5322 `domain-literal` that fits no RFC 5321 form (`RFC5322` only).
    Other {
        /// The literal as written, brackets included.
        text: &'a str,
    },
}

impl<'a> AddressLiteral<'a> {
    /// The literal as written, brackets included.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse("a@[192.0.2.1]")?;
    /// let DomainPart::Literal(lit) = addr.domain() else { unreachable!() };
    /// assert_eq!(lit.as_str(), "[192.0.2.1]");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        match self {
            Self::Ipv4 { text, .. }
            | Self::Ipv6 { text, .. }
            | Self::General { text, .. }
            | Self::Other { text } => text,
        }
    }
}

impl<'a> EmailAddress<'a> {
    /// Parses `input` under [`Policy::RFC5321`]: what may be used as-is in SMTP.
    ///
    /// # Errors
    /// The first problem by position, as an [`EmailError`].
    ///
    /// ```
    /// use rfc_email::EmailAddress;
    /// assert!(EmailAddress::parse("user+mailbox@example.com").is_ok());
    /// assert_eq!(EmailAddress::parse(r"Fred\ Bloggs@example.com").unwrap_err().code(), "backslash_outside_quotes");
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, EmailError> {
        Self::parse_with(input, &Policy::RFC5321)
    }

    /// Parses `input` under `policy`.
    ///
    /// # Errors
    /// The first problem by position, as an [`EmailError`].
    ///
    /// ```
    /// use rfc_email::{EmailAddress, Policy};
    /// assert!(EmailAddress::parse_with("\"test\".test@example.com", &Policy::RFC5322).is_ok());
    /// assert!(EmailAddress::parse_with("\"test\".test@example.com", &Policy::RFC5321).is_err());
    /// ```
    // Inlined across crates (with the fast path and its classification, the rest out
    // of line): a caller's constant policy folds the profile checks away, and what the
    // caller does not read is not computed (the `email/corpus` rows of `ab`).
    #[inline]
    pub fn parse_with(input: &'a str, policy: &Policy) -> Result<Self, EmailError> {
        match grammar::parse_fast(input.as_bytes(), policy) {
            // `classify` is inlined here with the fast path's spec, whose fields are
            // constants (not quoted, no literal, no warnings, spans at an ASCII `@`), so
            // the checks they rule out fold away.
            Ok(spec) => classify(input, &spec, policy).map_err(|e| e.refine(input)),
            Err(fast_stop) => Self::parse_by_grammar(input, policy, fast_stop),
        }
    }

    /// [`parse_with`](Self::parse_with) for what the fast path left (`fast_stop`: where
    /// its scan stopped): the grammar and its diagnostics, then the same
    /// classification. Out of line, since the common address never gets here.
    #[inline(never)]
    fn parse_by_grammar(
        input: &'a str,
        policy: &Policy,
        fast_stop: Option<usize>,
    ) -> Result<Self, EmailError> {
        let spec = grammar::parse_grammar(input.as_bytes(), policy, fast_stop)
            .map_err(|e| e.refine(input))?;
        classify(input, &spec, policy).map_err(|e| e.refine(input))
    }

    /// Parses raw bytes (e.g. from the network) under `policy`; they must be UTF-8.
    ///
    /// # Errors
    /// [`EmailErrorKind::InvalidUtf8`] at the first bad byte, or as
    /// [`parse_with`](Self::parse_with).
    ///
    /// ```
    /// use rfc_email::{EmailAddress, Policy};
    /// assert!(EmailAddress::parse_bytes(b"user@example.com", &Policy::RFC5321).is_ok());
    /// ```
    pub fn parse_bytes(input: &'a [u8], policy: &Policy) -> Result<Self, EmailError> {
        let text = core::str::from_utf8(input)
            .map_err(|e| EmailError::new(EmailErrorKind::InvalidUtf8, e.valid_up_to()))?;
        Self::parse_with(text, policy)
    }

    /// The whole address as written.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("a@example.com")?.as_str(), "a@example.com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.input
    }

    /// The local part exactly as written: with its quotes and backslashes (for
    /// `RFC5322`, without surrounding comments).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse(r#""Joe.\\Blow"@example.com"#)?.local_part(), r#""Joe.\\Blow""#);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn local_part(&self) -> &'a str {
        self.input
            .get(self.local.start..self.local.end)
            .unwrap_or_default()
    }

    /// Where [`local_part`](Self::local_part) lies in the input (byte range).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse_with("(c) a.b@example.com", &Policy::RFC5322)?;
    /// assert_eq!(addr.local_part_range(), 4..7);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn local_part_range(&self) -> core::ops::Range<usize> {
        self.local.start..self.local.end
    }

    /// Where the domain part ([`DomainPart::as_str`]) lies in the input (byte range).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("a@example.com")?.domain_range(), 2..13);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn domain_range(&self) -> core::ops::Range<usize> {
        self.domain_span.start..self.domain_span.end
    }

    /// Whether the local part is a quoted string.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse("\"a b\"@example.com")?.is_quoted());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn is_quoted(&self) -> bool {
        self.quoted
    }

    /// Whether the address as written is already its own normal form, A-label form and
    /// U-label form: [`normalize`](Self::normalize) (in every
    /// [`DomainForm`](crate::DomainForm)), [`to_ascii`](Self::to_ascii) and
    /// [`to_unicode`](Self::to_unicode) all return it unchanged. That is so for an ASCII
    /// address whose local part is a plain dot-atom (RFC 5322 §3.4.1: not quoted, no
    /// comments or folding white space, §3.2.2, no obsolete forms, §4.4, no backslash)
    /// written right next to the `@`, and whose domain is a name that
    /// [`Domain::is_canonical_ascii`](ldh_domain::Domain::is_canonical_ascii) (lower
    /// case, no A-label). Quoted local parts and address literals answer `false` even
    /// where normalizing keeps them: deciding that takes the conversion itself.
    ///
    /// Recorded while the address is parsed: answering costs nothing.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse("user.name+tag@mail.example.com")?.is_canonical_ascii());
    /// assert!(!EmailAddress::parse("user@Example.com")?.is_canonical_ascii());
    /// assert!(!EmailAddress::parse("user@xn--bcher-kva.example")?.is_canonical_ascii());
    /// assert!(!EmailAddress::parse_with("(note) user@example.com", &Policy::RFC5322)?.is_canonical_ascii());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn is_canonical_ascii(&self) -> bool {
        self.canonical_ascii
    }

    /// The domain part: a name or an address literal.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse("a@mail.example.com")?;
    /// let DomainPart::Name(name) = addr.domain() else { unreachable!() };
    /// assert_eq!(name.tld().as_str(), "com");
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn domain(&self) -> DomainPart<'a> {
        self.domain
    }

    /// Valid but discouraged forms found in the address.
    ///
    /// The domain name's own warnings ([`Warning::SpecialUseDomain`],
    /// [`Warning::ReservedHyphenLabel`]) are read from the name when asked, as
    /// [`Domain::warnings`](ldh_domain::Domain::warnings) works out its special-use
    /// name: validation alone, which many callers want, does not pay for the registry
    /// lookup. The other warnings were found by the parse.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let addr = EmailAddress::parse("user@[192.0.2.1]")?;
    /// assert!(addr.warnings().contains(Warning::AddressLiteral));
    /// let addr = EmailAddress::parse("user@mail.example")?;
    /// assert!(addr.warnings().contains(Warning::SpecialUseDomain));
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn warnings(&self) -> Warnings {
        match self.domain {
            DomainPart::Name(name) => self.warnings.union(name_warnings(name)),
            DomainPart::Literal(_) | DomainPart::Other(_) => self.warnings,
        }
    }

    /// Whether delivering to this address needs the SMTPUTF8 extension (RFC 6531): the
    /// local part is not ASCII, or the domain is not ASCII (a relay without SMTPUTF8
    /// can use the A-label form of the domain, see `to_ascii`, but not of the local
    /// part).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert!(EmailAddress::parse_with("jos\u{e9}@example.com", &Policy::SMTPUTF8)?.requires_smtputf8());
    /// assert!(!EmailAddress::parse("jose@example.com")?.requires_smtputf8());
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub fn requires_smtputf8(&self) -> bool {
        !self.input.is_ascii()
    }

    /// The policy the address was checked against.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("a@example.com")?.policy(), Policy::RFC5321);
    /// # Ok::<(), EmailError>(())
    /// ```
    #[must_use]
    pub const fn policy(&self) -> Policy {
        self.policy
    }
}

impl EmailAddress<'_> {
    /// The same facts over another copy of the same text, with the domain part over it
    /// (for `EmailAddressBuf`, which keeps the facts beside its text).
    #[cfg(feature = "alloc")]
    pub(crate) const fn with_input<'b>(
        &self,
        input: &'b str,
        domain: DomainPart<'b>,
    ) -> EmailAddress<'b> {
        EmailAddress {
            input,
            local: self.local,
            domain_span: self.domain_span,
            quoted: self.quoted,
            canonical_ascii: self.canonical_ascii,
            domain,
            warnings: self.warnings,
            policy: self.policy,
        }
    }
}

impl<'a> TryFrom<&'a str> for EmailAddress<'a> {
    type Error = EmailError;

    /// Same as [`EmailAddress::parse`].
    fn try_from(input: &'a str) -> Result<Self, Self::Error> {
        Self::parse(input)
    }
}

impl<'a> TryFrom<&'a [u8]> for EmailAddress<'a> {
    type Error = EmailError;

    /// Same as [`EmailAddress::parse_bytes`] with [`Policy::RFC5321`].
    fn try_from(input: &'a [u8]) -> Result<Self, Self::Error> {
        Self::parse_bytes(input, &Policy::RFC5321)
    }
}

impl EmailAddress<'_> {
    /// The comparison key: local part and domain part, as written.
    pub(crate) fn key(&self) -> crate::compare::Key<'_> {
        (self.local_part(), self.domain.as_str())
    }
}

/// Local part as written, domain ASCII case-insensitive (see the type's docs).
impl PartialEq for EmailAddress<'_> {
    fn eq(&self, other: &Self) -> bool {
        crate::compare::eq(self.key(), other.key())
    }
}

impl Eq for EmailAddress<'_> {}

/// Agrees with `Eq`.
impl core::hash::Hash for EmailAddress<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        crate::compare::hash(self.key(), state);
    }
}

impl PartialOrd for EmailAddress<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Local part by octets, then the domain by ASCII-lower-cased octets.
impl Ord for EmailAddress<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        crate::compare::cmp(self.key(), other.key())
    }
}

/// Against text, split at its last `@`, by the same rule (no parsing).
impl PartialEq<str> for EmailAddress<'_> {
    fn eq(&self, other: &str) -> bool {
        crate::compare::eq_text(self.key(), other)
    }
}

/// Against text, split at its last `@`, by the same rule (no parsing).
impl PartialEq<&str> for EmailAddress<'_> {
    fn eq(&self, other: &&str) -> bool {
        crate::compare::eq_text(self.key(), other)
    }
}

impl fmt::Display for EmailAddress<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl AsRef<str> for EmailAddress<'_> {
    fn as_ref(&self) -> &str {
        self.input
    }
}

/// `ldh-domain`'s `FQDN` policy: the RFC 5321 `Domain` (LDH labels, at least one dot,
/// RFC 3696 §2 and RFC 5321 §2.3.5).
const SMTP_DOMAIN: ldh_domain::Policy = ldh_domain::Policy::FQDN;

/// For `RFC5322` domains: any DNS name (RFC 2181 §11), one label allowed.
const MESSAGE_DOMAIN: ldh_domain::Policy = ldh_domain::Policy::DNS
    .with_qualification(Qualification::SingleLabelAllowed)
    .with_numeric_tld(NumericTld::Allow);

/// For `HTML5` domains: LDH labels, one label allowed, numeric last label allowed (the
/// WHATWG rule has no such restriction).
const HTML5_DOMAIN: ldh_domain::Policy = ldh_domain::Policy::HOSTNAME
    .with_label_syntax(LabelSyntax::Ldh)
    .with_numeric_tld(NumericTld::Allow);

/// The classification pass: domain policy, lengths, warnings.
#[expect(
    clippy::inline_always,
    reason = "inlined into `parse_with` with the fast path's constant spec (see there)"
)]
#[inline(always)]
fn classify<'a>(
    input: &'a str,
    spec: &AddrSpec,
    policy: &Policy,
) -> Result<EmailAddress<'a>, EmailError> {
    let domain_text = input
        .get(spec.domain.start..spec.domain.end)
        .unwrap_or_default();
    let mut warnings = spec.warnings;
    if spec.quoted {
        warnings.insert(Warning::QuotedLocalPart);
    }
    let local = input
        .get(spec.local.start..spec.local.end)
        .unwrap_or_default();
    let local_ascii = spec.local_known_ascii || local.is_ascii();
    if !local_ascii {
        warnings = warnings.union(crate::unicode::local_part_warnings(local));
    }
    let domain = match spec.literal {
        Some(literal) => {
            warnings.insert(Warning::AddressLiteral);
            DomainPart::Literal(literal_value(input, domain_text, literal))
        }
        None if policy.syntax() == Syntax::Smtp => {
            DomainPart::Name(smtp_domain(domain_text, spec.domain.start, policy)?)
        }
        None => domain_name(domain_text, spec.domain.start, spec.obs_domain, policy)?,
    };
    // The name's own warnings are added by `EmailAddress::warnings` when asked.
    if let DomainPart::Name(name) = domain {
        if !name.is_fully_qualified() {
            warnings.insert(Warning::SingleLabelDomain);
        }
    } else if matches!(domain, DomainPart::Other(text) if !text.contains('.')) {
        warnings.insert(Warning::SingleLabelDomain);
    }
    if let Some(max) = policy.max_domain_len()
        && spec.domain.len() > usize::from(max)
    {
        return Err(EmailError::new(
            EmailErrorKind::DomainTooLong,
            grammar::char_start(input.as_bytes(), spec.domain.start + usize::from(max)),
        ));
    }
    if let Some(max) = policy.max_address_len() {
        if input.len() > usize::from(max) {
            return Err(EmailError::new(
                EmailErrorKind::AddressTooLong { max },
                grammar::char_start(input.as_bytes(), usize::from(max)),
            ));
        }
        // A name knows whether it is ASCII (`ldh-domain` looked at every byte); only a
        // literal is looked at again.
        let domain_ascii = match domain {
            DomainPart::Name(name) => name.is_ascii(),
            DomainPart::Literal(_) | DomainPart::Other(_) => domain_text.is_ascii(),
        };
        if policy.syntax() == Syntax::Smtp && !domain_ascii {
            let ascii_len = spec.domain.start + ascii_domain_len(domain_text);
            if ascii_len > usize::from(max) {
                return Err(EmailError::new(
                    EmailErrorKind::AddressTooLongAsAscii,
                    spec.domain.start,
                ));
            }
        }
    }
    let canonical_ascii = !spec.quoted
        && local_ascii
        && input.len() == spec.local.len() + 1 + spec.domain.len()
        && !local_part_rewritten(warnings)
        && matches!(domain, DomainPart::Name(name) if name.is_canonical_ascii());
    Ok(EmailAddress {
        input,
        local: spec.local,
        domain_span: spec.domain,
        quoted: spec.quoted,
        canonical_ascii,
        domain,
        warnings,
        policy: *policy,
    })
}

/// The warnings `ldh-domain` reports for a domain name, as this crate's: a special-use
/// name (RFC 6761) and a reserved `??--` label (RFC 5891 §4.2.3.1).
fn name_warnings(name: Domain<'_>) -> Warnings {
    let found = name.warnings();
    let mut warnings = Warnings::EMPTY;
    if found.contains(ldh_domain::Warning::SpecialUseDomain) {
        warnings.insert(Warning::SpecialUseDomain);
    }
    if found.contains(ldh_domain::Warning::ReservedHyphenLabel) {
        warnings.insert(Warning::ReservedHyphenLabel);
    }
    warnings
}

/// Whether the warnings name a form that normalizing rewrites: comments and folding
/// white space (RFC 5322 §3.2.2), obsolete syntax (§4.4), a backslash outside quotes
/// (RFC 3696 §3 as published).
const fn local_part_rewritten(warnings: Warnings) -> bool {
    warnings.contains(Warning::Cfws)
        || warnings.contains(Warning::ObsoleteLocalPart)
        || warnings.contains(Warning::ObsoleteText)
        || warnings.contains(Warning::Erratum246Backslash)
}

/// The domain name of the address, checked by `ldh-domain` under the policy's rule.
fn domain_name<'a>(
    text: &'a str,
    start: usize,
    obs_domain: bool,
    policy: &Policy,
) -> Result<DomainPart<'a>, EmailError> {
    match policy.syntax() {
        Syntax::Smtp => smtp_domain(text, start, policy).map(DomainPart::Name),
        Syntax::Message if obs_domain => Ok(DomainPart::Other(text)),
        Syntax::Message => Ok(Domain::parse_with(
            text,
            &MESSAGE_DOMAIN.with_idna_mode(policy.idna_mode()),
        )
        .map_or(DomainPart::Other(text), DomainPart::Name)),
        Syntax::Html5 => Ok(Domain::parse_with(
            text,
            &HTML5_DOMAIN.with_idna_mode(policy.idna_mode()),
        )
        .map_or(DomainPart::Other(text), DomainPart::Name)),
    }
}

/// RFC 5321 §4.1.2 `Domain` (with RFC 6531 U-labels when the policy allows UTF-8),
/// checked by `ldh-domain` under its `FQDN` policy.
#[expect(
    clippy::inline_always,
    reason = "the common domain: inlined into `classify`, so into `parse_with`'s fast path"
)]
#[inline(always)]
fn smtp_domain<'a>(text: &'a str, start: usize, policy: &Policy) -> Result<Domain<'a>, EmailError> {
    // Under an ASCII profile a U-label is an error whatever `ldh-domain` would say
    // about it, and it is named before a trailing dot. The accepted name says whether
    // it is ASCII, so the text is looked at again only on the way to an error.
    let ascii_only = policy.charset() == Charset::Ascii;
    if text.len() > 1 && text.ends_with('.') {
        if ascii_only && !text.is_ascii() {
            return Err(smtp_domain_error(text, start, None, policy));
        }
        return Err(EmailError::new(
            EmailErrorKind::DomainTrailingDot,
            start + text.len() - 1,
        ));
    }
    match Domain::parse_with(text, &SMTP_DOMAIN.with_idna_mode(policy.idna_mode())) {
        Ok(name) if name.is_ascii() || !ascii_only => Ok(name),
        Ok(_) => Err(smtp_domain_error(text, start, None, policy)),
        Err(e) => Err(smtp_domain_error(text, start, Some(e), policy)),
    }
}

/// The error for an RFC 5321 domain that `ldh-domain` rejected: a second `@` and
/// (under an ASCII profile) a non-ASCII character are named first, since they are
/// what the writer has to fix.
#[cold]
fn smtp_domain_error(
    text: &str,
    start: usize,
    err: Option<ldh_domain::DomainError>,
    policy: &Policy,
) -> EmailError {
    if let Some(at) = text.bytes().position(|b| b == b'@') {
        return EmailError::new(EmailErrorKind::MultipleAt, start + at);
    }
    match err {
        Some(err) if policy.charset() == Charset::Utf8 || text.is_ascii() => {
            // Rebased from the domain onto the whole address.
            let err = err.with_offset(start);
            EmailError::new(EmailErrorKind::Domain(err.kind()), err.offset())
        }
        _ => non_ascii_domain(text, start),
    }
}

/// An IDN under an ASCII profile: the A-label form is what such a profile takes
/// (RFC 5890 §2.3.2.1); SMTPUTF8 is only needed for the local part (RFC 6531 §3.3).
#[cold]
fn non_ascii_domain(text: &str, start: usize) -> EmailError {
    let at = text.bytes().position(|b| !b.is_ascii()).unwrap_or(0);
    EmailError::new(EmailErrorKind::NonAsciiDomain, start + at)
}

fn literal_value<'a>(input: &'a str, text: &'a str, literal: Literal) -> AddressLiteral<'a> {
    let slice = |span: Span| input.get(span.start..span.end).unwrap_or_default();
    match literal {
        Literal::Ipv4(addr) => AddressLiteral::Ipv4 { addr, text },
        Literal::Ipv6(addr) => AddressLiteral::Ipv6 { addr, text },
        Literal::General(tag, content) => AddressLiteral::General {
            tag: slice(tag),
            content: slice(content),
            text,
        },
        Literal::Other(_) => AddressLiteral::Other { text },
    }
}

/// Length in octets of `domain` with every non-ASCII label as an A-label (`xn--` and
/// its Punycode), computed without allocating.
fn ascii_domain_len(domain: &str) -> usize {
    /// Counts what is written.
    struct Count(usize);
    impl fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    let mut total = 0;
    for (i, label) in domain.split('.').enumerate() {
        total += usize::from(i > 0);
        if label.is_ascii() {
            total += label.len();
        } else {
            let mut count = Count(4);
            // A label that does not encode was already rejected by `ldh-domain`; count
            // it as typed.
            total += match punycode_core::encode_str(label, &mut count) {
                Ok(()) => count.0,
                Err(_) => label.len(),
            };
        }
    }
    total
}

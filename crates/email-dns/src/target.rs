//! What a check looks up: the domain part of an address, reduced to what DNS needs.

use ldh_domain::{Domain, Policy, SpecialUse};
use rfc_email::{DomainPart, EmailAddress};

/// The domain part of an address as the check sees it.
///
/// Built from a parsed address ([`Target::of_address`]) or a domain name
/// ([`Target::parse_domain`]). Only [`Target::Name`] is ever sent to DNS.
///
/// ```
/// use email_dns::Target;
/// use rfc_email::EmailAddress;
/// let t = Target::of_address(&EmailAddress::parse("user@Mail.Shop-Example.NET")?);
/// assert_eq!(t, Target::Name("mail.shop-example.net".into()));
/// let t = Target::of_address(&EmailAddress::parse("user@[192.0.2.1]")?);
/// assert_eq!(t, Target::Literal("[192.0.2.1]".into()));
/// # Ok::<(), rfc_email::EmailError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Target {
    /// A domain name to look up: lower-case A-labels, no final dot.
    Name(String),
    /// An address literal (RFC 5321 §4.1.3), as written: no lookup needed.
    Literal(String),
    /// A special-use name (RFC 6761 and successors): never sent to DNS.
    SpecialUse(SpecialUse),
    /// A domain part that is not a DNS host name (only some profiles accept those), as
    /// written.
    NotDns(String),
}

impl Target {
    /// The target of a parsed address.
    ///
    /// ```
    /// use email_dns::Target;
    /// use rfc_email::EmailAddress;
    /// let t = Target::of_address(&EmailAddress::parse("user@printer.home.arpa")?);
    /// assert!(matches!(t, Target::SpecialUse(_)));
    /// # Ok::<(), rfc_email::EmailError>(())
    /// ```
    #[must_use]
    pub fn of_address(address: &EmailAddress<'_>) -> Self {
        match address.domain() {
            DomainPart::Name(domain) => Self::of_domain(&domain),
            DomainPart::Literal(literal) => Self::Literal(literal.as_str().to_owned()),
            other => Self::NotDns(other.as_str().to_owned()),
        }
    }

    /// The target of a parsed domain name.
    ///
    /// ```
    /// use email_dns::Target;
    /// use ldh_domain::{Domain, Policy};
    /// let d = Domain::parse_with("bücher.Shop-Example.net", &Policy::FQDN)?;
    /// assert_eq!(Target::of_domain(&d), Target::Name("xn--bcher-kva.shop-example.net".into()));
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    #[must_use]
    pub fn of_domain(domain: &Domain<'_>) -> Self {
        // RFC 6761 §6 and its successors: these names have no place in the global DNS.
        if let Some(special) = domain.special_use() {
            return Self::SpecialUse(special);
        }
        match domain.to_ascii() {
            Ok(ascii) => {
                let name = ascii.strip_suffix('.').unwrap_or(&ascii);
                Self::Name(name.to_owned())
            }
            // Only a U-label that IDNA rejects gets here: no DNS name to ask for.
            Err(_) => Self::NotDns(domain.as_str().to_owned()),
        }
    }

    /// Parses a fully qualified domain name (RFC 3696 §2) into a target.
    ///
    /// ```
    /// use email_dns::Target;
    /// assert_eq!(Target::parse_domain("shop-example.net.")?, Target::Name("shop-example.net".into()));
    /// assert!(Target::parse_domain("a..b").is_err());
    /// # Ok::<(), ldh_domain::DomainError>(())
    /// ```
    pub fn parse_domain(name: &str) -> Result<Self, ldh_domain::DomainError> {
        Domain::parse_with(name, &Policy::FQDN).map(|d| Self::of_domain(&d))
    }
}

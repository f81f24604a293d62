//! Policies: which rules a name is checked against.

/// Which octets an ASCII label may contain.
///
/// ```
/// use ldh_domain::{LabelSyntax, Policy};
/// assert_eq!(Policy::DNS.label_syntax(), LabelSyntax::AnyOctet);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LabelSyntax {
    /// Letters, digits and hyphen, not starting or ending with a hyphen; a digit may come
    /// first (RFC 1034 §3.5 as relaxed by RFC 1123 §2.1).
    Ldh,
    /// Any ASCII octet except the separator `.` (RFC 2181 §11), e.g. `_dmarc` or `_tcp`.
    /// Non-ASCII octets must be UTF-8 and form U-labels, validated by IDNA as under the
    /// other policies. `xn--` labels must still be real A-labels.
    AnyOctet,
}

/// How many labels a name needs.
///
/// ```
/// use ldh_domain::{Policy, Qualification};
/// assert_eq!(Policy::FQDN.qualification(), Qualification::AtLeastTwoLabels);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Qualification {
    /// One label is enough (`localhost`); reported with the `single_label` warning.
    SingleLabelAllowed,
    /// At least one dot between labels (RFC 3696 §2: mail domains must be fully
    /// qualified). The root dot does not count.
    AtLeastTwoLabels,
}

/// What the last label (the TLD) may look like.
///
/// ```
/// use ldh_domain::{NumericTld, Policy};
/// assert_eq!(Policy::HOSTNAME.numeric_tld(), NumericTld::Reject);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NumericTld {
    /// An all-digit last label is rejected (RFC 3696 §2, RFC 1123 §2.1): `1.2.3.4` is an
    /// IPv4 address, not a name. This is the *only* TLD rule: `example.1e5` is fine.
    Reject,
    /// No rule on the last label beyond the label rules (for reverse-DNS style
    /// processing where the caller knows what it holds).
    Allow,
}

/// A set of rules for [`Domain::parse`](crate::Domain::parse), buildable in `const`.
///
/// | preset | label octets | labels | example accepted | example rejected |
/// |---|---|---|---|---|
/// | [`HOSTNAME`](Self::HOSTNAME) | LDH (RFC 1123 §2.1) | one or more | `localhost`, `3com.com` | `_dmarc.example.com` |
/// | [`FQDN`](Self::FQDN) | LDH | two or more (RFC 3696 §2) | `example.com` | `localhost` |
/// | [`DNS`](Self::DNS) | any but `.` (RFC 2181 §11) | one or more | `_sip._tcp.example.com` | `a..b` |
///
/// All presets: labels of 1–63 octets, names of at most 253 octets (254 with the root
/// dot), at most 127 labels, the last label not all digits, U-labels through IDNA.
///
/// ```
/// use ldh_domain::{Domain, LabelSyntax, Policy, Qualification};
/// // A static policy for mail domains that also allows underscores:
/// static MAIL_DNS: Policy = Policy::DNS.with_qualification(Qualification::AtLeastTwoLabels);
/// assert!(Domain::parse("_spf.example.com", &MAIL_DNS).is_ok());
/// assert!(Domain::parse("localhost", &MAIL_DNS).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    label_syntax: LabelSyntax,
    qualification: Qualification,
    numeric_tld: NumericTld,
}

impl Policy {
    /// Host names (RFC 1123 §2.1): LDH labels (digit first allowed), one label allowed.
    /// What URL hosts use, so that `http://localhost/` stays valid.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("localhost", &Policy::HOSTNAME).is_ok());
    /// ```
    pub const HOSTNAME: Self = Self {
        label_syntax: LabelSyntax::Ldh,
        qualification: Qualification::SingleLabelAllowed,
        numeric_tld: NumericTld::Reject,
    };

    /// Fully qualified host names (RFC 3696 §2): [`HOSTNAME`](Self::HOSTNAME) plus at
    /// least one dot. The default for mail domains.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("example.com", &Policy::FQDN).is_ok());
    /// assert_eq!(Domain::parse("localhost", &Policy::FQDN).unwrap_err().code(), "not_fully_qualified");
    /// ```
    pub const FQDN: Self = Self::HOSTNAME.with_qualification(Qualification::AtLeastTwoLabels);

    /// DNS names (RFC 2181 §11): any octet but the separator, e.g. `_dmarc.example.com`.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse("_sip._tcp.example.com", &Policy::DNS).is_ok());
    /// ```
    pub const DNS: Self = Self::HOSTNAME.with_label_syntax(LabelSyntax::AnyOctet);

    /// The same policy with another label syntax.
    ///
    /// ```
    /// # use ldh_domain::{LabelSyntax, Policy};
    /// assert_eq!(Policy::HOSTNAME.with_label_syntax(LabelSyntax::AnyOctet), Policy::DNS);
    /// ```
    #[must_use]
    pub const fn with_label_syntax(self, label_syntax: LabelSyntax) -> Self {
        Self {
            label_syntax,
            ..self
        }
    }

    /// The same policy with another qualification rule.
    ///
    /// ```
    /// # use ldh_domain::{Policy, Qualification};
    /// assert_eq!(Policy::HOSTNAME.with_qualification(Qualification::AtLeastTwoLabels), Policy::FQDN);
    /// ```
    #[must_use]
    pub const fn with_qualification(self, qualification: Qualification) -> Self {
        Self {
            qualification,
            ..self
        }
    }

    /// The same policy with another rule for all-digit last labels.
    ///
    /// ```
    /// # use ldh_domain::{Domain, NumericTld, Policy};
    /// let reverse = Policy::DNS.with_numeric_tld(NumericTld::Allow);
    /// assert!(Domain::parse("1.2.3.4", &reverse).is_ok());
    /// ```
    #[must_use]
    pub const fn with_numeric_tld(self, numeric_tld: NumericTld) -> Self {
        Self {
            numeric_tld,
            ..self
        }
    }

    /// The label syntax.
    ///
    /// ```
    /// # use ldh_domain::{LabelSyntax, Policy};
    /// assert_eq!(Policy::FQDN.label_syntax(), LabelSyntax::Ldh);
    /// ```
    #[must_use]
    pub const fn label_syntax(&self) -> LabelSyntax {
        self.label_syntax
    }

    /// The qualification rule.
    ///
    /// ```
    /// # use ldh_domain::{Policy, Qualification};
    /// assert_eq!(Policy::DNS.qualification(), Qualification::SingleLabelAllowed);
    /// ```
    #[must_use]
    pub const fn qualification(&self) -> Qualification {
        self.qualification
    }

    /// The rule for all-digit last labels.
    ///
    /// ```
    /// # use ldh_domain::{NumericTld, Policy};
    /// assert_eq!(Policy::DNS.numeric_tld(), NumericTld::Reject);
    /// ```
    #[must_use]
    pub const fn numeric_tld(&self) -> NumericTld {
        self.numeric_tld
    }
}

impl Default for Policy {
    /// [`Policy::HOSTNAME`].
    fn default() -> Self {
        Self::HOSTNAME
    }
}

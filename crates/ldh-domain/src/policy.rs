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

/// How U-labels and decoded A-labels are judged.
///
/// | mode | rules | `a·b`, `💩`, `Bücher` as written |
/// |---|---|---|
/// | [`Registration`](Self::Registration) (default) | RFC 5891 §4: every RFC 5892 rule (the derived property, CONTEXTJ and CONTEXTO rules), RFC 5893 Bidi, NFC, no leading mark, hyphen rules | invalid, invalid, invalid |
/// | [`Lookup`](Self::Lookup) | RFC 5891 §5.4: as registration, but CONTEXTO rules are not tested (§5.4 asks only that a rule exists); the Bidi rule, a SHOULD there, is applied | valid, invalid, invalid |
/// | [`Uts46`](Self::Uts46) | UTS #46 §4.1 validity after mapping (what browsers resolve) | invalid, valid, valid |
///
/// Names are judged as written: nothing is mapped by [`Domain::parse`](crate::Domain::parse).
/// The conversions ([`to_ascii_with`](crate::to_ascii_with)) map their input with UTS #46
/// first and then judge the result by the mode.
///
/// ```
/// # if cfg!(feature = "idna") {
/// use ldh_domain::{Domain, IdnaMode, Policy};
/// let lookup = Policy::HOSTNAME.with_idna_mode(IdnaMode::Lookup);
/// let uts46 = Policy::HOSTNAME.with_idna_mode(IdnaMode::Uts46);
/// assert!(Domain::parse_with("a\u{b7}b.com", &Policy::HOSTNAME).is_err()); // RFC 5892 A.3
/// assert!(Domain::parse_with("a\u{b7}b.com", &lookup).is_ok());
/// assert!(Domain::parse_with("\u{1F4A9}.la", &lookup).is_err()); // DISALLOWED
/// assert!(Domain::parse_with("\u{1F4A9}.la", &uts46).is_ok());
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IdnaMode {
    /// IDNA 2008 registration (RFC 5891 §4): the default.
    #[default]
    Registration,
    /// IDNA 2008 lookup (RFC 5891 §5.4).
    Lookup,
    /// UTS #46 validity (non-transitional, `UseSTD3ASCIIRules`, `CheckHyphens`,
    /// `CheckBidi`, `CheckJoiners`), through the `idna` crate.
    Uts46,
}

impl IdnaMode {
    /// The mode's name as the command line writes it: `registration`, `lookup`, `uts46`.
    ///
    /// ```
    /// assert_eq!(ldh_domain::IdnaMode::Lookup.name(), "lookup");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Registration => "registration",
            Self::Lookup => "lookup",
            Self::Uts46 => "uts46",
        }
    }

    /// The mode of a [`name`](Self::name), or `None`.
    ///
    /// ```
    /// use ldh_domain::IdnaMode;
    /// assert_eq!(IdnaMode::from_name("uts46"), Some(IdnaMode::Uts46));
    /// assert_eq!(IdnaMode::from_name("strict"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Registration, Self::Lookup, Self::Uts46]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// The Unicode version of the IDNA 2008 tables (RFC 5892 derived property) and of the
/// properties the IDNA rules read: the version of the ICU4X data the `idna` crate uses.
///
/// ```
/// assert_eq!(ldh_domain::IDNA_UNICODE_VERSION, "18.0.0");
/// ```
pub const IDNA_UNICODE_VERSION: &str = "18.0.0";

/// A set of rules for [`Domain::parse`](crate::Domain::parse), buildable in `const`.
///
/// | preset | label octets | labels | example accepted | example rejected |
/// |---|---|---|---|---|
/// | [`HOSTNAME`](Self::HOSTNAME) | LDH (RFC 1123 §2.1) | one or more | `localhost`, `3com.com` | `_dmarc.example.com` |
/// | [`FQDN`](Self::FQDN) | LDH | two or more (RFC 3696 §2) | `example.com` | `localhost` |
/// | [`DNS`](Self::DNS) | any but `.` (RFC 2181 §11) | one or more | `_sip._tcp.example.com` | `a..b` |
///
/// All presets: labels of 1–63 octets, names of at most 253 octets (254 with the root
/// dot), at most 127 labels, the last label not all digits, U-labels by IDNA 2008
/// registration rules ([`IdnaMode`]).
///
/// ```
/// use ldh_domain::{Domain, LabelSyntax, Policy, Qualification};
/// // A static policy for mail domains that also allows underscores:
/// static MAIL_DNS: Policy = Policy::DNS.with_qualification(Qualification::AtLeastTwoLabels);
/// assert!(Domain::parse_with("_spf.example.com", &MAIL_DNS).is_ok());
/// assert!(Domain::parse_with("localhost", &MAIL_DNS).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Policy {
    label_syntax: LabelSyntax,
    qualification: Qualification,
    numeric_tld: NumericTld,
    idna_mode: IdnaMode,
}

impl Policy {
    /// Host names (RFC 1123 §2.1): LDH labels (digit first allowed), one label allowed.
    /// What URL hosts use, so that `http://localhost/` stays valid.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse_with("localhost", &Policy::HOSTNAME).is_ok());
    /// ```
    pub const HOSTNAME: Self = Self {
        label_syntax: LabelSyntax::Ldh,
        qualification: Qualification::SingleLabelAllowed,
        numeric_tld: NumericTld::Reject,
        idna_mode: IdnaMode::Registration,
    };

    /// Fully qualified host names (RFC 3696 §2): [`HOSTNAME`](Self::HOSTNAME) plus at
    /// least one dot. The default for mail domains.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse_with("example.com", &Policy::FQDN).is_ok());
    /// assert_eq!(Domain::parse_with("localhost", &Policy::FQDN).unwrap_err().code(), "not_fully_qualified");
    /// ```
    pub const FQDN: Self = Self::HOSTNAME.with_qualification(Qualification::AtLeastTwoLabels);

    /// DNS names (RFC 2181 §11): any octet but the separator, e.g. `_dmarc.example.com`.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert!(Domain::parse_with("_sip._tcp.example.com", &Policy::DNS).is_ok());
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
    /// assert!(Domain::parse_with("1.2.3.4", &reverse).is_ok());
    /// ```
    #[must_use]
    pub const fn with_numeric_tld(self, numeric_tld: NumericTld) -> Self {
        Self {
            numeric_tld,
            ..self
        }
    }

    /// The same policy with another IDNA mode.
    ///
    /// ```
    /// # use ldh_domain::{IdnaMode, Policy};
    /// let p = Policy::FQDN.with_idna_mode(IdnaMode::Uts46);
    /// assert_eq!(p.idna_mode(), IdnaMode::Uts46);
    /// ```
    #[must_use]
    pub const fn with_idna_mode(self, idna_mode: IdnaMode) -> Self {
        Self { idna_mode, ..self }
    }

    /// How U-labels and decoded A-labels are judged.
    ///
    /// ```
    /// # use ldh_domain::{IdnaMode, Policy};
    /// assert_eq!(Policy::HOSTNAME.idna_mode(), IdnaMode::Registration);
    /// ```
    #[must_use]
    pub const fn idna_mode(&self) -> IdnaMode {
        self.idna_mode
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

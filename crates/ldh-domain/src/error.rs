//! [`DomainError`]: what is wrong with a name, and where.

use core::fmt;

// Code points in messages: `U+1F4A9 PILE OF POO '💩'` (the name with `char-names`).
use name_text::report::CodePoint;

/// Why a name was rejected, with the byte offset and the label where the check failed.
///
/// `Copy`, two words and a bit: no allocation, whatever the input. [`Display`](fmt::Display)
/// is the human message (lowercase, no offset in it); [`code`](Self::code) is a stable
/// machine-readable code.
///
/// ```
/// use ldh_domain::{Domain, DomainErrorKind, Policy};
/// let err = Domain::parse_with("www.-example.com", &Policy::HOSTNAME).unwrap_err();
/// assert_eq!(err.kind(), DomainErrorKind::LeadingHyphen);
/// assert_eq!((err.offset(), err.label_index()), (4, Some(1)));
/// assert_eq!(err.code(), "leading_hyphen");
/// assert_eq!(err.to_string(), "label starts with a hyphen (RFC 1123 §2.1, RFC 3696 §2)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DomainError {
    kind: DomainErrorKind,
    offset: usize,
    /// Label index, or `u32::MAX` when the error is not about one label.
    label: u32,
}

const NO_LABEL: u32 = u32::MAX;

impl DomainError {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a name has at most 127 labels"
    )]
    pub(crate) const fn new(kind: DomainErrorKind, offset: usize, label: usize) -> Self {
        Self {
            kind,
            offset,
            label: label as u32,
        }
    }

    pub(crate) const fn whole(kind: DomainErrorKind, offset: usize) -> Self {
        Self {
            kind,
            offset,
            label: NO_LABEL,
        }
    }

    /// Index (from 0, left to right) of the label the error is about, if any.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with("a.b-.c", &Policy::HOSTNAME).unwrap_err().label_index(), Some(1));
    /// assert_eq!(Domain::parse_with("", &Policy::HOSTNAME).unwrap_err().label_index(), None);
    /// ```
    #[must_use]
    pub const fn label_index(&self) -> Option<usize> {
        if self.label == NO_LABEL {
            None
        } else {
            Some(self.label as usize)
        }
    }
}

name_text::located_error! {
    impl DomainError(kind: DomainErrorKind) {
        /// What is wrong.
        ///
        /// ```
        /// # use ldh_domain::{Domain, DomainErrorKind, Policy};
        /// assert_eq!(Domain::parse_with("", &Policy::HOSTNAME).unwrap_err().kind(), DomainErrorKind::Empty);
        /// ```
        fn kind;
        /// Byte offset in the caller's input where the check failed.
        ///
        /// ```
        /// # use ldh_domain::{Domain, Policy};
        /// assert_eq!(Domain::parse_with("a..b", &Policy::HOSTNAME).unwrap_err().offset(), 2);
        /// ```
        fn offset;
        /// Stable `snake_case` code of the kind.
        ///
        /// ```
        /// # use ldh_domain::{Domain, Policy};
        /// assert_eq!(Domain::parse_with("example.123", &Policy::HOSTNAME).unwrap_err().code(), "numeric_tld");
        /// ```
        fn code;
        /// The same error with `base` added to its offset: for rebasing an error found in a
        /// part of a larger input (the domain of an email address, the host of a URL).
        ///
        /// ```
        /// # use ldh_domain::{Domain, Policy};
        /// let input = "user@a..b";
        /// let err = Domain::parse_with(&input[5..], &Policy::FQDN).unwrap_err().with_offset(5);
        /// assert_eq!(err.offset(), 7);
        /// ```
        fn with_offset;
        /// The error rendered against `input`, the text that produced it: the input, a
        /// caret under the offending character, the code and the message (see
        /// [`Report`](crate::report::Report)).
        ///
        /// ```
        /// use ldh_domain::{Domain, Policy};
        /// let input = "a_b.example";
        /// let err = Domain::parse_with(input, &Policy::HOSTNAME).unwrap_err();
        /// let shown = err.display_in(input).to_string();
        /// assert!(shown.starts_with("a_b.example\n ^ invalid_character: "));
        /// ```
        fn display_in;
        /// The error rendered against `input` for end users: the input, a caret under the
        /// offending character and the [`user_message`](Self::user_message), without the code
        /// and the developer message (see [`UserReport`](crate::report::UserReport)).
        ///
        /// ```
        /// use ldh_domain::{Domain, Policy};
        /// let input = "-example.com";
        /// let err = Domain::parse_with(input, &Policy::HOSTNAME).unwrap_err();
        /// assert_eq!(
        ///     err.display_for_user(input).to_string(),
        ///     "-example.com\n^ a part of the name starts or ends with a hyphen"
        /// );
        /// ```
        fn display_for_user;
        /// A plain-language message for people who are not developers (a sign-up form): no
        /// RFC citations, no grammar terms. [`Display`](fmt::Display) is the message for
        /// developers.
        ///
        /// ```
        /// use ldh_domain::{Domain, Policy};
        /// let err = Domain::parse_with("-example.com", &Policy::HOSTNAME).unwrap_err();
        /// assert_eq!(err.user_message(), "a part of the name starts or ends with a hyphen");
        /// ```
        fn user_message;
    }
    impl LocatedError, Display, Error;
}

/// The kinds of [`DomainError`], one per check. Each has a stable [`code`](Self::code).
///
/// ```
/// use ldh_domain::{Domain, DomainErrorKind, Policy};
/// let kind = Domain::parse_with("a_b.example", &Policy::HOSTNAME).unwrap_err().kind();
/// assert_eq!(kind, DomainErrorKind::InvalidCharacter(b'_'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DomainErrorKind {
    /// The input is empty.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with("", &Policy::HOSTNAME).unwrap_err().code(), "empty");
    /// ```
    #[error("empty domain name")]
    Empty,
    /// The input is only the root `.`: it names the root of the DNS tree (RFC 1034 §3.1),
    /// not a domain that could be checked or used as a host or mail domain.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with(".", &Policy::DNS).unwrap_err().code(), "root_only");
    /// ```
    #[error("the root `.` alone names the DNS root (RFC 1034 §3.1), not a domain to check")]
    RootOnly,
    /// An empty label: two dots in a row, a leading dot, or two trailing dots.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with(".a", &Policy::HOSTNAME).unwrap_err().code(), "empty_label");
    /// ```
    #[error("empty label (a leading dot or two dots in a row)")]
    EmptyLabel,
    /// A label longer than 63 octets in A-label form (RFC 1035 §2.3.4).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// let long = "a".repeat(64);
    /// assert_eq!(Domain::parse_with(&long, &Policy::HOSTNAME).unwrap_err().code(), "label_too_long");
    /// ```
    #[error("label longer than 63 octets in A-label form (RFC 1035 §2.3.4)")]
    LabelTooLong,
    /// A name longer than 253 octets in A-label form, not counting the root dot: 255
    /// octets in wire form (RFC 1035 §2.3.4).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// let l63 = "a".repeat(63);
    /// let long = format!("{l63}.{l63}.{l63}.{}", "a".repeat(62)); // 254 octets
    /// assert_eq!(Domain::parse_with(&long, &Policy::HOSTNAME).unwrap_err().code(), "name_too_long");
    /// ```
    #[error(
        "name longer than 253 octets in A-label form without the root dot (255 octets on the wire, RFC 1035 §2.3.4)"
    )]
    NameTooLong,
    /// More than 127 labels.
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, Policy};
    /// let many = "a.".repeat(127) + "a";
    /// assert_eq!(Domain::parse_with(&many, &Policy::HOSTNAME).unwrap_err().kind(), DomainErrorKind::TooManyLabels);
    /// ```
    #[error("more than 127 labels")]
    TooManyLabels,
    /// An LDH label starting with a hyphen.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with("-a.com", &Policy::HOSTNAME).unwrap_err().code(), "leading_hyphen");
    /// ```
    #[error("label starts with a hyphen (RFC 1123 §2.1, RFC 3696 §2)")]
    LeadingHyphen,
    /// An LDH label ending with a hyphen.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with("a-.com", &Policy::HOSTNAME).unwrap_err().code(), "trailing_hyphen");
    /// ```
    #[error("label ends with a hyphen (RFC 1123 §2.1, RFC 3696 §2)")]
    TrailingHyphen,
    /// An ASCII octet outside letters, digits and hyphen in a host name label (the octet).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// let err = Domain::parse_with("a b.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(err.to_string(), "character ' ' (U+0020) is not allowed in a host name label: use letters, digits and hyphen (RFC 1123 §2.1)");
    /// ```
    #[error(
        "character {} is not allowed in a host name label: use letters, digits and hyphen (RFC 1123 §2.1)",
        ShowByte(*.0)
    )]
    InvalidCharacter(u8),
    /// The input is not UTF-8 (only [`Domain::parse_bytes`](crate::Domain::parse_bytes)
    /// can see this).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_bytes(b"a\xff.com", &Policy::DNS).unwrap_err().code(), "invalid_utf8");
    /// ```
    #[error("not valid UTF-8")]
    InvalidUtf8,
    /// The last label is all digits (RFC 3696 §2, RFC 1123 §2.1).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with("1.2.3.4", &Policy::HOSTNAME).unwrap_err().code(), "numeric_tld");
    /// ```
    #[error(
        "the last label is all digits, so the name looks like an IPv4 address: write an IP address as an address literal (`[192.0.2.1]` in email, `192.0.2.1` as a URL host), not as a domain name (RFC 3696 §2)"
    )]
    NumericTld,
    /// An `xn--` label that is not a real A-label (a "fake A-label", RFC 5890 §2.3.1).
    ///
    /// ```
    /// # use ldh_domain::{ALabelReason, Domain, DomainErrorKind, Policy};
    /// let err = Domain::parse_with("xn--abc-.com", &Policy::DNS).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::InvalidALabel(ALabelReason::DecodesToAscii));
    /// ```
    #[error("`xn--` label is not a valid A-label: {0} (RFC 5890 §2.3.2.1, RFC 5891 §5.4)")]
    InvalidALabel(ALabelReason),
    /// Only one label where the policy asks for a fully qualified name (RFC 3696 §2).
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// assert_eq!(Domain::parse_with("localhost.", &Policy::FQDN).unwrap_err().code(), "not_fully_qualified");
    /// ```
    #[error(
        "name has a single label but a fully qualified name (with a dot) is required (RFC 3696 §2)"
    )]
    NotFullyQualified,
    /// A non-ASCII label, and the crate was built without the `idna` feature.
    ///
    /// ```
    /// # use ldh_domain::{Domain, Policy};
    /// let result = Domain::parse_with("bücher.de", &Policy::HOSTNAME);
    /// if cfg!(feature = "idna") {
    ///     assert!(result.is_ok());
    /// } else {
    ///     assert_eq!(result.unwrap_err().code(), "idna_feature_disabled");
    /// }
    /// ```
    #[error(
        "non-ASCII label: internationalized names need the `idna` feature, or convert the name to A-labels first"
    )]
    IdnaFeatureDisabled,
    /// A U-label, full stop or A-label payload that breaks an IDNA rule (which rule: the
    /// [`IdnaRule`]).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("ab--ü.de", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::Idna(IdnaRule::Hyphens));
    /// # }
    /// ```
    #[error("{0}")]
    Idna(IdnaRule),
}

impl DomainErrorKind {
    /// Stable `snake_case` code.
    ///
    /// ```
    /// assert_eq!(ldh_domain::DomainErrorKind::EmptyLabel.code(), "empty_label");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::RootOnly => "root_only",
            Self::EmptyLabel => "empty_label",
            Self::LabelTooLong => "label_too_long",
            Self::NameTooLong => "name_too_long",
            Self::TooManyLabels => "too_many_labels",
            Self::LeadingHyphen => "leading_hyphen",
            Self::TrailingHyphen => "trailing_hyphen",
            Self::InvalidCharacter(_) => "invalid_character",
            Self::InvalidUtf8 => "invalid_utf8",
            Self::NumericTld => "numeric_tld",
            Self::InvalidALabel(_) => "invalid_a_label",
            Self::NotFullyQualified => "not_fully_qualified",
            Self::IdnaFeatureDisabled => "idna_feature_disabled",
            Self::Idna(rule) => rule.code(),
        }
    }

    /// A plain-language message for people who are not developers: no RFC citations,
    /// no grammar terms.
    ///
    /// ```
    /// use ldh_domain::DomainErrorKind;
    /// assert_eq!(DomainErrorKind::EmptyLabel.user_message(), "the name has two dots in a row, or starts with a dot");
    /// ```
    #[must_use]
    pub fn user_message(self) -> &'static str {
        match self {
            Self::Empty => "enter a domain name",
            Self::RootOnly => "enter a domain name, not just a dot",
            Self::EmptyLabel => "the name has two dots in a row, or starts with a dot",
            Self::LabelTooLong => "a part of the name between dots is too long",
            Self::NameTooLong => "the name is too long",
            Self::TooManyLabels => "the name has too many parts",
            Self::LeadingHyphen | Self::TrailingHyphen => {
                "a part of the name starts or ends with a hyphen"
            }
            Self::InvalidCharacter(b' ' | b'\t') => "the name contains a space",
            Self::InvalidCharacter(_) => {
                "the name may contain only letters, digits, hyphens and dots"
            }
            Self::InvalidUtf8 => "the name contains characters that cannot be read",
            Self::NumericTld => {
                "the name ends in a number: enter a domain name such as example.com"
            }
            Self::InvalidALabel(_) => {
                "the name contains a damaged encoded (xn--) part: check that it was copied completely"
            }
            Self::NotFullyQualified => "enter a full domain name with a dot, such as example.com",
            Self::IdnaFeatureDisabled => "names with non-English letters are not accepted here",
            Self::Idna(rule) => rule.user_message(),
        }
    }
}

/// Why an `xn--` label is not an A-label (RFC 5890 §2.3.2.1, RFC 5891 §5.4).
///
/// ```
/// use ldh_domain::{ALabelReason, Domain, DomainErrorKind, Policy};
/// let err = Domain::parse_with("xn--99999999999.com", &Policy::HOSTNAME).unwrap_err();
/// assert_eq!(err.kind(), DomainErrorKind::InvalidALabel(ALabelReason::Punycode));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ALabelReason {
    /// The part after `xn--` is not valid Punycode (RFC 3492).
    ///
    /// ```
    /// # use ldh_domain::{ALabelReason, Domain, DomainErrorKind, Policy};
    /// let err = Domain::parse_with("xn--99999999999.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::InvalidALabel(ALabelReason::Punycode));
    /// ```
    #[error("its Punycode does not decode")]
    Punycode,
    /// It decodes to ASCII only (or to nothing), so it is not an encoded U-label.
    ///
    /// ```
    /// # use ldh_domain::{ALabelReason, Domain, DomainErrorKind, Policy};
    /// let err = Domain::parse_with("xn--abc-.com", &Policy::DNS).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::InvalidALabel(ALabelReason::DecodesToAscii));
    /// ```
    #[error("it decodes to ASCII only")]
    DecodesToAscii,
    /// Decoding and encoding again does not give the same label (lower-cased): the
    /// encoding is not the canonical one.
    ///
    /// Punycode is bijective once case is folded, so an RFC 3492 decoder never lets such a
    /// label through; the check is kept because RFC 5891 §5.4 asks for the round trip.
    ///
    /// ```
    /// assert_eq!(ldh_domain::ALabelReason::NotCanonical.to_string(), "it does not re-encode to itself");
    /// ```
    #[error("it does not re-encode to itself")]
    NotCanonical,
    /// It decodes to a string that is not a valid U-label (which rule: the [`IdnaRule`]).
    ///
    /// ```
    /// # use ldh_domain::{ALabelReason, DisallowedWhy, Domain, DomainErrorKind, IdnaRule, Policy};
    /// // `xn--a` decodes to U+0080, a control character.
    /// let err = Domain::parse_with("xn--a.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(
    ///     err.kind(),
    ///     DomainErrorKind::InvalidALabel(ALabelReason::NotULabel(IdnaRule::Disallowed(
    ///         '\u{80}',
    ///         DisallowedWhy::Control
    ///     )))
    /// );
    /// ```
    #[error("it decodes to an invalid U-label: {0}")]
    NotULabel(IdnaRule),
}

/// Which IDNA rule a label breaks (RFC 5891 §4–5, RFC 5892, RFC 5893; UTS #46 §4.1 in
/// the UTS #46 mode).
///
/// In the IDNA 2008 modes ([`IdnaMode::Registration`](crate::IdnaMode::Registration),
/// [`IdnaMode::Lookup`](crate::IdnaMode::Lookup)) the rule is the first one the label
/// breaks, in this order: hyphens, leading combining mark, each code point from left to
/// right (DISALLOWED, UNASSIGNED, its context rule), NFC, then the Bidi rule. In the
/// UTS #46 mode the `idna` crate reports only "invalid" and the rule is found by
/// experiment on the label (see `docs/notes/ldh-domain.md`); [`Other`](Self::Other) is
/// reported when no single rule can be singled out.
///
/// ```
/// assert_eq!(ldh_domain::IdnaRule::Bidi.code(), "idna_bidi");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IdnaRule {
    /// Hyphens in both the third and fourth positions of a U-label (RFC 5891 §4.2.3.1;
    /// UTS #46 `CheckHyphens`).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("ab--ü.de", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!((err.kind(), err.code()), (DomainErrorKind::Idna(IdnaRule::Hyphens), "idna_hyphens"));
    /// # }
    /// ```
    #[error("U-label has hyphens in the third and fourth positions (RFC 5891 §4.2.3.1)")]
    Hyphens,
    /// The Bidi rule (RFC 5893 §2).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// // A label starting with a digit in a name with a Hebrew label (rule 1).
    /// let err = Domain::parse_with("0a.\u{5d0}", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!((err.kind(), err.label_index()), (DomainErrorKind::Idna(IdnaRule::Bidi), Some(0)));
    /// # }
    /// ```
    #[error("label breaks the Bidi rule for right-to-left names (RFC 5893 §2)")]
    Bidi,
    /// ZERO WIDTH NON-JOINER or ZERO WIDTH JOINER (CONTEXTJ) outside the contexts that
    /// allow it (RFC 5892 Appendix A.1, A.2; UTS #46 `CheckJoiners`).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("a\u{200d}b.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (DomainErrorKind::Idna(IdnaRule::Joiners), 1));
    /// # }
    /// ```
    #[error(
        "zero width joiner or non-joiner outside the context that allows it (RFC 5892 Appendix A.1, A.2: after a virama, or ZWNJ between joining letters)"
    )]
    Joiners,
    /// A code point that IDNA 2008 makes DISALLOWED (RFC 5892 §2–3), with why; offset at
    /// it. (In the UTS #46 mode: a code point the UTS #46 table disallows.)
    ///
    /// ```
    /// # use ldh_domain::{DisallowedWhy, Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("\u{1F4A9}.la", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::Idna(IdnaRule::Disallowed('\u{1F4A9}', DisallowedWhy::Symbol)));
    /// assert_eq!(err.code(), "idna_disallowed");
    /// # if cfg!(feature = "char-names") {
    /// assert!(err.to_string().starts_with("U+1F4A9 PILE OF POO '\u{1F4A9}' is DISALLOWED by IDNA 2008"));
    /// # }
    /// # }
    /// ```
    #[error(
        "{} is DISALLOWED by IDNA 2008 ({}); {}",
        CodePoint(*.0),
        .1.reason(),
        .1.help()
    )]
    Disallowed(char, DisallowedWhy),
    /// A code point that is not assigned in the Unicode version of the IDNA 2008 table
    /// (RFC 5892 §2.11, RFC 5891 §4.2.2, §5.4); offset at it.
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("a\u{378}.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (DomainErrorKind::Idna(IdnaRule::Unassigned('\u{378}')), 1));
    /// # }
    /// ```
    #[error(
        "{} is UNASSIGNED in Unicode {} (RFC 5892 §2.11): it cannot be in a U-label until Unicode assigns it",
        CodePoint(*.0),
        crate::policy::IDNA_UNICODE_VERSION
    )]
    Unassigned(char),
    /// A CONTEXTO code point whose rule (RFC 5892 Appendix A.3–A.9) is not met; offset at
    /// it. [`IdnaMode::Lookup`](crate::IdnaMode::Lookup) does not test these rules (RFC
    /// 5891 §5.4).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("a\u{b7}b.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (DomainErrorKind::Idna(IdnaRule::ContextO('\u{b7}')), 1));
    /// assert!(err.to_string().contains("A.3"));
    /// # }
    /// ```
    #[error("{} is CONTEXTO and its rule is not met: {}", CodePoint(*.0), context_rule(*.0))]
    ContextO(char),
    /// A label that is not in Unicode Normalization Form C (RFC 5891 §5.4, UAX #15).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("bu\u{308}cher.de", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::Idna(IdnaRule::NotNfc));
    /// # }
    /// ```
    #[error(
        "U-label is not in Unicode normalization form C (RFC 5891 §5.4): compose it (NFC), or convert the name with to_ascii, which normalizes"
    )]
    NotNfc,
    /// A label starting with a combining mark (RFC 5891 §4.2.3.2).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("\u{301}a.com", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!(err.kind(), DomainErrorKind::Idna(IdnaRule::LeadingCombiningMark));
    /// # }
    /// ```
    #[error("label starts with a combining mark (RFC 5891 §4.2.3.2)")]
    LeadingCombiningMark,
    /// A full stop other than U+002E (U+3002, U+FF0E, U+FF61) inside a name given to
    /// [`Domain::parse`](crate::Domain::parse): UTS #46 maps it to a dot, so the label
    /// boundaries would move; write `.` or use [`to_ascii`](crate::to_ascii).
    ///
    /// ```
    /// # use ldh_domain::{Domain, DomainErrorKind, IdnaRule, Policy};
    /// # if cfg!(feature = "idna") {
    /// let err = Domain::parse_with("例え\u{3002}jp", &Policy::HOSTNAME).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (DomainErrorKind::Idna(IdnaRule::NonAsciiFullStop), 6));
    /// # }
    /// ```
    #[error("full stop other than `.` inside a label: write `.` (or convert with to_ascii first)")]
    NonAsciiFullStop,
    /// UTS #46 processing failed (the UTS #46 mode) and no single rule above could be
    /// singled out.
    ///
    /// ```
    /// assert_eq!(ldh_domain::IdnaRule::Other.code(), "idna_invalid");
    /// ```
    #[error("label is not valid under UTS #46 processing")]
    Other,
}

impl IdnaRule {
    /// Stable `snake_case` code.
    ///
    /// ```
    /// assert_eq!(ldh_domain::IdnaRule::Joiners.code(), "idna_joiners");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Hyphens => "idna_hyphens",
            Self::Bidi => "idna_bidi",
            Self::Joiners => "idna_joiners",
            Self::Disallowed(..) => "idna_disallowed",
            Self::Unassigned(_) => "idna_unassigned",
            Self::ContextO(_) => "idna_contexto",
            Self::NotNfc => "idna_not_nfc",
            Self::LeadingCombiningMark => "idna_leading_combining_mark",
            Self::NonAsciiFullStop => "idna_non_ascii_full_stop",
            Self::Other => "idna_invalid",
        }
    }

    /// A plain-language message for people who are not developers.
    ///
    /// ```
    /// assert_eq!(ldh_domain::IdnaRule::NotNfc.user_message(), "the name contains letters written in an unusual way: retype it");
    /// ```
    #[must_use]
    pub fn user_message(self) -> &'static str {
        match self {
            Self::Disallowed(c, _) if crate::report::is_invisible(c) => {
                "the name contains an invisible character: retype it instead of pasting it"
            }
            Self::Disallowed(_, DisallowedWhy::UpperCase) => "write the name in lower case",
            Self::Disallowed(..) | Self::Unassigned(_) => {
                "the name contains a character that is not allowed in domain names"
            }
            Self::Joiners => {
                "the name contains an invisible joining character: retype it instead of pasting it"
            }
            Self::NotNfc => "the name contains letters written in an unusual way: retype it",
            Self::Hyphens
            | Self::Bidi
            | Self::ContextO(_)
            | Self::LeadingCombiningMark
            | Self::Other => "the name mixes characters in a way domain names do not allow",
            Self::NonAsciiFullStop => "use an ordinary dot (.) between the parts of the name",
        }
    }
}

/// Why IDNA 2008 disallows a code point, by the RFC 5892 §2 category that excludes it
/// (worked out from its `General_Category`).
///
/// ```
/// use ldh_domain::DisallowedWhy;
/// assert!(DisallowedWhy::UpperCase.reason().contains("upper-case"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DisallowedWhy {
    /// An upper- or title-case letter: not stable under NFKC case folding (RFC 5892
    /// §2.2); its lower-case form may be allowed.
    UpperCase,
    /// A symbol (`General_Category` S*): not a letter, mark or digit (RFC 5892 §2.1).
    Symbol,
    /// Punctuation (P*): not a letter, mark or digit (RFC 5892 §2.1).
    Punctuation,
    /// A space (Z*) (RFC 5892 §2.1).
    Space,
    /// A control, format or private-use character (C*) (RFC 5892 §2.1, §2.3).
    Control,
    /// A letter, mark or digit that is still excluded: a compatibility form that changes
    /// under NFKC case folding (RFC 5892 §2.2), an ignorable or historic code point
    /// (§2.4–§2.9), or an exception (§2.6).
    Other,
}

impl DisallowedWhy {
    /// What the category is, with its RFC 5892 section.
    ///
    /// ```
    /// assert!(ldh_domain::DisallowedWhy::Symbol.reason().contains("symbol"));
    /// ```
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Self::UpperCase => {
                "RFC 5892 §2.2: an upper-case letter, which changes under case folding"
            }
            Self::Symbol => "RFC 5892 §2.1: a symbol, not a letter, digit or mark",
            Self::Punctuation => "RFC 5892 §2.1: punctuation, not a letter, digit or mark",
            Self::Space => "RFC 5892 §2.1: a space",
            Self::Control => "RFC 5892 §2.1, §2.3: a control or format character",
            Self::Other => {
                "RFC 5892 §2.2–§2.9: a compatibility, ignorable or historic form, or an exception"
            }
        }
    }

    /// What to do about it.
    const fn help(self) -> &'static str {
        match self {
            Self::UpperCase => {
                "write the name in lower case, or map it as typed with DomainBuf::from_user_input, which folds case (UTS #46)"
            }
            Self::Other => {
                "convert the name with to_ascii, which maps compatibility forms (UTS #46), if a mapped form exists"
            }
            Self::Symbol => {
                "browsers may resolve it under UTS #46, but it is not a valid U-label; remove it"
            }
            Self::Punctuation | Self::Space | Self::Control => {
                "it cannot be part of a U-label; remove it"
            }
        }
    }
}

/// The RFC 5892 Appendix A rule of a CONTEXTO code point, as a sentence.
const fn context_rule(c: char) -> &'static str {
    match c {
        '\u{b7}' => "RFC 5892 Appendix A.3: MIDDLE DOT only between two 'l'",
        '\u{375}' => {
            "RFC 5892 Appendix A.4: GREEK LOWER NUMERAL SIGN only before a Greek character"
        }
        '\u{5f3}' | '\u{5f4}' => {
            "RFC 5892 Appendix A.5, A.6: HEBREW GERESH and GERSHAYIM only after a Hebrew character"
        }
        '\u{30fb}' => {
            "RFC 5892 Appendix A.7: KATAKANA MIDDLE DOT only in a label with Hiragana, Katakana or Han"
        }
        '\u{660}'..='\u{669}' => {
            "RFC 5892 Appendix A.8: ARABIC-INDIC DIGITS not in a label with EXTENDED ARABIC-INDIC DIGITS"
        }
        '\u{6f0}'..='\u{6f9}' => {
            "RFC 5892 Appendix A.9: EXTENDED ARABIC-INDIC DIGITS not in a label with ARABIC-INDIC DIGITS"
        }
        _ => "RFC 5892 Appendix A has no rule for it",
    }
}

/// Shows an ASCII octet in a message: printable as `'x'`, others as an escape, both
/// with the code point.
struct ShowByte(u8);

impl fmt::Display for ShowByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.0;
        if b.is_ascii_graphic() || b == b' ' {
            write!(f, "'{}' (U+{b:04X})", char::from(b))
        } else if b.is_ascii() {
            write!(f, "U+{b:04X} (a control character)")
        } else {
            write!(f, "octet 0x{b:02X}")
        }
    }
}

//! [`EmailError`]: what is wrong with an address and the byte where it was found.

use ldh_domain::DomainErrorKind;
use name_text::ip::IpErrorKind;

/// What is wrong with an email address; see [`EmailError`].
///
/// Every kind has a stable [`code`](Self::code). Kinds wrapped from `ldh-domain`
/// ([`Ip`](Self::Ip), [`Domain`](Self::Domain)) keep that crate's codes and messages.
///
/// ```
/// use rfc_email::{EmailAddress, EmailErrorKind};
/// let err = EmailAddress::parse("user..name@example.com").unwrap_err();
/// assert_eq!(err.kind(), EmailErrorKind::ConsecutiveDots);
/// assert_eq!(err.offset(), 5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum EmailErrorKind {
    /// The input is empty.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("").unwrap_err().kind(), EmailErrorKind::Empty);
    /// ```
    #[error("empty address")]
    Empty,
    /// [`EmailAddress::parse_bytes`](crate::EmailAddress::parse_bytes) was given bytes
    /// that are not UTF-8 (RFC 6532 §3.1 requires UTF-8).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse_bytes(b"a\xFF@example.com", &Policy::SMTPUTF8).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::InvalidUtf8, 1));
    /// ```
    #[error("invalid UTF-8")]
    InvalidUtf8,
    /// No `@` after the local part.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user.example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::MissingAt, 16));
    /// ```
    #[error("missing `@` between local part and domain")]
    MissingAt,
    /// A second `@` outside quotes.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("a@b@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::MultipleAt, 3));
    /// ```
    #[error("more than one `@`: an `@` in the local part must be inside a quoted string")]
    MultipleAt,
    /// Nothing before the `@`.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("@example.com").unwrap_err().kind(), EmailErrorKind::EmptyLocalPart);
    /// ```
    #[error("empty local part before `@`")]
    EmptyLocalPart,
    /// Nothing after the `@`.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::EmptyDomain, 5));
    /// ```
    #[error("empty domain after `@`")]
    EmptyDomain,
    /// A byte that the grammar does not allow at this point.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("a,b@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::InvalidCharacter, 1));
    /// ```
    #[error("character not allowed here")]
    InvalidCharacter,
    /// A non-ASCII character under an ASCII-only profile.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("jos\u{e9}@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::NonAscii, 3));
    /// ```
    #[error("non-ASCII character: needs SMTPUTF8 (RFC 6531), not allowed by this profile")]
    NonAscii,
    /// A non-ASCII domain name under an ASCII-only profile: the name has to be written
    /// in A-labels (`xn--…`), which needs no SMTPUTF8; only a non-ASCII local part does.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("info@b\u{fc}cher.example").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::NonAsciiDomain, 6));
    /// assert!(EmailAddress::parse("info@xn--bcher-kva.example").is_ok());
    /// ```
    #[error(
        "non-ASCII domain: write it in A-labels (`xn--…`, RFC 5890 §2.3.2.1) for this profile; SMTPUTF8 (RFC 6531) is needed only for a non-ASCII local part"
    )]
    NonAsciiDomain,
    /// A control character where only the obsolete syntax (RFC 5322 §4.1) would allow one.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("\"a\u{1}\"@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::ControlCharacter, 2));
    /// ```
    #[error("control character not allowed")]
    ControlCharacter,
    /// Space or tab outside a quoted string (RFC 5321 has no folding white space).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("john doe@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::Whitespace, 4));
    /// ```
    #[error(
        "white space outside quotes: put the local part in double quotes, e.g. \"john doe\"@example.com"
    )]
    Whitespace,
    /// White space before or after the address (a typing or copy-and-paste slip, not a
    /// form any profile means): reported before whatever the grammar would say about it.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse(" user@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::SurroundingWhitespace, 0));
    /// let err = EmailAddress::parse("user@example.com\t").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::SurroundingWhitespace, 16));
    /// ```
    #[error("white space before or after the address: remove it")]
    SurroundingWhitespace,
    /// An invisible character (a zero-width character, a bidirectional control, a byte
    /// order mark, …) where the profile allows none: named by its code point, since it
    /// cannot be seen.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@exa\u{200b}mple.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::InvisibleCharacter('\u{200b}'), 8));
    /// assert_eq!(err.to_string(), "U+200B is an invisible zero-width character: remove it (invisible characters often come with copied and pasted text)");
    /// ```
    #[error(
        "U+{:04X} is {}: remove it (invisible characters often come with copied and pasted text)",
        u32::from(*.0),
        invisible_description(*.0)
    )]
    InvisibleCharacter(char),
    /// The unquoted local part starts with `.` (RFC 5321 §4.1.2 `Dot-string`).
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse(".user@example.com").unwrap_err().kind(), EmailErrorKind::LeadingDot);
    /// ```
    #[error("local part starts with `.` (allowed only inside quotes)")]
    LeadingDot,
    /// The unquoted local part ends with `.`.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user.@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::TrailingDot, 4));
    /// ```
    #[error("local part ends with `.` (allowed only inside quotes)")]
    TrailingDot,
    /// Two dots in a row in the unquoted local part.
    ///
    /// ```
    /// # use rfc_email::*;
    /// assert_eq!(EmailAddress::parse("a..b@example.com").unwrap_err().offset(), 2);
    /// ```
    #[error("two consecutive dots in the local part (allowed only inside quotes)")]
    ConsecutiveDots,
    /// A backslash outside a quoted string: RFC 3696 §3 as printed, corrected by erratum
    /// 246. [`EmailError::suggestion`] gives the quoted form.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse(r"Abc\@def@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::BackslashOutsideQuotes, 3));
    /// ```
    #[error(
        "backslash outside quotes: a backslash is only allowed inside a quoted local part (RFC 3696 erratum 246): quote the local part, as in \"Abc@def\"@example.com for Abc\\@def@example.com"
    )]
    BackslashOutsideQuotes,
    /// A `"` that is never closed.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("\"abc@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::UnterminatedQuotedString, 0));
    /// ```
    #[error("quoted string is not closed with `\"`")]
    UnterminatedQuotedString,
    /// A backslash followed by a character it may not quote (RFC 5321 `quoted-pairSMTP`
    /// is `\` and a printable ASCII character or space).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("\"a\\\tb\"@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::InvalidQuotedPair, 2));
    /// ```
    #[error("backslash must be followed by a printable ASCII character or space")]
    InvalidQuotedPair,
    /// Quoted strings and atoms mixed in one local part (`"a".b`): RFC 5322 §4.4
    /// `obs-local-part`, not allowed outside the `RFC5322` profile.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("\"test\".test@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::ObsoleteLocalPart, 6));
    /// ```
    #[error(
        "quoted and unquoted parts mixed (obsolete RFC 5322 syntax): quote the whole local part"
    )]
    ObsoleteLocalPart,
    /// A comment or folding white space (RFC 5322 §3.2.2 `CFWS`) in a profile that is not
    /// message-header syntax.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("john.doe(comment)@example.com").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::Comment, 8));
    /// ```
    #[error("comments belong to message headers (RFC 5322), not to a mailbox (RFC 5321)")]
    Comment,
    /// A `(` that is never closed.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse_with("(a@example.com", &Policy::RFC5322).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::UnterminatedComment, 0));
    /// ```
    #[error("comment is not closed with `)`")]
    UnterminatedComment,
    /// In an address list ([`mailboxes`](crate::mailboxes)), a `<` whose `addr-spec` is
    /// not closed with `>` (RFC 5322 §3.4 `angle-addr`).
    ///
    /// ```
    /// let err = rfc_email::mailboxes("Bob <bob@example.com").next().unwrap().unwrap_err();
    /// assert_eq!((err.code(), err.offset()), ("unterminated_angle_addr", 20));
    /// ```
    #[error("`<` address is not closed with `>` (RFC 5322 §3.4 angle-addr)")]
    UnterminatedAngleAddr,
    /// In an address list, a group (`name:`) that does not end with `;` (RFC 5322 §3.4).
    ///
    /// ```
    /// let err = rfc_email::mailboxes("team: a@example.com").next().unwrap().unwrap_err();
    /// assert_eq!((err.code(), err.offset()), ("unterminated_group", 19));
    /// ```
    #[error("group is not closed with `;` (RFC 5322 §3.4 group)")]
    UnterminatedGroup,
    /// In an address list, something other than `,` (or a group's `;`) after an address,
    /// or a group inside a group (RFC 5322 §3.4 `address-list`).
    ///
    /// ```
    /// let err = rfc_email::mailboxes("a@example.com b@example.com").nth(0).unwrap().unwrap_err();
    /// assert_eq!((err.code(), err.offset()), ("unexpected_in_address_list", 14));
    /// ```
    #[error("addresses in a list are separated by `,` (RFC 5322 §3.4 address-list)")]
    UnexpectedInAddressList,
    /// Comments nested deeper than the policy's bound
    /// ([`Policy::max_comment_depth`](crate::Policy::max_comment_depth)).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let deep = Policy::RFC5322.with_max_comment_depth(1);
    /// let err = EmailAddress::parse_with("((x))a@example.com", &deep).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::CommentTooDeep, 1));
    /// ```
    #[error("comments nested too deeply")]
    CommentTooDeep,
    /// The local part is longer than 64 octets (RFC 5321 §4.5.3.1.1), or the policy's
    /// limit; the offset is the character that crosses the limit.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let long = format!("{}@example.com", "a".repeat(65));
    /// let err = EmailAddress::parse(&long).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::LocalPartTooLong, 64));
    /// ```
    #[error("local part is longer than 64 octets (RFC 5321 §4.5.3.1.1)")]
    LocalPartTooLong,
    /// The domain is longer than 255 octets (RFC 5321 §4.5.3.1.2); checked for domains
    /// that `ldh-domain` does not already limit (RFC 5322 `dot-atom` domains and
    /// literals).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let long = format!("a@{}a", "a.".repeat(140));
    /// assert_eq!(EmailAddress::parse_with(&long, &Policy::RFC5322).unwrap_err().kind(), EmailErrorKind::DomainTooLong);
    /// ```
    #[error("domain is longer than 255 octets (RFC 5321 §4.5.3.1.2)")]
    DomainTooLong,
    /// The whole address is longer than the profile's limit; the offset is the
    /// character that crosses it.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let long = format!("{}@{}.{}.{}.com", "a".repeat(64), "b".repeat(63), "c".repeat(63), "d".repeat(58));
    /// assert_eq!(long.len(), 255);
    /// let err = EmailAddress::parse(&long).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::AddressTooLong { max: 254 }, 254));
    /// ```
    #[error("{}", too_long_message(*max))]
    AddressTooLong {
        /// The limit in octets: 254 for the RFC 5321 profiles, 320 for
        /// `RFC3696_PUBLISHED`.
        max: u16,
    },
    /// Under `SMTPUTF8`, the address is at most 254 octets as typed but longer once its
    /// domain is converted to A-labels (the form a non-SMTPUTF8 relay sees).
    ///
    /// ```
    /// # use rfc_email::*;
    /// // Each label `a\u{e9}` is 3 octets as typed and 9 as the A-label `xn--a-9ba`.
    /// let addr = format!("{}@{}com", "a".repeat(64), "a\u{e9}.".repeat(20));
    /// assert!(addr.len() <= 254);
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(EmailAddress::parse_with(&addr, &Policy::SMTPUTF8).unwrap_err().kind(), EmailErrorKind::AddressTooLongAsAscii);
    /// ```
    #[error("address is longer than 254 octets once its domain is in A-label (ASCII) form")]
    AddressTooLongAsAscii,
    /// A `[` with no `]`.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@[192.0.2.1").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::UnterminatedAddressLiteral, 5));
    /// ```
    #[error("address literal is not closed with `]`")]
    UnterminatedAddressLiteral,
    /// A byte that cannot appear in an address literal, or text after its `]`.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@[192.0.2.1]x").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::InvalidAddressLiteral, 16));
    /// ```
    #[error("character not allowed in or after an address literal")]
    InvalidAddressLiteral,
    /// An IPv6 address in brackets without the `IPv6:` tag RFC 5321 §4.1.3 requires.
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@[2001:db8::1]").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::UntaggedIpv6Literal, 6));
    /// ```
    #[error(
        "IPv6 address literal needs the `IPv6:` tag, e.g. [IPv6:2001:db8::1] (RFC 5321 §4.1.3)"
    )]
    UntaggedIpv6Literal,
    /// A general address literal (`[tag:content]`): no tag other than `IPv6` is
    /// registered, so no such literal can be delivered to (RFC 5321 §4.1.3).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@[x400:c=us]").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::GeneralAddressLiteral, 6));
    /// ```
    #[error(
        "general address literal with an unregistered tag (only IPv6 is registered, RFC 5321 §4.1.3)"
    )]
    GeneralAddressLiteral,
    /// An address literal under a profile that has none (`HTML5`).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse_with("user@[192.0.2.1]", &Policy::HTML5).unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::AddressLiteralNotAllowed, 5));
    /// ```
    #[error("address literals are not allowed by this profile")]
    AddressLiteralNotAllowed,
    /// The IPv4 or IPv6 text of an address literal is malformed (offset rebased onto the
    /// whole address).
    ///
    /// ```
    /// # use rfc_email::*;
    /// use name_text::ip::IpErrorKind;
    /// let err = EmailAddress::parse("user@[192.0.2.256]").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::Ip(IpErrorKind::OctetOutOfRange), 14));
    /// ```
    #[error(transparent)]
    Ip(IpErrorKind),
    /// The domain breaks a rule checked by `ldh-domain` (offset rebased onto the whole
    /// address; the code is `ldh-domain`'s).
    ///
    /// ```
    /// # use rfc_email::*;
    /// use ldh_domain::DomainErrorKind;
    /// let err = EmailAddress::parse("user@localhost").unwrap_err();
    /// assert_eq!(err.kind(), EmailErrorKind::Domain(DomainErrorKind::NotFullyQualified));
    /// assert_eq!(err.code(), "not_fully_qualified");
    /// ```
    #[error(transparent)]
    Domain(DomainErrorKind),
    /// The domain ends with the root `.`, which is not part of an email domain
    /// (RFC 5321 §4.1.2 `Domain`, RFC 5322 §3.4.1 `dot-atom`).
    ///
    /// ```
    /// # use rfc_email::*;
    /// let err = EmailAddress::parse("user@example.com.").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (EmailErrorKind::DomainTrailingDot, 16));
    /// ```
    #[error("domain ends with `.`: remove the trailing dot")]
    DomainTrailingDot,
}

/// `ldh-domain`'s plain-language message for a domain error, worded for the domain of an
/// address: "the domain after the @", where `ldh-domain` says "the name" (which, in a
/// form asking for an address, reads as the person's name).
fn domain_user_message(kind: DomainErrorKind) -> &'static str {
    use ldh_domain::{DisallowedWhy, IdnaRule};
    match kind {
        DomainErrorKind::Empty => "enter the part after the @, such as example.com",
        DomainErrorKind::RootOnly => "enter a domain after the @, not just a dot",
        DomainErrorKind::EmptyLabel => {
            "the domain after the @ has two dots in a row, or starts with a dot"
        }
        DomainErrorKind::LabelTooLong => "a part of the domain after the @ is too long",
        DomainErrorKind::NameTooLong => "the domain after the @ is too long",
        DomainErrorKind::TooManyLabels => "the domain after the @ has too many parts",
        DomainErrorKind::LeadingHyphen | DomainErrorKind::TrailingHyphen => {
            "a part of the domain after the @ starts or ends with a hyphen"
        }
        DomainErrorKind::InvalidCharacter(b' ' | b'\t') => {
            "the domain after the @ contains a space"
        }
        DomainErrorKind::InvalidCharacter(_) => {
            "the domain after the @ may contain only letters, digits, hyphens and dots"
        }
        DomainErrorKind::InvalidUtf8 => {
            "the domain after the @ contains characters that cannot be read"
        }
        DomainErrorKind::NumericTld => {
            "the domain after the @ ends in a number: enter a domain such as example.com"
        }
        DomainErrorKind::InvalidALabel(_) => {
            "the domain after the @ contains a damaged encoded (xn--) part: check that it was copied completely"
        }
        DomainErrorKind::NotFullyQualified => {
            "enter a full domain after the @, with a dot, such as example.com"
        }
        DomainErrorKind::IdnaFeatureDisabled => {
            "domains with non-English letters are not accepted here"
        }
        DomainErrorKind::Idna(IdnaRule::Disallowed(c, _)) if name_text::report::is_invisible(c) => {
            "the domain after the @ contains an invisible character: retype it instead of pasting it"
        }
        DomainErrorKind::Idna(IdnaRule::Disallowed(_, DisallowedWhy::UpperCase)) => {
            "write the domain after the @ in lower case"
        }
        DomainErrorKind::Idna(IdnaRule::Disallowed(..) | IdnaRule::Unassigned(_)) => {
            "the domain after the @ contains a character that is not allowed in domains"
        }
        DomainErrorKind::Idna(IdnaRule::Joiners) => {
            "the domain after the @ contains an invisible joining character: retype it instead of pasting it"
        }
        DomainErrorKind::Idna(IdnaRule::NotNfc) => {
            "the domain after the @ contains letters written in an unusual way: retype it"
        }
        DomainErrorKind::Idna(IdnaRule::NonAsciiFullStop) => {
            "use an ordinary dot (.) between the parts of the domain after the @"
        }
        DomainErrorKind::Idna(_) => {
            "the domain after the @ mixes characters in a way domains do not allow"
        }
        // A kind added to ldh-domain later: its own message.
        _ => kind.user_message(),
    }
}

/// What an invisible character is, in words.
fn invisible_description(c: char) -> &'static str {
    name_text::report::describe_invisible(c).unwrap_or("an invisible character")
}

fn too_long_message(max: u16) -> &'static str {
    match max {
        254 => {
            "address is longer than 254 octets (RFC 5321 §4.5.3.1.3 and RFC 3696 errata 1003/1690: the 320 printed in RFC 3696 §3 is wrong)"
        }
        320 => {
            "address is longer than the 320 octets RFC 3696 §3 printed (its errata lower this to 254)"
        }
        _ => "address is longer than this policy allows",
    }
}

impl EmailErrorKind {
    /// Stable machine-readable code, in `snake_case`. Wrapped kinds keep the code of the
    /// crate they come from.
    ///
    /// ```
    /// assert_eq!(rfc_email::EmailErrorKind::BackslashOutsideQuotes.code(), "backslash_outside_quotes");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Empty => "empty_address",
            Self::InvalidUtf8 => "invalid_utf8",
            Self::MissingAt => "missing_at",
            Self::MultipleAt => "multiple_at",
            Self::EmptyLocalPart => "empty_local_part",
            Self::EmptyDomain => "empty_domain",
            Self::InvalidCharacter => "invalid_character",
            Self::NonAscii => "non_ascii",
            Self::NonAsciiDomain => "non_ascii_domain",
            Self::ControlCharacter => "control_character",
            Self::Whitespace => "whitespace_outside_quotes",
            Self::SurroundingWhitespace => "surrounding_whitespace",
            Self::InvisibleCharacter(_) => "invisible_character",
            Self::LeadingDot => "leading_dot",
            Self::TrailingDot => "trailing_dot",
            Self::ConsecutiveDots => "consecutive_dots",
            Self::BackslashOutsideQuotes => "backslash_outside_quotes",
            Self::UnterminatedQuotedString => "unterminated_quoted_string",
            Self::InvalidQuotedPair => "invalid_quoted_pair",
            Self::ObsoleteLocalPart => "obsolete_local_part",
            Self::Comment => "comment_not_allowed",
            Self::UnterminatedComment => "unterminated_comment",
            Self::UnterminatedAngleAddr => "unterminated_angle_addr",
            Self::UnterminatedGroup => "unterminated_group",
            Self::UnexpectedInAddressList => "unexpected_in_address_list",
            Self::CommentTooDeep => "comment_too_deep",
            Self::LocalPartTooLong => "local_part_too_long",
            Self::DomainTooLong => "domain_too_long",
            Self::AddressTooLong { .. } => "address_too_long",
            Self::AddressTooLongAsAscii => "address_too_long_as_ascii",
            Self::UnterminatedAddressLiteral => "unterminated_address_literal",
            Self::InvalidAddressLiteral => "invalid_address_literal",
            Self::UntaggedIpv6Literal => "untagged_ipv6_literal",
            Self::GeneralAddressLiteral => "general_address_literal",
            Self::AddressLiteralNotAllowed => "address_literal_not_allowed",
            Self::Ip(kind) => kind.code(),
            Self::Domain(kind) => kind.code(),
            Self::DomainTrailingDot => "domain_trailing_dot",
        }
    }

    /// A plain-language message for people who are not developers (a sign-up form): no
    /// RFC citations, no grammar terms. Wrapped domain kinds use `ldh-domain`'s.
    ///
    /// ```
    /// use rfc_email::EmailErrorKind;
    /// assert_eq!(EmailErrorKind::MissingAt.user_message(), "an email address needs an @, as in name@example.com");
    /// ```
    #[must_use]
    pub fn user_message(self) -> &'static str {
        match self {
            Self::Empty => "enter an email address",
            Self::MissingAt => "an email address needs an @, as in name@example.com",
            Self::MultipleAt => "an email address has only one @",
            Self::EmptyLocalPart => "enter the part before the @",
            Self::EmptyDomain => "enter the part after the @, such as example.com",
            Self::SurroundingWhitespace => "remove the spaces before or after the address",
            Self::Whitespace => "an email address cannot contain spaces",
            Self::InvisibleCharacter(_) => {
                "the address contains an invisible character: retype it instead of pasting it"
            }
            Self::NonAscii => "this address contains characters that are not accepted here",
            Self::NonAsciiDomain => {
                "the part after the @ contains characters that are not accepted here"
            }
            Self::LeadingDot | Self::TrailingDot => {
                "the part before the @ cannot start or end with a dot"
            }
            Self::ConsecutiveDots => "the address has two dots in a row",
            Self::LocalPartTooLong => "the part before the @ is too long",
            Self::DomainTooLong | Self::AddressTooLong { .. } | Self::AddressTooLongAsAscii => {
                "the address is too long"
            }
            Self::DomainTrailingDot => "remove the dot at the end of the address",
            Self::Domain(kind) => domain_user_message(kind),
            Self::UnterminatedAddressLiteral
            | Self::InvalidAddressLiteral
            | Self::UntaggedIpv6Literal
            | Self::GeneralAddressLiteral
            | Self::AddressLiteralNotAllowed
            | Self::Ip(_) => "use a domain name such as example.com after the @",
            Self::InvalidUtf8
            | Self::InvalidCharacter
            | Self::ControlCharacter
            | Self::BackslashOutsideQuotes
            | Self::UnterminatedQuotedString
            | Self::InvalidQuotedPair
            | Self::ObsoleteLocalPart
            | Self::Comment
            | Self::UnterminatedComment
            | Self::UnterminatedAngleAddr
            | Self::UnterminatedGroup
            | Self::UnexpectedInAddressList
            | Self::CommentTooDeep => "this email address contains a character that is not allowed",
        }
    }
}

/// An address that does not satisfy the chosen [`Policy`](crate::Policy): what is wrong
/// ([`kind`](Self::kind)) and the byte offset in the caller's input where it was found.
///
/// `Copy`, allocation-free; `Display` is the message for a person (lowercase, no offset
/// in it: callers that show the input can point at [`offset`](Self::offset)).
///
/// ```
/// use rfc_email::{EmailAddress, EmailErrorKind};
/// let err = EmailAddress::parse(r"Fred\ Bloggs@example.com").unwrap_err();
/// assert_eq!(err.code(), "backslash_outside_quotes");
/// assert_eq!(err.offset(), 4);
/// assert!(err.to_string().contains("erratum 246"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EmailError {
    kind: EmailErrorKind,
    offset: usize,
}

impl EmailError {
    pub(crate) const fn new(kind: EmailErrorKind, offset: usize) -> Self {
        Self { kind, offset }
    }
}

name_text::located_error! {
    impl EmailError(kind: EmailErrorKind) {
        /// What is wrong.
        ///
        /// ```
        /// # use rfc_email::*;
        /// assert_eq!(EmailAddress::parse("user@").unwrap_err().kind(), EmailErrorKind::EmptyDomain);
        /// ```
        fn kind;
        /// Byte offset in the caller's input where the problem was found.
        ///
        /// ```
        /// # use rfc_email::*;
        /// assert_eq!(EmailAddress::parse("a b@example.com").unwrap_err().offset(), 1);
        /// ```
        fn offset;
        /// Stable machine-readable code, in `snake_case` (see [`EmailErrorKind::code`]).
        ///
        /// ```
        /// # use rfc_email::*;
        /// assert_eq!(EmailAddress::parse("a..b@example.com").unwrap_err().code(), "consecutive_dots");
        /// ```
        fn code;
        /// The same error with `base` added to its offset: for callers that parsed a slice
        /// of a larger input (a `mailto:` URI, a header line).
        ///
        /// ```
        /// # use rfc_email::*;
        /// let err = EmailAddress::parse("a..b@example.com").unwrap_err();
        /// assert_eq!(err.with_offset(7).offset(), 9);
        /// ```
        fn with_offset;
        /// The error rendered against `input`, the text that produced it: the input, a
        /// caret under the offending character, the code and the message (see
        /// [`Report`](name_text::report::Report)).
        ///
        /// ```
        /// # use rfc_email::*;
        /// let input = "a..b@example.com";
        /// let err = EmailAddress::parse(input).unwrap_err();
        /// assert_eq!(
        ///     err.display_in(input).to_string(),
        ///     "a..b@example.com\n  ^ consecutive_dots: two consecutive dots in the local part (allowed only inside quotes)"
        /// );
        /// ```
        fn display_in;
        /// The error rendered against `input` for end users: the input, a caret under the
        /// offending character and the [`user_message`](Self::user_message), without the code
        /// and the developer message (see [`UserReport`](name_text::report::UserReport)).
        ///
        /// ```
        /// # use rfc_email::*;
        /// let input = "a..b@example.com";
        /// let err = EmailAddress::parse(input).unwrap_err();
        /// let shown = err.display_for_user(input).to_string();
        /// assert_eq!(shown, format!("a..b@example.com\n  ^ {}", err.user_message()));
        /// assert!(!shown.contains(err.code()));
        /// ```
        fn display_for_user;
        /// A plain-language message for people who are not developers (a sign-up form): no
        /// RFC citations, no grammar terms. [`Display`](core::fmt::Display) is the message for
        /// developers.
        ///
        /// ```
        /// # use rfc_email::*;
        /// let err = EmailAddress::parse(" user@example.com").unwrap_err();
        /// assert_eq!(err.user_message(), "remove the spaces before or after the address");
        /// ```
        fn user_message;
    }
    impl LocatedError, Display, Error;
}

impl EmailError {
    /// The first error a person should see for `input`: the grammar reports the first
    /// byte it cannot accept, which for a few common slips is not the most useful thing
    /// to say. Only errors are changed, so valid addresses cost nothing.
    ///
    /// - White space before or after the address (where the error is) is
    ///   [`SurroundingWhitespace`](EmailErrorKind::SurroundingWhitespace), not advice to
    ///   quote the local part.
    /// - An over-long text with no `@` at all is [`MissingAt`](EmailErrorKind::MissingAt)
    ///   at its end, not a length error.
    /// - A non-ASCII error at an invisible character is
    ///   [`InvisibleCharacter`](EmailErrorKind::InvisibleCharacter), which names it.
    pub(crate) fn refine(self, input: &str) -> Self {
        // An ASCII graphic character is not white space: with one at each end (nearly
        // every input) there is nothing to trim, seen without decoding a character.
        let bytes = input.as_bytes();
        let (leading, trimmed_end) = if bytes.first().is_some_and(u8::is_ascii_graphic)
            && bytes.last().is_some_and(u8::is_ascii_graphic)
        {
            (0, input.len())
        } else {
            (
                input.len() - input.trim_start().len(),
                input.trim_end().len(),
            )
        };
        if self.offset < leading || (self.offset >= trimmed_end && trimmed_end < input.len()) {
            let at = if self.offset < leading {
                0
            } else {
                trimmed_end
            };
            return Self::new(EmailErrorKind::SurroundingWhitespace, at);
        }
        if matches!(
            self.kind,
            EmailErrorKind::LocalPartTooLong | EmailErrorKind::AddressTooLong { .. }
        ) && !input.contains('@')
        {
            return Self::new(EmailErrorKind::MissingAt, input.len());
        }
        if matches!(
            self.kind,
            EmailErrorKind::NonAscii
                | EmailErrorKind::NonAsciiDomain
                | EmailErrorKind::InvalidCharacter
        ) && let Some(c) = input
            .get(self.offset..)
            .and_then(|rest| rest.chars().next())
            && !c.is_ascii()
            && name_text::report::is_invisible(c)
        {
            return Self::new(EmailErrorKind::InvisibleCharacter(c), self.offset);
        }
        self
    }
}

//! [`UriError`]: what is wrong and where; [`Warnings`]: valid but discouraged forms.

use name_text::ip::IpErrorKind;

/// What is wrong with a URI; see [`UriError`].
///
/// Each kind has a stable [`code`](Self::code). Kinds wrapping a lower crate's kind keep
/// that crate's code.
///
/// ```
/// use uri_schemes::{UriErrorKind, UriRef};
/// let err = UriRef::parse("/a b").unwrap_err();
/// assert_eq!(err.kind(), UriErrorKind::InvalidCharacterInPath);
/// assert_eq!(err.kind().code(), "invalid_character_in_path");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum UriErrorKind {
    /// An absolute URI was required but the input has no `scheme ":"` (RFC 3986 §3, §4.3).
    #[error("missing scheme (an absolute URI starts with a scheme such as `https:`)")]
    MissingScheme,
    /// White space before or after the URI, where the parse fails because of it: at 0
    /// when the input starts with it. RFC 3986 Appendix C: white space around a URI in
    /// text is not part of it (and §2 has no white space in the grammar).
    ///
    /// ```
    /// use uri_schemes::{HttpUrl, UriErrorKind};
    /// let err = HttpUrl::parse(" https://example.com/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (UriErrorKind::SurroundingWhitespace, 0));
    /// assert!(HttpUrl::parse(" https://example.com/".trim()).is_ok());
    /// ```
    #[error("white space before or after the URI: trim it (RFC 3986 Appendix C)")]
    SurroundingWhitespace,
    /// A byte that `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` does not allow
    /// (RFC 3986 §3.1).
    #[error("invalid character in scheme")]
    InvalidCharacterInScheme,
    /// A `%` not followed by two hex digits (RFC 3986 §2.1 `pct-encoded`).
    #[error("`%` must be followed by two hex digits (write a literal `%` as `%25`)")]
    BadPercentEncoding,
    /// A byte that `userinfo` does not allow (RFC 3986 §3.2.1).
    #[error("invalid character in userinfo")]
    InvalidCharacterInUserinfo,
    /// A byte that `host` does not allow (RFC 3986 §3.2.2).
    #[error("invalid character in host")]
    InvalidCharacterInHost,
    /// A non-ASCII character in the host of a URI parsed without IRI support: an
    /// internationalized host is either percent-encoded UTF-8 (RFC 3986 §3.2.2), written
    /// in A-labels (`xn--…`), or allowed by parsing as an IRI (RFC 3987).
    ///
    /// ```
    /// use uri_schemes::{HttpPolicy, HttpUrl, UriErrorKind};
    /// let err = HttpUrl::parse("http://Bücher.example/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (UriErrorKind::NonAsciiHost, 8));
    /// # #[cfg(feature = "idna")]
    /// assert!(HttpUrl::parse_with("http://bücher.example/", &HttpPolicy::STRICT.with_iri()).is_ok());
    /// ```
    #[error(
        "non-ASCII character in host: parse as an IRI (`with_iri()` on the parse options or HTTP policy, RFC 3987) to accept internationalized host names written in lower case, map a URL as typed with `HttpUrlBuf::from_user_input` (UTS #46, which folds case), or write the host in A-labels (`xn--…`, `ldh_domain::to_ascii`)"
    )]
    NonAsciiHost,
    /// An invisible character (zero-width, bidirectional control, byte order mark, …)
    /// where none is allowed: named by its code point, since it cannot be seen.
    ///
    /// ```
    /// use uri_schemes::{HttpUrl, UriErrorKind};
    /// let err = HttpUrl::parse("http://exa\u{200b}mple.com/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (UriErrorKind::InvisibleCharacter('\u{200b}'), 10));
    /// ```
    #[error(
        "U+{:04X} is {}: remove it (invisible characters often come with copied and pasted text)",
        u32::from(*.0),
        name_text::report::describe_invisible(*.0).unwrap_or("an invisible character")
    )]
    InvisibleCharacter(char),
    /// A non-digit in the port (RFC 3986 §3.2.3 `port = *DIGIT`).
    #[error("invalid character in port (a port is decimal digits only)")]
    InvalidCharacterInPort,
    /// A byte that `path` does not allow (RFC 3986 §3.3).
    #[error("invalid character in path")]
    InvalidCharacterInPath,
    /// A `:` in the first segment of a relative-path reference, which would make it read
    /// as a scheme (RFC 3986 §4.2: write `./a:b`).
    #[error("colon in the first segment of a relative path (write `./` before it)")]
    ColonInFirstSegment,
    /// A byte that `query` does not allow (RFC 3986 §3.4).
    #[error("invalid character in query")]
    InvalidCharacterInQuery,
    /// A byte that `fragment` does not allow (RFC 3986 §3.5), such as a second `#`.
    #[error("invalid character in fragment")]
    InvalidCharacterInFragment,
    /// A `[` without its closing `]` (RFC 3986 §3.2.2 `IP-literal`).
    #[error("IP literal is missing its closing `]`")]
    UnclosedIpLiteral,
    /// Something other than `:port` or the end of the authority after an IP literal.
    #[error("unexpected character after IP literal")]
    CharacterAfterIpLiteral,
    /// An `IPvFuture` that does not match `"v" 1*HEXDIG "." 1*( unreserved / sub-delims /
    /// ":" )` (RFC 3986 §3.2.2).
    #[error("invalid IPvFuture literal")]
    InvalidIpFuture,
    /// An IPv6 address inside `[` `]` that does not match RFC 3986 `IPv6address`; the
    /// wrapped kind says why, and [`code`](Self::code) is its code.
    #[error("invalid IPv6 address: {0}")]
    Ip(IpErrorKind),
    /// An RFC 6874 zone ID (`%25`) in an IPv6 literal while zone IDs are not enabled
    /// ([`UriPolicy::with_zone_ids`](crate::UriPolicy::with_zone_ids)).
    #[error("IPv6 zone IDs are not allowed in URIs unless enabled (RFC 6874)")]
    ZoneIdNotAllowed,
    /// An empty zone ID or one with bytes outside `unreserved / pct-encoded` (RFC 6874 §2).
    #[error("invalid IPv6 zone ID (RFC 6874)")]
    InvalidZoneId,
    /// An input longer than [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN) bytes.
    #[error("input is longer than 4 GiB")]
    InputTooLong,
    /// The input is not UTF-8 (only reachable from `parse_bytes` in IRI mode).
    #[error("input is not valid UTF-8")]
    InvalidUtf8,
    /// Percent-decoded octets that are not UTF-8 where text is required (a host, a mailto
    /// address or header field).
    #[error("percent-decoded text is not valid UTF-8")]
    DecodedNotUtf8,
    /// The scheme is not `http` or `https` (RFC 9110 §4.2).
    #[error("scheme is not http or https")]
    NotHttp,
    /// An http(s) URI without an authority (RFC 9110 §4.2.1: `"//" authority`).
    #[error("http(s) URI has no authority (`//host`)")]
    MissingAuthority,
    /// An http(s) URI with an empty host (RFC 9110 §4.2.1, §4.2.2).
    #[error("http(s) URI has an empty host")]
    EmptyHost,
    /// A port above 65535 (RFC 9110 §4.2: TCP ports are 16-bit).
    #[error("port is larger than 65535")]
    PortOutOfRange,
    /// Userinfo in an http(s) URI (RFC 9110 §4.2.4: to be treated as an error, the
    /// classic `http://bank.example@evil.example/` deception).
    #[error("userinfo (`user@`) is not allowed in http(s) URIs (RFC 9110 §4.2.4)")]
    UserinfoInHttpUrl,
    /// A host name that `ldh-domain` rejects under `Policy::HOSTNAME`; the wrapped kind
    /// says why, and [`code`](Self::code) is its code.
    #[error("invalid host name: {0}{hint}", hint = host_name_hint(*.0))]
    Domain(ldh_domain::DomainErrorKind),
    /// The scheme is not `mailto` (RFC 6068 §2).
    #[error("scheme is not mailto")]
    NotMailto,
    /// A byte that RFC 6068 §2 requires to be percent-encoded in a mailto URI.
    #[error("invalid character in mailto URI (must be percent-encoded)")]
    InvalidCharacterInMailto,
    /// An `hfield` without `=` (RFC 6068 §2 `hfield = hfname "=" hfvalue`).
    #[error("header field without `=`")]
    HfieldWithoutEquals,
    /// An empty address in the `to` list (such as `a@b.example,,c@d.example`).
    #[error("empty address in mailto `to` list")]
    EmptyAddress,
    /// A caller buffer too small for the decoded output
    /// ([`percent::decode_into`](crate::percent::decode_into)).
    #[error("output buffer too small")]
    BufferTooSmall,
    /// A decoded mailto address longer than the crate's no-allocation buffer
    /// ([`MAX_DECODED_ADDRESS_LEN`](crate::MAX_DECODED_ADDRESS_LEN) octets).
    #[error("decoded address is too long")]
    AddressTooLong,
    /// An address that `rfc-email` rejects under the chosen profile; the wrapped kind says
    /// why, and [`code`](Self::code) is its code.
    #[cfg(feature = "mailto")]
    #[cfg_attr(docsrs, doc(cfg(feature = "mailto")))]
    #[error("invalid email address: {0}")]
    Email(rfc_email::EmailErrorKind),
    /// A header name that is empty or, decoded, not an RFC 5322 §3.6.8 `field-name`
    /// (printable ASCII except `:`): in a parsed mailto URI or given to `MailtoBuilder`.
    #[error("invalid header field name: RFC 5322 §3.6.8 allows printable ASCII except `:`")]
    InvalidHeaderName,
    /// A `MailtoBuilder` header value (other than `body`) with a line break (CR, LF, or
    /// NUL, VT, NEL, U+2028, U+2029, which some mail software takes for one): it would
    /// inject header lines (RFC 6068 §7); allowed only with `allow_header_line_breaks`.
    #[error("line break in a header field value other than `body` (header injection, RFC 6068 §7)")]
    HeaderLineBreak,
    /// A header field given to `MailtoBuilder` that RFC 6068 §3 says MUST be ignored
    /// (originator, date, routing, trace and MIME fields such as `From` or `Content-Type`).
    #[error(
        "header field that RFC 6068 §3 says mail clients MUST ignore (originator, routing, trace or MIME field)"
    )]
    UnsafeHeaderField,
    /// A header field name given to `MailtoBuilder` twice, ASCII case aside (RFC 6068 §2:
    /// creators SHOULD NOT use the same name twice).
    #[error("header field name used twice (RFC 6068 §2)")]
    DuplicateHeaderField,
}

/// What to do about a host name error when the URL API has the answer: an upper-case
/// letter in a U-label (RFC 5892 §2.2) is what `HttpUrlBuf::from_user_input` maps.
fn host_name_hint(kind: ldh_domain::DomainErrorKind) -> &'static str {
    use ldh_domain::{DisallowedWhy, DomainErrorKind, IdnaRule};
    match kind {
        DomainErrorKind::Idna(IdnaRule::Disallowed(_, DisallowedWhy::UpperCase)) => {
            " (for a URL as typed: `HttpUrlBuf::from_user_input`)"
        }
        _ => "",
    }
}

impl UriErrorKind {
    /// For the kinds about one invalid character, the rest of their message after
    /// "invalid character" (where it is and what the rule is), so that
    /// [`UriError`]'s message can name the character.
    pub(crate) const fn invalid_character_place(self) -> Option<&'static str> {
        Some(match self {
            Self::InvalidCharacterInScheme => "in scheme",
            Self::InvalidCharacterInUserinfo => "in userinfo",
            Self::InvalidCharacterInHost => "in host",
            Self::InvalidCharacterInPort => "in port (a port is decimal digits only)",
            Self::InvalidCharacterInPath => "in path",
            Self::InvalidCharacterInQuery => "in query",
            Self::InvalidCharacterInFragment => "in fragment",
            Self::InvalidCharacterInMailto => "in mailto URI (must be percent-encoded)",
            _ => return None,
        })
    }

    /// Stable machine-readable code, in `snake_case`.
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriErrorKind::BadPercentEncoding.code(), "bad_percent_encoding");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::MissingScheme => "missing_scheme",
            Self::SurroundingWhitespace => "surrounding_whitespace",
            Self::InvalidCharacterInScheme => "invalid_character_in_scheme",
            Self::BadPercentEncoding => "bad_percent_encoding",
            Self::InvalidCharacterInUserinfo => "invalid_character_in_userinfo",
            Self::InvalidCharacterInHost => "invalid_character_in_host",
            Self::NonAsciiHost => "non_ascii_host",
            Self::InvisibleCharacter(_) => "invisible_character",
            Self::InvalidCharacterInPort => "invalid_character_in_port",
            Self::InvalidCharacterInPath => "invalid_character_in_path",
            Self::ColonInFirstSegment => "colon_in_first_segment",
            Self::InvalidCharacterInQuery => "invalid_character_in_query",
            Self::InvalidCharacterInFragment => "invalid_character_in_fragment",
            Self::UnclosedIpLiteral => "unclosed_ip_literal",
            Self::CharacterAfterIpLiteral => "character_after_ip_literal",
            Self::InvalidIpFuture => "invalid_ipvfuture",
            Self::Ip(kind) => kind.code(),
            Self::ZoneIdNotAllowed => "zone_id_not_allowed",
            Self::InvalidZoneId => "invalid_zone_id",
            Self::InputTooLong => "input_too_long",
            Self::InvalidUtf8 => "invalid_utf8",
            Self::DecodedNotUtf8 => "decoded_not_utf8",
            Self::NotHttp => "not_http",
            Self::MissingAuthority => "missing_authority",
            Self::EmptyHost => "empty_host",
            Self::PortOutOfRange => "port_out_of_range",
            Self::UserinfoInHttpUrl => "userinfo_in_http_url",
            Self::Domain(kind) => kind.code(),
            Self::NotMailto => "not_mailto",
            Self::InvalidCharacterInMailto => "invalid_character_in_mailto",
            Self::HfieldWithoutEquals => "hfield_without_equals",
            Self::EmptyAddress => "empty_address",
            #[cfg(feature = "mailto")]
            Self::Email(kind) => kind.code(),
            Self::InvalidHeaderName => "invalid_header_name",
            Self::HeaderLineBreak => "header_line_break",
            Self::UnsafeHeaderField => "unsafe_header_field",
            Self::DuplicateHeaderField => "duplicate_header_field",
            Self::BufferTooSmall => "buffer_too_small",
            Self::AddressTooLong => "address_too_long",
        }
    }

    /// A plain-language message for people who are not developers (a settings form):
    /// no RFC citations, no grammar terms. Wrapped kinds use their crate's.
    ///
    /// ```
    /// use uri_schemes::UriErrorKind;
    /// assert_eq!(UriErrorKind::MissingScheme.user_message(), "enter a full web address, starting with https://");
    /// ```
    #[must_use]
    pub fn user_message(self) -> &'static str {
        match self {
            Self::MissingScheme | Self::InvalidCharacterInScheme | Self::MissingAuthority => {
                "enter a full web address, starting with https://"
            }
            Self::SurroundingWhitespace => "remove the spaces before or after the address",
            Self::NotHttp => "enter a web address starting with http:// or https://",
            Self::NotMailto => "enter an address starting with mailto:",
            Self::EmptyHost => "enter the site name after https://",
            Self::InvalidCharacterInPort | Self::PortOutOfRange => {
                "the number after the colon (the port) is not valid"
            }
            Self::UserinfoInHttpUrl => {
                "remove the part before the @ in the site name: it can be used to disguise the real site"
            }
            Self::NonAsciiHost => "the site name contains characters that are not accepted here",
            Self::InvisibleCharacter(_) => {
                "the address contains an invisible character: retype it instead of pasting it"
            }
            Self::Domain(kind) => kind.user_message(),
            #[cfg(feature = "mailto")]
            Self::Email(kind) => kind.user_message(),
            Self::EmptyAddress => "an email address is missing from the list",
            Self::InputTooLong | Self::AddressTooLong => "the address is too long",
            Self::HeaderLineBreak => "the link contains a line break where none is allowed",
            Self::UnsafeHeaderField | Self::DuplicateHeaderField => {
                "the link sets a message field that is not allowed there"
            }
            Self::InvalidCharacterInHost
            | Self::UnclosedIpLiteral
            | Self::CharacterAfterIpLiteral
            | Self::InvalidIpFuture
            | Self::Ip(_)
            | Self::ZoneIdNotAllowed
            | Self::InvalidZoneId => "the site name is not valid",
            Self::BadPercentEncoding
            | Self::InvalidCharacterInUserinfo
            | Self::InvalidCharacterInPath
            | Self::ColonInFirstSegment
            | Self::InvalidCharacterInQuery
            | Self::InvalidCharacterInFragment
            | Self::InvalidUtf8
            | Self::DecodedNotUtf8
            | Self::InvalidCharacterInMailto
            | Self::HfieldWithoutEquals
            | Self::InvalidHeaderName
            | Self::BufferTooSmall => "the address contains a character that is not allowed",
        }
    }
}

/// A URI that does not match the grammar or a scheme's rules: what and where.
///
/// `offset` is the byte offset in the caller's input (for errors inside a wrapped host
/// or address, rebased to the whole URI). `Display` is the message alone, lowercase; the
/// offset is [`offset`](Self::offset).
///
/// ```
/// use uri_schemes::{Uri, UriErrorKind};
/// let err = Uri::parse("http://a/b%zz").unwrap_err();
/// assert_eq!((err.kind(), err.offset()), (UriErrorKind::BadPercentEncoding, 10));
/// assert_eq!(err.code(), "bad_percent_encoding");
/// assert_eq!(err.to_string(), "`%` must be followed by two hex digits (write a literal `%` as `%25`)");
/// ```
///
/// An error about a wrapped host name or email address keeps the wrapped crate's error
/// kind as its [`source`](core::error::Error::source):
///
/// ```
/// # #[cfg(feature = "mailto")] {
/// use core::error::Error;
/// let err = uri_schemes::Mailto::parse("mailto:a..b@example.com").unwrap_err();
/// let email = err.source().and_then(|e| e.downcast_ref::<rfc_email::EmailErrorKind>());
/// assert_eq!(email.map(|kind| kind.code()), Some(err.code()));
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriError {
    kind: UriErrorKind,
    offset: usize,
    /// The character at `offset`, for the kinds about one character.
    found: Option<char>,
}

/// The message of a kind about one character with that character named in it:
/// `invalid character U+00E9 'é' in path`.
impl core::fmt::Display for UriError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match (self.found, self.kind.invalid_character_place()) {
            (Some(c), Some(place)) => write!(
                f,
                "invalid character {} {place}",
                name_text::report::CodePoint(c)
            ),
            _ => core::fmt::Display::fmt(&self.kind, f),
        }
    }
}

impl core::error::Error for UriError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match &self.kind {
            #[cfg(feature = "mailto")]
            UriErrorKind::Email(kind) => Some(kind),
            UriErrorKind::Domain(kind) => Some(kind),
            _ => None,
        }
    }
}

impl UriError {
    /// An error of `kind` at byte `offset`.
    ///
    /// ```
    /// let err = uri_schemes::UriError::new(uri_schemes::UriErrorKind::EmptyHost, 7);
    /// assert_eq!(err.offset(), 7);
    /// ```
    #[must_use]
    pub const fn new(kind: UriErrorKind, offset: usize) -> Self {
        Self {
            kind,
            offset,
            found: None,
        }
    }

    /// The same error naming the character of `input` at its offset in its message,
    /// when its kind is about one character (and the bytes there are UTF-8).
    pub(crate) fn naming_found_in(self, input: &[u8]) -> Self {
        let found = self
            .kind
            .invalid_character_place()
            .and_then(|_| crate::grammar::char_at(input, self.offset));
        Self { found, ..self }
    }

    /// The character the error is about, when it is about one that the input holds:
    /// the invalid character of the `invalid_character_in_*` kinds.
    ///
    /// ```
    /// use uri_schemes::UriRef;
    /// let err = UriRef::parse("/caf\u{e9}").unwrap_err();
    /// assert_eq!((err.code(), err.offset(), err.found()), ("invalid_character_in_path", 4, Some('\u{e9}')));
    /// assert!(err.to_string().starts_with("invalid character U+00E9"), "{err}");
    /// ```
    #[must_use]
    pub const fn found(&self) -> Option<char> {
        self.found
    }
}

name_text::located_error! {
    impl UriError(kind: UriErrorKind) {
        /// The error rendered against `input`, the text that produced it: the input, a
        /// caret under the offending character, the code and the message (see
        /// [`Report`](name_text::report::Report)).
        ///
        /// ```
        /// use uri_schemes::UriRef;
        /// let input = "/a b";
        /// let err = UriRef::parse(input).unwrap_err();
        /// assert_eq!(err.display_in(input).to_string(), "/a b\n  ^ invalid_character_in_path: invalid character U+0020 in path");
        /// ```
        fn display_in;
        /// The error rendered against `input` for end users: the input, a caret under the
        /// offending character and the [`user_message`](Self::user_message), without the code
        /// and the developer message (see [`UserReport`](name_text::report::UserReport)).
        ///
        /// ```
        /// use uri_schemes::UriRef;
        /// let input = "/a b";
        /// let err = UriRef::parse(input).unwrap_err();
        /// let shown = err.display_for_user(input).to_string();
        /// assert_eq!(shown, format!("/a b\n  ^ {}", err.user_message()));
        /// assert!(!shown.contains(err.code()));
        /// ```
        fn display_for_user;
        /// A plain-language message for people who are not developers: no RFC citations,
        /// no grammar terms. [`Display`](core::fmt::Display) is the message for developers.
        ///
        /// ```
        /// let err = uri_schemes::HttpUrl::parse("example.com").unwrap_err();
        /// assert_eq!(err.user_message(), "enter a full web address, starting with https://");
        /// ```
        fn user_message;
        /// What is wrong.
        ///
        /// ```
        /// # use uri_schemes::*;
        /// assert_eq!(Uri::parse("/x").unwrap_err().kind(), UriErrorKind::MissingScheme);
        /// ```
        fn kind;
        /// Byte offset of the problem in the caller's input.
        ///
        /// ```
        /// # use uri_schemes::*;
        /// assert_eq!(Uri::parse("http://a/b c").unwrap_err().offset(), 10);
        /// ```
        fn offset;
        /// Stable machine-readable code, in `snake_case` (the wrapped crate's code for
        /// wrapped kinds).
        ///
        /// ```
        /// # use uri_schemes::*;
        /// assert_eq!(Uri::parse("http://[1::2::3]/").unwrap_err().code(), "multiple_double_colons");
        /// ```
        fn code;
        /// The same error with `base` added to its offset, for rebasing into a larger input.
        ///
        /// ```
        /// # use uri_schemes::*;
        /// assert_eq!(UriError::new(UriErrorKind::EmptyHost, 2).with_offset(10).offset(), 12);
        /// ```
        fn with_offset;
    }
    impl LocatedError;
}

/// A valid but discouraged form; collected in [`Warnings`].
///
/// ```
/// use uri_schemes::Warning;
/// assert_eq!(Warning::UserinfoInHttpUrl.code(), "userinfo_in_http_url");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Warning {
    /// Userinfo in an http(s) URL, accepted only because the policy downgrades it from an
    /// error (RFC 9110 §4.2.4).
    UserinfoInHttpUrl,
    /// A `:` with an empty port; RFC 3986 §3.2.3 says producers should omit the `:`.
    EmptyPort,
    /// A decoded mailto header field value (other than `body`) holds CR or LF, or NUL,
    /// VT, NEL, U+2028 or U+2029, which some software also takes as a line end: header
    /// injection (RFC 6068 §7, RFC 5322 §2.2).
    HeaderInjection,
    /// A mailto header field that RFC 6068 §3 says MUST be ignored (originator, routing,
    /// trace and MIME fields such as `From`, `Resent-*`, `Received`, `Content-*`).
    UnsafeHeaderField,
    /// A mailto with a `to` header field as well as addresses in the path: valid but NOT
    /// RECOMMENDED (RFC 6068 §2), some clients ignore one of them.
    ToInBothPathAndHeader,
    /// The same header field name more than once: creators SHOULD NOT (RFC 6068 §2).
    DuplicateHeaderField,
    /// A decoded address that needs SMTPUTF8 (RFC 6531): a non-ASCII local part.
    Smtputf8Address,
    /// A percent-encoded (UTF-8) domain in a mailto address: legacy interpreters prefer
    /// the A-label form (RFC 6068 §2 item 4).
    PercentEncodedDomain,
    /// A host written as a percent-encoded or Unicode IDN: converted to its A-label.
    InternationalizedHost,
    /// A fragment on a mailto URI: RFC 6068 §2 says it SHOULD NOT be used and SHOULD be
    /// ignored.
    FragmentInMailto,
}

impl Warning {
    const ALL: [Self; 10] = [
        Self::UserinfoInHttpUrl,
        Self::EmptyPort,
        Self::HeaderInjection,
        Self::UnsafeHeaderField,
        Self::ToInBothPathAndHeader,
        Self::DuplicateHeaderField,
        Self::Smtputf8Address,
        Self::PercentEncodedDomain,
        Self::InternationalizedHost,
        Self::FragmentInMailto,
    ];

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// Stable machine-readable code, in `snake_case`.
    ///
    /// ```
    /// assert_eq!(uri_schemes::Warning::HeaderInjection.code(), "header_injection");
    /// ```
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::UserinfoInHttpUrl => "userinfo_in_http_url",
            Self::EmptyPort => "empty_port",
            Self::HeaderInjection => "header_injection",
            Self::UnsafeHeaderField => "unsafe_header_field",
            Self::ToInBothPathAndHeader => "to_in_both_path_and_header",
            Self::DuplicateHeaderField => "duplicate_header_field",
            Self::Smtputf8Address => "smtputf8_address",
            Self::PercentEncodedDomain => "percent_encoded_domain",
            Self::InternationalizedHost => "internationalized_host",
            Self::FragmentInMailto => "fragment_in_mailto",
        }
    }

    /// Human-readable explanation, lowercase.
    ///
    /// ```
    /// assert!(uri_schemes::Warning::EmptyPort.message().contains("port"));
    /// ```
    #[must_use]
    pub const fn message(self) -> &'static str {
        match self {
            Self::UserinfoInHttpUrl => {
                "userinfo in an http(s) URL: the part before `@` is not the host (RFC 9110 §4.2.4)"
            }
            Self::EmptyPort => {
                "empty port after `:`; producers should omit the `:` (RFC 3986 §3.2.3)"
            }
            Self::HeaderInjection => {
                "decoded header field value contains a line break (CR, LF, NEL, U+2028, U+2029), NUL or VT: header injection (RFC 6068 §7)"
            }
            Self::UnsafeHeaderField => {
                "header field that mail clients must ignore in a mailto URI (RFC 6068 §3)"
            }
            Self::ToInBothPathAndHeader => {
                "addresses both before `?` and in a `to` header field are NOT RECOMMENDED (RFC 6068 §2)"
            }
            Self::DuplicateHeaderField => {
                "the same header field appears more than once (RFC 6068 §2: SHOULD NOT)"
            }
            Self::Smtputf8Address => {
                "address with a non-ASCII local part needs SMTPUTF8 (RFC 6531)"
            }
            Self::PercentEncodedDomain => {
                "percent-encoded domain; the A-label form interoperates better (RFC 6068 §2)"
            }
            Self::InternationalizedHost => "internationalized host name, converted to its A-label",
            Self::FragmentInMailto => {
                "fragment on a mailto URI: SHOULD NOT be used, and mail clients ignore it (RFC 6068 §2)"
            }
        }
    }
}

name_text::flag_set! {
    /// A set of [`Warning`]s: a `Copy` bitset, no allocation.
    ///
    /// ```
    /// use uri_schemes::{Warning, Warnings};
    /// let mut w = Warnings::default();
    /// w.insert(Warning::EmptyPort);
    /// assert!(w.contains(Warning::EmptyPort) && !w.is_empty());
    /// assert_eq!(w.iter().map(Warning::code).collect::<Vec<_>>(), ["empty_port"]);
    /// ```
    pub struct Warnings(u16) of Warning;
    example uri_schemes, EmptyPort, HeaderInjection;
}

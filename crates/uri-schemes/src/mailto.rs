//! [`Mailto`]: RFC 6068 `mailto` URIs, every address checked by `rfc-email`; and, with
//! `alloc`, [`MailtoBuilder`], which writes them encoded exactly as RFC 6068 §2 says.

use core::fmt;

use rfc_email::{EmailAddress, Policy};

use crate::ascii::{ByteSet, QCHAR};
use crate::grammar::Span;
use crate::percent::decode;
use crate::{Uri, UriError, UriErrorKind, Warning, Warnings};

/// Decoded addresses longer than this many octets are [`UriErrorKind::AddressTooLong`]
/// (far above every profile's limit), so address checks need no allocation.
///
/// ```
/// let long = format!("mailto:{}@example.com", "%41".repeat(uri_schemes::MAX_DECODED_ADDRESS_LEN));
/// assert_eq!(uri_schemes::Mailto::parse(&long).unwrap_err().code(), "address_too_long");
/// ```
pub const MAX_DECODED_ADDRESS_LEN: usize = 1024;

/// What a list of addresses may hold literally: `qchar` (its `,` separates addresses)
/// without `;`, which RFC 6068 §2 item 1 says has to be percent-encoded in an `addr-spec`
/// (as `&` and `=`, which `qchar` already lacks).
const ADDRESS_LIST: ByteSet = QCHAR.without(b';');

/// Options for [`Mailto::parse_with`]; const-constructible.
///
/// ```
/// use uri_schemes::{Mailto, MailtoOptions};
/// const QUOTED_OK: MailtoOptions = MailtoOptions::DEFAULT.with_email_policy(rfc_email::Policy::RFC5322);
/// assert!(Mailto::parse_with("mailto:a@example.com", &QUOTED_OK).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MailtoOptions {
    email: Option<Policy>,
    idna: ldh_domain::IdnaMode,
}

impl MailtoOptions {
    /// Addresses checked under `rfc_email::Policy::RFC5321`, or `SMTPUTF8` when a decoded
    /// address is not ASCII (RFC 6068 §2 items 4 and 5 allow UTF-8 addresses).
    ///
    /// ```
    /// assert_eq!(uri_schemes::MailtoOptions::DEFAULT, Default::default());
    /// ```
    pub const DEFAULT: Self = Self {
        email: None,
        idna: ldh_domain::IdnaMode::Registration,
    };

    /// Checks every address under `policy` instead.
    ///
    /// ```
    /// use uri_schemes::{Mailto, MailtoOptions};
    /// let html5 = MailtoOptions::DEFAULT.with_email_policy(rfc_email::Policy::HTML5);
    /// assert!(Mailto::parse_with("mailto:a@localhost", &html5).is_ok());
    /// ```
    #[must_use]
    pub const fn with_email_policy(self, policy: Policy) -> Self {
        Self {
            email: Some(policy),
            ..self
        }
    }

    /// Judges the IDN domains of the addresses by another IDNA mode (the default is IDNA
    /// 2008 registration, which RFC 6531 §3.3 asks of SMTPUTF8 domains). Applies to the
    /// default email policies; a policy given with
    /// [`with_email_policy`](Self::with_email_policy) keeps its own mode.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// use ldh_domain::IdnaMode;
    /// use uri_schemes::{Mailto, MailtoOptions};
    /// assert!(Mailto::parse("mailto:a@%E2%98%83.net").is_err());
    /// let uts46 = MailtoOptions::DEFAULT.with_idna_mode(IdnaMode::Uts46);
    /// assert!(Mailto::parse_with("mailto:a@%E2%98%83.net", &uts46).is_ok());
    /// # }
    /// ```
    #[must_use]
    pub const fn with_idna_mode(self, idna: ldh_domain::IdnaMode) -> Self {
        Self { idna, ..self }
    }
}

/// A `mailto` URI (RFC 6068 §2):
///
/// ```text
/// mailtoURI = "mailto:" [ to ] [ hfields ]
/// to        = addr-spec *("," addr-spec )
/// hfields   = "?" hfield *( "&" hfield )
/// hfield    = hfname "=" hfvalue
/// ```
///
/// Strict: the URI must be valid RFC 3986 with characters RFC 6068 §2 reserves
/// percent-encoded, no fragment; decoded names and values must be UTF-8; every address
/// in the path and in `to`, `cc` and `bcc` header fields is checked by `rfc-email`.
/// `+` is a literal plus, never a space. Header injection (CR or LF in a decoded value
/// other than `body`) and header fields RFC 6068 §3 says to ignore are reported as
/// [`warnings`](Self::warnings).
///
/// ```
/// use uri_schemes::{Mailto, Warning};
/// let m = Mailto::parse("mailto:joe@example.com?cc=bob@example.com&body=hello")?;
/// assert_eq!(m.raw_to().collect::<Vec<_>>(), ["joe@example.com"]);
/// # #[cfg(feature = "alloc")] {
/// assert_eq!(m.body().as_deref(), Some("hello"));
/// assert_eq!(Mailto::parse("mailto:a+b@example.com")?.to(), ["a+b@example.com"]);
/// # }
/// let m = Mailto::parse("mailto:a@example.com?subject=x%0D%0ABcc:%20c@example.com")?;
/// assert!(m.warnings().contains(Warning::HeaderInjection));
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Mailto<'a> {
    input: &'a str,
    path: Span,
    query: Option<Span>,
    warnings: Warnings,
}

impl fmt::Debug for Mailto<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mailto")
            .field("to", &self.path.of(self.input))
            .field("hfields", &self.query.map(|q| q.of(self.input)))
            .field("warnings", &self.warnings)
            .finish()
    }
}

impl fmt::Display for Mailto<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

/// Header fields RFC 6068 §3 says MUST be ignored: originator fields (RFC 5322 §3.6.2),
/// `Date`, routing (`Apparently-To`, `Resent-*`), trace fields (§3.6.7) and MIME fields
/// (`MIME-Version`, `Content-*`).
fn is_unsafe_header(name: &[u8]) -> bool {
    const EXACT: [&[u8]; 8] = [
        b"from",
        b"sender",
        b"reply-to",
        b"date",
        b"apparently-to",
        b"received",
        b"return-path",
        b"mime-version",
    ];
    let starts = |prefix: &[u8]| {
        name.get(..prefix.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
    };
    EXACT.iter().any(|e| name.eq_ignore_ascii_case(e)) || starts(b"resent-") || starts(b"content-")
}

/// Whether `raw` holds a triplet of a non-ASCII octet (`%80`–`%FF`): otherwise its
/// decoded form is ASCII (the URI itself was checked to be ASCII).
fn has_non_ascii_triplet(raw: &str) -> bool {
    raw.as_bytes()
        .windows(2)
        .any(|w| matches!(w, [b'%', b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F']))
}

/// Whether `raw` decodes to a CR or LF: only `%0D` / `%0A` can (a raw CR or LF is not a
/// URI character), so no decoding is needed.
fn has_cr_or_lf_triplet(raw: &str) -> bool {
    raw.as_bytes()
        .windows(3)
        .any(|w| matches!(w, [b'%', b'0', b'a' | b'A' | b'd' | b'D']))
}

/// Whether the percent-decoded form of `raw` is UTF-8 (streaming, no allocation).
fn decoded_is_utf8(raw: &str) -> bool {
    if raw.is_ascii() && !has_non_ascii_triplet(raw) {
        return true;
    }
    let mut pending = [0u8; 4];
    let (mut have, mut need) = (0usize, 0usize);
    for byte in decode(raw.as_bytes()) {
        let Ok(byte) = byte else { return false };
        if need == 0 {
            need = match byte {
                0x00..=0x7F => 1,
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => return false,
            };
            have = 0;
        }
        if let Some(slot) = pending.get_mut(have) {
            *slot = byte;
        }
        have += 1;
        if have == need {
            if core::str::from_utf8(pending.get(..need).unwrap_or_default()).is_err() {
                return false;
            }
            need = 0;
        }
    }
    need == 0
}

/// Whether two raw (percent-encoded) names decode to the same text, ignoring ASCII case.
fn same_name(first: &str, second: &str) -> bool {
    let mut left = decode(first.as_bytes());
    let mut right = decode(second.as_bytes());
    loop {
        match (left.next(), right.next()) {
            (None, None) => return true,
            (Some(Ok(l)), Some(Ok(r))) if l.eq_ignore_ascii_case(&r) => {}
            _ => return false,
        }
    }
}

/// Decodes a short raw name into `buf` for comparisons (`None` if too long or invalid).
fn decode_name<'b>(raw: &str, buf: &'b mut [u8; 64]) -> Option<&'b [u8]> {
    crate::percent::decode_into(raw.as_bytes(), buf).ok()
}

/// Splits `span` of `input` at `sep`, yielding each piece's span.
fn split_spans(input: &str, span: Span, sep: u8) -> impl Iterator<Item = Span> + '_ {
    let bytes = input
        .as_bytes()
        .get(span.start()..span.end())
        .unwrap_or_default();
    let mut start = span.start();
    bytes.split(move |&b| b == sep).map(move |piece| {
        let s = Span::new(start, start + piece.len());
        start = s.end() + 1;
        s
    })
}

impl<'a> Mailto<'a> {
    /// Parses a mailto URI with [`MailtoOptions::DEFAULT`].
    ///
    /// ```
    /// use uri_schemes::Mailto;
    /// assert!(Mailto::parse("mailto:chris@example.com").is_ok());
    /// let err = Mailto::parse("mailto:joe@example.com?cc=bob@example.com?body=hello").unwrap_err();
    /// assert_eq!((err.code(), err.offset()), ("invalid_character_in_mailto", 41));
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, UriError> {
        Self::parse_with(input, &MailtoOptions::DEFAULT)
    }

    /// Parses a mailto URI under `options`.
    ///
    /// ```
    /// use uri_schemes::{Mailto, MailtoOptions};
    /// let m = Mailto::parse_with("mailto:a@example.com", &MailtoOptions::DEFAULT)?;
    /// assert_eq!(m.as_str(), "mailto:a@example.com");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_with(input: &'a str, options: &MailtoOptions) -> Result<Self, UriError> {
        let uri = Uri::parse(input)?;
        if !uri.scheme().eq_ignore_ascii_case("mailto") {
            return Err(UriError::new(UriErrorKind::NotMailto, 0));
        }
        let parts = *uri.parts();
        if let Some(fragment) = parts.fragment {
            return Err(UriError::new(
                UriErrorKind::FragmentInMailto,
                fragment.start() - 1,
            ));
        }
        if let Some(authority) = parts.authority {
            // "mailto://…": the "/" would have to be %2F.
            return Err(UriError::new(
                UriErrorKind::InvalidCharacterInMailto,
                authority.start() - 2,
            ));
        }
        let mut mailto = Self {
            input,
            path: parts.path,
            query: parts.query,
            warnings: Warnings::default(),
        };
        mailto.check_chars(parts.path, &ADDRESS_LIST)?;
        let has_path_addresses = parts.path.start() != parts.path.end();
        if has_path_addresses {
            mailto.check_addresses(parts.path, options)?;
        }
        if let Some(query) = parts.query {
            mailto.check_hfields(query, options, has_path_addresses)?;
        }
        Ok(mailto)
    }

    /// Every byte of `span` must be in `set` (percent-encoded triplets were checked by
    /// the generic parser) or be `%`.
    fn check_chars(&self, span: Span, set: &ByteSet) -> Result<(), UriError> {
        let bytes = self
            .input
            .as_bytes()
            .get(span.start()..span.end())
            .unwrap_or_default();
        match bytes.iter().position(|&b| !(set.contains(b) || b == b'%')) {
            Some(at) => Err(UriError::new(
                UriErrorKind::InvalidCharacterInMailto,
                span.start() + at,
            )),
            None => Ok(()),
        }
    }

    /// Checks a comma-separated list of addresses (the path, or a to/cc/bcc value).
    fn check_addresses(&mut self, span: Span, options: &MailtoOptions) -> Result<(), UriError> {
        for piece in split_spans(self.input, span, b',') {
            if piece.start() == piece.end() {
                return Err(UriError::new(UriErrorKind::EmptyAddress, piece.start()));
            }
            self.check_address(piece, options)?;
        }
        Ok(())
    }

    fn check_address(&mut self, span: Span, options: &MailtoOptions) -> Result<(), UriError> {
        let raw = span.of(self.input);
        let encoded = raw.contains('%');
        let mut buf = [0u8; MAX_DECODED_ADDRESS_LEN];
        let text = if encoded {
            let decoded = crate::percent::decode_into(raw.as_bytes(), &mut buf).map_err(|e| {
                UriError::new(UriErrorKind::AddressTooLong, span.start() + e.offset())
            })?;
            core::str::from_utf8(decoded)
                .map_err(|_| UriError::new(UriErrorKind::DecodedNotUtf8, span.start()))?
        } else {
            raw
        };
        let policy = match options.email {
            Some(policy) => policy,
            None if text.is_ascii() => Policy::RFC5321.with_idna_mode(options.idna),
            None => Policy::SMTPUTF8.with_idna_mode(options.idna),
        };
        let address = EmailAddress::parse_with(text, &policy).map_err(|e| {
            // Offsets inside a decoded address do not map back: point at the address.
            let offset = if encoded {
                span.start()
            } else {
                span.start() + e.offset()
            };
            UriError::new(UriErrorKind::Email(e.kind()), offset)
        })?;
        if !address.local_part().is_ascii() {
            self.warnings.insert(Warning::Smtputf8Address);
        }
        if let Some(at) = raw.rfind('@')
            && raw.get(at..).is_some_and(|d| d.contains('%'))
        {
            self.warnings.insert(Warning::PercentEncodedDomain);
        }
        Ok(())
    }

    fn check_hfields(
        &mut self,
        query: Span,
        options: &MailtoOptions,
        has_path_addresses: bool,
    ) -> Result<(), UriError> {
        for (count, field) in split_spans(self.input, query, b'&').enumerate() {
            let raw = field.of(self.input);
            let Some(eq) = raw.find('=') else {
                // `?` alone, `&&`, a trailing `&` or `name` without `=`.
                let at = raw
                    .bytes()
                    .position(|b| !(QCHAR.contains(b) || b == b'%'))
                    .map_or(field.end(), |p| field.start() + p);
                let kind = if at == field.end() {
                    UriErrorKind::HfieldWithoutEquals
                } else {
                    UriErrorKind::InvalidCharacterInMailto
                };
                return Err(UriError::new(kind, at));
            };
            let name = Span::new(field.start(), field.start() + eq);
            let value = Span::new(field.start() + eq + 1, field.end());
            self.check_chars(name, &QCHAR)?;
            self.check_chars(value, &QCHAR)?;
            let name_raw = name.of(self.input);
            let value_raw = value.of(self.input);
            if !decoded_is_utf8(name_raw) {
                return Err(UriError::new(UriErrorKind::DecodedNotUtf8, name.start()));
            }
            if !decoded_is_utf8(value_raw) {
                return Err(UriError::new(UriErrorKind::DecodedNotUtf8, value.start()));
            }
            let mut name_buf = [0u8; 64];
            let decoded_name = decode_name(name_raw, &mut name_buf).unwrap_or_default();
            let is = |n: &[u8]| decoded_name.eq_ignore_ascii_case(n);
            if is(b"to") || is(b"cc") || is(b"bcc") {
                self.check_chars(value, &ADDRESS_LIST)?;
                if value.start() != value.end() {
                    self.check_addresses(value, options)?;
                }
                if is(b"to") && has_path_addresses {
                    self.warnings.insert(Warning::ToInBothPathAndHeader);
                }
            }
            if !is(b"body") && has_cr_or_lf_triplet(value_raw) {
                self.warnings.insert(Warning::HeaderInjection);
            }
            if is_unsafe_header(decoded_name) {
                self.warnings.insert(Warning::UnsafeHeaderField);
            }
            // Duplicate names: quadratic, so only among the first 32 fields.
            if count < 32
                && split_spans(self.input, query, b'&')
                    .take(count)
                    .filter_map(|f| f.of(self.input).split_once('=').map(|(n, _)| n))
                    .any(|n| same_name(n, name_raw))
            {
                self.warnings.insert(Warning::DuplicateHeaderField);
            }
        }
        Ok(())
    }

    /// The URI as written.
    ///
    /// ```
    /// assert_eq!(uri_schemes::Mailto::parse("mailto:a@b.example")?.as_str(), "mailto:a@b.example");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.input
    }

    /// The addresses before `?`, as written (percent-encoded).
    ///
    /// ```
    /// let m = uri_schemes::Mailto::parse("mailto:a@b.example,c%25d@e.example")?;
    /// assert_eq!(m.raw_to().collect::<Vec<_>>(), ["a@b.example", "c%25d@e.example"]);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn raw_to(&self) -> impl Iterator<Item = &'a str> + 'a {
        let input = self.input;
        let empty = self.path.start() == self.path.end();
        split_spans(input, self.path, b',')
            .filter(move |_| !empty)
            .map(move |s| s.of(input))
    }

    /// The header fields in order, as written: `(hfname, hfvalue)`, percent-encoded.
    ///
    /// ```
    /// let m = uri_schemes::Mailto::parse("mailto:?subject=a%20b&body=c")?;
    /// assert_eq!(m.raw_hfields().collect::<Vec<_>>(), [("subject", "a%20b"), ("body", "c")]);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn raw_hfields(&self) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        let input = self.input;
        self.query
            .into_iter()
            .flat_map(move |q| split_spans(input, q, b'&'))
            .filter_map(move |f| f.of(input).split_once('='))
    }

    /// Valid but discouraged forms found.
    ///
    /// ```
    /// use uri_schemes::{Mailto, Warning};
    /// let m = Mailto::parse("mailto:a@example.com?from=boss@example.com")?;
    /// assert!(m.warnings().contains(Warning::UnsafeHeaderField));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn warnings(&self) -> Warnings {
        self.warnings
    }
}

#[cfg(feature = "alloc")]
mod owned {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use super::Mailto;
    use crate::percent::decode_to_string;

    fn decoded(raw: &str) -> String {
        // Parsing checked that every decoded name and value is UTF-8.
        decode_to_string(raw)
            .map(alloc::borrow::Cow::into_owned)
            .unwrap_or_default()
    }

    impl Mailto<'_> {
        /// The decoded recipient addresses: those before `?`, then those of every `to`
        /// header field, in order (RFC 6068 §2: `mailto:a@x?to=b@x` addresses both).
        ///
        /// ```
        /// let m = uri_schemes::Mailto::parse("mailto:addr1@an.example?to=addr2@an.example")?;
        /// assert_eq!(m.to(), ["addr1@an.example", "addr2@an.example"]);
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        #[must_use]
        pub fn to(&self) -> Vec<String> {
            let mut out: Vec<String> = self.raw_to().map(decoded).collect();
            for (name, value) in self.raw_hfields() {
                if decoded(name).eq_ignore_ascii_case("to") {
                    out.extend(value.split(',').filter(|a| !a.is_empty()).map(decoded));
                }
            }
            out
        }

        /// The header fields in order, decoded: names in ASCII lowercase (they are
        /// case-insensitive, RFC 6068 §2), values as written after decoding.
        ///
        /// ```
        /// let m = uri_schemes::Mailto::parse("mailto:x@example.org?In-Reply-To=%3Ca@b%3E")?;
        /// assert_eq!(m.hfields(), [("in-reply-to".to_owned(), "<a@b>".to_owned())]);
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        #[must_use]
        pub fn hfields(&self) -> Vec<(String, String)> {
            self.raw_hfields()
                .map(|(n, v)| (decoded(n).to_ascii_lowercase(), decoded(v)))
                .collect()
        }

        /// The first header field named `name` (ASCII case-insensitive), decoded.
        ///
        /// ```
        /// let m = uri_schemes::Mailto::parse("mailto:?Keywords=a,b")?;
        /// assert_eq!(m.header("keywords").as_deref(), Some("a,b"));
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        #[must_use]
        pub fn header(&self, name: &str) -> Option<String> {
            self.raw_hfields()
                .find(|(n, _)| decoded(n).eq_ignore_ascii_case(name))
                .map(|(_, v)| decoded(v))
        }

        /// The decoded `subject` (the first, if repeated).
        ///
        /// ```
        /// let m = uri_schemes::Mailto::parse("mailto:user@example.org?subject=caf%C3%A9")?;
        /// assert_eq!(m.subject().as_deref(), Some("café"));
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        #[must_use]
        pub fn subject(&self) -> Option<String> {
            self.header("subject")
        }

        /// The decoded `body` pseudo header field (RFC 6068 §2; the first, if repeated).
        ///
        /// ```
        /// let m = uri_schemes::Mailto::parse("mailto:a@example.com?body=1%0D%0A2")?;
        /// assert_eq!(m.body().as_deref(), Some("1\r\n2"));
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        #[must_use]
        pub fn body(&self) -> Option<String> {
            self.header("body")
        }

        /// The URI as an owned string (same as `to_string()`).
        ///
        /// ```
        /// assert_eq!(uri_schemes::Mailto::parse("mailto:a@b.example")?.to_owned_string(), "mailto:a@b.example");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
        #[must_use]
        pub fn to_owned_string(&self) -> String {
            self.as_str().to_string()
        }
    }
}

#[cfg(feature = "alloc")]
pub use builder::MailtoBuilder;

#[cfg(feature = "alloc")]
mod builder {
    use alloc::string::String;
    use alloc::vec::Vec;
    use core::fmt::Write;

    use rfc_email::{EmailAddress, Policy};

    use crate::percent::{EncodeSet, encode};
    use crate::{UriError, UriErrorKind};

    /// Builds a `mailto` URI from addresses and header fields, encoding exactly as RFC 6068
    /// §2 requires: `%`, gen-delims other than `:` (so an `@` inside a quoted local part),
    /// `&`, `;`, `=`, `,` and `+` inside addresses; `=`, `&`, `?`, `#`, `;`, `+`, `%` and
    /// every non-`qchar` byte (spaces as `%20`, UTF-8 octet by octet) inside header
    /// fields. Every address is checked by `rfc-email` (RFC 5321, or SMTPUTF8 when not
    /// ASCII) before anything is written.
    ///
    /// Header fields keep the order of the calls; `cc` and `bcc` collect their addresses
    /// into one field each, and `subject`/`body` replace an earlier value.
    ///
    /// ```
    /// use uri_schemes::{Mailto, MailtoBuilder};
    /// let uri = MailtoBuilder::new()
    ///     .to("customer/department=shipping@example.com")
    ///     .cc("bob@example.com")
    ///     .subject("Price & availability")
    ///     .build()?;
    /// assert_eq!(uri, "mailto:customer%2Fdepartment%3Dshipping@example.com?cc=bob@example.com&subject=Price%20%26%20availability");
    /// let parsed = Mailto::parse(&uri)?;
    /// assert_eq!(parsed.to(), ["customer/department=shipping@example.com"]);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[derive(Debug, Clone, Default, PartialEq, Eq)]
    pub struct MailtoBuilder {
        to: Vec<String>,
        headers: Vec<(String, HeaderValue)>,
    }

    #[derive(Debug, Clone, PartialEq, Eq)]
    enum HeaderValue {
        Text(String),
        Addresses(Vec<String>),
    }

    /// RFC 5322 §3.6.8 `field-name = 1*ftext`, `ftext = %d33-57 / %d59-126`.
    fn is_field_name(name: &str) -> bool {
        !name.is_empty() && name.bytes().all(|b| matches!(b, 33..=57 | 59..=126))
    }

    fn check_address(address: &str) -> Result<(), UriError> {
        let policy = if address.is_ascii() {
            Policy::RFC5321
        } else {
            Policy::SMTPUTF8
        };
        EmailAddress::parse_with(address, &policy)
            .map(|_| ())
            .map_err(|e| UriError::new(UriErrorKind::Email(e.kind()), e.offset()))
    }

    /// Writes one address: local part and domain encoded, the last `@` literal.
    fn write_address(out: &mut String, address: &str) {
        let (local, domain) = address.rsplit_once('@').unwrap_or((address, ""));
        let _ = write!(
            out,
            "{}",
            encode(local.as_bytes(), &EncodeSet::MAILTO_ADDRESS)
        );
        out.push('@');
        let _ = write!(
            out,
            "{}",
            encode(domain.as_bytes(), &EncodeSet::MAILTO_ADDRESS)
        );
    }

    impl MailtoBuilder {
        /// An empty builder (`build` gives `mailto:`).
        ///
        /// ```
        /// assert_eq!(uri_schemes::MailtoBuilder::new().build()?, "mailto:");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn new() -> Self {
            Self::default()
        }

        /// Adds a recipient, written before `?`.
        ///
        /// ```
        /// let uri = uri_schemes::MailtoBuilder::new().to("a@example.com").to("b@example.com").build()?;
        /// assert_eq!(uri, "mailto:a@example.com,b@example.com");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn to(mut self, address: &str) -> Self {
            self.to.push(address.into());
            self
        }

        fn add_address(mut self, name: &str, address: &str) -> Self {
            let existing = self.headers.iter_mut().find(|(n, _)| n == name);
            if let Some((_, HeaderValue::Addresses(list))) = existing {
                list.push(address.into());
            } else {
                self.headers.push((
                    name.into(),
                    HeaderValue::Addresses(alloc::vec![address.into()]),
                ));
            }
            self
        }

        /// Adds a `cc` recipient.
        ///
        /// ```
        /// let uri = uri_schemes::MailtoBuilder::new().cc("a@example.com").build()?;
        /// assert_eq!(uri, "mailto:?cc=a@example.com");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn cc(self, address: &str) -> Self {
            self.add_address("cc", address)
        }

        /// Adds a `bcc` recipient.
        ///
        /// ```
        /// let uri = uri_schemes::MailtoBuilder::new().bcc("a@example.com").build()?;
        /// assert_eq!(uri, "mailto:?bcc=a@example.com");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn bcc(self, address: &str) -> Self {
            self.add_address("bcc", address)
        }

        fn set(mut self, name: &str, value: &str) -> Self {
            if let Some((_, v)) = self.headers.iter_mut().find(|(n, _)| n == name) {
                *v = HeaderValue::Text(value.into());
            } else {
                self.headers
                    .push((name.into(), HeaderValue::Text(value.into())));
            }
            self
        }

        /// Sets the subject.
        ///
        /// ```
        /// let uri = uri_schemes::MailtoBuilder::new().subject("café").build()?;
        /// assert_eq!(uri, "mailto:?subject=caf%C3%A9");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn subject(self, subject: &str) -> Self {
            self.set("subject", subject)
        }

        /// Sets the body (RFC 6068 §2 pseudo header field; line breaks as CRLF).
        ///
        /// ```
        /// let uri = uri_schemes::MailtoBuilder::new().body("a b\r\nc").build()?;
        /// assert_eq!(uri, "mailto:?body=a%20b%0D%0Ac");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn body(self, body: &str) -> Self {
            self.set("body", body)
        }

        /// Adds any header field, name kept as given; values are written as text (a `to`
        /// field is not split into addresses nor checked).
        ///
        /// ```
        /// let uri = uri_schemes::MailtoBuilder::new().header("In-Reply-To", "<a@b>").build()?;
        /// assert_eq!(uri, "mailto:?In-Reply-To=%3Ca@b%3E");
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        #[must_use]
        pub fn header(mut self, name: &str, value: &str) -> Self {
            self.headers
                .push((name.into(), HeaderValue::Text(value.into())));
            self
        }

        /// The encoded URI; an invalid address is [`UriErrorKind::Email`] with the offset
        /// in that address, a bad header name [`UriErrorKind::InvalidHeaderName`].
        ///
        /// ```
        /// let err = uri_schemes::MailtoBuilder::new().to("no-at-sign").build().unwrap_err();
        /// assert_eq!(err.kind().code(), err.code());
        /// let err = uri_schemes::MailtoBuilder::new().header("Bad Name", "x").build().unwrap_err();
        /// assert_eq!(err.code(), "invalid_header_name");
        /// ```
        pub fn build(&self) -> Result<String, UriError> {
            let mut out = String::from("mailto:");
            for (i, address) in self.to.iter().enumerate() {
                check_address(address)?;
                if i > 0 {
                    out.push(',');
                }
                write_address(&mut out, address);
            }
            for (i, (name, value)) in self.headers.iter().enumerate() {
                if !is_field_name(name) {
                    return Err(UriError::new(UriErrorKind::InvalidHeaderName, 0));
                }
                out.push(if i == 0 { '?' } else { '&' });
                let _ = write!(
                    out,
                    "{}=",
                    encode(name.as_bytes(), &EncodeSet::MAILTO_HFIELD)
                );
                match value {
                    HeaderValue::Text(text) => {
                        let _ = write!(
                            out,
                            "{}",
                            encode(text.as_bytes(), &EncodeSet::MAILTO_HFIELD)
                        );
                    }
                    HeaderValue::Addresses(list) => {
                        for (j, address) in list.iter().enumerate() {
                            check_address(address)?;
                            if j > 0 {
                                out.push(',');
                            }
                            write_address(&mut out, address);
                        }
                    }
                }
            }
            Ok(out)
        }
    }
}

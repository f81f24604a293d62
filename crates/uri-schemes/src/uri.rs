//! [`UriRef`], [`Uri`], [`Authority`] and [`Host`]: zero-copy views of a parsed URI.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::grammar::{HostData, Parts, Span, parse_reference, parse_reference_as};
use crate::{UriError, UriErrorKind, UriPolicy};

/// A URI-reference (RFC 3986 §4.1): an absolute URI or a relative reference, checked
/// strictly, its components borrowed from the input.
///
/// Every optional component keeps *absent* apart from *present but empty*:
/// `http://h?` has an empty query, `http://h` none.
///
/// ```
/// use uri_schemes::UriRef;
/// let r = UriRef::parse("//example.com/a?#")?;
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.host().map(|h| h.as_str()), Some("example.com"));
/// assert_eq!((r.path(), r.query(), r.fragment()), ("/a", Some(""), Some("")));
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
///
/// `Eq`, `Ord` and `Hash` compare the text as written, octet for octet (RFC 3986
/// §6.2.1); compare [`normalize`](Self::normalize) results for §6.2.2 equivalence.
#[derive(Clone, Copy)]
pub struct UriRef<'a> {
    input: &'a str,
    parts: Parts,
}

/// An absolute URI (RFC 3986 §3 `URI`): a [`UriRef`] that has a scheme.
///
/// It dereferences to its [`UriRef`], so every accessor is available; [`scheme`](Self::scheme)
/// returns a plain `&str`.
///
/// ```
/// use uri_schemes::Uri;
/// let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?; // RFC 3986 §3
/// assert_eq!(uri.scheme(), "foo");
/// assert_eq!(uri.authority().map(|a| a.as_str()), Some("example.com:8042"));
/// assert_eq!(uri.port(), Some(8042));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
///
/// `Eq`, `Ord` and `Hash` compare the text as written, as [`UriRef`]'s do.
#[derive(Clone, Copy)]
pub struct Uri<'a>(UriRef<'a>);

/// The authority of a URI (RFC 3986 §3.2): `[ userinfo "@" ] host [ ":" port ]`.
///
/// ```
/// let uri = uri_schemes::Uri::parse("ftp://anon:x@[2001:db8::7]:21/")?;
/// let auth = uri.authority().unwrap();
/// assert_eq!(auth.userinfo(), Some("anon:x"));
/// assert_eq!(auth.host().as_str(), "[2001:db8::7]");
/// assert_eq!((auth.port(), auth.port_str()), (Some(21), Some("21")));
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Authority<'a> {
    input: &'a str,
    parts: Parts,
    span: Span,
}

/// The host of a URI (RFC 3986 §3.2.2), typed by the rule it matched.
///
/// `IPv4address` is tried first and must match exactly (four `dec-octet`s without
/// leading zeros): `127.0.0.001` is a [`RegName`](Host::RegName).
///
/// ```
/// use uri_schemes::{Host, Uri};
/// let h = |s| Uri::parse(s).unwrap().host().unwrap();
/// assert!(matches!(h("http://192.0.2.1/"), Host::Ipv4 { .. }));
/// assert!(matches!(h("http://127.0.0.001/"), Host::RegName(_)));
/// assert!(matches!(h("http://[::1]/"), Host::Ipv6 { .. }));
/// assert!(matches!(h("http://[v7.x]/"), Host::IpFuture(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Host<'a> {
    /// `IPv4address`.
    Ipv4 {
        /// The address.
        addr: Ipv4Addr,
        /// As written.
        text: &'a str,
    },
    /// `"[" IPv6address "]"` (or `IPv6addrz` with RFC 6874 zone IDs enabled).
    Ipv6 {
        /// The address.
        addr: Ipv6Addr,
        /// The zone ID as written after `%25`, still percent-encoded.
        zone: Option<&'a str>,
        /// As written, with the brackets.
        text: &'a str,
    },
    /// `"[" IPvFuture "]"`, as written with the brackets.
    IpFuture(&'a str),
    /// `reg-name`, as written (possibly empty, possibly percent-encoded).
    RegName(&'a str),
}

impl<'a> Host<'a> {
    /// The host as written (the `host` rule: brackets included for IP literals).
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("http://[::1]:80/")?;
    /// assert_eq!(uri.host().unwrap().as_str(), "[::1]");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        match self {
            Self::Ipv4 { text, .. }
            | Self::Ipv6 { text, .. }
            | Self::IpFuture(text)
            | Self::RegName(text) => text,
        }
    }

    /// Whether this is an IP literal or IPv4 address rather than a registered name.
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("http://10.0.0.1/")?;
    /// assert!(uri.host().unwrap().is_ip());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn is_ip(&self) -> bool {
        !matches!(self, Self::RegName(_))
    }
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> Authority<'a> {
    /// The authority as written.
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("http://u@h:1/")?;
    /// assert_eq!(uri.authority().unwrap().as_str(), "u@h:1");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.span.of(self.input)
    }

    /// The userinfo, when there is an `@` (possibly empty).
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("http://@h/")?;
    /// assert_eq!(uri.authority().unwrap().userinfo(), Some(""));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.parts.userinfo.map(|s| s.of(self.input))
    }

    /// The host (always present in an authority, possibly an empty reg-name).
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("file:///etc/hosts")?;
    /// assert_eq!(uri.authority().unwrap().host().as_str(), "");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        let text = self.parts.host.of(self.input);
        match self.parts.host_data {
            HostData::Ipv4(addr) => Host::Ipv4 { addr, text },
            HostData::Ipv6(addr, zone) => Host::Ipv6 {
                addr,
                zone: zone.map(|z| z.of(self.input)),
                text,
            },
            HostData::IpFuture => Host::IpFuture(text),
            HostData::RegName => Host::RegName(text),
        }
    }

    /// The port's value, when present, non-empty and at most 65535 (leading zeros
    /// allowed: `080` is 80).
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("x://h:99999/")?;
    /// assert_eq!(uri.authority().unwrap().port(), None); // valid RFC 3986, too big for u16
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<u16> {
        self.parts.port_number
    }

    /// The port as written, when there is a `:` (possibly empty, possibly above 65535:
    /// RFC 3986 §3.2.3 sets no range).
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("http://h:/")?;
    /// assert_eq!(uri.authority().unwrap().port_str(), Some(""));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn port_str(&self) -> Option<&'a str> {
        self.parts.port.map(|s| s.of(self.input))
    }
}

impl<'a> UriRef<'a> {
    /// Parses a URI-reference (RFC 3986 §4.1) strictly: no IRI characters, no zone IDs.
    ///
    /// ```
    /// use uri_schemes::{UriErrorKind, UriRef};
    /// assert!(UriRef::parse("../a/b?c")?.scheme().is_none());
    /// let err = UriRef::parse("http://example.com/a b").unwrap_err();
    /// assert_eq!((err.code(), err.offset()), ("invalid_character_in_path", 20));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, UriError> {
        Self::parse_with(input, &UriPolicy::STRICT)
    }

    /// Parses a URI-reference with the given options (RFC 6874 zone IDs, RFC 3987 IRIs).
    ///
    /// ```
    /// use uri_schemes::{UriPolicy, UriRef};
    /// let iri = UriPolicy::STRICT.with_iri();
    /// assert_eq!(UriRef::parse_with("/résumé", &iri)?.path(), "/résumé");
    /// assert!(UriRef::parse("/résumé").is_err());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    // Inline: the caller gets the fast path's fields in registers and builds or reads the
    // result in its own frame, instead of a 144-byte result written through memory.
    #[inline]
    pub fn parse_with(input: &'a str, options: &UriPolicy) -> Result<Self, UriError> {
        parse_reference_as(input.as_bytes(), *options, false, |parts| Self {
            input,
            parts,
        })
    }

    /// Parses a URI-reference from bytes; without IRI mode any byte above 0x7F is an
    /// error, in IRI mode the input must be UTF-8.
    ///
    /// ```
    /// let r = uri_schemes::UriRef::parse_bytes(b"?q", &uri_schemes::UriPolicy::STRICT)?;
    /// assert_eq!(r.query(), Some("q"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8], options: &UriPolicy) -> Result<Self, UriError> {
        let parts = parse_reference(input, *options, false)?;
        let input = core::str::from_utf8(input)
            .map_err(|e| UriError::new(UriErrorKind::InvalidUtf8, e.valid_up_to()))?;
        Ok(Self { input, parts })
    }

    /// The whole reference as written.
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("a/b")?.as_str(), "a/b");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.input
    }

    /// The scheme, without its `:`; `None` for a relative reference.
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("urn:isbn:0451450523")?.scheme(), Some("urn"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.parts
            .scheme_end
            .map(|end| self.input.get(..end).unwrap_or_default())
    }

    /// The authority, when the reference has `//`.
    ///
    /// ```
    /// assert!(uri_schemes::UriRef::parse("mailto:a@b.example")?.authority().is_none());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.parts.authority.map(|span| Authority {
            input: self.input,
            parts: self.parts,
            span,
        })
    }

    /// The userinfo (see [`Authority::userinfo`]).
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("//u:p@h")?.userinfo(), Some("u:p"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        self.authority().and_then(|a| a.userinfo())
    }

    /// The host (see [`Authority::host`]); `None` without an authority.
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("//h/p")?.host().unwrap().as_str(), "h");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<Host<'a>> {
        self.authority().map(|a| a.host())
    }

    /// The port's value when it fits u16 (see [`Authority::port`]).
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("//h:08")?.port(), Some(8));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<u16> {
        self.authority().and_then(|a| a.port())
    }

    /// The port as written (see [`Authority::port_str`]).
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("//h:08")?.port_str(), Some("08"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn port_str(&self) -> Option<&'a str> {
        self.authority().and_then(|a| a.port_str())
    }

    /// The path, always present, possibly empty.
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("//h?q")?.path(), "");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.parts.path.of(self.input)
    }

    /// The query without its `?`, when there is a `?` (possibly empty).
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("?")?.query(), Some(""));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.parts.query.map(|s| s.of(self.input))
    }

    /// The fragment without its `#`, when there is a `#` (possibly empty).
    ///
    /// ```
    /// assert_eq!(uri_schemes::UriRef::parse("#top")?.fragment(), Some("top"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.parts.fragment.map(|s| s.of(self.input))
    }

    /// Whether the reference has a scheme (is an absolute URI, RFC 3986 §4.3 aside from
    /// the fragment).
    ///
    /// ```
    /// assert!(!uri_schemes::UriRef::parse("/a")?.has_scheme());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn has_scheme(&self) -> bool {
        self.parts.scheme_end.is_some()
    }

    /// This reference as an absolute [`Uri`], when it has a scheme.
    ///
    /// ```
    /// let r = uri_schemes::UriRef::parse("http://h/")?;
    /// assert_eq!(r.to_uri().map(|u| u.scheme()), Some("http"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn to_uri(self) -> Option<Uri<'a>> {
        if self.has_scheme() {
            Some(Uri(self))
        } else {
            None
        }
    }

    #[cfg(any(feature = "alloc", feature = "mailto"))]
    pub(crate) const fn parts(&self) -> &Parts {
        &self.parts
    }

    /// The reference over `input` with the parts a parser found in it.
    pub(crate) const fn from_parts(input: &'a str, parts: Parts) -> Self {
        Self { input, parts }
    }

    /// The same facts over another copy of the same text (for the owned types, which
    /// keep the facts with an empty input and the text beside them).
    #[cfg(feature = "alloc")]
    pub(crate) const fn with_input(self, input: &str) -> UriRef<'_> {
        UriRef {
            input,
            parts: self.parts,
        }
    }
}

impl<'a> Uri<'a> {
    /// Parses an absolute URI (RFC 3986 §3 `URI`, fragment allowed) strictly.
    ///
    /// ```
    /// use uri_schemes::Uri;
    /// assert_eq!(Uri::parse("urn:example:animal:ferret:nose")?.path(), "example:animal:ferret:nose");
    /// assert_eq!(Uri::parse("//no.scheme/").unwrap_err().code(), "missing_scheme");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[inline]
    pub fn parse(input: &'a str) -> Result<Self, UriError> {
        Self::parse_with(input, &UriPolicy::STRICT)
    }

    /// Parses an absolute URI with the given options.
    ///
    /// ```
    /// use uri_schemes::{UriPolicy, Uri};
    /// let uri = Uri::parse_with("http://[fe80::1%25eth0]/", &UriPolicy::STRICT.with_zone_ids())?;
    /// assert_eq!(uri.host().unwrap().as_str(), "[fe80::1%25eth0]");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    // Inline: the caller gets the fast path's fields in registers and builds or reads the
    // result in its own frame, instead of a 144-byte result written through memory.
    #[inline]
    pub fn parse_with(input: &'a str, options: &UriPolicy) -> Result<Self, UriError> {
        parse_reference_as(input.as_bytes(), *options, true, |parts| {
            Self::from_parts(input, parts)
        })
    }

    /// The absolute URI over `input` with the parts a parser found in it (which have a
    /// scheme).
    pub(crate) const fn from_parts(input: &'a str, parts: Parts) -> Self {
        Self(UriRef::from_parts(input, parts))
    }

    /// Parses an absolute URI from bytes (see [`UriRef::parse_bytes`]).
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse_bytes(b"a:b", &uri_schemes::UriPolicy::STRICT)?;
    /// assert_eq!(uri.scheme(), "a");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8], options: &UriPolicy) -> Result<Self, UriError> {
        let parts = parse_reference(input, *options, true)?;
        let input = core::str::from_utf8(input)
            .map_err(|e| UriError::new(UriErrorKind::InvalidUtf8, e.valid_up_to()))?;
        Ok(Self(UriRef { input, parts }))
    }

    /// The scheme, without its `:` (as written: compare case-insensitively, RFC 3986 §3.1).
    ///
    /// ```
    /// assert_eq!(uri_schemes::Uri::parse("HTTP://h/")?.scheme(), "HTTP");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        self.0.scheme().unwrap_or_default()
    }

    /// The same URI as a [`UriRef`].
    ///
    /// ```
    /// let uri = uri_schemes::Uri::parse("a:b")?;
    /// assert_eq!(uri.as_uri_ref().scheme(), Some("a"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_uri_ref(&self) -> &UriRef<'a> {
        &self.0
    }

    /// See [`UriRef::with_input`].
    #[cfg(feature = "alloc")]
    pub(crate) const fn with_input(self, input: &str) -> Uri<'_> {
        Uri(self.0.with_input(input))
    }
}

impl<'a> core::ops::Deref for Uri<'a> {
    type Target = UriRef<'a>;
    fn deref(&self) -> &UriRef<'a> {
        &self.0
    }
}

impl fmt::Display for UriRef<'_> {
    /// Writes the reference exactly as parsed, so parsing the output gives the same
    /// components.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.input)
    }
}

impl fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UriRef")
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Debug for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Uri").field(&self.0).finish()
    }
}

impl fmt::Debug for Authority<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Authority")
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("port", &self.port_str())
            .finish()
    }
}

impl AsRef<str> for UriRef<'_> {
    fn as_ref(&self) -> &str {
        self.input
    }
}

impl AsRef<str> for Uri<'_> {
    fn as_ref(&self) -> &str {
        self.0.input
    }
}

/// Parses under [`UriPolicy::STRICT`].
impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = UriError;
    fn try_from(value: &'a str) -> Result<Self, UriError> {
        Self::parse(value)
    }
}

/// Parses under [`UriPolicy::STRICT`].
impl<'a> TryFrom<&'a str> for Uri<'a> {
    type Error = UriError;
    fn try_from(value: &'a str) -> Result<Self, UriError> {
        Self::parse(value)
    }
}

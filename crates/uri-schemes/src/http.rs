//! [`HttpUrl`]: `http` and `https` URIs (RFC 9110 §4.2) with real host checks.

use core::fmt;

use ldh_domain::{Domain, IdnaMode, Policy};

use crate::grammar::{HostData, Parts, parse_reference_then};
use crate::{Host, Uri, UriError, UriErrorKind, UriPolicy, Warning, Warnings};

/// Decoded host names longer than this many UTF-8 octets are rejected without further
/// checks (a 253-octet A-label name decodes to fewer), so host checks need no allocation.
pub const MAX_DECODED_HOST_LEN: usize = 1024;

/// What to do with userinfo (`user@`) in an http(s) URL.
///
/// ```
/// use uri_schemes::{HttpPolicy, HttpUrl, UserinfoPolicy};
/// let lax = HttpPolicy::STRICT.with_userinfo(UserinfoPolicy::Warn);
/// assert!(HttpUrl::parse_with("http://u@h.example/", &lax).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UserinfoPolicy {
    /// An error (RFC 9110 §4.2.4: recipients SHOULD treat it as an error).
    Reject,
    /// Accepted with [`Warning::UserinfoInHttpUrl`].
    Warn,
}

/// Options for [`HttpUrl::parse_with`]; const-constructible.
///
/// ```
/// use uri_schemes::{HttpPolicy, UserinfoPolicy};
/// static POLICY: HttpPolicy = HttpPolicy::STRICT.with_iri();
/// assert_eq!(HttpPolicy::default(), HttpPolicy::STRICT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HttpPolicy {
    userinfo: UserinfoPolicy,
    iri: bool,
    idna: IdnaMode,
}

impl Default for HttpPolicy {
    fn default() -> Self {
        Self::STRICT
    }
}

impl HttpPolicy {
    /// Userinfo rejected, ASCII only (RFC 3986 syntax).
    ///
    /// ```
    /// assert!(uri_schemes::HttpUrl::parse_with("http://a@b/", &uri_schemes::HttpPolicy::STRICT).is_err());
    /// ```
    pub const STRICT: Self = Self {
        userinfo: UserinfoPolicy::Reject,
        iri: false,
        idna: IdnaMode::Registration,
    };

    /// Judges IDN hosts (percent-encoded UTF-8 or, with [`with_iri`](Self::with_iri),
    /// Unicode) by another IDNA mode; the default is IDNA 2008 registration.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// use ldh_domain::IdnaMode;
    /// use uri_schemes::{HttpPolicy, HttpUrl};
    /// let iri = HttpPolicy::STRICT.with_iri();
    /// assert!(HttpUrl::parse_with("http://\u{2603}.net/", &iri).is_err());
    /// assert!(HttpUrl::parse_with("http://\u{2603}.net/", &iri.with_idna_mode(IdnaMode::Uts46)).is_ok());
    /// # }
    /// ```
    #[must_use]
    pub const fn with_idna_mode(self, idna: IdnaMode) -> Self {
        Self { idna, ..self }
    }

    /// How IDN hosts are judged.
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpPolicy::STRICT.idna_mode(), ldh_domain::IdnaMode::Registration);
    /// ```
    #[must_use]
    pub const fn idna_mode(&self) -> IdnaMode {
        self.idna
    }

    /// Sets what to do with userinfo.
    ///
    /// ```
    /// use uri_schemes::{HttpPolicy, UserinfoPolicy};
    /// let p = HttpPolicy::STRICT.with_userinfo(UserinfoPolicy::Warn);
    /// assert_ne!(p, HttpPolicy::STRICT);
    /// ```
    #[must_use]
    pub const fn with_userinfo(self, userinfo: UserinfoPolicy) -> Self {
        Self { userinfo, ..self }
    }

    /// Accepts RFC 3987 IRIs (Unicode host names are checked as IDNs).
    ///
    /// ```
    /// use uri_schemes::{HttpPolicy, HttpUrl};
    /// assert!(HttpUrl::parse("http://bücher.example/").is_err());
    /// # #[cfg(feature = "idna")]
    /// assert!(HttpUrl::parse_with("http://bücher.example/", &HttpPolicy::STRICT.with_iri()).is_ok());
    /// ```
    #[must_use]
    pub const fn with_iri(self) -> Self {
        Self { iri: true, ..self }
    }
}

/// An `http` or `https` URL (RFC 9110 §4.2.1, §4.2.2): an absolute URI with an authority
/// whose host is non-empty and is an IP literal, an IPv4 address, or a host name valid
/// under `ldh_domain::Policy::HOSTNAME` (after percent-decoding a UTF-8 reg-name; IDNs
/// are checked as such), and whose port fits 16 bits.
///
/// Names are never guessed or completed (RFC 3696 §4.4): `http://microsoft/` is the
/// single-label host `microsoft`, and this crate offers no helper that would try
/// `www.microsoft.com`.
///
/// ```
/// use uri_schemes::HttpUrl;
/// let url = HttpUrl::parse("HTTPS://Example.com/path?q")?;
/// assert!(url.is_https());
/// assert_eq!(url.effective_port(), 443);
/// assert!(url.is_default_port());
/// assert_eq!(url.origin().to_string(), "https://example.com");
/// assert!(HttpUrl::parse("http://localhost:8080/").is_ok());
/// assert_eq!(HttpUrl::parse("http://bank.example@evil.example/").unwrap_err().code(), "userinfo_in_http_url");
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
///
/// `Eq`, `Ord` and `Hash` compare the text as written, octet for octet (RFC 3986
/// §6.2.1); two URLs of the same origin compare equal through [`origin`](Self::origin).
#[derive(Clone, Copy)]
pub struct HttpUrl<'a> {
    uri: Uri<'a>,
    https: bool,
    warnings: Warnings,
    /// The IDNA mode the host was judged by, for checking it again (`host_warnings`)
    /// and converting it (`host_ascii`).
    idna: IdnaMode,
}

/// Every fact, with the host's warnings as [`HttpUrl::host_warnings`] gives them.
impl fmt::Debug for HttpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut fields = f.debug_struct("HttpUrl");
        fields.field("uri", &self.uri).field("https", &self.https);
        fields
            .field("warnings", &self.warnings)
            .field("idna", &self.idna);
        fields
            .field("host_warnings", &self.host_warnings())
            .finish()
    }
}

/// The origin of an http(s) URL (RFC 6454 §4): the scheme and the host lower-cased, and
/// the effective port (the scheme's default when none is written).
///
/// `Display` writes the ASCII serialization of RFC 6454 §6.2: `scheme://host`, the
/// host lower-cased (an IPv6 literal in its RFC 5952 §4 form), plus `:port` when not
/// the default. Two origins are equal (and hash and order alike) when scheme, host and
/// port are equal (RFC 6454 §5): the host compared ignoring ASCII case, an IPv6 literal
/// by its value (`[::1]` and `[0:0::1]` are one host: an origin is a comparison, and
/// RFC 6454 §4 takes the host as the URI's host, which is an address). The host is kept
/// as written otherwise: a percent-encoded or
/// internationalized host is compared in that form (convert it with
/// [`HttpUrl::host_ascii`] for the A-label form RFC 6454 §4 asks of IDNs).
///
/// ```
/// let url = uri_schemes::HttpUrl::parse("HTTP://H.Example:8080/x")?;
/// let origin = url.origin();
/// assert_eq!((origin.scheme(), origin.port()), ("http", 8080));
/// assert_eq!(origin.to_string(), "http://h.example:8080");
/// let same = uri_schemes::HttpUrl::parse("http://h.example:8080/y")?;
/// assert_eq!(origin, same.origin());
/// let loopback = uri_schemes::HttpUrl::parse("http://[0:0::1]/")?.origin();
/// assert_eq!(loopback, uri_schemes::HttpUrl::parse("http://[::1]/")?.origin());
/// assert_eq!(loopback.to_string(), "http://[::1]");
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    scheme: &'static str,
    host: Host<'a>,
    port: u16,
}

impl<'a> Origin<'a> {
    /// `"http"` or `"https"`, lowercase.
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("HTTP://h/")?.origin().scheme(), "http");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn scheme(&self) -> &'static str {
        self.scheme
    }

    /// The host as written (the origin compares and displays it lower-cased).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h/")?.origin().host().as_str(), "h");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn host(&self) -> Host<'a> {
        self.host
    }

    /// The effective port.
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("https://h/")?.origin().port(), 443);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn port(&self) -> u16 {
        self.port
    }
}

/// What an origin's host is compared by: an IPv6 literal by its value (and zone ID, as
/// written), any other host by its text ignoring ASCII case.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum HostKey<'a> {
    /// A reg-name, an IPv4 address (whose text has one form: RFC 3986 §3.2.2 allows no
    /// leading zeros) or an `IPvFuture` literal.
    Text(Caseless<'a>),
    /// An IPv6 literal: `[::1]` and `[0::1]` are one host.
    Ipv6(core::net::Ipv6Addr, Option<&'a str>),
}

/// Text compared, ordered and hashed ignoring ASCII case.
#[derive(Clone, Copy)]
struct Caseless<'a>(&'a str);

impl PartialEq for Caseless<'_> {
    fn eq(&self, other: &Self) -> bool {
        name_text::caseless::eq(self.0, other.0)
    }
}

impl Eq for Caseless<'_> {}

impl PartialOrd for Caseless<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Caseless<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        name_text::caseless::cmp(self.0, other.0)
    }
}

impl core::hash::Hash for Caseless<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        name_text::caseless::hash(self.0, state);
    }
}

impl Origin<'_> {
    /// The triple `Eq`, `Ord` and `Hash` all use, so that they agree.
    fn key(&self) -> (&'static str, HostKey<'_>, u16) {
        let host = match self.host {
            Host::Ipv6 { addr, zone, .. } => HostKey::Ipv6(addr, zone),
            other => HostKey::Text(Caseless(other.as_str())),
        };
        (self.scheme, host, self.port)
    }
}

/// Scheme, host and port (RFC 6454 §5); the host ignoring ASCII case, an IPv6 literal
/// by its value.
impl PartialEq for Origin<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Origin<'_> {}

/// Agrees with `Eq`.
impl core::hash::Hash for Origin<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl PartialOrd for Origin<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By scheme, then host (lower-cased text before IPv6 values), then port.
impl Ord for Origin<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

/// RFC 6454 §6.2: `scheme "://" host [ ":" port ]`, the host lower-cased, an IPv6
/// literal in the RFC 5952 §4 text form (`Ipv6Addr`'s `Display`).
impl fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://", self.scheme)?;
        match self.host {
            Host::Ipv6 { addr, zone, .. } => {
                write!(f, "[{addr}")?;
                if let Some(zone) = zone {
                    write!(f, "%25{zone}")?;
                }
                f.write_str("]")?;
            }
            other => {
                for c in other.as_str().chars() {
                    fmt::Write::write_char(f, c.to_ascii_lowercase())?;
                }
            }
        }
        let default = if self.scheme == "https" { 443 } else { 80 };
        if self.port != default {
            write!(f, ":{}", self.port)?;
        }
        Ok(())
    }
}

impl<'a> HttpUrl<'a> {
    /// Parses an http(s) URL with [`HttpPolicy::STRICT`].
    ///
    /// ```
    /// use uri_schemes::HttpUrl;
    /// assert_eq!(HttpUrl::parse("ftp://h/").unwrap_err().code(), "not_http");
    /// assert_eq!(HttpUrl::parse("http:///x").unwrap_err().code(), "empty_host");
    /// assert_eq!(HttpUrl::parse("http://h:65536/").unwrap_err().code(), "port_out_of_range");
    /// assert_eq!(HttpUrl::parse("http://-h/").unwrap_err().code(), "leading_hyphen");
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, UriError> {
        Self::parse_with(input, &HttpPolicy::STRICT)
    }

    /// Parses an http(s) URL under `policy`.
    ///
    /// ```
    /// use uri_schemes::{HttpPolicy, HttpUrl, UserinfoPolicy, Warning};
    /// let url = HttpUrl::parse_with("http://u@h/", &HttpPolicy::STRICT.with_userinfo(UserinfoPolicy::Warn))?;
    /// assert!(url.warnings().contains(Warning::UserinfoInHttpUrl));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_with(input: &'a str, policy: &HttpPolicy) -> Result<Self, UriError> {
        let options = if policy.iri {
            UriPolicy::STRICT.with_iri()
        } else {
            UriPolicy::STRICT
        };
        // The http(s) rules run inside the generic parser, as `Uri::parse_with` builds
        // its result there: the fast path's parts go straight into the `HttpUrl`
        // instead of through a `Uri` copied afterwards.
        parse_reference_then(input.as_bytes(), options, true, |parts| {
            Self::from_parts(input, parts, *policy)
        })
    }

    /// The http(s) rules (RFC 9110 §4.2) over the parts of an absolute URI.
    #[inline]
    fn from_parts(input: &'a str, parts: Parts, policy: HttpPolicy) -> Result<Self, UriError> {
        // An absolute URI has a scheme; its end is the index of its `:`.
        let scheme_end = parts.scheme_end.unwrap_or_default();
        let Some(https) = input.as_bytes().get(..scheme_end).and_then(http_scheme) else {
            return Err(UriError::new(UriErrorKind::NotHttp, 0));
        };
        // RFC 9110 §4.2.1: http-URI = "http" "://" authority path-abempty [ "?" query ].
        let Some(authority) = parts.authority else {
            return Err(UriError::new(
                UriErrorKind::MissingAuthority,
                scheme_end + 1,
            ));
        };
        let mut warnings = Warnings::default();
        if let Some(info) = parts.userinfo {
            match policy.userinfo {
                UserinfoPolicy::Reject => {
                    return Err(UriError::new(UriErrorKind::UserinfoInHttpUrl, info.start()));
                }
                UserinfoPolicy::Warn => warnings.insert(Warning::UserinfoInHttpUrl),
            }
        }
        if parts.host.start() == parts.host.end() {
            // RFC 9110 §4.2.1: "A sender MUST NOT generate an "http" URI with an empty host".
            return Err(UriError::new(UriErrorKind::EmptyHost, authority.end()));
        }
        if let Some(port) = parts.port {
            if port.start() == port.end() {
                warnings.insert(Warning::EmptyPort);
            } else if parts.port_number.is_none() {
                return Err(UriError::new(UriErrorKind::PortOutOfRange, port.start()));
            }
        }
        if parts.host_data == HostData::RegName {
            let host = parts.host.of(input);
            if check_host_name(host, parts.host.start(), policy.idna)? {
                warnings.insert(Warning::InternationalizedHost);
            }
        }
        Ok(Self {
            uri: Uri::from_parts(input, parts),
            https,
            warnings,
            idna: policy.idna,
        })
    }

    /// Parses raw bytes as an http(s) URL under `policy`: without IRIs any byte above
    /// 0x7F is an error; with them the input must be UTF-8.
    ///
    /// ```
    /// use uri_schemes::{HttpPolicy, HttpUrl};
    /// let url = HttpUrl::parse_bytes(b"https://example.com/", &HttpPolicy::STRICT)?;
    /// assert_eq!(url.effective_port(), 443);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8], policy: &HttpPolicy) -> Result<Self, UriError> {
        // The generic parser reports the first byte no URI may hold, then bad UTF-8.
        let options = if policy.iri {
            UriPolicy::STRICT.with_iri()
        } else {
            UriPolicy::STRICT
        };
        let uri = Uri::parse_bytes(input, &options)?;
        Self::parse_with(uri.as_str(), policy)
    }

    /// The same facts over another copy of the same text (for [`HttpUrlBuf`](crate::HttpUrlBuf)).
    #[cfg(feature = "alloc")]
    pub(crate) const fn with_input(self, input: &str) -> HttpUrl<'_> {
        HttpUrl {
            uri: self.uri.with_input(input),
            https: self.https,
            warnings: self.warnings,
            idna: self.idna,
        }
    }

    /// The URL as a generic [`Uri`].
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h/p")?.as_uri().path(), "/p");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_uri(&self) -> &Uri<'a> {
        &self.uri
    }

    /// The path (see [`UriRef::path`](crate::UriRef::path)).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h/a/b?q")?.path(), "/a/b");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.uri.path()
    }

    /// The query without its `?` (see [`UriRef::query`](crate::UriRef::query)).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h/?q=1")?.query(), Some("q=1"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.uri.query()
    }

    /// The fragment without its `#` (see [`UriRef::fragment`](crate::UriRef::fragment)).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h/#top")?.fragment(), Some("top"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.uri.fragment()
    }

    /// The URL as written.
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h")?.as_str(), "http://h");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn as_str(&self) -> &'a str {
        self.uri.as_uri_ref().as_str()
    }

    /// Whether the scheme is `https` (any case).
    ///
    /// ```
    /// assert!(!uri_schemes::HttpUrl::parse("http://h")?.is_https());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn is_https(&self) -> bool {
        self.https
    }

    /// The host, as written (never empty).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://[::1]/")?.host().as_str(), "[::1]");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        self.uri.host().unwrap_or(Host::RegName(""))
    }

    /// The host in the form used on the wire: a reg-name percent-decoded, converted to
    /// lowercase A-labels (RFC 5891); IP hosts as written.
    ///
    /// ```
    /// let url = uri_schemes::HttpUrl::parse("http://WWW.Example.COM/")?;
    /// assert_eq!(url.host_ascii()?, "www.example.com");
    /// # #[cfg(feature = "idna")]
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://b%C3%BCcher.example/")?.host_ascii()?, "xn--bcher-kva.example");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    pub fn host_ascii(&self) -> Result<alloc::borrow::Cow<'a, str>, UriError> {
        use alloc::borrow::Cow;
        let host = self.host();
        let Host::RegName(text) = host else {
            return Ok(Cow::Borrowed(host.as_str()));
        };
        let start = self.uri.parts().host.start();
        let domain_error =
            |e: ldh_domain::DomainError| UriError::new(UriErrorKind::Domain(e.kind()), start);
        let decoded = crate::percent::decode_to_string(text)?;
        match decoded {
            Cow::Borrowed(name) => {
                let domain = Domain::parse_with(name, &Policy::HOSTNAME.with_idna_mode(self.idna))
                    .map_err(domain_error)?;
                domain.to_ascii().map_err(domain_error)
            }
            Cow::Owned(name) => {
                let domain = Domain::parse_with(&name, &Policy::HOSTNAME.with_idna_mode(self.idna))
                    .map_err(domain_error)?;
                let ascii = domain.to_ascii().map_err(domain_error)?;
                Ok(Cow::Owned(ascii.into_owned()))
            }
        }
    }

    /// The explicit port, if any (never above 65535 in an http(s) URL; `None` when
    /// absent or empty: see [`effective_port`](Self::effective_port)).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h:8080")?.port(), Some(8080));
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h/")?.port(), None);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<u16> {
        self.uri.port()
    }

    /// The port as written, when there is a `:` (possibly empty, possibly with leading
    /// zeros).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h:080")?.port_str(), Some("080"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn port_str(&self) -> Option<&'a str> {
        self.uri.port_str()
    }

    /// The scheme's default port: 80 for http, 443 for https (RFC 9110 §4.2.1, §4.2.2).
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("https://h:8443")?.default_port(), 443);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn default_port(&self) -> u16 {
        if self.https { 443 } else { 80 }
    }

    /// The port to connect to: the explicit one, or the default when absent or empty.
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("http://h:/")?.effective_port(), 80);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn effective_port(&self) -> u16 {
        self.port().unwrap_or(self.default_port())
    }

    /// Whether the effective port is the scheme's default.
    ///
    /// ```
    /// assert!(uri_schemes::HttpUrl::parse("http://h:80/")?.is_default_port());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn is_default_port(&self) -> bool {
        self.effective_port() == self.default_port()
    }

    /// The origin: scheme, host and effective port.
    ///
    /// ```
    /// assert_eq!(uri_schemes::HttpUrl::parse("https://h:443/x")?.origin().to_string(), "https://h");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn origin(&self) -> Origin<'a> {
        Origin {
            scheme: if self.https { "https" } else { "http" },
            host: self.host(),
            port: self.effective_port(),
        }
    }

    /// Valid but discouraged forms found.
    ///
    /// ```
    /// use uri_schemes::{HttpUrl, Warning};
    /// assert!(HttpUrl::parse("http://h:/")?.warnings().contains(Warning::EmptyPort));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub const fn warnings(&self) -> Warnings {
        self.warnings
    }

    /// The warnings of the host name itself, as `ldh-domain` reports them (for example
    /// a reserved `--` label, RFC 5891 §4.2.3.1): a URL's host is a domain name, and
    /// what is said of the name holds for the URL. IP hosts have none.
    ///
    /// They are worked out from the host when asked, as
    /// [`Domain::warnings`](ldh_domain::Domain::warnings) works out a special-use name:
    /// parsing, which many callers want alone, does not pay for the registry lookup
    /// (bench row `http/parse-urls`). The host passed the same check when the URL was
    /// parsed, so the check cannot fail here.
    ///
    /// ```
    /// use ldh_domain::Warning;
    /// let url = uri_schemes::HttpUrl::parse("http://ab--cd.example/")?;
    /// assert!(url.host_warnings().contains(Warning::ReservedHyphenLabel));
    /// let url = uri_schemes::HttpUrl::parse("http://printer.local/")?;
    /// assert!(url.host_warnings().contains(Warning::SpecialUseDomain));
    /// assert!(uri_schemes::HttpUrl::parse("http://192.0.2.1/")?.host_warnings().is_empty());
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[must_use]
    pub fn host_warnings(&self) -> ldh_domain::Warnings {
        match self.host() {
            Host::RegName(name) => host_name_warnings(name, self.idna),
            Host::Ipv4 { .. } | Host::Ipv6 { .. } | Host::IpFuture(_) => {
                ldh_domain::Warnings::EMPTY
            }
        }
    }
}

impl fmt::Display for HttpUrl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for HttpUrl<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// Parses under [`HttpPolicy::STRICT`].
impl<'a> TryFrom<&'a str> for HttpUrl<'a> {
    type Error = UriError;
    fn try_from(value: &'a str) -> Result<Self, UriError> {
        Self::parse(value)
    }
}

/// Whether `scheme` is `https` (`Some(true)`) or `http` (`Some(false)`), in any case
/// (RFC 3986 §3.1: schemes are case-insensitive).
///
/// One word compare: OR-ing 0x20 into a byte gives `h`, `t`, `p` or `s` exactly for that
/// letter in either case, since each has a single other byte mapping to it (its upper
/// case). Bench row `http/parse-urls`; tests `rfc3986_section3_1_http_schemes_in_any_case`.
fn http_scheme(scheme: &[u8]) -> Option<bool> {
    let (head, tail) = scheme.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*head) | 0x2020_2020 != u32::from_le_bytes(*b"http") {
        return None;
    }
    match *tail {
        [] => Some(false),
        [last] if last | 0x20 == b's' => Some(true),
        _ => None,
    }
}

/// Checks a reg-name as a host name: percent-decoded (UTF-8 required, RFC 3986 §3.2.2)
/// then `ldh_domain` `Policy::HOSTNAME` under `mode`. Returns whether the name is
/// internationalized.
#[inline]
fn check_host_name(host: &str, start: usize, mode: IdnaMode) -> Result<bool, UriError> {
    read_host_name(host, start, mode, |domain| !domain.is_ascii())
}

/// The warnings `ldh_domain` gives the reg-name `host` of a parsed URL (checked as
/// [`check_host_name`] checks it).
#[expect(
    clippy::redundant_closure_for_method_calls,
    reason = "`Domain::warnings` names one lifetime of `Domain`; `read` takes any"
)]
fn host_name_warnings(host: &str, mode: IdnaMode) -> ldh_domain::Warnings {
    read_host_name(host, 0, mode, |domain| domain.warnings()).unwrap_or(ldh_domain::Warnings::EMPTY)
}

/// Checks the reg-name `host` (at `start` in the input) as [`check_host_name`] describes
/// and returns what `read` reads from the name.
///
/// The name is checked as written first, without looking for `%`: a host name never
/// holds one (RFC 1123 §2.1 LDH octets; non-ASCII labels are IDNA labels, whose ASCII
/// octets follow the same rule, UTS #46 `UseSTD3ASCIIRules`), so a name `ldh_domain`
/// accepts as written has nothing to decode, and only a rejected one is looked at again
/// (tests `rfc3986_section3_2_2_...`; bench row `http/parse-urls`).
#[inline]
fn read_host_name<T>(
    host: &str,
    start: usize,
    mode: IdnaMode,
    read: impl FnOnce(&Domain<'_>) -> T,
) -> Result<T, UriError> {
    match Domain::parse_with(host, &Policy::HOSTNAME.with_idna_mode(mode)) {
        Ok(domain) => Ok(read(&domain)),
        Err(_) if host.as_bytes().contains(&b'%') => {
            read_encoded_host_name(host, mode, read).map_err(|e| e.with_offset(start))
        }
        Err(e) => Err(UriError::new(
            UriErrorKind::Domain(e.kind()),
            start + e.offset(),
        )),
    }
}

/// [`read_host_name`] for a reg-name with percent-encoded octets: decoded into a
/// buffer on the stack, then checked; errors point at the host's first octet (offset 0,
/// which the caller moves to the host's place). Out of line: few hosts are encoded, and
/// the buffer would be zeroed on every call.
#[cold]
#[inline(never)]
fn read_encoded_host_name<T>(
    host: &str,
    mode: IdnaMode,
    read: impl FnOnce(&Domain<'_>) -> T,
) -> Result<T, UriError> {
    let mut buf = [0u8; MAX_DECODED_HOST_LEN];
    let decoded = crate::percent::decode_into(host.as_bytes(), &mut buf).map_err(|_| {
        UriError::new(
            UriErrorKind::Domain(ldh_domain::DomainErrorKind::NameTooLong),
            0,
        )
    })?;
    let name = core::str::from_utf8(decoded)
        .map_err(|_| UriError::new(UriErrorKind::DecodedNotUtf8, 0))?;
    // Offsets inside a decoded name do not map back to the input: point at the host.
    Domain::parse_with(name, &Policy::HOSTNAME.with_idna_mode(mode))
        .map(|domain| read(&domain))
        .map_err(|e| UriError::new(UriErrorKind::Domain(e.kind()), 0))
}

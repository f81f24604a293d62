//! One call for an http(s) URL as people type it (feature `alloc`): the host mapped by
//! UTS #46, then the whole URL checked as an IRI.

use alloc::string::String;

use ldh_domain::{DomainBuf, Policy};

use crate::grammar::HostData;
use crate::{HttpPolicy, HttpUrlBuf, Uri, UriError, UriErrorKind, UriPolicy};

impl HttpUrlBuf {
    /// An http(s) URL typed by a person: parsed as an IRI (RFC 3987, as
    /// [`HttpPolicy::with_iri`]), with its host name mapped as UTS #46 §4.1 maps it (RFC
    /// 5895's advice: case folded, full-width forms and the ideographic full stop mapped)
    /// by [`DomainBuf::from_user_input`] and then checked under `policy`. The stored text
    /// is the URL with the mapped host; everything else is kept as written. Parsing
    /// ([`HttpUrl::parse_with`](crate::HttpUrl::parse_with)) never maps, so
    /// `http://Bücher.example/` is an error there even with `with_iri()`: RFC 5892 §2.2
    /// keeps upper-case letters out of U-labels.
    ///
    /// A percent-encoded host, an IP literal, and a host with an invisible character
    /// (U+200B, …) are not mapped. Errors point into `input`.
    ///
    /// ```
    /// # #[cfg(feature = "idna")] {
    /// use uri_schemes::{HttpPolicy, HttpUrl, HttpUrlBuf};
    /// let iri = HttpPolicy::STRICT.with_iri();
    /// assert_eq!(HttpUrl::parse_with("http://Bücher.example/", &iri).unwrap_err().code(), "idna_disallowed");
    /// let url = HttpUrlBuf::from_user_input("http://Bücher.example/Straße?q=Ä", &HttpPolicy::STRICT)?;
    /// assert_eq!(url.as_str(), "http://bücher.example/Straße?q=Ä");
    /// assert_eq!(url.host_ascii().as_deref(), Ok("xn--bcher-kva.example"));
    /// # }
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    pub fn from_user_input(input: &str, policy: &HttpPolicy) -> Result<Self, UriError> {
        let iri = policy.with_iri();
        let Some((start, end)) = mappable_host(input) else {
            return Self::parse_with(input, &iri);
        };
        let host = input.get(start..end).unwrap_or_default();
        let names = Policy::HOSTNAME.with_idna_mode(policy.idna_mode());
        let mapped = DomainBuf::from_user_input(host, &names)
            .map_err(|e| UriError::new(UriErrorKind::Domain(e.kind()), start + e.offset()))?;
        if mapped.as_str() == host {
            return Self::parse_with(input, &iri);
        }
        let mut text = String::with_capacity(input.len() + mapped.as_str().len());
        text.push_str(input.get(..start).unwrap_or_default());
        text.push_str(mapped.as_str());
        text.push_str(input.get(end..).unwrap_or_default());
        // An error after the host is at another offset in `text`: report the one of the
        // input as written, which has it too.
        Self::from_string(text, &iri).or_else(|_| Self::parse_with(input, &iri))
    }
}

/// The byte range of the host of `input` when it is a reg-name that mapping may change:
/// not empty, not percent-encoded; `None` otherwise (or when `input` is no IRI).
fn mappable_host(input: &str) -> Option<(usize, usize)> {
    let uri = Uri::parse_with(input, &UriPolicy::STRICT.with_iri()).ok()?;
    let parts = uri.parts();
    let (start, end) = (parts.host.start(), parts.host.end());
    let host = input.get(start..end)?;
    (parts.host_data == HostData::RegName && !host.is_empty() && !host.contains('%'))
        .then_some((start, end))
}

//! Percent-decoding for a [`Mailto`](super::Mailto): one value into a stack buffer
//! while parsing (only a value that has a `%`), and, with `alloc`, the decoded views of
//! a parsed URI.

#[cfg(feature = "alloc")]
use alloc::string::{String, ToString};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

#[cfg(feature = "alloc")]
use super::Mailto;
#[cfg(feature = "alloc")]
use crate::percent::decode_to_string;
use crate::{UriError, UriErrorKind};

/// The value `raw` (at offset `start` of the URI) percent-decoded into `buf`; it must be
/// UTF-8.
fn decode_in<'b>(raw: &str, start: usize, buf: &'b mut [u8]) -> Result<&'b str, UriError> {
    let decoded = crate::percent::decode_into(raw.as_bytes(), buf)
        .map_err(|e| UriError::new(UriErrorKind::AddressTooLong, start + e.offset()))?;
    core::str::from_utf8(decoded).map_err(|_| UriError::new(UriErrorKind::DecodedNotUtf8, start))
}

/// A decoded value is never longer than the value as written, so one written in at most
/// this many octets is decoded into a buffer of this size, which is cheap to clear.
const SMALL_VALUE_LEN: usize = 256;

/// Runs `check` on the value `raw` (at offset `start` of the URI) percent-decoded, and on
/// whether it had to be decoded (`encoded`: it has a `%`, which the caller's scan of
/// its characters found out): as written when it has no `%` (no buffer at all), else
/// decoded into a stack buffer of at most `LIMIT` octets (a longer decoded value is
/// [`UriErrorKind::AddressTooLong`]). A value written in at most [`SMALL_VALUE_LEN`]
/// octets fits a small buffer whatever it decodes to, so only a long value pays for
/// clearing `LIMIT` octets; the verdict is the same either way.
pub(super) fn with_decoded<const LIMIT: usize, R>(
    raw: &str,
    start: usize,
    encoded: bool,
    check: impl FnOnce(&str, bool) -> Result<R, UriError>,
) -> Result<R, UriError> {
    if !encoded {
        return check(raw, false);
    }
    // The small buffer must not accept what `LIMIT` octets would not.
    const { assert!(SMALL_VALUE_LEN <= LIMIT) };
    if raw.len() <= SMALL_VALUE_LEN {
        let mut buf = [0u8; SMALL_VALUE_LEN];
        return check(decode_in(raw, start, &mut buf)?, true);
    }
    with_decoded_long::<LIMIT, R>(raw, start, check)
}

/// [`with_decoded`] for a value too long for the small buffer: out of line, so the
/// common call keeps a small stack frame.
#[inline(never)]
#[cold]
fn with_decoded_long<const LIMIT: usize, R>(
    raw: &str,
    start: usize,
    check: impl FnOnce(&str, bool) -> Result<R, UriError>,
) -> Result<R, UriError> {
    let mut buf = [0u8; LIMIT];
    check(decode_in(raw, start, &mut buf)?, true)
}

#[cfg(feature = "alloc")]
fn decoded(raw: &str) -> String {
    // Parsing checked that every decoded name and value is UTF-8.
    decode_to_string(raw)
        .map(alloc::borrow::Cow::into_owned)
        .unwrap_or_default()
}

#[cfg(feature = "alloc")]
impl Mailto<'_> {
    /// The decoded recipient addresses: those before `?`, then the `addr-spec`s of every
    /// `to` header field, in order (RFC 6068 §2: `mailto:a@x?to=b@x` addresses both; a
    /// `to` value is an RFC 5322 address list, so `Bob <b@x>` gives `b@x`).
    ///
    /// ```
    /// let m = uri_schemes::Mailto::parse("mailto:addr1@an.example?to=addr2@an.example")?;
    /// assert_eq!(m.to(), ["addr1@an.example", "addr2@an.example"]);
    /// let m = uri_schemes::Mailto::parse("mailto:?to=chris@example.com%2C%20Tony%20%3Ctony@example.com%3E")?;
    /// assert_eq!(m.to(), ["chris@example.com", "tony@example.com"]);
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
    #[must_use]
    pub fn to(&self) -> Vec<String> {
        let mut out: Vec<String> = self.raw_to().map(decoded).collect();
        for (name, value) in self.raw_hfields() {
            if decoded(name).eq_ignore_ascii_case("to") {
                // Parsing checked the list: every element is a mailbox.
                let list = decoded(value);
                out.extend(
                    rfc_email::mailboxes(&list)
                        .filter_map(Result::ok)
                        .map(|m| m.addr_spec().to_string()),
                );
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
}

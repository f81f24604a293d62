//! Percent-decoding for a [`Mailto`](super::Mailto): one value into a stack buffer
//! written as it is decoded, while parsing (only a value that has a `%`), and, with
//! `alloc`, the decoded views of a parsed URI.

#[cfg(feature = "alloc")]
use alloc::string::{String, ToString};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

#[cfg(feature = "alloc")]
use super::Mailto;
#[cfg(feature = "alloc")]
use crate::percent::decode_to_string;
use arrayvec::ArrayVec;

use super::scan::Decoded;
use crate::{UriError, UriErrorKind};

/// Runs `check` on the value `raw` (at offset `start` of the URI) percent-decoded, and on
/// whether it had to be decoded (`encoded`: it has a `%`, which the caller's scan of
/// its characters found out): as written when it has no `%` (no buffer at all), else
/// decoded into a stack buffer of at most `LIMIT` octets, which the decoding writes as
/// it goes (nothing is cleared first, so a long limit costs nothing). A decoded value
/// longer than `LIMIT` is [`UriErrorKind::AddressTooLong`] where the octet that did not
/// fit was written; one that is not UTF-8 is [`UriErrorKind::DecodedNotUtf8`].
pub(super) fn with_decoded<const LIMIT: usize, R>(
    raw: &str,
    start: usize,
    encoded: bool,
    check: impl FnOnce(&str, bool) -> Result<R, UriError>,
) -> Result<R, UriError> {
    if !encoded {
        return check(raw, false);
    }
    let mut buf = ArrayVec::<u8, LIMIT>::new();
    let mut bytes = Decoded::new(raw);
    for (at, byte) in &mut bytes {
        buf.try_push(byte)
            .map_err(|_| UriError::new(UriErrorKind::AddressTooLong, start + at))?;
    }
    // The caller's scan took the value only if every `%` starts a triplet of two hex
    // digits, so the decoding reaches the end; a bad triplet would be where it stopped.
    if !bytes.finished() {
        return Err(UriError::new(
            UriErrorKind::AddressTooLong,
            start + bytes.position(),
        ));
    }
    let text = core::str::from_utf8(&buf)
        .map_err(|_| UriError::new(UriErrorKind::DecodedNotUtf8, start))?;
    check(text, true)
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

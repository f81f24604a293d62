//! Percent-encoding (RFC 3986 §2.1): encode with a named set, decode to bytes or UTF-8,
//! validate.
//!
//! An [`EncodeSet`] names the bytes that stay as they are; every other byte is written
//! `%XX` with uppercase hex digits (RFC 3986 §2.1: "should use uppercase"). Decoding is
//! strict: a `%` not followed by two hex digits is an error, never passed through.
//!
//! ```
//! use uri_schemes::percent::{self, EncodeSet};
//! assert_eq!(percent::encode(b"a b/c", &EncodeSet::PATH_SEGMENT).to_string(), "a%20b%2Fc");
//! let mut buf = [0u8; 16];
//! assert_eq!(percent::decode_into(b"caf%C3%A9", &mut buf)?, "café".as_bytes());
//! assert_eq!(percent::validate(b"100%", &EncodeSet::QUERY).unwrap_err().offset(), 3);
//! # Ok::<(), uri_schemes::UriError>(())
//! ```

use core::fmt;

use crate::ascii::{self, ByteSet, HEXDIG};
use crate::{UriError, UriErrorKind};

/// A named set of bytes that are written literally; every other byte is percent-encoded.
///
/// ```
/// use uri_schemes::percent::EncodeSet;
/// assert!(EncodeSet::QUERY.keeps(b'?') && !EncodeSet::QUERY.keeps(b'#'));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EncodeSet {
    keep: ByteSet,
}

impl EncodeSet {
    /// Only `unreserved` (RFC 3986 §2.3) stays: the safest choice for any component.
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"a&b", &EncodeSet::UNRESERVED).to_string(), "a%26b");
    /// ```
    pub const UNRESERVED: Self = Self::new(ascii::UNRESERVED);
    /// One path segment: `pchar` (RFC 3986 §3.3); `/` is encoded.
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"a/b:c", &EncodeSet::PATH_SEGMENT).to_string(), "a%2Fb:c");
    /// ```
    pub const PATH_SEGMENT: Self = Self::new(ascii::PCHAR);
    /// A whole path: `pchar / "/"` (RFC 3986 §3.3).
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"/a b/", &EncodeSet::PATH).to_string(), "/a%20b/");
    /// ```
    pub const PATH: Self = Self::new(ascii::PATH);
    /// A query: `pchar / "/" / "?"` (RFC 3986 §3.4).
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"a=1#", &EncodeSet::QUERY).to_string(), "a=1%23");
    /// ```
    pub const QUERY: Self = Self::new(ascii::QUERY);
    /// A fragment: `pchar / "/" / "?"` (RFC 3986 §3.5).
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"#", &EncodeSet::FRAGMENT).to_string(), "%23");
    /// ```
    pub const FRAGMENT: Self = Self::new(ascii::FRAGMENT);
    /// Userinfo: `unreserved / sub-delims / ":"` (RFC 3986 §3.2.1).
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"u@x", &EncodeSet::USERINFO).to_string(), "u%40x");
    /// ```
    pub const USERINFO: Self = Self::new(ascii::USERINFO);
    /// A registered name: `unreserved / sub-delims` (RFC 3986 §3.2.2).
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode("ü.example".as_bytes(), &EncodeSet::REG_NAME).to_string(), "%C3%BC.example");
    /// ```
    pub const REG_NAME: Self = Self::new(ascii::REG_NAME);
    /// An address in a mailto URI (RFC 6068 §2 item 1): `unreserved` and
    /// `! $ ' ( ) * :` stay; `%`, gen-delims other than `:` (so `@` inside a local part),
    /// `& ; =`, `,` (the list separator) and `+` (so no reader can take it for a space)
    /// are encoded.
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"a/b=c+d", &EncodeSet::MAILTO_ADDRESS).to_string(), "a%2Fb%3Dc%2Bd");
    /// ```
    pub const MAILTO_ADDRESS: Self =
        Self::new(ascii::UNRESERVED.union(ByteSet::from_bytes(b"!$'()*:")));
    /// A mailto `hfname` or `hfvalue` (RFC 6068 §2): `qchar` without `;` (which item 1
    /// requires encoded) and `+`; so `=`, `&`, `?`, `#`, space and `%` are encoded.
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// assert_eq!(encode(b"a b&c=d?", &EncodeSet::MAILTO_HFIELD).to_string(), "a%20b%26c%3Dd%3F");
    /// ```
    pub const MAILTO_HFIELD: Self = Self::new(ascii::QCHAR.without(b';').without(b'+'));

    /// A set keeping exactly `keep`. `%` is always encoded, whatever `keep` says.
    ///
    /// ```
    /// use uri_schemes::percent::{encode, EncodeSet};
    /// use uri_schemes::ascii::ByteSet;
    /// const DIGITS: EncodeSet = EncodeSet::new(ByteSet::range(b'0', b'9'));
    /// assert_eq!(encode(b"1a", &DIGITS).to_string(), "1%61");
    /// ```
    #[must_use]
    pub const fn new(keep: ByteSet) -> Self {
        Self {
            keep: keep.without(b'%'),
        }
    }

    /// Whether `byte` is written literally.
    ///
    /// ```
    /// assert!(!uri_schemes::percent::EncodeSet::UNRESERVED.keeps(b'%'));
    /// ```
    #[must_use]
    pub const fn keeps(&self, byte: u8) -> bool {
        self.keep.contains(byte)
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The `%XX` triplet of a byte, uppercase.
pub(crate) fn triplet(byte: u8) -> [u8; 3] {
    let hi = HEX_UPPER
        .get(usize::from(byte >> 4))
        .copied()
        .unwrap_or(b'0');
    let lo = HEX_UPPER
        .get(usize::from(byte & 0xF))
        .copied()
        .unwrap_or(b'0');
    [b'%', hi, lo]
}

/// The value of a hex digit (either case).
pub(crate) const fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Percent-encodes `input` lazily: the result is a [`Display`](fmt::Display) value.
///
/// ```
/// let enc = uri_schemes::percent::encode("é".as_bytes(), &uri_schemes::percent::EncodeSet::PATH);
/// assert_eq!(enc.to_string(), "%C3%A9");
/// ```
#[must_use]
pub fn encode<'a>(input: &'a [u8], set: &EncodeSet) -> Encode<'a> {
    Encode { input, set: *set }
}

/// The value returned by [`encode`]: writes the encoded form, allocating nothing.
///
/// ```
/// use core::fmt::Write;
/// let mut out = String::new();
/// write!(out, "{}", uri_schemes::percent::encode(b" ", &uri_schemes::percent::EncodeSet::QUERY))?;
/// assert_eq!(out, "%20");
/// # Ok::<(), core::fmt::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Encode<'a> {
    input: &'a [u8],
    set: EncodeSet,
}

impl fmt::Display for Encode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.input;
        while !rest.is_empty() {
            // Write runs of kept bytes in one call: they are ASCII, so valid UTF-8.
            let run = rest.iter().take_while(|&&b| self.set.keeps(b)).count();
            let (kept, after) = rest.split_at_checked(run).unwrap_or((rest, &[]));
            if let Ok(text) = core::str::from_utf8(kept) {
                f.write_str(text)?;
            }
            if let Some((&byte, after)) = after.split_first() {
                let t = triplet(byte);
                f.write_str(core::str::from_utf8(&t).unwrap_or("%00"))?;
                rest = after;
            } else {
                rest = after;
            }
        }
        Ok(())
    }
}

/// Percent-encodes `input` into a new `String`.
///
/// ```
/// use uri_schemes::percent::{encode_to_string, EncodeSet};
/// assert_eq!(encode_to_string("100%", &EncodeSet::QUERY), "100%25");
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
#[must_use]
pub fn encode_to_string(input: &str, set: &EncodeSet) -> alloc::string::String {
    use alloc::string::ToString;
    encode(input.as_bytes(), set).to_string()
}

/// Checks that every byte of `input` is in `set` or starts a valid `pct-encoded`
/// triplet; the error is at the first offending byte.
///
/// ```
/// use uri_schemes::percent::{validate, EncodeSet};
/// assert!(validate(b"a%20b", &EncodeSet::PATH).is_ok());
/// let err = validate(b"a b", &EncodeSet::PATH).unwrap_err();
/// assert_eq!((err.code(), err.offset()), ("invalid_character_in_path", 1));
/// ```
pub fn validate(input: &[u8], set: &EncodeSet) -> Result<(), UriError> {
    let mut pos = 0;
    while let Some(&byte) = input.get(pos) {
        if set.keeps(byte) {
            pos += 1;
        } else if byte == b'%' {
            match (input.get(pos + 1), input.get(pos + 2)) {
                (Some(&h), Some(&l)) if HEXDIG.contains(h) && HEXDIG.contains(l) => pos += 3,
                _ => return Err(UriError::new(UriErrorKind::BadPercentEncoding, pos)),
            }
        } else {
            return Err(UriError::new(UriErrorKind::InvalidCharacterInPath, pos));
        }
    }
    Ok(())
}

/// Decodes percent-encoded triplets lazily, yielding bytes; other bytes pass unchanged.
/// A `%` without two hex digits yields an error (at its offset) and ends the iteration.
///
/// ```
/// let bytes: Result<Vec<u8>, _> = uri_schemes::percent::decode(b"a%2Bb").collect();
/// assert_eq!(bytes?, b"a+b");
/// assert!(uri_schemes::percent::decode(b"%4").any(|r| r.is_err()));
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[must_use]
pub fn decode(input: &[u8]) -> Decode<'_> {
    Decode {
        input,
        pos: 0,
        failed: false,
    }
}

/// The iterator returned by [`decode`].
///
/// ```
/// assert_eq!(uri_schemes::percent::decode(b"%41").count(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Decode<'a> {
    input: &'a [u8],
    pos: usize,
    failed: bool,
}

impl Iterator for Decode<'_> {
    type Item = Result<u8, UriError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let byte = *self.input.get(self.pos)?;
        if byte != b'%' {
            self.pos += 1;
            return Some(Ok(byte));
        }
        let hi = self.input.get(self.pos + 1).copied().and_then(hex_value);
        let lo = self.input.get(self.pos + 2).copied().and_then(hex_value);
        if let (Some(hi), Some(lo)) = (hi, lo) {
            self.pos += 3;
            Some(Ok(hi << 4 | lo))
        } else {
            self.failed = true;
            Some(Err(UriError::new(
                UriErrorKind::BadPercentEncoding,
                self.pos,
            )))
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.input.len().saturating_sub(self.pos);
        (left.div_ceil(3), Some(left))
    }
}

/// Decodes into a caller buffer (no allocation); the output is never longer than the
/// input, so a buffer of `input.len()` bytes always suffices.
///
/// ```
/// let mut buf = [0u8; 3];
/// assert_eq!(uri_schemes::percent::decode_into(b"%41%42", &mut buf)?, b"AB");
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
///
/// A buffer too small is reported as [`UriErrorKind::BufferTooSmall`] at the input offset
/// that did not fit.
pub fn decode_into<'o>(input: &[u8], output: &'o mut [u8]) -> Result<&'o [u8], UriError> {
    let mut len = 0;
    let mut iter = decode(input);
    loop {
        let at = iter.pos;
        let Some(byte) = iter.next() else { break };
        let byte = byte?;
        let Some(slot) = output.get_mut(len) else {
            return Err(UriError::new(UriErrorKind::BufferTooSmall, at));
        };
        *slot = byte;
        len += 1;
    }
    Ok(output.get(..len).unwrap_or_default())
}

/// Decodes to bytes, borrowing when there is nothing to decode.
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(uri_schemes::percent::decode_to_bytes("plain")?, Cow::Borrowed(_)));
/// assert_eq!(&*uri_schemes::percent::decode_to_bytes("%FF")?, &[0xFF]);
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn decode_to_bytes(input: &str) -> Result<alloc::borrow::Cow<'_, [u8]>, UriError> {
    use alloc::borrow::Cow;
    if !input.as_bytes().contains(&b'%') {
        return Ok(Cow::Borrowed(input.as_bytes()));
    }
    let bytes: Result<alloc::vec::Vec<u8>, UriError> = decode(input.as_bytes()).collect();
    bytes.map(Cow::Owned)
}

/// Decodes to UTF-8 text, borrowing when there is nothing to decode; decoded octets that
/// are not UTF-8 are [`UriErrorKind::DecodedNotUtf8`] at offset 0 of `input`.
///
/// ```
/// assert_eq!(uri_schemes::percent::decode_to_string("caf%C3%A9")?, "café");
/// assert_eq!(uri_schemes::percent::decode_to_string("%FF").unwrap_err().code(), "decoded_not_utf8");
/// # Ok::<(), uri_schemes::UriError>(())
/// ```
#[cfg(feature = "alloc")]
#[cfg_attr(docsrs, doc(cfg(feature = "alloc")))]
pub fn decode_to_string(input: &str) -> Result<alloc::borrow::Cow<'_, str>, UriError> {
    use alloc::borrow::Cow;
    match decode_to_bytes(input)? {
        Cow::Borrowed(_) => Ok(Cow::Borrowed(input)),
        Cow::Owned(bytes) => alloc::string::String::from_utf8(bytes)
            .map(Cow::Owned)
            .map_err(|_| UriError::new(UriErrorKind::DecodedNotUtf8, 0)),
    }
}

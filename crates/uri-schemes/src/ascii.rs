//! RFC 3986 and RFC 6068 character classes, built in `const` from the base classes of
//! [`name_text::ascii`].
//!
//! Percent-encoded triplets (`pct-encoded = "%" HEXDIG HEXDIG`, RFC 3986 §2.1) are not
//! in these sets: the parsers accept a `%` only when two hex digits follow it.
//!
//! ```
//! use uri_schemes::ascii::{PCHAR, UNRESERVED};
//! assert!(UNRESERVED.contains(b'~'));
//! assert!(PCHAR.contains(b':') && !PCHAR.contains(b'/'));
//! ```

pub use name_text::ascii::{ALPHA, ByteSet, DIGIT, HEXDIG};

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
///
/// ```
/// assert!(uri_schemes::ascii::UNRESERVED.contains(b'_'));
/// ```
pub const UNRESERVED: ByteSet = ALPHA.union(DIGIT).union(ByteSet::from_bytes(b"-._~"));

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
/// (RFC 3986 §2.2).
///
/// ```
/// assert!(uri_schemes::ascii::SUB_DELIMS.contains(b'&'));
/// ```
pub const SUB_DELIMS: ByteSet = ByteSet::from_bytes(b"!$&'()*+,;=");

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (RFC 3986 §2.2).
///
/// ```
/// assert!(uri_schemes::ascii::GEN_DELIMS.contains(b'#'));
/// ```
pub const GEN_DELIMS: ByteSet = ByteSet::from_bytes(b":/?#[]@");

/// `reserved = gen-delims / sub-delims` (RFC 3986 §2.2).
///
/// ```
/// assert!(uri_schemes::ascii::RESERVED.contains(b'['));
/// ```
pub const RESERVED: ByteSet = GEN_DELIMS.union(SUB_DELIMS);

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1): the bytes after
/// the first.
///
/// ```
/// assert!(uri_schemes::ascii::SCHEME.contains(b'+'));
/// ```
pub const SCHEME: ByteSet = ALPHA.union(DIGIT).union(ByteSet::from_bytes(b"+-."));

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (RFC 3986 §3.2.1),
/// without `pct-encoded`.
///
/// ```
/// assert!(uri_schemes::ascii::USERINFO.contains(b':') && !uri_schemes::ascii::USERINFO.contains(b'@'));
/// ```
pub const USERINFO: ByteSet = UNRESERVED.union(SUB_DELIMS).with(b':');

/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (RFC 3986 §3.2.2), without
/// `pct-encoded`.
///
/// ```
/// assert!(!uri_schemes::ascii::REG_NAME.contains(b':'));
/// ```
pub const REG_NAME: ByteSet = UNRESERVED.union(SUB_DELIMS);

/// The tail of `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
/// (RFC 3986 §3.2.2).
///
/// ```
/// assert!(uri_schemes::ascii::IPVFUTURE_TAIL.contains(b':'));
/// ```
pub const IPVFUTURE_TAIL: ByteSet = UNRESERVED.union(SUB_DELIMS).with(b':');

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (RFC 3986 §3.3), without
/// `pct-encoded`.
///
/// ```
/// assert!(uri_schemes::ascii::PCHAR.contains(b'@'));
/// ```
pub const PCHAR: ByteSet = UNRESERVED
    .union(SUB_DELIMS)
    .union(ByteSet::from_bytes(b":@"));

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (RFC 3986 §3.3):
/// a `pchar` other than `:`, for the first segment of a relative-path reference.
///
/// ```
/// assert!(!uri_schemes::ascii::SEGMENT_NC.contains(b':'));
/// ```
pub const SEGMENT_NC: ByteSet = PCHAR.without(b':');

/// A path: `pchar` and the segment separator `/` (RFC 3986 §3.3).
///
/// ```
/// assert!(uri_schemes::ascii::PATH.contains(b'/'));
/// ```
pub const PATH: ByteSet = PCHAR.with(b'/');

/// `query = *( pchar / "/" / "?" )` (RFC 3986 §3.4), without `pct-encoded`.
///
/// ```
/// assert!(uri_schemes::ascii::QUERY.contains(b'?'));
/// ```
pub const QUERY: ByteSet = PCHAR.union(ByteSet::from_bytes(b"/?"));

/// `fragment = *( pchar / "/" / "?" )` (RFC 3986 §3.5), without `pct-encoded`.
///
/// ```
/// assert!(!uri_schemes::ascii::FRAGMENT.contains(b'#'));
/// ```
pub const FRAGMENT: ByteSet = QUERY;

/// `ZoneID = 1*( unreserved / pct-encoded )` (RFC 6874 §2), without `pct-encoded`.
///
/// ```
/// assert!(uri_schemes::ascii::ZONE_ID.contains(b'0'));
/// ```
pub const ZONE_ID: ByteSet = UNRESERVED;

/// `some-delims = "!" / "$" / "'" / "(" / ")" / "*" / "+" / "," / ";" / ":" / "@"`
/// (RFC 6068 §2).
///
/// ```
/// assert!(!uri_schemes::ascii::SOME_DELIMS.contains(b'&'));
/// ```
pub const SOME_DELIMS: ByteSet = ByteSet::from_bytes(b"!$'()*+,;:@");

/// `qchar = unreserved / pct-encoded / some-delims` (RFC 6068 §2), without `pct-encoded`:
/// what a mailto `to` address, `hfname` and `hfvalue` may hold literally.
///
/// ```
/// assert!(uri_schemes::ascii::QCHAR.contains(b'+') && !uri_schemes::ascii::QCHAR.contains(b'='));
/// ```
pub const QCHAR: ByteSet = UNRESERVED.union(SOME_DELIMS);

//! ASCII case-insensitive comparison, the rule DNS names are compared by (RFC 4343 §3:
//! "a" to "z" and "A" to "Z" are equal; every other octet, UTF-8 included, only to
//! itself). `ldh_domain::Domain`, the domain of an email address and the host of an
//! origin compare through these three functions, so that `Eq`, `Ord` and `Hash` agree.
//!
//! ```
//! use core::cmp::Ordering;
//! use name_text::caseless;
//! assert!(caseless::eq("Example.COM", "example.com"));
//! assert_eq!(caseless::cmp("B.example", "a.example"), Ordering::Greater);
//! ```

use core::cmp::Ordering;
use core::hash::Hasher;

/// Whether `a` and `b` are equal ignoring ASCII case.
///
/// ```
/// assert!(!name_text::caseless::eq("b\u{fc}cher", "B\u{dc}CHER")); // only ASCII folds
/// ```
#[must_use]
pub fn eq(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// Orders `a` and `b` as their ASCII-lower-cased octets would order.
///
/// ```
/// use core::cmp::Ordering;
/// assert_eq!(name_text::caseless::cmp("A", "a"), Ordering::Equal);
/// assert_eq!(name_text::caseless::cmp("a", "ab"), Ordering::Less);
/// ```
#[must_use]
pub fn cmp(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|b| b.to_ascii_lowercase())
        .cmp(b.bytes().map(|b| b.to_ascii_lowercase()))
}

/// Feeds the ASCII-lower-cased octets of `text` to `state`, then a terminator (as
/// `str`'s own `Hash` does), so that `eq(a, b)` implies equal hashes.
///
/// ```
/// use std::hash::{BuildHasher, Hasher};
/// let build = std::collections::hash_map::RandomState::new();
/// let hash = |s: &str| { let mut h = build.build_hasher(); name_text::caseless::hash(s, &mut h); h.finish() };
/// assert_eq!(hash("Example.COM"), hash("example.com"));
/// ```
pub fn hash<H: Hasher>(text: &str, state: &mut H) {
    for b in text.bytes() {
        state.write_u8(b.to_ascii_lowercase());
    }
    state.write_u8(0xff);
}

//! How URIs compare: by their text exactly as written, octet for octet. `Eq`, `Ord`,
//! `Hash` and `PartialEq<str>` of every URI type are generated here from `as_str`, so
//! they agree with each other and with `str`'s (which is what makes `Borrow<str>` sound
//! on the owned types).
//!
//! This is the "simple string comparison" of RFC 3986 §6.2.1: no false positives,
//! possible false negatives (`HTTP://h/%7e` and `http://h/~` name the same resource).
//! Compare the results of [`UriRef::normalize`](crate::UriRef::normalize) for the
//! syntax-based equivalence of §6.2.2, and an [`Origin`](crate::Origin) for
//! same-origin checks. The options a value was parsed with are not part of it.

/// Implements `PartialEq`, `Eq`, `PartialOrd`, `Ord`, `Hash`, and `PartialEq` against
/// `str`, `&str` and (with `alloc`) `String` in both directions, for `$ty` through its
/// `as_str()`.
macro_rules! compare_as_text {
    ($ty:ty) => {
        /// Equal when written the same, octet for octet (RFC 3986 §6.2.1).
        impl PartialEq for $ty {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl Eq for $ty {}

        /// Ordered by the text's octets.
        impl PartialOrd for $ty {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        /// Ordered by the text's octets.
        impl Ord for $ty {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.as_str().cmp(other.as_str())
            }
        }

        /// Hashes the text as `str` does.
        impl core::hash::Hash for $ty {
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        /// Equal when the text is the same, octet for octet.
        impl PartialEq<str> for $ty {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        /// Equal when the text is the same, octet for octet.
        impl PartialEq<&str> for $ty {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        ldh_domain::text_eq_both_ways!(str: $ty);
        #[cfg(feature = "alloc")]
        ldh_domain::text_eq_both_ways!(String: $ty);
    };
}

compare_as_text!(crate::UriRef<'_>);
compare_as_text!(crate::Uri<'_>);
compare_as_text!(crate::HttpUrl<'_>);
#[cfg(feature = "mailto")]
compare_as_text!(crate::Mailto<'_>);
#[cfg(feature = "alloc")]
compare_as_text!(crate::UriRefBuf);
#[cfg(feature = "alloc")]
compare_as_text!(crate::UriBuf);
#[cfg(feature = "alloc")]
compare_as_text!(crate::HttpUrlBuf);
#[cfg(all(feature = "alloc", feature = "mailto"))]
compare_as_text!(crate::MailtoBuf);

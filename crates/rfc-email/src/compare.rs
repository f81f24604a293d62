//! How addresses compare: the local part as written, octet for octet (RFC 5321 §2.4:
//! it is case-sensitive, its meaning belongs to the receiving host), and the domain
//! part ASCII case-insensitively (RFC 4343 §3, through `name_text::caseless`). `Eq`,
//! `Ord` and `Hash` of [`EmailAddress`](crate::EmailAddress) and
//! [`EmailAddressBuf`](crate::EmailAddressBuf) all go through here, so they agree.

use core::cmp::Ordering;
use core::hash::{Hash, Hasher};

use name_text::caseless;

/// `(local part, domain part)`, both as written.
pub(crate) type Key<'a> = (&'a str, &'a str);

pub(crate) fn eq(a: Key<'_>, b: Key<'_>) -> bool {
    a.0 == b.0 && caseless::eq(a.1, b.1)
}

pub(crate) fn cmp(a: Key<'_>, b: Key<'_>) -> Ordering {
    a.0.cmp(b.0).then_with(|| caseless::cmp(a.1, b.1))
}

pub(crate) fn hash<H: Hasher>(key: Key<'_>, state: &mut H) {
    key.0.hash(state);
    caseless::hash(key.1, state);
}

/// Against text: split at its last `@` (a domain part has none), then as [`eq`].
pub(crate) fn eq_text(key: Key<'_>, text: &str) -> bool {
    text.rsplit_once('@')
        .is_some_and(|(local, domain)| eq(key, (local, domain)))
}

ldh_domain::text_eq_both_ways!(str: crate::EmailAddress<'_>);
#[cfg(feature = "alloc")]
ldh_domain::text_eq_both_ways!(String: crate::EmailAddress<'_>);

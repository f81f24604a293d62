//! `serde` support: addresses serialize as their text; deserializing validates, under
//! [`Policy::RFC5321`] by default or under the profile a
//! [`serde_policy`](crate::serde_policy) module names.

#[cfg(feature = "alloc")]
use crate::EmailAddressBuf;
use crate::{EmailAddress, Policy};

name_text::serde_text_impls! {
    /// Validates under [`Policy::RFC5321`]; borrows from the input, so the input must
    /// hold the address as is (for JSON: a string without escapes). Use
    /// [`serde_policy`](crate::serde_policy) for another profile.
    borrowed EmailAddress, trait crate::serde_policy::DeserializeWithPolicy,
    policy Policy = Policy::RFC5321,
    expecting "an email address borrowed from the input",
    error ::serde::de::Error::custom,
    bytes parse_bytes,
}

#[cfg(feature = "alloc")]
name_text::serde_text_impls! {
    /// Validates under [`Policy::RFC5321`]; an address checked under another profile
    /// (`SMTPUTF8`, `RFC5322`, …) round-trips through the matching
    /// [`serde_policy`](crate::serde_policy) module.
    owned EmailAddressBuf, trait crate::serde_policy::DeserializeWithPolicy,
    policy Policy = Policy::RFC5321,
    expecting "an email address",
    error ::serde::de::Error::custom,
}

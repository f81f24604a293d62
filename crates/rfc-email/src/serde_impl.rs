//! `serde` support: addresses serialize as their text; deserializing validates, under
//! [`Policy::RFC5321`] by default or under the profile a
//! [`serde_policy`](crate::serde_policy) module names.

#[cfg(feature = "alloc")]
use crate::EmailAddressBuf;
use crate::serde_policy::DeserializeWithPolicy;
use crate::{EmailAddress, Policy};

name_text::serde_text_impls! {
    trait DeserializeWithPolicy, policy Policy = Policy::RFC5321, error ::serde::de::Error::custom;
    /// Validates under [`Policy::RFC5321`]; borrows from the input, so the input must
    /// hold the address as is (for JSON: a string without escapes). Use
    /// [`serde_policy`](crate::serde_policy) for another profile.
    borrowed EmailAddress: "an email address borrowed from the input", bytes parse_bytes;
    /// Validates under [`Policy::RFC5321`]; an address checked under another profile
    /// (`SMTPUTF8`, `RFC5322`, …) round-trips through the matching
    /// [`serde_policy`](crate::serde_policy) module.
    owned EmailAddressBuf: "an email address", cfg(feature = "alloc");
}

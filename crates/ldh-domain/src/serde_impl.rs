//! `serde` support: names serialize as their text; deserializing validates, with
//! [`Policy::HOSTNAME`](crate::Policy::HOSTNAME) by default or with the policy a
//! [`serde_policy`](crate::serde_policy) module names.

#[cfg(feature = "alloc")]
use crate::DomainBuf;
use crate::{Domain, Policy};

name_text::serde_text_impls! {
    /// Validates with [`Policy::HOSTNAME`]; borrows from the input, so the input must hold
    /// the name as is (for JSON: a string without escapes). Use
    /// [`serde_policy`](crate::serde_policy) for another policy.
    borrowed Domain, trait crate::serde_policy::DeserializeWithPolicy,
    policy Policy = Policy::HOSTNAME,
    expecting "a domain name borrowed from the input",
    error ::serde::de::Error::custom,
    bytes parse_bytes,
}

#[cfg(feature = "alloc")]
name_text::serde_text_impls! {
    /// Validates with [`Policy::HOSTNAME`]; a name checked under another policy (an
    /// `_dmarc` name under `DNS`) round-trips through the matching
    /// [`serde_policy`](crate::serde_policy) module.
    owned DomainBuf, trait crate::serde_policy::DeserializeWithPolicy,
    policy Policy = Policy::HOSTNAME,
    expecting "a domain name",
    error ::serde::de::Error::custom,
}

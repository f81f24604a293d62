//! `serde` support: names serialize as their text; deserializing validates, with
//! [`Policy::HOSTNAME`] by default or with the policy a
//! [`serde_policy`](crate::serde_policy) module names.

#[cfg(feature = "alloc")]
use crate::DomainBuf;
use crate::serde_policy::DeserializeWithPolicy;
use crate::{Domain, Policy};

name_text::serde_text_impls! {
    trait DeserializeWithPolicy, policy Policy = Policy::HOSTNAME, error ::serde::de::Error::custom;
    /// Validates with [`Policy::HOSTNAME`]; borrows from the input, so the input must hold
    /// the name as is (for JSON: a string without escapes). Use
    /// [`serde_policy`](crate::serde_policy) for another policy.
    borrowed Domain: "a domain name borrowed from the input", bytes parse_bytes;
    /// Validates with [`Policy::HOSTNAME`]; a name checked under another policy (an
    /// `_dmarc` name under `DNS`) round-trips through the matching
    /// [`serde_policy`](crate::serde_policy) module.
    owned DomainBuf: "a domain name", cfg(feature = "alloc");
}

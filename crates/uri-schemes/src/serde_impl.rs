//! `Serialize`/`Deserialize` (feature `serde`): URIs are strings; deserializing
//! validates. The borrowed types implement `Deserialize<'de>` for every `'a` that `'de`
//! outlives, so they can be fields of a `#[derive(Deserialize)]` struct; they borrow
//! from the input, so the input must hold the text as is (for JSON: a string without
//! escapes). The owned types (`alloc`) deserialize from any string.
//!
//! Each impl parses with the type's default policy: `UriPolicy::STRICT` for
//! [`UriRef`], [`Uri`] and their owned forms, `HttpPolicy::STRICT` for [`HttpUrl`] and
//! `HttpUrlBuf`, `MailtoPolicy::DEFAULT` for `Mailto` and `MailtoBuf`. For IRIs, use
//! the [`serde_policy::iri`](crate::serde_policy::iri) module.

use serde::de::Error;

#[cfg(all(feature = "alloc", feature = "mailto"))]
use crate::MailtoBuf;
use crate::serde_policy::DeserializeWithPolicy;
use crate::{HttpPolicy, HttpUrl, Uri, UriError, UriPolicy, UriRef};
#[cfg(feature = "alloc")]
use crate::{HttpUrlBuf, UriBuf, UriRefBuf};
#[cfg(feature = "mailto")]
use crate::{Mailto, MailtoPolicy};

/// The error of a URI that did not parse, as the deserializer's custom error.
fn custom<E: Error>(e: UriError) -> E {
    E::custom(format_args!("{} at byte {}: {e}", e.code(), e.offset()))
}

name_text::serde_text_impls! {
    trait DeserializeWithPolicy, policy UriPolicy = UriPolicy::STRICT, error custom;
    /// Parses with `UriPolicy::STRICT`, borrowing from the input.
    borrowed UriRef: "a URI-reference borrowed from the input";
    /// Parses with `UriPolicy::STRICT`, borrowing from the input.
    borrowed Uri: "an absolute URI borrowed from the input";
    /// Parses with `UriPolicy::STRICT`.
    owned UriRefBuf: "a URI-reference", cfg(feature = "alloc");
    /// Parses with `UriPolicy::STRICT`.
    owned UriBuf: "an absolute URI", cfg(feature = "alloc");
}

name_text::serde_text_impls! {
    trait DeserializeWithPolicy, policy HttpPolicy = HttpPolicy::STRICT, error custom;
    /// Parses with `HttpPolicy::STRICT`, borrowing from the input.
    borrowed HttpUrl: "an http(s) URL borrowed from the input";
    /// Parses with `HttpPolicy::STRICT`.
    owned HttpUrlBuf: "an http(s) URL", cfg(feature = "alloc");
}

#[cfg(feature = "mailto")]
name_text::serde_text_impls! {
    trait DeserializeWithPolicy, policy MailtoPolicy = MailtoPolicy::DEFAULT, error custom;
    /// Parses with `MailtoPolicy::DEFAULT`, borrowing from the input.
    borrowed Mailto: "a mailto URI borrowed from the input";
    /// Parses with `MailtoPolicy::DEFAULT`.
    owned MailtoBuf: "a mailto URI", cfg(feature = "alloc");
}

//! Fuzz properties for the rfc3696 crates: one `pub fn <target>(data: &[u8])` per
//! cargo-fuzz target.
//!
//! Each function states a property and panics (through `assert!`) when an input breaks
//! it. The libFuzzer binaries in `fuzz_targets/` only call these functions, and
//! `tests/replay.rs` runs every committed corpus file and every saved crash through
//! them on stable Rust, so a finding stays a regression test forever.
//!
//! `fuzz/README.md` lists the targets, what each checks and what a failure means.
//! Properties come from the crates' documentation (their stated guarantees) and from the
//! RFCs; where a property is narrower than a first reading of the docs would suggest,
//! the comment says why.

#![forbid(unsafe_code)]

pub mod alloc_free;
mod domain;
mod email;
mod hostile;
mod punycode;
mod terminal;
mod uri;

pub use alloc_free::validation_alloc_free;
pub use domain::{domain_ascii_vs_naive, domain_parse, domain_vs_idna, idna_roundtrip};
pub use email::{email_normalize, email_parse};
pub use hostile::{
    cli_lines, cli_render, email_convert, mailto_options, percent_roundtrip, serde_deserialize,
};
pub use punycode::{punycode_decode, punycode_roundtrip, punycode_vs_idna};
pub use terminal::terminal_text;
pub use uri::{http_parse, mailto_build, mailto_parse, uri_resolve, uri_roundtrip, uri_vs_fluent};

use std::borrow::Cow;
use std::fmt::Debug;

/// The CLI's text rendering and line reading, from its library (`rfc3696_cli`).
use rfc3696_cli::fuzzing::{report, stream};

/// The input as text: valid UTF-8 as is, anything else with U+FFFD replacements, so
/// that byte-level mutations still reach the `&str` entry points.
pub(crate) fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Whatever the narrower policy accepts, the wider one accepts: `accepted` is the
/// narrower result, `rule` names the inclusion, the panic shows the wider result.
pub(crate) fn assert_included<T: Debug, E: Debug>(
    accepted: bool,
    wider: &Result<T, E>,
    rule: &str,
) {
    if accepted {
        assert!(wider.is_ok(), "{rule}: {wider:?}");
    }
}

/// The results of `parse` under each of the named `policies`, in their order.
pub(crate) fn under_each<P, R>(policies: &[(&str, P)], parse: impl Fn(&P) -> R) -> Vec<R> {
    policies.iter().map(|(_, policy)| parse(policy)).collect()
}

/// `parse` never panics on the raw bytes under any of the named `policies`, and every
/// error it returns points inside the input (`offset` reads the error's byte offset).
pub(crate) fn assert_byte_errors_inside<'a, P, T, E: Debug>(
    data: &'a [u8],
    policies: &[(&str, P)],
    parse: impl Fn(&'a [u8], &P) -> Result<T, E>,
    offset: impl Fn(&E) -> usize,
) {
    for (name, policy) in policies {
        if let Err(e) = parse(data, policy) {
            assert!(
                offset(&e) <= data.len(),
                "{name}: error offset past the input: {e:?}"
            );
        }
    }
}

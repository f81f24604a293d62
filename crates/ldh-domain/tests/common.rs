//! Helpers shared by the test modules.

use ldh_domain::{Domain, DomainErrorKind, Policy};

/// Asserts that `input` fails under `policy` with `kind` at `offset` (and `label`).
#[track_caller]
pub fn fails(
    input: &str,
    policy: &Policy,
    kind: DomainErrorKind,
    offset: usize,
    label: Option<usize>,
) {
    match Domain::parse_with(input, policy) {
        Ok(d) => panic!("{input:?} should fail with {kind:?}, parsed as {d:?}"),
        Err(e) => {
            assert_eq!(
                (e.kind(), e.offset(), e.label_index()),
                (kind, offset, label),
                "{input:?}"
            );
            assert_eq!(e.code(), kind.code());
        }
    }
}

/// Asserts that `input` parses under `policy`.
#[track_caller]
pub fn ok<'a>(input: &'a str, policy: &Policy) -> Domain<'a> {
    match Domain::parse_with(input, policy) {
        Ok(d) => d,
        Err(e) => panic!("{input:?} should parse, got {e:?} ({e})"),
    }
}

/// `n` copies of `label` joined by dots.
pub fn repeat_label(label: &str, n: usize) -> String {
    vec![label; n].join(".")
}

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
    fails_case(&("", input, policy, kind, offset, label));
}

/// One expected failure, a row of a table: the rule it breaks (its RFC section), the
/// input, the policy, and the error's kind, offset and label index.
pub type Failure<'a> = (
    &'static str,
    &'a str,
    &'a Policy,
    DomainErrorKind,
    usize,
    Option<usize>,
);

/// Asserts one [`Failure`]; the panic names the rule and the input.
#[track_caller]
pub fn fails_case(&(rule, input, policy, kind, offset, label): &Failure<'_>) {
    match Domain::parse_with(input, policy) {
        Ok(d) => panic!("{rule}: {input:?} should fail with {kind:?}, parsed as {d:?}"),
        Err(e) => {
            assert_eq!(
                (e.kind(), e.offset(), e.label_index()),
                (kind, offset, label),
                "{rule}: {input:?}"
            );
            assert_eq!(e.code(), kind.code(), "{rule}: {input:?}");
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

/// A field of `IdnaTestV2.txt` (UTS #46 §8) with its `\uXXXX` and `\x{XXXX}` escapes
/// undone, and `""` for the empty string.
#[cfg(feature = "idna")]
pub fn unescape(field: &str) -> String {
    if field == "\"\"" {
        return String::new();
    }
    let mut out = String::new();
    let mut chars = field.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let hex: String = match chars.next() {
            Some('u') => chars.by_ref().take(4).collect(),
            Some('x') => {
                assert_eq!(chars.next(), Some('{'));
                chars.by_ref().take_while(|&c| c != '}').collect()
            }
            other => panic!("bad escape {other:?} in {field:?}"),
        };
        let cp = u32::from_str_radix(&hex, 16).unwrap();
        // Unpaired surrogates cannot be in a Rust string; they become U+FFFD (the line
        // then fails in both operations, as the file expects: status A3/P1/V7).
        out.push(char::from_u32(cp).unwrap_or('\u{FFFD}'));
    }
    out
}

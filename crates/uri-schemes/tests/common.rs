//! Helpers shared by the test modules.

use std::path::PathBuf;

/// Reads a file under the workspace's `testdata/`.
pub fn testdata(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The data rows of a TSV file with a header line, split on TAB.
#[cfg_attr(
    not(any(feature = "alloc", feature = "mailto")),
    expect(
        dead_code,
        reason = "the RFC 3986 §5.4 and RFC 6068 §6 tables need `alloc` or `mailto`"
    )
)]
pub fn tsv(path: &str) -> Vec<Vec<String>> {
    testdata(path)
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

/// Asserts that `check` fails on each input of `cases` with `kind` at the byte offset
/// the case gives.
pub fn assert_fails_at(
    kind: uri_schemes::UriErrorKind,
    cases: &[(&str, usize)],
    check: impl Fn(&str) -> Option<uri_schemes::UriError>,
) {
    for &(input, offset) in cases {
        let err = check(input).unwrap_or_else(|| panic!("{input:?} was accepted"));
        assert_eq!((err.kind(), err.offset()), (kind, offset), "{input:?}");
    }
}

/// Asserts that `check` fails on each `(input, kind, offset)` of `cases`, and that the
/// error's stable code is the kind's.
pub fn assert_each_fails_at(
    cases: &[(&str, uri_schemes::UriErrorKind, usize)],
    check: impl Fn(&str) -> Option<uri_schemes::UriError>,
) {
    for &(input, kind, offset) in cases {
        let err = check(input).unwrap_or_else(|| panic!("{input:?} was accepted"));
        assert_eq!((err.kind(), err.offset()), (kind, offset), "{input:?}");
        assert_eq!(err.code(), kind.code(), "{input:?}");
    }
}

/// Asserts that `check` fails on each `(input, code, offset)` of `cases`, by stable code.
pub fn assert_codes_at(
    cases: &[(&str, &str, usize)],
    check: impl Fn(&str) -> Option<uri_schemes::UriError>,
) {
    for &(input, code, offset) in cases {
        let err = check(input).unwrap_or_else(|| panic!("{input:?} was accepted"));
        assert_eq!((err.code(), err.offset()), (code, offset), "{input:?}");
    }
}

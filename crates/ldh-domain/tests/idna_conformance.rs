//! UTS #46 conformance: `testdata/idna/IdnaTestV2.txt` run as data, one check per line.
//!
//! The resolved `idna` crate takes its Unicode data from ICU4X (`icu_normalizer_data` /
//! `icu_properties_data` 2.4, generated from Unicode 18.0.0 per their READMEs). The
//! newest test file we have is Unicode 17.0.0 (`IdnaTestV2.txt`), the closest version,
//! so that is the one run here. Lines where the two versions disagree are listed with
//! their reason in `testdata/expected_failures.txt`; the test fails if a line fails
//! that is not listed, *or* if a listed line passes (so the list stays current).
//!
//! Options: non-transitional, `CheckHyphens`, `CheckBidi`, `CheckJoiners`, `UseSTD3ASCIIRules`,
//! `VerifyDnsLength`, which is what the file's statuses assume, except that this crate
//! keeps and allows the root dot: a line whose only `ToASCII` error is `A4_2` *because the
//! name ends in the root dot* is expected to succeed (RFC 3696 §2).

use ldh_domain::IdnaMode;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::common::unescape;

const TEST_FILE: &str = include_str!("../testdata/idna/IdnaTestV2.txt");
const EXPECTED_FAILURES: &str = include_str!("../testdata/expected_failures.txt");

fn statuses(field: &str) -> Vec<String> {
    field
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// Compares a result with the expectation; `None` when they agree.
fn compare(
    expected: &str,
    expected_status: &[String],
    actual: Result<String, ldh_domain::DomainError>,
) -> Option<String> {
    match (expected_status.is_empty(), actual) {
        (true, Ok(value)) if value == expected => None,
        (true, Ok(value)) => Some(format!("got {value:?}, expected {expected:?}")),
        (true, Err(e)) => Some(format!(
            "got error {} ({e}), expected {expected:?}",
            e.code()
        )),
        (false, Err(_)) => None,
        (false, Ok(value)) => Some(format!(
            "got {value:?}, expected errors {expected_status:?}"
        )),
    }
}

#[test]
fn idna_test_v2_unicode_17() {
    let mut failures: BTreeMap<(usize, &str), String> = BTreeMap::new();
    let mut total = 0usize;
    for (i, raw) in TEST_FILE.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split(';').map(str::trim).collect();
        assert!(cols.len() >= 5, "line {line_no}: {raw}");
        let source = unescape(cols[0]);
        let to_unicode = if cols[1].is_empty() {
            source.clone()
        } else {
            unescape(cols[1])
        };
        let to_unicode_status = statuses(cols[2]);
        let to_ascii = if cols[3].is_empty() {
            to_unicode.clone()
        } else {
            unescape(cols[3])
        };
        let mut to_ascii_status = if cols[4].is_empty() {
            to_unicode_status.clone()
        } else {
            statuses(cols[4])
        };
        // `X4_2` is a `ToASCII`-only condition reported in the `ToUnicode` column.
        let to_unicode_status: Vec<String> = to_unicode_status
            .into_iter()
            .filter(|s| s != "X4_2")
            .collect();
        // The root dot is allowed (RFC 3696 §2): an `A4_2` that comes only from the empty
        // root label is not an error here.
        if to_ascii_status == ["A4_2"]
            && to_ascii.ends_with('.')
            && !to_ascii[..to_ascii.len() - 1].ends_with('.')
            && !to_ascii[..to_ascii.len() - 1].is_empty()
            && ldh_domain::limits::MAX_NAME_LEN + 1 >= to_ascii.len()
            && to_ascii[..to_ascii.len() - 1]
                .split('.')
                .all(|l| !l.is_empty() && l.len() <= 63)
        {
            to_ascii_status.clear();
        }

        let results = [
            (
                "to_ascii",
                &to_ascii,
                &to_ascii_status,
                ldh_domain::to_ascii_with(&source, IdnaMode::Uts46),
            ),
            (
                "to_unicode",
                &to_unicode,
                &to_unicode_status,
                ldh_domain::to_unicode_with(&source, IdnaMode::Uts46),
            ),
        ];
        for (operation, expected, status, actual) in results {
            total += 1;
            if let Some(why) = compare(expected, status, actual.map(Cow::into_owned)) {
                failures.insert((line_no, operation), why);
            }
        }
    }

    let mut expected: BTreeMap<(usize, &str), &str> = BTreeMap::new();
    for line in EXPECTED_FAILURES
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.splitn(4, '\t');
        let file = parts.next().unwrap();
        if file != "idna/IdnaTestV2.txt" {
            continue;
        }
        let line_no: usize = parts.next().unwrap().parse().unwrap();
        let op = parts.next().unwrap();
        let reason = parts.next().unwrap_or("");
        assert!(
            !reason.trim().is_empty(),
            "expected failure without a reason: {line}"
        );
        expected.insert((line_no, op), reason);
    }

    let mut report = String::new();
    for (key, why) in &failures {
        if !expected.contains_key(key) {
            writeln!(report, "IdnaTestV2.txt line {} {}: {why}", key.0, key.1).unwrap();
        }
    }
    for key in expected.keys() {
        if !failures.contains_key(key) {
            writeln!(
                report,
                "listed in expected_failures.txt but passes: line {} {}",
                key.0, key.1
            )
            .unwrap();
        }
    }
    let passed = total - failures.len();
    eprintln!(
        "IdnaTestV2.txt (Unicode 17.0.0): {passed}/{total} checks passed, {} expected failures",
        failures.len()
    );
    assert!(report.is_empty(), "{report}");
}

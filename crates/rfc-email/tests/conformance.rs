//! Conformance over the synthetic corpus `testdata/corpus/emails.txt` and its labels
//! `emails.meta.tsv`, under `SMTPUTF8` (RFC 5321 + RFC 6531).
//!
//! Expected verdicts: unlisted lines and `unusual` lines are valid, except
//! `unusual rfc5322-cfws` (comments are header syntax); `invalid` lines are invalid.
//! Where a label disagrees with the RFCs, the line is listed in [`LABEL_ERRATA`] with
//! the reason (see `docs/notes/rfc-email.md`).

use std::collections::HashMap;

use rfc_email::{EmailAddress, Policy};

use crate::common::read;

/// Label classes that are wrong by the RFCs: (class, detail, our verdict, why).
const LABEL_ERRATA: &[(&str, &str, bool, &str)] = &[(
    "unusual",
    "single-label-domain",
    false,
    "RFC 5321 §2.3.5: only fully-qualified domain names are permitted in SMTP; RFC 3696 §3 \
     asks for at least one dot (`user@localhost` is false in rfc-examples.tsv)",
)];

/// Single lines whose label is wrong by the RFCs: (line, our verdict, why).
const LINE_ERRATA: &[(usize, bool, &str)] = &[(
    18238,
    false,
    "RFC 6531 §3.3 asks for IDNA 2008 U-labels, and RFC 5892 §2.2 makes upper-case letters \
     (here Cyrillic `Р` and `Б`) DISALLOWED; the label assumes UTS #46 mapping",
)];

fn corpus() -> (Vec<String>, HashMap<usize, (String, String)>) {
    let lines: Vec<String> = read("corpus/emails.txt")
        .split('\n')
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    let mut meta = HashMap::new();
    for row in read("corpus/emails.meta.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let mut f = row.split('\t');
        let line: usize = f.next().unwrap().parse().unwrap();
        let class = f.next().unwrap().to_owned();
        let detail = f.next().unwrap_or_default().to_owned();
        meta.insert(line, (class, detail));
    }
    (lines, meta)
}

#[cfg(feature = "idna")]
#[test]
fn corpus_agrees_with_labels_under_smtputf8() {
    let (lines, meta) = corpus();
    assert_eq!(lines.len(), 20_000);
    let mut agree = 0;
    let mut agree_raw = 0;
    let mut disagreements = Vec::new();
    for (index, input) in lines.iter().enumerate() {
        let line = index + 1;
        let expected = match meta.get(&line) {
            None => true,
            Some((class, detail)) => class == "unusual" && detail != "rfc5322-cfws",
        };
        let result = EmailAddress::parse_with(input, &Policy::SMTPUTF8);
        agree_raw += usize::from(result.is_ok() == expected);
        let erratum = meta.get(&line).and_then(|(class, detail)| {
            LABEL_ERRATA
                .iter()
                .find(|e| e.0 == class && e.1 == detail)
                .map(|e| e.2)
        });
        let line_erratum = LINE_ERRATA.iter().find(|e| e.0 == line).map(|e| e.1);
        let expected = line_erratum.or(erratum).unwrap_or(expected);
        if result.is_ok() == expected {
            agree += 1;
        } else {
            disagreements.push(format!(
                "{line}\t{input:?}\t{:?}\t{result:?}",
                meta.get(&line)
            ));
        }
    }
    println!(
        "agreement with the labels as given: {agree_raw}/{}; after the documented label errata: {agree}/{}",
        lines.len(),
        lines.len()
    );
    assert!(
        disagreements.is_empty(),
        "{} disagreements:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
    assert_eq!(
        agree_raw, 19_973,
        "the 26 single-label-domain lines and the one line of LINE_ERRATA are the only label errata"
    );
}

/// Under `RFC5322` (header syntax), every line labelled valid or unusual parses,
/// including the CFWS forms and single-label domains.
#[cfg(feature = "idna")]
#[test]
fn corpus_unusual_lines_are_valid_under_rfc5322() {
    let (lines, meta) = corpus();
    let mut failures = Vec::new();
    for (index, input) in lines.iter().enumerate() {
        let line = index + 1;
        let valid = meta.get(&line).is_none_or(|(class, _)| class == "unusual");
        if valid && let Err(e) = EmailAddress::parse_with(input, &Policy::RFC5322) {
            failures.push(format!("{line} {input:?} {e:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

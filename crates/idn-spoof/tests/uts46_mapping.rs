//! `display` under a name policy in the UTS #46 mode: the A-labels it offers are UTS #46
//! §4.2 `ToASCII` of the mapped name (ldh-domain's `Domain::to_ascii`), so a label that
//! maps to ASCII is that ASCII label and a label not in NFC is normalized first.

#![cfg(feature = "alloc")]

use idn_spoof::{DisplayPolicy, display};
use ldh_domain::{IdnaMode, Policy};

#[test]
fn uts46_4_2_display_a_labels_are_those_of_the_mapped_name() {
    let policy =
        DisplayPolicy::BROWSER.with_name_policy(Policy::FQDN.with_idna_mode(IdnaMode::Uts46));
    let cases = [
        ("ＥＸＡＭＰＬＥ.com", ["example", "com"]),
        ("exa\u{200B}mple.com", ["example", "com"]),
        ("s\u{307}.example", ["xn--tig", "example"]),
        ("a\u{FB01}b.example", ["afib", "example"]),
    ];
    for (name, expected) in cases {
        let shown = display(name, &policy).unwrap_or_else(|e| panic!("{name:?}: {e}"));
        let ascii: Vec<&str> = shown
            .labels()
            .iter()
            .map(idn_spoof::DisplayLabel::ascii)
            .collect();
        assert_eq!(ascii, expected, "{name:?}");
        for label in shown.labels() {
            assert!(!label.ascii().ends_with('-'), "{name:?}: {}", label.ascii());
        }
    }
}

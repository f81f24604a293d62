//! The embedded IANA TLD list (feature `iana-tlds`).

use ldh_domain::{Domain, Policy, TLD_LIST_VERSION, is_known_tld};

#[test]
fn known_tlds() {
    for tld in [
        "com", "COM", "org.", "de", "arpa", "xn--p1ai", "XN--P1AI", "museum",
    ] {
        assert!(is_known_tld(tld), "{tld}");
    }
    for tld in [
        "",
        "example",
        "localhost",
        "test",
        "invalid",
        "onion",
        "a".repeat(70).as_str(),
        "co m",
    ] {
        assert!(!is_known_tld(tld), "{tld}");
    }
    assert!(TLD_LIST_VERSION.starts_with("# Version 2025081400"));
}

#[test]
fn syntax_checks_never_consult_the_list() {
    // RFC 3696 §2: lists go stale; an unknown TLD is not an error.
    let d = Domain::parse_with("example.notarealtld", &Policy::FQDN).unwrap();
    assert!(!d.tld().is_known_tld());
    assert!(
        Domain::parse_with("example.com", &Policy::FQDN)
            .unwrap()
            .tld()
            .is_known_tld()
    );
}

#[test]
fn table_matches_the_vendored_list() {
    let list = include_str!("../testdata/tld/tlds-alpha-by-domain.txt");
    let mut n = 0;
    for line in list.lines().filter(|l| !l.starts_with('#')) {
        assert!(is_known_tld(line), "{line}");
        n += 1;
    }
    assert_eq!(n, 1440);
}

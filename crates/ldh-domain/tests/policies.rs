//! Policies: presets, builders, underscores under each policy.

use crate::common::{fails, ok};
use ldh_domain::{DomainErrorKind as K, LabelSyntax, NumericTld, Policy, Qualification, Warning};

#[test]
fn presets_are_const_and_distinct() {
    const P: [Policy; 3] = [Policy::HOSTNAME, Policy::FQDN, Policy::DNS];
    assert_ne!(P[0], P[1]);
    assert_ne!(P[0], P[2]);
    assert_eq!(Policy::default(), Policy::HOSTNAME);
    assert_eq!(Policy::HOSTNAME.label_syntax(), LabelSyntax::Ldh);
    assert_eq!(
        Policy::FQDN.qualification(),
        Qualification::AtLeastTwoLabels
    );
    assert_eq!(Policy::DNS.label_syntax(), LabelSyntax::AnyOctet);
    assert_eq!(Policy::DNS.numeric_tld(), NumericTld::Reject);
}

#[test]
fn underscores_under_each_policy() {
    fails(
        "_dmarc.example.com",
        &Policy::HOSTNAME,
        K::InvalidCharacter(b'_'),
        0,
        Some(0),
    );
    fails(
        "_dmarc.example.com",
        &Policy::FQDN,
        K::InvalidCharacter(b'_'),
        0,
        Some(0),
    );
    ok("_dmarc.example.com", &Policy::DNS);
    ok("_sip._tcp.example.com", &Policy::DNS);
    ok("host_name.example.com", &Policy::DNS);
    fails(
        "a.b_c",
        &Policy::HOSTNAME,
        K::InvalidCharacter(b'_'),
        3,
        Some(1),
    );
}

#[test]
fn single_labels_under_each_policy() {
    assert!(
        ok("intranet", &Policy::HOSTNAME)
            .warnings()
            .contains(Warning::SingleLabel)
    );
    assert!(
        ok("intranet", &Policy::DNS)
            .warnings()
            .contains(Warning::SingleLabel)
    );
    fails("intranet", &Policy::FQDN, K::NotFullyQualified, 0, Some(0));
    assert!(
        !ok("a.intranet", &Policy::HOSTNAME)
            .warnings()
            .contains(Warning::SingleLabel)
    );
}

#[test]
fn numeric_tld_option() {
    let reverse = Policy::DNS.with_numeric_tld(NumericTld::Allow);
    ok("4.3.2.1", &reverse);
    fails("4.3.2.1", &Policy::DNS, K::NumericTld, 6, Some(3));
}

#[test]
fn builders_compose() {
    static MAIL_DNS: Policy = Policy::DNS.with_qualification(Qualification::AtLeastTwoLabels);
    ok("_spf.example.com", &MAIL_DNS);
    fails("_spf", &MAIL_DNS, K::NotFullyQualified, 0, Some(0));
    assert_eq!(
        Policy::FQDN.with_label_syntax(LabelSyntax::Ldh),
        Policy::FQDN
    );
}

#[test]
fn root_dot_under_each_policy() {
    for p in [Policy::HOSTNAME, Policy::FQDN, Policy::DNS] {
        assert!(ok("a.b.", &p).is_absolute());
        fails(".", &p, K::RootOnly, 0, None);
        fails("a.b..", &p, K::EmptyLabel, 4, Some(2));
    }
}

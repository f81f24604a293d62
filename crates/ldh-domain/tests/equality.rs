//! Equality, ordering and hashing of names: ASCII case-insensitive (RFC 4343 §3), the
//! root dot and the IDNA form significant, the policy ignored; `Eq`, `Ord` and `Hash`
//! agree (property-tested).

use core::cmp::Ordering;
use std::collections::HashSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use ldh_domain::{Domain, DomainBuf, Policy};
use proptest::prelude::*;

fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

#[test]
fn rfc4343_ascii_case_is_ignored() {
    let upper = Domain::parse("WWW.Example.COM").unwrap();
    let lower = Domain::parse("www.example.com").unwrap();
    assert_eq!(upper, lower);
    assert_eq!(hash_of(&upper), hash_of(&lower));
    assert_eq!(upper.cmp(&lower), Ordering::Equal);
    assert_eq!(upper, "www.example.COM");
    assert_eq!(
        upper.as_str(),
        "WWW.Example.COM",
        "the text is kept as written"
    );
}

#[test]
fn rfc1034_root_dot_is_significant() {
    assert_ne!(
        Domain::parse("example.com.").unwrap(),
        Domain::parse("example.com").unwrap()
    );
}

#[cfg(feature = "idna")]
#[test]
fn rfc5890_u_label_and_a_label_differ_until_converted() {
    let u = Domain::parse("b\u{fc}cher.example").unwrap();
    let a = Domain::parse("xn--bcher-kva.example").unwrap();
    assert_ne!(u, a);
    assert_eq!(u.to_ascii().unwrap(), a.to_ascii().unwrap());
}

#[test]
fn policy_is_not_part_of_equality() {
    let host = Domain::parse_with("example.com", &Policy::HOSTNAME).unwrap();
    let dns = Domain::parse_with("EXAMPLE.com", &Policy::DNS).unwrap();
    assert_eq!(host, dns);
    assert_eq!(
        DomainBuf::parse_with("example.com", &Policy::FQDN).unwrap(),
        DomainBuf::parse_with("Example.Com", &Policy::DNS).unwrap()
    );
}

#[test]
fn owned_and_borrowed_agree() {
    let owned = DomainBuf::parse("Mail.Example.com.").unwrap();
    let view = Domain::parse("mail.example.COM.").unwrap();
    assert_eq!(owned, view);
    assert_eq!(view, owned);
    assert_eq!(hash_of(&owned), hash_of(&view));
    assert_eq!(owned, "MAIL.example.com.");
    // Every accessor of the view, without the detour.
    assert_eq!(owned.label_count(), 3);
    assert!(owned.is_absolute() && owned.is_fully_qualified() && owned.is_ascii());
    assert_eq!(owned.tld().as_str(), "com");
    assert_eq!(owned.as_relative_str(), "Mail.Example.com");
    assert_eq!(owned.warnings(), owned.as_domain().warnings());
    assert_eq!(owned.special_use(), owned.as_domain().special_use());
    assert_eq!(owned.to_ascii().unwrap(), "mail.example.com.");
    let labels: Vec<&str> = owned.labels().map(|l| l.as_str()).collect();
    assert_eq!(labels, ["Mail", "Example", "com"]);
}

#[test]
fn a_set_of_names_holds_one_entry_per_name() {
    let set: HashSet<DomainBuf> = ["example.com", "EXAMPLE.COM", "Example.Com", "example.org"]
        .into_iter()
        .map(|s| DomainBuf::parse(s).unwrap())
        .collect();
    assert_eq!(set.len(), 2);
    let mut sorted: Vec<DomainBuf> = ["b.example", "A.example", "a.example"]
        .into_iter()
        .map(|s| DomainBuf::parse(s).unwrap())
        .collect();
    sorted.sort();
    assert_eq!(sorted[0], "a.example");
    assert_eq!(sorted[2], "b.example");
}

#[test]
fn one_constructor_shape() {
    assert_eq!(Domain::parse("localhost").unwrap().as_str(), "localhost");
    assert!(DomainBuf::parse("_x.example").is_err());
    assert!(DomainBuf::parse_with("_x.example", &Policy::DNS).is_ok());
    assert!(DomainBuf::parse_bytes(b"a.example", &Policy::FQDN).is_ok());
    assert_eq!(
        DomainBuf::parse_bytes(b"a.\xff", &Policy::FQDN)
            .unwrap_err()
            .code(),
        "invalid_utf8"
    );
    assert_eq!(
        Domain::parse("a.example").unwrap().into_owned(),
        "a.example"
    );
}

proptest! {
    #[test]
    fn eq_ord_hash_agree(a in "[a-zA-Z]{1,3}(\\.[a-zA-Z]{1,3}){0,2}", b in "[a-zA-Z]{1,3}(\\.[a-zA-Z]{1,3}){0,2}") {
        let (da, db) = (Domain::parse(&a).unwrap(), Domain::parse(&b).unwrap());
        let same = a.eq_ignore_ascii_case(&b);
        prop_assert_eq!(da == db, same);
        prop_assert_eq!(da.cmp(&db) == Ordering::Equal, same);
        prop_assert_eq!(da.cmp(&db), a.to_ascii_lowercase().cmp(&b.to_ascii_lowercase()));
        if same {
            prop_assert_eq!(hash_of(&da), hash_of(&db));
        }
    }
}

#[test]
fn warnings_debug_names_the_warnings() {
    use ldh_domain::{Warning, Warnings};
    let set = Warnings::EMPTY
        .with(Warning::SingleLabel)
        .with(Warning::ReservedHyphenLabel);
    assert_eq!(format!("{set:?}"), "{ReservedHyphenLabel, SingleLabel}");
}

/// `Debug` of an owned name is its text: the packed facts are not printed.
#[test]
fn owned_debug_is_the_text() {
    let owned = DomainBuf::parse_with("_dmarc.Example.com", &Policy::DNS).unwrap();
    assert_eq!(format!("{owned:?}"), r#"DomainBuf("_dmarc.Example.com")"#);
}

/// The facts of a parse, put back over the same text, give the same name: labels,
/// warnings and special use included; over text of another length, nothing.
#[test]
fn facts_over_the_same_text_give_the_same_name() {
    let names = [
        "www.example.com.",
        "_dmarc.ab--cd.example",
        "localhost",
        "abc.onion",
    ];
    for text in names {
        let name = Domain::parse_with(text, &Policy::DNS).unwrap();
        let copy = String::from(text);
        let again = name.facts().with_text(&copy).unwrap();
        assert_eq!(format!("{again:?}"), format!("{name:?}"), "{text}");
        assert_eq!(again.warnings(), name.warnings(), "{text}");
        assert_eq!(again.special_use(), name.special_use(), "{text}");
        let owned = DomainBuf::parse_with(text, &Policy::DNS).unwrap();
        assert_eq!(
            owned.is_canonical_ascii(),
            name.is_canonical_ascii(),
            "{text}"
        );
        assert!(
            again
                .labels()
                .map(|l| l.as_str())
                .eq(name.labels().map(|l| l.as_str()))
        );
        assert!(name.facts().with_text(&copy[1..]).is_none(), "{text}");
    }
}

//! `serde`: names serialize as strings; deserializing validates.

use ldh_domain::{Domain, DomainBuf};

#[test]
fn borrowed_round_trip() {
    let d: Domain<'_> = serde_json::from_str("\"www.example.com.\"").unwrap();
    assert!(d.is_absolute());
    assert_eq!(serde_json::to_string(&d).unwrap(), "\"www.example.com.\"");
}

#[test]
fn deserializing_validates() {
    let e = serde_json::from_str::<Domain<'_>>("\"a..b\"").unwrap_err();
    assert!(e.to_string().contains("empty label"), "{e}");
    let e = serde_json::from_str::<DomainBuf>("\"-a.com\"").unwrap_err();
    assert!(e.to_string().contains("starts with a hyphen"), "{e}");
}

#[test]
fn owned_round_trip_with_escapes() {
    // An escaped string cannot be borrowed; the owned type takes it.
    let d: DomainBuf = serde_json::from_str("\"b\\u00fccher.de\"").unwrap();
    assert_eq!(d.as_str(), "bücher.de");
    assert_eq!(serde_json::to_string(&d).unwrap(), "\"bücher.de\"");
}

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

/// A struct of names under each preset: the plain impls use HOSTNAME; the
/// `serde_policy` modules choose another, and every value round-trips.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Zone<'a> {
    host: DomainBuf,
    #[serde(with = "ldh_domain::serde_policy::fqdn")]
    mail: DomainBuf,
    #[serde(with = "ldh_domain::serde_policy::dns")]
    dmarc: DomainBuf,
    #[serde(borrow, with = "ldh_domain::serde_policy::dns")]
    srv: Domain<'a>,
    #[serde(borrow)]
    alias: Domain<'a>,
}

#[test]
fn every_preset_round_trips_in_a_struct() {
    let zone = Zone {
        host: DomainBuf::parse("localhost").unwrap(),
        mail: DomainBuf::parse_with("mail.example", &ldh_domain::Policy::FQDN).unwrap(),
        dmarc: DomainBuf::parse_with("_dmarc.example.com", &ldh_domain::Policy::DNS).unwrap(),
        srv: Domain::parse_with("_sip._tcp.example.com", &ldh_domain::Policy::DNS).unwrap(),
        alias: Domain::parse("www.example.com").unwrap(),
    };
    let json = serde_json::to_string(&zone).unwrap();
    let back: Zone<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, zone);
    assert_eq!(back.dmarc.as_str(), "_dmarc.example.com");
}

#[test]
fn the_policy_of_a_module_is_enforced() {
    // `fqdn` refuses a single label; the plain impl (HOSTNAME) refuses an underscore.
    let e = serde_json::from_str::<Zone<'_>>(
        r#"{"host":"h","mail":"localhost","dmarc":"_d.example","srv":"_s.example","alias":"a"}"#,
    )
    .unwrap_err();
    let why = DomainBuf::parse_with("localhost", &ldh_domain::Policy::FQDN).unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
    let e = serde_json::from_str::<DomainBuf>(r#""_dmarc.example.com""#).unwrap_err();
    let why = DomainBuf::parse("_dmarc.example.com").unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
}

/// `Option` and `Vec` fields under each preset's `option` and `vec` submodules: `null`
/// and `[]` are the empty values, every name is read under the module's policy.
#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Delegation<'a> {
    #[serde(default, with = "ldh_domain::serde_policy::fqdn::option")]
    primary: Option<DomainBuf>,
    #[serde(with = "ldh_domain::serde_policy::fqdn::vec")]
    secondaries: Vec<DomainBuf>,
    #[serde(default, with = "ldh_domain::serde_policy::dns::option")]
    policy_record: Option<DomainBuf>,
    #[serde(with = "ldh_domain::serde_policy::dns::vec")]
    services: Vec<DomainBuf>,
    #[serde(borrow, default, with = "ldh_domain::serde_policy::hostname::option")]
    host: Option<Domain<'a>>,
    #[serde(with = "ldh_domain::serde_policy::hostname::vec")]
    hosts: Vec<DomainBuf>,
}

fn delegation_json(primary: &str, services: &str) -> String {
    format!(
        r#"{{"primary":{primary},"secondaries":["ns2.example.net"],"policy_record":null,"services":{services},"host":"localhost","hosts":["a.example","b"]}}"#
    )
}

/// RFC 1035 §2.3.1 names (FQDN) and RFC 2181 §11 names (DNS) inside `Option` and `Vec`
/// fields round-trip through JSON.
#[test]
fn option_and_vec_submodules_round_trip() {
    let json = delegation_json(
        r#""ns1.example.net""#,
        r#"["_sip._tcp.example.com","_dmarc.example.com"]"#,
    );
    let back: Delegation<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        back.primary.as_ref().map(DomainBuf::as_str),
        Some("ns1.example.net")
    );
    assert_eq!(back.policy_record, None);
    assert_eq!(back.services.len(), 2);
    assert_eq!(back.host.map(|h| h.as_str()), Some("localhost"));
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    let json = delegation_json("null", "[]");
    let empty: Delegation<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!((empty.primary, empty.services), (None, Vec::new()));
}

/// The submodules enforce their preset: FQDN refuses a single label (RFC 3696 §2), an
/// element of a `vec` field refused by DNS is the whole field's error, with the
/// policy's own message.
#[test]
fn option_and_vec_submodules_reject_with_the_policy_error() {
    let e = serde_json::from_str::<Delegation<'_>>(&delegation_json(r#""localhost""#, "[]"))
        .unwrap_err();
    let why = DomainBuf::parse_with("localhost", &ldh_domain::Policy::FQDN).unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
    let e = serde_json::from_str::<Delegation<'_>>(&delegation_json(
        "null",
        r#"["_sip._tcp.example.com","a..b"]"#,
    ))
    .unwrap_err();
    let why = DomainBuf::parse_with("a..b", &ldh_domain::Policy::DNS).unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
    // HOSTNAME refuses the underscore that DNS accepted above (RFC 952 via RFC 1123 §2.1).
    let json =
        delegation_json("null", "[]").replace(r#""host":"localhost""#, r#""host":"_x.example""#);
    let e = serde_json::from_str::<Delegation<'_>>(&json).unwrap_err();
    let why = DomainBuf::parse("_x.example").unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
}

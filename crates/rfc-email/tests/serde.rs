//! `serde_policy` submodules for `Option` and `Vec` fields: each value is read under the
//! module's profile, and serializing writes the address as written.

use rfc_email::{EmailAddress, EmailAddressBuf, Policy};

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Contact<'a> {
    #[serde(default, with = "rfc_email::serde_policy::smtputf8::option")]
    recovery: Option<EmailAddressBuf>,
    #[serde(with = "rfc_email::serde_policy::smtputf8::vec")]
    aliases: Vec<EmailAddressBuf>,
    #[serde(default, with = "rfc_email::serde_policy::rfc5322::option")]
    header_from: Option<EmailAddressBuf>,
    #[serde(with = "rfc_email::serde_policy::rfc5322::vec")]
    header_to: Vec<EmailAddressBuf>,
    #[serde(borrow, default, with = "rfc_email::serde_policy::rfc5321::option")]
    envelope: Option<EmailAddress<'a>>,
}

fn contact_json(recovery: &str, aliases: &str, envelope: &str) -> String {
    format!(
        r#"{{"recovery":{recovery},"aliases":{aliases},"header_from":"a(comment)@localhost","header_to":[],"envelope":{envelope}}}"#
    )
}

/// RFC 6531 addresses (UTF-8 local parts and U-label domains) in `Option` and `Vec`
/// fields under `smtputf8`, and an RFC 5322 §3.2.2 comment under `rfc5322`, round-trip
/// through JSON; `null` and `[]` are the empty values.
#[test]
fn option_and_vec_submodules_round_trip() {
    let json = contact_json(
        r#""jürgen@bücher.example""#,
        r#"["δοκιμή@παράδειγμα.δοκιμή","user@example.com"]"#,
        r#""a@example.com""#,
    );
    let back: Contact<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        back.recovery.as_ref().map(EmailAddressBuf::as_str),
        Some("jürgen@bücher.example")
    );
    assert_eq!(back.aliases.len(), 2);
    assert_eq!(
        back.header_from.as_ref().map(EmailAddressBuf::local_part),
        Some("a")
    );
    assert_eq!(back.envelope.map(|a| a.local_part()), Some("a"));
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    let json = contact_json("null", "[]", "null");
    let empty: Contact<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (empty.recovery, empty.aliases, empty.envelope),
        (None, Vec::new(), None)
    );
}

/// Each submodule rejects what its profile rejects, with that profile's error: the
/// RFC 5321 `option` refuses a UTF-8 address (RFC 6531 is not RFC 5321), the SMTPUTF8
/// `vec` refuses an element with two consecutive dots (RFC 5321 §4.1.2 `Dot-string`).
#[test]
fn option_and_vec_submodules_reject_with_the_profile_error() {
    let json = contact_json("null", "[]", r#""jürgen@bücher.example""#);
    let e = serde_json::from_str::<Contact<'_>>(&json).unwrap_err();
    let why = EmailAddress::parse_with("jürgen@bücher.example", &Policy::RFC5321).unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
    let json = contact_json(
        "null",
        r#"["jürgen@bücher.example","a..b@example.com"]"#,
        "null",
    );
    let e = serde_json::from_str::<Contact<'_>>(&json).unwrap_err();
    let why = EmailAddress::parse_with("a..b@example.com", &Policy::SMTPUTF8).unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
    let json = contact_json(r#""user@""#, "[]", "null");
    let e = serde_json::from_str::<Contact<'_>>(&json).unwrap_err();
    let why = EmailAddress::parse_with("user@", &Policy::SMTPUTF8).unwrap_err();
    assert!(e.to_string().starts_with(&why.to_string()), "{e}");
}

//! `serde_policy` submodules for `Option` and `Vec` fields: each value is read under the
//! module's preset, and a value that fails is the URI's error (code, offset, message).

use uri_schemes::{HttpPolicy, HttpUrlBuf, Uri, UriBuf, UriPolicy};

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Links<'a> {
    #[serde(default, with = "uri_schemes::serde_policy::iri::option")]
    home: Option<HttpUrlBuf>,
    #[serde(with = "uri_schemes::serde_policy::iri::vec")]
    mirrors: Vec<UriBuf>,
    #[serde(default, with = "uri_schemes::serde_policy::strict::option")]
    feed: Option<HttpUrlBuf>,
    #[serde(with = "uri_schemes::serde_policy::strict::vec")]
    archives: Vec<UriBuf>,
    #[serde(borrow, default, with = "uri_schemes::serde_policy::strict::option")]
    canonical: Option<Uri<'a>>,
}

fn links_json(home: &str, mirrors: &str, archives: &str) -> String {
    format!(
        r#"{{"home":{home},"mirrors":{mirrors},"feed":null,"archives":{archives},"canonical":"https://example.com/"}}"#
    )
}

/// RFC 3987 IRIs under `iri` and RFC 3986 URIs under `strict`, in `Option` and `Vec`
/// fields, round-trip through JSON; `null` and `[]` are the empty values.
#[test]
fn option_and_vec_submodules_round_trip() {
    let json = links_json(
        r#""http://例え.テスト/""#,
        r#"["ftp://例え.テスト/ファイル","https://example.org/"]"#,
        r#"["https://archive.example/2024"]"#,
    );
    let back: Links<'_> = serde_json::from_str(&json).unwrap();
    let home =
        HttpUrlBuf::parse_with("http://例え.テスト/", &HttpPolicy::STRICT.with_iri()).unwrap();
    assert_eq!(back.home, Some(home));
    assert_eq!(back.mirrors.len(), 2);
    assert_eq!(back.feed, None);
    assert_eq!(
        back.canonical.map(|u| u.as_str()),
        Some("https://example.com/")
    );
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    let json = links_json("null", "[]", "[]");
    let empty: Links<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (empty.home, empty.mirrors, empty.archives),
        (None, Vec::new(), Vec::new())
    );
}

/// `strict` refuses an IRI in a `vec` element (RFC 3986 §2: non-ASCII is not a URI
/// character) and `iri` still refuses a space (RFC 3987 §2.2 `ucschar` excludes it), each
/// with the parser's code, byte offset and message.
#[test]
fn option_and_vec_submodules_reject_with_the_policy_error() {
    let json = links_json(
        "null",
        "[]",
        r#"["https://archive.example/","http://例え.テスト/"]"#,
    );
    let e = serde_json::from_str::<Links<'_>>(&json).unwrap_err();
    let why = UriBuf::parse_with("http://例え.テスト/", &UriPolicy::STRICT).unwrap_err();
    let expected = format!("{} at byte {}: {why}", why.code(), why.offset());
    assert!(e.to_string().starts_with(&expected), "{e}");
    let json = links_json(r#""http://a b/""#, "[]", "[]");
    let e = serde_json::from_str::<Links<'_>>(&json).unwrap_err();
    let why = HttpUrlBuf::parse_with("http://a b/", &HttpPolicy::STRICT.with_iri()).unwrap_err();
    let expected = format!("{} at byte {}: {why}", why.code(), why.offset());
    assert!(e.to_string().starts_with(&expected), "{e}");
    let json = links_json("null", r#"["not a uri"]"#, "[]");
    let e = serde_json::from_str::<Links<'_>>(&json).unwrap_err();
    let why = UriBuf::parse_with("not a uri", &UriPolicy::STRICT.with_iri()).unwrap_err();
    assert!(e.to_string().starts_with(why.code()), "{e}");
}

//! The outside contract check (an outside script that runs the release binary) as Rust tests over
//! the vendored vectors, so that CI on a clean clone catches a contract break.

use crate::common::{check_json, tsv};

/// `u+0644 u+064A …` → the string.
fn code_points(text: &str) -> String {
    text.split_whitespace()
        .map(|t| {
            let hex = t.get(2..).expect("u+XXXX");
            char::from_u32(u32::from_str_radix(hex, 16).expect("hex")).expect("scalar value")
        })
        .collect()
}

#[test]
fn punycode_rfc3492_section_7_1_both_ways() {
    let rows = tsv("rfc3492/rfc3492-vectors.tsv");
    assert!(rows.len() >= 19, "(A) to (S)");
    let texts: Vec<String> = rows
        .iter()
        .map(|r| code_points(&r["code_points"]))
        .collect();
    let codes: Vec<String> = rows.iter().map(|r| r["punycode"].clone()).collect();
    let (status, enc) = check_json(&["punycode", "encode"], &texts);
    assert_eq!(status, 0);
    for ((r, o), want) in rows.iter().zip(&enc).zip(&codes) {
        assert_eq!(o["kind"], "punycode-encode");
        // Mixed-case annotation aside (RFC 3492 appendix A), the encoding is exact.
        let got = o["output"].as_str().expect("output").to_lowercase();
        assert_eq!(got, want.to_lowercase(), "{}", r["name"]);
    }
    let (status, dec) = check_json(&["punycode", "decode"], &codes);
    assert_eq!(status, 0);
    for ((r, o), want) in rows.iter().zip(&dec).zip(&texts) {
        let got = o["output"].as_str().expect("output");
        assert_eq!(got.to_lowercase(), want.to_lowercase(), "{}", r["name"]);
    }
}

#[test]
fn email_rfc_examples_strict_profile() {
    let rows = tsv("email/rfc-examples.tsv");
    let inputs: Vec<String> = rows.iter().map(|r| r["input"].clone()).collect();
    let (status, results) = check_json(
        &["check", "--kind", "email", "--profile", "rfc5321"],
        &inputs,
    );
    assert_eq!(status, 1, "some examples are invalid");
    for (r, o) in rows.iter().zip(&results) {
        let want = r["valid_strict"].trim() == "true";
        assert_eq!(o["valid"], want, "{} ({})", r["input"], r["note"]);
        assert_eq!(o["kind"], "email");
        if want {
            assert!(o["output"].is_string() && o["unicode"].is_string(), "{o}");
        } else {
            assert!(
                o.get("output").is_none(),
                "no normalized form for an invalid value: {o}"
            );
        }
    }
}

#[test]
fn resolve_rfc3986_section_5_4() {
    let rows = tsv("uri/rfc3986-resolution.tsv");
    let strict: Vec<_> = rows
        .iter()
        .filter(|r| !r["note"].to_lowercase().starts_with("backward-compatible"))
        .collect();
    assert!(strict.len() >= 40, "all of §5.4.1 and §5.4.2");
    for r in strict {
        let (status, results) = check_json(
            &["resolve", "--base", &r["base"]],
            &[r["reference"].clone()],
        );
        assert_eq!(status, 0, "{r:?}");
        assert_eq!(
            results[0]["output"],
            r["expected"].as_str(),
            "{} + {}",
            r["base"],
            r["reference"]
        );
        assert_eq!(results[0]["kind"], "resolve");
    }
}

#[test]
fn mailto_rfc6068_section_6() {
    let rows = tsv("uri/rfc6068-examples.tsv");
    let uris: Vec<String> = rows.iter().map(|r| r["mailto_uri"].clone()).collect();
    let (_, results) = check_json(&["check", "--kind", "mailto"], &uris);
    for (r, o) in rows.iter().zip(&results) {
        let want = r["valid"] == "true";
        assert_eq!(o["valid"], want, "{}", r["mailto_uri"]);
        if !want {
            continue;
        }
        // `to` holds the path addresses followed by those of `to` header fields.
        let mut to: Vec<String> = serde_json::from_str(&r["to"]).expect("to column is JSON");
        let headers: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&r["headers"]).expect("headers column is JSON");
        if let Some(more) = headers.get("to").and_then(|v| v.as_str()) {
            to.extend(more.split(',').map(str::to_owned));
        }
        assert_eq!(o["to"], serde_json::json!(to), "{}", r["mailto_uri"]);
        let hfields: Vec<(String, String)> =
            serde_json::from_value(o["hfields"].clone()).expect("hfields are [name, value] pairs");
        let got: serde_json::Map<String, serde_json::Value> =
            hfields.into_iter().map(|(n, v)| (n, v.into())).collect();
        assert_eq!(got, headers, "{}", r["mailto_uri"]);
    }
}

#[test]
fn uri_ref_components_are_all_present_and_null_when_absent() {
    let values: Vec<String> = ["http://a@b:8080/p?q#f", "//h", "p", "?", "#", ""]
        .map(str::to_owned)
        .to_vec();
    let (status, results) = check_json(&["check", "--kind", "uri-ref"], &values);
    assert_eq!(status, 0);
    let c: Vec<_> = results.iter().map(|o| o["components"].clone()).collect();
    assert_eq!(
        c[0],
        serde_json::json!({"scheme": "http", "userinfo": "a", "host": "b", "port": "8080",
                           "path": "/p", "query": "q", "fragment": "f"})
    );
    assert_eq!(
        c[1],
        serde_json::json!({"scheme": null, "userinfo": null, "host": "h", "port": null,
                           "path": "", "query": null, "fragment": null})
    );
    // RFC 3986 §5.3: an empty query or fragment is not an absent one.
    assert_eq!(c[3]["query"], "");
    assert_eq!(c[3]["fragment"], serde_json::Value::Null);
    assert_eq!(c[4]["fragment"], "");
    assert_eq!(
        c[5]["path"], "",
        "the empty reference is valid (same document)"
    );
}

//! Every function over the whole vendored corpora, through SQL, equals the library row
//! by row (the library is the reference: these functions only carry it to Arrow).

use rfc3696::domain::{Domain, Policy as DomainPolicy};
use rfc3696::email::{DomainForm, EmailAddress, Policy as EmailPolicy};
use rfc3696::punycode;
use rfc3696::spoof::{self, DisplayPolicy};
use rfc3696::uri::{self as uris, HttpUrl, Mailto, Uri, UriRef};

use crate::common::{assert_rows, bools, context, corpus, lists, query, strings, table};

const PROFILES: [(&str, EmailPolicy); 5] = [
    ("rfc5321", EmailPolicy::RFC5321),
    ("smtputf8", EmailPolicy::SMTPUTF8),
    ("rfc5322", EmailPolicy::RFC5322),
    ("html5", EmailPolicy::HTML5),
    ("rfc3696", EmailPolicy::RFC3696_PUBLISHED),
];

#[tokio::test]
async fn email_functions_equal_the_library_on_the_email_corpus() {
    let lines = corpus("emails.txt");
    let ctx = context(4);
    table(&ctx, "t", &lines, 4);
    let mut checked = 0;
    for (name, policy) in PROFILES {
        let sql = format!(
            "SELECT email_valid(v, '{name}') AS valid, email_error(v, '{name}') AS error,
                    email_normalize(v, '{name}') AS normal, email_local_part(v, '{name}') AS local,
                    email_domain(v, '{name}') AS domain, email_warnings(v, '{name}') AS warnings
             FROM t ORDER BY id"
        );
        let b = query(&ctx, &sql).await;
        assert_rows(name, &lines, &bools(&b, "valid"), |v| {
            Some(EmailAddress::parse_with(v, &policy).is_ok())
        });
        assert_rows(name, &lines, &strings(&b, "error"), |v| {
            EmailAddress::parse_with(v, &policy)
                .err()
                .map(|e| e.code().to_owned())
        });
        assert_rows(name, &lines, &strings(&b, "normal"), |v| {
            EmailAddress::parse_with(v, &policy)
                .ok()
                .map(|a| a.normalize(DomainForm::Ascii))
        });
        assert_rows(name, &lines, &strings(&b, "local"), |v| {
            EmailAddress::parse_with(v, &policy)
                .ok()
                .map(|a| a.local_part().to_owned())
        });
        assert_rows(name, &lines, &strings(&b, "domain"), |v| {
            EmailAddress::parse_with(v, &policy)
                .ok()
                .map(|a| a.domain().as_str().to_owned())
        });
        assert_rows(name, &lines, &lists(&b, "warnings"), |v| {
            EmailAddress::parse_with(v, &policy)
                .ok()
                .map(|a| a.warnings().iter().map(|w| w.code().to_owned()).collect())
        });
        checked += bools(&b, "valid")
            .iter()
            .filter(|v| **v == Some(false))
            .count();
    }
    assert!(checked > 100, "the corpus has invalid addresses: {checked}");
}

#[tokio::test]
async fn email_idna_mode_argument_equals_the_library() {
    let lines = corpus("emails.txt");
    let ctx = context(1);
    table(&ctx, "t", &lines, 1);
    let b = query(
        &ctx,
        "SELECT email_error(v, 'smtputf8', 'uts46') AS error FROM t ORDER BY id",
    )
    .await;
    let policy = EmailPolicy::SMTPUTF8.with_idna_mode(rfc3696::domain::IdnaMode::Uts46);
    assert_rows("uts46", &lines, &strings(&b, "error"), |v| {
        EmailAddress::parse_with(v, &policy)
            .err()
            .map(|e| e.code().to_owned())
    });
}

#[tokio::test]
async fn domain_functions_equal_the_library_on_the_domain_corpus() {
    let lines = corpus("domains.txt");
    let ctx = context(4);
    table(&ctx, "t", &lines, 4);
    for (name, policy) in [
        ("fqdn", DomainPolicy::FQDN),
        ("hostname", DomainPolicy::HOSTNAME),
        ("dns", DomainPolicy::DNS),
    ] {
        let sql = format!(
            "SELECT domain_valid(v, '{name}') AS valid, domain_error(v, '{name}') AS error,
                    domain_to_ascii(v, '{name}') AS ascii, domain_to_unicode(v, '{name}') AS unicode,
                    domain_warnings(v, '{name}') AS warnings, domain_display(v, '{name}') AS display,
                    domain_display_safe(v, '{name}') AS safe
             FROM t ORDER BY id"
        );
        let b = query(&ctx, &sql).await;
        assert_rows(name, &lines, &bools(&b, "valid"), |v| {
            Some(Domain::parse_with(v, &policy).is_ok())
        });
        assert_rows(name, &lines, &strings(&b, "error"), |v| {
            Domain::parse_with(v, &policy)
                .err()
                .map(|e| e.code().to_owned())
        });
        assert_rows(name, &lines, &strings(&b, "ascii"), |v| {
            Domain::parse_with(v, &policy)
                .ok()
                .and_then(|d| d.to_ascii().ok())
                .map(std::borrow::Cow::into_owned)
        });
        assert_rows(name, &lines, &strings(&b, "unicode"), |v| {
            Domain::parse_with(v, &policy)
                .ok()
                .and_then(|d| d.to_unicode().ok())
                .map(std::borrow::Cow::into_owned)
        });
        assert_rows(name, &lines, &lists(&b, "warnings"), |v| {
            Domain::parse_with(v, &policy)
                .ok()
                .map(|d| d.warnings().iter().map(|w| w.code().to_owned()).collect())
        });
        let display = |v: &str| spoof::display(v, &DisplayPolicy::BROWSER.with_name_policy(policy));
        assert_rows(name, &lines, &strings(&b, "display"), |v| {
            display(v).ok().map(|d| d.output())
        });
        assert_rows(name, &lines, &bools(&b, "safe"), |v| {
            Some(display(v).is_ok_and(|d| d.is_display_safe()))
        });
    }
}

#[tokio::test]
async fn uri_functions_equal_the_library_on_the_url_and_mailto_corpora() {
    for file in ["urls.txt", "mailto.txt"] {
        let lines = corpus(file);
        let ctx = context(4);
        table(&ctx, "t", &lines, 4);
        let b = query(
            &ctx,
            "SELECT uri_valid(v) AS valid, uri_error(v) AS error,
                    http_url_valid(v) AS http, http_url_error(v) AS http_error,
                    uri_parts(v) IS NULL AS no_parts,
                    uri_parts(v)['scheme'] AS scheme, uri_parts(v)['userinfo'] AS userinfo,
                    uri_parts(v)['host'] AS host, uri_parts(v)['port'] AS port,
                    uri_parts(v)['path'] AS path, uri_parts(v)['query'] AS query,
                    uri_parts(v)['fragment'] AS fragment,
                    uri_scheme(v) AS f_scheme, uri_userinfo(v) AS f_userinfo,
                    uri_host(v) AS f_host, uri_port(v) AS f_port, uri_path(v) AS f_path,
                    uri_query(v) AS f_query, uri_fragment(v) AS f_fragment,
                    uri_normalize(v) AS normal,
                    uri_resolve('http://a/b/c/d;p?q', v) AS as_reference,
                    uri_resolve(v, '../g?x#y') AS as_base,
                    mailto_recipients(v) AS recipients
             FROM t ORDER BY id",
        )
        .await;
        assert_rows(file, &lines, &bools(&b, "valid"), |v| {
            Some(Uri::parse(v).is_ok())
        });
        assert_rows(file, &lines, &strings(&b, "error"), |v| {
            Uri::parse(v).err().map(|e| e.code().to_owned())
        });
        assert_rows(file, &lines, &bools(&b, "http"), |v| {
            Some(HttpUrl::parse(v).is_ok())
        });
        assert_rows(file, &lines, &strings(&b, "http_error"), |v| {
            HttpUrl::parse(v).err().map(|e| e.code().to_owned())
        });
        assert_rows(file, &lines, &bools(&b, "no_parts"), |v| {
            Some(UriRef::parse(v).ok().is_none())
        });
        let own = |s: Option<&str>| s.map(str::to_owned);
        assert_rows(file, &lines, &strings(&b, "scheme"), |v| {
            UriRef::parse(v).ok().and_then(|u| own(u.scheme()))
        });
        assert_rows(file, &lines, &strings(&b, "userinfo"), |v| {
            UriRef::parse(v).ok().and_then(|u| own(u.userinfo()))
        });
        assert_rows(file, &lines, &strings(&b, "host"), |v| {
            UriRef::parse(v)
                .ok()
                .and_then(|u| u.host().map(|h| h.as_str().to_owned()))
        });
        assert_rows(file, &lines, &strings(&b, "port"), |v| {
            UriRef::parse(v).ok().and_then(|u| own(u.port_str()))
        });
        assert_rows(file, &lines, &strings(&b, "path"), |v| {
            UriRef::parse(v).ok().map(|u| u.path().to_owned())
        });
        assert_rows(file, &lines, &strings(&b, "query"), |v| {
            UriRef::parse(v).ok().and_then(|u| own(u.query()))
        });
        assert_rows(file, &lines, &strings(&b, "fragment"), |v| {
            UriRef::parse(v).ok().and_then(|u| own(u.fragment()))
        });
        // The one-part functions give the struct's fields (which the rows above compare
        // with the library).
        for part in [
            "scheme", "userinfo", "host", "port", "path", "query", "fragment",
        ] {
            assert_eq!(
                strings(&b, &format!("f_{part}")),
                strings(&b, part),
                "{file}: uri_{part}"
            );
        }
        assert_rows(file, &lines, &strings(&b, "normal"), |v| {
            UriRef::parse(v).ok().map(|u| u.normalize())
        });
        let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
        assert_rows(file, &lines, &strings(&b, "as_reference"), |v| {
            UriRef::parse(v).ok().map(|r| uris::resolve(&base, &r))
        });
        let reference = UriRef::parse("../g?x#y").unwrap();
        assert_rows(file, &lines, &strings(&b, "as_base"), |v| {
            Uri::parse(v)
                .ok()
                .map(|base| uris::resolve(&base, &reference))
        });
        assert_rows(file, &lines, &lists(&b, "recipients"), |v| {
            Mailto::parse(v).ok().map(|m| m.to())
        });
    }
}

#[tokio::test]
async fn punycode_functions_equal_the_library_on_the_label_corpus() {
    let lines = corpus("punycode-labels.txt");
    let ctx = context(4);
    table(&ctx, "t", &lines, 4);
    let b = query(
        &ctx,
        "SELECT punycode_encode(v) AS encoded, punycode_decode(v) AS decoded,
                punycode_decode(punycode_encode(v)) AS round_trip
         FROM t ORDER BY id",
    )
    .await;
    assert_rows("encode", &lines, &strings(&b, "encoded"), |v| {
        punycode::encode_to_string(v).ok()
    });
    assert_rows("decode", &lines, &strings(&b, "decoded"), |v| {
        punycode::decode_to_string(v).ok()
    });
    // RFC 3492 §6: decoding an encoding gives the input back.
    assert_rows("round trip", &lines, &strings(&b, "round_trip"), |v| {
        punycode::encode_to_string(v).ok().map(|_| v.to_owned())
    });
}

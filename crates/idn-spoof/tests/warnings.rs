//! Spoofing warnings on checked values (never errors): domain names, the domain and the
//! local part of SMTPUTF8 addresses (RFC 6532), http(s) hosts and mailto addresses
//! (RFC 6068). The warnings on names must say exactly what the display decision says.
#![cfg(all(feature = "alloc", feature = "uri"))]

use idn_spoof::{
    DisplayPolicy, Part, Rule, SpoofWarning, address_warnings, display, domain_warnings,
    http_warnings, mailto_warnings,
};
use ldh_domain::{Domain, Policy};
use rfc_email::EmailAddress;
use uri_schemes::{HttpUrl, Mailto};

/// The five codes a spoofing warning may have.
const CODES: [&str; 5] = [
    "mixed_script",
    "confusable",
    "mixed_numbers",
    "hidden_characters",
    "restricted_character",
];

/// Spoofs of every rule that IDNA 2008 accepts, legitimate IDNs and ASCII names.
const NAMES: &[&str] = &[
    "аррӏе.com",
    "ѕсоре.com",
    "ѕсоре.рф",
    "ορο.com",
    "৪৪.com",
    "ցօօց.com",
    "pаypal.com",
    "gοοgle.com",
    "google੦.com",
    "www.miсrosoft.com",
    "a1৪.com",
    "abcー.jp",
    "bücher.de",
    "bücher.xn--pypal-4ve.com",
    "東京タワー.jp",
    "例え.テスト",
    "ελλάδα.gr",
    "правительство.рф",
    "שלום123.com",
    "ไทย.com",
    "example.com",
    "xn--80ak6aa92e.com",
    "xn--pypal-4ve.com",
    "XN--PYPAL-4VE.COM",
];

fn codes<'p>(warnings: impl IntoIterator<Item = SpoofWarning<'p>>) -> Vec<(&'static str, usize)> {
    warnings
        .into_iter()
        .map(|w| (w.code(), w.label_index()))
        .collect()
}

fn domain(name: &str) -> Domain<'_> {
    Domain::parse_with(name, &Policy::HOSTNAME).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn smtputf8(address: &str) -> EmailAddress<'_> {
    EmailAddress::parse_with(address, &rfc_email::Policy::SMTPUTF8)
        .unwrap_or_else(|e| panic!("{address}: {e}"))
}

/// A table of (value, expected warnings as (code, label index)).
type Expected<'a> = &'a [(&'a str, &'a [(&'a str, usize)])];

/// `a1৪`: Latin with a Bengali digit, and ASCII with Bengali digits (UTS #39 §5.1, §5.3).
const MIXED_SCRIPT_AND_NUMBERS: &[(&str, usize)] = &[("mixed_script", 0), ("mixed_numbers", 0)];

/// The browser policy's warnings on the SMTPUTF8 address `address`, each asserted to be
/// about `part`.
fn address_warnings_on(address: &str, part: Part) -> Vec<SpoofWarning<'static>> {
    let found: Vec<_> = address_warnings(&smtputf8(address), &DisplayPolicy::BROWSER).collect();
    assert!(found.iter().all(|w| w.part() == part), "{address}");
    found
}

/// One implementation: the warnings on a name are the display decision's reasons, code,
/// label index and words, in the same order.
#[test]
fn domain_warnings_are_the_display_reasons() {
    let protected = ["paypal.com", "apple.com"];
    for policy in [
        DisplayPolicy::BROWSER,
        DisplayPolicy::BROWSER.with_protected(&protected),
        DisplayPolicy::BROWSER.without(Rule::MixedScript),
    ] {
        for name in NAMES {
            let shown = display(name, &policy).unwrap_or_else(|e| panic!("{name}: {e}"));
            let expected: Vec<(&str, usize, String)> = shown
                .reasons()
                .iter()
                .map(|r| (r.code(), r.label_index, r.message.clone()))
                .collect();
            let got: Vec<(&str, usize, String)> = domain_warnings(&domain(name), &policy)
                .map(|w| (w.code(), w.label_index(), w.to_string()))
                .collect();
            assert_eq!(got, expected, "{name}");
            assert_eq!(got.is_empty(), shown.is_display_safe(), "{name}");
        }
    }
}

#[test]
fn domain_warnings_name_the_label_and_rule() {
    let policy = DisplayPolicy::BROWSER;
    let apple = domain_warnings(&domain("xn--80ak6aa92e.com"), &policy)
        .next()
        .unwrap();
    assert_eq!(apple.rule(), Rule::WholeScriptConfusable);
    assert_eq!(apple.label(), "аррӏе");
    assert_eq!((apple.part(), apple.address_index()), (Part::Domain, 0));
    assert!(apple.to_string().contains("`apple`"), "{apple}");
    assert!(
        apple.to_string().ends_with("shown as its A-label"),
        "{apple}"
    );
    // A-labels in upper case decode to the same lower-case label.
    let upper: Vec<String> = domain_warnings(&domain("XN--PYPAL-4VE.COM"), &policy)
        .map(|w| w.label().to_owned())
        .collect();
    assert_eq!(upper, ["pаypal"]);
    // A protected name is named in the warning.
    let protected = ["paypal.com"];
    let p = policy.with_protected(&protected);
    let found: Vec<_> = domain_warnings(&domain("xn--pypal-4ve.com"), &p)
        .filter_map(|w| w.protected_name())
        .collect();
    assert_eq!(found, ["paypal.com"]);
    // All-ASCII names and safe IDNs: nothing.
    for name in ["example.com", "xn--bcher-kva.de", "bücher.de", "ѕсоре.рф"] {
        assert_eq!(codes(domain_warnings(&domain(name), &policy)), [], "{name}");
    }
    // A rule switched off is not reported.
    let lenient = policy.without(Rule::WholeScriptConfusable);
    assert_eq!(codes(domain_warnings(&domain("аррӏе.com"), &lenient)), []);
}

/// RFC 6532: the domain of an SMTPUTF8 address is judged as a name.
#[test]
fn address_domain_warnings() {
    let cases: Expected = &[
        ("john@аррӏе.com", &[("confusable", 0)]),
        ("john@xn--80ak6aa92e.com", &[("confusable", 0)]),
        ("john@mail.pаypal.com", &[("mixed_script", 1)]),
        ("john@a1৪.com", MIXED_SCRIPT_AND_NUMBERS),
        ("john@bücher.de", &[]),
        ("john@example.com", &[]),
        ("john@[192.0.2.1]", &[]),
    ];
    for (address, expected) in cases {
        let found = address_warnings_on(address, Part::Domain);
        assert_eq!(codes(found), *expected, "{address}");
    }
}

/// RFC 6532 local parts can spoof too: each dot-separated part is judged for mixed
/// scripts, mixed numbers, hidden characters and kana marks.
#[test]
fn address_local_part_warnings() {
    let cases: Expected = &[
        ("jоhn@example.com", &[("mixed_script", 0)]), // Cyrillic о
        ("john.smіth@example.com", &[("mixed_script", 1)]), // Cyrillic і
        ("a1৪@example.com", MIXED_SCRIPT_AND_NUMBERS),
        ("ক1৪@example.com", &[("mixed_numbers", 0)]), // Bengali, ASCII 1, Bengali 4
        ("ı\u{307}nfo@example.com", &[("hidden_characters", 0)]),
        ("abcー@example.com", &[("mixed_script", 0)]),
        // Punctuation is not judged in local parts, and neither are whole-script labels.
        ("bücher+tag@example.com", &[]),
        ("аррӏе@example.com", &[]),
        ("用户@例子.广告", &[]),
        ("δοκιμή@παράδειγμα.δοκιμή", &[]),
        ("john@example.com", &[]),
    ];
    for (address, expected) in cases {
        let found = address_warnings_on(address, Part::LocalPart);
        for w in &found {
            let message = w.to_string();
            assert!(message.starts_with("local part: "), "{message}");
            assert!(!message.contains("A-label"), "{message}");
        }
        assert_eq!(codes(found), *expected, "{address}");
    }
    // Domain first, then the local part.
    let both = smtputf8("jоhn@xn--pypal-4ve.com");
    let parts: Vec<_> = address_warnings(&both, &DisplayPolicy::BROWSER)
        .map(|w| (w.part(), w.code()))
        .collect();
    assert_eq!(
        parts,
        [
            (Part::Domain, "mixed_script"),
            (Part::LocalPart, "mixed_script")
        ]
    );
}

/// RFC 9110 §4.2: an http(s) host with an A-label.
#[test]
fn http_host_warnings() {
    let policy = DisplayPolicy::BROWSER;
    let cases: Expected = &[
        ("https://xn--pypal-4ve.com/login", &[("mixed_script", 0)]),
        ("http://www.xn--80ak6aa92e.com:8080/", &[("confusable", 1)]),
        ("https://xn--bcher-kva.de/", &[]),
        ("https://example.com/", &[]),
        ("http://192.0.2.1/", &[]),
        ("http://[::1]/", &[]),
    ];
    for (url, expected) in cases {
        let url_parsed = HttpUrl::parse(url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(
            codes(http_warnings(&url_parsed, &policy)),
            *expected,
            "{url}"
        );
    }
}

/// RFC 6068: every address of a mailto URI, percent-decoded, with its index.
#[test]
fn mailto_address_warnings() {
    let policy = DisplayPolicy::BROWSER;
    let m = Mailto::parse(
        "mailto:joe@example.com,ann@xn--80ak6aa92e.com?to=%D1%98%D0%BEhn@example.org",
    )
    .unwrap();
    let found: Vec<_> = mailto_warnings(&m, &policy)
        .iter()
        .map(|w| (w.address_index(), w.part(), w.code(), w.label_index()))
        .collect();
    assert_eq!(
        found,
        [
            (1, Part::Domain, "confusable", 0),
            // `јоhn`: Cyrillic ј and о before Latin hn.
            (2, Part::LocalPart, "mixed_script", 0),
        ]
    );
    let clean = Mailto::parse("mailto:joe@xn--bcher-kva.de").unwrap();
    assert!(mailto_warnings(&clean, &policy).is_empty());
}

/// Every warning has one of the five codes, and every code occurs.
#[test]
fn warning_codes_are_the_five_codes() {
    let policy = DisplayPolicy::BROWSER;
    let mut seen = Vec::new();
    for name in NAMES
        .iter()
        .chain(&["a\u{2044}b.com", "a\u{301}\u{301}b.com"])
    {
        let Ok(d) = Domain::parse_with(name, &Policy::HOSTNAME) else {
            continue;
        };
        for w in domain_warnings(&d, &policy) {
            assert!(CODES.contains(&w.code()), "{name}: {}", w.code());
            seen.push(w.code());
        }
    }
    let dotless = smtputf8("ı\u{307}nfo@example.com");
    seen.extend(address_warnings(&dotless, &policy).map(|w| w.code()));
    for code in CODES {
        if code == "restricted_character" {
            // IDNA 2008 disallows the NV8 punctuation that would be Restricted; a name
            // parsed by UTS #46 mapping keeps it.
            let lookup = Policy::HOSTNAME.with_idna_mode(ldh_domain::IdnaMode::Uts46);
            let d = Domain::parse_with("a\u{2044}b.com", &lookup).unwrap();
            assert_eq!(codes(domain_warnings(&d, &policy)), [(code, 0)]);
            continue;
        }
        assert!(seen.contains(&code), "{code} never seen: {seen:?}");
    }
}

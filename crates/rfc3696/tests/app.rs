//! A small application written against the facade only, doing the common tasks: check
//! a sign-up form, store the address, compare it, convert an IDN, show an error, check
//! a URL, build a mailto link, and keep all of it in a serialized configuration.
//! Everything here compiles without lifetime workarounds.

#![cfg(all(feature = "uri", feature = "idna"))]

use std::collections::{BTreeSet, HashMap};

use rfc3696::domain::{self, Domain, DomainBuf};
use rfc3696::email::{
    EmailAddress, EmailAddressBuf, Policy as EmailPolicy, ValidatedAddress, Warning,
};
use rfc3696::uri::{HttpPolicy, HttpUrl, MailtoBuilder};

/// The sign-up handler of the application: one call, and either the forms to store or
/// a message for the person at the form.
fn sign_up(field: &str) -> Result<ValidatedAddress, String> {
    ValidatedAddress::new(field.trim(), &EmailPolicy::SMTPUTF8).map_err(|e| {
        format!(
            "{e} (at character {})",
            field.trim()[..e.offset()].chars().count() + 1
        )
    })
}

#[test]
fn validate_a_form_field_and_show_the_error() {
    assert!(sign_up(" user@example.com ").is_ok());
    let message = sign_up("user@localhost").unwrap_err();
    assert!(message.ends_with("(at character 6)"), "{message}");
}

#[test]
fn store_an_address_and_find_it_again() {
    let mut users: HashMap<String, u32> = HashMap::new();
    let stored = sign_up("J\u{fc}rgen@B\u{fc}cher.Example").unwrap();
    users.insert(stored.normalized().to_owned(), 1);
    // The same mailbox typed another way is found under the same key.
    let again = sign_up("J\u{fc}rgen@xn--bcher-kva.example").unwrap();
    assert_eq!(users.get(again.normalized()), Some(&1));
    // The local part is the receiving host's: case is kept (RFC 5321 §2.4).
    let other = sign_up("j\u{fc}rgen@b\u{fc}cher.example").unwrap();
    assert_eq!(users.get(other.normalized()), None);
    assert!(stored.requires_smtputf8());
    assert_eq!(stored.ascii(), None);
    // Look-alike domains: full-width letters are mapped, and said so.
    let mapped =
        sign_up("ann@\u{FF25}\u{FF38}\u{FF21}\u{FF2D}\u{FF30}\u{FF2C}\u{FF25}.com").unwrap();
    assert_eq!(mapped.normalized(), "ann@example.com");
    assert!(mapped.warnings().contains(Warning::DomainMapped));
    // A zero-width space is refused.
    assert!(sign_up("ann@exa\u{200B}mple.com").is_err());
}

#[test]
fn compare_addresses_and_names() {
    let a = EmailAddress::parse("ann@EXAMPLE.com").unwrap();
    let b = EmailAddressBuf::parse("ann@example.com").unwrap();
    assert_eq!(b, a);
    let names: BTreeSet<DomainBuf> = ["Example.COM", "example.com", "example.org"]
        .into_iter()
        .map(|n| DomainBuf::parse(n).unwrap())
        .collect();
    assert_eq!(names.len(), 2);
}

#[test]
fn convert_an_idn() {
    assert_eq!(
        domain::to_ascii("B\u{fc}cher.example").unwrap(),
        "xn--bcher-kva.example"
    );
    let d = Domain::parse("xn--bcher-kva.example").unwrap();
    assert_eq!(d.to_unicode().unwrap(), "b\u{fc}cher.example");
}

#[test]
fn check_a_url() {
    let url = HttpUrl::parse("https://Example.com:8443/a?b").unwrap();
    assert_eq!((url.port(), url.effective_port()), (Some(8443), 8443));
    assert_eq!(url.origin().to_string(), "https://example.com:8443");
    assert!(HttpUrl::parse("http://b\u{fc}cher.example/").is_err());
    assert!(
        HttpUrl::parse_with(
            "http://b\u{fc}cher.example/",
            &HttpPolicy::STRICT.with_iri()
        )
        .is_ok()
    );
}

#[test]
fn build_a_mailto_link() {
    let link = MailtoBuilder::new()
        .to("customer/department=shipping@example.com")
        .subject("Your order")
        .build()
        .unwrap();
    assert_eq!(
        link,
        "mailto:customer%2Fdepartment%3Dshipping@example.com?subject=Your%20order"
    );
}

#[cfg(feature = "serde")]
mod config {
    use super::*;
    use rfc3696::domain::Policy as DomainPolicy;
    use rfc3696::uri::{HttpUrlBuf, MailtoBuf, UriBuf};

    /// A configuration file: owned values under every profile, each field with the
    /// module of the profile its value was checked under.
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Config {
        admin: EmailAddressBuf,
        #[serde(with = "rfc3696::email::serde_policy::smtputf8")]
        owner: EmailAddressBuf,
        #[serde(with = "rfc3696::email::serde_policy::rfc5322")]
        from_header: EmailAddressBuf,
        #[serde(with = "rfc3696::email::serde_policy::html5")]
        form_default: EmailAddressBuf,
        #[serde(with = "rfc3696::email::serde_policy::rfc3696_published")]
        legacy: EmailAddressBuf,
        host: DomainBuf,
        #[serde(with = "rfc3696::domain::serde_policy::fqdn")]
        mail_domain: DomainBuf,
        #[serde(with = "rfc3696::domain::serde_policy::dns")]
        dmarc: DomainBuf,
        api: HttpUrlBuf,
        #[serde(with = "rfc3696::uri::serde_policy::iri")]
        mirror: HttpUrlBuf,
        feed: UriBuf,
        contact: MailtoBuf,
    }

    /// A request body read without copying: borrowed values are plain fields.
    #[derive(serde::Deserialize, Debug)]
    struct Request<'a> {
        #[serde(borrow)]
        email: EmailAddress<'a>,
        #[serde(borrow)]
        callback: HttpUrl<'a>,
        #[serde(borrow, with = "rfc3696::domain::serde_policy::dns")]
        record: Domain<'a>,
    }

    fn config() -> Config {
        Config {
            admin: EmailAddressBuf::parse("admin@example.com").unwrap(),
            owner: EmailAddressBuf::parse_with(
                "j\u{fc}rgen@b\u{fc}cher.example",
                &EmailPolicy::SMTPUTF8,
            )
            .unwrap(),
            from_header: EmailAddressBuf::parse_with(
                "john.doe(work)@example.com",
                &EmailPolicy::RFC5322,
            )
            .unwrap(),
            form_default: EmailAddressBuf::parse_with("a@intranet", &EmailPolicy::HTML5).unwrap(),
            legacy: EmailAddressBuf::parse_with(
                r"Abc\@def@example.com",
                &EmailPolicy::RFC3696_PUBLISHED,
            )
            .unwrap(),
            host: DomainBuf::parse("localhost").unwrap(),
            mail_domain: DomainBuf::parse_with("mail.example.com", &DomainPolicy::FQDN).unwrap(),
            dmarc: DomainBuf::parse_with("_dmarc.example.com", &DomainPolicy::DNS).unwrap(),
            api: HttpUrlBuf::parse("https://api.example.com/v1").unwrap(),
            mirror: HttpUrlBuf::parse_with(
                "http://b\u{fc}cher.example/",
                &HttpPolicy::STRICT.with_iri(),
            )
            .unwrap(),
            feed: UriBuf::parse("urn:example:feed").unwrap(),
            contact: MailtoBuf::parse("mailto:admin@example.com?subject=hi").unwrap(),
        }
    }

    #[test]
    fn every_profile_round_trips() {
        let config = config();
        let json = serde_json::to_string_pretty(&config).unwrap();
        let back: Config = serde_json::from_str(&json).unwrap();
        assert_eq!(back, config);
        assert_eq!(back.owner.policy(), EmailPolicy::SMTPUTF8);
        assert_eq!(back.legacy.as_str(), r"Abc\@def@example.com");
    }

    #[test]
    fn the_profile_of_each_field_is_enforced() {
        let json = serde_json::to_string(&config()).unwrap();
        // The SMTPUTF8 address in a field read under RFC5321 (ASCII only) is refused.
        let swapped = json.replace(
            "\"admin\":\"admin@example.com\"",
            "\"admin\":\"j\u{fc}rgen@b\u{fc}cher.example\"",
        );
        assert!(serde_json::from_str::<Config>(&swapped).is_err());
    }

    #[test]
    fn borrowed_request() {
        let body = r#"{"email":"ann@example.com","callback":"https://app.example/cb","record":"_dmarc.example.com"}"#;
        let request: Request<'_> = serde_json::from_str(body).unwrap();
        assert_eq!(request.email.local_part(), "ann");
        assert_eq!(request.callback.host().as_str(), "app.example");
        assert_eq!(request.record.label_count(), 3);
    }
}

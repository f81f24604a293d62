//! Targets for `rfc-email`: parsing under every profile and normalization.

use ldh_domain::{Domain, NumericTld};
use rfc_email::{
    AddressLiteral, Charset, DomainForm, DomainPart, EmailAddress, EmailError, Syntax,
};

use crate::{assert_byte_errors_inside, text, under_each};

const PROFILES: [(&str, rfc_email::Policy); 5] = [
    ("RFC5321", rfc_email::Policy::RFC5321),
    ("SMTPUTF8", rfc_email::Policy::SMTPUTF8),
    ("RFC5322", rfc_email::Policy::RFC5322),
    ("HTML5", rfc_email::Policy::HTML5),
    ("RFC3696_PUBLISHED", rfc_email::Policy::RFC3696_PUBLISHED),
];

/// Byte range of `part` inside `whole` (both from the same string).
fn span_in(whole: &str, part: &str) -> (usize, usize) {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    assert!(
        start <= whole.len() && start + part.len() <= whole.len(),
        "slice not inside the input"
    );
    (start, start + part.len())
}

fn check_address(input: &str, a: &EmailAddress<'_>, name: &str, policy: &rfc_email::Policy) {
    assert_eq!(a.as_str(), input, "{name}: as_str");
    assert_eq!(a.policy(), *policy, "{name}: policy");
    let (ls, le) = span_in(input, a.local_part());
    let (ds, de) = span_in(input, a.domain().as_str());
    assert!(le <= ds, "{name}: local part after the domain");
    if policy.syntax() != Syntax::Message {
        // No CFWS outside RFC 5322: the address is exactly local "@" domain.
        assert_eq!(
            (ls, de),
            (0, input.len()),
            "{name}: parts do not cover the input"
        );
        assert_eq!(&input[le..ds], "@", "{name}: parts not separated by one @");
    }
    if policy.charset() == Charset::Ascii {
        assert!(input.is_ascii(), "{name}: non-ASCII accepted");
        assert!(
            !a.requires_smtputf8(),
            "{name}: ASCII address needs SMTPUTF8"
        );
    }
    if let Some(max) = policy.max_local_len() {
        assert!(
            a.local_part().len() <= usize::from(max),
            "{name}: local part too long"
        );
    }
    if let Some(max) = policy.max_address_len() {
        assert!(input.len() <= usize::from(max), "{name}: address too long");
    }
    if policy.syntax() == Syntax::Smtp {
        // RFC 5321 §4.1.2: Local-part = Dot-string / Quoted-string, as a whole.
        assert_eq!(
            a.is_quoted(),
            a.local_part().starts_with('"'),
            "{name}: is_quoted"
        );
    }
    if policy.syntax() == Syntax::Smtp {
        match a.domain() {
            DomainPart::Name(d) => {
                assert!(
                    d.is_fully_qualified(),
                    "{name}: SMTP domain not fully qualified"
                );
                let fqdn = Domain::parse_with(d.as_str(), &ldh_domain::Policy::FQDN);
                assert!(
                    fqdn.is_ok(),
                    "{name}: domain {d} rejected by ldh-domain FQDN: {fqdn:?}"
                );
            }
            DomainPart::Literal(AddressLiteral::Ipv4 { .. } | AddressLiteral::Ipv6 { .. }) => {}
            other => panic!("{name}: SMTP profile accepted domain {other:?}"),
        }
    }
    let owned =
        rfc_email::EmailAddressBuf::parse_with(input, policy).expect("EmailAddressBuf disagrees");
    assert_eq!(
        owned.as_address(),
        *a,
        "{name}: EmailAddressBuf view differs"
    );
}

/// `email_parse`: parsing never panics under any of the five profiles; accepted
/// addresses keep their invariants (parts inside the input, limits, charset, SMTP
/// domains are FQDNs or IP literals); the documented inclusions hold: whatever RFC5321
/// accepts, SMTPUTF8, RFC5322 and `RFC3696_PUBLISHED` accept (the last only relaxes
/// backslashes and the length limit).
pub fn email_parse(data: &[u8]) {
    assert_byte_errors_inside(
        data,
        &PROFILES,
        EmailAddress::parse_bytes,
        EmailError::offset,
    );
    let s = text(data);
    let results = under_each(&PROFILES, |p| EmailAddress::parse_with(&s, p));
    for ((name, policy), r) in PROFILES.iter().zip(&results) {
        match r {
            Ok(a) => check_address(&s, a, name, policy),
            Err(e) => {
                assert!(
                    e.offset() <= s.len(),
                    "{name}: error offset past the input: {e:?}"
                );
                assert!(
                    s.is_char_boundary(e.offset()),
                    "{name}: error offset inside a character: {e:?}"
                );
            }
        }
    }
    if results[0].is_ok() {
        for (i, r) in results.iter().enumerate().skip(1) {
            if i == 3 {
                continue; // HTML5 is a different grammar, not a superset.
            }
            assert!(
                r.is_ok(),
                "RFC5321 accepts but {} rejects: {r:?}",
                PROFILES[i].0
            );
        }
    }
}

/// A domain's identity: its A-label form when it is a DNS name (whatever form and case
/// it was written in), else its text in lower case.
fn domain_key(text: &str) -> String {
    let policy = ldh_domain::Policy::DNS.with_numeric_tld(NumericTld::Allow);
    Domain::parse_with(text, &policy)
        .ok()
        .and_then(|d| d.to_ascii().ok().map(|c| c.to_lowercase()))
        .unwrap_or_else(|| text.to_lowercase())
}

/// What identifies the mailbox: the local part's value and the domain's value.
fn mailbox(a: &EmailAddress<'_>) -> (String, String) {
    let local = if a.policy().syntax() == Syntax::Html5 {
        a.local_part().to_owned()
    } else {
        a.unquoted_local_part().into_owned()
    };
    let domain = match a.domain() {
        DomainPart::Name(d) => domain_key(d.as_str()),
        DomainPart::Literal(AddressLiteral::Ipv4 { addr, .. }) => addr.to_string(),
        DomainPart::Literal(AddressLiteral::Ipv6 { addr, .. }) => addr.to_string(),
        // Other literals and non-DNS domains (e.g. an RFC 5322 `obs-domain` with CFWS):
        // their text without CFWS, as normalization writes it, then as above.
        _ => domain_key(
            a.normalize(DomainForm::AsWritten)
                .rsplit_once('@')
                .map_or("", |(_, d)| d),
        ),
    };
    (local, domain)
}

/// `email_normalize`: `normalize` of an accepted address gives an address that the same
/// profile accepts and that names the same mailbox (same unquoted local part, same
/// domain in A-label form / same IP), and normalizing again changes nothing.
/// `DomainForm::Unicode` is only checked under UTF-8 profiles: writing U-labels under an
/// ASCII-only profile leaves that profile by definition.
pub fn email_normalize(data: &[u8]) {
    let s = text(data);
    for (name, policy) in &PROFILES {
        let Ok(a) = EmailAddress::parse_with(&s, policy) else {
            continue;
        };
        for form in [
            DomainForm::AsWritten,
            DomainForm::Ascii,
            DomainForm::Unicode,
        ] {
            if form == DomainForm::Unicode && policy.charset() == Charset::Ascii {
                continue;
            }
            let n = a.normalize(form);
            let b = match EmailAddress::parse_with(&n, policy) {
                Ok(b) => b,
                Err(e) => {
                    panic!("{name}/{form:?}: normalized {n:?} of {s:?} does not parse: {e:?}")
                }
            };
            assert_eq!(
                mailbox(&a),
                mailbox(&b),
                "{name}/{form:?}: {s:?} -> {n:?} names another mailbox"
            );
            assert_eq!(
                b.normalize(form),
                n,
                "{name}/{form:?}: normalize is not idempotent on {s:?}"
            );
        }
    }
}

//! The end-user rendering of every crate's errors (`display_for_user`): the input line
//! and caret of `display_in`, then the plain-language message instead of the code and
//! the developer message with its RFC citations; each error type's inherent method and
//! the common trait's agree.

#![cfg(feature = "uri")]

use core::fmt::Display;

use rfc3696::domain::{Domain, Policy as DomainPolicy};
use rfc3696::email::{EmailAddress, Policy as EmailPolicy};
use rfc3696::report::LocatedError;
use rfc3696::uri::UriRef;

/// The rendering for end users of `err` through the trait, checked against the
/// developer rendering; returned for the comparison with the inherent method's.
fn user_report<E: LocatedError + Display>(err: &E, input: &str) -> String {
    let developer = LocatedError::display_in(err, input).to_string();
    let caret = developer
        .strip_suffix(&format!("{}: {err}", err.error_code()))
        .unwrap_or_else(|| panic!("{input:?}: {developer:?} ends with the code and message"));
    let user = LocatedError::display_for_user(err, input).to_string();
    assert_eq!(
        user,
        format!("{caret}{}", err.error_user_message()),
        "{input:?}"
    );
    assert!(!user.contains(err.error_code()), "{user}");
    user
}

#[test]
fn domain_errors_rfc1123_2_1_rfc5890() {
    for input in [
        "a..b",
        "-a.example",
        "a_b.example",
        "ex\u{200b}ample.com",
        "1.2.3.4",
    ] {
        let err = Domain::parse_with(input, &DomainPolicy::HOSTNAME).unwrap_err();
        assert_eq!(
            err.display_for_user(input).to_string(),
            user_report(&err, input)
        );
    }
}

#[test]
fn email_errors_rfc5321_4_1_2() {
    for input in [
        "a..b@example.com",
        "user",
        "a@-b.example",
        "\"a@b.example",
        "a b@c.example",
    ] {
        let err = EmailAddress::parse_with(input, &EmailPolicy::RFC5321).unwrap_err();
        assert_eq!(
            err.display_for_user(input).to_string(),
            user_report(&err, input)
        );
    }
}

#[test]
fn uri_errors_rfc3986_3() {
    for input in ["/a b", "http://[::1", "a:b%zz", "http://h h/", "/x#a#b"] {
        let err = UriRef::parse(input).unwrap_err();
        assert_eq!(
            err.display_for_user(input).to_string(),
            user_report(&err, input)
        );
    }
}

#[test]
fn punycode_errors_rfc3492_6_2() {
    for input in ["ab!", "-kva", "99999999999"] {
        let err = rfc3696::punycode::validate(input.as_bytes()).unwrap_err();
        user_report(&err, input);
    }
}

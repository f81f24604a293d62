//! The shape `docs/api.md` promises, checked for every parsed type: the trait bounds
//! below compile only when each type has every trait of its row in the doc's tables,
//! and the runtime half shows that the conversions the traits name agree with `parse`
//! (`TryFrom` and `FromStr` parse under the default policy, `AsRef`, `Display`,
//! `From<Buf> for String` give the text as written, `==` against text holds in both
//! directions, `Debug` of an owned value is its name and its text).

#![cfg(all(feature = "uri", feature = "alloc"))]

use std::collections::hash_map::RandomState;
use std::fmt::{Debug, Display};
use std::hash::{BuildHasher, Hash};
use std::str::FromStr;

use rfc3696::domain::{Domain, DomainBuf};
use rfc3696::email::{EmailAddress, EmailAddressBuf};
use rfc3696::uri::{HttpUrl, HttpUrlBuf, Mailto, MailtoBuf, Uri, UriBuf, UriRef, UriRefBuf};

/// What every borrowed type has (docs/api.md, "Constructors, owned forms, accessors"
/// and "Equality, ordering, hashing"). `FromStr` is not among them: it cannot return a
/// value that borrows its input.
fn borrowed<'a, T>()
where
    T: 'a
        + AsRef<str>
        + TryFrom<&'a str>
        + Display
        + Debug
        + Clone
        + Copy
        + Hash
        + Eq
        + Ord
        + PartialEq<str>
        + for<'b> PartialEq<&'b str>
        + PartialEq<String>,
    str: PartialEq<T>,
    for<'b> &'b str: PartialEq<T>,
    String: PartialEq<T>,
{
}

/// What every owned type has, `Buf` being the owned form of `View`.
fn owned<Buf, View>()
where
    Buf: FromStr
        + for<'b> TryFrom<&'b str>
        + TryFrom<String>
        + AsRef<str>
        + Display
        + Debug
        + Clone
        + Hash
        + Eq
        + Ord
        + PartialEq<str>
        + for<'b> PartialEq<&'b str>
        + PartialEq<String>
        + PartialEq<View>
        + From<View>
        + Send
        + Sync
        + 'static,
    String: From<Buf> + PartialEq<Buf>,
    str: PartialEq<Buf>,
    for<'b> &'b str: PartialEq<Buf>,
    View: PartialEq<Buf>,
{
}

/// The owned URI types also have `Borrow<str>`: their `Eq` and `Hash` are `str`'s
/// (docs/api.md, the `Borrow<str>` column).
fn borrows_str<Buf: std::borrow::Borrow<str>>() {}

/// serde: borrowed types deserialize borrowing the input, owned types from any input.
#[cfg(feature = "serde")]
fn borrowed_serde<'de, T: serde::Serialize + serde::Deserialize<'de>>() {}

/// serde: see [`borrowed_serde`].
#[cfg(feature = "serde")]
fn owned_serde<T: serde::Serialize + serde::de::DeserializeOwned>() {}

/// `value == text` and `text == value` against `str`, `&str` and `String`, each
/// direction on its own.
fn text_eq<T>(value: &T, text: &str) -> [bool; 6]
where
    T: PartialEq<str> + for<'b> PartialEq<&'b str> + PartialEq<String>,
    str: PartialEq<T>,
    for<'b> &'b str: PartialEq<T>,
    String: PartialEq<T>,
{
    let string = text.to_owned();
    [
        *value == *text,
        *value == text,
        *value == string,
        *text == *value,
        text == *value,
        string == *value,
    ]
}

/// Compares two plain texts: in [`is_its_text`] the bounds on `T` would be taken for
/// `&str == &str`.
fn assert_same_text(name: &str, what: &str, got: &str, text: &str) {
    assert_eq!(got, text, "{name}: {what}");
}

/// `value` is `text` as `AsRef<str>`, as `Display` and by `==` from either side.
fn is_its_text<T>(name: &str, value: &T, text: &str)
where
    T: AsRef<str> + Display + PartialEq<str> + for<'b> PartialEq<&'b str> + PartialEq<String>,
    str: PartialEq<T>,
    for<'b> &'b str: PartialEq<T>,
    String: PartialEq<T>,
{
    assert_same_text(name, "AsRef<str>", value.as_ref(), text);
    assert_same_text(name, "Display", &format!("{value}"), text);
    assert_eq!(
        text_eq(value, text),
        [true; 6],
        "{name}: == text, either side"
    );
}

/// Hashes `value` with `state`.
fn hash_of<T: Hash + ?Sized>(state: &RandomState, value: &T) -> u64 {
    state.hash_one(value)
}

/// The runtime half for one pair of types, parsed from `text` (valid under the default
/// policy) with `parse_view` and `parse_buf` (their `parse`).
fn agree<'a, View, Buf, E>(
    name: &str,
    text: &'a str,
    parse_view: fn(&'a str) -> Result<View, E>,
    parse_buf: fn(&str) -> Result<Buf, E>,
) where
    View: TryFrom<&'a str, Error = E>
        + AsRef<str>
        + Display
        + Eq
        + Hash
        + PartialEq<str>
        + for<'b> PartialEq<&'b str>
        + PartialEq<String>
        + PartialEq<Buf>,
    Buf: FromStr<Err = E>
        + for<'b> TryFrom<&'b str, Error = E>
        + TryFrom<String, Error = E>
        + AsRef<str>
        + Display
        + Debug
        + Eq
        + Hash
        + PartialEq<View>
        + PartialEq<str>
        + for<'b> PartialEq<&'b str>
        + PartialEq<String>
        + From<View>
        + Clone,
    String: From<Buf> + PartialEq<Buf> + PartialEq<View>,
    str: PartialEq<View> + PartialEq<Buf>,
    for<'b> &'b str: PartialEq<View> + PartialEq<Buf>,
    E: Debug,
{
    let view = parse_view(text).unwrap();
    assert!(
        View::try_from(text).unwrap() == view,
        "{name}: TryFrom<&str> is parse"
    );
    is_its_text(name, &view, text);

    let buf = parse_buf(text).unwrap();
    assert!(
        text.parse::<Buf>().unwrap() == buf,
        "{name}: FromStr is parse"
    );
    assert!(Buf::try_from(text).unwrap() == buf, "{name}: TryFrom<&str>");
    assert!(
        Buf::try_from(text.to_owned()).unwrap() == buf,
        "{name}: TryFrom<String>"
    );
    let from_view: Buf = parse_view(text).unwrap().into();
    assert!(from_view == buf, "{name}: From<view>");
    assert!(buf == view, "{name}: owned == borrowed");
    assert!(view == buf, "{name}: borrowed == owned");
    is_its_text(name, &buf, text);
    let into: String = buf.clone().into();
    assert_eq!(into.as_str(), text, "{name}: From<Buf> for String");
    let state = RandomState::new();
    assert_eq!(
        hash_of(&state, &buf),
        hash_of(&state, &parse_buf(text).unwrap()),
        "{name}: equal values hash alike"
    );
    assert_eq!(
        format!("{buf:?}").as_str(),
        format!("{name}({text:?})").as_str(),
        "{name}: Debug is the name and the text, not the policy"
    );
}

/// Both halves for a borrowed type, its owned form, and a text valid under their
/// default policy.
macro_rules! check_shape {
    ($view:ident, $buf:ident, $text:literal) => {{
        borrowed::<$view<'_>>();
        owned::<$buf, $view<'_>>();
        #[cfg(feature = "serde")]
        {
            borrowed_serde::<$view<'_>>();
            owned_serde::<$buf>();
        }
        agree(stringify!($buf), $text, $view::parse, $buf::parse);
    }};
}

#[test]
fn every_type_has_the_documented_shape() {
    check_shape!(Domain, DomainBuf, "Mail.Example.COM");
    check_shape!(EmailAddress, EmailAddressBuf, "Ann@Example.com");
    check_shape!(UriRef, UriRefBuf, "../a?b#c");
    check_shape!(Uri, UriBuf, "urn:isbn:0451450523");
    check_shape!(HttpUrl, HttpUrlBuf, "https://Example.com:8443/a?b");
    check_shape!(Mailto, MailtoBuf, "mailto:a@example.com?subject=hi");
    borrows_str::<UriRefBuf>();
    borrows_str::<UriBuf>();
    borrows_str::<HttpUrlBuf>();
    borrows_str::<MailtoBuf>();
}

/// `==` with text, from either side, follows each type's rule: names and the domain of
/// an address ignore ASCII case (RFC 4343 §3), the local part (RFC 5321 §2.4) and URIs
/// (RFC 3986 §6.2.1) compare octet for octet, the root dot counts (RFC 1034 §3.1).
#[test]
fn text_compares_by_each_types_rule_from_either_side() {
    let name = DomainBuf::parse("Example.COM").unwrap();
    let addr = EmailAddressBuf::parse("a@x.example").unwrap();
    let url = HttpUrlBuf::parse("http://h.example/").unwrap();
    let mailto = Mailto::parse("mailto:a@example.com").unwrap();
    let equal = [
        text_eq(&name, "example.COM"),
        text_eq(&name.as_domain(), "EXAMPLE.com"),
        text_eq(&addr, "a@X.EXAMPLE"),
        text_eq(&addr.as_address(), "a@X.example"),
        text_eq(&url, "http://h.example/"),
    ];
    assert_eq!(equal, [[true; 6]; 5]);
    let unequal = [
        text_eq(&name, "example.com."),
        text_eq(&addr, "A@x.example"),
        text_eq(&url, "HTTP://h.example/"),
        text_eq(&url.as_url(), "http://H.example/"),
        text_eq(&mailto, "mailto:A@example.com"),
    ];
    assert_eq!(unequal, [[false; 6]; 5]);
}

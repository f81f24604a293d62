//! A `#![no_std]` consumer of every library crate with no default features.
//!
//! If any crate or dependency links `std`, this fails to build with a duplicate
//! `panic_impl` lang item. Each function calls a validation entry point and is exported,
//! so the code paths are really compiled and linked, not just the crate metadata.
#![no_std]
// `no_mangle` counts as unsafe code; exporting the symbols is the only use of it here,
// and it is what makes the linker keep (and so the compiler really build) each path.
#![deny(unsafe_code)]

use core::panic::PanicInfo;

#[panic_handler]
fn panic(_info: &PanicInfo<'_>) -> ! {
    loop {}
}

/// RFC 3986 §3.2.2: an IPv6 address text, parsed (and the caret column of an error in it,
/// which the renderer computes without allocating).
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_ipv6(input: &[u8]) -> isize {
    use name_text::ip::{IpSyntax, parse_ipv6};
    match (
        parse_ipv6(input, IpSyntax::Rfc3986),
        core::str::from_utf8(input),
    ) {
        (Ok(_), _) => 0,
        (Err(err), Ok(text)) => {
            let column =
                name_text::report::Report::new(text, err.offset(), err.code(), &err).column();
            isize::try_from(column).map_or(-1, |c| c + 1)
        }
        (Err(_), Err(_)) => -1,
    }
}

/// RFC 3492: decoded length of a Punycode string, or -1.
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_punycode(input: &[u8]) -> isize {
    punycode_core::validate(input).map_or(-1, |n| n as isize)
}

/// RFC 3492: decode into a caller buffer (no allocator).
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn decode_punycode(input: &[u8], output: &mut [char; 63]) -> isize {
    punycode_core::decode_into(input, output).map_or(-1, |chars| chars.len() as isize)
}

/// RFC 1123 host name check.
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_hostname(input: &[u8]) -> bool {
    ldh_domain::Domain::parse_bytes(input, &ldh_domain::Policy::HOSTNAME).is_ok()
}

/// RFC 5321 mailbox check.
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_email(input: &[u8]) -> bool {
    rfc_email::EmailAddress::parse_bytes(input, &rfc_email::Policy::RFC5321).is_ok()
}

/// RFC 3986 URI-reference check.
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_uri_reference(input: &[u8]) -> bool {
    core::str::from_utf8(input).is_ok_and(|text| uri_schemes::UriRef::parse(text).is_ok())
}

/// RFC 9110 http(s) URL check.
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_http_url(input: &[u8]) -> bool {
    core::str::from_utf8(input).is_ok_and(|text| uri_schemes::HttpUrl::parse(text).is_ok())
}

/// RFC 6068 mailto check.
#[expect(unsafe_code, reason = "the exported symbol keeps the path linked")]
#[unsafe(no_mangle)]
pub fn check_mailto(input: &[u8]) -> bool {
    core::str::from_utf8(input).is_ok_and(|text| uri_schemes::Mailto::parse(text).is_ok())
}

//! Validation allocates nothing: a counting global allocator (from `stats_alloc`, since
//! the workspace forbids `unsafe`) around `parse_with` for every profile, on valid and
//! invalid inputs, all in one `#[test]`. ASCII domains only: U-label validation is
//! `ldh-domain`'s and goes through the `idna` crate.
//!
//! The counter is process-wide and the harness's main thread may still be allocating
//! when the test starts, so the measurement runs up to three times and the fewest
//! allocations count: ours would show up in every run.

use std::alloc::System;

use rfc_email::{EmailAddress, Policy};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const INPUTS: &[&str] = &[
    "user@example.com",
    "user+mailbox@sub.example.com",
    "customer/department=shipping@example.com",
    "\"Fred Bloggs\"@example.com",
    "\"Abc\\@def\"@example.com",
    "Abc\\@def@example.com",
    "Fred\\ Bloggs@example.com",
    "user@[192.0.2.1]",
    "user@[IPv6:2001:db8::1]",
    "user@[IPv6:2001:db8:1:2:3:4::5]",
    "user@[2001:db8::1]",
    "user@[x400:c=us]",
    "john.doe(comment)@example.com",
    "(a (nested) comment) \"a\".b @ example . com (x)",
    "user@localhost",
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "\"unterminated@example.com",
    "a@b@example.com",
    "@example.com",
    "user@",
    "",
    "j\u{f6}rg@example.com",
    // The Unicode local-part warnings: NFC check, bidi and invisible characters.
    "jo\u{301}rg@example.com",
    "user\u{202e}moc.live@example.com",
    "us\u{200b}er\u{feff}@example.com",
    "a\u{85}b@example.com",
    // Not NFC: U+21AE decomposes canonically (found by the validation_alloc_free target).
    "user\u{21ae}moc@example.com",
    "user@xn--bcher-kva.example",
    "user@example.com.",
    "user@-a.com",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com",
];

#[test]
fn validation_allocates_nothing() {
    let policies = [
        Policy::RFC5321,
        Policy::SMTPUTF8,
        Policy::RFC5322,
        Policy::HTML5,
        Policy::RFC3696_PUBLISHED,
    ];
    let hostile = "(".repeat(10_000);
    let long = format!("{}@{}.com", "a".repeat(64), "b".repeat(63));
    let mut accepted = 0usize;
    let mut fewest = usize::MAX;
    for _ in 0..3 {
        accepted = 0;
        let region = Region::new(GLOBAL);
        for policy in &policies {
            for input in INPUTS
                .iter()
                .copied()
                .chain([hostile.as_str(), long.as_str()])
            {
                if let Ok(addr) = EmailAddress::parse_with(input, policy) {
                    accepted += 1;
                    let _ = (addr.local_part(), addr.domain(), addr.warnings());
                    let _ = addr.requires_smtputf8();
                }
                let _ = EmailAddress::parse_bytes(input.as_bytes(), policy).map_err(|e| e.code());
            }
        }
        fewest = fewest.min(region.change().allocations);
        if fewest == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(fewest, 0, "validation allocated");
    assert!(accepted > 20, "{accepted}");
}

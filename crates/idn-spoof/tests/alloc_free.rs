//! Proves that the checks allocate nothing: a counting global allocator (from
//! `stats_alloc`, since the workspace forbids `unsafe`) around the calls, all in one
//! `#[test]` so that no other test thread allocates meanwhile. The fewest allocations of
//! up to three runs count (the harness's main thread may allocate during one run; an
//! allocation of ours would show up in all three).

use std::alloc::System;

use idn_spoof::{
    DisplayPolicy, ResolvedScripts, are_confusable, check_label, has_mixed_numbers,
    hidden_characters, restriction_level, skeleton,
};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn fewest(mut f: impl FnMut()) -> stats_alloc::Stats {
    let mut best: Option<stats_alloc::Stats> = None;
    for _ in 0..3 {
        let region = Region::new(GLOBAL);
        f();
        let stats = region.change();
        if best.is_none_or(|b| stats.allocations < b.allocations) {
            best = Some(stats);
        }
        if stats.allocations == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    best.unwrap()
}

/// Labels for every check: IDNs, spoofs of each UTS #39 rule and of the browser rules.
const LABELS: &[&str] = &[
    "bücher",
    "аррӏе",
    "pаypal",
    "日本語",
    "東京タワー",
    "abcー",
    "a1৪",
    "ı\u{307}nstagram",
    "ελλάδα",
    "שלום123",
    "a⁄b",
    "ınstagram",
    // The browser rules: blocked, country and pattern characters, lookalike lists.
    "aʻb",
    "þór",
    "l·l",
    "google丶com",
    "comノevil",
    "カタへカナ",
    "aヽ",
    "한\u{307}글",
    "sonÿ日本",
    "२२",
    "იოყ",
];

#[test]
fn checks_allocate_nothing() {
    let protected = ["paypal.com", "apple.com", "instagram.com"];
    let policy = DisplayPolicy::BROWSER.with_protected(&protected);
    // 30 marks in a row: more than the normalizer's inline buffer holds. `check_label`
    // stops at the fifth mark (UTS #39 §5.4) before normalizing anything.
    let marks = format!("a{}", "\u{300}\u{301}".repeat(15));
    // The skeleton index is built before counting: only its look-ups must not allocate.
    #[cfg(feature = "alloc")]
    let index = idn_spoof::ProtectedNames::new(&protected);
    #[cfg(feature = "alloc")]
    let indexed = DisplayPolicy::BROWSER.with_protected_names(&index);
    let stats = fewest(|| {
        let mut sink = 0usize;
        for &label in LABELS {
            #[cfg(feature = "alloc")]
            {
                sink += usize::from(check_label(label, Some("com"), &indexed).is_safe());
            }
            sink += usize::from(check_label(label, Some("com"), &policy).is_safe());
            sink += usize::from(check_label(label, Some("рф"), &policy).is_safe());
            sink += skeleton(label).count();
            sink += usize::from(are_confusable(label, "paypal"));
            sink += restriction_level(label) as usize;
            sink += usize::from(has_mixed_numbers(label));
            sink += usize::from(hidden_characters(label).is_some());
            sink += usize::from(ResolvedScripts::of(label).is_mixed_script());
        }
        sink += usize::from(check_label(&marks, Some("com"), &policy).is_safe());
        sink += usize::from(hidden_characters(&marks).is_some());
        sink += restriction_level(&marks) as usize;
        std::hint::black_box(sink);
    });
    assert_eq!(stats.allocations, 0, "{stats:?}");
    assert_eq!(stats.reallocations, 0, "{stats:?}");
    #[cfg(all(feature = "email", feature = "uri"))]
    warnings_allocate_nothing();
}

/// Counts the bytes of a message without keeping them.
#[cfg(all(feature = "email", feature = "uri"))]
struct CountingSink(usize);

#[cfg(all(feature = "email", feature = "uri"))]
impl std::fmt::Write for CountingSink {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// Names with warnings of every kind, and names without any.
#[cfg(all(feature = "email", feature = "uri"))]
const NAMES: &[&str] = &[
    "xn--80ak6aa92e.com",
    "xn--pypal-4ve.com",
    "bücher.аррӏе.com",
    "a1৪.com",
    "example.com",
    "xn--googlecom-go6n.com", // google丶com: two pattern rules
    "xn--r-uga6a.com",        // þór under .com
    "xn--todk4a.com",         // Georgian lookalikes
];

/// The warnings on names, addresses and http hosts, messages included, allocate
/// nothing: A-labels are decoded into the warning's inline buffer, messages are written
/// straight into the caller's formatter. Called from the one `#[test]` above.
#[cfg(all(feature = "email", feature = "uri"))]
fn warnings_allocate_nothing() {
    use std::fmt::Write as _;

    let protected = ["paypal.com"];
    let policy = DisplayPolicy::BROWSER.with_protected(&protected);
    let domains: Vec<_> = NAMES
        .iter()
        .map(|n| ldh_domain::Domain::parse_with(n, &ldh_domain::Policy::HOSTNAME).unwrap())
        .collect();
    let addresses: Vec<_> = ["jоhn.smіth@xn--pypal-4ve.com", "用户@例子.广告"]
        .iter()
        .map(|a| rfc_email::EmailAddress::parse_with(a, &rfc_email::Policy::SMTPUTF8).unwrap())
        .collect();
    let url = uri_schemes::HttpUrl::parse("https://www.xn--80ak6aa92e.com/").unwrap();
    let mut total = 0;
    let stats = fewest(|| {
        let mut sink = CountingSink(0);
        let mut count = 0;
        let warnings = domains
            .iter()
            .flat_map(|d| idn_spoof::domain_warnings(d, &policy))
            .chain(
                addresses
                    .iter()
                    .flat_map(|a| idn_spoof::address_warnings(a, &policy)),
            )
            .chain(idn_spoof::http_warnings(&url, &policy));
        for warning in warnings {
            write!(sink, "{warning}").unwrap();
            count += 1;
        }
        total = count;
        std::hint::black_box(sink.0);
    });
    assert_eq!(stats.allocations, 0, "{stats:?}");
    // Names: аррӏе twice (confusable), pаypal (mixed script, protected), a1৪ (mixed
    // script, numbers), google丶com (slash and CJK lookalike), þór (country letter),
    // იოყ (confusable); the address: pаypal (2), jоhn and smіth (mixed script each); the
    // host: аррӏе (confusable).
    assert_eq!(total, 15);
}

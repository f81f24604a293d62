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

#[test]
fn checks_allocate_nothing() {
    let protected = ["paypal.com", "apple.com", "instagram.com"];
    let policy = DisplayPolicy::BROWSER.with_protected(&protected);
    let labels = [
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
    ];
    // 30 marks in a row: more than the normalizer's inline buffer holds. `check_label`
    // stops at the fifth mark (UTS #39 §5.4) before normalizing anything.
    let marks = format!("a{}", "\u{300}\u{301}".repeat(15));
    let stats = fewest(|| {
        let mut sink = 0usize;
        for label in labels {
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
}

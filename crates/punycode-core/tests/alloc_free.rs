//! Proves that validation, decoding into a caller's buffer and encoding into a
//! fixed-size `fmt::Write` allocate nothing: a counting global allocator (from
//! `stats_alloc`, since the workspace forbids `unsafe`) around the calls. The binary
//! has no libtest harness (`harness = false`): its `main` is the only thread, so nothing
//! else allocates while it counts.

use std::alloc::System;
use std::fmt::{self, Write};

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// A fixed-capacity writer: no allocation, fails when full.
struct FixedBuf {
    buf: [u8; 256],
    len: usize,
}

impl Write for FixedBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn main() {
    // The counter does count: a control allocation is seen.
    let region = Region::new(GLOBAL);
    let boxed = std::hint::black_box(Box::new(42u64));
    assert!(region.change().allocations >= 1);
    drop(boxed);

    validate_decode_into_and_encode_allocate_nothing();
    #[cfg(not(feature = "alloc"))]
    long_inputs_without_alloc_allocate_nothing();
    println!("alloc_free: ok");
}

fn validate_decode_into_and_encode_allocate_nothing() {
    // Inputs prepared (and allocated) before counting starts.
    let labels: Vec<&str> = vec![
        "bcher-kva",
        "egbpdaj6bu4bxfgehfvwxn",
        "b1abfaaepdrnnbgefbaDotcwatmq2g4l",
        "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
        "-> $1.00 <--",
        "bcher-kv",
        "-kva",
        "a-rc4g",
    ];
    let unicode: Vec<&str> = vec![
        "bücher",
        "ليهمابتكلموشعربي؟",
        "他们为什么不说中文",
        "-> $1.00 <-",
    ];
    let chars: Vec<Vec<char>> = unicode.iter().map(|s| s.chars().collect()).collect();
    let mixed: Vec<(char, bool)> = "Bücher".chars().map(|c| (c, c.is_uppercase())).collect();
    let mut out = ['\0'; 128];
    let mut out_mixed = [('\0', false); 128];
    let mut fixed = FixedBuf {
        buf: [0; 256],
        len: 0,
    };
    let mut decoded = 0usize;

    let region = Region::new(GLOBAL);
    for label in &labels {
        let v = punycode_core::validate(label.as_bytes());
        let d = punycode_core::decode_into(label.as_bytes(), &mut out);
        assert_eq!(v.ok(), d.as_ref().ok().map(|d| d.len()));
        decoded += d.map_or(0, <[char]>::len);
        let m = punycode_core::decode_mixed_case_into(label.as_bytes(), &mut out_mixed);
        decoded += m.map_or(0, <[(char, bool)]>::len);
    }
    for (s, c) in unicode.iter().zip(&chars) {
        fixed.len = 0;
        punycode_core::encode_str(s, &mut fixed).unwrap();
        fixed.len = 0;
        punycode_core::encode(c, &mut fixed).unwrap();
    }
    fixed.len = 0;
    punycode_core::encode_mixed_case(&mixed, &mut fixed).unwrap();
    let stats = region.change();

    assert!(decoded > 0);
    assert_eq!(&fixed.buf[..fixed.len], b"Bcher-kva");
    assert_eq!(
        (
            stats.allocations,
            stats.reallocations,
            stats.bytes_allocated
        ),
        (0, 0, 0),
        "{stats:?}"
    );
}

/// Without `alloc` even long inputs take the in-place paths: still nothing allocated.
#[cfg(not(feature = "alloc"))]
fn long_inputs_without_alloc_allocate_nothing() {
    let long: String = "bücher-ελληνικά-日本語-".repeat(200);
    let mut encoded = String::with_capacity(long.len() * 2);
    let mut buf = vec!['\0'; long.len() * 2];
    let region = Region::new(GLOBAL);
    punycode_core::encode_str(&long, &mut encoded).unwrap();
    let n = punycode_core::decode_into(encoded.as_bytes(), &mut buf)
        .unwrap()
        .len();
    let stats = region.change();
    assert_eq!(n, long.chars().count());
    assert_eq!(
        (stats.allocations, stats.reallocations),
        (0, 0),
        "{stats:?}"
    );
}

//! Validation allocates nothing: a counting global allocator (`stats_alloc`, since the
//! workspace forbids `unsafe`) around every parser, in one `#[test]` so that no other
//! test thread allocates meanwhile.

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
#[cfg(feature = "mailto")]
use uri_schemes::Mailto;
use uri_schemes::percent::{self, EncodeSet};
use uri_schemes::{HttpPolicy, HttpUrl, Uri, UriPolicy, UriRef, UserinfoPolicy};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn allocations_during(f: impl FnOnce()) -> usize {
    let region = Region::new(GLOBAL);
    f();
    region.change().allocations + region.change().reallocations
}

/// One test, so no other test thread allocates while we count.
#[test]
fn validation_allocates_nothing() {
    let inputs = [
        "foo://user:pw@example.com:8042/over/there?name=ferret#nose",
        "http://[2001:db8::1]:80/a/%7E/b?q#f",
        "http://[v1.x]/",
        "http://127.0.0.001/",
        "../a/b;c?d",
        "http://a/b c",
        "http://[1::2::3]/",
        "1a:b",
        "",
    ];
    let all = UriPolicy::STRICT.with_iri().with_zone_ids();
    let urls = [
        "https://www.example.com:8443/path?q=1#x",
        "http://localhost:8080/",
        "http://ex%61mple.com/",
        "http://-bad.example/",
        "http://u@h.example/",
        "http://%FF/",
    ];
    #[cfg(feature = "mailto")]
    let mailtos = [
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:%22not%40me%22@example.org",
        "mailto:addr1@an.example,addr2@an.example?to=x@an.example&subject=caf%C3%A9",
        "mailto:a@example.com?subject=x%0D%0Ay&from=b@example.com&subject=z",
        "mailto:joe@example.com?cc=bob@example.com?body=hello",
        "mailto:a..b@example.com",
        // RFC 5322 address lists in to/cc/bcc, long header names, fragments.
        "mailto:a@b.example?Cc=x%40y.example%2Cz%40w.example",
        "mailto:?to=Bob%20%3Cbob@example.com%3E,%22Doe,%20J%22%20%3Cj@example.com%3E,team:%20t@example.com%3B",
        "mailto:a@b.example?Content-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX=1#frag",
        "mailto:a@example.com?x-y%0D%0ABcc=evil@example.com",
    ];
    let warn = HttpPolicy::STRICT.with_userinfo(UserinfoPolicy::Warn);
    // The counter works: a real allocation is seen.
    assert!(allocations_during(|| drop(std::hint::black_box(vec![1u8; 8]))) > 0);
    let mut sink = 0usize;
    // The counter is process-wide and the harness's main thread may still be allocating
    // when the test starts: measure up to three times; ours would show in every run.
    let mut n = usize::MAX;
    for _ in 0..3 {
        n = n.min(allocations_during(|| {
            for input in inputs {
                sink += UriRef::parse(input).map_or(1, |r| r.path().len());
                sink +=
                    UriRef::parse_with(input, &all).map_or(1, |r| r.query().map_or(0, str::len));
                sink += Uri::parse(input).map_or(1, |u| u.scheme().len());
                sink += UriRef::parse_bytes(input.as_bytes(), &all).map_or(1, |r| r.as_str().len());
                sink += percent::validate(input.as_bytes(), &EncodeSet::QUERY).map_or(1, |()| 0);
            }
            for url in urls {
                sink += HttpUrl::parse(url).map_or(1, |u| usize::from(u.effective_port()));
                sink += HttpUrl::parse_with(url, &warn).map_or(1, |u| u.warnings().iter().count());
            }
            #[cfg(feature = "mailto")]
            for m in mailtos {
                sink +=
                    Mailto::parse(m).map_or(1, |m| m.raw_to().count() + m.raw_hfields().count());
            }
            let mut buf = [0u8; 32];
            sink += percent::decode_into(b"caf%C3%A9", &mut buf).map_or(1, <[u8]>::len);
        }));
        if n == 0 {
            break;
        }
    }
    assert!(sink > 0);
    assert_eq!(n, 0, "validation allocated {n} times");
}

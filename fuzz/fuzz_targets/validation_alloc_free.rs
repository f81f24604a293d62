#![no_main]

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc3696_fuzz::validation_alloc_free(data, GLOBAL));

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rfc3696_fuzz::terminal_text(data));

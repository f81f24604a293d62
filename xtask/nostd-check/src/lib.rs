//! A `#![no_std]` consumer of every library crate with no default features.
//!
//! If any crate or dependency links `std`, this fails to build with a duplicate
//! `panic_impl` lang item. Each function calls a validation entry point, so the code
//! paths are really compiled, not just the crate metadata.
#![no_std]
#![forbid(unsafe_code)]

use core::panic::PanicInfo;

#[panic_handler]
fn panic(_info: &PanicInfo<'_>) -> ! {
    loop {}
}

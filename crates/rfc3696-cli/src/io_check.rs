//! Standard streams that were closed before the command started (`>&-`, `<&-`).
//!
//! The Rust runtime reopens a closed standard descriptor on `/dev/null` (read-write)
//! before `main`, so output to a closed stdout would vanish and a closed stdin would
//! read as empty. On Linux that case is recognised from `/proc/self/fd` and
//! `/proc/self/fdinfo`: `/dev/null` opened read-write, which a shell redirection
//! (`> /dev/null` is write-only, `< /dev/null` read-only) does not produce. Elsewhere
//! nothing is checked.

use std::io;

/// An error if standard output was closed.
pub fn stdout_open() -> io::Result<()> {
    if reopened_on_dev_null(1) {
        return Err(io::Error::other("standard output is closed"));
    }
    Ok(())
}

/// An error if standard input was closed.
pub fn stdin_open() -> io::Result<()> {
    if reopened_on_dev_null(0) {
        return Err(io::Error::other("standard input is closed"));
    }
    Ok(())
}

/// Whether descriptor `fd` is `/dev/null` opened read-write (`O_RDWR`, access mode 2).
#[cfg(target_os = "linux")]
fn reopened_on_dev_null(fd: u8) -> bool {
    let Ok(target) = std::fs::read_link(format!("/proc/self/fd/{fd}")) else {
        return false;
    };
    if target.as_os_str() != "/dev/null" {
        return false;
    }
    let Ok(info) = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")) else {
        return false;
    };
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & 0o3 == 0o2)
}

#[cfg(not(target_os = "linux"))]
fn reopened_on_dev_null(_: u8) -> bool {
    false
}

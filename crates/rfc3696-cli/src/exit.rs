//! The exit statuses of the command.

/// Every value valid.
pub const EXIT_VALID: u8 = 0;
/// Some value invalid.
pub const EXIT_INVALID: u8 = 1;
/// Usage or I/O error.
pub const EXIT_ERROR: u8 = 2;

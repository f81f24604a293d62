//! [`LocatedError`] for the errors of punycode-core, the dependency-free crate below.

use punycode_core::{PunycodeError, PunycodeErrorKind};

use super::LocatedError;

/// A Punycode error shown against its input by the workspace's one renderer
/// (punycode-core, the crate below this one, has no dependencies).
///
/// ```
/// use name_text::report::LocatedError;
/// let err = punycode_core::validate(b"ab!").unwrap_err();
/// assert_eq!(err.display_in("ab!").to_string(), "ab!\n  ^ invalid_digit: invalid punycode digit");
/// assert_eq!(
///     err.display_for_user("ab!").to_string(),
///     "ab!\n  ^ this encoded (xn--) name is damaged: check that it was copied completely"
/// );
/// ```
impl LocatedError for PunycodeError {
    fn error_offset(&self) -> usize {
        self.offset()
    }

    fn error_code(&self) -> &'static str {
        self.code()
    }

    fn error_user_message(&self) -> &'static str {
        use PunycodeErrorKind as K;
        match self.kind() {
            K::Overflow | K::TooLong => "this encoded name is too long",
            K::BufferTooSmall => "this encoded name is too long to decode here",
            _ => "this encoded (xn--) name is damaged: check that it was copied completely",
        }
    }
}

//! A macro for the accessors every located error of the name crates has: an error
//! type with a `kind` (a `Copy` enum with `code()` and `user_message()`) and the byte
//! `offset` where the problem was found.
//!
//! [`located_error!`](crate::located_error) writes the methods a crate lists, each with
//! the docs (and doc example) the crate gives it, and the trait impls it names:
//! [`LocatedError`](crate::report::LocatedError), `Display` (the kind's message) and
//! an `Error` without a source.
//!
//! ```
//! #[derive(Debug, Clone, Copy, PartialEq)]
//! pub enum Problem { Empty }
//! impl Problem {
//!     pub const fn code(self) -> &'static str { "empty" }
//!     pub const fn user_message(self) -> &'static str { "enter something" }
//! }
//! impl core::fmt::Display for Problem {
//!     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
//!         f.write_str("the input is empty")
//!     }
//! }
//! #[derive(Debug, Clone, Copy, PartialEq)]
//! pub struct ProblemError { kind: Problem, offset: usize }
//!
//! name_text::located_error! {
//!     impl ProblemError(kind: Problem) {
//!         /// What is wrong.
//!         fn kind;
//!         /// Where, as a byte offset.
//!         fn offset;
//!         /// Stable code.
//!         fn code;
//!         /// Rebased into a larger input.
//!         fn with_offset;
//!         /// For end users.
//!         fn user_message;
//!         /// Rendered against the input.
//!         fn display_in;
//!         /// Rendered against the input for end users.
//!         fn display_for_user;
//!     }
//!     impl LocatedError, Display, Error;
//! }
//! let err = ProblemError { kind: Problem::Empty, offset: 0 }.with_offset(3);
//! assert_eq!((err.kind(), err.offset(), err.code()), (Problem::Empty, 3, "empty"));
//! assert_eq!(err.to_string(), "the input is empty");
//! // Rebasing saturates: an offset never wraps around.
//! assert_eq!(err.with_offset(usize::MAX).offset(), usize::MAX);
//! assert_eq!(err.display_for_user("abc").to_string(), "abc\n   ^ enter something");
//! assert_eq!(err.display_in("abc").to_string(), "abc\n   ^ empty: the input is empty");
//! ```

/// The accessors of a located error (a struct with fields `kind` and `offset`), and
/// the trait impls it names; see the [module example](crate::located).
///
/// Methods, each written `fn name;` after its docs: `kind` (the kind, by value),
/// `offset` (the byte offset), `code` (the kind's stable code), `with_offset` (the
/// same error with a base added to its offset, saturating, for an error found in a
/// part of a larger input), `user_message` (the kind's message for end users),
/// `display_in` and `display_for_user` (the error rendered against the input, as a
/// [`Report`](crate::report::Report) and a [`UserReport`](crate::report::UserReport)).
/// Trait impls, after the methods: `impl LocatedError, Display, Error;` or any of them.
#[macro_export]
macro_rules! located_error {
    (
        impl $ty:ident(kind: $kind:ty) {
            $($(#[$attr:meta])* fn $method:ident;)+
        }
        $(impl $($trait_name:ident),+;)?
    ) => {
        impl $ty {
            $($crate::located_error!(@method $method, $kind, $(#[$attr])*);)+
        }
        $($($crate::located_error!(@impl $trait_name, $ty);)+)?
    };
    (@method kind, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub const fn kind(&self) -> $kind {
            self.kind
        }
    };
    (@method offset, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub const fn offset(&self) -> usize {
            self.offset
        }
    };
    (@method code, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub const fn code(&self) -> &'static str {
            self.kind.code()
        }
    };
    (@method with_offset, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub const fn with_offset(self, base: usize) -> Self {
            Self {
                offset: self.offset.saturating_add(base),
                ..self
            }
        }
    };
    (@method user_message, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub fn user_message(&self) -> &'static str {
            self.kind.user_message()
        }
    };
    (@method display_in, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub fn display_in<'a>(&'a self, input: &'a str) -> $crate::report::Report<'a> {
            $crate::report::Report::new(input, self.offset, self.kind.code(), self)
        }
    };
    (@method display_for_user, $kind:ty, $(#[$attr:meta])*) => {
        $(#[$attr])*
        #[must_use]
        pub fn display_for_user<'a>(&'a self, input: &'a str) -> $crate::report::UserReport<'a> {
            $crate::report::UserReport::new(input, self.offset, self.kind.user_message())
        }
    };
    (@impl LocatedError, $ty:ident) => {
        impl $crate::report::LocatedError for $ty {
            fn error_offset(&self) -> usize {
                self.offset
            }

            fn error_code(&self) -> &'static str {
                self.kind.code()
            }

            fn error_user_message(&self) -> &'static str {
                self.kind.user_message()
            }
        }
    };
    (@impl Display, $ty:ident) => {
        /// The kind's message for developers (lowercase, no offset in it).
        impl ::core::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&self.kind, f)
            }
        }
    };
    (@impl Error, $ty:ident) => {
        impl ::core::error::Error for $ty {}
    };
}

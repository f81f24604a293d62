//! A macro for the `Copy` bit sets of warnings the name crates collect: one bit per
//! variant of a flag enum, no allocation.
//!
//! ```
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! pub enum Flag { Quoted, Literal }
//! impl Flag {
//!     const ALL: [Self; 2] = [Self::Quoted, Self::Literal];
//!     const fn bit(self) -> u8 { 1 << (self as u8) }
//! }
//! name_text::flag_set! {
//!     /// A set of [`Flag`]s.
//!     pub struct Flags(u8) of Flag;
//!     example doc_example, Quoted, Literal;
//! }
//! let set = Flags::EMPTY.with(Flag::Literal).union(Flags::from(Flag::Quoted));
//! assert_eq!(set.iter().collect::<Vec<_>>(), [Flag::Quoted, Flag::Literal]);
//! assert_eq!(format!("{set:?}"), "{Quoted, Literal}");
//! ```

/// A `Copy` set of the flags of an enum: `pub struct Set(bits) of Flag;`, where `Flag`
/// has `const ALL: [Flag; N]` (the iteration order) and `const fn bit(self) -> bits`
/// (one bit each). The set derives `Clone`, `Copy`, `Default` (empty), `PartialEq`,
/// `Eq` and `Hash`, shows its flags by name in `Debug`, converts from one flag, and has
/// `EMPTY`, `contains`, `is_empty`, `len`, `insert`, `with`, `union` and `iter`.
///
/// The `example` line (the calling crate's name and two flags, the first before the
/// second in `ALL`) makes the doc examples of the methods. See the [module
/// example](crate::bitset).
#[macro_export]
macro_rules! flag_set {
    (
        $(#[$attr:meta])*
        $vis:vis struct $set:ident($bits:ty) of $flag:ident;
        example $krate:ident, $first:ident, $second:ident;
    ) => {
        $crate::flag_set! {
            @set $(#[$attr])* $vis $set, $bits, $flag,
            concat!(
                "```\n",
                "use ", stringify!($krate), "::{", stringify!($flag), ", ", stringify!($set), "};\n",
                "let first = ", stringify!($flag), "::", stringify!($first), ";\n",
                "let second = ", stringify!($flag), "::", stringify!($second), ";\n",
            )
        }
    };
    (@set $(#[$attr:meta])* $vis:vis $set:ident, $bits:ty, $flag:ident, $prelude:expr) => {
        $(#[$attr])*
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        $vis struct $set($bits);

        impl $set {
            /// The empty set.
            ///
            #[doc = concat!($prelude, "assert!(", stringify!($set), "::EMPTY.is_empty());\n")]
            #[doc = concat!("assert_eq!(", stringify!($set), "::EMPTY, ", stringify!($set), "::default());\n```")]
            pub const EMPTY: Self = Self(0);

            /// Whether `flag` is in the set.
            ///
            #[doc = concat!($prelude, "let set = ", stringify!($set), "::EMPTY.with(first);\n")]
            #[doc = "assert!(set.contains(first) && !set.contains(second));\n```"]
            #[must_use]
            pub const fn contains(self, flag: $flag) -> bool {
                self.0 & flag.bit() != 0
            }

            /// Whether the set is empty.
            ///
            #[doc = concat!($prelude, "assert!(!", stringify!($set), "::from(first).is_empty());\n")]
            #[doc = concat!("assert!(", stringify!($set), "::default().is_empty());\n```")]
            #[must_use]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// The number of flags in the set.
            ///
            #[doc = concat!($prelude, "let set = ", stringify!($set), "::EMPTY.with(first).with(second);\n")]
            #[doc = "assert_eq!((set.len(), set.with(first).len()), (2, 2));\n```"]
            #[must_use]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Adds `flag`.
            ///
            #[doc = concat!($prelude, "let mut set = ", stringify!($set), "::EMPTY;\n")]
            #[doc = "set.insert(second);\nassert!(set.contains(second) && !set.contains(first));\n```"]
            pub const fn insert(&mut self, flag: $flag) {
                self.0 |= flag.bit();
            }

            /// The set with `flag` added.
            ///
            #[doc = concat!($prelude, "let set = ", stringify!($set), "::EMPTY.with(second);\n")]
            #[doc = "assert_eq!(set.iter().collect::<Vec<_>>(), [second]);\n```"]
            #[must_use]
            pub const fn with(self, flag: $flag) -> Self {
                Self(self.0 | flag.bit())
            }

            /// The flags in either set.
            ///
            #[doc = concat!($prelude, "let set = ", stringify!($set), "::from(first).union(second.into());\n")]
            #[doc = "assert!(set.contains(first) && set.contains(second));\n```"]
            #[must_use]
            pub const fn union(self, other: Self) -> Self {
                Self(self.0 | other.0)
            }

            /// The flags in the set, in declaration order.
            ///
            #[doc = concat!($prelude, "let set = ", stringify!($set), "::EMPTY.with(second).with(first);\n")]
            #[doc = "assert_eq!(set.iter().collect::<Vec<_>>(), [first, second]);\n```"]
            pub fn iter(self) -> impl ::core::iter::Iterator<Item = $flag> + use<> {
                $flag::ALL.into_iter().filter(move |flag| self.contains(*flag))
            }
        }

        /// The flags by name (`{A, B}`), not the bits.
        impl ::core::fmt::Debug for $set {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_set().entries(self.iter()).finish()
            }
        }

        impl ::core::convert::From<$flag> for $set {
            fn from(flag: $flag) -> Self {
                Self(flag.bit())
            }
        }
    };
}

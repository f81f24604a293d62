//! Macros for the `serde` glue every name crate needs: impls that parse under a
//! policy, and the `serde_policy` modules that choose one for a field.
//!
//! They expand in the calling crate and name `::serde` there: that crate depends on
//! `serde` and invokes them under its own `#[cfg(feature = "serde")]`, so this crate
//! needs no `serde` of its own. Traits are named as they are in scope where the macro
//! is invoked; a policy type given as a path is written from the crate root
//! (`crate::…`).
//!
//! The calling crate's types provide `as_str`, `parse_with(&str, &Policy)` and, for
//! owned types, `from_string(String, &Policy)`; their errors reach `serde` through the
//! `error` function the invocation names (usually `::serde::de::Error::custom`).
//!
//! ```
//! // A borrowed text type of a calling crate (here a doc test's), checked under a policy.
//! extern crate alloc;
//! #[derive(Debug, PartialEq)]
//! pub struct Word<'a>(&'a str);
//! pub struct WordPolicy { pub max_len: usize }
//! impl WordPolicy {
//!     pub const SHORT: Self = WordPolicy { max_len: 3 };
//! }
//! impl<'a> Word<'a> {
//!     pub fn parse_with(s: &'a str, policy: &WordPolicy) -> Result<Self, &'static str> {
//!         if s.len() <= policy.max_len { Ok(Word(s)) } else { Err("word_too_long") }
//!     }
//!     pub fn as_str(&self) -> &'a str { self.0 }
//! }
//! impl AsRef<str> for Word<'_> { fn as_ref(&self) -> &str { self.0 } }
//!
//! name_text::serde_policy_modules! {
//!     /// A word type that can be read under a [`WordPolicy`].
//!     pub trait DeserializeWithPolicy<Policy = crate::WordPolicy>;
//!     example doc_example, Word, test;
//!     /// Words of up to three bytes.
//!     pub mod short = SHORT, accepts "abc", rejects "abcd";
//! }
//! name_text::serde_text_impls! {
//!     trait DeserializeWithPolicy, policy WordPolicy = WordPolicy { max_len: 8 },
//!         error serde::de::Error::custom;
//!     /// Words of up to eight bytes.
//!     borrowed Word: "a word";
//! }
//! # fn main() -> Result<(), serde_json::Error> {
//! #[derive(serde::Deserialize, Debug, PartialEq)]
//! struct Entry<'a> {
//!     #[serde(borrow)]
//!     long: Word<'a>,
//!     #[serde(borrow, with = "short")]
//!     short: Word<'a>,
//! }
//! let entry: Entry<'_> = serde_json::from_str(r#"{"long":"abcdef","short":"abc"}"#)?;
//! assert_eq!(entry, Entry { long: Word("abcdef"), short: Word("abc") });
//! let err = serde_json::from_str::<Entry<'_>>(r#"{"long":"abcdef","short":"abcd"}"#).unwrap_err();
//! assert!(err.to_string().starts_with("word_too_long"));
//! # Ok(()) }
//! ```

/// Defines a crate's `DeserializeWithPolicy` trait: a text type read from a string
/// and checked under a policy value of its associated `Policy` type.
///
/// ```
/// name_text::deserialize_with_policy_trait! {
///     /// Read under a `u8` limit.
///     pub trait ReadUnder;
/// }
/// struct Small(u8);
/// impl<'de> ReadUnder<'de> for Small {
///     type Policy = u8;
///     fn deserialize_with_policy<D: serde::Deserializer<'de>>(d: D, max: &u8) -> Result<Self, D::Error> {
///         let n = <u8 as serde::Deserialize>::deserialize(d)?;
///         if n <= *max { Ok(Small(n)) } else { Err(serde::de::Error::custom("too big")) }
///     }
/// }
/// let mut json = serde_json::Deserializer::from_str("7");
/// assert_eq!(Small::deserialize_with_policy(&mut json, &9).map(|s| s.0).ok(), Some(7));
/// ```
#[macro_export]
macro_rules! deserialize_with_policy_trait {
    ($(#[$attr:meta])* $vis:vis trait $name:ident;) => {
        $(#[$attr])*
        $vis trait $name<'de>: ::core::marker::Sized {
            /// The type of the policy the text is checked under.
            type Policy;

            /// Reads a string and checks it under `policy`.
            ///
            /// # Errors
            /// The deserializer's error, or the parse error as a custom error.
            fn deserialize_with_policy<D: ::serde::Deserializer<'de>>(
                deserializer: D,
                policy: &Self::Policy,
            ) -> ::core::result::Result<Self, D::Error>;
        }
    };
}

/// `Serialize` (the text as written), `Deserialize` (parsed under a default policy)
/// and the crate's `DeserializeWithPolicy` for text types that share a policy type.
///
/// The first line names the trait (in scope), the policy type with the default the plain
/// `Deserialize` impls use, and the function that turns a parse error into the
/// deserializer's error. Then one line per type, its docs (for the `Deserialize` impl)
/// first: `borrowed T: "expecting"` for a type with one lifetime, which borrows from
/// the input (so the input must hold the text as is; for JSON, a string without
/// escapes), with `, bytes parse_bytes` to also accept borrowed bytes through
/// `T::parse_bytes(&[u8], &Policy)`; `owned T: "expecting"` for an owned type, which
/// reads any string and takes ownership of an owned one (`T::from_string`; needs
/// `extern crate alloc` in the calling crate). `, cfg(…)` compiles a line only under
/// that `cfg`. See the [module example](crate::glue).
#[macro_export]
macro_rules! serde_text_impls {
    (
        trait $tr:ident, policy $policy:ty = $default:expr, error $to_error:expr;
        $(
            $(#[$de_attr:meta])*
            $kind:ident $ty:ident: $what:literal $(, bytes $parse_bytes:ident)? $(, cfg($cfg:meta))?;
        )+
    ) => {
        $(
            #[cfg(all($($cfg)?))]
            $crate::serde_text_impls! {
                @$kind $(#[$de_attr])* $ty, trait $tr, policy $policy = $default,
                expecting $what, error $to_error $(, bytes $parse_bytes)?
            }
        )+
    };
    (@borrowed $($rest:tt)*) => {
        $crate::serde_text_impls! { @impls borrowed ['a], deserialize_str, $($rest)* }
    };
    (@owned $($rest:tt)*) => {
        $crate::serde_text_impls! { @impls owned [], deserialize_string, $($rest)* }
    };
    (
        @impls $kind:ident [$($lt:lifetime)?], $read:ident, $(#[$de_attr:meta])* $ty:ident,
        trait $tr:ident, policy $policy:ty = $default:expr,
        expecting $what:literal, error $to_error:expr $(, bytes $parse_bytes:ident)?
    ) => {
        const _: () = {
            /// Serializes as the text as written.
            impl<$($lt)?> ::serde::Serialize for $ty<$($lt)?> {
                fn serialize<S: ::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }

            struct Reader<'p>(&'p $policy);

            impl<'de> ::serde::de::Visitor<'de> for Reader<'_> {
                type Value = $crate::serde_text_impls!(@value $kind $ty);

                fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str($what)
                }

                $crate::serde_text_impls!(@visit $kind $ty, $to_error $(, $parse_bytes)?);
            }

            $(#[$de_attr])*
            impl<'de $(: $lt, $lt)?> ::serde::Deserialize<'de> for $ty<$($lt)?> {
                fn deserialize<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserializer.$read(Reader(&$default))
                }
            }

            impl<'de $(: $lt, $lt)?> $tr<'de> for $ty<$($lt)?> {
                type Policy = $policy;

                fn deserialize_with_policy<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                    policy: &$policy,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserializer.$read(Reader(policy))
                }
            }
        };
    };
    (@value borrowed $ty:ident) => { $ty<'de> };
    (@value owned $ty:ident) => { $ty };
    (@visit borrowed $ty:ident, $to_error:expr $(, $parse_bytes:ident)?) => {
        fn visit_borrowed_str<E: ::serde::de::Error>(
            self,
            v: &'de str,
        ) -> ::core::result::Result<Self::Value, E> {
            $ty::parse_with(v, self.0).map_err($to_error)
        }

        $(
            fn visit_borrowed_bytes<E: ::serde::de::Error>(
                self,
                v: &'de [u8],
            ) -> ::core::result::Result<Self::Value, E> {
                $ty::$parse_bytes(v, self.0).map_err($to_error)
            }
        )?
    };
    (@visit owned $ty:ident, $to_error:expr) => {
        fn visit_str<E: ::serde::de::Error>(self, v: &str) -> ::core::result::Result<Self::Value, E> {
            $ty::parse_with(v, self.0).map_err($to_error)
        }

        fn visit_string<E: ::serde::de::Error>(
            self,
            v: ::alloc::string::String,
        ) -> ::core::result::Result<Self::Value, E> {
            $ty::from_string(v, self.0).map_err($to_error)
        }
    };
}

/// The crate's `DeserializeWithPolicy` trait (as [`deserialize_with_policy_trait`]
/// defines it) and, next to it, one module per policy preset for `#[serde(with =
/// "…")]`, each with submodules `option` (for `Option<T>` fields; `null` is `None`) and
/// `vec` (for `Vec<T>` fields, when the calling crate's `alloc` feature is on).
/// Serializing writes the text as written.
///
/// The trait line says where a module's policy comes from, and each module names an
/// associated constant (`mod name = CONST`): with `<Policy = P>` every type has policy
/// type `P` (a path from the crate root) and the constant is `P::CONST`; with
/// `<Policy: Presets>` the policy types implement the trait `Presets` (in scope) and the
/// constant is `<T::Policy as Presets>::CONST`. The `example` line (the calling crate's name, an
/// owned type and the `cfg` the example needs) and each module's `accepts` and
/// `rejects` texts make the doc examples of the submodules. See the [module
/// example](crate::glue).
#[macro_export]
macro_rules! serde_policy_modules {
    (
        $(#[$trait_attr:meta])* $trait_vis:vis trait $trait:ident<Policy = $policy:path>;
        $($rest:tt)+
    ) => {
        $crate::serde_policy_modules! {
            @modules [$(#[$trait_attr])* $trait_vis trait $trait;], [$trait as WithPolicy],
            [WithPolicy], [T: WithPolicy<'de, Policy = $policy>], [<$policy>::], $($rest)+
        }
    };
    (
        $(#[$trait_attr:meta])* $trait_vis:vis trait $trait:ident<Policy: $presets:ident>;
        $($rest:tt)+
    ) => {
        $crate::serde_policy_modules! {
            @modules [$(#[$trait_attr])* $trait_vis trait $trait;],
            [$trait as WithPolicy, $presets as Presets], [WithPolicy, Presets],
            [T: WithPolicy<'de>, T::Policy: Presets], [<T::Policy as Presets>::], $($rest)+
        }
    };
    (
        @modules [$($trait_def:tt)*], $uses:tt, $names:tt, $bounds:tt, $preset_of:tt,
        example $krate:ident, $owned:ident, $cfg:meta;
        $(
            $(#[$attr:meta])*
            $vis:vis mod $name:ident = $preset:ident,
                accepts $accepted:literal, rejects $rejected:literal;
        )+
    ) => {
        $crate::deserialize_with_policy_trait! { $($trait_def)* }
        $(
            $crate::serde_policy_modules! {
                @module $(#[$attr])* $vis $name, $uses, $names, $bounds, $preset_of, $preset,
                [$krate, $owned, $accepted, $rejected, $cfg]
            }
        )+
    };
    (
        @module $(#[$attr:meta])* $vis:vis $name:ident,
        [$($uses:tt)*], [$($names:tt)*], [$($bounds:tt)*], [$($preset_of:tt)*], $preset:ident,
        [$($example:tt)*]
    ) => {
        $(#[$attr])*
        $vis mod $name {
            use super::{$($uses)*};

            /// Writes the text as written.
            ///
            /// # Errors
            /// The serializer's error.
            pub fn serialize<T: ::core::convert::AsRef<str>, S: ::serde::Serializer>(
                value: &T,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(value.as_ref())
            }

            /// Reads a string and checks it under the module's policy.
            ///
            /// # Errors
            /// The deserializer's error, or the parse error as a custom error.
            pub fn deserialize<'de, T, D>(deserializer: D) -> ::core::result::Result<T, D::Error>
            where
                $($bounds)*,
                D: ::serde::Deserializer<'de>,
            {
                T::deserialize_with_policy(deserializer, &$($preset_of)*$preset)
            }

            /// A value read under the module's policy, so that `serde`'s own impls for
            /// `Option` and `Vec` read the values of `option` and `vec` fields.
            struct Checked<T>(T);

            impl<'de, T> ::serde::Deserialize<'de> for Checked<T>
            where
                $($bounds)*,
            {
                fn deserialize<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserialize(deserializer).map(Checked)
                }
            }

            $crate::serde_policy_modules!(@option [$($names)*], [$($bounds)*], [$($example)*]);
            $crate::serde_policy_modules!(@vec [$($names)*], [$($bounds)*], [$($example)*]);
        }
    };
    (@option [$($names:tt)*], [$($bounds:tt)*], [$($example:tt)*]) => {
        $crate::serde_policy_modules! {
            @example option, "Option<", ">", "", "", "null", "is_none", [$($example)*]
            /// For an `Option<T>` field: `None` is written and read as nothing
            /// (`null` in JSON), `Some` as the text, read under the module's policy.
            pub mod option {
                use super::{$($names)*};

                /// Writes `None` as nothing, `Some` as the text as written.
                ///
                /// # Errors
                /// The serializer's error.
                #[allow(
                    clippy::ref_option,
                    reason = "`#[serde(with)]` passes a reference to the field"
                )]
                pub fn serialize<T: ::core::convert::AsRef<str>, S: ::serde::Serializer>(
                    value: &::core::option::Option<T>,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    match value {
                        ::core::option::Option::Some(value) => {
                            serializer.serialize_some(value.as_ref())
                        }
                        ::core::option::Option::None => serializer.serialize_none(),
                    }
                }

                $crate::serde_policy_modules! {
                    @deserialize
                    /// Reads nothing as `None`, or a string checked under the module's
                    /// policy.
                    ///
                    /// # Errors
                    /// The deserializer's error, or the parse error as a custom error.
                    [::core::option::Option], [$($bounds)*], checked => checked.map(|checked| checked.0)
                }
            }
        }
    };
    (@vec [$($names:tt)*], [$($bounds:tt)*], [$($example:tt)*]) => {
        $crate::serde_policy_modules! {
            @example vec, "Vec<", ">", "[", "]", "[]", "is_empty", [$($example)*]
            /// For a `Vec<T>` field: a sequence of texts, each read under the module's
            /// policy (the first that fails is the error).
            #[cfg(feature = "alloc")]
            pub mod vec {
                use super::{$($names)*};

                /// Writes the texts as written, as a sequence.
                ///
                /// # Errors
                /// The serializer's error.
                pub fn serialize<T: ::core::convert::AsRef<str>, S: ::serde::Serializer>(
                    values: &[T],
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.collect_seq(values.iter().map(::core::convert::AsRef::as_ref))
                }

                $crate::serde_policy_modules! {
                    @deserialize
                    /// Reads a sequence of strings, each checked under the module's policy.
                    ///
                    /// # Errors
                    /// The deserializer's error, or the first parse error as a custom error.
                    [::alloc::vec::Vec], [$($bounds)*],
                    checked => checked.into_iter().map(|checked| checked.0).collect()
                }
            }
        }
    };
    // The `deserialize` of a submodule: `serde`'s own impl for the wrapper reads the
    // values, each a `Checked<T>` of the parent module.
    (
        @deserialize $(#[$attr:meta])* [$(::$wrapper:ident)+], [$($bounds:tt)*],
        $checked:ident => $unwrap:expr
    ) => {
        $(#[$attr])*
        pub fn deserialize<'de, T, D>(
            deserializer: D,
        ) -> ::core::result::Result<$(::$wrapper)+<T>, D::Error>
        where
            $($bounds)*,
            D: ::serde::Deserializer<'de>,
        {
            let $checked: $(::$wrapper)+<super::Checked<T>> =
                ::serde::Deserialize::deserialize(deserializer)?;
            ::core::result::Result::Ok($unwrap)
        }
    };
    // The submodule with its doc example: a struct with one field of the wrapped type,
    // a round trip of an accepted text, the empty value, and a rejected text.
    (
        @example $sub:ident, $open:literal, $close:literal,
        $json_open:literal, $json_close:literal, $empty_json:literal, $empty:literal,
        [$krate:ident, $owned:ident, $accepted:literal, $rejected:literal, $cfg:meta]
        $(#[$attr:meta])* pub mod $sub_again:ident $body:tt
    ) => {
        $(#[$attr])*
        ///
        #[doc = concat!(
            "```\n",
            "# #[cfg(", stringify!($cfg), ")] {\n",
            "use ", stringify!($krate), "::", stringify!($owned), ";\n",
            "#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]\n",
            "struct Form {\n",
            "    #[serde(default, with = \"", module_path!(), "\")]\n",
            "    field: ", $open, stringify!($owned), $close, ",\n",
            "}\n",
            "let json = r#\"{\"field\":", $json_open, "\"", $accepted, "\"", $json_close, "}\"#;\n",
            "let form: Form = serde_json::from_str(json)?;\n",
            "assert_eq!(serde_json::to_string(&form)?, json);\n",
            "assert!(serde_json::from_str::<Form>(r#\"{\"field\":", $empty_json, "}\"#)?.field.", $empty, "());\n",
            "let json = r#\"{\"field\":", $json_open, "\"", $rejected, "\"", $json_close, "}\"#;\n",
            "assert!(serde_json::from_str::<Form>(json).is_err());\n",
            "# }\n",
            "# Ok::<(), Box<dyn std::error::Error>>(())\n",
            "```",
        )]
        pub mod $sub_again $body
    };
}

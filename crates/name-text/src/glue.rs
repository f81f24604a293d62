//! Macros for the `serde` glue every name crate needs: impls that parse under a
//! policy, and the `serde_policy` modules that choose one for a field.
//!
//! They expand in the calling crate and name `::serde` there: that crate depends on
//! `serde` and invokes them under its own `#[cfg(feature = "serde")]`, so this crate
//! needs no `serde` of its own. Paths given to them are written from the crate root
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
//! impl<'a> Word<'a> {
//!     pub fn parse_with(s: &'a str, policy: &WordPolicy) -> Result<Self, &'static str> {
//!         if s.len() <= policy.max_len { Ok(Word(s)) } else { Err("word_too_long") }
//!     }
//!     pub fn as_str(&self) -> &'a str { self.0 }
//! }
//! impl AsRef<str> for Word<'_> { fn as_ref(&self) -> &str { self.0 } }
//!
//! name_text::deserialize_with_policy_trait! {
//!     /// A word type that can be read under a [`WordPolicy`].
//!     pub trait DeserializeWithPolicy;
//! }
//! name_text::serde_text_impls! {
//!     borrowed Word, trait DeserializeWithPolicy, policy WordPolicy = WordPolicy { max_len: 8 },
//!     expecting "a word", error serde::de::Error::custom
//! }
//! name_text::serde_policy_module! {
//!     /// Words of up to three bytes.
//!     pub mod short: crate::DeserializeWithPolicy<Policy = crate::WordPolicy>
//!         = crate::WordPolicy { max_len: 3 };
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
/// and the crate's `DeserializeWithPolicy` for one text type.
///
/// `borrowed T` (a type with one lifetime) borrows from the input, so the input must
/// hold the text as is (for JSON: a string without escapes); `bytes parse_bytes`
/// also accepts borrowed bytes through `T::parse_bytes(&[u8], &Policy)`. `owned T`
/// reads any string, taking ownership of an owned one (`T::from_string`); it needs
/// `extern crate alloc` in the calling crate. Attributes before the type (docs) go on
/// the `Deserialize` impl. See the [module example](crate::glue).
#[macro_export]
macro_rules! serde_text_impls {
    (
        $(#[$de_attr:meta])*
        borrowed $ty:ident, trait $($tr:ident)::+, policy $policy:ty = $default:expr,
        expecting $what:literal, error $to_error:expr $(, bytes $parse_bytes:ident)? $(,)?
    ) => {
        const _: () = {
            /// Serializes as the text as written.
            impl ::serde::Serialize for $ty<'_> {
                fn serialize<S: ::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }

            struct Reader<'p>(&'p $policy);

            impl<'de> ::serde::de::Visitor<'de> for Reader<'_> {
                type Value = $ty<'de>;

                fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str($what)
                }

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
            }

            $(#[$de_attr])*
            impl<'de: 'a, 'a> ::serde::Deserialize<'de> for $ty<'a> {
                fn deserialize<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserializer.deserialize_str(Reader(&$default))
                }
            }

            impl<'de: 'a, 'a> $($tr)::+<'de> for $ty<'a> {
                type Policy = $policy;

                fn deserialize_with_policy<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                    policy: &$policy,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserializer.deserialize_str(Reader(policy))
                }
            }
        };
    };
    (
        $(#[$de_attr:meta])*
        owned $ty:ident, trait $($tr:ident)::+, policy $policy:ty = $default:expr,
        expecting $what:literal, error $to_error:expr $(,)?
    ) => {
        const _: () = {
            /// Serializes as the text as written.
            impl ::serde::Serialize for $ty {
                fn serialize<S: ::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    serializer.serialize_str(self.as_str())
                }
            }

            struct Reader<'p>(&'p $policy);

            impl ::serde::de::Visitor<'_> for Reader<'_> {
                type Value = $ty;

                fn expecting(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    f.write_str($what)
                }

                fn visit_str<E: ::serde::de::Error>(
                    self,
                    v: &str,
                ) -> ::core::result::Result<Self::Value, E> {
                    $ty::parse_with(v, self.0).map_err($to_error)
                }

                fn visit_string<E: ::serde::de::Error>(
                    self,
                    v: ::alloc::string::String,
                ) -> ::core::result::Result<Self::Value, E> {
                    $ty::from_string(v, self.0).map_err($to_error)
                }
            }

            $(#[$de_attr])*
            impl<'de> ::serde::Deserialize<'de> for $ty {
                fn deserialize<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserializer.deserialize_string(Reader(&$default))
                }
            }

            impl<'de> $($tr)::+<'de> for $ty {
                type Policy = $policy;

                fn deserialize_with_policy<D: ::serde::Deserializer<'de>>(
                    deserializer: D,
                    policy: &$policy,
                ) -> ::core::result::Result<Self, D::Error> {
                    deserializer.deserialize_string(Reader(policy))
                }
            }
        };
    };
}

/// A module for `#[serde(with = "…")]` that reads a field under one policy, with
/// submodules `option` (for `Option<T>` fields; `null` is `None`) and `vec` (for
/// `Vec<T>` fields, when the calling crate's `alloc` feature is on). Serializing
/// writes the text as written.
///
/// The policy is either a value of one type (`Trait<Policy = P> = expr`) or an
/// associated constant of a presets trait implemented by each type's policy type
/// (`Trait<Policy: Presets> = CONST`). An optional `example` line gives each
/// submodule a doc example: the calling crate's name, an owned type, a text the
/// policy accepts, one it rejects, and the `cfg` the example needs. See the [module
/// example](crate::glue).
#[macro_export]
macro_rules! serde_policy_module {
    (
        $(#[$attr:meta])*
        $vis:vis mod $name:ident: $($tr:ident)::+ <Policy = $policy:ty> = $preset:expr;
        $(example: $krate:ident, $owned:ident, $accepted:literal, $rejected:literal, $cfg:meta;)?
    ) => {
        $crate::serde_policy_module! {
            @module $(#[$attr])* $vis $name,
            [T: $($tr)::+<'de, Policy = $policy>],
            [$preset],
            [$($krate, $owned, $accepted, $rejected, $cfg)?]
        }
    };
    (
        $(#[$attr:meta])*
        $vis:vis mod $name:ident: $($tr:ident)::+ <Policy: $($presets:ident)::+> = $preset:ident;
        $(example: $krate:ident, $owned:ident, $accepted:literal, $rejected:literal, $cfg:meta;)?
    ) => {
        $crate::serde_policy_module! {
            @module $(#[$attr])* $vis $name,
            [T: $($tr)::+<'de>, T::Policy: $($presets)::+],
            [<T::Policy as $($presets)::+>::$preset],
            [$($krate, $owned, $accepted, $rejected, $cfg)?]
        }
    };
    (
        @module $(#[$attr:meta])* $vis:vis $name:ident,
        [$($bounds:tt)*], [$($preset:tt)*], [$($example:tt)*]
    ) => {
        $(#[$attr])*
        $vis mod $name {
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
                T::deserialize_with_policy(deserializer, &$($preset)*)
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

            $crate::serde_policy_module!(@option [$($bounds)*], [$($example)*]);
            $crate::serde_policy_module!(@vec [$($bounds)*], [$($example)*]);
        }
    };
    (@option [$($bounds:tt)*], [$($example:tt)*]) => {
        $crate::serde_policy_module! {
            @example option, "Option<", ">", "", "", "null", "is_none", [$($example)*]
            /// For an `Option<T>` field: `None` is written and read as nothing
            /// (`null` in JSON), `Some` as the text, read under the module's policy.
            pub mod option {
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

                /// Reads nothing as `None`, or a string checked under the module's
                /// policy.
                ///
                /// # Errors
                /// The deserializer's error, or the parse error as a custom error.
                pub fn deserialize<'de, T, D>(
                    deserializer: D,
                ) -> ::core::result::Result<::core::option::Option<T>, D::Error>
                where
                    $($bounds)*,
                    D: ::serde::Deserializer<'de>,
                {
                    let checked: ::core::option::Option<super::Checked<T>> =
                        ::serde::Deserialize::deserialize(deserializer)?;
                    ::core::result::Result::Ok(checked.map(|checked| checked.0))
                }
            }
        }
    };
    (@vec [$($bounds:tt)*], [$($example:tt)*]) => {
        $crate::serde_policy_module! {
            @example vec, "Vec<", ">", "[", "]", "[]", "is_empty", [$($example)*]
            /// For a `Vec<T>` field: a sequence of texts, each read under the module's
            /// policy (the first that fails is the error).
            #[cfg(feature = "alloc")]
            pub mod vec {
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

                /// Reads a sequence of strings, each checked under the module's policy.
                ///
                /// # Errors
                /// The deserializer's error, or the first parse error as a custom error.
                pub fn deserialize<'de, T, D>(
                    deserializer: D,
                ) -> ::core::result::Result<::alloc::vec::Vec<T>, D::Error>
                where
                    $($bounds)*,
                    D: ::serde::Deserializer<'de>,
                {
                    let checked: ::alloc::vec::Vec<super::Checked<T>> =
                        ::serde::Deserialize::deserialize(deserializer)?;
                    ::core::result::Result::Ok(
                        checked.into_iter().map(|checked| checked.0).collect(),
                    )
                }
            }
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
    (
        @example $sub:ident, $open:literal, $close:literal,
        $json_open:literal, $json_close:literal, $empty_json:literal, $empty:literal, []
        $(#[$attr:meta])* pub mod $sub_again:ident $body:tt
    ) => {
        $(#[$attr])*
        pub mod $sub_again $body
    };
}

//! The owned URI types (feature `alloc`): [`UriRefBuf`], [`UriBuf`], [`HttpUrlBuf`] and
//! (feature `mailto`) `MailtoBuf`. Each keeps its text and the facts its parse found (component
//! positions, warnings), so its accessors answer without parsing again and return the
//! same values as the borrowed type's. There is no `Deref` to the borrowed type: that
//! is a view built on demand, not a place a reference could point to.

use alloc::borrow::Cow;
use alloc::string::String;
#[cfg(feature = "mailto")]
use alloc::vec::Vec;
use core::fmt;

use crate::{
    Authority, Host, HttpPolicy, HttpUrl, Origin, Uri, UriError, UriPolicy, UriRef, Warnings,
};
#[cfg(feature = "mailto")]
use crate::{Mailto, MailtoPolicy};

/// Accessors of an owned type that return what the borrowed view's method of the same
/// name returns, each with a doc example that checks so.
macro_rules! delegate_accessors {
    ($buf:ident, $view:ident, $as_view:ident, $example:literal, { $( $name:ident -> $ret:ty; )* }) => {
    $(
        #[doc = concat!("`", stringify!($name), "()` of the borrowed view ([`", stringify!($view), "`]): the same value.")]
        ///
        /// ```
        #[doc = concat!("let owned = uri_schemes::", stringify!($buf), "::parse(", stringify!($example), ")?;")]
        #[doc = concat!("assert_eq!(owned.", stringify!($name), "(), owned.", stringify!($as_view), "().", stringify!($name), "());")]
        /// # Ok::<(), uri_schemes::UriError>(())
        /// ```
        pub fn $name(&self) -> $ret {
            self.$as_view().$name()
        }
    )*
    };
}

/// The RFC 3986 §3 component accessors that `UriRefBuf` and `UriBuf` share.
macro_rules! rfc3986_components {
    ($buf:ident, $view:ident, $as_view:ident, $example:literal) => {
        delegate_accessors!($buf, $view, $as_view, $example, {
            authority -> Option<Authority<'_>>;
            userinfo -> Option<&str>;
            host -> Option<Host<'_>>;
            port -> Option<u16>;
            port_str -> Option<&str>;
            path -> &str;
            query -> Option<&str>;
            fragment -> Option<&str>;
        });
    };
}

/// Writes the owned type for a borrowed one: constructors, the view, the accessors
/// listed (and those of the macro named after `+`), and the conversions. `$example` is a
/// value every generated example parses.
macro_rules! owned_type {
    (
        $(#[$meta:meta])*
        $buf:ident for $view:ident, view $as_view:ident, policy $policy:ident :: $default:ident,
        example $example:literal,
        { $( $name:ident -> $ret:ty; )* } $( + $shared:ident )?
    ) => {
        $(#[$meta])*
        #[derive(Clone)]
        pub struct $buf {
            text: String,
            /// The parse's facts, over an empty input: [`$view::with_input`] puts them
            /// back over `text`.
            facts: $view<'static>,
        }

        impl $buf {
            #[doc = concat!("Parses `input` under `", stringify!($policy), "::", stringify!($default), "` and keeps a copy.")]
            ///
            /// ```
            #[doc = concat!("let owned = uri_schemes::", stringify!($buf), "::parse(", stringify!($example), ")?;")]
            #[doc = concat!("assert_eq!(owned, ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            pub fn parse(input: &str) -> Result<Self, UriError> {
                Self::parse_with(input, &$policy::$default)
            }

            /// Parses `input` under `policy` and keeps a copy.
            ///
            /// ```
            #[doc = concat!("use uri_schemes::{", stringify!($buf), ", ", stringify!($policy), "};")]
            #[doc = concat!("let owned = ", stringify!($buf), "::parse_with(", stringify!($example), ", &", stringify!($policy), "::", stringify!($default), ")?;")]
            #[doc = concat!("assert_eq!(owned.as_str(), ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            pub fn parse_with(input: &str, policy: &$policy) -> Result<Self, UriError> {
                Ok($view::parse_with(input, policy)?.into_owned())
            }

            /// Parses raw bytes under `policy` and keeps a copy.
            ///
            /// ```
            #[doc = concat!("use uri_schemes::{", stringify!($buf), ", ", stringify!($policy), "};")]
            #[doc = concat!("let owned = ", stringify!($buf), "::parse_bytes(", stringify!($example), ".as_bytes(), &", stringify!($policy), "::", stringify!($default), ")?;")]
            #[doc = concat!("assert_eq!(owned.as_str(), ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            pub fn parse_bytes(input: &[u8], policy: &$policy) -> Result<Self, UriError> {
                Ok($view::parse_bytes(input, policy)?.into_owned())
            }

            /// Parses an owned `String` under `policy` and keeps it without copying.
            ///
            /// ```
            #[doc = concat!("use uri_schemes::{", stringify!($buf), ", ", stringify!($policy), "};")]
            #[doc = concat!("let owned = ", stringify!($buf), "::from_string(String::from(", stringify!($example), "), &", stringify!($policy), "::", stringify!($default), ")?;")]
            #[doc = concat!("assert_eq!(owned.into_string(), ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            pub fn from_string(text: String, policy: &$policy) -> Result<Self, UriError> {
                let facts = $view::parse_with(&text, policy)?.with_input("");
                Ok(Self { text, facts })
            }

            #[doc = concat!("The borrowed view, for functions that take a [`", stringify!($view), "`].")]
            ///
            /// ```
            #[doc = concat!("let owned = uri_schemes::", stringify!($buf), "::parse(", stringify!($example), ")?;")]
            #[doc = concat!("assert_eq!(owned.", stringify!($as_view), "().as_str(), owned.as_str());")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            #[must_use]
            pub fn $as_view(&self) -> $view<'_> {
                self.facts.with_input(&self.text)
            }

            /// The text as written.
            ///
            /// ```
            #[doc = concat!("let owned = uri_schemes::", stringify!($buf), "::parse(", stringify!($example), ")?;")]
            #[doc = concat!("assert_eq!(owned.as_str(), ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            #[must_use]
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text.
            ///
            /// ```
            #[doc = concat!("let owned = uri_schemes::", stringify!($buf), "::parse(", stringify!($example), ")?;")]
            #[doc = concat!("assert_eq!(owned.into_string(), ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            #[must_use]
            pub fn into_string(self) -> String {
                self.text
            }

            delegate_accessors!($buf, $view, $as_view, $example, { $( $name -> $ret; )* });
            $( $shared!($buf, $view, $as_view, $example); )?
        }

        impl $view<'_> {
            #[doc = concat!("An owned copy ([`", stringify!($buf), "`]), with the facts the parse found.")]
            ///
            /// ```
            #[doc = concat!("let owned = uri_schemes::", stringify!($view), "::parse(", stringify!($example), ")?.into_owned();")]
            #[doc = concat!("assert_eq!(owned.as_str(), ", stringify!($example), ");")]
            /// # Ok::<(), uri_schemes::UriError>(())
            /// ```
            #[must_use]
            pub fn into_owned(self) -> $buf {
                $buf {
                    text: String::from(self.as_str()),
                    facts: self.with_input(""),
                }
            }
        }

        /// The type's name and the text: the components are a call away
        #[doc = concat!("([`", stringify!($as_view), "`](Self::", stringify!($as_view), ")), and a log line should show what was written.")]
        impl fmt::Debug for $buf {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($buf)).field(&self.text).finish()
            }
        }

        impl fmt::Display for $buf {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }

        impl AsRef<str> for $buf {
            fn as_ref(&self) -> &str {
                &self.text
            }
        }

        /// Sound: `Eq`, `Ord` and `Hash` are those of the text.
        impl core::borrow::Borrow<str> for $buf {
            fn borrow(&self) -> &str {
                &self.text
            }
        }

        #[doc = concat!("Parses under `", stringify!($policy), "::", stringify!($default), "`.")]
        impl core::str::FromStr for $buf {
            type Err = UriError;

            fn from_str(input: &str) -> Result<Self, UriError> {
                Self::parse(input)
            }
        }

        #[doc = concat!("Parses under `", stringify!($policy), "::", stringify!($default), "`, keeping the string.")]
        impl TryFrom<String> for $buf {
            type Error = UriError;

            fn try_from(text: String) -> Result<Self, UriError> {
                Self::from_string(text, &$policy::$default)
            }
        }

        #[doc = concat!("Parses under `", stringify!($policy), "::", stringify!($default), "`.")]
        impl TryFrom<&str> for $buf {
            type Error = UriError;

            fn try_from(input: &str) -> Result<Self, UriError> {
                Self::parse(input)
            }
        }

        impl From<$view<'_>> for $buf {
            fn from(view: $view<'_>) -> Self {
                view.into_owned()
            }
        }

        impl From<$buf> for String {
            fn from(owned: $buf) -> Self {
                owned.text
            }
        }

        impl PartialEq<$view<'_>> for $buf {
            fn eq(&self, other: &$view<'_>) -> bool {
                self.text == other.as_str()
            }
        }

        impl PartialEq<$buf> for $view<'_> {
            fn eq(&self, other: &$buf) -> bool {
                self.as_str() == other.text
            }
        }
    };
}

owned_type! {
    /// An owned URI-reference (RFC 3986 §4.1): see [`UriRef`].
    ///
    /// `Eq`, `Ord` and `Hash` compare the text as written, so `Borrow<str>` holds: a
    /// `HashSet<UriRefBuf>` can be searched with a `&str`.
    ///
    /// ```
    /// let r = uri_schemes::UriRefBuf::parse("../a?b")?;
    /// assert_eq!((r.path(), r.query()), ("../a", Some("b")));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    UriRefBuf for UriRef, view as_uri_ref, policy UriPolicy::STRICT,
    example "//u@h:8/p?q#f",
    {
        scheme -> Option<&str>;
        has_scheme -> bool;
        normalize -> String;
    } + rfc3986_components
}

owned_type! {
    /// An owned absolute URI (RFC 3986 §3): see [`Uri`]. For a configuration file or a
    /// database row that holds a URI.
    ///
    /// `Eq`, `Ord` and `Hash` compare the text as written, so `Borrow<str>` holds.
    ///
    /// ```
    /// let uri = uri_schemes::UriBuf::parse("https://example.com:8443/a")?;
    /// assert_eq!((uri.scheme(), uri.port()), ("https", Some(8443)));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    UriBuf for Uri, view as_uri, policy UriPolicy::STRICT,
    example "http://u@h:8/p?q#f",
    {
        scheme -> &str;
        normalize -> String;
    } + rfc3986_components
}

owned_type! {
    /// An owned http(s) URL: see [`HttpUrl`]. For a configuration file or a database
    /// row that holds a URL.
    ///
    /// `Eq`, `Ord` and `Hash` compare the text as written, so `Borrow<str>` holds;
    /// compare [`origin`](Self::origin)s for same-origin checks.
    ///
    /// ```
    /// let url = uri_schemes::HttpUrlBuf::parse("https://Example.com/a")?;
    /// assert_eq!(url.origin().to_string(), "https://example.com");
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    HttpUrlBuf for HttpUrl, view as_url, policy HttpPolicy::STRICT,
    example "http://h.example:8080/p?q#f",
    {
        is_https -> bool;
        host -> Host<'_>;
        host_ascii -> Result<Cow<'_, str>, UriError>;
        port -> Option<u16>;
        port_str -> Option<&str>;
        default_port -> u16;
        effective_port -> u16;
        is_default_port -> bool;
        path -> &str;
        query -> Option<&str>;
        fragment -> Option<&str>;
        origin -> Origin<'_>;
        warnings -> Warnings;
        host_warnings -> ldh_domain::Warnings;
    }
}

#[cfg(feature = "mailto")]
owned_type! {
    /// An owned `mailto` URI (RFC 6068): see [`Mailto`].
    ///
    /// `Eq`, `Ord` and `Hash` compare the text as written, so `Borrow<str>` holds.
    ///
    /// ```
    /// let m = uri_schemes::MailtoBuf::parse("mailto:a@example.com?subject=hi")?;
    /// assert_eq!(m.subject().as_deref(), Some("hi"));
    /// # Ok::<(), uri_schemes::UriError>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "mailto")))]
    MailtoBuf for Mailto, view as_mailto, policy MailtoPolicy::DEFAULT,
    example "mailto:a@example.com?subject=hi&body=x",
    {
        to -> Vec<String>;
        hfields -> Vec<(String, String)>;
        subject -> Option<String>;
        body -> Option<String>;
        warnings -> Warnings;
        address_warnings -> rfc_email::Warnings;
    }
}

//! Top-level domains: the IANA root-zone list (feature `iana-tlds`) and the checked
//! A-labels of its IDN TLDs (feature `idna`, for the fast path). Syntax checks never ask
//! either whether a TLD exists (RFC 3696 §2).

#[cfg(feature = "idna")]
pub(crate) mod idn;
#[cfg(feature = "iana-tlds")]
mod list;

// Only the IDN table's test (feature `idna`) reads the whole list.
#[cfg(all(feature = "iana-tlds", feature = "idna", test))]
pub(crate) use list::all;
#[cfg(feature = "iana-tlds")]
pub use list::{TLD_LIST_VERSION, is_known_tld};

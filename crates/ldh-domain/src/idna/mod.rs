//! IDNA: A-labels (always), and with the `idna` feature U-label validity by IDNA 2008
//! (RFC 5891–5893, from the generated RFC 5892 table) or by UTS #46 (the `idna` crate).
//!
//! | file | what |
//! |---|---|
//! | `alabel.rs` | `xn--` labels: Punycode decoding (punycode-core), the round trip, the mode's U-label check |
//! | `table.rs` | generated: the RFC 5892 derived property, Bidi class and two flags per code point |
//! | `props.rs` | lookups in that table; why a code point is DISALLOWED |
//! | `ulabel.rs` | one U-label by IDNA 2008 (registration or lookup) |
//! | `context.rs` | the contextual rules of RFC 5892 Appendix A |
//! | `bidi.rs` | the Bidi rule of RFC 5893 §2 for one label |
//! | `name.rs` | a whole name by IDNA 2008: U-labels, A-label lengths, Bidi across labels |
//! | `uts46.rs` | the UTS #46 mode, through the `idna` crate, and its error classifier |
//! | `convert.rs` | mapping (UTS #46) and conversion of validated names |

pub(crate) mod alabel;
#[cfg(feature = "idna")]
mod bidi;
#[cfg(feature = "idna")]
mod context;
#[cfg(feature = "alloc")]
pub(crate) mod convert;
#[cfg(feature = "idna")]
pub(crate) mod name;
#[cfg(feature = "idna")]
pub(crate) mod props;
#[cfg(feature = "idna")]
mod table;
#[cfg(feature = "idna")]
pub(crate) mod ulabel;
#[cfg(feature = "idna")]
pub(crate) mod uts46;

/// Copies code points into `buf` (as many as fit) and returns the filled part: the
/// stack copy of a label that the checks and Punycode work on.
#[cfg(feature = "idna")]
pub(crate) fn collect_chars(chars: impl Iterator<Item = char>, buf: &mut [char]) -> &[char] {
    let mut n = 0;
    for (slot, c) in buf.iter_mut().zip(chars) {
        *slot = c;
        n += 1;
    }
    buf.get(..n).unwrap_or_default()
}

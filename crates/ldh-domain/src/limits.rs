//! The length limits of the DNS, as named constants.
//!
//! All limits count octets of the *A-label* (ASCII) form of a name, also when the name
//! was written with U-labels (RFC 5890 §2.3.2.1, RFC 3696 §5).
//!
//! ```
//! use ldh_domain::limits::{MAX_LABEL_LEN, MAX_LABELS, MAX_NAME_LEN};
//! assert_eq!((MAX_LABEL_LEN, MAX_NAME_LEN, MAX_LABELS), (63, 253, 127));
//! ```

/// Longest label: 63 octets (RFC 1035 §2.3.4, RFC 1123 §2.1, RFC 2181 §11).
///
/// ```
/// assert_eq!(ldh_domain::limits::MAX_LABEL_LEN, 63);
/// ```
pub const MAX_LABEL_LEN: usize = 63;

/// Longest name in text form: 253 characters without the optional root dot (254 with it).
///
/// RFC 1035 §2.3.4 limits a name to 255 octets in *wire* form, where every label is
/// preceded by a length octet and the name ends with the zero-length root label. For a
/// name of text length `n` (no root dot) with `k` labels the wire form is
/// `n - (k - 1)` label octets + `k` length octets + 1 root octet = `n + 2` octets, so
/// `n + 2 <= 255` gives `n <= 253`. RFC 3696 §2's "255 characters" counts the wire form
/// (see its erratum discussion in `docs/notes/ldh-domain.md`).
///
/// ```
/// assert_eq!(ldh_domain::limits::MAX_NAME_LEN, 253);
/// ```
pub const MAX_NAME_LEN: usize = 253;

/// Most labels in a name, not counting the root: 127 (one-octet labels and their dots
/// fill exactly 253 characters).
///
/// ```
/// assert_eq!(ldh_domain::limits::MAX_LABELS, 127);
/// ```
pub const MAX_LABELS: usize = 127;

/// Longest wire-form name: 255 octets (RFC 1035 §2.3.4), including the length octets
/// and the root label.
///
/// ```
/// assert_eq!(ldh_domain::limits::MAX_WIRE_LEN, ldh_domain::limits::MAX_NAME_LEN + 2);
/// ```
pub const MAX_WIRE_LEN: usize = 255;

/// Longest U-label input accepted, in UTF-8 octets: 4 × 63.
///
/// Every code point of a U-label adds at least one octet to its A-label, and a code point
/// takes at most four octets in UTF-8, so a longer U-label cannot fit in 63 octets once
/// encoded. Parsing stops there instead of scanning on (input safety).
///
/// ```
/// assert_eq!(ldh_domain::limits::MAX_U_LABEL_INPUT, 252);
/// ```
pub const MAX_U_LABEL_INPUT: usize = 4 * MAX_LABEL_LEN;

/// Longest input accepted, in octets: 4 × 253 plus the root dot.
///
/// A code point takes at most four UTF-8 octets and adds at least one octet to the
/// A-label form, so a longer input cannot be a name of at most 253 octets. (Code points
/// that UTS #46 maps to nothing, such as U+00AD SOFT HYPHEN, are counted too: a name
/// padded with thousands of them is rejected rather than scanned.)
///
/// ```
/// assert_eq!(ldh_domain::limits::MAX_INPUT_LEN, 1013);
/// ```
pub const MAX_INPUT_LEN: usize = 4 * MAX_NAME_LEN + 1;

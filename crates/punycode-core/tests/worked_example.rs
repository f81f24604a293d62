//! The worked example of RFC 3492 §3 ("bücher") and its insertion sequence.

//! Decoding and encoding errors: exact kind and offset for each rule.

//! The Punycode functions (RFC 3492), on a whole value: no `xn--` prefix and no label
//! splitting (that is `domain_to_ascii`).

use std::borrow::Cow;

use datafusion::logical_expr::ScalarUDF;
use rfc3696::punycode;

use crate::doc;
use crate::options::{Family, Options};
use crate::udf::{Kernel, RowFunction};

/// The Punycode functions.
pub(crate) fn functions() -> Vec<ScalarUDF> {
    let s = ("s", "The text: a string column or value.");
    vec![
        RowFunction::udf(
            "punycode_encode",
            Family::Plain,
            Options::DEFAULT,
            Kernel::Text(|v, _| punycode::encode_to_string(v).ok().map(Cow::Owned)),
            doc::function(
                "Encodes Unicode text as Punycode (RFC 3492 §6.3); NULL when it cannot be encoded (too long).",
                "punycode_encode(s)",
                &[s],
                r"
> SELECT punycode_encode('bücher') AS encoded;
+-----------+
| encoded   |
+-----------+
| bcher-kva |
+-----------+",
            ),
        ),
        RowFunction::udf(
            "punycode_decode",
            Family::Plain,
            Options::DEFAULT,
            Kernel::Text(|v, _| punycode::decode_to_string(v).ok().map(Cow::Owned)),
            doc::function(
                "Decodes Punycode to Unicode text (RFC 3492 §6.2); NULL when the input is not valid Punycode.",
                "punycode_decode(s)",
                &[s],
                r"
> SELECT punycode_decode('bcher-kva') AS decoded, punycode_decode('ü') AS bad;
+---------+-----+
| decoded | bad |
+---------+-----+
| bücher  |     |
+---------+-----+",
            ),
        ),
    ]
}

//! The struct column of `uri_parts`: seven string-view columns whose values point into
//! the input's own buffers, so no part is copied. (A part of 12 bytes or less is kept
//! inside its view, as Arrow keeps every short string; a part of a short input value,
//! which Arrow keeps inside the input's view, is copied for the same reason.)

use datafusion::arrow::array::{ArrayRef, NullBufferBuilder, StringViewBuilder, StructArray};
use datafusion::arrow::buffer::Buffer;
use datafusion::common::Result;

use crate::udf::parts_fields;

/// A value → the seven parts of a URI reference, or NULL.
pub(crate) type PartsKernel = for<'a> fn(&'a str) -> Option<[Option<&'a str>; 7]>;

/// The builders of the seven columns, each holding the input's buffers as its blocks.
pub(crate) struct PartsColumns {
    builders: [StringViewBuilder; 7],
    nulls: NullBufferBuilder,
    /// The address ranges of the blocks, in block order.
    blocks: Vec<core::ops::Range<usize>>,
}

impl PartsColumns {
    /// Columns for `rows` values read from `buffers` (the value buffer of a `Utf8` or
    /// `LargeUtf8` array, the data buffers of a `Utf8View` array). A buffer too long for
    /// a view's 32-bit offset is left out: its parts are copied.
    pub(crate) fn new(rows: usize, buffers: &[Buffer]) -> Self {
        let usable: Vec<&Buffer> = buffers
            .iter()
            .filter(|b| u32::try_from(b.len()).is_ok_and(|len| len < u32::MAX))
            .collect();
        let builders = std::array::from_fn(|_| {
            let mut builder = StringViewBuilder::with_capacity(rows);
            for buffer in &usable {
                builder.append_block((*buffer).clone());
            }
            builder
        });
        let blocks = usable
            .iter()
            .map(|b| {
                let start = b.as_slice().as_ptr().addr();
                start..start + b.len()
            })
            .collect();
        Self {
            builders,
            nulls: NullBufferBuilder::new(rows),
            blocks,
        }
    }

    /// Appends the parts of one value (`None`: a NULL row).
    pub(crate) fn push(&mut self, found: Option<[Option<&str>; 7]>) -> Result<()> {
        self.nulls.append(found.is_some());
        for (builder, part) in self.builders.iter_mut().zip(found.unwrap_or_default()) {
            let Some(part) = part else {
                builder.append_null();
                continue;
            };
            match locate(&self.blocks, part) {
                Some((block, offset, len)) => builder.try_append_view(block, offset, len)?,
                None => builder.append_value(part),
            }
        }
        Ok(())
    }

    /// The struct array `{scheme, userinfo, host, port, path, query, fragment}`.
    pub(crate) fn finish(mut self) -> Result<ArrayRef> {
        let columns: Vec<ArrayRef> = self
            .builders
            .iter_mut()
            .map(|b| std::sync::Arc::new(b.finish()) as ArrayRef)
            .collect();
        Ok(std::sync::Arc::new(StructArray::try_new(
            parts_fields(),
            columns,
            self.nulls.finish(),
        )?))
    }
}

/// The block, offset and length of `part` when it lies inside one of `blocks`.
fn locate(blocks: &[core::ops::Range<usize>], part: &str) -> Option<(u32, u32, u32)> {
    let start = part.as_ptr().addr();
    let end = start + part.len();
    let block = blocks
        .iter()
        .position(|b| b.start <= start && end <= b.end)?;
    let offset = start - blocks.get(block)?.start;
    Some((
        u32::try_from(block).ok()?,
        u32::try_from(offset).ok()?,
        u32::try_from(part.len()).ok()?,
    ))
}

/// The columns of `kernel` over `input`, a `Utf8`, `LargeUtf8` or `Utf8View` array.
pub(crate) fn parts_array(kernel: PartsKernel, input: &ArrayRef) -> Result<ArrayRef> {
    use datafusion::arrow::array::{Array, AsArray};
    use datafusion::arrow::datatypes::DataType;
    let rows = input.len();
    let mut columns = match input.data_type() {
        DataType::Utf8 => PartsColumns::new(rows, &[input.as_string::<i32>().values().clone()]),
        DataType::LargeUtf8 => {
            PartsColumns::new(rows, &[input.as_string::<i64>().values().clone()])
        }
        DataType::Utf8View => PartsColumns::new(rows, input.as_string_view().data_buffers()),
        other => return datafusion::common::exec_err!("expected a string array, got {other}"),
    };
    match input.data_type() {
        DataType::Utf8 => {
            for v in input.as_string::<i32>() {
                columns.push(v.and_then(kernel))?;
            }
        }
        DataType::LargeUtf8 => {
            for v in input.as_string::<i64>() {
                columns.push(v.and_then(kernel))?;
            }
        }
        _ => {
            for v in input.as_string_view() {
                columns.push(v.and_then(kernel))?;
            }
        }
    }
    columns.finish()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use datafusion::arrow::array::{Array, ArrayRef, AsArray, StringArray};

    use super::{locate, parts_array};

    fn uri_parts(value: &str) -> Option<[Option<&str>; 7]> {
        let u = rfc3696::uri::UriRef::parse(value).ok()?;
        Some([
            u.scheme(),
            u.userinfo(),
            u.host().map(|h| h.as_str()),
            u.port_str(),
            Some(u.path()),
            u.query(),
            u.fragment(),
        ])
    }

    #[test]
    fn a_part_is_located_only_inside_one_block() {
        let text = "https://example.com/a/long/path";
        let start = text.as_ptr().addr();
        let blocks = [start..start + 8, start + 8..start + text.len()];
        assert_eq!(locate(&blocks, &text[8..19]), Some((1, 0, 11)));
        assert_eq!(locate(&blocks, &text[19..]), Some((1, 11, 12)));
        assert_eq!(locate(&blocks, &text[..8]), Some((0, 0, 8)));
        // Across the end of the first block: in neither, so it is copied.
        assert_eq!(locate(&blocks, &text[4..12]), None);
        assert_eq!(locate(&blocks, "elsewhere"), None);
    }

    /// RFC 3986 §3: the parts of each row, long ones as views of the input's buffer (no
    /// copy), short ones inline, NULL for a row that is not a URI reference.
    #[test]
    fn parts_are_views_of_the_input() {
        let rows = [
            Some("https://user@example.com:8080/a/long/path?query=1#fragment"),
            Some("/a"),
            Some("not a uri"),
            None,
        ];
        let input: ArrayRef = Arc::new(StringArray::from(rows.to_vec()));
        let out = parts_array(uri_parts, &input).unwrap();
        let parts = out.as_struct();
        assert_eq!(parts.null_count(), 2);
        let path = parts.column(4).as_string_view();
        assert_eq!(path.value(0), "/a/long/path");
        assert_eq!(path.value(1), "/a");
        assert_eq!(parts.column(2).as_string_view().value(0), "example.com");
        assert!(parts.column(5).as_string_view().is_valid(0));
        let buffer = input.as_string::<i32>().values().as_slice().as_ptr();
        assert!(
            path.data_buffers()
                .iter()
                .any(|b| b.as_slice().as_ptr() == buffer),
            "the path column reads the input's buffer"
        );
    }
}

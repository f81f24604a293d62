//! Result columns written without a builder call per row: the checks cost a few hundred
//! instructions per value, and Arrow's builders added about 45 more (a call that is not
//! inlined, a bounds check and a resize test for every appended bit or offset).

use std::sync::Arc;

use datafusion::arrow::array::{
    ArrayAccessor, BooleanArray, GenericStringArray, OffsetSizeTrait, StringArray, StringViewArray,
};
use datafusion::arrow::buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use datafusion::common::{Result, exec_err};

/// The boolean column of `check` over `input`: NULL where the input is NULL (the input's
/// own null buffer is shared, not copied), and `check` is called only on the others.
pub(crate) fn booleans<'a, A>(input: A, mut check: impl FnMut(&'a str) -> bool) -> BooleanArray
where
    A: ArrayAccessor<Item = &'a str> + Copy,
{
    let nulls = input.logical_nulls();
    let values = match &nulls {
        None => BooleanBuffer::collect_bool(input.len(), |i| check(input.value(i))),
        Some(nulls) => {
            BooleanBuffer::collect_bool(input.len(), |i| nulls.is_valid(i) && check(input.value(i)))
        }
    };
    BooleanArray::new(values, nulls)
}

/// The bytes of a string array's values: at least the bytes of any column of
/// substrings of them, one per row.
pub(crate) trait ValueBytes {
    /// The bytes the values span: for `Utf8` and `LargeUtf8` the range of the offsets
    /// (a NULL slot may hold bytes), for `Utf8View` the sum of the non-NULL lengths.
    fn value_bytes(&self) -> usize;
}

impl<O: OffsetSizeTrait> ValueBytes for GenericStringArray<O> {
    fn value_bytes(&self) -> usize {
        let offsets = self.value_offsets();
        match (offsets.first(), offsets.last()) {
            (Some(first), Some(last)) => (*last - *first).as_usize(),
            _ => 0,
        }
    }
}

impl ValueBytes for StringViewArray {
    fn value_bytes(&self) -> usize {
        self.total_bytes_len()
    }
}

/// A `Utf8` column written value by value: offsets and bytes in vectors reserved once,
/// validity packed eight rows to a byte.
pub(crate) struct StringColumn {
    offsets: Vec<i32>,
    bytes: Vec<u8>,
    validity: Vec<u8>,
    /// The validity bits of the rows not yet in `validity` (fewer than eight).
    pending: u8,
    rows: usize,
    nulls: usize,
}

impl StringColumn {
    /// An empty column with room for `rows` values of `bytes` bytes in all.
    pub(crate) fn with_capacity(rows: usize, bytes: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Self {
            offsets,
            bytes: Vec::with_capacity(bytes),
            validity: Vec::with_capacity(rows.div_ceil(8)),
            pending: 0,
            rows: 0,
            nulls: 0,
        }
    }

    /// Appends one value, or NULL.
    #[inline]
    pub(crate) fn push(&mut self, value: Option<&str>) {
        if let Some(value) = value {
            self.bytes.extend_from_slice(value.as_bytes());
            self.pending |= 1 << (self.rows % 8);
        } else {
            self.nulls += 1;
        }
        // A byte count past `i32::MAX` wraps here, and `finish` refuses the column.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_possible_wrap,
            reason = "checked once in `finish`"
        )]
        self.offsets.push(self.bytes.len() as i32);
        self.rows += 1;
        if self.rows.is_multiple_of(8) {
            self.validity.push(self.pending);
            self.pending = 0;
        }
    }

    /// The finished array; an error if the values add up to more than `i32::MAX`
    /// bytes (the limit of a `Utf8` column; a batch holds a few thousand rows).
    pub(crate) fn finish(mut self) -> Result<StringArray> {
        if i32::try_from(self.bytes.len()).is_err() {
            return exec_err!(
                "a result column of {} bytes is over the 2 GiB limit of a Utf8 column; use smaller batches",
                self.bytes.len()
            );
        }
        if !self.rows.is_multiple_of(8) {
            self.validity.push(self.pending);
        }
        let nulls = (self.nulls > 0).then(|| {
            NullBuffer::new(BooleanBuffer::new(
                Buffer::from_vec(self.validity),
                0,
                self.rows,
            ))
        });
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        Ok(StringArray::try_new(
            offsets,
            Buffer::from_vec(self.bytes),
            nulls,
        )?)
    }

    /// Room for short values (host names, codes) without regrowing: a reallocation
    /// every few hundred rows cost about 12 instructions a row.
    pub(crate) fn for_short_values(rows: usize) -> Self {
        Self::with_capacity(rows, rows * 16)
    }

    /// [`finish`](Self::finish), as a shared array.
    pub(crate) fn finish_ref(self) -> Result<Arc<StringArray>> {
        self.finish().map(Arc::new)
    }
}

#[cfg(test)]
mod tests {
    use datafusion::arrow::array::{
        Array, BooleanBuilder, LargeStringArray, StringArray, StringBuilder, StringViewArray,
    };

    use super::{StringColumn, ValueBytes, booleans};

    /// Rows of every count around the byte boundaries of the validity bits, with NULLs
    /// at varying places, as Arrow's own builders write them.
    fn rows(count: usize, seed: usize) -> Vec<Option<String>> {
        (0..count)
            .map(|i| (!(i * 7 + seed).is_multiple_of(5)).then(|| "é".repeat((i + seed) % 4)))
            .collect()
    }

    #[test]
    fn string_column_equals_the_arrow_builder() {
        for count in 0..=34 {
            for seed in 0..5 {
                let values = rows(count, seed);
                let mut ours = StringColumn::with_capacity(count, 0);
                let mut theirs = StringBuilder::new();
                for v in &values {
                    ours.push(v.as_deref());
                    theirs.append_option(v.as_deref());
                }
                let ours = ours.finish().unwrap();
                let theirs = theirs.finish();
                assert_eq!(ours, theirs, "{count} rows, seed {seed}");
                assert_eq!(ours.null_count(), theirs.null_count());
            }
        }
    }

    #[test]
    fn booleans_keep_the_nulls_of_a_sliced_input_and_skip_their_values() {
        let values: Vec<Option<String>> = rows(40, 3);
        let input: StringViewArray = values.iter().map(Option::as_deref).collect();
        for (offset, len) in [(0, 40), (3, 30), (9, 0), (17, 23)] {
            let slice = input.slice(offset, len);
            let mut seen = 0;
            let ours = booleans(&slice, |v| {
                seen += 1;
                v.len() > 2
            });
            let mut theirs = BooleanBuilder::new();
            for v in &values[offset..offset + len] {
                theirs.append_option(v.as_ref().map(|v| v.len() > 2));
            }
            assert_eq!(ours, theirs.finish(), "slice {offset}..+{len}");
            assert_eq!(seen, len - slice.null_count(), "the check ran on a NULL");
        }
    }

    /// The value bytes of sliced arrays of each string type (NULLs built empty).
    #[test]
    fn value_bytes_of_sliced_arrays() {
        let values: Vec<Option<String>> = (0..40)
            .map(|i| (i % 7 != 3).then(|| "é-long-enough-to-leave-the-view".repeat(i % 3)))
            .collect();
        let utf8: StringArray = values.iter().map(Option::as_deref).collect();
        let large: LargeStringArray = values.iter().map(Option::as_deref).collect();
        let view: StringViewArray = values.iter().map(Option::as_deref).collect();
        for (offset, len) in [(0, 40), (3, 30), (9, 0), (17, 23)] {
            let expected: usize = values[offset..offset + len]
                .iter()
                .flatten()
                .map(String::len)
                .sum();
            assert_eq!(utf8.slice(offset, len).value_bytes(), expected);
            assert_eq!(large.slice(offset, len).value_bytes(), expected);
            assert_eq!(view.slice(offset, len).value_bytes(), expected);
        }
    }
}

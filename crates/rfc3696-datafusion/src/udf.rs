//! One generic scalar UDF: a name, its options family, its return type and a per-row
//! kernel. Values are read in place from `Utf8`, `LargeUtf8` and `Utf8View` arrays and
//! results are written with Arrow builders; NULL in gives NULL out.

use std::borrow::Cow;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, AsArray, ListBuilder, StringBuilder, StructArray};
use datafusion::arrow::datatypes::{DataType, Field, FieldRef, Fields};
use datafusion::common::{Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ReturnFieldArgs, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl,
    Signature, Volatility,
};

use crate::columns::{self, StringColumn, ValueBytes};
use crate::options::{Family, Options};

/// A value → items pushed to the sink; `false` for NULL.
pub(crate) type ListKernel = fn(&str, &Options, &mut dyn FnMut(&str)) -> bool;

/// A string column → the result column. Called once a batch, so that the check
/// inlines into the row loop: through a function pointer per row the parse stayed out
/// of line and its result went through memory.
pub(crate) type ColumnKernel = fn(&ArrayRef, &Options) -> Result<ArrayRef>;

/// What a row becomes.
#[derive(Clone, Copy)]
pub(crate) enum Kernel {
    /// A whole column → a boolean column, never NULL for a non-NULL value (see
    /// [`bool_column`]).
    Bool(ColumnKernel),
    /// A value → text, or NULL.
    Text(for<'a> fn(&'a str, &Options) -> Option<Cow<'a, str>>),
    /// A value → a list of texts, or NULL (the kernel returns `false`).
    List(ListKernel),
    /// A whole column → a text column of substrings of the values or of constants (see
    /// [`text_column`]).
    Borrowed(ColumnKernel),
    /// A whole column → the struct of the seven parts of a URI reference (see
    /// [`parts_column`]).
    Parts(ColumnKernel),
    /// Two values → text, or NULL.
    Pair(fn(&str, &str) -> Option<String>),
}

/// The names of the struct fields of [`Kernel::Parts`] (RFC 3986 §3).
pub(crate) const PART_NAMES: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// The index of the path in [`PART_NAMES`].
const PATH: usize = 4;

impl Kernel {
    fn return_type(self) -> DataType {
        match self {
            Kernel::Bool(_) => DataType::Boolean,
            Kernel::Text(_) | Kernel::Borrowed(_) | Kernel::Pair(_) => DataType::Utf8,
            Kernel::List(_) => {
                DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
            }
            Kernel::Parts(_) => DataType::Struct(parts_fields()),
        }
    }
}

/// The one-part function of each of [`PART_NAMES`], in the same order.
pub(crate) const PART_FUNCTIONS: [&str; 7] = [
    "uri_scheme",
    "uri_userinfo",
    "uri_host",
    "uri_port",
    "uri_path",
    "uri_query",
    "uri_fragment",
];

fn parts_fields() -> Fields {
    PART_NAMES
        .iter()
        .map(|name| Field::new(*name, DataType::Utf8, true))
        .collect()
}

/// One of this crate's functions.
pub(crate) struct RowFunction {
    name: &'static str,
    family: Family,
    defaults: Options,
    kernel: Kernel,
    signature: Signature,
    documentation: Documentation,
}

impl std::fmt::Debug for RowFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RowFunction")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

// Two functions are the same when their names are: each name is defined once.
impl PartialEq for RowFunction {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}
impl Eq for RowFunction {}
impl Hash for RowFunction {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl RowFunction {
    /// Whether the function returns the struct of URI parts (`uri_parts`).
    pub(crate) fn returns_parts(&self) -> bool {
        matches!(self.kernel, Kernel::Parts(_))
    }

    pub(crate) fn udf(
        name: &'static str,
        family: Family,
        defaults: Options,
        kernel: Kernel,
        documentation: Documentation,
    ) -> ScalarUDF {
        ScalarUDF::new_from_impl(Self {
            name,
            family,
            defaults,
            kernel,
            signature: Signature::user_defined(Volatility::Immutable),
            documentation,
        })
    }
}

/// A type the string readers accept, or the type to cast to.
fn string_type(function: &str, position: usize, data_type: &DataType) -> Result<DataType> {
    match data_type {
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Ok(data_type.clone()),
        DataType::Null => Ok(DataType::Utf8),
        DataType::Dictionary(_, value) if value.is_string() => Ok(value.as_ref().clone()),
        other => plan_err!(
            "{function}: argument {position} must be a string (Utf8, LargeUtf8 or Utf8View), not {other}"
        ),
    }
}

impl ScalarUDFImpl for RowFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        let (least, most) = self.family.arity();
        if !(least..=most).contains(&arg_types.len()) {
            let wanted = match (least, most) {
                (1, 1) => "1 argument".to_owned(),
                (l, m) if l == m => format!("{l} arguments"),
                (l, m) => format!("{l} to {m} arguments"),
            };
            return plan_err!(
                "{}: takes {wanted}, got {}; see its documentation",
                self.name,
                arg_types.len()
            );
        }
        arg_types
            .iter()
            .enumerate()
            .map(|(i, t)| string_type(self.name, i + 1, t))
            .collect()
    }

    fn return_type(&self, _arg_types: &[DataType]) -> Result<DataType> {
        Ok(self.kernel.return_type())
    }

    /// Checks the option names at planning time, so that an unknown profile fails the
    /// query before any row is read.
    fn return_field_from_args(&self, args: ReturnFieldArgs) -> Result<FieldRef> {
        let names = args
            .scalar_arguments
            .get(self.family.values()..)
            .unwrap_or_default();
        Options::parse(self.name, self.family, names, self.defaults)?;
        Ok(Arc::new(Field::new(
            self.name,
            self.kernel.return_type(),
            true,
        )))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let values = self.family.values();
        let names: Vec<Option<&ScalarValue>> = args.args[values.min(args.args.len())..]
            .iter()
            .map(|a| match a {
                ColumnarValue::Scalar(s) => Some(s),
                ColumnarValue::Array(_) => None,
            })
            .collect();
        let options = Options::parse(self.name, self.family, &names, self.defaults)?;
        let inputs = &args.args[..values.min(args.args.len())];
        let all_scalar = inputs.iter().all(|a| matches!(a, ColumnarValue::Scalar(_)));
        let rows = if all_scalar { 1 } else { args.number_rows };
        let arrays = inputs
            .iter()
            .map(|a| a.to_array(rows))
            .collect::<Result<Vec<_>>>()?;
        let out = match (self.kernel, arrays.as_slice()) {
            (Kernel::Pair(f), [base, reference]) => eval_pair(f, base, reference)?,
            (_, [input]) => eval_one(self.kernel, input, &options)?,
            _ => return exec_err!("{}: wrong number of arguments", self.name),
        };
        if all_scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(&self.documentation)
    }
}

/// Calls `$body` with `$s` bound to the string array `$array` as its concrete type, so
/// that the row loop is monomorphic and reads each value in place.
macro_rules! with_strings {
    ($array:expr, |$s:ident| $body:expr) => {
        match $array.data_type() {
            DataType::Utf8 => {
                let $s = $array.as_string::<i32>();
                $body
            }
            DataType::LargeUtf8 => {
                let $s = $array.as_string::<i64>();
                $body
            }
            DataType::Utf8View => {
                let $s = $array.as_string_view();
                $body
            }
            other => return exec_err!("expected a string array, got {other}"),
        }
    };
}

fn eval_one(kernel: Kernel, input: &ArrayRef, options: &Options) -> Result<ArrayRef> {
    let rows = input.len();
    Ok(match kernel {
        Kernel::Text(f) => {
            let mut out = StringColumn::for_short_values(rows);
            with_strings!(input, |s| for v in s {
                out.push(v.and_then(|v| f(v, options)).as_deref());
            });
            out.finish_ref()?
        }
        Kernel::List(f) => {
            let mut out = ListBuilder::with_capacity(StringBuilder::new(), rows);
            with_strings!(input, |s| for v in s {
                let valid =
                    v.is_some_and(|v| f(v, options, &mut |item| out.values().append_value(item)));
                out.append(valid);
            });
            Arc::new(out.finish())
        }
        Kernel::Bool(f) | Kernel::Borrowed(f) | Kernel::Parts(f) => f(input, options)?,
        Kernel::Pair(_) => return exec_err!("a two-argument function got one argument"),
    })
}

fn eval_pair(
    f: fn(&str, &str) -> Option<String>,
    first: &ArrayRef,
    second: &ArrayRef,
) -> Result<ArrayRef> {
    let mut out = StringColumn::for_short_values(first.len());
    with_strings!(first, |a| with_strings!(second, |b| {
        for (x, y) in a.iter().zip(b.iter()) {
            out.push(x.zip(y).and_then(|(x, y)| f(x, y)).as_deref());
        }
    }));
    Ok(out.finish_ref()?)
}

/// The boolean column of `check` over a string column: NULL where the input is NULL.
/// Generic, so that `check` is compiled into the row loop (see [`ColumnKernel`]).
pub(crate) fn bool_column(input: &ArrayRef, check: impl Fn(&str) -> bool) -> Result<ArrayRef> {
    Ok(with_strings!(input, |s| Arc::new(columns::booleans(
        s, &check
    ))))
}

/// The text column of `part` over a string column: NULL where the input is NULL or
/// `part` gives nothing. `part` gives a substring of its value (a URI part, an email
/// address's domain) or a constant (an error code). Generic, so that `part` is
/// compiled into the row loop (see [`ColumnKernel`]).
pub(crate) fn text_column<F>(input: &ArrayRef, part: F) -> Result<ArrayRef>
where
    F: for<'a> Fn(&'a str) -> Option<&'a str>,
{
    with_strings!(input, |s| {
        // Mostly substrings of the values: the column seldom regrows.
        let mut out = StringColumn::with_capacity(s.len(), s.value_bytes());
        for v in s {
            out.push(v.and_then(&part));
        }
        Ok(out.finish_ref()?)
    })
}

/// The struct column of the seven parts given by `parts` over a string column
/// ([`PART_NAMES`]); NULL where the input is NULL or `parts` gives nothing. Generic
/// for the same reason as [`text_column`].
pub(crate) fn parts_column<F>(input: &ArrayRef, parts: F) -> Result<ArrayRef>
where
    F: for<'a> Fn(&'a str) -> Option<[Option<&'a str>; 7]>,
{
    let columns: [StringColumn; 7] = with_strings!(input, |s| {
        // Each part is a substring of its value: no column regrows.
        let (rows, bytes) = (s.len(), s.value_bytes());
        let mut columns = std::array::from_fn(|_| StringColumn::with_capacity(rows, bytes));
        for v in s {
            let found = v.and_then(&parts).unwrap_or_default();
            for (column, part) in columns.iter_mut().zip(found) {
                column.push(part);
            }
        }
        columns
    });
    let columns = columns
        .into_iter()
        .map(StringColumn::finish_ref)
        .collect::<Result<Vec<_>>>()?;
    // The path is present in every URI reference (RFC 3986 §3.3), possibly empty: it is
    // NULL exactly where the struct is.
    let nulls = columns.get(PATH).and_then(|path| path.nulls().cloned());
    let columns = columns.into_iter().map(|c| c as ArrayRef).collect();
    Ok(Arc::new(StructArray::try_new(
        parts_fields(),
        columns,
        nulls,
    )?))
}

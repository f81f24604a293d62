//! Errors shown against their input: the input on one line, a caret under the
//! offending character, the code and the message. One renderer for every error type of
//! the workspace (`punycode-core`'s, `ldh-domain`'s, `rfc-email`'s and `uri-schemes`'s)
//! and for the command-line tool, so that a caret lands in the same column everywhere.
//! [`UserReport`] is the same caret with the plain-language message for end users
//! instead of the code and the developer message.
//!
//! Offsets are bytes; a caret's column is what a terminal shows before it: each
//! character by its UAX #11 width (the `unicode-width` crate: 0 for combining marks,
//! 2 for wide East Asian characters) and each escaped character by the length of its
//! escape. The characters of [`shown_escaped`] (controls, format characters such as
//! bidirectional controls and zero-width characters, private-use and unassigned code
//! points, white space other than the space, blank-looking fillers) are shown as
//! Rust-style escapes (`\t`, `\u{200b}`), so that what the caret points at can be seen
//! and nothing in the input can reach a terminal as a control sequence.
//!
//! ```
//! use name_text::report::{Report, UserReport};
//! let input = "bücher..example";
//! assert_eq!(
//!     Report::new(input, 8, "empty_label", &"empty label").to_string(),
//!     "bücher..example\n       ^ empty_label: empty label"
//! );
//! assert_eq!(
//!     UserReport::new(input, 8, "two dots in a row").to_string(),
//!     "bücher..example\n       ^ two dots in a row"
//! );
//! ```

use core::fmt::{self, Write as _};

mod escape_table;
mod punycode;

/// An error that knows the byte offset in its input where it was found: what
/// [`Report`] and [`UserReport`] need. Implemented by the error types of every crate of
/// the workspace, so that generic code can render any of them.
///
/// ```
/// use core::fmt;
/// use name_text::report::LocatedError;
///
/// /// A made-up error: a digit where a letter belongs.
/// struct DigitError(usize);
/// impl fmt::Display for DigitError {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         f.write_str("expected ALPHA, found DIGIT")
///     }
/// }
/// impl LocatedError for DigitError {
///     fn error_offset(&self) -> usize { self.0 }
///     fn error_code(&self) -> &'static str { "digit" }
///     fn error_user_message(&self) -> &'static str { "use letters only" }
/// }
///
/// let err = DigitError(2);
/// assert_eq!(err.display_in("ab3").to_string(), "ab3\n  ^ digit: expected ALPHA, found DIGIT");
/// assert_eq!(err.display_for_user("ab3").to_string(), "ab3\n  ^ use letters only");
/// ```
pub trait LocatedError: fmt::Display {
    /// Byte offset in the input where the problem was found.
    fn error_offset(&self) -> usize;

    /// Stable `snake_case` code of the problem.
    fn error_code(&self) -> &'static str;

    /// A plain-language message for people who are not developers (a sign-up form):
    /// no RFC citations, no grammar terms.
    fn error_user_message(&self) -> &'static str;

    /// The error rendered against `input`, the text that produced it: the caret, the
    /// code and the developer message (the error's `Display`).
    fn display_in<'a>(&'a self, input: &'a str) -> Report<'a>
    where
        Self: Sized,
    {
        Report::new(input, self.error_offset(), self.error_code(), self)
    }

    /// The error rendered against `input` for end users: the caret and the
    /// [`error_user_message`](Self::error_user_message), without code or RFC terms.
    fn display_for_user<'a>(&'a self, input: &'a str) -> UserReport<'a> {
        UserReport::new(input, self.error_offset(), self.error_user_message())
    }
}

/// An error rendered against its input: the input (escaped where it would not show) on
/// one line, then a caret under the offending character followed by the code and the
/// message. Built by `display_in` on each error type, or by [`Report::new`].
///
/// ```
/// use name_text::report::Report;
/// let report = Report::new("例え..jp", 7, "empty_label", &"empty label");
/// assert_eq!(report.column(), 5); // two wide characters and a dot
/// assert_eq!(report.to_string(), "例え..jp\n     ^ empty_label: empty label");
/// ```
#[derive(Clone, Copy)]
pub struct Report<'a> {
    caret: Caret<'a>,
    code: &'static str,
    message: &'a dyn fmt::Display,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Report")
            .field("input", &self.caret.input)
            .field("offset", &self.caret.offset)
            .field("code", &self.code)
            .field("message", &format_args!("{}", self.message))
            .finish_non_exhaustive()
    }
}

impl<'a> Report<'a> {
    /// A report of `message` (with its `code`) at byte `offset` of `input`. An offset
    /// inside a character points at that character; one at or past the end points just
    /// after the input ("something is missing here").
    ///
    /// ```
    /// use name_text::report::Report;
    /// let report = Report::new("user", 4, "missing_at", &"missing `@`");
    /// assert_eq!(report.column(), 4);
    /// ```
    #[must_use]
    pub fn new(
        input: &'a str,
        offset: usize,
        code: &'static str,
        message: &'a dyn fmt::Display,
    ) -> Self {
        Self {
            caret: Caret::new(input, offset),
            code,
            message,
        }
    }

    /// The same report with another rule for which characters are shown as escapes
    /// (the command-line tool also escapes `\`, so that a typed `\u{0}` and a real NUL
    /// look different). The default is [`shown_escaped`].
    ///
    /// ```
    /// use name_text::report::{Report, shown_escaped};
    /// let report = Report::new(r"a\b", 2, "x", &"here")
    ///     .with_escape(|c| c == '\\' || shown_escaped(c));
    /// assert_eq!(report.input_line().to_string(), r"a\\b");
    /// assert_eq!(report.column(), 3);
    /// ```
    #[must_use]
    pub fn with_escape(self, escape: fn(char) -> bool) -> Self {
        Self {
            caret: self.caret.with_escape(escape),
            ..self
        }
    }

    /// The input as the report shows it: escapes for the characters that would not
    /// show.
    ///
    /// ```
    /// use name_text::report::Report;
    /// let report = Report::new("exa\u{200b}mple.com", 3, "x", &"here");
    /// assert_eq!(report.input_line().to_string(), r"exa\u{200b}mple.com");
    /// ```
    #[must_use]
    pub fn input_line(&self) -> InputLine<'a> {
        self.caret.input_line()
    }

    /// The terminal column of the caret: the width of what [`input_line`](Self::input_line)
    /// shows before the offending character.
    ///
    /// ```
    /// use name_text::report::Report;
    /// // U+094D (a combining virama, bytes 2 to 4) takes no column.
    /// assert_eq!(Report::new("ab\u{94d}..x", 6, "x", &"m").column(), 3);
    /// // An invisible character is shown as its 8-column escape.
    /// assert_eq!(Report::new("\u{feff}a..x", 5, "x", &"m").column(), 10);
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.caret.column()
    }

    /// The byte offset the report points at.
    ///
    /// ```
    /// assert_eq!(name_text::report::Report::new("ab", 1, "x", &"m").offset(), 1);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.caret.offset
    }

    /// The error's code.
    ///
    /// ```
    /// assert_eq!(name_text::report::Report::new("ab", 1, "x", &"m").code(), "x");
    /// ```
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.code
    }

    /// The same caret with `message` for end users in place of the code and the
    /// developer message.
    ///
    /// ```
    /// use name_text::report::Report;
    /// let report = Report::new("a..b", 2, "empty_label", &"empty label (RFC 1035 §2.3.1)");
    /// assert_eq!(report.for_user("two dots in a row").to_string(), "a..b\n  ^ two dots in a row");
    /// ```
    #[must_use]
    pub const fn for_user(self, message: &'a str) -> UserReport<'a> {
        UserReport {
            caret: self.caret,
            message,
        }
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.caret.write(f)?;
        write!(f, "{}: {}", self.code, self.message)
    }
}

/// An error rendered against its input for end users (a sign-up form): the input
/// (escaped where it would not show) on one line, then a caret under the offending
/// character followed by a plain-language message, with no code and no RFC terms. The
/// caret is where [`Report`] puts it. Built by `display_for_user` on each error type
/// ([`LocatedError::display_for_user`]), by [`UserReport::new`] or, for another escape
/// rule ([`Report::with_escape`]), by [`Report::for_user`].
///
/// ```
/// use name_text::report::{Report, UserReport, shown_escaped};
/// let report = UserReport::new("例え..jp", 7, "two dots in a row");
/// assert_eq!(report.to_string(), "例え..jp\n     ^ two dots in a row");
/// let escaped = Report::new(r"a\b", 2, "x", &"m").with_escape(|c| c == '\\' || shown_escaped(c));
/// assert_eq!(escaped.for_user("here").to_string(), "a\\\\b\n   ^ here");
/// ```
#[derive(Clone, Copy)]
pub struct UserReport<'a> {
    caret: Caret<'a>,
    message: &'a str,
}

impl fmt::Debug for UserReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UserReport")
            .field("input", &self.caret.input)
            .field("offset", &self.caret.offset)
            .field("message", &self.message)
            .finish_non_exhaustive()
    }
}

impl<'a> UserReport<'a> {
    /// A report of `message` at byte `offset` of `input`, the caret placed as by
    /// [`Report::new`].
    ///
    /// ```
    /// use name_text::report::UserReport;
    /// let report = UserReport::new("user", 4, "add the @ and the domain");
    /// assert_eq!(report.to_string(), "user\n    ^ add the @ and the domain");
    /// ```
    #[must_use]
    pub fn new(input: &'a str, offset: usize, message: &'a str) -> Self {
        Self {
            caret: Caret::new(input, offset),
            message,
        }
    }

    /// The message for end users.
    ///
    /// ```
    /// assert_eq!(name_text::report::UserReport::new("ab", 1, "m").message(), "m");
    /// ```
    #[must_use]
    pub const fn message(&self) -> &'a str {
        self.message
    }
}

impl fmt::Display for UserReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.caret.write(f)?;
        f.write_str(self.message)
    }
}

/// Where a caret points and how the input around it is shown: what [`Report`] and
/// [`UserReport`] share.
#[derive(Clone, Copy)]
struct Caret<'a> {
    input: &'a str,
    offset: usize,
    escape: fn(char) -> bool,
}

impl<'a> Caret<'a> {
    fn new(input: &'a str, offset: usize) -> Self {
        Self {
            input,
            offset,
            escape: shown_escaped,
        }
    }

    fn with_escape(self, escape: fn(char) -> bool) -> Self {
        Self { escape, ..self }
    }

    fn input_line(&self) -> InputLine<'a> {
        InputLine {
            text: self.input,
            escape: self.escape,
        }
    }

    fn column(&self) -> usize {
        self.input
            .char_indices()
            .take_while(|&(i, c)| i + c.len_utf8() <= self.offset)
            .map(|(_, c)| char_columns(c, self.escape))
            .sum()
    }

    /// The input line, a line break, the spaces up to the caret and `^ `.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.input_line())?;
        for _ in 0..self.column() {
            f.write_char(' ')?;
        }
        f.write_str("^ ")
    }
}

/// The input of a [`Report`] as shown: characters that would not show as escapes.
///
/// ```
/// use name_text::report::Report;
/// let line = Report::new("a\tb", 1, "x", &"m").input_line();
/// assert_eq!(line.to_string(), r"a\tb");
/// ```
#[derive(Clone, Copy)]
pub struct InputLine<'a> {
    text: &'a str,
    escape: fn(char) -> bool,
}

impl<'a> InputLine<'a> {
    /// `text` shown with `escape` deciding which characters are escaped (as
    /// [`Report::with_escape`]); [`shown_escaped`] is the default rule.
    ///
    /// ```
    /// use name_text::report::{InputLine, shown_escaped};
    /// assert_eq!(InputLine::new("a\u{202e}b", shown_escaped).to_string(), r"a\u{202e}b");
    /// ```
    #[must_use]
    pub fn new(text: &'a str, escape: fn(char) -> bool) -> Self {
        Self { text, escape }
    }
}

impl fmt::Debug for InputLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("InputLine").field(&self.text).finish()
    }
}

impl fmt::Display for InputLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
            && !self.text.chars().any(self.escape)
        {
            return f.write_str(self.text);
        }
        for c in self.text.chars() {
            if (self.escape)(c) {
                write_escape(f, c)?;
            } else {
                f.write_char(c)?;
            }
        }
        Ok(())
    }
}

/// The escape shown for `c`: `\t`, `\r`, `\n`, `\\`, else `\u{…}` in lower-case hex.
fn write_escape(f: &mut impl fmt::Write, c: char) -> fmt::Result {
    match c {
        '\\' => f.write_str("\\\\"),
        '\t' => f.write_str("\\t"),
        '\r' => f.write_str("\\r"),
        '\n' => f.write_str("\\n"),
        c => write!(f, "\\u{{{:x}}}", u32::from(c)),
    }
}

/// Columns one character takes as shown.
fn char_columns(c: char, escape: fn(char) -> bool) -> usize {
    if escape(c) {
        struct Count(usize);
        impl fmt::Write for Count {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                self.0 += s.len();
                Ok(())
            }
        }
        let mut count = Count(0);
        let _ = write_escape(&mut count, c);
        return count.0;
    }
    unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
}

/// Whether a [`Report`] shows `c` as an escape by default: every character that could
/// disturb a terminal or hide what the text holds. The set is generated from Unicode
/// properties (`cargo xtask codegen`, the ICU4X data): `General_Category` Cc (C0 and C1
/// controls, DEL), Cf (format characters: bidirectional controls, zero-width
/// characters, tags), Zl and Zp (U+2028, U+2029), Co (private use) and Cn (unassigned,
/// noncharacters); `Default_Ignorable_Code_Point`; `Bidi_Control`; `White_Space` other
/// than U+0020 (tab, line ends, no-break and wide spaces); and the blank-looking Hangul
/// fillers U+115F, U+1160, U+3164, U+FFA0, U+180E and the Braille blank U+2800 (UTS #39
/// §3.1 restricts them; no property makes them invisible). The same set with and without
/// optional features.
///
/// ```
/// use name_text::report::shown_escaped;
/// assert!(shown_escaped('\n') && shown_escaped('\u{202e}') && shown_escaped('\u{2028}'));
/// assert!(shown_escaped('\u{1b}') && shown_escaped('\u{9b}') && shown_escaped('\u{3164}'));
/// assert!(!shown_escaped('ü') && !shown_escaped('\\') && !shown_escaped(' '));
/// ```
#[must_use]
pub fn shown_escaped(c: char) -> bool {
    if c.is_ascii() {
        // The generated table starts with these: C0 controls and DEL.
        return c.is_ascii_control();
    }
    crate::ranges::contains(&escape_table::ESCAPED, c)
}

/// Whether `c` is invisible in text: a bidirectional control (`Bidi_Control`) or a
/// default-ignorable code point (`Default_Ignorable_Code_Point`: zero-width
/// characters, the byte order mark, variation selectors, tag characters, the soft
/// hyphen, the Hangul fillers). A table generated from the Unicode properties, the same
/// with and without optional features.
///
/// ```
/// use name_text::report::is_invisible;
/// assert!(is_invisible('\u{200b}') && is_invisible('\u{feff}') && is_invisible('\u{202e}'));
/// assert!(is_invisible('\u{61c}') && is_invisible('\u{3164}'));
/// assert!(!is_invisible('a') && !is_invisible(' '));
/// ```
#[must_use]
pub fn is_invisible(c: char) -> bool {
    !c.is_ascii() && crate::ranges::contains(&escape_table::INVISIBLE, c)
}

/// What an invisible or control character is, in words, for messages that name the
/// character by its code point: "a control character", "an invisible zero-width
/// character", "an invisible bidirectional control", …; `None` for a character that
/// shows.
///
/// ```
/// use name_text::report::describe_invisible;
/// assert_eq!(describe_invisible('\u{200b}'), Some("an invisible zero-width character"));
/// assert_eq!(describe_invisible('\u{7}'), Some("a control character"));
/// assert_eq!(describe_invisible('x'), None);
/// ```
#[must_use]
pub fn describe_invisible(c: char) -> Option<&'static str> {
    if c.is_control() {
        return Some("a control character");
    }
    if !is_invisible(c) {
        return None;
    }
    Some(match c {
        '\u{200b}'..='\u{200d}' | '\u{2060}' => "an invisible zero-width character",
        '\u{feff}' => "an invisible byte order mark (zero-width no-break space)",
        '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            "an invisible bidirectional control"
        }
        '\u{ad}' => "an invisible soft hyphen",
        '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{ffa0}' => "an invisible Hangul filler",
        '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}' => "an invisible variation selector",
        '\u{e0000}'..='\u{e007f}' => "an invisible tag character",
        _ => "an invisible formatting character",
    })
}

/// A code point shown in a message: `U+1F4A9 PILE OF POO '💩'` (the name with the
/// `char-names` feature, when Unicode 16.0 names it). Code points that would not show
/// (white space, [`shown_escaped`] characters) get no quoted character but what they
/// are, from [`describe_invisible`]: `U+200B ZERO WIDTH SPACE (an invisible zero-width
/// character)`.
///
/// ```
/// use name_text::report::CodePoint;
/// let named = cfg!(feature = "char-names");
/// let poo = CodePoint('\u{1f4a9}').to_string();
/// assert_eq!(poo, if named { "U+1F4A9 PILE OF POO '💩'" } else { "U+1F4A9 '💩'" });
/// let zwsp = CodePoint('\u{200b}').to_string();
/// assert!(zwsp.starts_with("U+200B") && zwsp.ends_with(" (an invisible zero-width character)"));
/// assert!(!CodePoint('\u{2003}').to_string().contains('\u{2003}'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodePoint(pub char);

impl fmt::Display for CodePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        write!(f, "U+{:04X}", u32::from(c))?;
        #[cfg(feature = "char-names")]
        if let Some(name) = unicode_names2::name(c) {
            write!(f, " {name}")?;
        }
        if c.is_whitespace() || shown_escaped(c) {
            return match describe_invisible(c) {
                Some(what) => write!(f, " ({what})"),
                None => Ok(()),
            };
        }
        write!(f, " '{c}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters a terminal acts on or that hide text, one per source of the
    /// escape set (`General_Category`, `Default_Ignorable_Code_Point`, `Bidi_Control`,
    /// `White_Space`, the blank-looking list).
    #[test]
    fn escape_set_holds_terminal_controls_and_blank_looking_characters() {
        for c in [
            '\u{0}',
            '\t',
            '\n',
            '\r',
            '\u{1b}',
            '\u{7f}', // Cc: C0 and DEL
            '\u{85}',
            '\u{9b}',
            '\u{9f}', // Cc: C1 (NEL, CSI)
            '\u{ad}',
            '\u{61c}',
            '\u{200b}',
            '\u{200e}',
            '\u{202e}',
            '\u{2066}',
            '\u{feff}',
            '\u{e0041}', // Cf
            '\u{2028}',
            '\u{2029}', // Zl, Zp
            '\u{e000}',
            '\u{f8ff}',
            '\u{10fffd}', // Co
            '\u{378}',
            '\u{fffe}',
            '\u{10ffff}', // Cn
            '\u{34f}',
            '\u{fe0f}',
            '\u{e0100}', // Default_Ignorable_Code_Point
            '\u{a0}',
            '\u{2003}',
            '\u{3000}', // White_Space
            '\u{115f}',
            '\u{1160}',
            '\u{3164}',
            '\u{ffa0}',
            '\u{180e}',
            '\u{2800}',
        ] {
            assert!(shown_escaped(c), "U+{:04X}", u32::from(c));
        }
        for c in [' ', 'a', '~', '\\', 'ü', 'б', '例', '\u{94d}', '\u{1f600}'] {
            assert!(!shown_escaped(c), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn escape_tables_are_sorted_disjoint_ranges() {
        for table in [&escape_table::ESCAPED[..], &escape_table::INVISIBLE[..]] {
            assert!(table.iter().all(|&(first, last)| first <= last));
            assert!(table.windows(2).all(|w| w[0].1 + 1 < w[1].0));
        }
    }

    /// The generated tables against the Unicode properties they come from, through the
    /// ICU4X data of `icu_properties`: every code point.
    #[test]
    fn escape_tables_match_the_unicode_properties() {
        use icu_properties::props::{
            BidiControl, DefaultIgnorableCodePoint, GeneralCategory as Gc, WhiteSpace,
        };
        use icu_properties::{CodePointMapData, CodePointSetData};
        let gc = CodePointMapData::<Gc>::new();
        let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
        let bidi = CodePointSetData::new::<BidiControl>();
        let space = CodePointSetData::new::<WhiteSpace>();
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            let invisible = ignorable.contains(c) || bidi.contains(c);
            let category = matches!(
                gc.get(c),
                Gc::Control
                    | Gc::Format
                    | Gc::LineSeparator
                    | Gc::ParagraphSeparator
                    | Gc::PrivateUse
                    | Gc::Unassigned
            );
            let blank = matches!(
                c,
                '\u{115f}' | '\u{1160}' | '\u{180e}' | '\u{2800}' | '\u{3164}' | '\u{ffa0}'
            );
            let expected = category || invisible || (space.contains(c) && c != ' ') || blank;
            assert_eq!(shown_escaped(c), expected, "U+{:04X}", u32::from(c));
            assert_eq!(is_invisible(c), invisible, "U+{:04X}", u32::from(c));
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn hostile_input_line_keeps_no_control_character() {
        use alloc::string::ToString as _;
        let shown = InputLine::new("a\u{1b}]0;x\u{7}\u{9b}\u{3164}\tb", shown_escaped).to_string();
        assert_eq!(shown, r"a\u{1b}]0;x\u{7}\u{9b}\u{3164}\tb");
    }

    /// The end-user rendering has the input line and caret of the developer one, and
    /// only the user message after the caret.
    #[cfg(feature = "alloc")]
    #[test]
    fn user_report_puts_the_caret_where_the_report_does() {
        use alloc::string::ToString as _;
        for (input, offset) in [
            ("例え..テスト", 7),
            ("a\u{200b}..b", 4),
            ("\tx", 1),
            ("ab", 9),
        ] {
            let report = Report::new(input, offset, "code", &"developer message");
            let developer = report.to_string();
            let user = UserReport::new(input, offset, "plain words").to_string();
            assert_eq!(report.for_user("plain words").to_string(), user);
            let kept = developer.strip_suffix("code: developer message");
            assert_eq!(kept, user.strip_suffix("plain words"), "{input:?}");
            assert!(kept.is_some_and(|k| k.ends_with("^ ")), "{developer}");
        }
    }

    #[test]
    fn offset_inside_a_character_points_at_it() {
        // "ü" is bytes 1..3: offset 2 is inside it.
        assert_eq!(Report::new("bücher", 2, "x", &"m").column(), 1);
        assert_eq!(Report::new("bücher", 3, "x", &"m").column(), 2);
    }

    #[test]
    fn offset_past_the_end_points_after_the_input() {
        assert_eq!(Report::new("ab", 2, "x", &"m").column(), 2);
        assert_eq!(Report::new("ab", 99, "x", &"m").column(), 2);
    }

    #[test]
    fn escapes_count_their_length() {
        assert_eq!(Report::new("a\tb", 2, "x", &"m").column(), 3);
        assert_eq!(Report::new("a\u{7}b", 2, "x", &"m").column(), 6);
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn caret_is_under_the_offending_character_in_the_rendering() {
        use alloc::string::ToString as _;
        for (input, offset) in [("例え..テスト", 7), ("a\u{200b}..b", 4), ("\tx", 1)] {
            let report = Report::new(input, offset, "c", &"m").to_string();
            let mut lines = report.lines();
            let shown = lines.next().unwrap();
            let caret = lines.next().unwrap();
            let column = caret.find('^').unwrap();
            let before: usize = shown
                .chars()
                .map(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(0))
                .scan(0, |sum, w| {
                    *sum += w;
                    Some(*sum)
                })
                .take_while(|&sum| sum <= column)
                .count();
            // The character under the caret is the offending one.
            let under = shown.chars().nth(before).unwrap();
            let expected = input[offset..].chars().next().unwrap();
            let shown_expected = if shown_escaped(expected) {
                '\\'
            } else {
                expected
            };
            assert_eq!(under, shown_expected, "{input:?}\n{report}");
        }
    }
}

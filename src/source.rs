//! Source text and byte spans: every token, syntax node and diagnostic points into a `SourceFile`.

/// A half-open byte range `[start, end)` into one source file ([`SourceFile::line_col`] turns
/// an offset into a line and a column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The offset of its first byte.
    pub start: u32,
    /// The offset just past its last byte.
    pub end: u32,
}

impl Span {
    /// The span from `start` to `end`, byte offsets into a text of less than 4 GiB (the
    /// command refuses larger inputs).
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The same range, to index the text with.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One input: its display name (a path, or `<stdin>`) and its text.
///
/// With `--split-input-file` each chunk is its own `SourceFile` whose `line_offset` says how many
/// lines of the real file come before it, so diagnostics name real line numbers.
#[derive(Debug)]
pub struct SourceFile {
    /// The name diagnostics use (a path, or `<stdin>`).
    pub name: String,
    /// The text (read it with [`SourceFile::text`]).
    pub(crate) text: Text,
    /// Lines of the real file before this chunk.
    pub line_offset: usize,
    /// Byte offsets of line starts, computed on first use (reports look up many positions).
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    /// A whole file named `name` with `text` (a `String` or `&str`).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile::of_text(name, Text::Owned(text.into()))
    }

    /// A whole file named `name` with `text`, which may be a file mapped into memory.
    pub(crate) fn of_text(name: impl Into<String>, text: Text) -> SourceFile {
        SourceFile {
            name: name.into(),
            text,
            line_offset: 0,
            line_starts: std::sync::OnceLock::new(),
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and column of a byte offset; columns count bytes, as MLIR's do.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset) - 1;
        (line + 1 + self.line_offset, offset - starts[line] + 1)
    }

    /// Finds the line starts now (on a thread with time to spare), rather than at the first
    /// `line_col`.
    pub fn index_lines(&self) {
        self.line_starts();
    }

    /// A cursor for looking up the lines of many offsets in turn (see `LineCursor`).
    pub(crate) fn line_cursor(&self) -> LineCursor<'_> {
        LineCursor {
            file: self,
            starts: self.line_starts(),
            line: 0,
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i + 1))
                .collect()
        })
    }

    /// A chunk of a larger file that starts after `line_offset` lines of it.
    pub fn chunk(
        name: impl Into<String>,
        text: impl Into<String>,
        line_offset: usize,
    ) -> SourceFile {
        SourceFile {
            line_offset,
            ..SourceFile::new(name, text)
        }
    }
}

/// Looks up the lines of offsets one after another, each search starting from the line of the
/// previous offset: offsets that come in the order of the text (the ops of a report) cost a
/// few steps each, near each other in memory, instead of a binary search of the whole table
/// of a large file. Offsets in any order get the lines `line_col` gives.
pub struct LineCursor<'a> {
    file: &'a SourceFile,
    starts: &'a [usize],
    /// The 0-based line of the previous offset.
    line: usize,
}

impl LineCursor<'_> {
    /// 1-based line of a byte offset, as `SourceFile::line_col`'s.
    pub fn line(&mut self, offset: u32) -> usize {
        let offset = (offset as usize).min(self.file.text.len());
        let starts = self.starts;
        // Invariant: `starts[lo] <= offset` (the first line starts at 0).
        let mut lo = if starts[self.line] <= offset {
            self.line
        } else {
            0
        };
        // Gallop ahead to a line that starts after `offset` (or the end), then search the
        // lines between.
        let mut step = 1;
        let mut hi = lo + 1;
        while hi < starts.len() && starts[hi] <= offset {
            lo = hi;
            hi = lo + step;
            step *= 2;
        }
        let hi = hi.min(starts.len());
        lo += starts[lo + 1..hi].partition_point(|&s| s <= offset);
        self.line = lo;
        lo + 1 + self.file.line_offset
    }
}

/// The text of a source: a string, or a file's pages mapped into memory and read in place.
///
/// A large input is mapped rather than read, as LLVM's `MemoryBuffer` does for large files:
/// reading copies every byte into fresh pages before the parse can start (measured in
/// bench/frontend/RESULTS.md, "The input is mapped"). The mapping is read-only but shared with the file, and that has two hazards,
/// both from another program changing the file while bufreuse reads it: if it truncates the
/// file, this process is killed (`SIGBUS`), as LLVM's tools are; if it writes to it, the text
/// changes under the parse, and bytes that are no longer UTF-8 are then handed out as a
/// `str` (`deref`'s unchecked conversion), which is undefined behaviour. A caller that cannot
/// rule that out reads the file into a `String` instead (`Text::Owned`). Only the command
/// maps its input (cargo feature `cli`); a library user hands in strings.
#[derive(Debug)]
pub enum Text {
    Owned(String),
    /// A mapping whose bytes were checked to be UTF-8 when it was made (`Text::map`).
    #[cfg(feature = "cli")]
    Mapped(memmap2::Mmap),
}

#[cfg(feature = "cli")]
impl Text {
    /// The file's bytes mapped read-only, if mapping works; `Err` holds the bytes where they
    /// are not UTF-8 (the mapping, copied, for the diagnostic).
    pub fn map(file: &std::fs::File) -> std::io::Result<Result<Text, Vec<u8>>> {
        // SAFETY: the mapping is read-only; it is shared with the file, and what another
        // process does to the file while it is mapped is the hazard the type's documentation
        // states.
        let map = unsafe { memmap2::Mmap::map(file)? };
        Ok(match std::str::from_utf8(&map) {
            Ok(_) => Ok(Text::Mapped(map)),
            Err(_) => Err(map.to_vec()),
        })
    }
}

impl std::ops::Deref for Text {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Text::Owned(s) => s,
            // SAFETY: checked to be UTF-8 when mapped (`Text::map`), and read-only since (unless
            // another process writes to the file: see the type's documentation).
            #[cfg(feature = "cli")]
            Text::Mapped(map) => unsafe { std::str::from_utf8_unchecked(map) },
        }
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        Text::Owned(s)
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        Text::Owned(s.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    proptest! {
        /// The cursor finds the lines `line_col` finds, for offsets in any order (in order,
        /// backwards, past the end).
        #[test]
        fn cursor_lines_are_line_col_lines(
            lines in proptest::collection::vec("[a-z]{0,5}", 0..40),
            offsets in proptest::collection::vec(0u32..250, 0..60),
            sorted in any::<bool>(),
            line_offset in 0usize..3,
        ) {
            let file = SourceFile::chunk("t.mlir", lines.join("\n"), line_offset);
            let mut offsets = offsets;
            if sorted {
                offsets.sort_unstable();
            }
            let mut cursor = file.line_cursor();
            let found: Vec<usize> = offsets.iter().map(|&o| cursor.line(o)).collect();
            let expected: Vec<usize> = offsets.iter().map(|&o| file.line_col(o).0).collect();
            assert_eq!(found, expected);
        }
    }
}

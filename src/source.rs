//! Source text and byte spans: every token, syntax node and diagnostic points into a `SourceFile`.

/// A half-open byte range `[start, end)` into one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
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

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// One input: its display name (a path, or `<stdin>`) and its text.
///
/// With `--split-input-file` each chunk is its own `SourceFile` whose `line_offset` says how many
/// lines of the real file come before it, so diagnostics name real line numbers.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    pub line_offset: usize,
    /// Byte offsets of line starts, computed on first use (reports look up many positions).
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_offset: 0,
            line_starts: std::sync::OnceLock::new(),
        }
    }

    /// 1-based line and column of a byte offset; columns count bytes, as MLIR's do.
    pub fn line_col(&self, offset: u32) -> (usize, usize) {
        let offset = (offset as usize).min(self.text.len());
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(
                    self.text
                        .bytes()
                        .enumerate()
                        .filter(|(_, b)| *b == b'\n')
                        .map(|(i, _)| i + 1),
                )
                .collect()
        });
        let line = starts.partition_point(|&s| s <= offset) - 1;
        (line + 1 + self.line_offset, offset - starts[line] + 1)
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

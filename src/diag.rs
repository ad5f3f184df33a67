//! Diagnostics: every stage reports `Diagnostic`s; this is the one place that renders them,
//! in MLIR's `FILE:LINE:COL: error: message` form followed by the source line and a caret.

use crate::source::{SourceFile, Span};
use codespan_reporting::diagnostic::{
    Diagnostic as CsDiagnostic, Label, LabelStyle, Severity as CsSeverity,
};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config, DisplayStyle};

/// How serious a diagnostic is; only errors make a run fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Information asked for (`--remarks`).
    Remark,
    /// A secondary message.
    Note,
    /// Suspicious but legal input.
    Warning,
    /// The input cannot be processed.
    Error,
}

impl Severity {
    /// The word printed before the message: `error`, `warning`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Remark => "remark",
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A secondary location attached to a diagnostic ("note: ... here").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Where it points, if anywhere.
    pub span: Option<Span>,
    /// What it says.
    pub message: String,
}

/// One message about the input. `span` is `None` for messages about the file as a whole
/// (unreadable file) and `line` is set instead of a span for line-based inputs (CSV).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning, note or remark.
    pub severity: Severity,
    /// The message, without location or severity.
    pub message: String,
    /// Where in the source it points (byte offsets into the text).
    pub span: Option<Span>,
    /// Secondary locations.
    pub notes: Vec<Note>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            notes: Vec::new(),
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// A remark at `span`.
    pub fn remark(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Remark,
            ..Diagnostic::error(span, message)
        }
    }

    /// An error about the file as a whole, with no position in it.
    pub fn file_error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: None,
            notes: Vec::new(),
        }
    }

    /// The diagnostic with a note added.
    pub fn with_note(mut self, span: Option<Span>, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            span,
            message: message.into(),
        });
        self
    }

    /// Whether it makes the run fail.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// `error: message`, then a line `note: message` per note. Without the source file there are
/// no line numbers: `render` (or `Diagnostics::render`) gives them.
impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.severity.as_str(), self.message)?;
        for n in &self.notes {
            write!(f, "\n{}: {}", Severity::Note.as_str(), n.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// What a library call that fails returns: its diagnostics, at least one of them an error, in
/// the order found. An error type, so that `?` takes it into `Box<dyn Error>` and the common
/// error crates; a slice of `Diagnostic`s otherwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// The diagnostics rendered with their source lines, as the command prints them.
    pub fn render(&self, file: &SourceFile) -> String {
        render(file, &self.0)
    }
}

impl From<Vec<Diagnostic>> for Diagnostics {
    fn from(diagnostics: Vec<Diagnostic>) -> Diagnostics {
        Diagnostics(diagnostics)
    }
}

impl std::ops::Deref for Diagnostics {
    type Target = [Diagnostic];
    fn deref(&self) -> &[Diagnostic] {
        &self.0
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// Each diagnostic as `Diagnostic` displays it, one after another on lines of their own.
impl std::fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// Renders diagnostics of one source file to a string, MLIR style:
///
/// ```text
/// in.mlir:3:8: error: use of undefined value '%x'
///   %y = arith.addi %x, %x : i32
///        ^
/// ```
pub fn render(file: &SourceFile, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        render_one(file, d.severity, d.span, &d.message, &mut out);
        for n in &d.notes {
            render_one(file, Severity::Note, n.span, &n.message, &mut out);
        }
    }
    out
}

fn render_one(
    file: &SourceFile,
    severity: Severity,
    span: Option<Span>,
    message: &str,
    out: &mut String,
) {
    let Some(span) = span else {
        out.push_str(&format!(
            "{}: {}: {}\n",
            file.name,
            severity.as_str(),
            message
        ));
        return;
    };
    let (line, col) = file.line_col(span.start);
    out.push_str(&format!(
        "{}:{}:{}: {}: {}\n",
        file.name,
        line,
        col,
        severity.as_str(),
        message
    ));
    out.push_str(&snippet(file, span));
}

/// The source line holding `span.start` and a caret line under the span, via codespan-reporting.
fn snippet(file: &SourceFile, span: Span) -> String {
    // Render only the one line through codespan's short-style-free "rich" renderer with no
    // header: we already printed MLIR's header line, so take the body lines from codespan.
    let text = &file.text;
    let start = (span.start as usize).min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |p| start + p);
    let mut end = (span.end as usize).clamp(start, line_end);
    if end == start && start < line_end {
        end = start + text[start..].chars().next().map_or(1, char::len_utf8);
    }
    let line_text = &text[line_start..line_end];
    // Very long lines (a 10 MB single line) are cut around the caret.
    const WINDOW: usize = 200;
    let (shown_start, prefix) = if start - line_start > WINDOW {
        let mut s = start - WINDOW / 2;
        while !text.is_char_boundary(s) {
            s += 1;
        }
        (s, "...")
    } else {
        (line_start, "")
    };
    let mut shown_end = line_end.min(shown_start + 2 * WINDOW);
    while !text.is_char_boundary(shown_end) {
        shown_end -= 1;
    }
    let suffix = if shown_end < line_end { "..." } else { "" };
    let files_line = format!("{}{}{}", prefix, &text[shown_start..shown_end], suffix);
    let mut files = SimpleFiles::new();
    let id = files.add(file.name.clone(), files_line.clone());
    let caret_start = prefix.len() + (start - shown_start);
    let caret_end = (prefix.len() + (end.min(shown_end) - shown_start)).max(caret_start);
    let cs = CsDiagnostic::new(CsSeverity::Error).with_labels(vec![Label::new(
        LabelStyle::Primary,
        id,
        caret_start..caret_end,
    )]);
    let config = Config {
        display_style: DisplayStyle::Rich,
        ..Config::default()
    };
    let Ok(rendered) = term::emit_into_string(&config, &files, &cs) else {
        return format!("{line_text}\n");
    };
    // codespan prints a header and a gutter; keep just the source line and the caret line,
    // de-indented, which is the look of MLIR's own diagnostics.
    let mut body = String::new();
    for l in rendered.lines() {
        if let Some(idx) = l.find("│ ") {
            let rest = &l[idx + "│ ".len()..];
            if l[..idx].trim().chars().all(|c| c.is_ascii_digit()) && !rest.trim().is_empty() {
                body.push_str(rest.trim_end());
                body.push('\n');
            }
        }
    }
    if body.is_empty() {
        return format!("{files_line}\n");
    }
    body
}

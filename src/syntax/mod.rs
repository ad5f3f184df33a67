//! The front end: text to syntax tree. `parse` runs the `logos` lexer and the LALRPOP parser
//! generated from `grammar/mlir.lalrpop`, whose actions build the tree with a `tree::Tree`, and
//! turns every parse error into a diagnostic.

pub mod ast;
pub mod custom;
pub mod lexer;
pub mod recover;
pub mod token;
pub mod tree;

use crate::diag::Diagnostic;
use crate::source::Span;
use lalrpop_util::ParseError;
use lexer::{Lexer, PTok, SpannedLexError};
use token::{LexError, Tok};

#[allow(clippy::all, clippy::pedantic, unused)]
mod generated {
    lalrpop_util::lalrpop_mod!(pub mlir);
}

/// Parses one source text on this thread into its syntax tree, or finds every syntax error in
/// it (see `recover`).
pub fn parse_whole(text: &str) -> Result<ast::File<'_>, Vec<Diagnostic>> {
    match parse_once(text) {
        Ok(file) => Ok(file),
        Err(first) => Err(recover::all_errors(text, first, |t| {
            parse_once(t).err().unwrap_or(recover::Pass {
                recorded: Vec::new(),
                stop: None,
            })
        })),
    }
}

/// Runs the parser over `lexer`'s tokens into `tree`; false if it stopped at an error. (The
/// parse of a text in two parts, `parallel::split`, runs it on each part.)
pub(crate) fn parse_tokens<'a>(tree: &mut tree::Tree<'a>, lexer: Lexer<'a>) -> bool {
    generated::mlir::FileParser::new()
        .parse(tree, lexer)
        .is_ok()
}

/// One parse of `text`: the tree, or the errors found.
fn parse_once(text: &str) -> Result<ast::File<'_>, recover::Pass> {
    let mut tree = tree::Tree::new(text);
    let stopped = generated::mlir::FileParser::new()
        .parse(&mut tree, Lexer::new(text))
        .err();
    let (file, recorded) = tree.finish();
    let stop = stopped.map(|e| {
        let recoverable = !matches!(
            e,
            ParseError::UnrecognizedEof { .. }
                | ParseError::User {
                    error: SpannedLexError {
                        error: LexError::Unterminated(_) | LexError::TooDeep,
                        ..
                    }
                }
        );
        (parse_error(text, e), recoverable)
    });
    if stop.is_none() && recorded.is_empty() {
        Ok(file)
    } else {
        Err(recover::Pass { recorded, stop })
    }
}

fn parse_error(text: &str, e: ParseError<usize, PTok<'_>, SpannedLexError>) -> Diagnostic {
    match e {
        ParseError::InvalidToken { location } => {
            Diagnostic::error(Span::new(location, location + 1), "invalid token")
        }
        ParseError::UnrecognizedEof { location, expected } => {
            let at = text.len().min(location);
            Diagnostic::error(
                Span::new(at, at),
                format!("unexpected end of input{}", expected_list(&expected)),
            )
        }
        ParseError::UnrecognizedToken {
            token: (l, tok, r),
            expected,
        } => {
            let span = Span::new(l, r);
            if let PTok::T(Tok::BareId(name)) = &tok
                && name.contains('.')
            {
                return Diagnostic::error(span, unknown_custom_syntax(name));
            }
            if let Some(d) = unknown_structured(text, l, &expected) {
                return d;
            }
            Diagnostic::error(
                span,
                format!(
                    "unexpected {}{}",
                    describe(&tok, &text[l..r]),
                    expected_list(&expected)
                ),
            )
        }
        ParseError::ExtraToken { token: (l, tok, r) } => Diagnostic::error(
            Span::new(l, r),
            format!("unexpected {}", describe(&tok, &text[l..r])),
        ),
        ParseError::User { error } => {
            let message = match error.error {
                LexError::InvalidToken => {
                    let bad = text[error.span.range()].chars().next().unwrap_or(' ');
                    if bad == '\0' {
                        "unexpected NUL byte".to_string()
                    } else {
                        format!("unexpected character '{}'", bad.escape_debug())
                    }
                }
                LexError::Unterminated(what) => {
                    format!("unterminated {what}: no matching end before the end of the input")
                }
                LexError::DimOverflow => "dimension size does not fit in 64 bits".to_string(),
                LexError::TooDeep => format!(
                    "brackets nested more than {} deep are not supported",
                    lexer::MAX_BRACKET_DEPTH
                ),
                LexError::UnknownEscape(_) => "unknown escape in string literal".to_string(),
                LexError::BadSuffixId => format!(
                    "invalid name '{}': a name that starts with a digit must be all digits",
                    &text[error.span.range()]
                ),
                LexError::Custom(m) => m,
            };
            Diagnostic::error(error.span, message)
        }
    }
}

/// A structured op written in a syntax of its own that bufreuse does not read
/// (`linalg.elementwise kind=...`, or a linalg op newer than the op table): the parser stops at the token after its
/// name (where it expects `ins`), and the error names the op, as for other custom forms
/// bufreuse does not know. The token before is found by lexing up to it (an error is rare).
fn unknown_structured(text: &str, at: usize, expected: &[String]) -> Option<Diagnostic> {
    if !expected.iter().any(|e| e == "\"ins\"") {
        return None;
    }
    let before = Lexer::new(text)
        .map_while(Result::ok)
        .take_while(|(start, _, _)| *start < at)
        .last()?;
    match before {
        (l, PTok::Op(lexer::OpClass::Structured, name), r) => Some(Diagnostic::error(
            Span::new(l, r),
            unknown_custom_syntax(name),
        )),
        _ => None,
    }
}

/// The error at the name of an op written in a custom form that bufreuse does not read: it
/// says how to get a form it reads.
pub fn unknown_custom_syntax(name: &str) -> String {
    format!(
        "custom syntax of op '{name}' is not known to bufreuse; write it in generic form (mlir-opt --mlir-print-op-generic)"
    )
}

/// A short description of an unexpected token.
fn describe(tok: &PTok<'_>, text: &str) -> String {
    let shown: String = text.chars().take(40).collect();
    match tok {
        PTok::Op(_, name) => format!("op '{name}'"),
        _ => format!("'{shown}'"),
    }
}

/// "; expected one of ..." from LALRPOP's terminal names, or nothing when the list is long.
fn expected_list(expected: &[String]) -> String {
    let names: Vec<String> = expected
        .iter()
        .filter(|e| !e.starts_with("Op"))
        .map(|e| match e.as_str() {
            "ValueId" => "value (%name)".to_string(),
            "SymbolId" => "symbol (@name)".to_string(),
            "CaretId" => "block label (^name)".to_string(),
            "Integer" => "integer".to_string(),
            "String" => "string".to_string(),
            "ShapedOpen" | "IntType" | "FloatType" => "type".to_string(),
            "BareId" => "identifier".to_string(),
            other => format!("'{}'", other.trim_matches('"')),
        })
        .collect();
    let mut unique: Vec<String> = Vec::new();
    for n in names {
        if !unique.contains(&n) {
            unique.push(n);
        }
    }
    if unique.is_empty() {
        String::new()
    } else if unique.len() <= 6 {
        format!("; expected {}", unique.join(" or "))
    } else {
        String::new()
    }
}

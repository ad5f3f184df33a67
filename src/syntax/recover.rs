//! Finding the syntax errors after the first: the op that holds an error is blanked out and the
//! text is parsed again, until it parses or no op can be blanked safely.
//!
//! An op is blanked from the start of the line where it begins to the first later line that
//! starts at its bracket depth or shallower (the next op of its block, or the `}` that closes
//! the block), so the brackets of what remains stay balanced, and the op's regions go with it.
//! Blanking keeps every newline, so later errors keep their lines and columns.
//!
//! Why not LALRPOP's `!` token: after an error its parser resumes at the first token that can
//! follow the error token in any state on its stack, which in MLIR is usually a value in the
//! middle of the broken op (`%b` of `arith.addi %a %b`, which can start an op), and an op header
//! dropped up to its `{` leaves the region's `}` to close the enclosing region. Both give
//! cascades of errors that are not in the input.
//!
//! What is not blanked, so no further error is looked for: an error at the end of the input (an
//! unterminated bracket or string, brackets nested too deep), any error of a text whose
//! brackets do not balance, and an op whose lines do not balance theirs (the error may be a
//! missing bracket, which would make every later op look broken).

use super::token::Tok;
use crate::diag::Diagnostic;
use logos::Logos;

/// At most this many errors are reported for one text (each costs a parse of the text).
pub const MAX_ERRORS: usize = 20;

/// A token: where it and its line start, the bracket depth before it, and, for the first
/// token of a line, whether an op (or a block label, or an alias definition) can start there.
struct Token {
    at: usize,
    line: usize,
    depth: i64,
    first_on_line: bool,
    starts_op: bool,
}

/// The tokens of `text`, in order.
fn tokens(text: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut depth: i64 = 0;
    let mut lex = Tok::lexer(text).spanned().peekable();
    let mut line = 0;
    let mut scanned = 0;
    let mut last_line = usize::MAX;
    while let Some((tok, range)) = lex.next() {
        if let Some(p) = text[scanned..range.start].rfind('\n') {
            line = scanned + p + 1;
        }
        scanned = range.start;
        let first_on_line = line != last_line;
        last_line = line;
        let starts_op = first_on_line
            && match &tok {
                Ok(Tok::ValueId(_)) => {
                    let next = lex.peek().map(|(t, _)| t);
                    matches!(next, Some(Ok(Tok::Equal | Tok::Comma | Tok::Colon)))
                }
                Ok(Tok::String(_) | Tok::CaretId(_)) => true,
                Ok(Tok::HashId(_) | Tok::BangId(_)) => depth == 0,
                Ok(Tok::BareId(name) | Tok::Known1((_, name)) | Tok::Known2((_, name))) => {
                    name.contains('.') || matches!(*name, "return" | "call" | "module")
                }
                _ => false,
            };
        out.push(Token {
            at: range.start,
            line,
            depth,
            first_on_line,
            starts_op,
        });
        match tok {
            Ok(Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Less | Tok::ShapedOpen(_)) => {
                depth += 1;
            }
            Ok(Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Greater) => depth -= 1,
            _ => {}
        }
    }
    out
}

/// The byte range to blank for an error at `at`: from the start of the line of the op that
/// holds it to the next line at the op's depth; `None` when there is no such op or its lines
/// do not balance their brackets.
fn op_range(text: &str, at: usize) -> Option<(usize, usize)> {
    let toks = tokens(text);
    let error = toks.iter().rposition(|t| t.at <= at)?;
    // Back to the start of a line where an op starts that holds everything up to the error.
    let mut shallowest = i64::MAX;
    let mut first = None;
    for k in (0..=error).rev() {
        shallowest = shallowest.min(toks[k].depth);
        if toks[k].starts_op && toks[k].depth == shallowest {
            first = Some(k);
            break;
        }
    }
    let first = first?;
    let d0 = toks[first].depth;
    let error_line = toks[error].line;
    // A block label goes with its whole block: its ops cannot join the block before, whose
    // terminator ends it.
    let label = text[toks[first].at..].starts_with('^');
    // The next line at the op's depth where an op (or a block) starts, or its block ends: not a
    // line that goes on with the op (`ins(...)`, `(%in: f32) {`, `} else {`).
    let end = toks[error..].iter().find(|t| {
        let next_op = t.starts_op || text[t.at..].starts_with('}');
        t.first_on_line
            && t.line != error_line
            && (t.depth < d0
                || t.depth == d0 && next_op && (!label || text[t.at..].starts_with(['^', '}'])))
    });
    let range = match end {
        Some(t) if t.depth == d0 => (toks[first].line, t.at),
        Some(_) => return None,
        // The op runs to the end of the text.
        None => (toks[first].line, text.len()),
    };
    balanced(&text[range.0..range.1]).then_some(range)
}

/// Whether every bracket opened in `text` is closed in it by one of its kind, and no bracket
/// closes one opened before.
fn balanced(text: &str) -> bool {
    let mut open: Vec<Tok<'_>> = Vec::new();
    for tok in Tok::lexer(text) {
        let closes = match tok {
            Ok(
                t @ (Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Less | Tok::ShapedOpen(_)),
            ) => {
                open.push(t);
                continue;
            }
            Ok(Tok::RParen) => |t: &Tok<'_>| matches!(t, Tok::LParen),
            Ok(Tok::RBracket) => |t: &Tok<'_>| matches!(t, Tok::LBracket),
            Ok(Tok::RBrace) => |t: &Tok<'_>| matches!(t, Tok::LBrace),
            Ok(Tok::Greater) => |t: &Tok<'_>| matches!(t, Tok::Less | Tok::ShapedOpen(_)),
            _ => continue,
        };
        if !open.pop().is_some_and(|t| closes(&t)) {
            return false;
        }
    }
    open.is_empty()
}

/// The attribute and type aliases defined in `text` (lines `#name = ...`, `!name = ...`).
fn alias_names(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let (name, _) = l.split_once('=')?;
            let name = name.trim_end();
            (name.starts_with(['#', '!']) && !name.contains(char::is_whitespace))
                .then(|| name[1..].to_string())
        })
        .collect()
}

/// What one parse found: the errors the tree recorded, and the error that stopped the parser
/// with whether the parser could go on after it (`None` when the parse ran to the end).
pub struct Pass {
    pub recorded: Vec<Diagnostic>,
    pub stop: Option<(Diagnostic, bool)>,
}

/// All errors of `text`, given what the first parse found and a way to parse a text again.
pub fn all_errors(text: &str, first: Pass, parse: impl Fn(&str) -> Pass) -> Vec<Diagnostic> {
    let mut errors = first.recorded;
    let mut stop = first.stop;
    // A bracket left open (or closed twice) somewhere makes every later op look broken: then
    // only the first error is reported.
    let recover = balanced(text);
    let mut blanked = text.to_string();
    let mut blanked_aliases: Vec<String> = Vec::new();
    let mut last_from = 0;
    while let Some((d, recoverable)) = stop.take() {
        let at = d.span.map_or(0, |s| s.start as usize);
        if at < last_from {
            // An error above the blanked lines came from blanking: not the input's.
            break;
        }
        errors.push(d);
        if !recover || !recoverable || errors.len() >= MAX_ERRORS {
            break;
        }
        let Some((from, to)) = op_range(&blanked, at) else {
            break;
        };
        blanked_aliases.extend(alias_names(&blanked[from..to]));
        // Spaces for every byte but newlines: what remains keeps its lines and columns.
        let blank: String = blanked[from..to]
            .bytes()
            .map(|b| if b == b'\n' { '\n' } else { ' ' })
            .collect();
        blanked.replace_range(from..to, &blank);
        last_from = from;
        let pass = parse(&blanked);
        for d in pass.recorded {
            // Uses of an alias whose definition was blanked are no errors of the input.
            let of_blanked = blanked_aliases
                .iter()
                .any(|a| d.message.ends_with(&format!("'{a}'")));
            // Nor is an error above the blanked lines: the text there is as the pass before
            // read it, so what is new there comes from blanking (a function body `{}` whose
            // only op was blanked).
            let above = d.span.is_some_and(|s| (s.start as usize) < from);
            if !of_blanked && !above && !errors.contains(&d) {
                errors.push(d);
            }
        }
        stop = pass.stop;
    }
    errors.sort_by_key(|d| d.span.map_or(0, |s| s.start));
    errors.dedup();
    errors
}

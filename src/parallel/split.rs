//! Parsing a large file on two threads. A quick scan of the text finds a *hole*: a run of
//! whole ops in the middle of one block, covering about half of the text. A second thread
//! parses the hole (its token stream starts with `PTok::HoleStart`, and the grammar reads it
//! as a list of ops) while the first parses the text around it. The two trees stay apart
//! (`ast::Parts`): `ir::build` builds the hole's ops on a second thread too, and joins them
//! into the block between the ops that surround the hole.
//!
//! The scan cannot tell everything the parser can (an op written over several lines whose
//! continuation line starts like an op, say), so the split is only taken when both parses
//! succeed and the first thread's tree has the hole where the scan put it; otherwise `parse`
//! parses the whole text again on one thread, which also gives the diagnostics. The two trees
//! hold the same records as a parse of the whole text:
//! - the tokens are the same: the first thread's lexer, which reads the whole text up to the
//!   hole, must find a token starting exactly at the hole's start, and a token running across
//!   the hole's end (a string, a balanced dialect attribute) leaves the hole's own lexer at
//!   the end of its text in the middle of a token, which is an error;
//! - the ops are the same: the ops before and after the hole must be neighbours in one block
//!   of the first thread's tree, and no op's syntax has an optional tail that starts like an
//!   op (`%x`, `"name"`, `dialect.op`), so an op followed by the hole's first op ends where it
//!   ends when followed by the op after the hole, or by the end of the hole's text. (Custom
//!   terminators, whose operand lists are such tails, may only end a block, so one before or
//!   at the end of the hole makes a part fail.)
//!
//! The syntax module knows nothing of threads; it gives the parts this needs: a lexer that
//! leaves out a hole it is told of or lexes only the hole (`Lexer::around_hole`,
//! `Lexer::part`), the tree of a hole (`Tree::for_part`) and the parser (`parse_tokens`).
//!
//! `src/parallel/split_tests.rs` checks every hole the scan offers in the test inputs against
//! the parse of the whole text.

use crate::ir::BlockId;
use crate::syntax::ast::{AliasDef, File, HolePart, Parts};
pub use crate::syntax::lexer::Hole;
use crate::syntax::lexer::{Lexer, PTok};
use crate::syntax::parse_tokens;
use crate::syntax::tree::Tree;

/// Texts shorter than this are parsed on one thread: a second thread would not pay off.
pub const MIN_BYTES: usize = 1 << 20;

/// The hole that splits the work most evenly, if the text has one worth a thread: it starts
/// at the first op of its block at or past `from`.
pub fn find_hole(text: &str, from: usize) -> Option<Hole> {
    let n = text.len();
    let mut best: Option<Hole> = None;
    let score = |h: &Hole| (h.end - h.start).min(n - (h.end - h.start));
    scan(text, from, |h| {
        if best.is_none_or(|b| score(&h) > score(&b)) {
            best = Some(h);
        }
    });
    best.filter(|h| h.end - h.start >= n / 8)
}

/// An open bracket during the scan; for a `{`, what is known of its current block.
struct Level {
    brace: bool,
    /// Lines of the current block that start like an op.
    ops: u32,
    /// The first such line at or past `from` that is not the block's first.
    hole_start: Option<usize>,
    /// The last such line.
    last_op: usize,
}

impl Level {
    /// A bracket just opened, or a `{` whose next block starts (at a label).
    fn open(brace: bool) -> Level {
        Level {
            brace,
            ops: 0,
            hole_start: None,
            last_op: 0,
        }
    }
}

/// Bytes the scan stops at; it steps over all others.
const STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    let stops = b"\n\"/()[]{}";
    while k < stops.len() {
        t[stops[k] as usize] = true;
        k += 1;
    }
    t
};

/// Calls `found` with a hole for every block that ends after `from` and has at least three
/// lines that start like an op, the second of them at or past `from`: from that line to the
/// block's last op line. It follows strings, comments and brackets, and takes a line as the
/// start of an op when, inside braces, it starts with `%`, `"` or a dotted name.
pub fn scan(text: &str, from: usize, mut found: impl FnMut(Hole)) {
    let b = text.as_bytes();
    let n = b.len();
    let mut stack: Vec<Level> = Vec::new();
    let close = |level: &Level, found: &mut dyn FnMut(Hole)| {
        if let Some(start) = level.hole_start
            && level.last_op > start
        {
            found(Hole {
                start,
                end: level.last_op,
            });
        }
    };
    let mut i = 0;
    let mut line_start = true;
    while i < n {
        if line_start {
            line_start = false;
            while i < n && matches!(b[i], b' ' | b'\t' | b'\r') {
                i += 1;
            }
            if i == n {
                break;
            }
            if let Some(level) = stack.last_mut()
                && level.brace
            {
                match b[i] {
                    b'^' => {
                        close(level, &mut found);
                        *level = Level::open(true);
                    }
                    c if c == b'%' || c == b'"' || starts_op_name(&b[i..]) => {
                        if i >= from && level.hole_start.is_none() && level.ops >= 1 {
                            level.hole_start = Some(i);
                        }
                        level.ops += 1;
                        level.last_op = i;
                    }
                    _ => {}
                }
            }
        }
        // Step over the bytes that change nothing.
        match b[i..].iter().position(|&c| STOPS[c as usize]) {
            Some(k) => i += k,
            None => break,
        }
        let c = b[i];
        match c {
            b'\n' => line_start = true,
            b'"' => {
                i += 1;
                while i < n && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i + 1 < n && b[i + 1] != b'\n' {
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => stack.push(Level::open(c == b'{')),
            b')' | b']' | b'}' => {
                if let Some(level) = stack.pop()
                    && level.brace
                {
                    close(&level, &mut found);
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// Whether the text starts with a dotted name such as `memref.alloc`.
fn starts_op_name(b: &[u8]) -> bool {
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let word = b
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$'))
        .count();
    b[..word].contains(&b'.')
}

/// Parses `text` on two threads: the second scans for a hole (`find_hole`) and parses it,
/// the first parses the text around it, learning where the hole is when it gets there. With
/// no hole, the first thread's parse is of the whole text. `None` when a part fails to parse
/// or the parts do not fit together as the scan expected (the caller then parses the text
/// whole, which also finds the errors).
pub fn parse_parallel(text: &str) -> Option<Parts<'_>> {
    parse_around(text, text.len() / 100 * FROM_PERCENT, find_hole)
}

/// Parses `text` with the given hole cut out on another thread (for tests: any hole `scan`
/// finds must give the same tree as a parse of the whole text).
#[cfg(any(test, feature = "internals"))]
pub fn parse_with_hole(text: &str, hole: Hole) -> Option<Parts<'_>> {
    parse_around(text, hole.start, |_, _| Some(hole))
}

/// `parse_parallel` with the hole that `find(text, from)` gives (it must start at or past
/// `from`).
fn parse_around<'a>(
    text: &'a str,
    from: usize,
    find: impl FnOnce(&str, usize) -> Option<Hole> + Send,
) -> Option<Parts<'a>> {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        let second = std::thread::Builder::new()
            .name("bufreuse-parse".into())
            .stack_size(crate::WORKER_STACK_BYTES)
            .spawn_scoped(scope, move || {
                let hole = find(text, from);
                // The first thread may have stopped at an error already.
                let _ = send.send(hole);
                hole.map(|h| (h, parse_hole(text, h)))
            })
            .ok()?;
        let outer = parse_outer(text, from, receive);
        let second = second.join().ok()?;
        let outer = outer?;
        let Some((hole, cut)) = second else {
            return Some(Parts {
                main: outer,
                hole: None,
            });
        };
        let (cut, alias_uses) = cut?;
        // An attribute alias the hole uses must be defined above it.
        let defined_above = |name: &str| {
            outer.aliases.iter().any(|a| match a {
                AliasDef::Attr { name: n, span, .. } => {
                    *n == name && (span.start as usize) < hole.start
                }
                AliasDef::Type { .. } => false,
            })
        };
        if !alias_uses.iter().all(|name| defined_above(name)) {
            return None;
        }
        let (block, at) = locate(&outer, hole)?;
        Some(Parts {
            main: outer,
            hole: Some(HolePart {
                file: cut,
                block,
                at,
            }),
        })
    })
}

/// The hole starts at or past this percentage of the text: a little past the middle, since
/// the second thread scans the text before it parses.
const FROM_PERCENT: usize = 51;

/// The text around the hole that the receiver will tell (all of it if there is none).
fn parse_outer(
    text: &str,
    from: usize,
    hole: std::sync::mpsc::Receiver<Option<Hole>>,
) -> Option<File<'_>> {
    let mut tree = Tree::new(text);
    let lexer = Lexer::around_hole(text, from, hole);
    let parsed = parse_tokens(&mut tree, lexer);
    let (file, errors) = tree.finish();
    (parsed && errors.is_empty()).then_some(file)
}

/// The hole, with the attribute aliases it uses.
type HoleParse<'a> = (File<'a>, Vec<&'a str>);

fn parse_hole(text: &str, hole: Hole) -> Option<HoleParse<'_>> {
    let mut tree = Tree::for_part(text, hole.end - hole.start, true);
    let lexer = Lexer::part(text, hole.start..hole.end, Some(PTok::HoleStart));
    let parsed = parse_tokens(&mut tree, lexer);
    let (file, errors, alias_uses) = tree.finish_hole();
    (parsed && errors.is_empty()).then_some((file, alias_uses))
}

/// Where the hole's ops go in `outer`: the block that holds the op at `hole.end` and the
/// position of that op in it. `None` if `outer` has no such block, or the op before the hole
/// is not in it.
fn locate(outer: &File<'_>, hole: Hole) -> Option<(BlockId, usize)> {
    // The op at the hole's end was finished late (after every op before the hole): search
    // from the end.
    let after = outer
        .skeleton
        .ops
        .iter()
        .rposition(|o| o.span.start as usize == hole.end)?;
    let (block, at) = outer
        .skeleton
        .blocks
        .iter()
        .enumerate()
        .rev()
        .find_map(|(b, data)| Some((b, data.ops.iter().position(|o| o.index() == after)?)))?;
    // The op before the hole must be in the same block.
    let before = *outer.skeleton.blocks[block].ops.get(at.checked_sub(1)?)?;
    if outer.skeleton.ops[before.index()].span.end as usize > hole.start {
        return None;
    }
    Some((BlockId::new(block), at))
}

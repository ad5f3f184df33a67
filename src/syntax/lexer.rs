//! Turns `logos` tokens into the `(start, token, end)` triples the LALRPOP parser reads, telling
//! keywords, type names and op names apart from other bare identifiers.
//!
//! Op names with a custom form (`ir::ops`) become `Op(class, name)` tokens: the grammar has
//! one rule per class of custom syntax (all arith binary ops share one), not one per op.

use super::token::{Known, LexError, Tok};
use crate::source::Span;
use logos::Logos;
use rustc_hash::FxHashMap;

/// Keywords the grammar matches by name. Everywhere a plain identifier may stand (attribute
/// names, comparison predicates), the grammar accepts them too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kw {
    Index,
    None,
    Complex,
    Tuple,
    True,
    False,
    Unit,
    Module,
    Attributes,
    To,
    Step,
    IterArgs,
    Ins,
    Outs,
    Into,
    Else,
    Do,
    Case,
    Default,
    Init,
    In,
    SharedOuts,
    OutputShape,
    Offset,
    Sizes,
    Strides,
    Permutation,
    Dimensions,
    IndexingMaps,
    Constant,
    Uninitialized,
    Unsigned,
    Restrict,
    Writable,
    ReadOnly,
    Fastmath,
    Overflow,
    Low,
    High,
    Nofold,
    Dim,
    Attrs,
    NoInline,
    Weights,
    If,
    Retain,
}

pub use crate::ir::ops::OpClass;

/// A token as the parser sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum PTok<'a> {
    T(Tok<'a>),
    Kw(Kw),
    /// A known op name: its class and its full name (`return` is `func.return`).
    Op(OpClass, &'a str),
    /// Starts the token stream of a run of ops cut out of a block (see `parallel::split`).
    HoleStart,
    IntType(&'a str),
    FloatType(&'a str),
}

/// A run of whole ops of one block, parsed apart (`parallel::split`): `start` is where its
/// first op starts, `end` where the op after its last one starts (that op, the block's last,
/// stays with the surrounding text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hole {
    pub start: usize,
    pub end: usize,
}

/// Where a lexer leaves out a hole (see `Lexer::around_hole`).
enum Cut {
    None,
    /// The hole starts at or past `from`; the other thread sends it (or that there is none).
    Pending {
        from: usize,
        hole: std::sync::mpsc::Receiver<Option<Hole>>,
    },
    At(Hole),
}

/// A lexical error with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct SpannedLexError {
    pub error: LexError,
    pub span: Span,
}

/// The token stream of one source text, as LALRPOP wants it.
pub struct Lexer<'a> {
    inner: logos::SpannedIter<'a, Tok<'a>>,
    /// Where the part being lexed starts in the whole text (spans are of the whole text).
    base: usize,
    text: &'a str,
    /// A token to give before the text's (`PTok::HoleStart`).
    first: Option<(usize, PTok<'a>, usize)>,
    /// Where to leave out a hole that another thread parses (see `parallel::split`).
    cut: Cut,
    /// How bare identifiers seen before were classified: a file names few distinct ops,
    /// keywords and types, many times each.
    seen: FxHashMap<&'a str, Class>,
    /// Brackets (`( [ { <`) open at this point.
    depth: u32,
    /// Where the part being lexed ends in the whole text.
    stop: usize,
}

/// Deeper nesting of brackets is refused: attributes are trees that are printed and dropped
/// recursively, and the parser's native stack grows with the nesting (its recursive-ascent
/// code takes up to about 8 KB of stack per level, 90 KB without optimization, which is why
/// the dev profile optimizes; parsing runs on threads with `crate::WORKER_STACK_BYTES`).
/// Regions (which nest through brackets too) are refused earlier, with a message about
/// regions (`ir::build::MAX_NESTING`), and types too (`tree::MAX_TYPE_DEPTH`).
pub const MAX_BRACKET_DEPTH: u32 = 15_000;

/// What a bare identifier is (see `classify`).
#[derive(Clone, Copy)]
enum Class {
    Op(OpClass, &'static str),
    Int,
    Float,
    Bare,
}

/// The keywords of the attributes that `Tok::RawAttr` takes whole (with `distinct[N]`, which
/// is no bare identifier).
const RAW_ATTR_KEYWORDS: [&str; 8] = [
    "affine_map",
    "affine_set",
    "strided",
    "dense",
    "dense_resource",
    "array",
    "sparse",
    "opaque",
];

/// The classification cache stops growing here (a file of random identifiers gains nothing).
const MAX_SEEN: usize = 4096;

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer::part(text, 0..text.len(), None)
    }

    /// The tokens of the byte range `part` of `text` (it must start and end between tokens),
    /// with spans in the whole text; `first` comes before them.
    pub fn part(text: &'a str, part: std::ops::Range<usize>, first: Option<PTok<'a>>) -> Lexer<'a> {
        Lexer {
            inner: Tok::lexer(&text[part.clone()]).spanned(),
            base: part.start,
            text,
            first: first.map(|t| (part.start, t, part.start)),
            cut: Cut::None,
            seen: FxHashMap::default(),
            depth: 0,
            stop: part.end,
        }
    }

    /// The tokens of `text` without the hole that `hole` will tell, which starts at or past
    /// `from`: the lexer waits for it when it gets there (no hole: the whole text).
    pub fn around_hole(
        text: &'a str,
        from: usize,
        hole: std::sync::mpsc::Receiver<Option<Hole>>,
    ) -> Lexer<'a> {
        let mut lexer = Lexer::new(text);
        lexer.cut = Cut::Pending { from, hole };
        lexer
    }

    /// Whether the token starting at `start` is the first of the hole to leave out; learns the
    /// hole when the lexer first gets to where it may start.
    fn at_hole(&mut self, start: usize) -> Option<Hole> {
        if let Cut::Pending { from, hole } = &self.cut {
            if start < *from {
                return None;
            }
            self.cut = match hole.recv() {
                Ok(Some(h)) => Cut::At(h),
                Ok(None) | Err(_) => Cut::None,
            };
        }
        match self.cut {
            Cut::At(h) if start >= h.start => {
                self.cut = Cut::None;
                Some(h)
            }
            _ => None,
        }
    }

    /// After a keyword of a raw attribute (`dense`, ...) at `word`: when whitespace and a `<`
    /// follow (`dense <1.0>`, which MLIR reads), the whole attribute as one `RawAttr` token,
    /// as `dense<1.0>` lexes; the lexer goes on after it. (The token's own pattern does not
    /// allow the whitespace: it made the lexer's automaton several times larger.)
    fn raw_attr_after_space(
        &mut self,
        word: std::ops::Range<usize>,
    ) -> Option<(usize, PTok<'a>, usize)> {
        let rest = &self.text[word.end..self.stop];
        let after_space = rest.trim_start_matches([' ', '\t', '\r', '\n', '\x0c']);
        let open = word.end + (rest.len() - after_space.len());
        if open == word.end || !after_space.starts_with('<') {
            return None;
        }
        let body = crate::syntax::token::balanced_len(&after_space[1..], b'<', b'>')?;
        let end = open + 1 + body;
        self.inner = Tok::lexer(&self.text[end..self.stop]).spanned();
        self.base = end;
        Some((
            word.start,
            PTok::T(Tok::RawAttr(&self.text[word.start..end])),
            end,
        ))
    }

    fn classify(&mut self, t: Tok<'a>) -> PTok<'a> {
        let s = match t {
            Tok::BareId(s) => s,
            Tok::Known1((known, s)) | Tok::Known2((known, s)) => {
                return match known {
                    Known::Kw(kw) => PTok::Kw(kw),
                    Known::Int => PTok::IntType(s),
                    Known::Float => PTok::FloatType(s),
                };
            }
            t => return PTok::T(t),
        };
        let class = match self.seen.get(s) {
            Some(&c) => c,
            None => {
                let c = classify(s);
                if self.seen.len() < MAX_SEEN {
                    self.seen.insert(s, c);
                }
                c
            }
        };
        match class {
            Class::Op(class, "") => PTok::Op(class, s),
            Class::Op(class, name) => PTok::Op(class, name),
            Class::Int => PTok::IntType(s),
            Class::Float => PTok::FloatType(s),
            Class::Bare => PTok::T(Tok::BareId(s)),
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<(usize, PTok<'a>, usize), SpannedLexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(first) = self.first.take() {
            return Some(Ok(first));
        }
        let (tok, range) = loop {
            let (tok, range) = self.inner.next()?;
            let (start, end) = (range.start + self.base, range.end + self.base);
            if let Some(hole) = self.at_hole(start) {
                if start != hole.start {
                    // No token starts where the scan put the hole (a token it misread runs
                    // across it): the split is refused, and the text is parsed whole again.
                    return Some(Err(SpannedLexError {
                        error: LexError::Custom("the hole does not start at a token".into()),
                        span: Span::new(start, end),
                    }));
                }
                // Go on after the hole (it ends before a token: see `parallel::split`).
                self.inner = Tok::lexer(&self.text[hole.end..]).spanned();
                self.base = hole.end;
                continue;
            }
            break (tok, start..end);
        };
        Some(match tok {
            Ok(Tok::BareId(word)) if RAW_ATTR_KEYWORDS.contains(&word) => Ok(self
                .raw_attr_after_space(range.clone())
                .unwrap_or_else(|| (range.start, self.classify(Tok::BareId(word)), range.end))),
            Ok(t) => {
                match t {
                    Tok::LParen | Tok::LBracket | Tok::LBrace | Tok::Less | Tok::ShapedOpen(_) => {
                        self.depth += 1;
                        if self.depth > MAX_BRACKET_DEPTH {
                            return Some(Err(SpannedLexError {
                                error: LexError::TooDeep,
                                span: Span::new(range.start, range.end),
                            }));
                        }
                    }
                    Tok::RParen | Tok::RBracket | Tok::RBrace | Tok::Greater => {
                        self.depth = self.depth.saturating_sub(1);
                    }
                    _ => {}
                }
                Ok((range.start, self.classify(t), range.end))
            }
            Err(LexError::UnknownEscape(at)) => Err(SpannedLexError {
                error: LexError::UnknownEscape(at),
                span: Span::new(range.start + at, range.start + at + 2),
            }),
            Err(error) => Err(SpannedLexError {
                error,
                span: Span::new(range.start, range.end),
            }),
        })
    }
}

/// Tells op names with a custom form (with the full name of a short one: `return` is
/// `func.return`; empty when the identifier is the name), integer and float type names from
/// other bare identifiers. Keywords never get here: they are tokens of their own.
fn classify(s: &str) -> Class {
    let full = match s {
        "return" => "func.return",
        "call" => "func.call",
        "call_indirect" => "func.call_indirect",
        _ => "",
    };
    let name = if full.is_empty() { s } else { full };
    if name.contains('.')
        && let Some(class) = crate::ir::ops::syntax_class(name)
    {
        return Class::Op(class, full);
    }
    if is_int_type(s) {
        return Class::Int;
    }
    if crate::ir::types::float_width(s).is_some() && is_float_type(s) {
        return Class::Float;
    }
    Class::Bare
}

fn is_int_type(s: &str) -> bool {
    let digits = s
        .strip_prefix("si")
        .or_else(|| s.strip_prefix("ui"))
        .or_else(|| s.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.len() <= 8 && d.bytes().all(|c| c.is_ascii_digit()))
}

fn is_float_type(s: &str) -> bool {
    matches!(s, "f16" | "bf16" | "f32" | "tf32" | "f64" | "f80" | "f128")
        || ((s.starts_with("f8E") || s.starts_with("f6E") || s.starts_with("f4E"))
            && s.bytes().all(|c| c.is_ascii_alphanumeric()))
}

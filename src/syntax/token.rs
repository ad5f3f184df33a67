//! Tokens of textual MLIR, produced by a `logos` lexer.
//!
//! Four kinds of tokens take more than a regular expression to find, and are finished by
//! callbacks that read ahead in the source:
//! - `memref<`, `tensor<`, `vector<` read the dimension list that follows (`4x?x[8]x`, with
//!   whitespace allowed between its parts: `2 x ? x`), which a plain lexer would misread
//!   (`0x4xf32` is not a hex number here);
//! - attributes whose bodies have their own small languages (`affine_map<...>`, `strided<...>`,
//!   `dense<...>`, `array<...>`, `#dialect.attr<...>`, `!dialect.type<...>`, `loc(...)`) are
//!   taken whole, with balanced brackets, and kept as text;
//! - the file metadata section `{-# ... #-}` is taken whole and kept as text.

use super::lexer::Kw;
use crate::ir::types::Dim;
use logos::{Lexer, Logos};

/// What went wrong while lexing; the span is the token's.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum LexError {
    #[default]
    InvalidToken,
    /// A bracketed body (`affine_map<...`, `"...`) runs to the end of the input.
    Unterminated(&'static str),
    /// A dimension is larger than u64.
    DimOverflow,
    /// Brackets nested deeper than `lexer::MAX_BRACKET_DEPTH`.
    TooDeep,
    /// A string literal holds an escape MLIR does not know; the byte offset of its backslash
    /// in the token.
    UnknownEscape(usize),
    /// A value or block name whose id starts with a digit but is not all digits (`%0_0`).
    BadSuffixId,
    /// A well-formed token the grammar could not accept (the message says why).
    Custom(String),
}

/// What a `Known` identifier is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    Kw(Kw),
    Int,
    Float,
}

/// Which shaped type a `ShapedOpen` token opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapedKind {
    MemRef,
    Tensor,
    Vector,
}

/// The dimension list read after `memref<`/`tensor<`/`vector<`, as written: each dimension
/// followed by `x` (`4x?x[8]x`), or `*x` for unranked, with the whitespace and comments MLIR's
/// lexer allows between them (`2 x ? x`). The lexer has checked it; `dims` reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape<'a> {
    pub kind: ShapedKind,
    pub text: &'a str,
}

impl Shape<'_> {
    /// The dimensions; `None` for unranked.
    pub fn dims(&self) -> Option<Vec<Dim>> {
        let b = self.text.as_bytes();
        let mut i = skip_blank(b, 0);
        if b.get(i) == Some(&b'*') {
            return None;
        }
        let mut dims = Vec::new();
        // `shape` took only whole `dim x` pairs, so every dimension is followed by its `x`.
        while let Some((dim, end)) = dim_at(self.text, i) {
            dims.push(match dim {
                DimText::Dynamic => Dim::Dynamic,
                DimText::Static(d) => Dim::Static(d.parse().unwrap_or(0)),
                DimText::Scalable(d) => Dim::Scalable(d.parse().unwrap_or(0)),
            });
            i = skip_blank(b, skip_blank(b, end) + 1);
        }
        Some(dims)
    }
}

#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error = LexError)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
pub enum Tok<'a> {
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("<")]
    Less,
    #[token(">")]
    Greater,
    #[token(",")]
    Comma,
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token("=")]
    Equal,
    #[token("->")]
    Arrow,
    #[token("*")]
    Star,
    #[token("?")]
    Question,
    /// `+` and `-`: only in affine subscripts (`%A[%i + 1]`).
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,

    #[regex(r"-?[0-9]+", |l| l.slice())]
    #[regex(r"0x[0-9a-fA-F]+", |l| l.slice())]
    Integer(&'a str),
    #[regex(r"-?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?", |l| l.slice())]
    Float(&'a str),
    #[regex(r#""([^"\\\n]|\\[^\n])*""#, checked_string)]
    #[token("\"", unterminated_string)]
    String(&'a str),

    /// `%name` or `%name#3`: MLIR's suffix id is all digits, or starts with a letter or one
    /// of `$._-`. A digit followed by other characters (`%0_0`) is an error, as in MLIR.
    #[regex(r"%([0-9]+|[a-zA-Z_$.\-][a-zA-Z0-9_$.\-]*)(#[0-9]+)?", |l| l.slice())]
    #[regex(r"%[0-9]+[a-zA-Z_$.\-][a-zA-Z0-9_$.\-]*(#[0-9]+)?", |_| Err(LexError::BadSuffixId))]
    ValueId(&'a str),
    /// `@name` or `@"name"`.
    #[regex(r"@[a-zA-Z_$.][a-zA-Z0-9_$.\-]*", |l| l.slice())]
    #[regex(r#"@"([^"\\\n]|\\[^\n])*""#, checked_string)]
    SymbolId(&'a str),
    /// `^bb0` (the same suffix id as a value's).
    #[regex(r"\^([0-9]+|[a-zA-Z_$.\-][a-zA-Z0-9_$.\-]*)", |l| l.slice())]
    #[regex(r"\^[0-9]+[a-zA-Z_$.\-][a-zA-Z0-9_$.\-]*", |_| Err(LexError::BadSuffixId))]
    CaretId(&'a str),
    /// `#name`, or a dialect attribute with its body `#dialect.name<...>`.
    #[regex(r"#[a-zA-Z_$.][a-zA-Z0-9_$.\-]*", opt_angle_body)]
    HashId(&'a str),
    /// `!name`, or a dialect type with its body `!dialect.name<...>`.
    #[regex(r"![a-zA-Z_$.][a-zA-Z0-9_$.\-]*", opt_angle_body)]
    BangId(&'a str),
    /// A bare identifier: op names (looked up in `ir::ops`) and rarer type names are told
    /// apart by `lexer::classify`.
    #[regex(r"[a-zA-Z_][a-zA-Z0-9_$.]*", |l| l.slice())]
    BareId(&'a str),
    /// A keyword of the grammar or a common scalar type: told apart by the automaton itself,
    /// which saves a lookup per identifier. Two variants only because a variant with this many
    /// patterns exceeds the macro recursion limit.
    #[token("index", |l| known(Known::Kw(Kw::Index), l))]
    #[token("none", |l| known(Known::Kw(Kw::None), l))]
    #[token("complex", |l| known(Known::Kw(Kw::Complex), l))]
    #[token("tuple", |l| known(Known::Kw(Kw::Tuple), l))]
    #[token("true", |l| known(Known::Kw(Kw::True), l))]
    #[token("false", |l| known(Known::Kw(Kw::False), l))]
    #[token("unit", |l| known(Known::Kw(Kw::Unit), l))]
    #[token("module", |l| known(Known::Kw(Kw::Module), l))]
    #[token("attributes", |l| known(Known::Kw(Kw::Attributes), l))]
    #[token("to", |l| known(Known::Kw(Kw::To), l))]
    #[token("step", |l| known(Known::Kw(Kw::Step), l))]
    #[token("iter_args", |l| known(Known::Kw(Kw::IterArgs), l))]
    #[token("ins", |l| known(Known::Kw(Kw::Ins), l))]
    #[token("outs", |l| known(Known::Kw(Kw::Outs), l))]
    #[token("into", |l| known(Known::Kw(Kw::Into), l))]
    #[token("else", |l| known(Known::Kw(Kw::Else), l))]
    #[token("do", |l| known(Known::Kw(Kw::Do), l))]
    #[token("case", |l| known(Known::Kw(Kw::Case), l))]
    #[token("default", |l| known(Known::Kw(Kw::Default), l))]
    #[token("init", |l| known(Known::Kw(Kw::Init), l))]
    #[token("in", |l| known(Known::Kw(Kw::In), l))]
    #[token("shared_outs", |l| known(Known::Kw(Kw::SharedOuts), l))]
    #[token("output_shape", |l| known(Known::Kw(Kw::OutputShape), l))]
    #[token("offset", |l| known(Known::Kw(Kw::Offset), l))]
    #[token("sizes", |l| known(Known::Kw(Kw::Sizes), l))]
    #[token("strides", |l| known(Known::Kw(Kw::Strides), l))]
    #[token("permutation", |l| known(Known::Kw(Kw::Permutation), l))]
    #[token("dimensions", |l| known(Known::Kw(Kw::Dimensions), l))]
    #[token("indexing_maps", |l| known(Known::Kw(Kw::IndexingMaps), l))]
    #[token("constant", |l| known(Known::Kw(Kw::Constant), l))]
    #[token("uninitialized", |l| known(Known::Kw(Kw::Uninitialized), l))]
    #[token("unsigned", |l| known(Known::Kw(Kw::Unsigned), l))]
    #[token("restrict", |l| known(Known::Kw(Kw::Restrict), l))]
    #[token("writable", |l| known(Known::Kw(Kw::Writable), l))]
    #[token("read_only", |l| known(Known::Kw(Kw::ReadOnly), l))]
    #[token("fastmath", |l| known(Known::Kw(Kw::Fastmath), l))]
    #[token("overflow", |l| known(Known::Kw(Kw::Overflow), l))]
    #[token("low", |l| known(Known::Kw(Kw::Low), l))]
    #[token("high", |l| known(Known::Kw(Kw::High), l))]
    #[token("nofold", |l| known(Known::Kw(Kw::Nofold), l))]
    #[token("dim", |l| known(Known::Kw(Kw::Dim), l))]
    #[token("attrs", |l| known(Known::Kw(Kw::Attrs), l))]
    #[token("no_inline", |l| known(Known::Kw(Kw::NoInline), l))]
    #[token("weights", |l| known(Known::Kw(Kw::Weights), l))]
    Known1((Known, &'a str)),
    #[token("i1", |l| known(Known::Int, l))]
    #[token("i8", |l| known(Known::Int, l))]
    #[token("i16", |l| known(Known::Int, l))]
    #[token("i32", |l| known(Known::Int, l))]
    #[token("i64", |l| known(Known::Int, l))]
    #[token("f16", |l| known(Known::Float, l))]
    #[token("bf16", |l| known(Known::Float, l))]
    #[token("f32", |l| known(Known::Float, l))]
    #[token("tf32", |l| known(Known::Float, l))]
    #[token("f64", |l| known(Known::Float, l))]
    #[token("f80", |l| known(Known::Float, l))]
    #[token("f128", |l| known(Known::Float, l))]
    #[token("if", |l| known(Known::Kw(Kw::If), l))]
    #[token("retain", |l| known(Known::Kw(Kw::Retain), l))]
    Known2((Known, &'a str)),

    /// `affine_map<...>`, `strided<...>`, `dense<...>`, ... taken whole.
    /// MLIR allows whitespace before the `<` (`dense <1.0>`): `Lexer` takes that form (and
    /// `raw_attr_text` drops the whitespace).
    #[regex(r"(affine_map|affine_set|strided|dense|dense_resource|array|sparse|opaque|distinct\[[0-9]+\])<", angle_body)]
    RawAttr(&'a str),
    /// The file metadata section `{-# ... #-}` (resource blobs), taken whole.
    #[token("{-#", metadata_body)]
    FileMetadata(&'a str),
    /// `loc(...)`, taken whole (locations are accepted and dropped).
    #[token("loc(", paren_body)]
    Loc(&'a str),

    /// `memref<`, `tensor<` or `vector<` with the dimension list after it. MLIR allows
    /// whitespace before the `<` too (`memref <4xf32>`).
    #[regex(r"memref[ \t\r\n\f]*<", |l| shape(l, ShapedKind::MemRef))]
    #[regex(r"tensor[ \t\r\n\f]*<", |l| shape(l, ShapedKind::Tensor))]
    #[regex(r"vector[ \t\r\n\f]*<", |l| shape(l, ShapedKind::Vector))]
    ShapedOpen(Shape<'a>),
}

/// The token of a `Known` identifier.
fn known<'a>(k: Known, lex: &Lexer<'a, Tok<'a>>) -> (Known, &'a str) {
    (k, lex.slice())
}

/// A string literal (or quoted symbol) whose escapes are all MLIR's: `\"`, `\\`, `\n`, `\t` and
/// two hex digits.
fn checked_string<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Result<&'a str, LexError> {
    let s = lex.slice();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let next = b.get(i + 1).copied().unwrap_or(0);
            if matches!(next, b'"' | b'\\' | b'n' | b't') {
                i += 2;
                continue;
            }
            if next.is_ascii_hexdigit() && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
                i += 3;
                continue;
            }
            return Err(LexError::UnknownEscape(i));
        }
        i += 1;
    }
    Ok(s)
}

fn unterminated_string<'a>(_: &mut Lexer<'a, Tok<'a>>) -> Result<&'a str, LexError> {
    Err(LexError::Unterminated("string"))
}

/// After `{-#`: everything up to and including the `#-}` that ends the section.
fn metadata_body<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Result<&'a str, LexError> {
    let n = lex
        .remainder()
        .find("#-}")
        .ok_or(LexError::Unterminated("file metadata '{-#'"))?;
    lex.bump(n + 3);
    Ok(lex.slice())
}

/// After `#name` / `!name`: when `<` follows directly, take the balanced body too.
fn opt_angle_body<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Result<&'a str, LexError> {
    if lex.remainder().starts_with('<') {
        lex.bump(1);
        angle_body(lex)
    } else {
        Ok(lex.slice())
    }
}

/// The token so far ends with an opening `<`: take everything up to its matching `>`.
fn angle_body<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Result<&'a str, LexError> {
    let n = balanced_len(lex.remainder(), b'<', b'>').ok_or(LexError::Unterminated("'<'"))?;
    lex.bump(n);
    Ok(lex.slice())
}

/// The token so far ends with an opening `(`: take everything up to its matching `)`.
fn paren_body<'a>(lex: &mut Lexer<'a, Tok<'a>>) -> Result<&'a str, LexError> {
    let n = balanced_len(lex.remainder(), b'(', b')').ok_or(LexError::Unterminated("'('"))?;
    lex.bump(n);
    Ok(lex.slice())
}

/// Length of `rest` up to and including the bracket that closes an already opened `open`.
/// Nested `()[]{}<>` and string literals are skipped; `->`, `>=` and `<=` do not count as angle
/// brackets (affine maps and sets contain them).
pub(crate) fn balanced_len(rest: &str, open: u8, close: u8) -> Option<usize> {
    let b = rest.as_bytes();
    let mut stack: Vec<u8> = vec![close];
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'-' if b.get(i + 1) == Some(&b'>') => i += 1,
            b'>' | b'<' if b.get(i + 1) == Some(&b'=') => i += 1,
            b'(' => stack.push(b')'),
            b'[' => stack.push(b']'),
            b'{' => stack.push(b'}'),
            b'<' => stack.push(b'>'),
            b')' | b']' | b'}' | b'>' => {
                if stack.pop() != Some(c) {
                    return None;
                }
                if stack.is_empty() {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    let _ = open;
    None
}

/// Reads the dimension list after `memref<` and friends: `4x?x[8]x`, or `*x` for unranked.
/// Whitespace and comments may stand between the parts (`2 x ? x [ 4 ] x`), as MLIR's lexer
/// skips them between the tokens its parser reads the list from; the token ends after the
/// last `x` that follows a dimension (or the `*`), so the element type is lexed on its own.
fn shape<'a>(lex: &mut Lexer<'a, Tok<'a>>, kind: ShapedKind) -> Result<Shape<'a>, LexError> {
    let rest = lex.remainder();
    let b = rest.as_bytes();
    let start = skip_blank(b, 0);
    if b.get(start) == Some(&b'*') {
        let x = skip_blank(b, start + 1);
        if b.get(x) == Some(&b'x') {
            lex.bump(x + 1);
            return Ok(Shape {
                kind,
                text: &rest[..x + 1],
            });
        }
    }
    let mut i = start;
    let mut end = 0;
    let mut overflow = false;
    while let Some((dim, after)) = dim_at(rest, i) {
        let x = skip_blank(b, after);
        if b.get(x) != Some(&b'x') {
            break;
        }
        if let DimText::Static(d) | DimText::Scalable(d) = dim {
            overflow |= !fits_u64(d);
        }
        end = x + 1;
        i = skip_blank(b, end);
    }
    lex.bump(end);
    if overflow {
        return Err(LexError::DimOverflow);
    }
    Ok(Shape {
        kind,
        text: &rest[..end],
    })
}

/// One dimension of a dimension list, as written.
enum DimText<'a> {
    /// `?`
    Dynamic,
    /// Its digits.
    Static(&'a str),
    /// `[n]`: the digits of `n`.
    Scalable(&'a str),
}

/// The dimension that starts at byte `i` of `text`, and where it ends; `None` if none does.
/// An integer is only its decimal digits: `0x4` is `0` followed by `x4`, as in MLIR's
/// dimension lists.
fn dim_at(text: &str, i: usize) -> Option<(DimText<'_>, usize)> {
    let b = text.as_bytes();
    let digits = |from: usize| {
        b[from.min(b.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    match b.get(i)? {
        b'?' => Some((DimText::Dynamic, i + 1)),
        b'[' => {
            let from = skip_blank(b, i + 1);
            let n = digits(from);
            let close = skip_blank(b, from + n);
            (n > 0 && b.get(close) == Some(&b']'))
                .then(|| (DimText::Scalable(&text[from..from + n]), close + 1))
        }
        _ => {
            let n = digits(i);
            (n > 0).then(|| (DimText::Static(&text[i..i + n]), i + n))
        }
    }
}

/// The first byte at or after `i` that is neither whitespace nor in a `//` comment (what the
/// lexer skips between tokens).
fn skip_blank(b: &[u8], mut i: usize) -> usize {
    loop {
        match b.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0c') => i += 1,
            Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            _ => return i,
        }
    }
}

fn fits_u64(digits: &str) -> bool {
    digits.parse::<u64>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape token at the start of `text`: its dimensions and the text after it.
    fn shape_of(text: &str) -> (Option<Vec<Dim>>, &str) {
        let mut lex = Tok::lexer(text);
        match lex.next() {
            Some(Ok(Tok::ShapedOpen(s))) => (s.dims(), lex.remainder()),
            other => panic!("no shape token in {text:?}: {other:?}"),
        }
    }

    #[test]
    fn spaced_shapes_read_as_unspaced() {
        use Dim::{Dynamic, Scalable, Static};
        let cases: &[(&str, Option<Vec<Dim>>, &str)] = &[
            ("memref<2x4xf32>", Some(vec![Static(2), Static(4)]), "f32>"),
            (
                "memref<2 x 4 x f32>",
                Some(vec![Static(2), Static(4)]),
                " f32>",
            ),
            ("memref< 2x i32>", Some(vec![Static(2)]), " i32>"),
            ("memref<2 x4xf32>", Some(vec![Static(2), Static(4)]), "f32>"),
            (
                "memref<2 x ? x f32>",
                Some(vec![Static(2), Dynamic]),
                " f32>",
            ),
            ("memref <4xf32>", Some(vec![Static(4)]), "f32>"),
            (
                "tensor\n<2\t x\n3x // c\n i8>",
                Some(vec![Static(2), Static(3)]),
                " // c\n i8>",
            ),
            (
                "vector<[ 4 ] x [8]xf32>",
                Some(vec![Scalable(4), Scalable(8)]),
                "f32>",
            ),
            ("memref<* x f32>", None, " f32>"),
            ("memref< *xf32>", None, "f32>"),
            ("memref<0x4xf32>", Some(vec![Static(0), Static(4)]), "f32>"),
            (
                "memref<0 x 4xf32>",
                Some(vec![Static(0), Static(4)]),
                "f32>",
            ),
            ("memref<f32>", Some(vec![]), "f32>"),
            ("memref< f32>", Some(vec![]), " f32>"),
            // A dimension without its `x` is left to the parser, which refuses it.
            ("memref<2 x 4 f32>", Some(vec![Static(2)]), " 4 f32>"),
            ("vector<[4 x f32>", Some(vec![]), "[4 x f32>"),
        ];
        for (text, dims, rest) in cases {
            assert_eq!(shape_of(text), (dims.clone(), *rest), "{text:?}");
        }
    }

    #[test]
    fn memref_without_angle_is_an_identifier() {
        let toks: Vec<_> = Tok::lexer("memref = 1").collect();
        assert_eq!(toks[0], Ok(Tok::BareId("memref")));
    }
}

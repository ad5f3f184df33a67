//! The syntax tree the grammar produces.
//!
//! It is kept flat so that a large file never holds a whole tree of boxed nodes besides the IR
//! built from it: the parser stores every finished op, block and region straight into the
//! IR's arena records (`OpData`, `BlockData`, `RegionData`, in the order it finishes them), and
//! what only names can say (operands, result bindings, successors, block arguments) waits in
//! side tables of `File` until `ir::build` resolves the names. Types are interned as they are
//! parsed (`File::types`), so a type written a million times is one entry.
//!
//! Custom and generic forms give the same records, so the builder never needs to know which
//! form an op was written in.

use crate::ir::types::{Attr, Type};
use crate::ir::{BlockId, Module, OpId, RegionId, TypeId};
use crate::source::Span;
use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;
use smallvec::SmallVec;
use std::borrow::Cow;

/// Types as parsed, indexed by the `TypeId`s the syntax tree uses. Type aliases are still
/// unresolved here; `ir::build` resolves them into the module's own type table.
pub type TypeTable = IndexSet<Type, FxBuildHasher>;

/// A whole parsed file.
#[derive(Debug)]
pub struct File<'a> {
    /// The source text; value and block names are slices of it.
    pub text: &'a str,
    /// Ops, blocks and regions as parsed. Ops have no operands, results or successors yet,
    /// no parent, and the ids they hold (regions of an op, ops of a block, blocks of a region)
    /// are the parser's; `ir::build` numbers everything again in pre-order.
    pub skeleton: Module,
    /// Types by the ids the syntax tree uses (`ArgType::Given`, `Use::ty`, ...).
    pub types: TypeTable,
    /// Per op of `skeleton`: where its entries start in the side tables below. An op's
    /// entries end where the next op's start.
    pub op_syntax: Vec<OpSyntax>,
    /// Operands of all ops, in order.
    pub uses: Vec<Use>,
    /// Spans of the result groups of all ops (`%a`, `%b:2`), in order (the names are the text
    /// there); the counts are `OpData::result_groups`.
    pub group_spans: Vec<Span>,
    /// Result types of all ops, in order.
    pub result_types: Vec<TypeId>,
    /// Successor labels of all ops, in order.
    pub successors: Vec<Successor>,
    /// Per block of `skeleton`: its arguments and the span of its label.
    pub block_syntax: Vec<BlockSyntax>,
    /// Alias definitions, in order.
    pub aliases: Vec<AliasDef<'a>>,
    /// Top-level ops, in order.
    pub top: Vec<OpId>,
}

/// A text parsed in two parts (see `parallel::split`): the text around a hole, and the hole,
/// a run of ops of one block parsed on its own. `ir::build` builds the two side by side.
#[derive(Debug)]
pub struct Parts<'a> {
    pub main: File<'a>,
    pub hole: Option<HolePart<'a>>,
}

impl<'a> From<File<'a>> for Parts<'a> {
    fn from(main: File<'a>) -> Parts<'a> {
        Parts { main, hole: None }
    }
}

/// The hole of a two-part parse: its ops (the `top` ops of `file`) belong in block `block` of
/// the main part, before the op at position `at` of that block.
#[derive(Debug)]
pub struct HolePart<'a> {
    pub file: File<'a>,
    pub block: BlockId,
    pub at: usize,
}

/// Where one op's entries start in the side tables of `File`.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpSyntax {
    pub uses: u32,
    pub groups: u32,
    pub result_types: u32,
    pub successors: u32,
}

impl File<'_> {
    /// Where the side tables end: the starts of the next op stored.
    pub fn side_table_ends(&self) -> OpSyntax {
        OpSyntax {
            uses: self.uses.len() as u32,
            groups: self.group_spans.len() as u32,
            result_types: self.result_types.len() as u32,
            successors: self.successors.len() as u32,
        }
    }
}

/// An operand as written: the span of `%name` or `%name#2` (the name is the text there), and
/// the type the syntax gives it, if it gives one (checked against the definition).
#[derive(Clone, Copy, Debug)]
pub struct Use {
    pub span: Span,
    pub ty: Option<TypeId>,
}

/// A block's arguments and the span of its label (for "redefinition of block").
#[derive(Clone, Debug, Default)]
pub struct BlockSyntax {
    pub args: Vec<BlockArg>,
    pub label_span: Span,
}

/// `!name = type` or `#name = attr`.
#[derive(Debug)]
pub enum AliasDef<'a> {
    Type {
        name: &'a str,
        value: TypeId,
        span: Span,
    },
    Attr {
        name: &'a str,
        value: Attr,
        span: Span,
    },
}

// Names are not copied out of the text: a node's span says where its name is written
// (`value_name`, `split_use`), which keeps the parser's stack entries small.

/// `%name` or `%name:3` on the left of `=`; the name is the value token its span starts with.
#[derive(Clone, Copy, Debug)]
pub struct ResultGroup {
    pub count: u32,
    pub span: Span,
}

/// The result groups of one op (`%a, %b:2 =`): most ops bind one, so it is kept inline.
pub type ResultGroups = SmallVec<[ResultGroup; 1]>;

/// A list of operands as the grammar collects it: most lists are short, so they are kept
/// inline and reading an op allocates nothing for them.
pub type Uses = SmallVec<[ValueUse; 2]>;

/// A list of types as the grammar collects it (`: f32` after an arith op), kept inline.
pub type Types = SmallVec<[TypeId; 2]>;

/// A use of a value: the span of `%name` or `%name#2` (see `split_use`).
#[derive(Clone, Copy, Debug)]
pub struct ValueUse {
    pub span: Span,
}

/// A block argument's type: written, or the type of one of the op's operands (`scf.for`'s
/// induction variable has the type of its lower bound).
#[derive(Clone, Copy, Debug)]
pub enum ArgType {
    Given(TypeId),
    OfOperand(u32),
}

/// A block argument; its name is the value token its span starts with.
#[derive(Clone, Copy, Debug)]
pub struct BlockArg {
    pub ty: ArgType,
    pub span: Span,
}

/// A successor block of a branch: the span of `^bb1`. Its arguments are operands of the op (as
/// in MLIR's generic form), so `cf.br ^bb1(%a : i32)` has one operand and one successor.
#[derive(Clone, Copy, Debug)]
pub struct Successor {
    pub span: Span,
}

/// A function type as the grammar reads it, its parts kept apart (generic ops and calls take
/// their operand and result types from them).
#[derive(Clone, Debug, Default)]
pub struct FnType {
    pub inputs: Vec<TypeId>,
    pub results: Vec<TypeId>,
}

/// An operation as a grammar action describes it, before the tree stores it (`Tree::add`).
/// Its regions are already in the tree; its result bindings and full span come after it.
#[derive(Debug, Default)]
pub struct Op<'a> {
    pub name: Cow<'a, str>,
    pub name_span: Span,
    pub operands: Vec<ValueUse>,
    /// The type the syntax gives each operand, where it gives one. Same length as `operands`.
    pub operand_types: Vec<Option<TypeId>>,
    pub result_types: Vec<TypeId>,
    /// Inherent attributes (MLIR's properties, `<{...}>` in generic form).
    pub props: Vec<(Box<str>, Attr)>,
    /// Discardable attributes (`{...}`).
    pub attrs: Vec<(Box<str>, Attr)>,
    pub regions: Vec<RegionId>,
    pub successors: Vec<Successor>,
}

impl<'a> Op<'a> {
    /// Adds an operand whose type the syntax states.
    pub fn operand(&mut self, v: ValueUse, ty: Option<TypeId>) {
        self.operands.push(v);
        self.operand_types.push(ty);
    }

    pub fn operands_untyped(&mut self, vs: impl IntoIterator<Item = ValueUse>) {
        for v in vs {
            self.operand(v, None);
        }
    }

    pub fn prop(&mut self, name: &str, value: Attr) {
        self.props.push((name.into(), value));
    }
}

/// An entry of a mixed static/dynamic list such as `[0, %i, 4]` in `memref.subview`.
#[derive(Clone, Copy, Debug)]
pub enum Mixed {
    Static(i64),
    Dynamic(ValueUse),
}

pub use crate::ir::types::DYNAMIC;

/// Splits `%name#2` into the name and the index (0 without `#`). A value token has at most one
/// `#`, followed by digits only, so it is found from the end.
pub fn split_use(text: &str) -> (&str, u32) {
    let b = text.as_bytes();
    let digits = b.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let at = b.len() - digits;
    if digits > 0 && at > 0 && b[at - 1] == b'#' {
        (&text[..at - 1], text[at..].parse().unwrap_or(u32::MAX))
    } else {
        (text, 0)
    }
}

/// The value token a text starts with: the name of a result group (`%a` of `%a:3`, `%a#1`
/// of `%a#1:2`) or of a block argument (`%x` of `%x: i32`).
pub fn value_name(text: &str) -> &str {
    let b = text.as_bytes();
    let mut n = 1 + b[1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || b"_$.-".contains(c))
        .count();
    if b.get(n) == Some(&b'#') {
        let digits = b[n + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits > 0 {
            n += 1 + digits;
        }
    }
    &text[..n]
}

//! The syntax tree the grammar produces: ops with their operands by name, regions and blocks,
//! every node with its span. Custom and generic forms produce the same tree, so the IR builder
//! never needs to know which form an op was written in.

use crate::ir::types::{Attr, Type};
use crate::source::Span;

/// A whole file: alias definitions and top-level ops.
#[derive(Debug, Default)]
pub struct File {
    pub type_aliases: Vec<Alias<Type>>,
    pub attr_aliases: Vec<Alias<Attr>>,
    pub ops: Vec<Op>,
}

/// `!name = type` or `#name = attr`.
#[derive(Debug)]
pub struct Alias<T> {
    pub name: Box<str>,
    pub value: T,
    pub span: Span,
}

/// A top-level item of a file.
#[derive(Debug)]
pub enum Item {
    TypeAlias(Alias<Type>),
    AttrAlias(Alias<Attr>),
    Op(Op),
}

/// `%name` or `%name:3` on the left of `=`.
#[derive(Clone, Debug)]
pub struct ResultGroup {
    pub name: Box<str>,
    pub count: u32,
    pub span: Span,
}

/// A use of a value: `%name` or `%name#2`.
#[derive(Clone, Debug)]
pub struct ValueUse {
    /// The name without `#n`, including `%`.
    pub name: Box<str>,
    /// The `#n` suffix.
    pub index: u32,
    pub span: Span,
}

/// A block argument's type: written, or the type of one of the op's operands (`scf.for`'s
/// induction variable has the type of its lower bound).
#[derive(Clone, Debug)]
pub enum ArgType {
    Given(Type),
    OfOperand(usize),
}

#[derive(Clone, Debug)]
pub struct BlockArg {
    pub name: Box<str>,
    pub ty: ArgType,
    pub span: Span,
}

#[derive(Debug, Default)]
pub struct Block {
    /// `^bb0`, including `^`; `None` for an entry block without a label.
    pub label: Option<(Box<str>, Span)>,
    pub args: Vec<BlockArg>,
    pub ops: Vec<Op>,
    pub span: Span,
}

#[derive(Debug, Default)]
pub struct Region {
    pub blocks: Vec<Block>,
    pub span: Span,
}

/// A successor block of a branch: `^bb1`. Its arguments are operands of the op (as in MLIR's
/// generic form), so `cf.br ^bb1(%a : i32)` has one operand and one successor.
#[derive(Debug)]
pub struct Successor {
    pub label: Box<str>,
    pub span: Span,
}

/// An operation, whichever form it was written in.
#[derive(Debug)]
pub struct Op {
    pub name: Box<str>,
    pub name_span: Span,
    pub results: Vec<ResultGroup>,
    pub operands: Vec<ValueUse>,
    /// The type the syntax gives each operand, where it gives one; checked against the
    /// definition. Same length as `operands`, or empty.
    pub operand_types: Vec<Option<Type>>,
    pub result_types: Vec<Type>,
    /// Inherent attributes (MLIR's properties, `<{...}>` in generic form).
    pub props: Vec<(Box<str>, Attr)>,
    /// Discardable attributes (`{...}`).
    pub attrs: Vec<(Box<str>, Attr)>,
    pub regions: Vec<Region>,
    pub successors: Vec<Successor>,
    pub span: Span,
}

impl Op {
    pub fn new(name: &str, name_span: Span) -> Op {
        Op {
            name: name.into(),
            name_span,
            results: Vec::new(),
            operands: Vec::new(),
            operand_types: Vec::new(),
            result_types: Vec::new(),
            props: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            span: name_span,
        }
    }

    /// Adds an operand whose type the syntax states.
    pub fn operand(&mut self, v: ValueUse, ty: Option<Type>) {
        self.operands.push(v);
        self.operand_types.push(ty);
    }

    pub fn operands_untyped(&mut self, vs: Vec<ValueUse>) {
        for v in vs {
            self.operand(v, None);
        }
    }

    pub fn prop(&mut self, name: &str, value: Attr) {
        self.props.push((name.into(), value));
    }
}

/// An entry of a mixed static/dynamic list such as `[0, %i, 4]` in `memref.subview`.
#[derive(Clone, Debug)]
pub enum Mixed {
    Static(i64),
    Dynamic(ValueUse),
}

/// MLIR's marker for a dynamic entry in a static list (`ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

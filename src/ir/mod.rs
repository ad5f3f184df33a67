//! The IR: ops, values, blocks and regions in arenas with typed ids (`entity`), built from the
//! syntax tree with every name resolved (`build`), checked against the rules of the ops it
//! holds (`verify`), printed back as MLIR text (`print`). Work that may go on two threads goes
//! through the `Fork` the caller hands in (`fork`): this layer starts no thread of its own.
//!
//! What is separate from where: an op's data lives in `Module::ops`; where it stands is the
//! order list of its block (`BlockData::ops`). A rewrite adds ops and edits order lists, through
//! `edit`.
//!
//! Records are kept small, because a large input has millions of ops: an op's short lists
//! (operands, results, result bindings) are stored inline (`ValueList`, `ResultGroups`) and
//! the lists most ops leave empty take one pointer (`Sparse`); an op's name is shared by all
//! ops of its kind (`OpName`) and a value's short name is stored in place (`ValueName`).
//! All of them dereference to slices and are built with `.into()` from a `Vec`, or `collect`.

pub mod affine;
pub mod build;
pub(crate) mod edit;
pub mod entity;
pub mod fork;
pub mod ops;
pub mod print;
pub mod types;
pub mod verify;

use crate::source::Span;
pub use entity::{BlockId, OpId, RegionId, TypeId, ValueId};
pub use fork::{Fork, OneThread};
use indexmap::IndexSet;
use smallvec::SmallVec;
use std::sync::Arc;
use thin_vec::ThinVec;
use types::{Attr, Type};

/// An op's name, one string shared by all ops of that kind (the printer and the verifier
/// look up what they know of an op kind by its address).
pub type OpName = Arc<str>;

/// A value's name as written: up to 23 bytes (almost every name) are stored in place, so
/// that the millions of values of a large input need no allocation each.
pub type ValueName = smol_str::SmolStr;

/// Operands or results of an op: up to four without an allocation.
pub type ValueList = SmallVec<[ValueId; 4]>;

/// How the results of an op are bound (see `OpData::result_groups`): the number of values of
/// each group, in order; `%a, %b:2 = ...` is `[1, 2]`. A group's name is its first value's
/// (without the `#0` of a group of several). Most ops bind one group or none: kept inline.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ResultGroups {
    #[default]
    None,
    One(u32),
    Many(ThinVec<u32>),
}

impl ResultGroups {
    pub fn counts(&self) -> &[u32] {
        match self {
            ResultGroups::None => &[],
            ResultGroups::One(count) => std::slice::from_ref(count),
            ResultGroups::Many(counts) => counts,
        }
    }

    /// Adds a group of `count` values.
    pub fn push(&mut self, count: u32) {
        *self = match std::mem::take(self) {
            ResultGroups::None => ResultGroups::One(count),
            ResultGroups::One(first) => ResultGroups::Many(ThinVec::from(vec![first, count])),
            ResultGroups::Many(mut counts) => {
                counts.push(count);
                ResultGroups::Many(counts)
            }
        }
    }

    /// How many values the groups bind.
    pub fn declared(&self) -> u32 {
        self.counts().iter().sum()
    }
}

/// The name of a result group whose first value is named `first` and that has `count`
/// values (`%x` for `%x#0` of `%x:2`).
pub fn group_name(first: &str, count: u32) -> &str {
    if count > 1 {
        first.strip_suffix("#0").unwrap_or(first)
    } else {
        first
    }
}

/// A list most ops leave empty (attributes, regions, successors): one pointer when empty.
pub type Sparse<T> = ThinVec<T>;

/// Named attributes of an op, in order.
pub type AttrList = Sparse<(Box<str>, Attr)>;

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `n` of an op.
    Result(OpId, u32),
    /// Argument `n` of a block.
    Arg(BlockId, u32),
}

#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: TypeId,
    pub def: ValueDef,
    /// The name as written (`%x`, or `%x#1` for a member of a result group `%x:2`).
    pub name: ValueName,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct OpData {
    pub name: OpName,
    pub operands: ValueList,
    pub results: ValueList,
    /// How the results are bound: `%a, %b:2 = ...` is `[1, 2]`.
    pub result_groups: ResultGroups,
    /// Inherent attributes (MLIR's properties).
    pub props: AttrList,
    /// Discardable attributes.
    pub attrs: AttrList,
    pub regions: Sparse<RegionId>,
    pub successors: Sparse<BlockId>,
    /// The block holding the op; `None` for a top-level op.
    pub parent: Option<BlockId>,
    pub span: Span,
    pub name_span: Span,
}

impl OpData {
    /// An op named `name` at `span`, with no operands, results, attributes, regions or
    /// successors yet and no parent: `OpData { operands, ..OpData::new(name, span) }`.
    pub fn new(name: impl Into<OpName>, span: Span) -> OpData {
        OpData {
            name: name.into(),
            operands: ValueList::new(),
            results: ValueList::new(),
            result_groups: ResultGroups::None,
            props: AttrList::new(),
            attrs: AttrList::new(),
            regions: Sparse::new(),
            successors: Sparse::new(),
            parent: None,
            span,
            name_span: span,
        }
    }
}

#[derive(Clone, Debug)]
pub struct BlockData {
    /// `^bb0`, as written; `None` for an entry block written without a label.
    pub label: Option<Box<str>>,
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    pub parent: RegionId,
    /// Where the block was read (its label to its last op). Nothing reads it yet; the
    /// grammar's actions set it.
    #[allow(dead_code)]
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct RegionData {
    pub blocks: Vec<BlockId>,
    pub parent: OpId,
}

/// One parsed file (or `--split-input-file` chunk): a verified module, as
/// [`read`](crate::read) makes it.
///
/// Its ops and values are the crate's own records; an analysis names them by [`OpId`] and
/// [`ValueId`], which [`Module::op_name`], [`Module::op_span`] and [`Module::value_name`]
/// look up.
#[derive(Debug, Default)]
pub struct Module {
    pub(crate) ops: Vec<OpData>,
    pub(crate) values: Vec<ValueData>,
    pub(crate) blocks: Vec<BlockData>,
    pub(crate) regions: Vec<RegionData>,
    pub(crate) types: IndexSet<Type>,
    /// Top-level ops, in order.
    pub(crate) top: Vec<OpId>,
    /// Alias definitions, printed again at the top of the output.
    pub(crate) type_aliases: Vec<(Box<str>, Type)>,
    pub(crate) attr_aliases: Vec<(Box<str>, Attr)>,
    /// File metadata sections `{-# ... #-}` as written, printed again after the ops.
    pub(crate) metadata: Vec<Box<str>>,
    /// Which module this is, as an analysis of it records it.
    pub(crate) stamp: Stamp,
}

/// Names one module as it stands: drawn afresh for every module made, and again each time
/// the rewrite changes one. An analysis records the stamp of the module it was made of, so
/// that the library can refuse to pool or rewrite a module after the analysis of another.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stamp(u64);

/// Without the number: modules read from one text show alike (the two-thread parse is checked
/// against the one-thread parse by their `Debug` text).
impl std::fmt::Debug for Stamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Stamp")
    }
}

impl Stamp {
    /// A stamp no other module has had.
    pub fn fresh() -> Stamp {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Stamp(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for Stamp {
    fn default() -> Stamp {
        Stamp::fresh()
    }
}

impl Module {
    /// Which module this is, as it stands (see `Stamp`).
    pub(crate) fn stamp(&self) -> Stamp {
        self.stamp
    }

    /// Marks the module as changed: analyses made before no longer match it.
    pub(crate) fn restamp(&mut self) {
        self.stamp = Stamp::fresh();
    }

    /// The name of value `v` as written (`%x`, or `%x#1` for a member of a result group), as
    /// an analysis names its allocations' results. Panics if `v` is not of this module.
    pub fn value_name(&self, v: ValueId) -> &str {
        &self.value(v).name
    }

    /// The name of op `op` (`memref.alloc`, `func.return`, ...). Panics if `op` is not of this
    /// module.
    pub fn op_name(&self, op: OpId) -> &str {
        &self.op(op).name
    }

    /// Where op `op` was read: the byte range of its text in the source file (the op a
    /// rewrite adds borrows the span of the op it replaces). Panics if `op` is not of this
    /// module.
    pub fn op_span(&self, op: OpId) -> Span {
        self.op(op).span
    }

    /// The op `id`.
    pub(crate) fn op(&self, id: OpId) -> &OpData {
        &self.ops[id.index()]
    }

    /// The value `id`.
    pub(crate) fn value(&self, id: ValueId) -> &ValueData {
        &self.values[id.index()]
    }

    /// The block `id`.
    pub(crate) fn block(&self, id: BlockId) -> &BlockData {
        &self.blocks[id.index()]
    }

    /// The region `id`.
    pub(crate) fn region(&self, id: RegionId) -> &RegionData {
        &self.regions[id.index()]
    }

    /// The interned type `id`.
    pub(crate) fn ty(&self, id: TypeId) -> &Type {
        self.types.get_index(id.index()).expect("interned type")
    }

    /// The type of value `v`.
    pub(crate) fn value_type(&self, v: ValueId) -> &Type {
        self.ty(self.value(v).ty)
    }

    /// The id of type `t`, added to the module's types if new.
    pub(crate) fn intern(&mut self, t: Type) -> TypeId {
        TypeId::new(self.types.insert_full(t).0)
    }

    /// The value of a property or attribute of an op, looked up by name (properties first).
    pub(crate) fn attr<'a>(&'a self, op: OpId, name: &str) -> Option<&'a Attr> {
        let o = self.op(op);
        o.props
            .iter()
            .chain(o.attrs.iter())
            .find(|(k, _)| &**k == name)
            .map(|(_, v)| v)
    }

    /// The op that holds a block.
    pub(crate) fn block_owner(&self, b: BlockId) -> OpId {
        self.region(self.block(b).parent).parent
    }

    /// The op enclosing `op`, if any.
    pub(crate) fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).parent.map(|b| self.block_owner(b))
    }

    /// The op defining a value, if it is an op result.
    pub(crate) fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.value(v).def {
            ValueDef::Result(op, _) => Some(op),
            ValueDef::Arg(..) => None,
        }
    }

    /// The value of an `arith.constant` integer (or index) that defines `v`, if one does and
    /// it fits an `i64`.
    pub(crate) fn constant_int(&self, v: ValueId) -> Option<i64> {
        let op = self.defining_op(v)?;
        if &*self.op(op).name != "arith.constant" {
            return None;
        }
        self.attr(op, "value")?.as_i64()
    }

    /// The ops of a function-like or module op's body, in pre-order (an op, then the ops nested
    /// in its regions, in order), without the op itself. Iterative: no recursion on depth.
    pub(crate) fn walk_nested(&self, op: OpId, mut f: impl FnMut(OpId)) {
        let mut stack: Vec<OpId> = Vec::new();
        let push_children = |stack: &mut Vec<OpId>, o: OpId| {
            for r in self.op(o).regions.iter().rev() {
                for b in self.region(*r).blocks.iter().rev() {
                    stack.extend(self.block(*b).ops.iter().rev());
                }
            }
        };
        push_children(&mut stack, op);
        while let Some(o) = stack.pop() {
            f(o);
            push_children(&mut stack, o);
        }
    }

    /// Every `func.func` with a body, in textual order, at any depth of modules.
    pub(crate) fn functions(&self) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack: Vec<OpId> = self.top.iter().rev().copied().collect();
        while let Some(o) = stack.pop() {
            let data = self.op(o);
            if &*data.name == "func.func" {
                out.push(o);
            } else if &*data.name == "builtin.module" {
                for r in data.regions.iter().rev() {
                    for b in self.region(*r).blocks.iter().rev() {
                        stack.extend(self.block(*b).ops.iter().rev());
                    }
                }
            }
        }
        out
    }

    /// The symbol name of an op (`sym_name`), without quotes.
    pub(crate) fn sym_name(&self, op: OpId) -> Option<String> {
        self.attr(op, "sym_name").and_then(Attr::as_str)
    }

    /// The flat symbol a call names in its `callee` (without `@`, unquoted and unescaped, as
    /// `sym_name` gives a function's name); `None` for a nested reference or none.
    pub(crate) fn callee_name(&self, call: OpId) -> Option<String> {
        let Some(Attr::SymbolRef(parts)) = self.attr(call, "callee") else {
            return None;
        };
        let [name] = parts.as_slice() else {
            return None;
        };
        Some(symbol_name(name))
    }
}

/// The name one part of a symbol reference (`@f`, `@"a b"`) stands for: without the `@`, and
/// unescaped when quoted.
pub fn symbol_name(part: &str) -> String {
    let name = part.trim_start_matches('@');
    if name.starts_with('"') {
        types::unescape(name)
    } else {
        name.to_string()
    }
}

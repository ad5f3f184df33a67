//! Byte sizes of allocations with dynamic dimensions (`memref.alloc(%n) : memref<4x?xf32>`):
//! a constant factor (element bytes times the static dimensions) times the size operands.
//! Such an allocation may join a pool only if each size operand can be computed again where
//! the pool is allocated, at the start of the function's entry block, with the same value: so
//! nothing a pool depends on can change after the pool is allocated.

use crate::forms::memref::{AllocView, SliceView};
use crate::ir::ops::{self, Allocates, Choice, Regions, Speculatable, Trips};
use crate::ir::types::Dim;
use crate::ir::{BlockId, Module, OpId, ValueDef, ValueId};
use std::collections::HashSet;

/// The byte size of an allocation with dynamic dimensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynamicSize {
    /// Element bytes times the static dimensions.
    pub factor: u64,
    /// The allocation's size operands, one per dynamic dimension, in order.
    pub operands: Vec<ValueId>,
}

impl DynamicSize {
    /// The size of `alloc` (a `memref.alloc` of a ranked memref with dynamic dimensions),
    /// `None` when a factor overflows or the operands do not match the dimensions.
    pub(crate) fn of(m: &Module, alloc: OpId, elem_bytes: u64) -> Option<DynamicSize> {
        let o = m.op(alloc);
        let mt = m.value_type(*o.results.first()?).as_memref()?;
        let mut factor = elem_bytes;
        let mut dynamic = 0;
        for d in mt.shape.as_ref()? {
            match d {
                Dim::Static(n) => factor = factor.checked_mul(*n)?,
                Dim::Dynamic => dynamic += 1,
                Dim::Scalable(_) => return None,
            }
        }
        let sizes = AllocView::of(m, alloc).ok()?.sizes;
        (sizes.len() == dynamic).then(|| DynamicSize {
            factor,
            operands: sizes.to_vec(),
        })
    }

    /// `16*%n` with the operands' names (`%a*%b` when the factor is 1).
    pub fn describe(&self, m: &Module) -> String {
        let mut parts: Vec<String> = Vec::new();
        if self.factor != 1 || self.operands.is_empty() {
            parts.push(self.factor.to_string());
        }
        parts.extend(self.operands.iter().map(|v| m.value(*v).name.to_string()));
        parts.join("*")
    }
}

/// Why the size of an allocation cannot be computed where its pool would be allocated: the
/// reason `size-not-available` and the op at fault (`None`: the allocation's own position).
///
/// The allocation must run whenever the entry block runs, or be nested (however deep) in the
/// bodies of `scf.for` loops whose bounds are known at entry and in branches of `scf.if` and
/// `scf.index_switch` ops whose condition or argument is known at entry (`Guard`): it then
/// runs exactly when each loop runs at least once and each branch is taken, and its size is
/// reserved only then. Where it does not run, its size operands could hold anything (a
/// negative size its guard rules out): a pool sized by them could fail where the program
/// did not, so they count for nothing there.
pub fn unavailable(
    m: &Module,
    func: OpId,
    alloc: OpId,
    size: &DynamicSize,
) -> Option<Option<OpId>> {
    let entry = m.region(m.op(func).regions[0]).blocks[0];
    let loops = loops_around(m, func, alloc);
    let mut blocks: Vec<BlockId> = m.op(alloc).parent.into_iter().collect();
    blocks.extend(loops.iter().filter_map(|&l| m.op(l).parent));
    if blocks.last() != Some(&entry) {
        return Some(None);
    }
    if let Some(&l) = loops.iter().find(|&&l| match guard(m, l, alloc) {
        Some(Guard::Loop) => !loop_known_at_entry(m, entry, &blocks, l),
        Some(Guard::Branch { .. }) => {
            recomputable_at(m, entry, &blocks, m.op(l).operands[0]).is_err()
        }
        None => true,
    }) {
        return Some(Some(l));
    }
    size.operands
        .iter()
        .find_map(|&v| recomputable_at(m, entry, &blocks, v).err())
}

/// How an op around an allocation decides whether the allocation runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// An `scf.for`: the allocation runs when the loop runs at least once.
    Loop,
    /// An `scf.if` (operand 0 the condition) or `scf.index_switch` (operand 0 the argument):
    /// the allocation runs when the op takes its region `region` (for `scf.if`, 0 is the
    /// then region; for `scf.index_switch`, 0 is the default region and `k` the case
    /// `cases[k - 1]`).
    Branch { region: usize },
}

/// How `op`, an op around `inner`, guards it; `None` for any op other than a one-block
/// `scf.for`, `scf.if` or `scf.index_switch`.
pub fn guard(m: &Module, op: OpId, inner: OpId) -> Option<Guard> {
    let o = m.op(op);
    let row = ops::row(&o.name);
    match row.regions {
        _ if row.trips == Trips::Bounds => Some(Guard::Loop),
        Regions::Exclusive(choice @ (Choice::Condition | Choice::Cases))
            if !o.operands.is_empty() =>
        {
            let mut up = inner;
            while m.parent_op(up)? != op {
                up = m.parent_op(up)?;
            }
            let region = m.block(m.op(up).parent?).parent;
            let k = o.regions.iter().position(|&r| r == region)?;
            let cases_read = choice == Choice::Condition
                || m.attr(op, "cases")
                    .and_then(|a| a.as_dense_ints())
                    .is_some_and(|c| c.len() + 1 == o.regions.len());
            (cases_read && m.region(region).blocks.len() == 1)
                .then_some(Guard::Branch { region: k })
        }
        _ => None,
    }
}

/// The ops around `alloc` up to `func`, innermost first: for an allocation `unavailable`
/// accepts, the loops that must run and the branches that must be taken for it to run
/// (`guard`).
pub fn loops_around(m: &Module, func: OpId, alloc: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut up = m.parent_op(alloc);
    while let Some(p) = up
        && p != func
    {
        out.push(p);
        up = m.parent_op(p);
    }
    out
}

/// An `scf.for` with one body block, signed bounds computable at the start of `entry` (from
/// ops in `blocks`) and a constant step above 0: it runs its body at least once exactly when `lb < ub`.
fn loop_known_at_entry(m: &Module, entry: BlockId, blocks: &[BlockId], op: OpId) -> bool {
    let o = m.op(op);
    if ops::row(&o.name).trips != Trips::Bounds
        || m.attr(op, "unsignedCmp").is_some()
        || o.operands.len() < 3
        || o.regions.len() != 1
        || m.region(o.regions[0]).blocks.len() != 1
    {
        return false;
    }
    m.constant_int(o.operands[2]).is_some_and(|s| s > 0)
        && o.operands[..2]
            .iter()
            .all(|&v| recomputable_at(m, entry, blocks, v).is_ok())
}

/// Whether `v` can be computed again at the start of `entry` with the same value: it is an
/// argument of `entry`, or the result of a pure op in one of `blocks` (the blocks that hold
/// the allocation, from its own to `entry`) whose operands are such values, or a `memref.dim`
/// whose value `dim_terms` reads from such values. Errors with the op at fault (for a block
/// argument, the op that owns the block).
pub fn recomputable_at(
    m: &Module,
    entry: BlockId,
    blocks: &[BlockId],
    v: ValueId,
) -> Result<(), Option<OpId>> {
    let mut stack = vec![v];
    let mut seen: HashSet<ValueId> = HashSet::new();
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        match m.value(v).def {
            ValueDef::Arg(b, _) if b == entry => {}
            ValueDef::Arg(b, _) => return Err(Some(m.block_owner(b))),
            ValueDef::Result(op, _) => {
                let o = m.op(op);
                if !o.parent.is_some_and(|b| blocks.contains(&b)) {
                    return Err(Some(op));
                }
                if &*o.name == "memref.dim" {
                    stack.extend(dim_terms(m, entry, op)?.iter().filter_map(DimTerm::value));
                } else if pure_and_safe(m, op) {
                    stack.extend(o.operands.iter().copied());
                } else {
                    return Err(Some(op));
                }
            }
        }
    }
    Ok(())
}

/// One factor of the value of a `memref.dim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimTerm {
    /// A static dimension.
    Const(u64),
    /// An `index` value: a size operand of the op that made the memref.
    Value(ValueId),
    /// Dimension `k` of a memref argument of the entry block.
    ArgDim(ValueId, usize),
}

impl DimTerm {
    /// The `index` value of a `Value` term.
    pub fn value(&self) -> Option<ValueId> {
        match self {
            DimTerm::Value(v) => Some(*v),
            _ => None,
        }
    }
}

/// What the `memref.dim` `dim` returns, as a product of terms: a static dimension is a
/// constant; a dynamic one of a `memref.alloc`/`alloca`/`view` is its size operand, of an
/// `expand_shape` its `output_shape` entry, of a `subview`/`reinterpret_cast` its size entry
/// (same rank only), of a `cast` the source's, of a `collapse_shape` the product over its
/// group of the source's; of an argument of `entry`, the argument's. Anything else is not
/// known: the error names the op that made the memref (for a block argument, the block's owner;
/// for an index that is not a constant within the rank, the `dim` itself).
pub fn dim_terms(m: &Module, entry: BlockId, dim: OpId) -> Result<Vec<DimTerm>, Option<OpId>> {
    let o = m.op(dim);
    let (&[memref, index], 1) = (&*o.operands, o.results.len()) else {
        return Err(Some(dim));
    };
    let rank = m
        .value_type(memref)
        .as_memref()
        .and_then(|t| t.shape.as_ref())
        .map_or(0, |s| s.len());
    let k = m
        .constant_int(index)
        .and_then(|k| usize::try_from(k).ok())
        .filter(|&k| k < rank)
        .ok_or(Some(dim))?;
    let mut terms = Vec::new();
    let mut todo = vec![(memref, k)];
    while let Some((v, k)) = todo.pop() {
        let shape = m
            .value_type(v)
            .as_memref()
            .and_then(|t| t.shape.as_deref())
            .ok_or(Some(dim))?;
        match shape.get(k) {
            Some(Dim::Static(n)) => {
                terms.push(DimTerm::Const(*n));
                continue;
            }
            Some(Dim::Dynamic) => {}
            _ => return Err(Some(dim)),
        }
        let op = match m.value(v).def {
            ValueDef::Arg(b, _) if b == entry => {
                terms.push(DimTerm::ArgDim(v, k));
                continue;
            }
            ValueDef::Arg(b, _) => return Err(Some(m.block_owner(b))),
            ValueDef::Result(op, _) => op,
        };
        let o = m.op(op);
        // The operand among `dynamic` of the dynamic entry `k` of the static list `name`
        // (`i64::MIN` marks a dynamic entry).
        let listed = |name: &str, dynamic: &[ValueId]| {
            let list = m.attr(op, name)?.as_dense_ints()?;
            if list.len() != shape.len() || list[k] != i64::MIN {
                return None;
            }
            let before = list[..k].iter().filter(|&&d| d == i64::MIN).count();
            dynamic.get(before).copied()
        };
        let nth_dynamic = shape[..k].iter().filter(|d| **d == Dim::Dynamic).count();
        let sized_by_operands = matches!(
            ops::row(&o.name).allocates,
            Allocates::Heap | Allocates::Stack
        );
        let size = match &*o.name {
            _ if sized_by_operands => o.operands.get(nth_dynamic).copied(),
            "memref.view" => o.operands.get(2 + nth_dynamic).copied(),
            // Operands: the source, then the output shape's dynamic sizes.
            "memref.expand_shape" => {
                listed("static_output_shape", o.operands.get(1..).unwrap_or(&[]))
            }
            "memref.subview" | "memref.reinterpret_cast" => {
                SliceView::of(m, op, false).and_then(|view| listed("static_sizes", view.sizes))
            }
            "memref.cast" => {
                todo.push((o.operands[0], k));
                continue;
            }
            "memref.collapse_shape" => {
                let group = m
                    .attr(op, "reassociation")
                    .and_then(|a| match a {
                        crate::ir::types::Attr::Array(groups) => groups.get(k),
                        _ => None,
                    })
                    .and_then(|g| match g {
                        crate::ir::types::Attr::Array(dims) => dims
                            .iter()
                            .map(|d| usize::try_from(d.as_i64()?).ok())
                            .collect(),
                        _ => None,
                    });
                let group: Vec<usize> = group.ok_or(Some(op))?;
                todo.extend(group.into_iter().map(|d| (o.operands[0], d)));
                continue;
            }
            _ => None,
        };
        terms.push(DimTerm::Value(size.ok_or(Some(op))?));
    }
    Ok(terms)
}

/// Ops that compute the same value wherever they run, and cannot trap there: the speculatable
/// ops of the op table (constants and integer arithmetic; divisions only by a constant that
/// is neither 0 nor -1), of one result, without regions or successors.
fn pure_and_safe(m: &Module, op: OpId) -> bool {
    let o = m.op(op);
    if !o.regions.is_empty() || !o.successors.is_empty() || o.results.len() != 1 {
        return false;
    }
    match ops::row(&o.name).speculatable {
        Speculatable::Yes => true,
        Speculatable::SafeDivisor => o
            .operands
            .get(1)
            .and_then(|d| m.constant_int(*d))
            .is_some_and(|d| d != 0 && d != -1),
        Speculatable::No => false,
    }
}

//! Byte sizes of allocations with dynamic dimensions (`memref.alloc(%n) : memref<4x?xf32>`):
//! a constant factor (element bytes times the static dimensions) times the size operands.
//! Such an allocation may join a pool only if each size operand can be computed again where
//! the pool is allocated, at the start of the function's entry block, with the same value: so
//! nothing a pool depends on can change after the pool is allocated.

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
    pub fn of(m: &Module, alloc: OpId, elem_bytes: u64) -> Option<DynamicSize> {
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
        // The dynamic sizes come first (`operandSegmentSizes = [sizes, symbols]`).
        let sizes = match m
            .attr(alloc, "operandSegmentSizes")
            .and_then(|a| a.as_dense_ints())
        {
            Some(segments) => usize::try_from(*segments.first()?).ok()?,
            None => o.operands.len(),
        };
        (sizes == dynamic && sizes <= o.operands.len()).then(|| DynamicSize {
            factor,
            operands: o.operands[..sizes].to_vec(),
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
/// The allocation must run whenever the entry block runs, or be in the body of `scf.for`
/// loops (directly, however deep) whose bounds are known at entry: it then runs whenever each
/// loop runs at least once, and its size is reserved only then. An allocation in a
/// branch may not run at all, and its size operands could then hold anything (a negative
/// size its guard rules out): a pool sized by them could fail where the program did not.
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
    if let Some(&l) = loops
        .iter()
        .find(|&&l| !loop_known_at_entry(m, entry, &blocks, l))
    {
        return Some(Some(l));
    }
    size.operands
        .iter()
        .find_map(|&v| recomputable_at(m, entry, &blocks, v).err())
}

/// The ops around `alloc` up to `func`, innermost first: for an allocation `unavailable`
/// accepts, the `scf.for` loops that must run for it to run.
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
    if &*o.name != "scf.for"
        || m.attr(op, "unsignedCmp").is_some()
        || o.operands.len() < 3
        || o.regions.len() != 1
        || m.region(o.regions[0]).blocks.len() != 1
    {
        return false;
    }
    constant_int(m, o.operands[2]).is_some_and(|s| s > 0)
        && o.operands[..2]
            .iter()
            .all(|&v| recomputable_at(m, entry, blocks, v).is_ok())
}

/// Whether `v` can be computed again at the start of `entry` with the same value: it is an
/// argument of `entry`, or the result of a pure op in one of `blocks` (the blocks that hold
/// the allocation, from its own to `entry`) whose operands are such values. Errors with the
/// op at fault (for a block argument, the op that owns the block).
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
                if !o.parent.is_some_and(|b| blocks.contains(&b)) || !pure_and_safe(m, entry, op) {
                    return Err(Some(op));
                }
                stack.extend(o.operands.iter().copied());
            }
        }
    }
    Ok(())
}

/// Ops that compute the same value wherever they run, and cannot trap there: constants,
/// integer arithmetic, `memref.dim` of an argument. Divisions only by a constant that is
/// neither 0 nor -1 (division by zero, and the signed `MIN / -1`, are undefined).
fn pure_and_safe(m: &Module, entry: BlockId, op: OpId) -> bool {
    let o = m.op(op);
    if !o.regions.is_empty() || !o.successors.is_empty() || o.results.len() != 1 {
        return false;
    }
    match &*o.name {
        "arith.constant" => true,
        "arith.addi" | "arith.subi" | "arith.muli" | "arith.maxui" | "arith.minui"
        | "arith.maxsi" | "arith.minsi" | "arith.andi" | "arith.ori" | "arith.xori"
        | "arith.index_cast" | "arith.index_castui" | "arith.extui" | "arith.extsi"
        | "arith.trunci" => true,
        "arith.divui" | "arith.divsi" | "arith.ceildivui" | "arith.ceildivsi"
        | "arith.floordivsi" | "arith.remui" | "arith.remsi" => o
            .operands
            .get(1)
            .and_then(|d| constant_int(m, *d))
            .is_some_and(|d| d != 0 && d != -1),
        // The dimension of a ranked memref argument never changes; the index must be a constant
        // within its rank.
        "memref.dim" => {
            let rank = m
                .value_type(o.operands[0])
                .as_memref()
                .and_then(|t| t.shape.as_ref())
                .map(|s| s.len());
            o.operands.len() == 2
                && matches!(m.value(o.operands[0]).def, ValueDef::Arg(b, _) if b == entry)
                && constant_int(m, o.operands[1])
                    .zip(rank)
                    .is_some_and(|(k, r)| usize::try_from(k).is_ok_and(|k| k < r))
        }
        _ => false,
    }
}

fn constant_int(m: &Module, v: ValueId) -> Option<i64> {
    let op = m.defining_op(v)?;
    (&*m.op(op).name == "arith.constant").then_some(())?;
    m.attr(op, "value")?.as_i64()
}

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
pub fn unavailable(
    m: &Module,
    func: OpId,
    alloc: OpId,
    size: &DynamicSize,
) -> Option<Option<OpId>> {
    let entry = m.region(m.op(func).regions[0]).blocks[0];
    // An allocation in a nested region or a later block may not run at all; its size
    // operands could then hold anything (a negative size its guard rules out), and a pool
    // sized by them could fail where the program did not.
    if m.op(alloc).parent != Some(entry) {
        let mut up = alloc;
        while let Some(p) = m.parent_op(up)
            && p != func
        {
            up = p;
        }
        return Some((up != alloc).then_some(up));
    }
    size.operands
        .iter()
        .find_map(|&v| recomputable_at(m, entry, v).err())
}

/// Whether `v` can be computed again at the start of `entry` with the same value: it is an
/// argument of `entry`, or the result of a pure op whose operands are such values. Only ops
/// in `entry` are followed (every value an op of `entry` uses is defined there or is one of
/// its arguments). Errors with the op at fault.
pub fn recomputable_at(m: &Module, entry: BlockId, v: ValueId) -> Result<(), Option<OpId>> {
    let mut stack = vec![v];
    let mut seen: HashSet<ValueId> = HashSet::new();
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        match m.value(v).def {
            ValueDef::Arg(b, _) if b == entry => {}
            ValueDef::Arg(..) => return Err(None),
            ValueDef::Result(op, _) => {
                let o = m.op(op);
                if o.parent != Some(entry) || !pure_and_safe(m, entry, op) {
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
        // The dimension of a memref argument never changes; the index must be a constant.
        "memref.dim" => {
            o.operands.len() == 2
                && matches!(m.value(o.operands[0]).def, ValueDef::Arg(b, _) if b == entry)
                && constant_int(m, o.operands[1]).is_some()
        }
        _ => false,
    }
}

fn constant_int(m: &Module, v: ValueId) -> Option<i64> {
    let op = m.defining_op(v)?;
    (&*m.op(op).name == "arith.constant").then_some(())?;
    m.attr(op, "value")?.as_i64()
}

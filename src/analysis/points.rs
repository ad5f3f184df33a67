//! Program points: the ops of a function numbered in a pre-order walk of its body, and the
//! closed intervals of points that live ranges are made of.

use crate::ir::ops::{self, Allocates, Memory};
use crate::ir::{BlockId, Module, OpId};
use std::collections::HashSet;

/// A closed interval `[start, end]` of program points (pre-order op indices within one
/// function). Every live range in bufreuse is one of these; `to_half_open` is the one place
/// that converts to the planner's half-open `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Interval {
    /// The point of the first op at which the value is live.
    pub start: u32,
    /// The point of the last op at which it is live (inclusive).
    pub end: u32,
}

impl Interval {
    /// The smallest interval covering both.
    pub fn cover(self, other: Interval) -> Interval {
        Interval {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Whether `point` lies in it.
    pub fn contains(self, point: u32) -> bool {
        self.start <= point && point <= self.end
    }

    /// Whether the two share a point.
    pub fn overlaps(self, other: Interval) -> bool {
        self.start <= other.end && other.start <= self.end
    }

    /// `[start, end + 1)`, the planner's encoding.
    pub fn to_half_open(self) -> (u64, u64) {
        (u64::from(self.start), u64::from(self.end) + 1)
    }
}

/// The pre-order number of every op of a module and the last number nested inside each, as
/// side tables keyed by op id: one walk of the whole module, which `Points` views one function
/// at a time. Built once per analysis (while the verifier runs, on a large module). The walk
/// also notes the ops the analysis starts from (allocations and deallocs), so that it does not
/// read every op's name again.
pub struct Numbering {
    /// Every op reachable from the top level, in pre-order (`order[i]` has number `i`).
    order: Vec<OpId>,
    /// The number of each op (`u32::MAX` for ops not reached).
    index: Vec<u32>,
    /// The last number nested inside each op (its own number when it has no nested ops).
    last: Vec<u32>,
    /// The numbers of the `memref.alloc` and `memref.alloca` ops of one result, ascending,
    /// each with the number of the innermost `func.func` or `builtin.module` around it
    /// (`u32::MAX` for none): the op its allocation belongs to (see
    /// `Points::allocation_ops`).
    allocations: Vec<(u32, u32)>,
    /// The numbers of the `memref.dealloc` ops, ascending.
    deallocs: Vec<u32>,
}

/// What is left to number in `Numbering::of_module`'s walk.
enum Frame<'a> {
    /// The rest of a block's ops.
    Ops(&'a [OpId]),
    /// Every op nested in this one is numbered: its extent ends here.
    Close(OpId),
}

impl Numbering {
    pub fn of_module(m: &Module) -> Numbering {
        let mut order = Vec::with_capacity(m.ops.len());
        let mut index = vec![u32::MAX; m.ops.len()];
        let mut last = vec![u32::MAX; m.ops.len()];
        let (mut allocations, mut deallocs) = (Vec::new(), Vec::new());
        // The numbers of the `func.func` and `builtin.module` ops the walk is inside.
        let mut owners: Vec<u32> = Vec::new();
        // A block's ops are numbered in a loop, and an op with regions stops the loop: the
        // rest of the block waits on the stack below the op's blocks, so the stack holds the
        // nesting, not every op.
        let mut stack = vec![Frame::Ops(&m.top)];
        while let Some(frame) = stack.pop() {
            let mut ops = match frame {
                Frame::Close(op) => {
                    last[op.index()] = order.len() as u32 - 1;
                    if owners.last() == Some(&index[op.index()]) {
                        owners.pop();
                    }
                    continue;
                }
                Frame::Ops(ops) => ops,
            };
            while let Some((&op, rest)) = ops.split_first() {
                ops = rest;
                let i = order.len() as u32;
                index[op.index()] = i;
                order.push(op);
                let data = m.op(op);
                let row = ops::row(&data.name);
                if matches!(row.allocates, Allocates::Heap | Allocates::Stack)
                    && data.results.len() == 1
                {
                    allocations.push((i, owners.last().copied().unwrap_or(u32::MAX)));
                } else if row.memory == Memory::Free {
                    deallocs.push(i);
                }
                let regions = &data.regions;
                if regions.is_empty() {
                    last[op.index()] = i;
                    continue;
                }
                if matches!(&*data.name, "func.func" | "builtin.module") {
                    owners.push(i);
                }
                stack.push(Frame::Ops(ops));
                stack.push(Frame::Close(op));
                for r in regions.iter().rev() {
                    for b in m.region(*r).blocks.iter().rev() {
                        stack.push(Frame::Ops(&m.block(*b).ops));
                    }
                }
                break;
            }
        }
        Numbering {
            order,
            index,
            last,
            allocations,
            deallocs,
        }
    }

    /// The points of one function: the ops nested in `func` (not `func` itself), numbered
    /// from 0.
    pub fn of_function(&self, func: OpId) -> Points<'_> {
        let (own, last) = (self.index[func.index()], self.last[func.index()]);
        if own == u32::MAX {
            // Not reached from the top level: no points.
            return Points {
                numbering: self,
                base: 1,
                last: 0,
            };
        }
        Points {
            numbering: self,
            base: own + 1,
            last,
        }
    }
}

/// Pre-order index and extent of every op of one function: a view of the module's
/// `Numbering`, shifted so that the function's first nested op is point 0.
pub struct Points<'a> {
    numbering: &'a Numbering,
    /// The module-wide number of the function's first nested op.
    base: u32,
    /// The module-wide number of its last nested op (`base - 1` when it has none).
    last: u32,
}

impl Points<'_> {
    /// The number of points: the ops nested in the function.
    pub fn len(&self) -> usize {
        (self.last + 1).saturating_sub(self.base) as usize
    }

    /// The function's `memref.alloc` and `memref.alloca` ops of one result, in pre-order:
    /// nested ones included, except those inside a nested `func.func` or `builtin.module`
    /// (isolated from above: a pool of the function would not be visible there).
    pub fn allocation_ops(&self) -> impl Iterator<Item = OpId> + '_ {
        // The function's own number is `base - 1`.
        self.within(&self.numbering.allocations, |&(i, _)| i)
            .iter()
            .filter(|&&(_, owner)| owner.wrapping_add(1) == self.base)
            .map(|&(i, _)| self.numbering.order[i as usize])
    }

    /// The function's `memref.dealloc` ops (nested ones included), in pre-order.
    pub fn dealloc_ops(&self) -> impl Iterator<Item = OpId> + '_ {
        self.within(&self.numbering.deallocs, |&i| i)
            .iter()
            .map(|&i| self.numbering.order[i as usize])
    }

    /// The entries of `entries` (ascending by module-wide `number`) that are ops of the
    /// function.
    fn within<'s, T>(&self, entries: &'s [T], number: impl Fn(&T) -> u32) -> &'s [T] {
        let from = entries.partition_point(|e| number(e) < self.base);
        let to = entries.partition_point(|e| number(e) <= self.last);
        &entries[from..to.max(from)]
    }

    /// The index of an op of the function.
    pub fn index(&self, op: OpId) -> Option<u32> {
        let i = self.numbering.index[op.index()];
        (i != u32::MAX && i >= self.base && i <= self.last).then(|| i - self.base)
    }

    /// The extent of an op: its own index to the last index nested inside it.
    pub fn extent(&self, op: OpId) -> Option<Interval> {
        let start = self.index(op)?;
        Some(Interval {
            start,
            end: self.numbering.last[op.index()] - self.base,
        })
    }
}

/// The ancestor of `op` (possibly `op` itself) that stands directly in `block`, if any.
pub fn ancestor_in(m: &Module, block: BlockId, op: OpId) -> Option<OpId> {
    let mut cur = op;
    loop {
        let parent = m.op(cur).parent?;
        if parent == block {
            return Some(cur);
        }
        cur = m.block_owner(parent);
    }
}

/// Whether `a` and `b` lie in different regions of one op whose regions are exclusive
/// (`scf.if`, `affine.if`, `scf.index_switch`): at most one of them runs each time that op
/// runs.
pub fn in_exclusive_branches(m: &Module, a: OpId, b: OpId) -> bool {
    matches!(meeting(m, a, b), Some(Meeting::Regions(owner)) if branch_op(m, owner))
}

/// Where the paths from the top down to two ops part, innermost first.
enum Meeting {
    /// Two blocks (possibly one) of one region, each holding one of the ops.
    Blocks(BlockId, BlockId),
    /// Two different regions of this op.
    Regions(OpId),
}

fn meeting(m: &Module, a: OpId, b: OpId) -> Option<Meeting> {
    let pa = enclosing_blocks(m, a);
    let pb = enclosing_blocks(m, b);
    for &ba in &pa {
        let region = m.block(ba).parent;
        if let Some(&bb) = pb.iter().find(|bb| m.block(**bb).parent == region) {
            return Some(Meeting::Blocks(ba, bb));
        }
        let owner = m.region(region).parent;
        if pb.iter().any(|bb| m.block_owner(*bb) == owner) {
            return Some(Meeting::Regions(owner));
        }
    }
    None
}

fn branch_op(m: &Module, op: OpId) -> bool {
    crate::ir::ops::regions_exclusive(&m.op(op).name)
}

/// The blocks enclosing `op`, innermost first (its own block, then its parent op's, ...).
fn enclosing_blocks(m: &Module, op: OpId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let mut cur = op;
    while let Some(block) = m.op(cur).parent {
        out.push(block);
        cur = m.block_owner(block);
    }
    out
}

/// Whether block `to` can be reached from block `from` through branches.
fn reaches(m: &Module, from: BlockId, to: BlockId) -> bool {
    let mut seen = HashSet::from([from]);
    let mut stack = vec![from];
    while let Some(b) = stack.pop() {
        let Some(&last) = m.block(b).ops.last() else {
            continue;
        };
        for &s in &m.op(last).successors {
            if s == to {
                return true;
            }
            if seen.insert(s) {
                stack.push(s);
            }
        }
    }
    false
}

/// Whether two ops can never both run in one execution: they sit in different regions of one
/// op whose regions are exclusive, or in two blocks of one region neither of which can reach
/// the other.
pub fn exclusive(m: &Module, a: OpId, b: OpId) -> bool {
    match meeting(m, a, b) {
        Some(Meeting::Blocks(ba, bb)) => ba != bb && !reaches(m, ba, bb) && !reaches(m, bb, ba),
        Some(Meeting::Regions(owner)) => branch_op(m, owner),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn intervals_are_closed() {
        let a = Interval { start: 2, end: 5 };
        let b = Interval { start: 5, end: 7 };
        let c = Interval { start: 6, end: 7 };
        assert!(a.overlaps(b));
        assert!(!a.overlaps(c));
        assert!(a.contains(5));
        assert_eq!(a.to_half_open(), (2, 6));
        assert_eq!(a.cover(c), Interval { start: 2, end: 7 });
    }
}

//! Program points: the ops of a function numbered in a pre-order walk of its body, and the
//! closed intervals of points that live ranges are made of.

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

/// Pre-order index and extent of every op of one function, as side tables keyed by op id.
pub struct Points {
    /// The ops of the function in pre-order (`order[i]` has index `i`).
    order: Vec<OpId>,
    /// Index of each op of the function (`u32::MAX` for ops outside it).
    index: Vec<u32>,
    /// Last index nested inside each op (its own index when it has no nested ops).
    last: Vec<u32>,
}

impl Points {
    /// Tables for the functions of `m`, numbering none yet (see `number`).
    pub fn new(m: &Module) -> Points {
        Points {
            order: Vec::new(),
            index: vec![u32::MAX; m.ops.len()],
            last: vec![u32::MAX; m.ops.len()],
        }
    }

    /// Numbers the ops nested in `func` (not `func` itself), the first being 0, in place of
    /// the function numbered before: only that function's entries are cleared, so numbering
    /// each function of a module in turn costs the size of the module once, not once per
    /// function.
    pub fn number(&mut self, m: &Module, func: OpId) {
        for &o in &self.order {
            self.index[o.index()] = u32::MAX;
            self.last[o.index()] = u32::MAX;
        }
        self.order.clear();
        let Points { order, index, last } = self;
        m.walk_nested(func, |o| {
            index[o.index()] = order.len() as u32;
            order.push(o);
        });
        // Extents: in reverse pre-order every op's subtree is complete when the op is seen.
        for &o in order.iter().rev() {
            let i = index[o.index()];
            let end = match last[o.index()] {
                u32::MAX => i,
                nested => nested.max(i),
            };
            last[o.index()] = end;
            if let Some(parent) = m.parent_op(o)
                && index[parent.index()] != u32::MAX
            {
                let p = &mut last[parent.index()];
                *p = if *p == u32::MAX { end } else { (*p).max(end) };
            }
        }
    }

    /// The ops of the function in pre-order, the walk the analysis makes once.
    pub fn ops(&self) -> &[OpId] {
        &self.order
    }

    /// The index of an op of the function.
    pub fn index(&self, op: OpId) -> Option<u32> {
        let i = self.index[op.index()];
        (i != u32::MAX).then_some(i)
    }

    /// The extent of an op: its own index to the last index nested inside it.
    pub fn extent(&self, op: OpId) -> Option<Interval> {
        let start = self.index(op)?;
        Some(Interval {
            start,
            end: self.last[op.index()],
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
/// `scf.if` or `scf.index_switch`, or in two blocks of one region neither of which can reach
/// the other.
pub fn exclusive(m: &Module, a: OpId, b: OpId) -> bool {
    let pa = enclosing_blocks(m, a);
    let pb = enclosing_blocks(m, b);
    for &ba in &pa {
        let region = m.block(ba).parent;
        if let Some(&bb) = pb.iter().find(|bb| m.block(**bb).parent == region) {
            return ba != bb && !reaches(m, ba, bb) && !reaches(m, bb, ba);
        }
        let owner = m.region(region).parent;
        if let Some(&bb) = pb.iter().find(|bb| m.block_owner(**bb) == owner) {
            return matches!(&*m.op(owner).name, "scf.if" | "scf.index_switch")
                && m.block(bb).parent != region;
        }
    }
    false
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

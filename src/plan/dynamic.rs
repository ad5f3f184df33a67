//! Placement of buffers whose sizes are known only at run time. Which buffers are live at
//! the same time is known at compile time; so the planner fixes an order at compile time, and
//! the program computes each buffer's offset when it runs: the lowest aligned offset at or
//! above a base and above the end of every buffer placed before it that is live at the same
//! time. Two such buffers never overlap, whatever the sizes; buffers whose lifetimes are
//! disjoint may share memory.
//!
//! The order: buffers are coloured in order of start (each takes the lowest colour not held by
//! a live buffer coloured before it, which for intervals uses as many colours as the most
//! buffers ever live at once), then placed colour by colour. A buffer is placed above the
//! earlier-placed buffers it meets, and those have lower colours; so any chain of "placed
//! above" holds at most as many buffers as are ever live at once.

use super::{Buffer, align_up};

/// A buffer with a run-time size: its lifetime `[start, end)` and the alignment of its offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lifetime {
    pub start: u64,
    pub end: u64,
    /// A power of two, at least 1.
    pub align: u64,
}

impl Lifetime {
    fn meets(&self, other: &Lifetime) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// The compile-time part of a run-time placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Indices of the buffers in the order their offsets are computed.
    pub order: Vec<usize>,
    /// For each buffer (by index), the buffers placed before it that are live at the same
    /// time: it goes above the end of each.
    pub above: Vec<Vec<usize>>,
}

/// Orders `buffers` and finds, for each, the earlier-placed buffers it must stay above.
pub fn place(buffers: &[Lifetime]) -> Placement {
    let n = buffers.len();
    let mut by_start: Vec<usize> = (0..n).collect();
    by_start.sort_by_key(|&i| (buffers[i].start, buffers[i].end, i));
    // Interval colouring in order of start: the live buffers hold their colours.
    let mut colour = vec![0usize; n];
    let mut live: Vec<usize> = Vec::new();
    for &i in &by_start {
        live.retain(|&j| buffers[j].end > buffers[i].start);
        let mut taken: Vec<usize> = live.iter().map(|&j| colour[j]).collect();
        taken.sort_unstable();
        colour[i] = taken
            .iter()
            .enumerate()
            .find(|&(k, &c)| k != c)
            .map_or(taken.len(), |(k, _)| k);
        live.push(i);
    }
    let mut order = by_start;
    order.sort_by_key(|&i| (colour[i], buffers[i].start, buffers[i].end, i));
    let mut above = vec![Vec::new(); n];
    for (k, &i) in order.iter().enumerate() {
        above[i] = order[..k]
            .iter()
            .copied()
            .filter(|&j| buffers[j].meets(&buffers[i]))
            .collect();
    }
    Placement { order, above }
}

/// The offsets the program computes for these sizes, above `base`, and the pool size (the
/// largest end, at least `base`). `None` when a sum overflows.
pub fn evaluate(
    buffers: &[Lifetime],
    placement: &Placement,
    base: u64,
    sizes: &[u64],
) -> Option<(Vec<u64>, u64)> {
    let mut offsets = vec![0u64; buffers.len()];
    let mut top = base;
    for &i in &placement.order {
        let mut at = base;
        for &j in &placement.above[i] {
            at = at.max(offsets[j].checked_add(sizes[j])?);
        }
        offsets[i] = align_up(at, buffers[i].align)?;
        top = top.max(offsets[i].checked_add(sizes[i])?);
    }
    Some((offsets, top))
}

/// The buffers with these sizes, for the independent checker.
pub fn with_sizes(buffers: &[Lifetime], sizes: &[u64]) -> Vec<Buffer> {
    buffers
        .iter()
        .zip(sizes)
        .map(|(b, &size)| Buffer {
            start: b.start,
            end: b.end,
            size,
            align: b.align,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    fn lt(start: u64, end: u64) -> Lifetime {
        Lifetime {
            start,
            end,
            align: 64,
        }
    }

    #[test]
    fn a_chain_of_three_puts_the_middle_one_above_both_ends() {
        // a meets b, b meets c, a and c are disjoint: a and c share the base.
        let buffers = [lt(0, 2), lt(1, 4), lt(3, 5)];
        let p = place(&buffers);
        assert_eq!(p.order, vec![0, 2, 1]);
        assert_eq!(p.above, vec![vec![], vec![0, 2], vec![]]);
        let (offsets, top) = evaluate(&buffers, &p, 128, &[100, 10, 300]).unwrap();
        assert_eq!(offsets, vec![128, 448, 128]);
        assert_eq!(top, 458);
    }

    #[test]
    fn disjoint_buffers_all_sit_at_the_base() {
        let buffers = [lt(0, 1), lt(1, 2), lt(2, 3)];
        let p = place(&buffers);
        let (offsets, top) = evaluate(&buffers, &p, 0, &[5, 50, 500]).unwrap();
        assert_eq!(offsets, vec![0, 0, 0]);
        assert_eq!(top, 500);
    }

    #[test]
    fn no_buffers_leave_the_base() {
        let p = place(&[]);
        assert_eq!(evaluate(&[], &p, 96, &[]), Some((vec![], 96)));
    }

    proptest! {
        /// Whatever the sizes, the offsets the program would compute pass the checker, stay
        /// above the base, and no chain is longer than the most buffers live at once.
        #[test]
        fn every_size_assignment_passes_the_checker(
            raw in proptest::collection::vec((0u64..40, 1u64..12, 0u32..4), 0..24),
            assignments in proptest::collection::vec(proptest::collection::vec(0u64..5000, 24), 1..8),
            base in 0u64..300,
        ) {
            let buffers: Vec<Lifetime> = raw
                .iter()
                .map(|&(s, len, a)| Lifetime { start: s, end: s + len, align: 1 << (2 * a) })
                .collect();
            let p = place(&buffers);
            let mut sorted = p.order.clone();
            sorted.sort_unstable();
            prop_assert_eq!(sorted, (0..buffers.len()).collect::<Vec<_>>());
            for sizes in &assignments {
                let sizes = &sizes[..buffers.len()];
                let (offsets, top) = evaluate(&buffers, &p, base, sizes).unwrap();
                let peak = crate::plan::check::check(&with_sizes(&buffers, sizes), &offsets);
                prop_assert!(peak.is_ok(), "{:?}", peak);
                prop_assert!(peak.unwrap() <= top);
                for (i, &o) in offsets.iter().enumerate() {
                    prop_assert!(o >= base);
                    prop_assert!(o + sizes[i] <= top);
                    prop_assert_eq!(o % buffers[i].align, 0);
                }
            }
            // Longest "above" chain <= most buffers live at once.
            let mut depth = vec![0usize; buffers.len()];
            for &i in &p.order {
                depth[i] = 1 + p.above[i].iter().map(|&j| depth[j]).max().unwrap_or(0);
            }
            let most_live = (0..40u64 + 12)
                .map(|t| buffers.iter().filter(|b| b.start <= t && t < b.end).count())
                .max()
                .unwrap_or(0);
            prop_assert!(depth.iter().copied().max().unwrap_or(0) <= most_live);
        }
    }
}

//! Greedy best-fit placers (the TFLite/XLA/ExecuTorch family): buffers are taken in some order
//! and each goes into a gap among the already placed buffers it conflicts with (the gap at
//! offset 0 included), either the lowest gap that fits or the tightest. Several orderings are
//! tried and the smallest plan is kept (the first one on ties, so the result is deterministic).

use super::graph::Graph;
use super::{Buffer, PlanError, align_up};
use std::cmp::Reverse;

/// The plan of the best greedy run.
pub(crate) struct Greedy {
    /// Offsets of all buffers (0 for the ones not planned).
    pub offsets: Vec<u64>,
    /// The pool size.
    pub peak: u64,
    /// Which ordering and gap rule made it, e.g. `greedy:size:lowest`.
    pub name: &'static str,
}

/// The orderings of the portfolio: a name and a sort key (smaller keys go first; ties are
/// broken by larger size, then earlier start, then index).
type OrderKey = fn(&Buffer, usize) -> u128;

const ORDERINGS: [(&str, OrderKey); 7] = [
    ("size", |b, _| u128::MAX - b.size as u128),
    ("area", |b, _| {
        u128::MAX - (b.size as u128).saturating_mul((b.end - b.start) as u128)
    }),
    ("length", |b, _| u128::MAX - (b.end - b.start) as u128),
    ("conflicts", |_, degree| u128::MAX - degree as u128),
    ("start", |b, _| b.start as u128),
    ("end", |b, _| u128::MAX - b.end as u128),
    ("size-per-time", |b, _| {
        // Large and short first: buffers that are hard to fit in a narrow window.
        u128::MAX - ((b.size as u128) << 64) / (b.end - b.start) as u128
    }),
];

/// Names of every run, `ORDERINGS × {lowest, tightest}`, in portfolio order.
const NAMES: [[&str; 2]; 7] = [
    ["greedy:size:lowest", "greedy:size:tightest"],
    ["greedy:area:lowest", "greedy:area:tightest"],
    ["greedy:length:lowest", "greedy:length:tightest"],
    ["greedy:conflicts:lowest", "greedy:conflicts:tightest"],
    ["greedy:start:lowest", "greedy:start:tightest"],
    ["greedy:end:lowest", "greedy:end:tightest"],
    [
        "greedy:size-per-time:lowest",
        "greedy:size-per-time:tightest",
    ],
];

/// Above this many buffers only the first `LARGE_ORDERINGS` orderings run, to keep the
/// portfolio near n log n: on big programs the orderings differ little.
const LARGE: usize = 20_000;
const LARGE_ORDERINGS: usize = 2;

/// From this many buffers (when two threads are allowed) an ordering's two gap rules are made
/// in one pass, and two orderings side by side.
const PARALLEL_MIN_BUFFERS: usize = 20_000;

/// Runs the portfolio on `items` and returns the smallest plan, stopping early at a plan that
/// reaches `lower_bound`.
pub(crate) fn best(
    buffers: &[Buffer],
    items: &[u32],
    graph: &Graph,
    lower_bound: u64,
) -> Result<Greedy, PlanError> {
    let mut best: Option<Greedy> = None;
    let orderings = if items.len() > LARGE {
        LARGE_ORDERINGS
    } else {
        ORDERINGS.len()
    };
    // Components are placed one after another, each in the ordering's order: a buffer
    // conflicts only within its component, so the offsets are those of one run over all the
    // buffers in that order, and the run touches one component's buffers at a time (on large
    // inputs, a run in the global order misses the cache at almost every buffer).
    let order_of = |k: usize| {
        let key = ORDERINGS[k].1;
        let mut order = items.to_vec();
        order.sort_by_cached_key(|&i| {
            let b = &buffers[i as usize];
            let c = graph.component_of(i);
            (c, key(b, graph.degree(i)), Reverse(b.size), b.start, i)
        });
        order
    };
    // Takes the run of ordering `k` and gap rule `r` (0 lowest, 1 tightest), in portfolio
    // order; says whether it reached the bound (the portfolio is over).
    let mut take = |k: usize, r: usize, run: Result<(Vec<u64>, u64), PlanError>| {
        let (offsets, peak) = run?;
        if best.as_ref().is_none_or(|b| peak < b.peak) {
            best = Some(Greedy {
                offsets,
                peak,
                name: NAMES[k][r],
            });
            return Ok::<bool, PlanError>(peak <= lower_bound);
        }
        Ok(false)
    };
    if items.len() >= PARALLEL_MIN_BUFFERS && crate::parallel::allowed() > 1 {
        // A large input: an ordering's two gap rules are made in one pass (they place the
        // buffers in the same order, so one read of a buffer's conflicts serves both), and
        // two orderings are sorted and run side by side. The runs are taken in portfolio
        // order, so the plan is the one made a run at a time.
        let mut placers = [
            Placer::<2>::new(buffers.len(), buffers, graph),
            Placer::<2>::new(buffers.len(), buffers, graph),
        ];
        for k in (0..orderings).step_by(2) {
            let [here, there] = &mut placers;
            let next = k + 1 < orderings;
            let (second, first) = crate::parallel::side_by_side(
                next,
                "bufreuse-greedy",
                || next.then(|| there.run(buffers, &order_of(k + 1), graph, [false, true])),
                || here.run(buffers, &order_of(k), graph, [false, true]),
            );
            for (k, runs) in [(k, Some(first)), (k + 1, second)] {
                for (r, run) in runs.into_iter().flatten().enumerate() {
                    if take(k, r, run)? {
                        return Ok(best.unwrap());
                    }
                }
            }
        }
    } else {
        // One run at a time: the tightest-gap run of an ordering is not made when the
        // lowest-gap one reaches the bound.
        let mut placer = Placer::<1>::new(buffers.len(), buffers, graph);
        for k in 0..orderings {
            let order = order_of(k);
            for (r, tightest) in [false, true].into_iter().enumerate() {
                let [run] = placer.run(buffers, &order, graph, [tightest]);
                if take(k, r, run)? {
                    return Ok(best.unwrap());
                }
            }
        }
    }
    Ok(best.unwrap_or(Greedy {
        offsets: vec![0; buffers.len()],
        peak: 0,
        name: NAMES[0][0],
    }))
}

/// Scratch space reused between runs of `N` gap rules made together (see `run`).
struct Placer<const N: usize> {
    /// Per buffer, its range `[offset, offset + size)` under each rule once placed,
    /// `UNPLACED` before: one read per conflicting buffer in the inner loop (a placed flag,
    /// an offset and a size apart were three cache misses on large inputs).
    ranges: Vec<[(u64, u64); N]>,
    busy: [Vec<(u64, u64)>; N],
    /// For each component (see `Graph::component_of`), its index in `runs` when every two of
    /// its buffers conflict (all live at one instant), else `NOT_CLIQUE`.
    clique: Vec<u32>,
    /// Per such component and rule, the union of its placed buffers' ranges as sorted,
    /// disjoint runs.
    runs: Vec<[Vec<(u64, u64)>; N]>,
    /// Per such component, its smallest size and smallest alignment: a gap that cannot hold
    /// a buffer of both never will (gaps only shrink), so it is merged into the runs.
    smallest: Vec<(u64, u64)>,
}

const NOT_CLIQUE: u32 = u32::MAX;

/// How many buffers apart the stages of `Placer::run`'s prefetching are: it asks for where
/// a buffer's conflict list lies three steps ahead of placing it, for the buffer and the list
/// two steps ahead, and for the ranges of its conflicts one step ahead, each stage reading
/// only what an earlier one brought in.
const PREFETCH_STEP: usize = 4;

/// The range of a buffer not placed yet: no placed buffer has it (its top would overflow).
const UNPLACED: (u64, u64) = (u64::MAX, 0);

impl<const N: usize> Placer<N> {
    fn new(n: usize, buffers: &[Buffer], graph: &Graph) -> Placer<N> {
        let mut clique = vec![NOT_CLIQUE; graph.components.len()];
        let mut runs = Vec::new();
        let mut smallest = Vec::new();
        for (c, members) in graph.components.iter().enumerate() {
            let latest_start = members.iter().map(|&i| buffers[i as usize].start).max();
            let earliest_end = members.iter().map(|&i| buffers[i as usize].end).min();
            if members.len() > 1 && latest_start < earliest_end {
                clique[c] = runs.len() as u32;
                runs.push(std::array::from_fn(|_| Vec::new()));
                let size = members.iter().map(|&i| buffers[i as usize].size).min();
                let align = members.iter().map(|&i| buffers[i as usize].align).min();
                smallest.push((size.unwrap_or(1), align.unwrap_or(1)));
            }
        }
        Placer {
            ranges: vec![[UNPLACED; N]; n],
            busy: std::array::from_fn(|_| Vec::new()),
            clique,
            runs,
            smallest,
        }
    }

    /// Places `order` one by one under each gap rule of `tightest` (`true`: the tightest
    /// gap that fits; `false`: the lowest): each rule makes its own plan, all from one walk of
    /// the order. Returns each rule's offsets and pool size.
    fn run(
        &mut self,
        buffers: &[Buffer],
        order: &[u32],
        graph: &Graph,
        tightest: [bool; N],
    ) -> [Result<(Vec<u64>, u64), PlanError>; N] {
        self.ranges.fill([UNPLACED; N]);
        self.runs.iter_mut().flatten().for_each(Vec::clear);
        let mut peak = [0u64; N];
        // A rule whose offsets overflow stops placing; the others go on.
        let mut overflowed = [false; N];
        for (k, &i) in order.iter().enumerate() {
            // The order jumps around the buffers: ask for later buffers' data ahead, so
            // that their cache misses overlap this buffer's work.
            if let Some(&far) = order.get(k + 3 * PREFETCH_STEP) {
                graph.prefetch_bounds(far);
            }
            if let Some(&mid) = order.get(k + 2 * PREFETCH_STEP) {
                crate::prefetch::prefetch(&buffers[mid as usize]);
                graph.prefetch_conflicts(mid);
            }
            if let Some(&near) = order.get(k + PREFETCH_STEP) {
                for &j in graph.conflicts(near) {
                    crate::prefetch::prefetch(&self.ranges[j as usize]);
                }
            }
            let b = &buffers[i as usize];
            let c = self.clique[graph.component_of(i)];
            if c == NOT_CLIQUE {
                self.busy.iter_mut().for_each(Vec::clear);
                for &j in graph.conflicts(i) {
                    for (busy, &range) in self.busy.iter_mut().zip(&self.ranges[j as usize]) {
                        if range != UNPLACED {
                            busy.push(range);
                        }
                    }
                }
            }
            for r in 0..N {
                if overflowed[r] {
                    continue;
                }
                // In a clique, every placed buffer of the component conflicts with this one:
                // their union (the runs) has the same gaps as their sorted ranges, without
                // collecting and sorting. Otherwise the conflicts' ranges are sorted by start
                // only: `fit` gives the same offset whatever the order of ranges that start
                // together (after the first, the floor is above their start).
                let taken = if c == NOT_CLIQUE {
                    self.busy[r].sort_unstable_by_key(|&(start, _)| start);
                    &self.busy[r]
                } else {
                    &self.runs[c as usize][r]
                };
                let placed = fit(taken, b.size, b.align, tightest[r])
                    .and_then(|offset| Some((offset, offset.checked_add(b.size)?)));
                let Some((offset, top)) = placed else {
                    overflowed[r] = true;
                    continue;
                };
                if c != NOT_CLIQUE {
                    let (size, align) = self.smallest[c as usize];
                    add_run(&mut self.runs[c as usize][r], offset, top, size, align);
                }
                self.ranges[i as usize][r] = (offset, top);
                peak[r] = peak[r].max(top);
            }
        }
        // Buffers not in `order` (of size 0) stay at offset 0.
        std::array::from_fn(|r| {
            if overflowed[r] {
                return Err(PlanError::Overflow);
            }
            let offsets = self
                .ranges
                .iter()
                .map(|ranges| match ranges[r] {
                    UNPLACED => 0,
                    (offset, _) => offset,
                })
                .collect();
            Ok((offsets, peak[r]))
        })
    }
}

/// The offset for a buffer of `size` among `busy` ranges (sorted by offset): the lowest gap
/// that fits, or with `tightest` the smallest one (lowest on ties); above everything if none.
fn fit(busy: &[(u64, u64)], size: u64, align: u64, tightest: bool) -> Option<u64> {
    let mut floor = 0u64;
    let mut chosen: Option<(u64, u64)> = None; // (gap length, offset)
    for &(start, end) in busy {
        if start > floor {
            let offset = align_up(floor, align)?;
            if offset.checked_add(size)? <= start {
                if !tightest {
                    return Some(offset);
                }
                let gap = start - floor;
                if chosen.is_none_or(|(g, _)| gap < g) {
                    chosen = Some((gap, offset));
                }
            }
        }
        floor = floor.max(end);
    }
    match chosen {
        Some((_, offset)) => Some(offset),
        None => align_up(floor, align),
    }
}

/// Adds `[start, end)` to the sorted, disjoint `runs`, merging the runs it overlaps or touches,
/// and the gaps next to it that cannot hold `size` bytes at a multiple of `align` (merging a
/// gap that nothing can use leaves `fit`'s choices as they are).
fn add_run(runs: &mut Vec<(u64, u64)>, start: u64, end: u64, size: u64, align: u64) {
    let first = runs.partition_point(|&(_, e)| e < start);
    let last = runs.partition_point(|&(s, _)| s <= end);
    let mut k = first;
    if first == last {
        runs.insert(first, (start, end));
    } else {
        let merged = (start.min(runs[first].0), end.max(runs[last - 1].1));
        runs.splice(first..last, [merged]);
    }
    let useless =
        |lo: u64, hi: u64| align_up(lo, align).is_none_or(|o| o.saturating_add(size) > hi);
    if k + 1 < runs.len() && useless(runs[k].1, runs[k + 1].0) {
        runs[k].1 = runs[k + 1].1;
        runs.remove(k + 1);
    }
    if k > 0 && useless(runs[k - 1].1, runs[k].0) {
        runs[k - 1].1 = runs[k].1;
        runs.remove(k);
        k -= 1;
    }
    if k == 0 && runs[0].0 > 0 && useless(0, runs[0].0) {
        runs[0].0 = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::{Buffer, Graph, NOT_CLIQUE, Placer, add_run, fit};

    #[test]
    fn cliques_get_the_offsets_of_the_general_path() {
        // Seeded all-live instances with mixed sizes and alignments, in every component shape
        // the runs meet: gaps, padding, merges. Both paths must place every buffer alike.
        let mut next = crate::plan::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..200 {
            let n = 1 + next(60) as usize;
            let buffers: Vec<Buffer> = (0..n)
                .map(|_| Buffer {
                    start: next(10),
                    end: 10 + 1 + next(10),
                    size: 1 + next(100),
                    align: 1 << next(7),
                })
                .collect();
            let items: Vec<u32> = (0..n as u32).collect();
            let graph = Graph::build(&buffers, &items, usize::MAX);
            let mut order = items.clone();
            order.sort_by_key(|&i| std::cmp::Reverse(buffers[i as usize].size));
            for tightest in [false, true] {
                let mut cliques = Placer::<1>::new(n, &buffers, &graph);
                assert!(cliques.clique.iter().all(|&c| c != NOT_CLIQUE) || n == 1);
                let mut general = Placer::<1>::new(n, &buffers, &graph);
                general.clique.fill(NOT_CLIQUE);
                let [a] = cliques.run(&buffers, &order, &graph, [tightest]);
                let [b] = general.run(&buffers, &order, &graph, [tightest]);
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn components_one_after_another_place_as_the_global_order_does() {
        // Seeded instances of several components (lifetimes in separate windows), sizes
        // ordered globally: placing component by component must give the same offsets.
        let mut next = crate::plan::xorshift(0x3c6e_f372_fe94_f82bu64);
        for _ in 0..200 {
            let n = 1 + next(60) as usize;
            let buffers: Vec<Buffer> = (0..n)
                .map(|_| {
                    let start = next(40);
                    Buffer {
                        start,
                        end: (start + 1 + next(6)).min(start / 10 * 10 + 10),
                        size: 1 + next(100),
                        align: 1 << next(4),
                    }
                })
                .collect();
            let items: Vec<u32> = (0..n as u32).collect();
            let graph = Graph::build(&buffers, &items, usize::MAX);
            let mut global = items.clone();
            global.sort_by_key(|&i| (std::cmp::Reverse(buffers[i as usize].size), i));
            let by_component: Vec<u32> = graph
                .components
                .iter()
                .flat_map(|members| global.iter().filter(|i| members.contains(i)))
                .copied()
                .collect();
            for tightest in [false, true] {
                let mut placer = Placer::<1>::new(n, &buffers, &graph);
                let [a] = placer.run(&buffers, &global, &graph, [tightest]);
                let [b] = placer.run(&buffers, &by_component, &graph, [tightest]);
                assert_eq!(a, b);
            }
        }
    }

    #[test]
    fn rules_made_together_place_as_made_alone() {
        // Seeded instances, some all live at once (the clique path), some not (the general
        // path), some with sizes near 2^64 (a rule may overflow while the other fits): the
        // two gap rules of one pass must give what each gives in a pass of its own.
        let mut next = crate::plan::xorshift(0x510e_527f_ade6_82d1u64);
        for round in 0..300 {
            let n = 1 + next(60) as usize;
            let clique = round % 3 == 0;
            let huge = round % 5 == 0;
            let buffers: Vec<Buffer> = (0..n)
                .map(|_| {
                    let start = next(20);
                    Buffer {
                        start,
                        end: if clique {
                            20 + 1 + next(5)
                        } else {
                            start + 1 + next(8)
                        },
                        size: if huge && next(4) == 0 {
                            u64::MAX / 4 + next(1000)
                        } else {
                            1 + next(100)
                        },
                        align: 1 << next(5),
                    }
                })
                .collect();
            let items: Vec<u32> = (0..n as u32).collect();
            let graph = Graph::build(&buffers, &items, usize::MAX);
            let mut order = items.clone();
            order.sort_by_key(|&i| (std::cmp::Reverse(buffers[i as usize].size), i));
            let mut alone = Placer::<1>::new(n, &buffers, &graph);
            let [lowest] = alone.run(&buffers, &order, &graph, [false]);
            let [tightest] = alone.run(&buffers, &order, &graph, [true]);
            let mut together = Placer::<2>::new(n, &buffers, &graph);
            let both = together.run(&buffers, &order, &graph, [false, true]);
            assert_eq!(both, [lowest, tightest]);
        }
    }

    #[test]
    fn add_run_merges_what_it_touches() {
        let mut runs = vec![(10, 20), (30, 34), (40, 50)];
        add_run(&mut runs, 0, 5, 1, 1);
        assert_eq!(runs, [(0, 5), (10, 20), (30, 34), (40, 50)]);
        add_run(&mut runs, 20, 30, 1, 1);
        assert_eq!(runs, [(0, 5), (10, 34), (40, 50)]);
        add_run(&mut runs, 36, 38, 1, 1);
        assert_eq!(runs, [(0, 5), (10, 34), (36, 38), (40, 50)]);
        add_run(&mut runs, 3, 60, 1, 1);
        assert_eq!(runs, [(0, 60)]);
        add_run(&mut runs, 60, 64, 1, 1);
        assert_eq!(runs, [(0, 64)]);
        // Gaps that cannot hold 4 bytes at a multiple of 16 are merged away.
        let mut runs = vec![(16, 20)];
        add_run(&mut runs, 32, 40, 4, 16);
        assert_eq!(runs, [(16, 40)]);
        add_run(&mut runs, 50, 52, 4, 16);
        assert_eq!(runs, [(16, 52)]);
        add_run(&mut runs, 70, 72, 4, 16);
        assert_eq!(runs, [(16, 52), (70, 72)]);
        add_run(&mut runs, 2, 14, 4, 16);
        assert_eq!(runs, [(0, 52), (70, 72)]);
        let mut runs = vec![(64, 70)];
        add_run(&mut runs, 72, 80, 4, 16);
        assert_eq!(runs, [(64, 80)]);
    }

    #[test]
    fn fit_takes_the_lowest_or_the_tightest_gap() {
        let busy = [(10, 20), (30, 34), (40, 50)];
        assert_eq!(fit(&busy, 5, 1, false), Some(0));
        assert_eq!(fit(&busy, 5, 1, true), Some(34));
        assert_eq!(fit(&busy, 11, 1, true), Some(50));
        assert_eq!(fit(&busy, 4, 8, false), Some(0));
        assert_eq!(fit(&[(0, 3)], 4, 8, false), Some(8));
    }
}

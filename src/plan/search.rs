//! Exact search: a depth-first branch and bound over placements, in the spirit of MiniMalloc
//! (Moffitt, ASPLOS 2023), that improves a plan component by component.
//!
//! Every plan can be pushed down, one buffer at a time to a strictly lower free aligned
//! offset, until no buffer can move; that never raises the peak. In such a *packed* plan,
//! sorting buffers by `(offset, start, index)` and placing them in that order puts each one
//! exactly on the floor of the time sections it covers. So the search builds packed plans in
//! that canonical order, and each one only once:
//! - a node's candidates are the unplaced buffers whose key `(floor offset, local index)` (the
//!   local index orders by start time) is above the last placed one's;
//! - a candidate is skipped when another unplaced buffer would fit entirely below its offset:
//!   since every later placement goes higher, that gap would stay empty, and a packed plan
//!   has no such gap;
//! - identical buffers are placed in index order;
//! - a node is pruned when a time section's floor (at least the last offset, since every later
//!   placement goes higher) plus the sizes of its unplaced buffers exceeds the target.
//!
//! The search runs in rounds with growing node limits: first a decision search for a plan at
//! the lower bound, then a branch and bound down from the best plan. When a decision search
//! exhausts its tree, the smallest bound that pruned it is a new lower bound (as in IDA*).

use super::graph::Graph;
use super::{Buffer, live_peak};
use std::time::Instant;

/// The shared search budget: nodes (placements tried) and the time cut-off.
pub(crate) struct Budget {
    /// Nodes spent so far.
    pub nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// The deadline, not the node limit, stopped the search.
    pub timed_out: bool,
}

impl Budget {
    /// A budget of `limit` nodes, cut off at `deadline` if any.
    pub fn new(limit: u64, deadline: Option<Instant>) -> Budget {
        Budget {
            nodes: 0,
            limit,
            deadline,
            timed_out: false,
        }
    }

    /// Spends one node; false when the budget is gone.
    fn spend(&mut self) -> bool {
        if self.nodes >= self.limit || self.timed_out {
            return false;
        }
        self.nodes += 1;
        if self.nodes % 1024 == 0
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.timed_out = true;
        }
        true
    }

    fn exhausted(&self) -> bool {
        self.nodes >= self.limit || self.timed_out
    }
}

/// What `improve` achieved.
pub(crate) struct Outcome {
    /// The pool size after the search.
    pub peak: u64,
    /// The search proved that no smaller pool exists.
    pub proven: bool,
}

/// Improves `offsets` (a valid plan of `graph`'s components) component by component, the
/// component with the largest peak first, until the peak reaches `lower_bound`, the budget
/// runs out, or every component holding the peak is proven optimal. Components with more than
/// `max_size` buffers are left as they are.
pub(crate) fn improve(
    buffers: &[Buffer],
    graph: &Graph,
    offsets: &mut [u64],
    lower_bound: u64,
    max_size: usize,
    budget: &mut Budget,
) -> Outcome {
    let peak_of = |c: &[u32], offsets: &[u64]| {
        c.iter()
            .map(|&i| offsets[i as usize] + buffers[i as usize].size)
            .max()
            .unwrap_or(0)
    };
    let mut peaks: Vec<u64> = graph
        .components
        .iter()
        .map(|c| peak_of(c, offsets))
        .collect();
    let mut proven = vec![false; peaks.len()];
    let mut order: Vec<usize> = (0..peaks.len()).collect();
    order.sort_by_key(|&c| (std::cmp::Reverse(peaks[c]), c));
    // No component needs to go below the largest peak that another one cannot avoid.
    let mut goal = lower_bound;
    for c in order {
        let members = &graph.components[c];
        if peaks[c] <= goal {
            break;
        }
        if members.len() > max_size || budget.exhausted() {
            goal = peaks[c];
            continue;
        }
        let problem = Problem::new(buffers, graph, members);
        let mut local: Vec<u64> = members.iter().map(|&i| offsets[i as usize]).collect();
        let (peak, exact) = solve(&problem, &mut local, peaks[c], goal, budget);
        for (k, &i) in members.iter().enumerate() {
            offsets[i as usize] = local[k];
        }
        peaks[c] = peak;
        proven[c] = exact || peak == problem.lower_bound;
        goal = goal.max(peak);
    }
    let peak = peaks.iter().copied().max().unwrap_or(0);
    let proven = peak == lower_bound || (0..peaks.len()).any(|c| peaks[c] == peak && proven[c]);
    Outcome { peak, proven }
}

/// One component, renumbered: local index `k` is the `k`-th buffer by `(start, index)`.
struct Problem {
    size: Vec<u64>,
    align: Vec<u64>,
    /// The time sections a buffer covers: `first_section[k]..end_section[k]`.
    first_section: Vec<u32>,
    end_section: Vec<u32>,
    /// Local conflict lists: `conflicts[conflict_start[k]..conflict_start[k + 1]]`.
    conflict_start: Vec<usize>,
    conflicts: Vec<u32>,
    /// The previous identical buffer (same lifetime, size and alignment), if any.
    twin: Vec<Option<u32>>,
    sections: usize,
    lower_bound: u64,
}

impl Problem {
    fn new(buffers: &[Buffer], graph: &Graph, members: &[u32]) -> Problem {
        let bufs: Vec<Buffer> = members.iter().map(|&i| buffers[i as usize]).collect();
        let mut times: Vec<u64> = bufs.iter().flat_map(|b| [b.start, b.end]).collect();
        times.sort_unstable();
        times.dedup();
        let section = |t: u64| times.binary_search(&t).unwrap() as u32;
        let local: std::collections::HashMap<u32, u32> = members
            .iter()
            .enumerate()
            .map(|(k, &i)| (i, k as u32))
            .collect();
        let mut conflict_start = vec![0];
        let mut conflicts = Vec::new();
        for &i in members {
            conflicts.extend(graph.conflicts(i).iter().map(|j| local[j]));
            conflict_start.push(conflicts.len());
        }
        let mut by_shape: Vec<u32> = (0..bufs.len() as u32).collect();
        by_shape.sort_by_key(|&k| {
            let b = &bufs[k as usize];
            (b.start, b.end, b.size, b.align, k)
        });
        let mut twin = vec![None; bufs.len()];
        for w in by_shape.windows(2) {
            if bufs[w[0] as usize] == bufs[w[1] as usize] {
                twin[w[1] as usize] = Some(w[0]);
            }
        }
        Problem {
            size: bufs.iter().map(|b| b.size).collect(),
            align: bufs.iter().map(|b| b.align).collect(),
            first_section: bufs.iter().map(|b| section(b.start)).collect(),
            end_section: bufs.iter().map(|b| section(b.end)).collect(),
            conflict_start,
            conflicts,
            twin,
            sections: times.len().saturating_sub(1),
            lower_bound: live_peak(&bufs).unwrap_or(u64::MAX),
        }
    }

    fn len(&self) -> usize {
        self.size.len()
    }

    fn conflicts(&self, k: u32) -> &[u32] {
        &self.conflicts[self.conflict_start[k as usize]..self.conflict_start[k as usize + 1]]
    }

    fn sections(&self, k: u32) -> std::ops::Range<usize> {
        self.first_section[k as usize] as usize..self.end_section[k as usize] as usize
    }
}

/// Searches one component for a plan below `peak` (the plan in `offsets`), stopping as soon as
/// one reaches `goal` or the component's lower bound. Returns the new peak and whether it is
/// proven optimal for the component.
fn solve(
    problem: &Problem,
    offsets: &mut [u64],
    mut peak: u64,
    goal: u64,
    budget: &mut Budget,
) -> (u64, bool) {
    let mut low = problem.lower_bound;
    let mut state = State::new(problem);
    let mut limit = 4 * problem.len() as u64 + 1000;
    while peak > low.max(goal) && !budget.exhausted() {
        // A plan at the lower bound ends the search at once.
        let run = state.dfs(low, low, limit, budget);
        if let Some((p, found)) = run.best {
            offsets.copy_from_slice(&found);
            return (p, true);
        }
        if run.complete {
            low = run.min_pruned.min(peak);
            continue;
        }
        if budget.exhausted() {
            break;
        }
        let run = state.dfs(peak - 1, low.max(goal), limit, budget);
        if let Some((p, found)) = run.best {
            offsets.copy_from_slice(&found);
            peak = p;
        }
        if run.complete {
            return (peak, peak <= low || run.min_pruned >= peak);
        }
        limit = limit.saturating_mul(2);
    }
    (peak, peak <= low)
}

/// The result of one depth-first run.
struct Run {
    /// The best plan found (peak, local offsets).
    best: Option<(u64, Vec<u64>)>,
    /// The whole tree was searched (no plan exists below the target the run ended with).
    complete: bool,
    /// The smallest bound that pruned a node: no plan below it exists when `complete`.
    min_pruned: u64,
}

/// What a node leads to.
enum Node {
    /// Every buffer is placed: a plan with this peak.
    Plan(u64),
    /// Pruned, with a lower bound on every plan below it (`None` for dominance prunes).
    Pruned(Option<u64>),
    /// Branch on these placements `(offset, buffer)`, in this order.
    Branch(Vec<(u64, u32)>),
}

/// One level of the depth-first stack.
struct Frame {
    children: Vec<(u64, u32)>,
    /// The next child to try; the one before it is applied when `applied`.
    next: usize,
    applied: bool,
    floor_mark: usize,
    raise_mark: usize,
    last: (u64, u32),
}

/// The search state along the current path, with trails to undo placements.
struct State<'a> {
    problem: &'a Problem,
    /// The top of the highest placed buffer in each time section.
    floor: Vec<u64>,
    /// The total size of the unplaced buffers covering each section.
    unplaced_size: Vec<u64>,
    /// For each unplaced buffer, the highest floor among its sections.
    raised: Vec<u64>,
    placed: Vec<bool>,
    offset: Vec<u64>,
    /// Unplaced buffers (any order) and each buffer's slot in it.
    unplaced: Vec<u32>,
    slot: Vec<usize>,
    floor_trail: Vec<(u32, u64)>,
    raise_trail: Vec<(u32, u64)>,
    /// Key of the last placed buffer: (offset, local index + 1); (0, 0) at the root.
    last: (u64, u32),
}

impl<'a> State<'a> {
    fn new(problem: &'a Problem) -> State<'a> {
        let n = problem.len();
        let mut unplaced_size = vec![0u64; problem.sections];
        for k in 0..n as u32 {
            for s in problem.sections(k) {
                unplaced_size[s] += problem.size[k as usize];
            }
        }
        State {
            problem,
            floor: vec![0; problem.sections],
            unplaced_size,
            raised: vec![0; n],
            placed: vec![false; n],
            offset: vec![0; n],
            unplaced: (0..n as u32).collect(),
            slot: (0..n).collect(),
            floor_trail: Vec::new(),
            raise_trail: Vec::new(),
            last: (0, 0),
        }
    }

    /// Places buffer `k` at `offset` (its floor).
    fn apply(&mut self, k: u32, offset: u64) {
        let p = self.problem;
        let size = p.size[k as usize];
        let top = offset + size;
        for s in p.sections(k) {
            self.floor_trail.push((s as u32, self.floor[s]));
            self.floor[s] = top;
            self.unplaced_size[s] -= size;
        }
        for &j in p.conflicts(k) {
            if !self.placed[j as usize] && self.raised[j as usize] < top {
                self.raise_trail.push((j, self.raised[j as usize]));
                self.raised[j as usize] = top;
            }
        }
        self.placed[k as usize] = true;
        self.offset[k as usize] = offset;
        let i = self.slot[k as usize];
        self.unplaced.swap_remove(i);
        if i < self.unplaced.len() {
            self.slot[self.unplaced[i] as usize] = i;
        }
        self.last = (offset, k + 1);
    }

    /// Undoes the placement of `k`, the last one applied from `frame`.
    fn undo(&mut self, k: u32, frame: &Frame) {
        let (floor_mark, raise_mark, last) = (frame.floor_mark, frame.raise_mark, frame.last);
        let p = self.problem;
        let size = p.size[k as usize];
        while self.floor_trail.len() > floor_mark {
            let (s, old) = self.floor_trail.pop().unwrap();
            self.floor[s as usize] = old;
            self.unplaced_size[s as usize] += size;
        }
        while self.raise_trail.len() > raise_mark {
            let (j, old) = self.raise_trail.pop().unwrap();
            self.raised[j as usize] = old;
        }
        self.placed[k as usize] = false;
        let i = self.slot[k as usize];
        if i < self.unplaced.len() {
            let moved = self.unplaced[i];
            self.slot[moved as usize] = self.unplaced.len();
            self.unplaced.push(moved);
            self.unplaced[i] = k;
        } else {
            self.unplaced.push(k);
        }
        self.last = last;
    }

    /// Evaluates the current node against `target` (the largest peak still wanted).
    fn node(&self, target: u64) -> Node {
        let p = self.problem;
        if self.unplaced.is_empty() {
            return Node::Plan(self.floor.iter().copied().max().unwrap_or(0));
        }
        // Every later placement goes at or above the last offset.
        let base = self.last.0;
        let mut bound = 0u64;
        for s in 0..p.sections {
            let top = self.floor[s];
            bound = bound.max(if self.unplaced_size[s] > 0 {
                top.max(base) + self.unplaced_size[s]
            } else {
                top
            });
        }
        if bound > target {
            return Node::Pruned(Some(bound));
        }
        // The two lowest tops that unplaced buffers can reach, for the gap rule.
        let (mut low1, mut low1_of, mut low2) = (u64::MAX, u32::MAX, u64::MAX);
        let mut children = Vec::new();
        for &k in &self.unplaced {
            let align = p.align[k as usize];
            let offset = self.raised[k as usize].saturating_add(align - 1) & !(align - 1);
            let top = offset.saturating_add(p.size[k as usize]);
            if top > target {
                return Node::Pruned(Some(top));
            }
            if top < low1 {
                (low2, low1, low1_of) = (low1, top, k);
            } else if top < low2 {
                low2 = top;
            }
            if (offset, k + 1) > self.last
                && p.twin[k as usize].is_none_or(|t| self.placed[t as usize])
            {
                children.push((offset, k));
            }
        }
        children.retain(|&(offset, k)| offset < if k == low1_of { low2 } else { low1 });
        if children.is_empty() {
            return Node::Pruned(None);
        }
        // Branching in key order tries first the child that forbids the fewest others.
        children.sort_unstable();
        // The lowest child is next in every completion unless another placement lifts its
        // floor; with no unplaced buffer conflicting with it, nothing can.
        let (_, first) = children[0];
        if p.conflicts(first).iter().all(|&j| self.placed[j as usize]) {
            children.truncate(1);
        }
        Node::Branch(children)
    }

    /// Depth-first search for plans with peak at most `target`, lowering the target after
    /// each plan found, until one reaches `stop`, the tree is exhausted, or `limit` nodes (or
    /// the shared budget) are spent.
    fn dfs(&mut self, mut target: u64, stop: u64, limit: u64, budget: &mut Budget) -> Run {
        let mut run = Run {
            best: None,
            complete: false,
            min_pruned: u64::MAX,
        };
        let mut stack: Vec<Frame> = Vec::new();
        match self.node(target) {
            Node::Branch(children) => stack.push(self.frame(children)),
            Node::Pruned(bound) => {
                run.min_pruned = bound.unwrap_or(u64::MAX);
                run.complete = true;
                return run;
            }
            Node::Plan(_) => unreachable!("a component has at least one buffer"),
        }
        let mut spent = 0u64;
        while let Some(frame) = stack.last_mut() {
            if frame.applied {
                frame.applied = false;
                let (_, k) = frame.children[frame.next - 1];
                let frame = stack.last().unwrap();
                self.undo(k, frame);
            }
            let frame = stack.last_mut().unwrap();
            if frame.next == frame.children.len() {
                stack.pop();
                continue;
            }
            if spent >= limit || !budget.spend() {
                break;
            }
            spent += 1;
            let (offset, k) = frame.children[frame.next];
            frame.next += 1;
            frame.applied = true;
            frame.floor_mark = self.floor_trail.len();
            frame.raise_mark = self.raise_trail.len();
            frame.last = self.last;
            self.apply(k, offset);
            match self.node(target) {
                Node::Plan(peak) => {
                    run.best = Some((peak, self.offset.clone()));
                    if peak <= stop {
                        break;
                    }
                    target = peak - 1;
                }
                Node::Pruned(bound) => {
                    run.min_pruned = run.min_pruned.min(bound.unwrap_or(u64::MAX));
                }
                Node::Branch(children) => stack.push(self.frame(children)),
            }
        }
        run.complete = stack.is_empty();
        // Leave the state at the root for the next run.
        while let Some(frame) = stack.pop() {
            if frame.applied {
                let (_, k) = frame.children[frame.next - 1];
                self.undo(k, &frame);
            }
        }
        run
    }

    fn frame(&self, children: Vec<(u64, u32)>) -> Frame {
        Frame {
            children,
            next: 0,
            applied: false,
            floor_mark: 0,
            raise_mark: 0,
            last: (0, 0),
        }
    }
}

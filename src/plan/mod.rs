//! The offset planner: given buffers with half-open lifetimes `[start, end)`, sizes and
//! alignments, choose byte offsets so that buffers alive at the same time never share a byte,
//! keeping the pool (the largest `offset + size`) small. It knows nothing about MLIR.
//!
//! The pieces, in the order `plan` uses them:
//! - `lower_bound`: the largest total size live at one instant, raised by the padding that
//!   the smallest alignment forces; a plan that reaches it is proven optimal.
//! - `greedy`: a portfolio of best-fit placers (several orderings, lowest or tightest gap).
//! - `search`: a depth-first branch and bound over canonical placements that improves the
//!   greedy plan until it reaches the lower bound, proves optimality or spends its budget.
//! - `check`: an independent checker that shares no code with the placers.
//!
//! Results are deterministic: the search budget is counted in nodes and units of work, and
//! the time limit is only a safety cut-off that `Plan::timed_out` reports.

#[cfg(test)]
mod brute_force;
pub mod check;
#[cfg(feature = "cli")]
pub mod csv;
pub mod dynamic;
mod graph;
mod greedy;
mod search;

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant};

/// One buffer to place. Its lifetime is half-open `[start, end)` in abstract time units, with
/// `end > start`; two buffers conflict when `a.start < b.end && b.start < a.end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Buffer {
    /// First time unit at which the buffer is live.
    pub start: u64,
    /// First time unit at which the buffer is dead again.
    pub end: u64,
    /// Size in bytes (0 is allowed: such a buffer occupies nothing and goes at offset 0).
    pub size: u64,
    /// Required alignment of the offset: a power of two, at least 1.
    pub align: u64,
}

/// Which planner `plan` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Strategy {
    /// The greedy portfolio, then the exact search on components small enough for it to pay.
    #[default]
    Auto,
    /// The greedy portfolio only.
    Greedy,
    /// The greedy portfolio, then the exact search on every component of up to
    /// `EXACT_SEARCH_MAX_BUFFERS` buffers.
    Exact,
    /// One buffer after another in input order, no reuse: the baseline.
    Naive,
}

/// Units of search work (see `search`) per second of time limit, measured on the project's
/// 2-core machine class with both cores busy with other work, so that the default budget ends
/// the search inside the time limit and the clock never decides the result: the slowest
/// MiniMalloc instance spends the 1 s budget in 0.4 s alone and in 0.8 s beside two busy
/// threads (bench/plan/RESULTS.md).
pub const WORK_PER_SECOND: u64 = 800_000_000;

/// `Auto` skips the exact search on components with more buffers than this: its per-node cost
/// grows with the component and the greedy plan is already close there.
pub const AUTO_SEARCH_MAX_BUFFERS: usize = 5_000;

/// `Exact` leaves components with more buffers than this to the greedy plan (the search
/// recursion is as deep as a component is large).
pub const EXACT_SEARCH_MAX_BUFFERS: usize = 20_000;

/// Stack of the search thread: enough for `EXACT_SEARCH_MAX_BUFFERS` levels of recursion.
const SEARCH_STACK_BYTES: usize = 256 << 20;

/// How `plan` works.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanOptions {
    /// Which planner to run.
    pub strategy: Strategy,
    /// Safety cut-off for the exact search; when it hits, `Plan::timed_out` is set.
    pub time_limit: Duration,
    /// Budget of the exact search in nodes (placements tried).
    pub node_limit: u64,
    /// Budget of the exact search in units of work (loop steps, about a nanosecond each).
    /// These budgets, not the clock, decide the result, so that the same input gives the
    /// same plan on every run.
    pub work_limit: u64,
    /// Check the plan with the independent checker (always done in debug builds).
    pub verify: bool,
}

impl PlanOptions {
    /// Options for a strategy with a time limit, and the work budget that fits in it.
    pub fn with_time_limit(strategy: Strategy, time_limit: Duration) -> PlanOptions {
        let work = time_limit.as_secs_f64() * WORK_PER_SECOND as f64;
        PlanOptions {
            strategy,
            time_limit,
            node_limit: u64::MAX,
            // `as` saturates.
            work_limit: work as u64,
            verify: false,
        }
    }
}

impl Default for PlanOptions {
    fn default() -> PlanOptions {
        PlanOptions::with_time_limit(Strategy::Auto, Duration::from_secs(1))
    }
}

/// The result of `plan`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The offset of each buffer, in input order.
    pub offsets: Vec<u64>,
    /// The pool size: the largest `offset + size` (0 for no buffers).
    pub peak: u64,
    /// `lower_bound(buffers)`: the largest total size live at one instant, raised where the
    /// smallest alignment forces padding; no plan can be smaller.
    pub lower_bound: u64,
    /// No plan is smaller: the peak equals the lower bound or the search proved it.
    pub proven_optimal: bool,
    /// The time limit cut the search short (the result then depends on timing).
    pub timed_out: bool,
    /// Search nodes spent.
    pub nodes: u64,
    /// Which placer produced the plan, e.g. `greedy:size:lowest`, `exact` or `naive`.
    pub strategy_used: &'static str,
}

/// Why `plan` failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// Buffer `index` has an empty or reversed lifetime (`end <= start`).
    #[allow(missing_docs)]
    EmptyLifetime { index: usize },
    /// Buffer `index` has an alignment that is zero or not a power of two.
    #[allow(missing_docs)]
    BadAlignment { index: usize, align: u64 },
    /// A size, offset or the pool size does not fit in 64 bits.
    Overflow,
    /// The checker rejected the plan: a bug in a placer, never the input's fault.
    Invalid(Vec<check::Violation>),
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::EmptyLifetime { index } => {
                write!(f, "buffer {index} has an empty lifetime (end <= start)")
            }
            PlanError::BadAlignment { index, align } => {
                write!(
                    f,
                    "buffer {index} has alignment {align}, not a power of two"
                )
            }
            PlanError::Overflow => write!(f, "the plan does not fit in 64-bit byte offsets"),
            PlanError::Invalid(violations) => {
                write!(f, "internal error: the plan checker rejected the plan:")?;
                for v in violations.iter().take(5) {
                    write!(f, " {v};")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PlanError {}

/// A bound no plan's peak can go below (saturating at `u64::MAX`): the largest live total of
/// sizes, raised by the padding that the smallest alignment forces (see `live_bound`).
pub fn lower_bound(buffers: &[Buffer]) -> u64 {
    live_bound(buffers).unwrap_or(u64::MAX)
}

/// The planner's lower bound, or `None` when the plain live total overflows.
///
/// With `A` the smallest alignment of the buffers that take bytes (all are powers of two),
/// every offset is a multiple of `A`. Buffers live at one instant, sorted by offset, each take
/// at least their size rounded up to `A`, except the topmost, which takes its size: the pool
/// is at least the live total of rounded sizes less the largest padding (`rounded - size`) of
/// a live buffer. That is never below the plain live total of sizes, and never below the
/// rounded total less `A - 1`.
fn live_bound(buffers: &[Buffer]) -> Option<u64> {
    let align = buffers
        .iter()
        .filter(|b| b.size > 0)
        .map(|b| b.align)
        .min()
        .unwrap_or(1);
    let events = sweep(buffers.iter().map(|b| (b.start, b.end, b.size)));
    // Every partial sum after a start is the total of buffers live together, so a bound.
    let (mut live, mut peak) = (0u64, 0u64);
    // The rounded total saturates: a total past `u64::MAX` only means no plan fits anyway.
    let (mut rounded_live, mut bound) = (0u64, 0u64);
    // Live paddings with their counts, for the largest one.
    let mut pads: BTreeMap<u64, usize> = BTreeMap::new();
    for (_, is_start, size) in events {
        let rounded = size.checked_next_multiple_of(align).unwrap_or(u64::MAX);
        let pad = rounded - size;
        if is_start {
            live = live.checked_add(size)?;
            peak = peak.max(live);
            rounded_live = rounded_live.saturating_add(rounded);
            *pads.entry(pad).or_default() += 1;
            let largest = pads.last_key_value().map_or(0, |(&p, _)| p);
            bound = bound.max(rounded_live.saturating_sub(largest));
        } else {
            live -= size;
            rounded_live = rounded_live.saturating_sub(rounded);
            if let Some(count) = pads.get_mut(&pad) {
                *count -= 1;
                if *count == 0 {
                    pads.remove(&pad);
                }
            }
        }
    }
    Some(peak.max(bound))
}

/// The starts and ends of half-open lifetimes `(start, end, item)` in the order a sweep of
/// live totals takes them: by time, at one time the ends before the starts (what ends at `t`
/// makes room for what starts there), and otherwise in the order given. Yields the time,
/// whether a lifetime starts there, and its item. Every total of sizes after a start is of
/// items live together. The lower bound, the analysis' peak live bytes and the rewrite's
/// comparison of a pool with its buffers apart (computed when the function runs) all sweep in
/// this order; the plan checker keeps a sweep of its own.
pub fn sweep<T: Copy>(
    lifetimes: impl IntoIterator<Item = (u64, u64, T)>,
) -> impl Iterator<Item = (u64, bool, T)> {
    let lifetimes = lifetimes.into_iter();
    let mut events: Vec<(u64, bool, usize, T)> = Vec::with_capacity(2 * lifetimes.size_hint().0);
    for (k, (start, end, item)) in lifetimes.enumerate() {
        events.push((start, true, k, item));
        events.push((end, false, k, item));
    }
    // `false` (an end) sorts first; `k` keeps the order given among the rest.
    events.sort_unstable_by_key(|&(time, starts, k, _)| (time, starts, k));
    events
        .into_iter()
        .map(|(time, starts, _, item)| (time, starts, item))
}

/// Plans offsets for `buffers` (see the module documentation).
pub fn plan(buffers: &[Buffer], opts: &PlanOptions) -> Result<Plan, PlanError> {
    validate(buffers)?;
    let lower_bound = live_bound(buffers).ok_or(PlanError::Overflow)?;
    plan_valid(buffers, lower_bound, opts)
}

/// `plan`, for a caller that has computed `lower_bound(buffers)` already.
pub fn plan_with_lower_bound(
    buffers: &[Buffer],
    lower_bound: u64,
    opts: &PlanOptions,
) -> Result<Plan, PlanError> {
    validate(buffers)?;
    if lower_bound == u64::MAX {
        // `lower_bound`'s value when the live total overflows.
        return Err(PlanError::Overflow);
    }
    plan_valid(buffers, lower_bound, opts)
}

/// The errors `plan` reports before planning: empty lifetimes, alignments that are not
/// powers of two, sizes that overflow once aligned.
fn validate(buffers: &[Buffer]) -> Result<(), PlanError> {
    for (index, b) in buffers.iter().enumerate() {
        if b.end <= b.start {
            return Err(PlanError::EmptyLifetime { index });
        }
        if !b.align.is_power_of_two() {
            return Err(PlanError::BadAlignment {
                index,
                align: b.align,
            });
        }
        if b.size.checked_add(b.align - 1).is_none() {
            return Err(PlanError::Overflow);
        }
    }
    Ok(())
}

/// `plan` on valid buffers whose lower bound is known.
fn plan_valid(buffers: &[Buffer], lower_bound: u64, opts: &PlanOptions) -> Result<Plan, PlanError> {
    let plan = match opts.strategy {
        Strategy::Naive => naive(buffers, lower_bound)?,
        Strategy::Greedy => planned(buffers, lower_bound, opts, false)?,
        Strategy::Auto | Strategy::Exact => planned(buffers, lower_bound, opts, true)?,
    };
    if opts.verify || cfg!(debug_assertions) {
        let peak = check::check(buffers, &plan.offsets).map_err(PlanError::Invalid)?;
        if peak != plan.peak {
            return Err(PlanError::Invalid(vec![check::Violation::WrongPeak {
                reported: plan.peak,
                actual: peak,
            }]));
        }
    }
    Ok(plan)
}

/// One buffer after another in input order, each offset aligned, no reuse.
fn naive(buffers: &[Buffer], lower_bound: u64) -> Result<Plan, PlanError> {
    let mut offsets = Vec::with_capacity(buffers.len());
    let mut top = 0u64;
    for b in buffers {
        let offset = align_up(top, b.align).ok_or(PlanError::Overflow)?;
        offsets.push(offset);
        top = offset.checked_add(b.size).ok_or(PlanError::Overflow)?;
    }
    Ok(Plan {
        offsets,
        peak: top,
        lower_bound,
        proven_optimal: top == lower_bound,
        timed_out: false,
        nodes: 0,
        strategy_used: "naive",
    })
}

/// The greedy portfolio, then (with `search`) the exact search component by component.
fn planned(
    buffers: &[Buffer],
    lower_bound: u64,
    opts: &PlanOptions,
    search: bool,
) -> Result<Plan, PlanError> {
    // Zero-size buffers occupy no byte: they stay at offset 0, outside the problem.
    let items: Vec<u32> = (0..buffers.len() as u32)
        .filter(|&i| buffers[i as usize].size > 0)
        .collect();
    let search_max = match opts.strategy {
        _ if !search => 0,
        Strategy::Auto => AUTO_SEARCH_MAX_BUFFERS,
        _ => EXACT_SEARCH_MAX_BUFFERS,
    };
    let graph = graph::Graph::build(buffers, &items, search_max);
    let best = greedy::best(buffers, &items, &graph, lower_bound)?;
    let mut plan = Plan {
        offsets: best.offsets,
        peak: best.peak,
        lower_bound,
        proven_optimal: best.peak == lower_bound,
        timed_out: false,
        nodes: 0,
        strategy_used: best.name,
    };
    if search && !plan.proven_optimal {
        let max_size = search_max;
        let mut budget = search::Budget::new(
            opts.node_limit,
            opts.work_limit,
            Instant::now().checked_add(opts.time_limit),
        );
        let offsets = &mut plan.offsets;
        // The search recurses once per placed buffer: give it a stack for the largest
        // component it takes, whatever thread the caller runs on.
        let outcome = crate::stack::with_stack(SEARCH_STACK_BYTES, "bufreuse-search", || {
            search::improve(buffers, &graph, offsets, lower_bound, max_size, &mut budget)
        });
        if outcome.peak < plan.peak {
            plan.strategy_used = "exact";
        }
        plan.peak = outcome.peak;
        plan.proven_optimal = outcome.proven || plan.peak == lower_bound;
        plan.timed_out = budget.timed_out;
        plan.nodes = budget.nodes;
    }
    // Alignment padding can make every best fit worse than one buffer after another (a
    // buffer placed on an odd top pads where the baseline would not): never return more
    // than the baseline. Only after the search, which improves the greedy plan component by
    // component and needs its offsets (the baseline stacks the components on each other).
    // The baseline's overflow is no reason to fail, the plan found fits.
    if let Ok(baseline) = naive(buffers, lower_bound) {
        // Zero-size buffers stay at offset 0, as in every other plan.
        let mut offsets = baseline.offsets;
        for (offset, b) in offsets.iter_mut().zip(buffers) {
            if b.size == 0 {
                *offset = 0;
            }
        }
        let peak = offsets
            .iter()
            .zip(buffers)
            .map(|(&offset, b)| offset + b.size)
            .max()
            .unwrap_or(0);
        if peak < plan.peak {
            plan.offsets = offsets;
            plan.peak = peak;
            plan.strategy_used = baseline.strategy_used;
            plan.proven_optimal = plan.peak == lower_bound;
        }
    }
    Ok(plan)
}

/// A seeded xorshift generator for the planner's unit tests: `next(m)` is the next number
/// below `m` (the seed must not be 0).
#[cfg(test)]
fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |m| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    }
}

/// `x` rounded up to a multiple of the power of two `align`, or `None` on overflow.
pub fn align_up(x: u64, align: u64) -> Option<u64> {
    Some(x.checked_add(align - 1)? & !(align - 1))
}

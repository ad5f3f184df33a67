//! The pooling policy, between the analysis and the planner: which eligible allocations of a
//! function share a pool (one pool per memory space), which members are left out because
//! pooling them saves nothing, the `--capacity` limit, and where the allocations whose size
//! is known only at run time go. It hands the planner plain buffers and checks every plan it
//! gets back with the independent checker before using it.

use crate::analysis::{
    Allocation, Analysis, FunctionReport, Offset, Pool, exclusive_groups, memory_space,
    sharing_groups,
};
use crate::diag::Diagnostic;
use crate::ir::types::Attr;
use crate::ir::{Module, OpId};
use crate::plan::dynamic::Lifetime;
use crate::plan::{self, Buffer, PlanOptions};
use std::collections::{BTreeMap, HashSet};

/// How allocations are pooled and planned.
#[derive(Clone, Debug)]
pub struct Options {
    /// Minimum alignment of every pool and every offset in it (a power of two).
    pub alignment: u64,
    /// How the planner places the buffers of each pool.
    pub plan: PlanOptions,
    /// A pool larger than this is an error.
    pub capacity: Option<u64>,
    /// Keep pools that make the function hold more than their members apart did at their
    /// peak, and use pools of run-time size without comparing when the function runs.
    pub pool_all: bool,
    /// Functions to leave unpooled, by symbol name, each with the check's message that says
    /// why: their rewrite failed the check of the output.
    pub keep_out: BTreeMap<String, String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            alignment: 64,
            plan: PlanOptions::default(),
            capacity: None,
            pool_all: false,
            keep_out: BTreeMap::new(),
        }
    }
}

/// Pools and plans every function of an analysis: fills each function's `pools` and
/// `pool_bytes` and the offsets of their members, and records `opts.alignment` in it (then
/// it is pooled). Errors: a pool over `capacity`, a plan that fails the checker.
pub fn pool(m: &Module, analysis: &mut Analysis, opts: &Options) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for report in &mut analysis.functions {
        match opts.keep_out.get(&report.name) {
            Some(message) => {
                analysis.warnings.push(kept_out_warning(m, report, message));
                report.kept_out = Some(message.clone());
            }
            None => pool_function(m, report, opts, &mut errors),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    analysis.pool_alignment = Some(opts.alignment);
    Ok(())
}

/// The warning for a function kept out of the rewrite: it names the buffers that stay
/// separate and the check's message.
fn kept_out_warning(m: &Module, report: &FunctionReport, message: &str) -> Diagnostic {
    let buffers: Vec<&str> = report
        .allocations
        .iter()
        .filter(|a| a.poolable())
        .map(|a| &*m.value(a.value).name)
        .collect();
    Diagnostic::warning(
        m.op(report.func).name_span,
        format!(
            "@{} is left as it was read, its buffers unpooled ({}): the check of its rewrite failed: {message}",
            report.name,
            buffers.join(", ")
        ),
    )
}

/// Pools the eligible allocations of one function: fills its `pools`, its `pool_bytes` and
/// its members' offsets.
fn pool_function(
    m: &Module,
    report: &mut FunctionReport,
    opts: &Options,
    errors: &mut Vec<Diagnostic>,
) {
    let func = report.func;
    let eligible: Vec<usize> = (0..report.allocations.len())
        .filter(|&i| report.allocations[i].poolable())
        .collect();
    // One group per memory space, in order of first appearance. Spellings of one space are
    // one group (`1` and `1 : i64`; `0` and none, the default space).
    let mut groups: Vec<(Option<Attr>, Vec<usize>)> = Vec::new();
    for &i in &eligible {
        let space = memory_space(report.allocations[i].memory_space.as_deref());
        match groups.iter_mut().find(|g| g.0 == space) {
            Some(g) => g.1.push(i),
            None => groups.push((space, vec![i])),
        }
    }
    let mut pools = Vec::new();
    let name = m.sym_name(func).unwrap_or_default();
    for (space, group) in groups {
        let (statics, dynamics): (Vec<usize>, Vec<usize>) = group
            .into_iter()
            .partition(|&i| report.allocations[i].bytes.is_some());
        // A pool of run-time size is compared with its buffers apart when the function
        // runs, where all of them are freed where they live.
        let at_run_time = !dynamics.is_empty()
            && !opts.pool_all
            && statics
                .iter()
                .chain(&dynamics)
                .all(|&i| report.allocations[i].freed_where_it_lives(m));
        let planned = plan_static(
            m,
            func,
            &name,
            statics,
            &report.allocations,
            at_run_time,
            opts,
            errors,
        );
        // Buffers of run-time size join the pool above its planned part: two of them can
        // share memory, one saves its own malloc.
        let with_dynamic = dynamics.len() >= 2 || (!dynamics.is_empty() && planned.is_some());
        if planned.is_none() && !with_dynamic {
            continue;
        }
        let mut pool = Pool {
            space,
            size: 0,
            align: opts.alignment,
            lower_bound: 0,
            proven_optimal: true,
            timed_out: false,
            members: Vec::new(),
            dynamic: Vec::new(),
            chosen_at_run_time: false,
        };
        if let Some((members, result)) = planned {
            if let Some(cap) = opts.capacity
                && result.peak > cap
            {
                errors.push(Diagnostic::error(
                    m.op(func).name_span,
                    format!(
                        "@{name} needs a pool of {} bytes, more than --capacity={cap} (lower bound {} bytes)",
                        result.peak, result.lower_bound
                    ),
                ));
            }
            for (k, &i) in members.iter().enumerate() {
                report.allocations[i].offset = Some(Offset::Fixed(result.offsets[k]));
            }
            pool.size = result.peak;
            pool.lower_bound = result.lower_bound;
            pool.proven_optimal = result.proven_optimal;
            pool.timed_out = result.timed_out;
            pool.members = members;
        }
        if with_dynamic {
            pool.dynamic = place_dynamic(
                m,
                func,
                &name,
                &dynamics,
                pool.size,
                &mut report.allocations,
                errors,
            );
        }
        // A pool of run-time size may turn out larger than its members apart (small sizes):
        // where they can stay apart, the function decides when it runs.
        pool.chosen_at_run_time = !pool.dynamic.is_empty()
            && !opts.pool_all
            && pool
                .members
                .iter()
                .chain(&pool.dynamic)
                .all(|&i| report.allocations[i].freed_where_it_lives(m));
        // The pool's own alignment must cover what every member's offset was aligned for
        // (its alignment attribute and its element size), or offsets aligned relative to the
        // pool would not be aligned in memory.
        pool.align = pool
            .members
            .iter()
            .chain(&pool.dynamic)
            .map(|&i| report.allocations[i].align)
            .fold(opts.alignment, u64::max);
        if let Some(error) = past_index(m, func, &name, &pool, &report.allocations) {
            errors.push(error);
            for &i in pool.members.iter().chain(&pool.dynamic) {
                report.allocations[i].offset = None;
            }
            continue;
        }
        pools.push(pool);
    }
    report.pool_bytes = pools.iter().map(|p| p.size).sum();
    report.pools = pools;
}

/// The error for a pool whose size, offsets or run-time factors an `index` constant (the
/// rewrite's, 64 bits and signed) could not hold: its size with the padding for its alignment
/// past `i64::MAX`, or a member of run-time size whose bytes per unit are.
fn past_index(
    m: &Module,
    func: OpId,
    name: &str,
    pool: &Pool,
    allocations: &[Allocation],
) -> Option<Diagnostic> {
    let max = i64::MAX as u64;
    let size_fits = pool.size.checked_add(pool.align).is_some_and(|s| s <= max);
    let factors_fit = pool.dynamic.iter().all(|&i| {
        allocations[i]
            .dynamic
            .as_ref()
            .is_none_or(|d| d.factor <= max)
    });
    (!size_fits || !factors_fit).then(|| {
        Diagnostic::error(
            m.op(func).name_span,
            format!(
                "@{name} needs a pool of {} bytes (alignment {}), past what an index (a signed 64-bit integer) can hold",
                pool.size, pool.align
            ),
        )
    })
}

/// The planner's buffers for `members`: one per group of members that may share one offset,
/// in the order of each group's first member; and the index of each member's buffer. A
/// group's interval covers its members', its size and alignment are their largest
/// (`sharing_groups`).
fn buffers_of(
    m: &Module,
    members: &[usize],
    allocations: &[Allocation],
    alignment: u64,
) -> (Vec<Buffer>, Vec<usize>) {
    let groups = sharing_groups(m, allocations, members);
    grouped(members, &groups, |i| {
        let a = &allocations[i];
        let live = a.live.expect("eligible allocations have an interval");
        let (start, end) = live.to_half_open();
        Buffer {
            start,
            end,
            size: a.bytes.expect("eligible allocations have a size"),
            align: a.align.max(alignment),
        }
    })
}

/// One buffer per group of `members` (`groups`: the position in `members` of each member's
/// group's first member), in the order of each group's first member, covering the buffers
/// `buffer` gives its members; and the index of each member's buffer.
fn grouped(
    members: &[usize],
    groups: &[usize],
    buffer: impl Fn(usize) -> Buffer,
) -> (Vec<Buffer>, Vec<usize>) {
    let mut buffers: Vec<Buffer> = Vec::with_capacity(members.len());
    let mut buffer_of_group = vec![usize::MAX; members.len()];
    let mut buffer_of = Vec::with_capacity(members.len());
    for (k, &i) in members.iter().enumerate() {
        let this = buffer(i);
        let g = groups[k];
        if buffer_of_group[g] == usize::MAX {
            buffer_of_group[g] = buffers.len();
            buffers.push(this);
        } else {
            let b = &mut buffers[buffer_of_group[g]];
            (b.start, b.end) = (b.start.min(this.start), b.end.max(this.end));
            (b.size, b.align) = (b.size.max(this.size), b.align.max(this.align));
        }
        buffer_of.push(buffer_of_group[g]);
    }
    (buffers, buffer_of)
}

/// What a pool of some of `candidates` (static members of one pool) is compared with.
struct Costs<'a> {
    m: &'a Module,
    candidates: &'a [usize],
    allocations: &'a [Allocation],
    /// `--alignment`: the least alignment of the pool.
    alignment: u64,
    /// The function compares the pool with its buffers apart when it runs
    /// (`Pool::chosen_at_run_time`): here a pool only has to be no larger than its members'
    /// sum; else it must not raise what they hold at once apart (`Costs::apart_peak`).
    at_run_time: bool,
}

impl Costs<'_> {
    /// What `candidates` make the function hold besides the pool when `members` share one
    /// and the others stay separate: the padding MLIR's lowering adds for the pool's
    /// alignment and the most the others hold at once; where the function chooses at run
    /// time, the sum of the others. With a pool of `size` bytes, the function holds
    /// `size + overhead` at most.
    fn overhead(&self, members: &[usize]) -> u64 {
        let pooled: HashSet<usize> = members.iter().copied().collect();
        let apart: Vec<usize> = self
            .candidates
            .iter()
            .copied()
            .filter(|i| !pooled.contains(i))
            .collect();
        if self.at_run_time {
            return self.sum(&apart);
        }
        let align = members
            .iter()
            .map(|&i| self.allocations[i].align)
            .fold(self.alignment, u64::max);
        align.saturating_add(self.apart_peak(&apart))
    }

    /// The most all `candidates` make the function hold as separate allocations (their sum
    /// where the function chooses at run time).
    fn apart(&self) -> u64 {
        if self.at_run_time {
            self.sum(self.candidates)
        } else {
            self.apart_peak(self.candidates)
        }
    }

    fn sum(&self, members: &[usize]) -> u64 {
        members.iter().fold(0u64, |acc, &i| {
            acc.saturating_add(self.allocations[i].bytes.unwrap_or(0))
        })
    }

    /// The most heap bytes `members` hold at once as separate allocations: each from its
    /// allocation to its free (`Allocation::held`), with the bytes MLIR's lowering adds to an
    /// allocation with an `alignment` attribute; members of exclusive branches, of which one
    /// exists at a time, counted once. A member not freed by a `memref.dealloc` of its block
    /// (before deallocation, under ownership flags) counts from the start of its live
    /// interval to the end of the function, since a deallocation pass may free it late: a
    /// guess, and a pool may still hold more than such buffers where they are freed early.
    fn apart_peak(&self, members: &[usize]) -> u64 {
        let groups = exclusive_groups(self.m, self.allocations, members);
        let (buffers, _) = grouped(members, &groups, |i| {
            let a = &self.allocations[i];
            let (start, end) = match a.held {
                Some(held) => held.to_half_open(),
                None => {
                    let live = a.live.expect("eligible allocations have an interval");
                    (live.to_half_open().0, u64::MAX)
                }
            };
            let bytes = a.bytes.expect("eligible allocations have a size");
            Buffer {
                start,
                end,
                size: bytes.saturating_add(a.align_attr.unwrap_or(0)),
                align: 1,
            }
        });
        // With every alignment 1, the planner's lower bound is the plain live total.
        plan::lower_bound(&buffers)
    }
}

/// How many dropped allocations `readmit` tries again, largest first: each try is one
/// greedy plan, so this bounds the extra work per pool.
const READMIT_TRIES: usize = 32;

/// Dropping the smallest members first is a heuristic: a dropped allocation can fit into the
/// pool's gaps for nothing. Tries the largest dropped ones again, one at a time, and keeps
/// each whose addition does not raise what the pool and the buffers left separate hold at
/// once (the pool's size plus `Costs::overhead`). Every plan it keeps is checked like the
/// first one.
fn readmit(
    m: &Module,
    costs: &Costs<'_>,
    members: &mut Vec<usize>,
    result: &mut plan::Plan,
    allocations: &[Allocation],
    opts: &Options,
) {
    let kept: HashSet<usize> = members.iter().copied().collect();
    let mut dropped: Vec<usize> = costs
        .candidates
        .iter()
        .copied()
        .filter(|i| !kept.contains(i))
        .collect();
    dropped.sort_by_key(|&i| (std::cmp::Reverse(allocations[i].bytes), i));
    let mut greedy = opts.plan.clone();
    if greedy.strategy != plan::Strategy::Naive {
        greedy.strategy = plan::Strategy::Greedy;
    }
    let mut cost = result.peak.saturating_add(costs.overhead(members));
    for &i in dropped.iter().take(READMIT_TRIES) {
        let mut trial = members.clone();
        trial.push(i);
        trial.sort_unstable();
        let (buffers, _) = buffers_of(m, &trial, allocations, opts.alignment);
        let Ok(planned) = plan::plan(&buffers, &greedy) else {
            continue;
        };
        let trial_cost = planned.peak.saturating_add(costs.overhead(&trial));
        if trial_cost <= cost && plan::check::check(&buffers, &planned.offsets).is_ok() {
            cost = trial_cost;
            *members = trial;
            *result = planned;
        }
    }
}

/// Drops the smallest tenth of `members` (at least one), smallest first, ties by position.
fn drop_smallest(members: &mut Vec<usize>, allocations: &[Allocation]) {
    let mut by_size = members.clone();
    by_size.sort_by_key(|&i| (allocations[i].bytes, i));
    let drop: HashSet<usize> = by_size
        .into_iter()
        .take(members.len().div_ceil(10))
        .collect();
    members.retain(|i| !drop.contains(i));
}

/// Plans the allocations of static size of one pool: the members kept (at least two) and
/// their plan, or `None` when no pool of them saves memory. `at_run_time`: the function
/// will compare the pool with its buffers apart when it runs (`Costs::at_run_time`).
#[allow(clippy::too_many_arguments)]
fn plan_static(
    m: &Module,
    func: OpId,
    name: &str,
    members: Vec<usize>,
    allocations: &[Allocation],
    at_run_time: bool,
    opts: &Options,
    errors: &mut Vec<Diagnostic>,
) -> Option<(Vec<usize>, plan::Plan)> {
    if members.len() < 2 {
        return None;
    }
    // A pool must not make the function hold more than its buffers apart did at their peak
    // (`Costs`): with the padding for the pool's alignment and offsets rounded up to it, a
    // pool of small buffers, or of buffers freed right after their last use, can cost more
    // than reuse gains. The smallest members then stay separate allocations, until the pool
    // and what stays separate hold no more than all of them apart, or fewer than two members
    // are left.
    let candidates = members.clone();
    let costs = Costs {
        m,
        candidates: &candidates,
        allocations,
        alignment: opts.alignment,
        at_run_time,
    };
    let apart = costs.apart();
    let mut members = members;
    // The configured planner (with its search budget) runs once per pool; later rounds,
    // after members were dropped, use the greedy placer, so the time a function takes is
    // bounded by one search however many rounds it needs.
    let mut plan_opts = opts.plan.clone();
    let mut result = loop {
        if members.len() < 2 {
            return None;
        }
        let (buffers, _) = buffers_of(m, &members, allocations, opts.alignment);
        // The planner's lower bound counts alignment: with it, no plan of these members
        // may save memory.
        let lower_bound = plan::lower_bound(&buffers);
        // What the function holds besides the pool (unused with `pool_all`).
        let overhead = if opts.pool_all {
            0
        } else {
            costs.overhead(&members)
        };
        let hopeless = !opts.pool_all && lower_bound.saturating_add(overhead) > apart;
        if hopeless {
            drop_smallest(&mut members, allocations);
            continue;
        }
        let result = match plan::plan_with_lower_bound(&buffers, lower_bound, &plan_opts) {
            Ok(p) => p,
            Err(e) => {
                errors.push(Diagnostic::error(
                    m.op(func).name_span,
                    format!("cannot plan the pool of @{name}: {e}"),
                ));
                return None;
            }
        };
        // Every plan is checked by the independent checker before it is used.
        if let Err(violations) = plan::check::check(&buffers, &result.offsets) {
            errors.push(Diagnostic::error(
                m.op(func).name_span,
                format!("internal error: the plan for @{name} failed the checker: {violations:?}"),
            ));
            return None;
        }
        if opts.pool_all || result.peak.saturating_add(overhead) <= apart {
            break result;
        }
        if plan_opts.strategy != plan::Strategy::Naive {
            plan_opts.strategy = plan::Strategy::Greedy;
        }
        drop_smallest(&mut members, allocations);
    };
    if !opts.pool_all && members.len() < candidates.len() {
        readmit(m, &costs, &mut members, &mut result, allocations, opts);
    }
    // From the offset of each buffer to the offset of each member.
    let (_, buffer_of) = buffers_of(m, &members, allocations, opts.alignment);
    result.offsets = buffer_of.iter().map(|&b| result.offsets[b]).collect();
    Some((members, result))
}

/// Places the allocations of run-time size of one pool above its planned part (`base`
/// bytes): sets their offsets and returns them in the order their offsets are computed.
/// The placement is checked, like every plan, for sizes drawn from a fixed sequence.
fn place_dynamic(
    m: &Module,
    func: OpId,
    name: &str,
    members: &[usize],
    base: u64,
    allocations: &mut [Allocation],
    errors: &mut Vec<Diagnostic>,
) -> Vec<usize> {
    let lifetimes: Vec<Lifetime> = members
        .iter()
        .map(|&i| {
            let a = &allocations[i];
            let (start, end) = a
                .live
                .expect("eligible allocations have an interval")
                .to_half_open();
            // Only as aligned as the buffer needs (its element, its `alignment` attribute, an
            // `assume_alignment` of it): rounding every run-time offset up to `--alignment`
            // would make a pool of small buffers larger than the buffers it replaces.
            Lifetime {
                start,
                end,
                align: a.align,
            }
        })
        .collect();
    let placement = plan::dynamic::place(&lifetimes);
    for round in 0..4u64 {
        let sizes: Vec<u64> = members
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let factor = allocations[i].dynamic.as_ref().map_or(1, |d| d.factor);
                factor.saturating_mul((k as u64 * 7 + round * 13) % 23 + round)
            })
            .collect();
        let checked =
            plan::dynamic::evaluate(&lifetimes, &placement, base, &sizes).map(|(offsets, _)| {
                plan::check::check(&plan::dynamic::with_sizes(&lifetimes, &sizes), &offsets)
            });
        if !matches!(checked, Some(Ok(_))) {
            errors.push(Diagnostic::error(
                m.op(func).name_span,
                format!(
                    "internal error: the run-time placement for @{name} failed the checker: {checked:?}"
                ),
            ));
            return Vec::new();
        }
    }
    let mut order = Vec::with_capacity(members.len());
    for &k in &placement.order {
        let i = members[k];
        allocations[i].offset = Some(Offset::Above {
            base,
            above: placement.above[k].iter().map(|&j| members[j]).collect(),
            align: lifetimes[k].align,
        });
        order.push(i);
    }
    order
}

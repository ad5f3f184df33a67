//! The analysis: for every function, every allocation's live interval and eligibility, the
//! peak live bytes, the naive total, and the planned pool(s). It reads the IR and never changes
//! it; `--analyze` reports its result and `--rewrite` consumes it, so the two agree by
//! construction.

pub mod calls;
pub mod lifetime;
pub mod points;
pub mod reason;
pub mod report;
pub mod size;
pub mod uses;

use crate::diag::Diagnostic;
use crate::ir::ops::Memory;
use crate::ir::types::Attr;
use crate::ir::{Module, OpId};
use crate::plan::dynamic::Lifetime;
use crate::plan::{self, Buffer, PlanOptions};
pub use lifetime::{Allocation, Offset};
use points::{Interval, Points};
use reason::Reason;
use std::collections::HashSet;

/// How the analysis runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Byte size of `index`.
    pub index_bytes: u64,
    /// Minimum alignment of every pool and every offset in it (a power of two).
    pub alignment: u64,
    pub plan: PlanOptions,
    /// A pool larger than this is an error.
    pub capacity: Option<u64>,
    /// Ops known to read and write their memref operands without capturing them.
    pub assume_nocapture: HashSet<String>,
    /// Keep pools that are larger than the allocations they replace.
    pub pool_all: bool,
    /// The IR is straight from bufferization, before any dealloc is placed: allocations
    /// without a dealloc may be pooled, and pools get no dealloc (`--before-dealloc`).
    pub before_dealloc: bool,
    /// Pool allocations with dynamic dimensions, at offsets computed at run time.
    pub dynamic_pools: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            index_bytes: 8,
            alignment: 64,
            plan: PlanOptions::default(),
            capacity: None,
            assume_nocapture: HashSet::new(),
            pool_all: false,
            before_dealloc: false,
            dynamic_pools: true,
        }
    }
}

/// One pool: the eligible allocations of one memory space of one function.
#[derive(Clone, Debug)]
pub struct Pool {
    pub memory_space: Option<Attr>,
    /// Planned size in bytes.
    pub size: u64,
    /// Alignment of the pool allocation.
    pub align: u64,
    /// Peak live bytes of its members with the sizes as placed: no plan can be smaller.
    pub lower_bound: u64,
    pub proven_optimal: bool,
    pub timed_out: bool,
    /// Indices into `FunctionReport::allocations` of the members planned at compile time.
    pub members: Vec<usize>,
    /// The members whose sizes are known only at run time, in the order their offsets are
    /// computed: each above `size` (the planned part) and above the earlier ones it meets.
    pub dynamic: Vec<usize>,
}

/// The analysis of one function.
#[derive(Clone, Debug)]
pub struct FunctionReport {
    pub func: OpId,
    pub name: String,
    pub allocations: Vec<Allocation>,
    pub pools: Vec<Pool>,
    /// Largest sum of bytes of eligible allocations live at one point.
    pub peak_live_bytes: u64,
    /// A point where that peak is reached.
    pub peak_point: Option<u32>,
    /// Sum of bytes of eligible allocations.
    pub naive_bytes: u64,
    /// Sum of the pool sizes.
    pub pool_bytes: u64,
}

/// The analysis of a module.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    pub functions: Vec<FunctionReport>,
    /// Suspicious but legal input (use after dealloc, ...).
    pub warnings: Vec<Diagnostic>,
    /// Made for IR before deallocation (`Options::before_dealloc`): pools get no dealloc.
    pub before_dealloc: bool,
}

/// Analyzes and plans every function of a module. Errors: sizes that overflow, alignments
/// that are not powers of two, pools over `--capacity`.
pub fn analyze(m: &Module, opts: &Options) -> Result<Analysis, Vec<Diagnostic>> {
    let uses = uses::Uses::of_module(m);
    let calls = calls::Summaries::of_module(m, &uses, &opts.assume_nocapture);
    let cx = lifetime::Context {
        index_bytes: opts.index_bytes,
        assume_nocapture: &opts.assume_nocapture,
        calls: &calls,
        before_dealloc: opts.before_dealloc,
        dynamic_pools: opts.dynamic_pools,
    };
    let mut errors = Vec::new();
    let mut analysis = Analysis {
        before_dealloc: opts.before_dealloc,
        ..Analysis::default()
    };
    for func in m.functions() {
        if m.op(func)
            .regions
            .first()
            .is_none_or(|r| m.region(*r).blocks.is_empty())
        {
            continue;
        }
        let points = Points::of_function(m, func);
        let mut allocations = lifetime::allocations(m, func, &points, &uses, &cx);
        for a in &mut allocations {
            check_allocation(m, a, &mut errors, &mut analysis.warnings);
        }
        check_deallocs(m, func, &mut analysis.warnings);
        let report = plan_function(m, func, allocations, opts, &mut errors);
        analysis.functions.push(report);
    }
    if errors.is_empty() {
        Ok(analysis)
    } else {
        Err(errors)
    }
}

/// Reads the alignment attribute and reports what is wrong with the input itself.
fn check_allocation(
    m: &Module,
    a: &mut Allocation,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) {
    let op = m.op(a.op);
    if let Some(attr) = m.attr(a.op, "alignment") {
        match attr.as_i64() {
            Some(n) if n > 0 && (n as u64).is_power_of_two() => {
                a.align_attr = Some(n as u64);
                a.align = a.align.max(n as u64);
            }
            _ => errors.push(Diagnostic::error(
                op.span,
                format!("alignment {attr} is not a positive power of two"),
            )),
        }
    }
    let mt = m.value_type(a.value).as_memref();
    if a.bytes.is_none()
        && let Some(mt) = mt
        && !mt.has_dynamic_dims()
        && mt.elem.element_bytes(8).is_some()
    {
        errors.push(Diagnostic::error(
            op.span,
            format!(
                "the byte size of {} does not fit in 64 bits",
                m.value_type(a.value)
            ),
        ));
    }
    // Deallocs that decide at run time whether they free it are not worth a warning.
    let uncertain = a
        .reasons
        .iter()
        .any(|c| c.reason == Reason::ConditionalDealloc);
    for cause in &a.reasons {
        let (r, culprit) = (&cause.reason, &cause.at);
        if *r == Reason::UseAfterDealloc {
            let dealloc = a.deallocs.first().map(|d| m.op(*d).span);
            let at = culprit.map_or(op.span, |c| m.op(c).span);
            warnings.push(
                Diagnostic::warning(
                    at,
                    format!("{} is used after it is deallocated", m.value(a.value).name),
                )
                .with_note(dealloc, "deallocated here"),
            );
        }
        // Two deallocs on exclusive paths (the branches of an scf.if) free the buffer once
        // and are not worth a warning; any other pair may both run.
        let may_free_twice = a.deallocs.iter().enumerate().any(|(i, d)| {
            a.deallocs[..i]
                .iter()
                .any(|e| !points::exclusive(m, *e, *d))
        });
        if *r == Reason::MultipleDeallocs && may_free_twice && !uncertain {
            let at = culprit.map_or(op.span, |c| m.op(c).span);
            warnings.push(
                Diagnostic::warning(
                    at,
                    format!("{} is deallocated more than once", m.value(a.value).name),
                )
                .with_note(
                    a.deallocs.first().map(|d| m.op(*d).span),
                    "first deallocated here",
                ),
            );
        }
    }
}

/// The canonical form of a memory space attribute: integers without their type, and the
/// default space 0 as none, as MLIR itself prints memref types.
pub fn memory_space(space: &Option<Attr>) -> Option<Attr> {
    match space {
        Some(Attr::Int { text, .. }) => match crate::ir::types::parse_int(text) {
            Some(0) => None,
            Some(n) => Some(Attr::Int {
                text: n.to_string().into(),
                ty: None,
            }),
            None => space.clone(),
        },
        other => other.clone(),
    }
}

/// Warns about deallocs of a function's own arguments (or views of them): the caller's
/// buffer is freed behind its back.
fn check_deallocs(m: &Module, func: OpId, warnings: &mut Vec<Diagnostic>) {
    let entry = m.region(m.op(func).regions[0]).blocks[0];
    m.walk_nested(func, |op| {
        if &*m.op(op).name != "memref.dealloc" {
            return;
        }
        let Some(&operand) = m.op(op).operands.first() else {
            return;
        };
        // Through view-like ops back to the buffer the dealloc frees.
        let mut v = operand;
        while let Some(def) = m.defining_op(v) {
            let d = m.op(def);
            let views = match crate::ir::ops::lookup(&d.name).map(|d| d.memory) {
                Some(Memory::View) => true,
                Some(Memory::ViewFirstResult) => d.results.first() == Some(&v),
                _ => false,
            };
            match d.operands.first() {
                Some(&src) if views => v = src,
                _ => break,
            }
        }
        if let crate::ir::ValueDef::Arg(block, _) = m.value(v).def
            && block == entry
        {
            warnings.push(Diagnostic::warning(
                m.op(op).span,
                format!(
                    "dealloc of function argument {}: the caller's buffer is freed here",
                    m.value(v).name
                ),
            ));
        }
    });
}

/// The largest sum of sizes live at one point, and a point where it is reached (the first).
pub fn peak_live(items: &[(Interval, u64)]) -> (u64, Option<u32>) {
    let mut events: Vec<(u32, bool, u64)> = Vec::with_capacity(items.len() * 2);
    for (iv, bytes) in items {
        events.push((iv.start, true, *bytes));
        // Closed intervals: the buffer is dead from `end + 1`.
        events.push((iv.end.saturating_add(1), false, *bytes));
    }
    // At equal points, ends come before starts.
    events.sort_by_key(|e| (e.0, e.1));
    // u128: a sum of u64 sizes cannot overflow it; the result saturates at u64::MAX (sizes
    // that large are reported as errors anyway).
    let mut live: u128 = 0;
    let mut best: (u128, Option<u32>) = (0, None);
    for (point, start, bytes) in events {
        if start {
            live += u128::from(bytes);
            if live > best.0 {
                best = (live, Some(point));
            }
        } else {
            live -= u128::from(bytes);
        }
    }
    (u64::try_from(best.0).unwrap_or(u64::MAX), best.1)
}

/// The planner's buffers for `members`, in their order.
fn buffers_of(members: &[usize], allocations: &[Allocation], alignment: u64) -> Vec<Buffer> {
    members
        .iter()
        .map(|&i| {
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
        .collect()
}

/// How many dropped allocations `readmit` tries again, largest first: each try is one
/// greedy plan, so this bounds the extra work per pool.
const READMIT_TRIES: usize = 32;

/// Dropping the smallest members first is a heuristic: a dropped allocation can fit into the
/// pool's gaps for nothing. Tries the largest dropped ones again, one at a time, and keeps
/// each whose addition grows the pool by no more than its own size (the pool plus what stays
/// separate never gets larger). Every plan it keeps is checked like the first one.
fn readmit(
    candidates: &[usize],
    members: &mut Vec<usize>,
    result: &mut plan::Plan,
    allocations: &[Allocation],
    opts: &Options,
) {
    let kept: HashSet<usize> = members.iter().copied().collect();
    let mut dropped: Vec<usize> = candidates
        .iter()
        .copied()
        .filter(|i| !kept.contains(i))
        .collect();
    dropped.sort_by_key(|&i| (std::cmp::Reverse(allocations[i].bytes), i));
    let mut greedy = opts.plan.clone();
    if greedy.strategy != plan::Strategy::Naive {
        greedy.strategy = plan::Strategy::Greedy;
    }
    for &i in dropped.iter().take(READMIT_TRIES) {
        let mut trial = members.clone();
        trial.push(i);
        trial.sort_unstable();
        let buffers = buffers_of(&trial, allocations, opts.alignment);
        let Ok(planned) = plan::plan(&buffers, &greedy) else {
            continue;
        };
        let size = allocations[i].bytes.unwrap_or(u64::MAX);
        if planned.peak <= result.peak.saturating_add(size)
            && plan::check::check(&buffers, &planned.offsets).is_ok()
        {
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

fn plan_function(
    m: &Module,
    func: OpId,
    mut allocations: Vec<Allocation>,
    opts: &Options,
    errors: &mut Vec<Diagnostic>,
) -> FunctionReport {
    // An allocation whose size overflowed was reported as an error; it is not planned.
    let eligible: Vec<usize> = (0..allocations.len())
        .filter(|&i| {
            let a = &allocations[i];
            a.eligible() && (a.bytes.is_some() || a.dynamic.is_some()) && a.live.is_some()
        })
        .collect();
    let items: Vec<(Interval, u64)> = eligible
        .iter()
        .filter_map(|&i| Some((allocations[i].live?, allocations[i].bytes?)))
        .collect();
    let (peak_live_bytes, peak_point) = peak_live(&items);
    // The peak is at most the naive total, so one check covers both.
    let naive_bytes = items
        .iter()
        .try_fold(0u64, |acc, (_, b)| acc.checked_add(*b))
        .unwrap_or_else(|| {
            errors.push(Diagnostic::error(
                m.op(func).name_span,
                format!(
                    "the total bytes of the allocations of @{} do not fit in 64 bits",
                    m.sym_name(func).unwrap_or_default()
                ),
            ));
            u64::MAX
        });

    // One group per memory space, in order of first appearance. Spellings of one space are
    // one group (`1` and `1 : i64`; `0` and none, the default space).
    let mut groups: Vec<(Option<Attr>, Vec<usize>)> = Vec::new();
    for &i in &eligible {
        let space = memory_space(&allocations[i].memory_space);
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
            .partition(|&i| allocations[i].bytes.is_some());
        let planned = plan_static(m, func, &name, statics, &allocations, opts, errors);
        // Buffers of run-time size join the pool above its planned part: two of them can
        // share memory, one saves its own malloc.
        let with_dynamic = dynamics.len() >= 2 || (!dynamics.is_empty() && planned.is_some());
        if planned.is_none() && !with_dynamic {
            continue;
        }
        let mut pool = Pool {
            memory_space: space,
            size: 0,
            align: opts.alignment,
            lower_bound: 0,
            proven_optimal: true,
            timed_out: false,
            members: Vec::new(),
            dynamic: Vec::new(),
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
                allocations[i].offset = Some(Offset::Fixed(result.offsets[k]));
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
                &mut allocations,
                opts,
                errors,
            );
        }
        // The pool's own alignment must cover what every member's offset was aligned for
        // (its alignment attribute and its element size), or offsets aligned relative to the
        // pool would not be aligned in memory.
        pool.align = pool
            .members
            .iter()
            .chain(&pool.dynamic)
            .map(|&i| allocations[i].align)
            .fold(opts.alignment, u64::max);
        pools.push(pool);
    }
    let pool_bytes = pools.iter().map(|p| p.size).sum();
    FunctionReport {
        func,
        name,
        allocations,
        pools,
        peak_live_bytes,
        peak_point,
        naive_bytes,
        pool_bytes,
    }
}

/// Plans the allocations of static size of one pool: the members kept (at least two) and
/// their plan, or `None` when no pool of them saves memory.
fn plan_static(
    m: &Module,
    func: OpId,
    name: &str,
    members: Vec<usize>,
    allocations: &[Allocation],
    opts: &Options,
    errors: &mut Vec<Diagnostic>,
) -> Option<(Vec<usize>, plan::Plan)> {
    if members.len() < 2 {
        return None;
    }
    // A pool larger than the buffers it replaces would cost memory instead of saving it
    // (offsets rounded up to the alignment can cost more than reuse gains for small
    // buffers): the smallest members then stay separate allocations, until the pool
    // saves memory or fewer than two members are left.
    let candidates = members.clone();
    let mut members = members;
    // The configured planner (with its search budget) runs once per pool; later rounds,
    // after members were dropped, use the greedy placer, so the time a function takes is
    // bounded by one search however many rounds it needs.
    let mut plan_opts = opts.plan.clone();
    let mut result = loop {
        if members.len() < 2 {
            return None;
        }
        let buffers = buffers_of(&members, allocations, opts.alignment);
        let replaced = buffers
            .iter()
            .fold(0u64, |acc, b| acc.saturating_add(b.size));
        // The planner's lower bound counts alignment: above the bytes replaced, no plan
        // of these members can save memory.
        let hopeless = !opts.pool_all && plan::lower_bound(&buffers) > replaced;
        if hopeless {
            drop_smallest(&mut members, allocations);
            continue;
        }
        let result = match plan::plan(&buffers, &plan_opts) {
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
        if result.peak <= replaced || opts.pool_all {
            break result;
        }
        if plan_opts.strategy != plan::Strategy::Naive {
            plan_opts.strategy = plan::Strategy::Greedy;
        }
        drop_smallest(&mut members, allocations);
    };
    if !opts.pool_all && members.len() < candidates.len() {
        readmit(&candidates, &mut members, &mut result, allocations, opts);
    }
    Some((members, result))
}

/// Places the allocations of run-time size of one pool above its planned part (`base`
/// bytes): sets their offsets and returns them in the order their offsets are computed.
/// The placement is checked, like every plan, for sizes drawn from a fixed sequence.
#[allow(clippy::too_many_arguments)]
fn place_dynamic(
    m: &Module,
    func: OpId,
    name: &str,
    members: &[usize],
    base: u64,
    allocations: &mut [Allocation],
    opts: &Options,
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
            Lifetime {
                start,
                end,
                align: a.align.max(opts.alignment),
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

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    fn brute_force(items: &[(Interval, u64)]) -> u64 {
        let max_point = items.iter().map(|(iv, _)| iv.end).max().unwrap_or(0);
        (0..=max_point)
            .map(|p| {
                items
                    .iter()
                    .filter(|(iv, _)| iv.contains(p))
                    .map(|(_, b)| *b)
                    .sum()
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn peak_of_touching_intervals_counts_both() {
        let items = [
            (Interval { start: 0, end: 3 }, 10),
            (Interval { start: 3, end: 5 }, 7),
            (Interval { start: 6, end: 9 }, 12),
        ];
        assert_eq!(peak_live(&items), (17, Some(3)));
    }

    #[test]
    fn peak_of_nothing_is_zero() {
        assert_eq!(peak_live(&[]), (0, None));
    }

    proptest! {
        #[test]
        fn peak_matches_brute_force(raw in proptest::collection::vec((0u32..40, 0u32..10, 0u64..1000), 0..30)) {
            let items: Vec<(Interval, u64)> = raw.iter().map(|&(s, len, b)| (Interval { start: s, end: s + len }, b)).collect();
            let (peak, point) = peak_live(&items);
            prop_assert_eq!(peak, brute_force(&items));
            if let Some(p) = point {
                let at: u64 = items.iter().filter(|(iv, _)| iv.contains(p)).map(|(_, b)| *b).sum();
                prop_assert_eq!(at, peak);
            }
        }
    }
}

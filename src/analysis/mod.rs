//! The analysis: for every function, every allocation's live interval and eligibility (with
//! the reasons it may not share memory), the peak live bytes and the naive total. It reads the
//! IR and never changes it, and plans nothing: `policy::pool` then fills in each function's
//! pools (`Analysis` says which fields, in its two states). `--analyze` reports the result
//! and `--rewrite` consumes it, so the two agree by construction.

pub mod calls;
pub mod in_place;
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
pub use lifetime::{Allocation, Offset};
use points::{Interval, Points, in_exclusive_branches};
use reason::Reason;
use std::collections::{BTreeMap, HashSet};

/// How the analysis runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Byte size of `index`.
    pub index_bytes: u64,
    /// Ops known to read and write their memref operands without capturing them.
    pub assume_nocapture: HashSet<String>,
    /// The IR is straight from bufferization, before any dealloc is placed: allocations
    /// without a dealloc may be pooled, and pools get no dealloc (`--before-dealloc`).
    pub before_dealloc: bool,
    /// Pool allocations with dynamic dimensions, at offsets computed at run time.
    pub dynamic_pools: bool,
    /// Live intervals start at each buffer's first use, not at its allocation (off:
    /// `--live-from-alloc`).
    pub live_from_first_use: bool,
    /// An elementwise op's output may take the bytes of an input that dies there (off:
    /// `--no-in-place`).
    pub in_place: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            index_bytes: 8,
            assume_nocapture: HashSet::new(),
            before_dealloc: false,
            dynamic_pools: true,
            live_from_first_use: true,
            in_place: true,
        }
    }
}

/// One pool: the eligible allocations of one memory space of one function.
#[derive(Clone, Debug)]
pub struct Pool {
    /// The memory space of its members, in its canonical form (`None`: the default space);
    /// [`Pool::memory_space`] prints it.
    pub(crate) space: Option<Attr>,
    /// Planned size in bytes.
    pub size: u64,
    /// Alignment of the pool allocation.
    pub align: u64,
    /// Peak live bytes of its members with the sizes as placed: no plan can be smaller.
    pub lower_bound: u64,
    /// The planner proved `size` optimal.
    pub proven_optimal: bool,
    /// The planner's search stopped at the time limit.
    pub timed_out: bool,
    /// Indices into `FunctionReport::allocations` of the members planned at compile time.
    pub members: Vec<usize>,
    /// The members whose sizes are known only at run time, in the order their offsets are
    /// computed: each above `size` (the planned part) and above the earlier ones it meets.
    pub dynamic: Vec<usize>,
    /// The function compares, when it runs, the pool with the most bytes its members would
    /// hold at once apart, and uses the pool only when it costs no more; else the members
    /// are allocated and freed as they were. Set for a pool with members of run-time size,
    /// all freed by `memref.dealloc` where they live (`Allocation::freed_where_it_lives`),
    /// unless `--pool-all`.
    pub chosen_at_run_time: bool,
}

impl Pool {
    /// The memory space of its members as a memref type prints it (`1`, `"shared"`, ...),
    /// as the report shows it; `None` for the default space.
    pub fn memory_space(&self) -> Option<String> {
        self.space.as_ref().map(ToString::to_string)
    }
}

/// The analysis of one function.
#[derive(Clone, Debug)]
pub struct FunctionReport {
    /// The `func.func` op.
    pub func: OpId,
    /// Its symbol name.
    pub name: String,
    /// Its `memref.alloc` and `memref.alloca` ops (nested ones included), in order.
    pub allocations: Vec<Allocation>,
    /// Its pools: filled by [`pool`](crate::pool), empty before.
    pub pools: Vec<Pool>,
    /// Largest sum of bytes of eligible allocations live at one point.
    pub peak_live_bytes: u64,
    /// A point where that peak is reached.
    pub peak_point: Option<u32>,
    /// Sum of bytes of eligible allocations.
    pub naive_bytes: u64,
    /// Sum of the pool sizes: filled by [`pool`](crate::pool), 0 before.
    pub pool_bytes: u64,
    /// Set by [`pool`](crate::pool) when the function is kept out of the rewrite (left as it
    /// was read, no pool) because the check of its rewrite failed: the check's message.
    pub kept_out: Option<String>,
}

/// The analysis of a module, in one of two states: as [`analyze`](crate::analyze) makes it,
/// and pooled, once [`pool`](crate::pool) has filled it in ([`Analysis::is_pooled`]).
///
/// `analyze` finds every allocation's live interval and eligibility, and each function's
/// peak live bytes and naive total. `pool` adds, in place, what the pooling policy and the
/// planner decide, all empty before: each function's [`pools`](FunctionReport::pools), its
/// [`pool_bytes`](FunctionReport::pool_bytes) (0 before) and
/// [`kept_out`](FunctionReport::kept_out), the [`offset`](Allocation::offset) of each pooled
/// allocation, and a warning per function kept out. An analysis is pooled once (`pool`
/// refuses a pooled one); [`report`](crate::report) and [`rewrite`](crate::rewrite) take only
/// a pooled analysis, [`remarks`](crate::remarks) either (they read what `analyze` found).
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Every function with a body, in order.
    pub functions: Vec<FunctionReport>,
    /// Suspicious but legal input (use after dealloc, ...).
    pub warnings: Vec<Diagnostic>,
    /// Made for IR before deallocation (`Options::before_dealloc`): pools get no dealloc.
    pub before_dealloc: bool,
    /// Live intervals start at first uses (`Options::live_from_first_use`).
    pub live_from_first_use: bool,
    /// `Options::index_bytes`: the check of the rewrite sizes buffers with it.
    pub(crate) index_bytes: u64,
    /// Set by `policy::pool`: the alignment of every pool and offset (`policy::Options::
    /// alignment`), which the check of the rewrite holds the offsets to. `None`: not pooled.
    pub(crate) pool_alignment: Option<u64>,
    /// The module analyzed, as it stood.
    pub(crate) module: crate::ir::Stamp,
}

impl Analysis {
    /// Whether [`pool`](crate::pool) has filled in its pools and offsets (see [`Analysis`]).
    pub fn is_pooled(&self) -> bool {
        self.pool_alignment.is_some()
    }

    /// The alignment its pools were planned for, when it is pooled; else an error: `what`
    /// (reporting, rewriting) needs the pools and offsets that `pool` fills in.
    pub(crate) fn check_pooled(&self, what: &str) -> Result<u64, Vec<Diagnostic>> {
        self.pool_alignment.ok_or_else(|| {
            vec![Diagnostic::file_error(format!(
                "cannot {what}: the analysis is not pooled yet (pool fills in its pools and offsets)"
            ))]
        })
    }

    /// An error unless this is an analysis of `m` as it stands: `what` (pooling, rewriting,
    /// reporting) reads the module at the ops the analysis names.
    pub(crate) fn check_made_of(&self, m: &Module, what: &str) -> Result<(), Vec<Diagnostic>> {
        if self.module == m.stamp() {
            return Ok(());
        }
        Err(vec![Diagnostic::file_error(format!(
            "cannot {what}: the analysis was made of another module, or of this one before it was rewritten"
        ))])
    }
}

/// What the analysis reads of a module besides its ops, each made in one pass over it: the
/// uses of every value and the pre-order numbering of every op. It depends on the module's
/// structure only, so `--analyze` and `--rewrite` make it while the verifier runs.
pub struct Structure {
    uses: uses::Uses,
    numbering: points::Numbering,
}

impl Structure {
    pub fn of_module(m: &Module) -> Structure {
        Structure {
            uses: uses::Uses::of_module(m),
            numbering: points::Numbering::of_module(m),
        }
    }
}

/// Analyzes every function of a module (with a body). Errors: sizes that overflow, alignments
/// that are not powers of two.
pub fn analyze(m: &Module, opts: &Options) -> Result<Analysis, Vec<Diagnostic>> {
    analyze_with(m, &Structure::of_module(m), opts)
}

/// `analyze`, given the `Structure` made of this same module.
pub fn analyze_with(
    m: &Module,
    structure: &Structure,
    opts: &Options,
) -> Result<Analysis, Vec<Diagnostic>> {
    let uses = &structure.uses;
    let calls = calls::Summaries::of_module(m, uses, &opts.assume_nocapture);
    let cx = lifetime::Context {
        index_bytes: opts.index_bytes,
        assume_nocapture: &opts.assume_nocapture,
        calls: &calls,
        before_dealloc: opts.before_dealloc,
        dynamic_pools: opts.dynamic_pools,
        live_from_first_use: opts.live_from_first_use,
    };
    let functions: Vec<OpId> = m
        .functions()
        .into_iter()
        .filter(|&func| {
            m.op(func)
                .regions
                .first()
                .is_some_and(|r| !m.region(*r).blocks.is_empty())
        })
        .collect();
    // Functions are analyzed independently, as mlir-opt runs a function pass: those of a
    // large module on two threads, results kept in function order.
    let apart = m.ops.len() >= crate::parallel::APART_MIN_OPS;
    let per_function = crate::parallel::map_halves(&functions, apart, |&func| {
        let (mut errors, mut warnings) = (Vec::new(), Vec::new());
        let points = structure.numbering.of_function(func);
        let mut allocations = lifetime::allocations(m, func, &points, uses, &cx);
        if opts.in_place {
            let (nocapture, index_bytes) = (&opts.assume_nocapture, opts.index_bytes);
            in_place::find(m, uses, &mut allocations, nocapture, index_bytes);
        }
        for a in &allocations {
            check_allocation(m, a, &mut errors, &mut warnings);
        }
        // The deallocs are checked while the allocations are summed up (each is a pass
        // that misses the cache on a large function).
        let large = points.len() >= crate::parallel::APART_MIN_OPS;
        let (dealloc_warnings, report) = crate::parallel::side_by_side(
            large,
            "bufreuse-deallocs",
            || check_deallocs(m, func, &points),
            || summarize(m, func, allocations, &mut errors),
        );
        warnings.extend(dealloc_warnings);
        (report, errors, warnings)
    });
    let mut errors = Vec::new();
    let mut analysis = Analysis {
        module: m.stamp(),
        before_dealloc: opts.before_dealloc,
        live_from_first_use: opts.live_from_first_use,
        index_bytes: opts.index_bytes,
        ..Analysis::default()
    };
    for (report, function_errors, warnings) in per_function {
        analysis.functions.push(report);
        errors.extend(function_errors);
        analysis.warnings.extend(warnings);
    }
    if errors.is_empty() {
        Ok(analysis)
    } else {
        Err(errors)
    }
}

/// Reports what is wrong with the input itself. It reads the op only when something is (on
/// a large function, its allocations' ops are out of the cache by now).
fn check_allocation(
    m: &Module,
    a: &Allocation,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) {
    let op = || m.op(a.op);
    if a.bad_align_attr
        && let Some(attr) = m.attr(a.op, "alignment")
    {
        errors.push(Diagnostic::error(
            op().span,
            format!("alignment {attr} is not a positive power of two"),
        ));
    }
    if a.bytes.is_none()
        && let Some(mt) = m.value_type(a.value).as_memref()
        && !mt.has_dynamic_dims()
        && mt.elem.element_bytes(8).is_some()
    {
        errors.push(Diagnostic::error(
            op().span,
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
            let at = culprit.map_or(op().span, |c| m.op(c).span);
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
            let at = culprit.map_or(op().span, |c| m.op(c).span);
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
pub fn memory_space(space: Option<&Attr>) -> Option<Attr> {
    match space {
        Some(Attr::Int { text, .. }) => match crate::ir::types::parse_int(text) {
            Some(0) => None,
            Some(n) => Some(Attr::Int {
                text: n.to_string().into(),
                ty: None,
            }),
            None => space.cloned(),
        },
        other => other.cloned(),
    }
}

/// Warns about deallocs of a function's own arguments (or views of them): the caller's
/// buffer is freed behind its back.
fn check_deallocs(m: &Module, func: OpId, points: &Points) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    let entry = m.region(m.op(func).regions[0]).blocks[0];
    for op in points.dealloc_ops() {
        let Some(&operand) = m.op(op).operands.first() else {
            continue;
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
    }
    warnings
}

/// The largest sum of sizes live at one point, and a point where it is reached (the first).
pub fn peak_live(items: &[(Interval, u64)]) -> (u64, Option<u32>) {
    let lifetimes = items.iter().map(|&(live, bytes)| {
        let (start, end) = live.to_half_open();
        (start, end, bytes)
    });
    // u128: a sum of u64 sizes cannot overflow it; the result saturates at u64::MAX (sizes
    // that large are reported as errors anyway).
    let mut live: u128 = 0;
    let mut best: (u128, Option<u32>) = (0, None);
    for (point, start, bytes) in crate::plan::sweep(lifetimes) {
        if start {
            live += u128::from(bytes);
            if live > best.0 {
                // A start is an interval's first point, a `u32`.
                best = (live, Some(point as u32));
            }
        } else {
            live -= u128::from(bytes);
        }
    }
    (u64::try_from(best.0).unwrap_or(u64::MAX), best.1)
}

/// The items of each group (`groups[k]`: the position of item `k`'s group) as one item:
/// the interval covering theirs and the largest size.
pub fn merge_groups(groups: &[usize], items: &[(Interval, u64)]) -> Vec<(Interval, u64)> {
    let mut merged: Vec<Option<(Interval, u64)>> = vec![None; items.len()];
    for (&g, &(live, bytes)) in groups.iter().zip(items) {
        merged[g] = Some(match merged[g] {
            Some((l, b)) => (l.cover(live), b.max(bytes)),
            None => (live, bytes),
        });
    }
    merged.into_iter().flatten().collect()
}

/// The groups of `members` (indices into `allocations`) that may share one offset, as the
/// position in `members` of each member's group's first member. Outputs written in place over
/// their inputs are one group (`in_place::groups`); and groups whose members all lie in other
/// branches of one `scf.if`/`scf.index_switch` than every member of another group (at most
/// one of them exists at a time) are one: each group, in order, joins the first group it is
/// exclusive with throughout.
pub fn sharing_groups(m: &Module, allocations: &[Allocation], members: &[usize]) -> Vec<usize> {
    merge_exclusive(
        m,
        allocations,
        members,
        in_place::groups(allocations, members),
    )
}

/// The groups of `members` of which at most one exists at a time: each member alone, merged
/// as in `sharing_groups` with members of other branches of one op of exclusive regions.
/// What separate allocations hold at once is counted over these.
pub fn exclusive_groups(m: &Module, allocations: &[Allocation], members: &[usize]) -> Vec<usize> {
    merge_exclusive(m, allocations, members, (0..members.len()).collect())
}

/// `group` (the position in `members` of each member's group's first member) with groups
/// merged that lie in other branches of one `scf.if`/`scf.index_switch` than every member
/// of another group: each group, in order, joins the first group it is exclusive with
/// throughout.
fn merge_exclusive(
    m: &Module,
    allocations: &[Allocation],
    members: &[usize],
    group: Vec<usize>,
) -> Vec<usize> {
    let in_branch: Vec<bool> = members
        .iter()
        .map(|&i| {
            std::iter::successors(m.parent_op(allocations[i].op), |&p| m.parent_op(p))
                .any(|p| crate::ir::ops::regions_exclusive(&m.op(p).name))
        })
        .collect();
    // The members of each group, in order of first member.
    let mut of_group: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (k, &g) in group.iter().enumerate() {
        of_group.entry(g).or_default().push(k);
    }
    let mut merged: Vec<Vec<usize>> = Vec::new();
    // The merged groups whose members all lie in branches: only those can take another (a
    // function of many allocations, few in branches, is not searched quadratically).
    let mut in_branches: Vec<usize> = Vec::new();
    for (_, ks) in of_group {
        if !ks.iter().all(|&k| in_branch[k]) {
            merged.push(ks);
            continue;
        }
        let exclusive_with = |other: &Vec<usize>| {
            ks.iter().all(|&k| {
                other.iter().all(|&j| {
                    in_exclusive_branches(m, allocations[members[k]].op, allocations[members[j]].op)
                })
            })
        };
        match in_branches.iter().find(|&&g| exclusive_with(&merged[g])) {
            Some(&g) => merged[g].extend(ks),
            None => {
                in_branches.push(merged.len());
                merged.push(ks);
            }
        }
    }
    let mut out = vec![0; members.len()];
    for ks in merged {
        let first = ks.iter().copied().min().unwrap_or(0);
        for k in ks {
            out[k] = first;
        }
    }
    out
}

/// The function's report before pooling: its allocations, their peak live bytes and their
/// naive total. `policy::pool` fills in the pools.
fn summarize(
    m: &Module,
    func: OpId,
    allocations: Vec<Allocation>,
    errors: &mut Vec<Diagnostic>,
) -> FunctionReport {
    let eligible: Vec<usize> = (0..allocations.len())
        .filter(|&i| allocations[i].poolable())
        .collect();
    let items: Vec<(Interval, u64)> = eligible
        .iter()
        .filter_map(|&i| Some((allocations[i].live?, allocations[i].bytes?)))
        .collect();
    // An output written in place over an input is one buffer with it.
    let statics: Vec<usize> = eligible
        .iter()
        .copied()
        .filter(|&i| allocations[i].bytes.is_some())
        .collect();
    let (peak_live_bytes, peak_point) = peak_live(&merge_groups(
        &sharing_groups(m, &allocations, &statics),
        &items,
    ));
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

    FunctionReport {
        func,
        name: m.sym_name(func).unwrap_or_default(),
        allocations,
        pools: Vec::new(),
        peak_live_bytes,
        peak_point,
        naive_bytes,
        pool_bytes: 0,
        kept_out: None,
    }
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

//! The check of rewritten IR, made on the rewritten module in memory (or, to show where a
//! failure is, on the printed output read again): in every pool the rewrite made, two views
//! whose live intervals overlap must not share a byte, every view lies inside its pool, every
//! offset is aligned, and in every function with a pool each value is used where it is
//! defined (what reading the printed output again would check). Where sizes and offsets are computed at run
//! time, the IR that computes them is evaluated for several assignments of the function's
//! arguments, and each must pass. It reads only the IR (not the plan), so a
//! wrong plan or a wrong rewrite shows up here as an internal error instead of a miscompile.
//!
//! It shares no code with the analysis whose plan it checks (as regalloc2's checker shares
//! none with the allocator): the program points, use lists and live intervals below are its
//! own, computed from the IR alone, and no looser than the analysis's (see `view_interval`).

use crate::diag::Diagnostic;
use crate::ir::ops::{self, Allocates, Choice, Memory, Regions, Trips};
use crate::ir::{BlockId, Module, OpId, ValueDef, ValueId};
use std::collections::{HashMap, HashSet};

/// What the check found wrong in the rewrite of one function.
#[derive(Debug)]
pub struct Failure {
    /// The `func.func` op.
    pub func: OpId,
    /// Every error found in it, each an internal error.
    pub errors: Vec<Diagnostic>,
}

/// Checks every pool named in `pools` (value names such as `%pool`), function by function.
/// `min_align` is the `--alignment` every offset must respect. Returns the functions that
/// fail, in order.
pub fn check(
    m: &Module,
    pools: &HashSet<String>,
    min_align: u64,
    index_bytes: u64,
) -> Vec<Failure> {
    let points = Points::of_module(m);
    let uses = Uses::of_ops(m, &points.order);
    let mut returns = Returns::new(m);
    let mut failures = Vec::new();
    for func in m.functions() {
        // The ops nested in `func`, in pre-order.
        let nested = points.extent(func).map_or(&[][..], |e| {
            &points.order[e.start as usize + 1..=e.end as usize]
        });
        let pool_allocs: Vec<OpId> = nested
            .iter()
            .copied()
            .filter(|&op| {
                let o = m.op(op);
                ops::row(&o.name).allocates == Allocates::Heap
                    && o.results.len() == 1
                    && pools.contains(&*m.value(o.results[0]).name)
            })
            .collect();
        if pool_allocs.is_empty() {
            continue;
        }
        // The scopes of every use, and each pool's views, are checked side by side.
        let (mut scope_errors, mut pool_errors) = crate::parallel::side_by_side(
            nested.len() >= crate::parallel::APART_MIN_OPS,
            "bufreuse-check",
            || check_scopes(m, nested, &points),
            || {
                let mut errors = Vec::new();
                for &pool_op in &pool_allocs {
                    check_pool(
                        m,
                        &mut returns,
                        pool_op,
                        &points,
                        &uses,
                        min_align,
                        index_bytes,
                        &mut errors,
                    );
                }
                errors
            },
        );
        scope_errors.append(&mut pool_errors);
        if !scope_errors.is_empty() {
            failures.push(Failure {
                func,
                errors: scope_errors,
            });
        }
    }
    failures
}

/// Checks that every operand of every op of `nested` (the ops in a function) is defined
/// where the op can see it:
/// earlier in the op's block or in a block around it, or in the entry block of a region
/// around it (which dominates the whole region). The rewrite adds ops (the prologue, the
/// views, the pool's deallocs) and removes some, but moves none across blocks, so this is
/// what reading its printed output again would find wrong in it. A use from another block of
/// the same region (which would need dominators) is the input's own and is not checked.
fn check_scopes(m: &Module, nested: &[OpId], points: &Points) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for &user in nested {
        for &v in m.op(user).operands.iter() {
            if let Some(problem) = out_of_scope(m, points, user, v) {
                let name = &m.value(v).name;
                errors.push(fail(m, user, format!("{name} is used {problem}")));
            }
        }
    }
    errors
}

/// Why `v` may not be used by `user`, if it may not.
fn out_of_scope(m: &Module, points: &Points, user: OpId, v: ValueId) -> Option<&'static str> {
    // The block that defines `v`, and the point of its defining op (none for an argument).
    let (def_block, def_point) = match m.value(v).def {
        ValueDef::Arg(b, _) => (b, None),
        ValueDef::Result(d, _) => match m.op(d).parent {
            Some(b) if points.first[d.index()] != u32::MAX => (b, Some(points.first[d.index()])),
            _ => return Some("but its defining op was removed"),
        },
    };
    let def_region = m.block(def_block).parent;
    // Walk out from `user` through the ops holding it.
    let mut holder = user;
    while let Some(block) = m.op(holder).parent {
        if block == def_block {
            return match def_point {
                Some(p) if p >= points.first[holder.index()] => Some("before it is defined"),
                _ => None,
            };
        }
        if m.block(block).parent == def_region {
            // Another block of the region that defines `v`: in scope if `v`'s block is the
            // region's entry, which dominates the region; else a use across blocks that the
            // input had already.
            return None;
        }
        holder = m.block_owner(block);
    }
    Some("outside the scope where it is defined")
}

/// The start of every message of the check.
pub const FAILS_ITS_CHECK: &str = "internal error: the rewritten IR fails its check: ";

fn fail(m: &Module, op: OpId, message: String) -> Diagnostic {
    Diagnostic::error(m.op(op).span, format!("{FAILS_ITS_CHECK}{message}"))
}

/// A closed interval `[start, end]` of program points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Interval {
    start: u32,
    end: u32,
}

impl Interval {
    fn cover(self, other: Interval) -> Interval {
        Interval {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// The checker's program points: every op in the module's blocks numbered in one pre-order
/// walk (an op, then the ops of its regions in order), and for each op the highest number
/// inside it. Ops taken out of their blocks by the rewrite get no number.
struct Points {
    /// The ops in pre-order.
    order: Vec<OpId>,
    first: Vec<u32>,
    last: Vec<u32>,
}

impl Points {
    fn of_module(m: &Module) -> Points {
        let mut first = vec![u32::MAX; m.ops.len()];
        let mut last = vec![u32::MAX; m.ops.len()];
        let mut order = Vec::new();
        // `(op, false)` enters an op, `(op, true)` leaves it once all it holds is numbered.
        let mut stack: Vec<(OpId, bool)> = m.top.iter().rev().map(|&o| (o, false)).collect();
        while let Some((op, leave)) = stack.pop() {
            if leave {
                last[op.index()] = order.len() as u32 - 1;
                continue;
            }
            first[op.index()] = order.len() as u32;
            order.push(op);
            stack.push((op, true));
            for r in m.op(op).regions.iter().rev() {
                for b in m.region(*r).blocks.iter().rev() {
                    stack.extend(m.block(*b).ops.iter().rev().map(|&o| (o, false)));
                }
            }
        }
        Points { order, first, last }
    }

    /// The points of `op` and of everything nested in it.
    fn extent(&self, op: OpId) -> Option<Interval> {
        let start = self.first[op.index()];
        (start != u32::MAX).then(|| Interval {
            start,
            end: self.last[op.index()],
        })
    }
}

/// The uses of every value by the numbered ops, as `(user, operand index)`, users in
/// program order.
struct Uses {
    start: Vec<u32>,
    list: Vec<(OpId, u32)>,
}

impl Uses {
    fn of_ops(m: &Module, ops: &[OpId]) -> Uses {
        let mut start = vec![0u32; m.values.len() + 1];
        for &op in ops {
            for v in m.op(op).operands.iter() {
                start[v.index() + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut next = start.clone();
        let mut list = vec![(OpId::new(0), 0); start[m.values.len()] as usize];
        for &op in ops {
            for (k, v) in m.op(op).operands.iter().enumerate() {
                list[next[v.index()] as usize] = (op, k as u32);
                next[v.index()] += 1;
            }
        }
        Uses { start, list }
    }

    fn of(&self, v: ValueId) -> &[(OpId, u32)] {
        &self.list[self.start[v.index()] as usize..self.start[v.index() + 1] as usize]
    }
}

/// The op holding `op` (or `op` itself) that stands directly in `block`.
fn holder_in(m: &Module, block: BlockId, op: OpId) -> Option<OpId> {
    let mut cur = op;
    while m.op(cur).parent? != block {
        cur = m.block_owner(m.op(cur).parent?);
    }
    Some(cur)
}

/// A condition, read from an op around a view, without which the view does not run.
enum Guard {
    /// An `scf.for` from `lb` to `ub`: runs its body when `lb < ub` (signed).
    Loop(ValueId, ValueId),
    /// A region of an `scf.if` on this `i1`: the then region (0) when it holds, the else
    /// region (1) when not.
    If(ValueId, usize),
    /// A region of an `scf.index_switch` on this `index` with these cases: the default
    /// region (0) when no case matches, region `k` when case `k - 1` does.
    Switch(ValueId, Vec<i64>, usize),
}

impl Guard {
    /// Whether the guarded region runs, for one trial; a value that cannot be computed
    /// counts as running.
    fn holds(&self, eval: &mut Evaluator) -> bool {
        match *self {
            Guard::Loop(lb, ub) => match (eval.eval(lb), eval.eval(ub)) {
                (Some(lb), Some(ub)) => (lb as i64) < (ub as i64),
                _ => true,
            },
            Guard::If(c, region) => eval.eval(c).is_none_or(|c| (c & 1 == 1) == (region == 0)),
            Guard::Switch(on, ref cases, region) => eval.eval(on).is_none_or(|on| {
                let matching = cases.iter().position(|&c| c as u64 == on);
                match region {
                    0 => matching.is_none(),
                    k => matching == Some(k - 1),
                }
            }),
        }
    }
}

/// The loops and branches around `op`, each with what makes it run `op`. An op around it
/// of another kind is no guard: the view counts as running.
fn guards_around(m: &Module, op: OpId) -> Vec<Guard> {
    let mut out = Vec::new();
    let mut inner = op;
    while let Some(p) = m.parent_op(inner) {
        let o = m.op(p);
        let region = m
            .op(inner)
            .parent
            .and_then(|b| o.regions.iter().position(|&r| r == m.block(b).parent));
        let row = ops::row(&o.name);
        match (row.regions, region) {
            _ if row.trips == Trips::Bounds && o.operands.len() >= 2 => {
                out.push(Guard::Loop(o.operands[0], o.operands[1]));
            }
            (Regions::Exclusive(Choice::Condition), Some(k)) if !o.operands.is_empty() => {
                out.push(Guard::If(o.operands[0], k));
            }
            (Regions::Exclusive(Choice::Cases), Some(k)) if !o.operands.is_empty() => {
                if let Some(cases) = m.attr(p, "cases").and_then(|a| a.as_dense_ints())
                    && cases.len() + 1 == o.regions.len()
                {
                    out.push(Guard::Switch(o.operands[0], cases, k));
                }
            }
            _ => {}
        }
        inner = p;
    }
    out
}

/// Whether `a` and `b` sit in two different regions of one op whose regions are exclusive
/// (`scf.if`, `affine.if`, `scf.index_switch`).
fn branches_apart(m: &Module, a: OpId, b: OpId) -> bool {
    // (op, index of the region holding the path to the view), from the view outwards.
    let path = |mut op: OpId| {
        let mut out = Vec::new();
        while let Some(block) = m.op(op).parent {
            let owner = m.block_owner(block);
            let region = m
                .op(owner)
                .regions
                .iter()
                .position(|&r| r == m.block(block).parent);
            out.push((owner, region));
            op = owner;
        }
        out
    };
    let (pa, pb) = (path(a), path(b));
    pa.iter().any(|&(op, ra)| {
        crate::ir::ops::regions_exclusive(&m.op(op).name)
            && pb.iter().any(|&(other, rb)| other == op && rb != ra)
    })
}

/// Size assignments tried on a pool whose size or offsets are computed at run time: every
/// argument (and dynamic dimension of an argument) 0, then 1, then pseudo-random values.
const TRIALS: u64 = 12;

/// One view of a pool as found in the IR, before its numbers are known.
struct ViewSpec {
    op: OpId,
    value: ValueId,
    offset: ValueId,
    /// Element bytes times the static dimensions.
    factor: u64,
    /// The dynamic sizes.
    sizes: Vec<ValueId>,
    /// The alignment the offset needs (the element size and `--alignment`).
    align: u64,
    live: Interval,
    /// Every use of the view or of a value derived from it.
    touches: Vec<Touch>,
    /// The loops and branches around the view: when one of them does not run it, the view
    /// does not exist (and its size operands need not be valid).
    guards: Vec<Guard>,
}

/// Checks one pool: its type and alignment, each view made of it, and the bytes of those views
/// for one assignment of the run-time values or several.
#[allow(clippy::too_many_arguments)]
fn check_pool(
    m: &Module,
    returns: &mut Returns,
    pool_op: OpId,
    points: &Points,
    uses: &Uses,
    min_align: u64,
    index_bytes: u64,
    errors: &mut Vec<Diagnostic>,
) {
    let pool = m.op(pool_op).results[0];
    let pool_name = &m.value(pool).name;
    let Some(pool_size) = pool_size(m, pool_op, min_align, errors) else {
        return;
    };
    // A pool used only where `scf.if %c` says so (the function compared it with the buffers
    // apart): the views are of that op's result, each must stand where the same `%c` holds
    // (the other branch yields a buffer no view may be of), and they are checked as if `%c`
    // held in every trial, so that the plan is checked whatever the comparison finds.
    let (pool, chosen_by) = match chosen_pool(m, uses, pool) {
        Some((result, c)) => (result, Some(c)),
        None => (pool, None),
    };
    let views = PoolViews {
        m,
        points,
        uses,
        pool_name,
        chosen_by,
        min_align,
        index_bytes,
    };
    let mut specs = Vec::new();
    for &(user, operand) in uses.of(pool) {
        let name = &*m.op(user).name;
        if ops::row(name).memory == Memory::Free {
            continue;
        }
        if name != "memref.view" || operand != 0 {
            errors.push(fail(
                m,
                user,
                format!("{pool_name} is used by '{name}', not only by views and its dealloc"),
            ));
            continue;
        }
        specs.extend(views.spec(returns, user, errors));
    }
    check_trials(m, points, pool_op, pool_size, &specs, errors);
}

/// The size of the pool that `pool_op` allocates, or `None` (and an error) when it is not a
/// one-dimensional buffer; an alignment below `min_align` is an error too.
fn pool_size(
    m: &Module,
    pool_op: OpId,
    min_align: u64,
    errors: &mut Vec<Diagnostic>,
) -> Option<PoolSize> {
    let pool = m.op(pool_op).results[0];
    let pool_name = &m.value(pool).name;
    let Some(pool_type) = m.value_type(pool).as_memref() else {
        errors.push(fail(m, pool_op, format!("{pool_name} is not a memref")));
        return None;
    };
    let pool_size = match (pool_type.num_elements(), m.op(pool_op).operands.as_ref()) {
        (Some(n), []) => PoolSize::Static(n),
        (None, [size]) => PoolSize::RunTime(*size),
        _ => {
            errors.push(fail(
                m,
                pool_op,
                format!("{pool_name} is not a one-dimensional i8 buffer"),
            ));
            return None;
        }
    };
    let pool_align = m
        .attr(pool_op, "alignment")
        .and_then(|a| a.as_i64())
        .unwrap_or(0);
    if pool_align < min_align as i64 || pool_align <= 0 || !(pool_align as u64).is_power_of_two() {
        errors.push(fail(
            m,
            pool_op,
            format!("{pool_name} has alignment {pool_align}, below {min_align}"),
        ));
    }
    Some(pool_size)
}

/// What the views of one pool are read from and checked against.
struct PoolViews<'a> {
    m: &'a Module,
    points: &'a Points,
    uses: &'a Uses,
    /// The pool's name, for messages.
    pool_name: &'a str,
    /// The `i1` of the `scf.if` under which the pool is used, when it is used under one.
    chosen_by: Option<ValueId>,
    min_align: u64,
    index_bytes: u64,
}

impl PoolViews<'_> {
    /// The view that `view_op` makes of the pool, its numbers still to be evaluated, or `None`
    /// (and an error) when it has no known byte size or no live interval.
    fn spec(
        &self,
        returns: &mut Returns,
        view_op: OpId,
        errors: &mut Vec<Diagnostic>,
    ) -> Option<ViewSpec> {
        let m = self.m;
        let o = m.op(view_op);
        let result = o.results[0];
        let vname = &m.value(result).name;
        let (factor, elem, dynamic) = self.byte_size(view_op, errors)?;
        let mut freed_by = None;
        let mut touches = Vec::new();
        let interval = view_interval(
            m,
            returns,
            view_op,
            result,
            self.points,
            self.uses,
            &mut freed_by,
            &mut touches,
        );
        if let Some(d) = freed_by {
            errors.push(fail(
                m,
                d,
                format!(
                    "view {vname} of {} is freed by '{}'",
                    self.pool_name,
                    m.op(d).name
                ),
            ));
        }
        let Some(live) = interval else {
            errors.push(fail(
                m,
                view_op,
                format!("view {vname} has no live interval"),
            ));
            return None;
        };
        Some(ViewSpec {
            op: view_op,
            value: result,
            offset: o.operands[1],
            factor,
            sizes: o.operands[2..].to_vec(),
            // A view of static size (planned at compile time) keeps `--alignment`; one of
            // run-time size needs only its element's (the pool itself keeps `--alignment`),
            // and both what a `memref.assume_alignment` of the view promises.
            align: if dynamic == 0 {
                elem.max(self.min_align)
            } else {
                elem
            }
            .max(assumed_alignment(m, self.uses, result)),
            live,
            touches,
            guards: self.guards(view_op, errors),
        })
    }

    /// Of the view `view_op` makes: its element bytes times its static dimensions, its element
    /// bytes, and how many of its dimensions are dynamic; or `None` (and an error) when its
    /// byte size is not known.
    fn byte_size(&self, view_op: OpId, errors: &mut Vec<Diagnostic>) -> Option<(u64, u64, usize)> {
        let m = self.m;
        let o = m.op(view_op);
        let result = o.results[0];
        let vname = &m.value(result).name;
        let ty = m.value_type(result);
        let Some(mt) = ty.as_memref() else {
            errors.push(fail(m, view_op, format!("view {vname} is not a memref")));
            return None;
        };
        let mut factor = mt.elem.element_bytes(self.index_bytes);
        let mut dynamic = 0;
        for d in mt.shape.iter().flatten() {
            match d {
                crate::ir::types::Dim::Static(n) => factor = factor.and_then(|f| f.checked_mul(*n)),
                _ => dynamic += 1,
            }
        }
        let (Some(factor), Some(elem), true) = (
            factor,
            mt.elem.element_bytes(self.index_bytes),
            mt.shape.is_some() && o.operands.len() == 2 + dynamic,
        ) else {
            errors.push(fail(
                m,
                view_op,
                format!("view {vname} has no known byte size"),
            ));
            return None;
        };
        Some((factor, elem, dynamic))
    }

    /// The loops and branches around `view_op`; under a chosen pool, less the branch that
    /// chose it, which must be one of them.
    fn guards(&self, view_op: OpId, errors: &mut Vec<Diagnostic>) -> Vec<Guard> {
        let m = self.m;
        let mut guards = guards_around(m, view_op);
        let Some(c) = self.chosen_by else {
            return guards;
        };
        let before = guards.len();
        guards.retain(|g| !matches!(*g, Guard::If(v, 0) if v == c));
        if guards.len() == before {
            let vname = &m.value(m.op(view_op).results[0]).name;
            errors.push(fail(
                m,
                view_op,
                format!(
                    "view {vname} is made also where {} is not used",
                    self.pool_name
                ),
            ));
        }
        guards
    }
}

/// Checks the bytes of a pool's views: once when every size and offset is known at compile
/// time, else for `TRIALS` assignments of the run-time values, up to the first that fails.
fn check_trials(
    m: &Module,
    points: &Points,
    pool_op: OpId,
    pool_size: PoolSize,
    specs: &[ViewSpec],
    errors: &mut Vec<Diagnostic>,
) {
    // Sizes known at compile time need one look; sizes computed at run time are tried
    // with several assignments of the values they come from.
    let run_time = matches!(pool_size, PoolSize::RunTime(_))
        || specs
            .iter()
            .any(|v| !v.sizes.is_empty() || constant(m, v.offset).is_none());
    let trials = if run_time { TRIALS } else { 1 };
    for trial in 0..trials {
        let mut eval = Evaluator::new(m, trial);
        let before = errors.len();
        check_trial(m, points, &mut eval, pool_op, pool_size, specs, errors);
        if errors.len() > before {
            if run_time {
                let note = eval.describe();
                for e in &mut errors[before..] {
                    e.message.push_str(&format!(" (with {note})"));
                }
            }
            return;
        }
    }
}

/// The largest alignment a `memref.assume_alignment` of `view` asserts (1 if none).
fn assumed_alignment(m: &Module, uses: &Uses, view: ValueId) -> u64 {
    uses.of(view)
        .iter()
        .filter(|&&(user, operand)| operand == 0 && &*m.op(user).name == "memref.assume_alignment")
        .filter_map(|&(user, _)| m.attr(user, "alignment")?.as_i64())
        .filter_map(|a| u64::try_from(a).ok())
        .fold(1, u64::max)
}

#[derive(Clone, Copy)]
enum PoolSize {
    Static(u64),
    RunTime(ValueId),
}

/// One view with its numbers for one assignment of the run-time values.
struct View {
    /// Its index in the pool's views.
    spec: usize,
    value: ValueId,
    offset: u64,
    size: u64,
    live: Interval,
}

/// In-bounds, alignment and overlap checks of one pool for one assignment.
fn check_trial(
    m: &Module,
    points: &Points,
    eval: &mut Evaluator,
    pool_op: OpId,
    pool_size: PoolSize,
    specs: &[ViewSpec],
    errors: &mut Vec<Diagnostic>,
) {
    let pool_name = &m.value(m.op(pool_op).results[0]).name;
    let pool_size = match pool_size {
        PoolSize::Static(n) => Some(n),
        PoolSize::RunTime(v) => eval.eval(v),
    };
    let Some(pool_size) = pool_size else {
        errors.push(fail(
            m,
            pool_op,
            format!("the size of {pool_name} cannot be computed from the function's arguments"),
        ));
        return;
    };
    let mut views = Vec::new();
    for (index, spec) in specs.iter().enumerate() {
        let vname = &m.value(spec.value).name;
        // A view of run-time size or offset whose loop or branch does not run in this trial
        // does not exist: its size and offset were reserved as 0. One planned at compile time
        // is checked whatever the trial (views of exclusive branches excepted below).
        let planned = spec.sizes.is_empty() && constant(m, spec.offset).is_some();
        if !planned && !spec.guards.iter().all(|g| g.holds(eval)) {
            continue;
        }
        let Some(offset) = eval.eval(spec.offset) else {
            errors.push(fail(
                m,
                spec.op,
                format!(
                    "the offset of view {vname} cannot be computed from the function's arguments"
                ),
            ));
            continue;
        };
        let size = spec.sizes.iter().try_fold(spec.factor, |acc, v| {
            eval.eval(*v).and_then(|n| acc.checked_mul(n))
        });
        let Some(size) = size else {
            errors.push(fail(
                m,
                spec.op,
                format!(
                    "the size of view {vname} cannot be computed from the function's arguments"
                ),
            ));
            continue;
        };
        if offset.checked_add(size).is_none_or(|end| end > pool_size) {
            errors.push(fail(
                m,
                spec.op,
                format!(
                    "view {vname} at [{offset}, {}) lies outside {pool_name} of {pool_size} bytes",
                    offset.saturating_add(size)
                ),
            ));
        }
        if offset % spec.align != 0 {
            errors.push(fail(
                m,
                spec.op,
                format!(
                    "view {vname} at offset {offset} is not aligned to {}",
                    spec.align
                ),
            ));
        }
        views.push(View {
            spec: index,
            value: spec.value,
            offset,
            size,
            live: spec.live,
        });
    }
    // Sweep in order of start: each view against the views still live.
    views.sort_by_key(|v| (v.live.start, v.live.end, v.value));
    let mut active: Vec<&View> = Vec::new();
    for v in &views {
        active.retain(|a| a.live.end >= v.live.start);
        for a in &active {
            let disjoint = a.size == 0
                || v.size == 0
                || a.offset.saturating_add(a.size) <= v.offset
                || v.offset.saturating_add(v.size) <= a.offset;
            // An output written in place over an input that dies where it is written shares
            // its bytes exactly.
            let in_place = a.offset == v.offset
                && a.size == v.size
                && (written_in_place(m, points, &specs[a.spec], &specs[v.spec])
                    || written_in_place(m, points, &specs[v.spec], &specs[a.spec]));
            // Views in different branches of one `scf.if`/`scf.index_switch` never exist
            // together.
            let exclusive = branches_apart(m, specs[a.spec].op, specs[v.spec].op);
            if !disjoint && !in_place && !exclusive {
                errors.push(fail(
                    m,
                    m.defining_op(v.value).expect("a view"),
                    format!(
                        "views {} [{}, {}) and {} [{}, {}) of {} overlap while both are live (points [{}, {}] and [{}, {}])",
                        m.value(a.value).name,
                        a.offset,
                        a.offset + a.size,
                        m.value(v.value).name,
                        v.offset,
                        v.offset + v.size,
                        pool_name,
                        a.live.start,
                        a.live.end,
                        v.live.start,
                        v.live.end
                    ),
                ));
            }
        }
        active.push(v);
    }
}

fn constant(m: &Module, v: ValueId) -> Option<u64> {
    let op = m.defining_op(v)?;
    (&*m.op(op).name == "arith.constant").then_some(())?;
    u64::try_from(m.attr(op, "value")?.as_i64()?).ok()
}

/// Computes `index` values of a function for one assignment of the values they come from:
/// block arguments and the dynamic dimensions of memref arguments get values chosen by the
/// trial number (0, then 1, then pseudo-random ones up to 4095), constants and integer
/// arith ops are computed (wrapping at 64 bits). Anything else cannot be computed.
struct Evaluator<'a> {
    m: &'a Module,
    trial: u64,
    known: HashMap<ValueId, Option<u64>>,
    /// The assigned values, for the message of a failed check.
    assigned: Vec<(String, u64)>,
}

impl<'a> Evaluator<'a> {
    fn new(m: &'a Module, trial: u64) -> Evaluator<'a> {
        Evaluator {
            m,
            trial,
            known: HashMap::new(),
            assigned: Vec::new(),
        }
    }

    /// The value the trial gives to leaf `key` (a value id, and a dimension for `memref.dim`).
    fn assign(&mut self, label: String, key: u64) -> u64 {
        let n = match self.trial {
            0 => 0,
            1 => 1,
            t => {
                // splitmix64 of the key and the trial.
                let mut z = key
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    .wrapping_add(t.wrapping_mul(0xBF58_476D_1CE4_E5B9));
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                (z ^ (z >> 31)) % 4096
            }
        };
        if !self.assigned.iter().any(|(l, _)| *l == label) {
            self.assigned.push((label, n));
        }
        n
    }

    /// A dimension whose size the checker cannot read from how its memref was made: a value
    /// of the trial.
    fn free_dim(&mut self, memref: ValueId, k: u64) -> u64 {
        let label = format!("dim {} #{k}", self.m.value(memref).name);
        self.assign(label, (memref.index() as u64) << 8 | k)
    }

    fn describe(&self) -> String {
        let parts: Vec<String> = self
            .assigned
            .iter()
            .map(|(l, n)| format!("{l} = {n}"))
            .collect();
        parts.join(", ")
    }

    fn eval(&mut self, root: ValueId) -> Option<u64> {
        let mut stack = vec![(root, false)];
        while let Some((v, operands_done)) = stack.pop() {
            if self.known.contains_key(&v) {
                continue;
            }
            let m = self.m;
            let op = match m.value(v).def {
                crate::ir::ValueDef::Arg(..) => {
                    let n = self.assign(m.value(v).name.to_string(), v.index() as u64);
                    self.known.insert(v, Some(n));
                    continue;
                }
                crate::ir::ValueDef::Result(op, _) => op,
            };
            let o = m.op(op);
            // `memref.dim` with a constant index reads the sizes the memref was made with
            // (`None` inside: a dimension that does not exist); with another index, the
            // memref's type.
            let extents = (&*o.name == "memref.dim")
                .then(|| constant(m, o.operands[1]))
                .flatten()
                .map(|k| extents(m, o.operands[0], k));
            let inputs: Vec<ValueId> = match (&extents, &*o.name) {
                (Some(Some(e)), _) => e
                    .iter()
                    .filter_map(|x| match x {
                        Extent::Operand(v) => Some(*v),
                        _ => None,
                    })
                    .collect(),
                (Some(None), _) => Vec::new(),
                (None, "memref.dim") => o.operands[1..].to_vec(),
                (None, _) => o.operands.to_vec(),
            };
            if !operands_done {
                stack.push((v, true));
                stack.extend(inputs.iter().map(|&i| (i, false)));
                continue;
            }
            let result = match extents {
                Some(None) => None,
                Some(Some(e)) => e.iter().try_fold(1u64, |acc, x| {
                    let n = match *x {
                        Extent::Fixed(n) => n,
                        Extent::Operand(v) => self.known[&v]?,
                        Extent::Free(memref, k) => self.free_dim(memref, k),
                    };
                    Some(acc.wrapping_mul(n))
                }),
                None => {
                    let args: Option<Vec<u64>> = inputs.iter().map(|i| self.known[i]).collect();
                    args.and_then(|args| self.apply(op, &args))
                }
            };
            self.known.insert(v, result);
        }
        self.known[&root]
    }

    fn apply(&mut self, op: OpId, args: &[u64]) -> Option<u64> {
        let m = self.m;
        let o = m.op(op);
        let signed = |x: u64| x as i64;
        let two = || -> Option<(u64, u64)> { Some((*args.first()?, *args.get(1)?)) };
        Some(match &*o.name {
            "arith.constant" => match m.attr(op, "value")? {
                crate::ir::types::Attr::Bool(b) => u64::from(*b),
                a => a.as_i64()? as u64,
            },
            "arith.addi" => two().map(|(a, b)| a.wrapping_add(b))?,
            "arith.subi" => two().map(|(a, b)| a.wrapping_sub(b))?,
            "arith.muli" => two().map(|(a, b)| a.wrapping_mul(b))?,
            "arith.andi" => two().map(|(a, b)| a & b)?,
            "arith.ori" => two().map(|(a, b)| a | b)?,
            "arith.xori" => two().map(|(a, b)| a ^ b)?,
            "arith.maxui" => two().map(|(a, b)| a.max(b))?,
            "arith.minui" => two().map(|(a, b)| a.min(b))?,
            "arith.maxsi" => two().map(|(a, b)| signed(a).max(signed(b)) as u64)?,
            "arith.minsi" => two().map(|(a, b)| signed(a).min(signed(b)) as u64)?,
            "arith.divui" => two().and_then(|(a, b)| a.checked_div(b))?,
            "arith.remui" => two().and_then(|(a, b)| a.checked_rem(b))?,
            "arith.ceildivui" => {
                two().and_then(|(a, b)| a.checked_div(b).map(|q| q + u64::from(a % b != 0)))?
            }
            "arith.divsi" => two().and_then(|(a, b)| signed(a).checked_div(signed(b)))? as u64,
            "arith.remsi" => two().and_then(|(a, b)| signed(a).checked_rem(signed(b)))? as u64,
            "arith.ceildivsi" => two().and_then(|(a, b)| {
                let (a, b) = (signed(a), signed(b));
                let q = a.checked_div(b)?;
                Some(if a % b != 0 && (a < 0) == (b < 0) {
                    q + 1
                } else {
                    q
                })
            })? as u64,
            "arith.floordivsi" => two().and_then(|(a, b)| {
                let (a, b) = (signed(a), signed(b));
                let q = a.checked_div(b)?;
                Some(if a % b != 0 && (a < 0) != (b < 0) {
                    q - 1
                } else {
                    q
                })
            })? as u64,
            "arith.select" => {
                let (c, a, b) = (*args.first()?, *args.get(1)?, *args.get(2)?);
                if c & 1 == 1 { a } else { b }
            }
            "arith.cmpi" => {
                let (a, b) = two()?;
                let (sa, sb) = (signed(a), signed(b));
                u64::from(match m.attr(op, "predicate")?.as_i64()? {
                    0 => a == b,
                    1 => a != b,
                    2 => sa < sb,
                    3 => sa <= sb,
                    4 => sa > sb,
                    5 => sa >= sb,
                    6 => a < b,
                    7 => a <= b,
                    8 => a > b,
                    9 => a >= b,
                    _ => return None,
                })
            }
            "arith.index_cast" | "arith.index_castui" | "arith.extui" | "arith.extsi" => {
                *args.first()?
            }
            "arith.trunci" => match m.value_type(o.results[0]) {
                crate::ir::types::Type::Int { width, .. } if *width < 64 => {
                    *args.first()? & ((1u64 << width) - 1)
                }
                _ => *args.first()?,
            },
            "memref.dim" => {
                let memref = o.operands[0];
                let k = usize::try_from(*args.first()?).ok()?;
                let mt = m.value_type(memref).as_memref()?;
                match mt.shape.as_ref()?.get(k)? {
                    crate::ir::types::Dim::Static(n) => *n,
                    _ => self.free_dim(memref, k as u64),
                }
            }
            _ => return None,
        })
    }
}

/// A factor of a dimension of a memref, as the checker reads it.
#[derive(PartialEq)]
enum Extent {
    Fixed(u64),
    /// An `index` operand of the op that made the memref (or one of its sources).
    Operand(ValueId),
    /// Dimension `k` of a memref whose making the checker does not read (an argument, a
    /// loaded memref, a result of a region op): a free value of each trial.
    Free(ValueId, u64),
}

/// Dimension `k` of `memref` as a product of extents, read from the ops that made it: the
/// dynamic size operands of `memref.alloc`, `memref.alloca` and `memref.view` (in order of the
/// dynamic dimensions), the `output_shape` of `memref.expand_shape`, the sizes of a
/// `memref.subview` or `memref.reinterpret_cast` keeping the rank, the source of a
/// `memref.cast`, and the product of the grouped source dimensions of `memref.collapse_shape`.
/// `None` when a dimension read is not one of a ranked memref.
fn extents(m: &Module, memref: ValueId, k: u64) -> Option<Vec<Extent>> {
    use crate::ir::types::Dim;
    let mut out = Vec::new();
    let mut pending = vec![(memref, k)];
    while let Some((v, k)) = pending.pop() {
        let dims: Vec<Dim> = m.value_type(v).as_memref()?.shape.clone()?;
        let position = usize::try_from(k).ok().filter(|&i| i < dims.len())?;
        if let Dim::Static(n) = dims[position] {
            out.push(Extent::Fixed(n));
            continue;
        }
        let Some(maker) = m.defining_op(v) else {
            out.push(Extent::Free(v, k));
            continue;
        };
        let o = m.op(maker);
        let dynamic_before = dims[..position]
            .iter()
            .filter(|d| !matches!(d, Dim::Static(_)))
            .count();
        let from_list = |list: &str, first: usize| -> Option<ValueId> {
            let sizes = m.attr(maker, list)?.as_dense_ints()?;
            if sizes.len() != dims.len() || sizes[position] != i64::MIN {
                return None;
            }
            let before = sizes[..position].iter().filter(|&&s| s == i64::MIN).count();
            o.operands.get(first + before).copied()
        };
        let row = ops::row(&o.name);
        let operand = match &*o.name {
            _ if matches!(row.allocates, Allocates::Heap | Allocates::Stack) => {
                o.operands.get(dynamic_before).copied()
            }
            "memref.view" => o.operands.get(2 + dynamic_before).copied(),
            "memref.expand_shape" => from_list("static_output_shape", 1),
            "memref.subview" | "memref.reinterpret_cast" => {
                match m
                    .attr(maker, "operandSegmentSizes")
                    .and_then(|a| a.as_dense_ints())
                    .as_deref()
                {
                    Some(&[1, offsets, _, _]) => usize::try_from(offsets)
                        .ok()
                        .and_then(|n| from_list("static_sizes", 1 + n)),
                    _ => None,
                }
            }
            "memref.cast" => {
                pending.push((o.operands[0], k));
                continue;
            }
            // A branch op's result: what every branch yields for it, when they agree (a
            // buffer in a pool or apart, of the same sizes).
            _ if row.branch_results() => {
                let ValueDef::Result(_, r) = m.value(v).def else {
                    unreachable!("made by an op")
                };
                let mut branches = o.regions.iter().map(|&region| {
                    let block = *m.region(region).blocks.first()?;
                    let y = *m.block(block).ops.last()?;
                    extents(m, *m.op(y).operands.get(r as usize)?, k)
                });
                let first = branches.next().flatten();
                match first {
                    Some(first) if branches.all(|b| b.as_ref() == Some(&first)) => {
                        out.extend(first)
                    }
                    _ => out.push(Extent::Free(v, k)),
                }
                continue;
            }
            "memref.collapse_shape" => {
                let groups = match m.attr(maker, "reassociation") {
                    Some(crate::ir::types::Attr::Array(groups)) => groups.get(position),
                    _ => None,
                };
                match groups {
                    Some(crate::ir::types::Attr::Array(group)) => {
                        for d in group {
                            match d.as_i64().and_then(|d| u64::try_from(d).ok()) {
                                Some(d) => pending.push((o.operands[0], d)),
                                None => out.push(Extent::Free(v, k)),
                            }
                        }
                    }
                    _ => out.push(Extent::Free(v, k)),
                }
                continue;
            }
            _ => None,
        };
        out.push(match operand {
            Some(o) => Extent::Operand(o),
            None => Extent::Free(v, k),
        });
    }
    Some(out)
}

/// Which arguments of which functions may come back out of a call as (part of) a result,
/// worked out from the callee's body alone and remembered per function and argument.
struct Returns {
    by_name: HashMap<String, OpId>,
    memo: HashMap<(OpId, u32), bool>,
    /// The (callee, argument) pairs being worked out: a call back into one of them (recursion)
    /// is taken to return its argument.
    open: HashSet<(OpId, u32)>,
}

impl Returns {
    fn new(m: &Module) -> Returns {
        let mut by_name = HashMap::new();
        for f in m.functions() {
            if let Some(name) = m.sym_name(f) {
                by_name.entry(name).or_insert(f);
            }
        }
        Returns {
            by_name,
            memo: HashMap::new(),
            open: HashSet::new(),
        }
    }

    /// Whether the callee of `call` may return its argument `arg` or memory reached through
    /// it; a callee without a body, not found, or still being worked out (recursion) may.
    fn may_return(&mut self, m: &Module, call: OpId, arg: u32) -> bool {
        let Some(name) = m.callee_name(call) else {
            return true;
        };
        let Some(&callee) = self.by_name.get(&name) else {
            return true;
        };
        if let Some(&known) = self.memo.get(&(callee, arg)) {
            return known;
        }
        if !self.open.insert((callee, arg)) {
            return true;
        }
        let result = self.body_may_return(m, callee, arg);
        self.open.remove(&(callee, arg));
        self.memo.insert((callee, arg), result);
        result
    }

    /// Follows what may hold argument `arg`'s memory through the body of `callee`: results of
    /// the ops that use it (but for the fresh buffers of allocations and clones, values that
    /// cannot hold an address such as a `memref.dim`, and the results of calls whose callee
    /// does not return it), the block arguments of their regions and successors, and the
    /// results of the op whose region a terminator using it ends. Any `func.return` of such a
    /// value says yes.
    fn body_may_return(&mut self, m: &Module, callee: OpId, arg: u32) -> bool {
        let Some(entry) = m
            .op(callee)
            .regions
            .first()
            .and_then(|r| m.region(*r).blocks.first().copied())
        else {
            return true;
        };
        let Some(&start) = m.block(entry).args.get(arg as usize) else {
            return true;
        };
        let mut ops = Vec::new();
        m.walk_nested(callee, |op| ops.push(op));
        let mut derived: HashSet<ValueId> = HashSet::from([start]);
        loop {
            let before = derived.len();
            for &op in &ops {
                let o = m.op(op);
                let mut users_of = o
                    .operands
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| derived.contains(v))
                    .map(|(i, _)| i as u32)
                    .peekable();
                if users_of.peek().is_none() {
                    continue;
                }
                let name = &*o.name;
                // A returned value, or an address taken (it could come back as an integer).
                if name == "func.return" || takes_address(name) {
                    return true;
                }
                let results_hold_it = match name {
                    "func.call" => {
                        let operands: Vec<u32> = users_of.collect();
                        operands.into_iter().any(|i| self.may_return(m, op, i))
                    }
                    name => !makes_fresh_buffer(name),
                };
                if results_hold_it {
                    derived.extend(
                        o.results
                            .iter()
                            .copied()
                            .filter(|&r| may_hold_address(m, r)),
                    );
                }
                for &r in o.regions.iter() {
                    for &b in &m.region(r).blocks {
                        derived.extend(m.block(b).args.iter().copied());
                    }
                }
                for &b in o.successors.iter() {
                    derived.extend(m.block(b).args.iter().copied());
                }
                if let Some(b) = o.parent
                    && m.block(b).ops.last() == Some(&op)
                    && o.successors.is_empty()
                {
                    let owner = m.block_owner(b);
                    if owner != callee {
                        derived.extend(m.op(owner).results.iter().copied());
                    }
                }
            }
            if derived.len() == before {
                return false;
            }
        }
    }
}

/// Whether `r` may hold an address: anything but a scalar (an integer, index or float, or a
/// vector of them). An integer may be an address only where an op took one (`takes_address`).
fn may_hold_address(m: &Module, r: ValueId) -> bool {
    use crate::ir::types::Type;
    let scalar = |t: &Type| matches!(t, Type::Int { .. } | Type::Float(_) | Type::Index);
    match m.value_type(r) {
        Type::Vector { elem, .. } => !scalar(elem),
        t => !scalar(t),
    }
}

/// Whether an op of this name returns a buffer of its own, never one of its operands (a
/// clone copies its operand into a new allocation).
fn makes_fresh_buffer(name: &str) -> bool {
    ops::row(name).allocates != Allocates::Nothing
}

/// Whether an op of this name turns a buffer into its address.
fn takes_address(name: &str) -> bool {
    name == "memref.extract_aligned_pointer_as_index" || name.starts_with("llvm.")
}

/// The live interval of a view, by this checker's own rule: the points, in the view's block,
/// of the view itself and of every op there that holds (at any depth) a use of the view or of
/// a value derived from it (deallocs excepted). A use inside a loop or any other region thus
/// keeps the view live over the whole op that holds the region, every iteration included.
/// Derived are: the memref results of an op using it (any result of `bufferization.to_tensor`;
/// no result of a call whose callee cannot return it), and, whatever their op, the memref
/// and tensor block arguments of the regions and successors of that op and the memref and
/// tensor results of the op whose region it terminates. The interval is measured in the
/// innermost block around the view that holds every use (a derived value used outside the
/// view's block, the result of an `scf.if` that yields it, moves it out to the `scf.if`'s
/// block), with each use standing for the whole op of that block that holds it.
/// A dealloc that would free the view (or what derives from it) is put in `freed_by`:
/// freeing a pool member frees memory that malloc never handed out. Every use is put in
/// `touches`.
///
/// The interval starts at the first op that holds a use, not at the view: making a view
/// reads and writes no memory, and before its first use the view holds nothing anyone may
/// read. A view without uses is live at its own point.
#[allow(clippy::too_many_arguments)]
fn view_interval(
    m: &Module,
    returns: &mut Returns,
    view_op: OpId,
    value: ValueId,
    points: &Points,
    uses: &Uses,
    freed_by: &mut Option<OpId>,
    touches: &mut Vec<Touch>,
) -> Option<Interval> {
    let mut found: Vec<(OpId, u32, bool)> = Vec::new();
    let mut frees: Vec<(OpId, u32)> = Vec::new();
    let mut live: Option<Interval> = None;
    let aliasing = |v: ValueId| {
        matches!(
            m.value_type(v),
            crate::ir::types::Type::MemRef(_) | crate::ir::types::Type::Tensor { .. }
        )
    };
    let mut stack = vec![value];
    let mut seen = HashSet::from([value]);
    // The view itself and the branch results it is handed to (`scf.yield` of an `scf.if` or
    // `scf.index_switch`): a use of those is a direct use of the view where the branch ran.
    let mut handed = HashSet::from([value]);
    while let Some(v) = stack.pop() {
        for &(user, operand) in uses.of(v) {
            let o = m.op(user);
            let row = ops::row(&o.name);
            if matches!(row.memory, Memory::Free | Memory::DeallocLists) {
                frees.push((user, operand));
                continue;
            }
            let mut derived = Vec::new();
            // Any result of an op using the view may alias it: follow them all (conservative),
            // except a fresh buffer (a clone's) and the results of a call whose callee does
            // not return this argument.
            let returns_it = match &*o.name {
                "func.call" => returns.may_return(m, user, operand),
                _ => row.allocates == Allocates::Nothing,
            };
            derived.extend(o.results.iter().copied().filter(|&r| {
                returns_it
                    && (m.value_type(r).as_memref().is_some()
                        || &*o.name == "bufferization.to_tensor")
            }));
            for &r in o.regions.iter() {
                for &b in &m.region(r).blocks {
                    derived.extend(m.block(b).args.iter().copied().filter(|&a| aliasing(a)));
                }
            }
            for &b in o.successors.iter() {
                derived.extend(m.block(b).args.iter().copied().filter(|&a| aliasing(a)));
            }
            if let Some(b) = o.parent
                && m.block(b).ops.last() == Some(&user)
                && o.successors.is_empty()
            {
                let owner = m.block_owner(b);
                let results = &m.op(owner).results;
                // The yield of a branch of `scf.if` or `scf.index_switch` gives operand k as
                // result k; any other terminator, any result.
                if row.terminator
                    && ops::row(&m.op(owner).name).branch_results()
                    && results.len() == o.operands.len()
                {
                    derived.push(results[operand as usize]);
                    if handed.contains(&v) {
                        handed.insert(results[operand as usize]);
                    }
                } else {
                    derived.extend(results.iter().copied().filter(|&r| aliasing(r)));
                }
            }
            for r in derived {
                if seen.insert(r) {
                    stack.push(r);
                }
            }
            // A branch's yield only hands the buffer to the op's result, whose uses are
            // followed: it touches no byte, and does not make the buffer live earlier.
            let hands_over = row.terminator
                && o.successors.is_empty()
                && o.parent
                    .is_some_and(|b| ops::row(&m.op(m.block_owner(b)).name).branch_results());
            if !hands_over {
                found.push((user, operand, handed.contains(&v)));
            }
        }
    }
    // Every value derived from the view is known now: a free under a flag that holds only
    // where the freed value is not one of them does not free the view.
    if let Some(&(user, _)) = frees.iter().find(|&&(user, operand)| {
        !never_frees(m, user, operand, &seen) && !freed_apart(m, user, view_op)
    }) {
        freed_by.get_or_insert(user);
    }
    // Measured in the innermost block around the view that holds every use (a value derived
    // from it may leave its block through a region's terminator); the extent of an op there
    // covers everything nested in it.
    let mut block = m.op(view_op).parent?;
    while !found
        .iter()
        .all(|&(user, _, _)| holder_in(m, block, user).is_some())
    {
        block = m.op(m.block_owner(block)).parent?;
    }
    let at = points.extent(holder_in(m, block, view_op)?)?.start;
    for (user, operand, direct) in found {
        let holder = holder_in(m, block, user)?;
        let extent = points.extent(holder)?;
        live = Some(live.map_or(extent, |l| l.cover(extent)));
        touches.push(Touch {
            holder,
            user,
            operand,
            direct,
        });
    }
    Some(live.unwrap_or(Interval { start: at, end: at }))
}

/// Whether `free` runs only where `view` is not made: in the else region of an `scf.if` on a
/// condition `%c` while the view is in the then region of an `scf.if` on the same `%c`,
/// computed once per call (at the top of the function's body).
fn freed_apart(m: &Module, free: OpId, view: OpId) -> bool {
    let view_guards = guards_around(m, view);
    guards_around(m, free).iter().any(|g| {
        let Guard::If(c, 1) = *g else {
            return false;
        };
        let once = match m.value(c).def {
            ValueDef::Result(op, _) => m.parent_op(op),
            ValueDef::Arg(block, _) => Some(m.block_owner(block)),
        }
        .is_some_and(|owner| &*m.op(owner).name == "func.func");
        once && view_guards
            .iter()
            .any(|h| matches!(*h, Guard::If(v, 0) if v == c))
    })
}

/// The pool's `scf.if` result and condition, when `pool` (a `memref.alloc`) is used only as
/// the then-branch's yield of an `scf.if` whose else branch yields a `memref.alloc` or
/// `memref.alloca` of no elements (the buffers stay apart there).
fn chosen_pool(m: &Module, uses: &Uses, pool: ValueId) -> Option<(ValueId, ValueId)> {
    let [(user, k)] = uses.of(pool) else {
        return None;
    };
    let y = m.op(*user);
    let owner = m.parent_op(*user)?;
    let o = m.op(owner);
    let then_block = *m.region(*o.regions.first()?).blocks.first()?;
    let on_condition = ops::row(&o.name).regions == Regions::Exclusive(Choice::Condition);
    if !ops::row(&y.name).terminator || !on_condition || y.parent != Some(then_block) {
        return None;
    }
    let else_block = *m.region(*o.regions.get(1)?).blocks.first()?;
    let other = m
        .op(*m.block(else_block).ops.last()?)
        .operands
        .get(*k as usize)
        .copied()?;
    let empty = m.defining_op(other).is_some_and(|a| {
        let a = m.op(a);
        matches!(
            ops::row(&a.name).allocates,
            Allocates::Heap | Allocates::Stack
        ) && a.operands.len() == 1
            && constant(m, a.operands[0]) == Some(0)
    });
    empty.then(|| Some((*o.results.get(*k as usize)?, *o.operands.first()?)))?
}

/// Whether operand `operand` of `dealloc`, a `bufferization.dealloc`, never frees a value of
/// `derived`: it is retained, or it is freed under a flag that an `scf.if` or `scf.index_switch` yields beside
/// the result it is a view of, and every branch yields either a false constant as that flag
/// or, as that result, a value not in `derived`. (Ownership-based deallocation frees the
/// result of a branch op under such a flag.)
fn never_frees(m: &Module, dealloc: OpId, operand: u32, derived: &HashSet<ValueId>) -> bool {
    let o = m.op(dealloc);
    if ops::row(&o.name).memory != Memory::DeallocLists {
        return false;
    }
    let Some((freed, conditions)) = m
        .attr(dealloc, "operandSegmentSizes")
        .and_then(|a| a.as_dense_ints())
        .and_then(|s| {
            Some((
                usize::try_from(*s.first()?).ok()?,
                usize::try_from(*s.get(1)?).ok()?,
            ))
        })
    else {
        return false;
    };
    let i = operand as usize;
    // A retained memref is never freed by the op.
    if freed == conditions && i >= freed + conditions {
        return true;
    }
    let (Some(&memref), Some(&flag)) = (
        o.operands.get(i).filter(|_| i < freed),
        o.operands.get(freed + i),
    ) else {
        return false;
    };
    let (Some(ValueDef::Result(op, k)), ValueDef::Result(flag_op, j)) = (
        sole_source(m, memref).map(|r| m.value(r).def),
        m.value(flag).def,
    ) else {
        return false;
    };
    if op != flag_op || !ops::row(&m.op(op).name).branch_results() {
        return false;
    }
    m.op(op).regions.iter().all(|&r| {
        let Some(y) = m
            .region(r)
            .blocks
            .first()
            .and_then(|&b| m.block(b).ops.last().copied())
        else {
            return true;
        };
        let yielded = |i: u32| m.op(y).operands.get(i as usize).copied();
        let false_flag = yielded(j).is_some_and(|f| {
            m.defining_op(f).is_some_and(|c| {
                &*m.op(c).name == "arith.constant"
                    && match m.attr(c, "value") {
                        Some(crate::ir::types::Attr::Bool(b)) => !*b,
                        Some(a) => a.as_i64() == Some(0),
                        None => false,
                    }
            })
        });
        false_flag || yielded(k).is_some_and(|v| !derived.contains(&v))
    })
}

/// The value `v` can only be a part of: back through ops with exactly one memref or tensor
/// operand and no region, to the first value made otherwise. `None` when an op of the chain
/// takes more than one.
fn sole_source(m: &Module, v: ValueId) -> Option<ValueId> {
    let mut v = v;
    while let Some(op) = m.defining_op(v) {
        let o = m.op(op);
        if !o.regions.is_empty() {
            break;
        }
        let mut buffers = o.operands.iter().copied().filter(|&x| {
            matches!(
                m.value_type(x),
                crate::ir::types::Type::MemRef(_) | crate::ir::types::Type::Tensor { .. }
            )
        });
        let Some(source) = buffers.next() else {
            break;
        };
        if buffers.next().is_some() {
            return None;
        }
        v = source;
    }
    Some(v)
}

/// One use of a view or of a value derived from it.
#[derive(Clone, Copy, Debug)]
struct Touch {
    /// The op of the view's block that holds the use.
    holder: OpId,
    user: OpId,
    operand: u32,
    /// The operand is the view itself.
    direct: bool,
}

/// Whether `output` may share the bytes of `input` (same offset and size, checked by the
/// caller) because an elementwise op writes it in place: one op `at` of their block is the
/// last op that holds a use of `input` and the first that holds a use of `output`, each
/// used there only as one of its operands, the view itself (or the result of a branch op it
/// is yielded as, `view_interval`), `input` as an input and
/// `output` as an output, and `at` reads, in every iteration, the element of `input` that it
/// writes of `output` (`reads_what_it_writes`).
fn written_in_place(m: &Module, points: &Points, input: &ViewSpec, output: &ViewSpec) -> bool {
    // The op where `input` ends: it must be where `output` starts (both measured in the block
    // of that op: each has a use held by it, below).
    let Some(last) = input.touches.iter().find(|t| {
        points
            .extent(t.holder)
            .is_some_and(|e| e.end == input.live.end)
    }) else {
        return false;
    };
    let at = last.holder;
    let Some(extent) = points.extent(at) else {
        return false;
    };
    if extent.start != output.live.start || extent.end != input.live.end {
        return false;
    }
    let only = |spec: &ViewSpec| -> Option<u32> {
        let mut there = spec.touches.iter().filter(|t| t.holder == at);
        match (there.next(), there.next()) {
            (Some(t), None) if t.user == at && t.direct => Some(t.operand),
            _ => None,
        }
    };
    let (Some(read), Some(written)) = (only(input), only(output)) else {
        return false;
    };
    same_shape(m, input.value, output.value)
        && reads_what_it_writes(m, points, at, read as usize, written as usize)
}

/// Whether two memrefs have one static shape and element type width.
fn same_shape(m: &Module, a: ValueId, b: ValueId) -> bool {
    match (m.value_type(a).as_memref(), m.value_type(b).as_memref()) {
        (Some(x), Some(y)) => {
            x.num_elements().is_some()
                && x.shape == y.shape
                && x.elem.element_bytes(8).is_some()
                && x.elem.element_bytes(8) == y.elem.element_bytes(8)
        }
        _ => false,
    }
}

/// Named `linalg` ops that, with no `indexing_maps`, read every input and write every output
/// at the same index, and never read an output (this checker's own list).
fn named_elementwise(name: &str) -> bool {
    let Some(op) = name.strip_prefix("linalg.") else {
        return false;
    };
    matches!(
        op,
        "add"
            | "sub"
            | "mul"
            | "div"
            | "div_unsigned"
            | "max"
            | "min"
            | "powf"
            | "exp"
            | "log"
            | "abs"
            | "ceil"
            | "floor"
            | "negf"
            | "reciprocal"
            | "round"
            | "sqrt"
            | "rsqrt"
            | "square"
            | "tanh"
            | "erf"
            | "map"
    )
}

/// Whether `op`, whose operand `read` is an input and `written` an output, reads in every
/// iteration the element of `read` at the index it writes of `written`, and writes each
/// index of `written` once, without reading `written`. For `linalg.generic`: every iterator
/// parallel, the output's map a permutation of the iterators, the input's map the same
/// except that it may index with the constant 0 a dimension of extent 1 of the output (the
/// iterator there takes only the value 0), the output's block argument unused.
fn reads_what_it_writes(
    m: &Module,
    points: &Points,
    op: OpId,
    read: usize,
    written: usize,
) -> bool {
    let o = m.op(op);
    let Some(Some(segments)) = m.attr(op, "operandSegmentSizes").map(|a| a.as_dense_ints()) else {
        return false;
    };
    let inputs = match segments.as_slice() {
        [i, o_] if (*i + *o_) as usize == o.operands.len() => *i as usize,
        _ => return false,
    };
    // An op lowered to a `library_call` runs code that may assume its operands apart.
    if read >= inputs || written < inputs || m.attr(op, "library_call").is_some() {
        return false;
    }
    // The output's block argument, where the body has one per operand, must be unused.
    let body_reads_output = match (
        o.regions
            .first()
            .and_then(|&r| m.region(r).blocks.first())
            .map(|&b| &m.block(b).args),
        points.extent(op),
    ) {
        (Some(args), Some(e)) if args.len() == o.operands.len() => points.order
            [e.start as usize + 1..=e.end as usize]
            .iter()
            .any(|&inner| m.op(inner).operands.contains(&args[written])),
        _ => &*o.name == "linalg.generic",
    };
    if body_reads_output {
        return false;
    }
    if &*o.name != "linalg.generic" {
        return named_elementwise(&o.name) && m.attr(op, "indexing_maps").is_none();
    }
    let parallel = match m.attr(op, "iterator_types") {
        Some(crate::ir::types::Attr::Array(kinds)) => kinds.iter().all(|k| {
            let text = k.to_string();
            text == "\"parallel\"" || text == "#linalg.iterator_type<parallel>"
        }),
        _ => false,
    };
    let maps: Vec<Option<crate::ir::affine::Map>> = match m.attr(op, "indexing_maps") {
        Some(crate::ir::types::Attr::Array(maps)) => maps
            .iter()
            .map(|a| {
                let text = match a {
                    crate::ir::types::Attr::Alias(name) => m
                        .attr_aliases
                        .iter()
                        .find(|(n, _)| n == name)?
                        .1
                        .to_string(),
                    other => other.to_string(),
                };
                crate::ir::affine::parse_map(&text).ok()
            })
            .collect(),
        _ => return false,
    };
    let (Some(Some(in_map)), Some(Some(out_map))) = (maps.get(read), maps.get(written)) else {
        return false;
    };
    let extents: Vec<Option<u64>> = match m.value_type(o.operands[written]).as_memref() {
        Some(t) => t
            .shape
            .iter()
            .flatten()
            .map(|d| match d {
                crate::ir::types::Dim::Static(n) => Some(*n),
                _ => None,
            })
            .collect(),
        None => return false,
    };
    use crate::ir::affine::Expr;
    let dims: Vec<Option<u32>> = out_map
        .results
        .iter()
        .map(|e| if let Expr::Dim(d) = e { Some(*d) } else { None })
        .collect();
    let mut sorted: Vec<u32> = dims.iter().flatten().copied().collect();
    sorted.sort_unstable();
    let permutation = out_map.syms == 0
        && dims.len() == out_map.dims as usize
        && sorted.iter().copied().eq(0..out_map.dims);
    let same_index = in_map.syms == 0
        && in_map.dims == out_map.dims
        && in_map.results.len() == extents.len()
        && dims.len() == extents.len()
        && (0..extents.len()).all(|i| {
            in_map.results[i] == out_map.results[i]
                || (in_map.results[i] == Expr::Const(0) && extents[i] == Some(1))
        });
    parallel && permutation && same_index
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// `@f` rewritten: two buffers of 64 bytes at offset 0 of one pool.
    fn rewritten() -> (Module, HashSet<String>) {
        let file = crate::source::SourceFile::new(
            "t.mlir",
            "func.func @f() {
               %a = memref.alloc() : memref<16xf32>
               memref.dealloc %a : memref<16xf32>
               %b = memref.alloc() : memref<16xf32>
               memref.dealloc %b : memref<16xf32>
               return
             }",
        );
        let mut m = crate::load::load(&file).expect("valid IR");
        let mut analysis = crate::analysis::analyze(&m, &Default::default()).expect("analyzed");
        // Apart, the two hold no more than a pool of them would: pooled only when asked.
        let all = crate::policy::Options {
            pool_all: true,
            ..Default::default()
        };
        crate::policy::pool(&m, &mut analysis, &all).expect("pooled");
        let (_, pools) = super::super::rewrite(&mut m, &analysis, Default::default(), false);
        (m, pools)
    }

    fn messages(m: &Module, pools: &HashSet<String>) -> Vec<String> {
        check(m, pools, 64, 8)
            .into_iter()
            .flat_map(|f| f.errors)
            .map(|d| d.message)
            .collect()
    }

    /// The ops of the entry block of `@f`, by name.
    fn entry_ops(m: &Module) -> (BlockId, Vec<String>) {
        let func = m.functions()[0];
        let entry = m.region(m.op(func).regions[0]).blocks[0];
        let names = m.block(entry).ops.iter().map(|o| m.op(*o).name.to_string());
        (entry, names.collect())
    }

    #[test]
    fn the_rewrite_passes() {
        let (m, pools) = rewritten();
        assert_eq!(
            entry_ops(&m).1,
            [
                "arith.constant",
                "memref.alloc",
                "memref.view",
                "memref.view",
                "memref.dealloc",
                "func.return"
            ]
        );
        assert_eq!(messages(&m, &pools), Vec::<String>::new());
    }

    #[test]
    fn a_pool_allocated_after_its_uses_fails() {
        let (mut m, pools) = rewritten();
        let (entry, _) = entry_ops(&m);
        // Move the pool's alloc to just before the return: its views and its dealloc now
        // come first.
        let ops = &mut m.blocks[entry.index()].ops;
        let alloc = ops.remove(1);
        ops.insert(ops.len() - 1, alloc);
        let used_early =
            "internal error: the rewritten IR fails its check: %pool is used before it is defined";
        let found: Vec<String> = messages(&m, &pools)
            .into_iter()
            .filter(|s| s.contains("is used"))
            .collect();
        assert_eq!(found, vec![used_early; 3]);
    }

    #[test]
    fn an_offset_whose_constant_was_taken_out_fails() {
        let (mut m, pools) = rewritten();
        let (entry, _) = entry_ops(&m);
        let constant = m.blocks[entry.index()].ops.remove(0);
        m.ops[constant.index()].parent = None;
        let found = messages(&m, &pools);
        let removed = "internal error: the rewritten IR fails its check: %pool_off0 is used but its defining op was removed";
        assert_eq!(
            found
                .iter()
                .filter(|s| s.contains("is used"))
                .collect::<Vec<_>>(),
            vec![removed; 2]
        );
    }

    /// `@f` straight after bufferization, rewritten: `%t`, allocated in the then branch of an
    /// `scf.if` on an argument and yielded, `%a`, yielded by the else branch, and `%b`, which
    /// reads the `scf.if`'s result, all of run-time size in one pool.
    fn branch_rewritten() -> (Module, HashSet<String>) {
        let file = crate::source::SourceFile::new(
            "t.mlir",
            "func.func @f(%n: index, %c: i1) -> f32 {
               %c0 = arith.constant 0 : index
               %a = memref.alloc(%n) : memref<?xf32>
               %r = scf.if %c -> (memref<?xf32>) {
                 %t = memref.alloc(%n) : memref<?xf32>
                 linalg.copy ins(%a : memref<?xf32>) outs(%t : memref<?xf32>)
                 scf.yield %t : memref<?xf32>
               } else {
                 scf.yield %a : memref<?xf32>
               }
               %b = memref.alloc(%n) : memref<?xf32>
               linalg.copy ins(%r : memref<?xf32>) outs(%b : memref<?xf32>)
               %v = memref.load %b[%c0] : memref<?xf32>
               return %v : f32
             }",
        );
        let mut m = crate::load::load(&file).expect("valid IR");
        let options = crate::analysis::Options {
            before_dealloc: true,
            ..Default::default()
        };
        let mut analysis = crate::analysis::analyze(&m, &options).expect("analyzed");
        crate::policy::pool(&m, &mut analysis, &Default::default()).expect("pooled");
        let (_, pools) = super::super::rewrite(&mut m, &analysis, Default::default(), false);
        (m, pools)
    }

    #[test]
    fn a_buffer_of_a_branch_is_checked_where_the_branch_runs() {
        let (mut m, pools) = branch_rewritten();
        let views = m.ops.iter().filter(|o| &*o.name == "memref.view").count();
        assert_eq!(views, 3);
        assert_eq!(messages(&m, &pools), Vec::<String>::new());
        // Reserve the bytes of `%t` when the branch is not taken instead of when it is: where
        // it runs, `%t` then overlaps the buffer placed above it.
        let select = (0..m.ops.len())
            .map(OpId::new)
            .find(|&op| {
                &*m.op(op).name == "arith.select"
                    && m.value(m.op(op).results[0]).name.starts_with("%t_bytes")
            })
            .expect("the bytes of %t reserved under the branch's condition");
        let o = &mut m.ops[select.index()];
        let mut operands = o.operands.to_vec();
        operands.swap(1, 2);
        o.operands = operands.as_slice().into();
        let found = messages(&m, &pools);
        assert!(
            found
                .iter()
                .any(|s| s.contains("views %t") && s.contains("overlap")),
            "{found:?}"
        );
    }

    /// The messages of the check of the pool `%pool` of the function in `text`.
    fn messages_of_text(text: String) -> Vec<String> {
        let file = crate::source::SourceFile::new("t.mlir", text);
        let m = crate::load::load(&file).expect("valid IR");
        messages(&m, &HashSet::from(["%pool".to_string()]))
    }

    /// The messages of the check of a pool with views `%t` (then branch, yielded) and `%e`
    /// (ELSE_AT: in the else branch, or before the `scf.if`) at one offset, 0.
    fn one_offset_in_branches(else_at: &str) -> Vec<String> {
        let (before, in_else) = match else_at {
            "before" => (
                "%e = memref.view %pool[%c0][] : memref<64xi8> to memref<16xf32>",
                "",
            ),
            _ => (
                "",
                "%e = memref.view %pool[%c0][] : memref<64xi8> to memref<16xf32>",
            ),
        };
        let text = format!(
            "func.func @f(%c: i1) -> f32 {{
               %c0 = arith.constant 0 : index
               %f = arith.constant 1.0 : f32
               %pool = memref.alloc() {{alignment = 64 : i64}} : memref<64xi8>
               {before}
               %r = scf.if %c -> (memref<16xf32>) {{
                 %t = memref.view %pool[%c0][] : memref<64xi8> to memref<16xf32>
                 memref.store %f, %t[%c0] : memref<16xf32>
                 scf.yield %t : memref<16xf32>
               }} else {{
                 {in_else}
                 memref.store %f, %e[%c0] : memref<16xf32>
                 scf.yield %e : memref<16xf32>
               }}
               %v = memref.load %r[%c0] : memref<16xf32>
               memref.dealloc %pool : memref<64xi8>
               return %v : f32
             }}"
        );
        messages_of_text(text)
    }

    #[test]
    fn views_of_exclusive_branches_may_share_an_offset_and_a_view_before_them_may_not() {
        assert_eq!(one_offset_in_branches("else"), Vec::<String>::new());
        // `%c` is 0 in the only trial of a pool planned at compile time: the then branch
        // does not run there, and its view is checked all the same.
        let found = one_offset_in_branches("before");
        assert!(
            found
                .iter()
                .any(|s| s.contains("views %e") && s.contains("%t") && s.contains("overlap")),
            "{found:?}"
        );
    }

    /// The messages of the check of a pool chosen when the function runs (`%big`): a view `%a`
    /// where it is used, an allocation of its own where not, freed by FREE; with `overlap`, a
    /// second view `%b` at the same offset while `%a` is live.
    fn chosen_when_run(free: &str, overlap: bool) -> Vec<String> {
        let b = if overlap {
            "%b = scf.if %big -> (memref<?xf32>) {
               %w = memref.view %pool_or_none[%c0][%n] : memref<?xi8> to memref<?xf32>
               scf.yield %w : memref<?xf32>
             } else {
               %own_b = memref.alloc(%n) : memref<?xf32>
               scf.yield %own_b : memref<?xf32>
             }
             memref.store %f, %b[%c0] : memref<?xf32>"
        } else {
            ""
        };
        messages_of_text(format!(
            "func.func @f(%n: index) -> f32 {{
               %c0 = arith.constant 0 : index
               %c4 = arith.constant 4 : index
               %f = arith.constant 1.0 : f32
               %bytes = arith.muli %n, %c4 : index
               %twice = arith.muli %bytes, %c4 : index
               %big = arith.cmpi ule, %c4, %n : index
               %pool_or_none = scf.if %big -> (memref<?xi8>) {{
                 %pool = memref.alloc(%twice) {{alignment = 64 : i64}} : memref<?xi8>
                 scf.yield %pool : memref<?xi8>
               }} else {{
                 %none = memref.alloca(%c0) : memref<?xi8>
                 scf.yield %none : memref<?xi8>
               }}
               %a = scf.if %big -> (memref<?xf32>) {{
                 %v = memref.view %pool_or_none[%c0][%n] : memref<?xi8> to memref<?xf32>
                 scf.yield %v : memref<?xf32>
               }} else {{
                 %own = memref.alloc(%n) : memref<?xf32>
                 scf.yield %own : memref<?xf32>
               }}
               memref.store %f, %a[%c0] : memref<?xf32>
               {b}
               %r = memref.load %a[%c0] : memref<?xf32>
               {free}
               scf.if %big {{
                 memref.dealloc %pool_or_none : memref<?xi8>
               }}
               return %r : f32
             }}"
        ))
    }

    #[test]
    fn a_pool_chosen_when_the_function_runs_is_checked_as_if_it_were_used() {
        let apart = "scf.if %big {} else { memref.dealloc %a : memref<?xf32> }";
        assert_eq!(chosen_when_run(apart, false), Vec::<String>::new());
        // Freed also where the pool is used: the free would free the view.
        let found = chosen_when_run("memref.dealloc %a : memref<?xf32>", false);
        assert!(
            found
                .iter()
                .any(|s| s.contains("view %v of %pool is freed")),
            "{found:?}"
        );
        // `%big` is false in the trials of small sizes, and the views are checked all the same.
        let found = chosen_when_run(apart, true);
        assert!(
            found
                .iter()
                .any(|s| s.contains("views %v") && s.contains("overlap")),
            "{found:?}"
        );
    }

    /// The messages of the check of a pool whose view `%a` is yielded by the else branch of
    /// an `scf.if` with ownership flag `flag`, the result's base being freed under the flag.
    fn freed_under_flag(flag: &str) -> Vec<String> {
        let text = format!(
            "func.func @f(%c: i1) -> f32 {{
               %c0 = arith.constant 0 : index
               %true = arith.constant true
               %false = arith.constant false
               %pool = memref.alloc() {{alignment = 64 : i64}} : memref<128xi8>
               %a = memref.view %pool[%c0][] : memref<128xi8> to memref<16xf32>
               %r:2 = scf.if %c -> (memref<16xf32>, i1) {{
                 %t = memref.alloc() : memref<16xf32>
                 scf.yield %t, %true : memref<16xf32>, i1
               }} else {{
                 scf.yield %a, {flag} : memref<16xf32>, i1
               }}
               %v = memref.load %r#0[%c0] : memref<16xf32>
               %base, %offset, %size, %stride = memref.extract_strided_metadata %r#0 : memref<16xf32> -> memref<f32>, index, index, index
               bufferization.dealloc (%base : memref<f32>) if (%r#1)
               memref.dealloc %pool : memref<128xi8>
               return %v : f32
             }}"
        );
        messages_of_text(text)
    }

    #[test]
    fn a_free_under_an_ownership_flag_frees_the_view_only_where_the_flag_may_hold() {
        assert_eq!(freed_under_flag("%false"), Vec::<String>::new());
        assert_eq!(
            freed_under_flag("%true"),
            [
                "internal error: the rewritten IR fails its check: view %a of %pool is freed by 'bufferization.dealloc'"
            ]
        );
        assert_eq!(
            freed_under_flag("%c"),
            [
                "internal error: the rewritten IR fails its check: view %a of %pool is freed by 'bufferization.dealloc'"
            ]
        );
    }

    /// `@f` with a view `%a` passed to `@CALLEE` and a view `%b` at the same offset made after
    /// the call, while the call's result is still read: a wrong plan when the result may be
    /// `%a`, a right one when it is a buffer of the callee's own. The check answers by the
    /// callee's body alone.
    fn through_call(callee: &str) -> Vec<String> {
        let text = "
            func.func @cast(%arg0: memref<16xf32>) -> memref<16xf32> {
              %c = memref.cast %arg0 : memref<16xf32> to memref<16xf32>
              return %c : memref<16xf32>
            }
            func.func @clone(%arg0: memref<16xf32>) -> memref<16xf32> {
              %c = bufferization.clone %arg0 : memref<16xf32> to memref<16xf32>
              return %c : memref<16xf32>
            }
            func.func @sized(%arg0: memref<16xf32>) -> memref<16xf32> {
              %c0 = arith.constant 0 : index
              %d = memref.dim %arg0, %c0 : memref<16xf32>
              %n = memref.alloc(%d) : memref<?xf32>
              %c = memref.cast %n : memref<?xf32> to memref<16xf32>
              return %c : memref<16xf32>
            }
            func.func @through(%arg0: memref<16xf32>) -> memref<16xf32> {
              %r = call @sized(%arg0) : (memref<16xf32>) -> memref<16xf32>
              return %r : memref<16xf32>
            }
            func.func @if_cast(%arg0: memref<16xf32>) -> memref<16xf32> {
              %p = arith.constant true
              %r = scf.if %p -> memref<16xf32> {
                %c = func.call @cast(%arg0) : (memref<16xf32>) -> memref<16xf32>
                scf.yield %c : memref<16xf32>
              } else {
                %n = memref.alloc() : memref<16xf32>
                scf.yield %n : memref<16xf32>
              }
              return %r : memref<16xf32>
            }
            func.func @address(%arg0: memref<16xf32>) -> memref<16xf32> {
              %p = memref.extract_aligned_pointer_as_index %arg0 : memref<16xf32> -> index
              %n = memref.alloc() : memref<16xf32>
              return %n : memref<16xf32>
            }
            func.func @rec(%arg0: memref<16xf32>) -> memref<16xf32> {
              %r = call @rec(%arg0) : (memref<16xf32>) -> memref<16xf32>
              return %r : memref<16xf32>
            }
            func.func private @ext(memref<16xf32>) -> memref<16xf32>
            func.func @f(%x: f32) -> f32 {
              %c0 = arith.constant 0 : index
              %pool = memref.alloc() {alignment = 64 : i64} : memref<64xi8>
              %a = memref.view %pool[%c0][] : memref<64xi8> to memref<16xf32>
              %r = call @CALLEE(%a) : (memref<16xf32>) -> memref<16xf32>
              %b = memref.view %pool[%c0][] : memref<64xi8> to memref<16xf32>
              memref.store %x, %b[%c0] : memref<16xf32>
              %v = memref.load %r[%c0] : memref<16xf32>
              memref.dealloc %pool : memref<64xi8>
              return %v : f32
            }"
        .replace("CALLEE", callee);
        let file = crate::source::SourceFile::new("t.mlir", text);
        let m = crate::load::load(&file).expect("valid IR");
        let pools = HashSet::from(["%pool".to_string()]);
        messages(&m, &pools)
    }

    #[test]
    fn a_call_result_aliases_an_argument_only_where_the_callee_may_return_it() {
        let overlap = |callee: &str| {
            let found = through_call(callee);
            assert!(
                found
                    .iter()
                    .all(|s| s.contains("overlap while both are live")),
                "{callee}: {found:?}"
            );
            !found.is_empty()
        };
        // Fresh buffers: a clone, an allocation sized by a dim of the argument (its cast),
        // the fresh result of another call.
        for fresh in ["clone", "sized", "through"] {
            assert!(!overlap(fresh), "{fresh} returns a buffer of its own");
        }
        // The argument itself, through a cast or a call in a branch; an address taken;
        // recursion and an external callee (not known: it may).
        for aliasing in ["cast", "if_cast", "address", "rec", "ext"] {
            assert!(overlap(aliasing), "{aliasing} may return its argument");
        }
    }

    /// The map of the input of the elementwise op in `in_place_program`.
    #[derive(Clone, Copy, Debug)]
    enum InputMap {
        Identity,
        /// `(d0, d1) -> (d1, d0)` (on a square shape).
        Transposed,
        /// `(d0, d1) -> (0, d1)`: the same element only where the first dimension is 1.
        ConstantZero,
    }

    /// A pool holding `%x` at offset 0 and `%y` at `y_offset`, and a `linalg.generic` that
    /// reads `%x` and writes `%y` (shape `rows` x `cols` of f32), between the fill of `%x` and
    /// the copy out of `%y`.
    fn in_place_program(
        rows: u64,
        cols: u64,
        map: InputMap,
        reduction: bool,
        reads_output: bool,
        input_read_later: bool,
        y_offset: u64,
    ) -> String {
        let ty = format!("memref<{rows}x{cols}xf32>");
        let bytes = rows * cols * 4;
        let pool = format!("memref<{}xi8>", y_offset + bytes);
        let in_map = match map {
            InputMap::Identity => "#id",
            InputMap::Transposed => "#t",
            InputMap::ConstantZero => "#c",
        };
        let kind = if reduction { "reduction" } else { "parallel" };
        let read = if reads_output { "%o" } else { "%cst" };
        let later = if input_read_later {
            format!("%l = memref.load %x[%c0, %c0] : {ty}")
        } else {
            String::new()
        };
        format!(
            "#id = affine_map<(d0, d1) -> (d0, d1)>
             #t = affine_map<(d0, d1) -> (d1, d0)>
             #c = affine_map<(d0, d1) -> (0, d1)>
             func.func @f(%out: {ty}) {{
               %cst = arith.constant 1.0 : f32
               %c0 = arith.constant 0 : index
               %ox = arith.constant 0 : index
               %oy = arith.constant {y_offset} : index
               %pool = memref.alloc() {{alignment = 64 : i64}} : {pool}
               %x = memref.view %pool[%ox][] : {pool} to {ty}
               %y = memref.view %pool[%oy][] : {pool} to {ty}
               linalg.fill ins(%cst : f32) outs(%x : {ty})
               linalg.generic {{indexing_maps = [{in_map}, #id], iterator_types = [\"parallel\", \"{kind}\"]}}
                   ins(%x : {ty}) outs(%y : {ty}) {{
               ^bb0(%a: f32, %o: f32):
                 %s = arith.addf %a, {read} : f32
                 linalg.yield %s : f32
               }}
               {later}
               memref.copy %y, %out : {ty} to {ty}
               memref.dealloc %pool : {pool}
               return
             }}"
        )
    }

    proptest::proptest! {
        /// The check accepts two views of one pool that overlap while both are live exactly
        /// when the elementwise op writes the output in place over the input: the same offset,
        /// every iterator parallel, the input read at the index written (the same map, or the
        /// constant 0 in a dimension of size 1), the output's element not read, and the input
        /// not read after the op. Any other overlap (a shifted output, a transposed or
        /// broadcast read, a reduction, the output read, the input read later) fails.
        #[test]
        fn the_check_accepts_exactly_the_in_place_pairs(
            rows in proptest::sample::select(vec![1u64, 2, 4, 8]),
            cols in proptest::sample::select(vec![4u64, 8]),
            map in proptest::sample::select(vec![InputMap::Identity, InputMap::Transposed, InputMap::ConstantZero]),
            reduction in proptest::bool::weighted(0.2),
            reads_output in proptest::bool::weighted(0.2),
            input_read_later in proptest::bool::weighted(0.2),
            shift in proptest::sample::select(vec![0u64, 64, 128, 256]),
        ) {
            // A transposed read needs a square shape to be valid IR.
            let rows = if matches!(map, InputMap::Transposed) { cols } else { rows };
            let text = in_place_program(rows, cols, map, reduction, reads_output, input_read_later, shift);
            let file = crate::source::SourceFile::new("t.mlir", text.clone());
            let m = crate::load::load(&file).expect("valid IR");
            let pools = HashSet::from(["%pool".to_string()]);
            let found = messages(&m, &pools);
            let bytes = rows * cols * 4;
            let same_index = match map {
                InputMap::Identity => true,
                InputMap::Transposed => false,
                InputMap::ConstantZero => rows == 1,
            };
            let disjoint = shift >= bytes;
            let in_place = shift == 0 && same_index && !reduction && !reads_output && !input_read_later;
            let overlap_reported = found.iter().any(|s| s.contains("overlap while both are live"));
            proptest::prop_assert_eq!(overlap_reported, !(disjoint || in_place), "{}\n{:?}", text, found);
            proptest::prop_assert!(found.iter().all(|s| s.contains("overlap while both are live")), "{:?}", found);
        }

        /// What the analysis writes in place, the check accepts: random chains of elementwise
        /// ops (and others) over buffers of one shape, analyzed, pooled and rewritten.
        #[test]
        fn the_check_accepts_the_in_place_pairs_the_rewrite_makes(
            steps in proptest::collection::vec((0u8..6, proptest::bool::ANY), 1..8),
        ) {
            let ty = "memref<1x8xf32>";
            let mut body = String::new();
            let mut live = vec!["%b0".to_string()];
            body.push_str(&format!("%b0 = memref.alloc() : {ty}\n"));
            body.push_str(&format!("linalg.fill ins(%cst : f32) outs(%b0 : {ty})\n"));
            for (k, &(op, keep)) in steps.iter().enumerate() {
                let input = live.last().expect("a live buffer").clone();
                let out = format!("%b{}", k + 1);
                body.push_str(&format!("{out} = memref.alloc() : {ty}\n"));
                let read = if op == 5 { "%o" } else { "%cst" };
                let line = match op {
                    0 | 5 => format!(
                        "linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}} ins({input} : {ty}) outs({out} : {ty}) {{
                         ^bb0(%a: f32, %o: f32):
                           %s{k} = arith.addf %a, {read} : f32
                           linalg.yield %s{k} : f32
                         }}"
                    ),
                    1 => format!(
                        "linalg.generic {{indexing_maps = [#c, #id], iterator_types = [\"parallel\", \"parallel\"]}} ins({input} : {ty}) outs({out} : {ty}) {{
                         ^bb0(%a: f32, %o: f32):
                           linalg.yield %a : f32
                         }}"
                    ),
                    2 => format!("linalg.exp ins({input} : {ty}) outs({out} : {ty})"),
                    3 => format!("linalg.add ins({input}, %arg : {ty}, {ty}) outs({out} : {ty})"),
                    _ => format!("memref.copy {input}, {out} : {ty} to {ty}"),
                };
                body.push_str(&line);
                body.push('\n');
                if keep {
                    // The input is read again later: it may not be written over.
                    body.push_str(&format!("memref.copy {input}, %out : {ty} to {ty}\n"));
                }
                live.push(out);
            }
            body.push_str(&format!("memref.copy {}, %out : {ty} to {ty}\n", live.last().expect("a buffer")));
            for b in &live {
                body.push_str(&format!("memref.dealloc {b} : {ty}\n"));
            }
            let text = format!(
                "#id = affine_map<(d0, d1) -> (d0, d1)>
                 #c = affine_map<(d0, d1) -> (0, d1)>
                 func.func @f(%arg: {ty}, %out: {ty}) {{
                   %cst = arith.constant 1.0 : f32
                   {body}
                   return
                 }}"
            );
            let file = crate::source::SourceFile::new("t.mlir", text.clone());
            let mut m = crate::load::load(&file).expect("valid IR");
            let mut analysis = crate::analysis::analyze(&m, &Default::default()).expect("analyzed");
            crate::policy::pool(&m, &mut analysis, &Default::default()).expect("pooled");
            let in_place = analysis.functions[0].allocations.iter().filter(|a| a.in_place.is_some()).count();
            let (_, pools) = super::super::rewrite(&mut m, &analysis, Default::default(), false);
            let found = messages(&m, &pools);
            proptest::prop_assert!(found.is_empty(), "{}\n{:?}", text, found);
            // A chain with no other reads and only in-place steps is one buffer.
            if steps.iter().all(|&(op, keep)| op <= 3 && !keep) {
                proptest::prop_assert_eq!(in_place, steps.len(), "{}", text);
            }
        }
    }

    /// A chain of buffers, each sized by a `memref.dim` of the one before it read through
    /// `step` (0: the buffer, 1: a `cast`, 2: an `expand_shape`, 3: a `collapse_shape` and a
    /// division, 4: a `subview`), copied from it, and the one before freed.
    fn dim_chain_program(steps: &[u8]) -> String {
        let ty = "memref<?x4xf32>";
        let mut body = format!(
            "%b0 = memref.alloc(%n) : {ty}\nlinalg.fill ins(%cst : f32) outs(%b0 : {ty})\n"
        );
        for (k, &step) in steps.iter().enumerate() {
            let prev = format!("%b{k}");
            let next = format!("%b{}", k + 1);
            let read = match step {
                0 => format!("%d{k} = memref.dim {prev}, %c0 : {ty}"),
                1 => format!(
                    "%v{k} = memref.cast {prev} : {ty} to memref<?x?xf32>
                     %d{k} = memref.dim %v{k}, %c0 : memref<?x?xf32>"
                ),
                2 => format!(
                    "%e{k} = memref.dim {prev}, %c0 : {ty}
                     %v{k} = memref.expand_shape {prev} [[0], [1, 2]] output_shape [%e{k}, 2, 2] : {ty} into memref<?x2x2xf32>
                     %d{k} = memref.dim %v{k}, %c0 : memref<?x2x2xf32>"
                ),
                3 => format!(
                    "%v{k} = memref.collapse_shape {prev} [[0, 1]] : {ty} into memref<?xf32>
                     %q{k} = memref.dim %v{k}, %c0 : memref<?xf32>
                     %d{k} = arith.divui %q{k}, %c4 : index"
                ),
                _ => format!(
                    "%h{k} = memref.dim {prev}, %c0 : {ty}
                     %v{k} = memref.subview {prev}[0, 0] [%h{k}, 4] [1, 1] : {ty} to memref<?x4xf32, strided<[4, 1]>>
                     %d{k} = memref.dim %v{k}, %c0 : memref<?x4xf32, strided<[4, 1]>>"
                ),
            };
            body.push_str(&format!(
                "{read}
                 {next} = memref.alloc(%d{k}) : {ty}
                 memref.copy {prev}, {next} : {ty} to {ty}
                 memref.dealloc {prev} : {ty}
                "
            ));
        }
        let last = steps.len();
        format!(
            "func.func @f(%n: index, %out: {ty}) {{
               %cst = arith.constant 1.0 : f32
               %c0 = arith.constant 0 : index
               %c4 = arith.constant 4 : index
               {body}
               memref.copy %b{last}, %out : {ty} to {ty}
               memref.dealloc %b{last} : {ty}
               return
             }}"
        )
    }

    proptest::proptest! {
        /// Buffers sized by `memref.dim` of the buffer before them (issue 32) are all pooled
        /// at run-time offsets; the check, which reads those dims its own way, accepts the
        /// rewrite for every assignment it tries and rejects the broken plan (every offset 0),
        /// where each buffer overlaps the one it is copied from.
        #[test]
        fn buffers_sized_by_dims_of_buffers_are_pooled_and_checked(
            steps in proptest::collection::vec(0u8..5, 1..6),
        ) {
            let text = dim_chain_program(&steps);
            let rewrite = |sabotage: super::super::Sabotage| {
                let file = crate::source::SourceFile::new("t.mlir", text.clone());
                let mut m = crate::load::load(&file).expect("valid IR");
                let mut analysis =
                    crate::analysis::analyze(&m, &Default::default()).expect("analyzed");
                crate::policy::pool(&m, &mut analysis, &Default::default()).expect("pooled");
                let pooled = analysis.functions[0]
                    .allocations
                    .iter()
                    .filter(|a| a.offset.is_some())
                    .count();
                let (_, pools) = super::super::rewrite(&mut m, &analysis, sabotage, false);
                (pooled, messages(&m, &pools))
            };
            let (pooled, found) = rewrite(Default::default());
            proptest::prop_assert_eq!(pooled, steps.len() + 1, "{}", text);
            proptest::prop_assert!(found.is_empty(), "{}\n{:?}", text, found);
            let (_, broken) = rewrite(super::super::Sabotage { break_plan: true });
            proptest::prop_assert!(
                broken.iter().any(|e| e.contains("overlap while both are live")),
                "{}\n{:?}",
                text,
                broken
            );
        }
    }
}

//! Live intervals, aliases and eligibility of every allocation of one function.
//!
//! An allocation's aliases are the results of view-like ops applied to it or to an alias.
//! Its live interval covers, in the block that holds it, the extents of the ops that contain
//! a use of it or of an alias (deallocs excepted). It may be pooled only when everything it
//! and its aliases are used for is understood: see `Reason` for what is checked.

use super::calls::{CallCapture, Summaries};
use super::points::{Interval, Points, ancestor_in};
use super::reason::Reason;
use super::size::{self, DynamicSize};
use super::uses::Uses;
use crate::forms::bufferization::DeallocView;
use crate::ir::ops::{self, Allocates, Escape, Memory, regions_run_in_order};
use crate::ir::types::{Attr, MemRefType};
use crate::ir::{BlockId, Module, OpId, ValueDef, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// One `memref.alloc` or `memref.alloca` and what the analysis found about it.
#[derive(Clone, Debug)]
pub struct Allocation {
    /// The allocating op.
    pub op: OpId,
    /// Its result.
    pub value: ValueId,
    /// Byte size, when the shape is static and the element size known.
    pub bytes: Option<u64>,
    /// Live interval; `None` only when none can be computed. It starts at the first use
    /// (with `Context::live_from_first_use`) or at the allocation.
    pub live: Option<Interval>,
    /// From the allocation to its last free, measured where `live` is: the points at which it
    /// holds heap memory as a buffer of its own. `None` when it is not freed there (not
    /// freed at all, or freed in another block).
    pub held: Option<Interval>,
    /// The op of its block that holds its first use or an alias's (deallocs excepted);
    /// `None` when it has no use there.
    pub first_use: Option<OpId>,
    /// The op of its block that holds its last use or an alias's, likewise.
    pub last_use: Option<OpId>,
    /// The allocation (an index into the function's allocations) whose bytes it takes at an
    /// elementwise op (see `analysis::in_place`), with that op.
    pub in_place: Option<InPlace>,
    /// Every reason that applies, in order of precedence, each with the op that caused it.
    pub reasons: Vec<Cause>,
    /// The deallocs of it or its aliases (`memref.dealloc` and `bufferization.dealloc`).
    pub deallocs: Vec<OpId>,
    /// The operands of `bufferization.dealloc` ops that free it or an alias: a pool member
    /// is taken out of these lists instead of losing the whole op.
    pub freed_operands: Vec<(OpId, u32)>,
    /// The alignment its offset needs: its `alignment` attribute and its element size
    /// rounded up to a power of two (the pool's `--alignment` is applied by the planner).
    pub align: u64,
    /// Its `alignment` attribute, when it is a positive power of two.
    pub align_attr: Option<u64>,
    /// It has an `alignment` attribute that is not a positive power of two (an error in the
    /// input, which the analysis reports).
    pub bad_align_attr: bool,
    /// Memory space attribute of its type (boxed, as the next field: both are rare, and a
    /// large function has many allocations to pass over). Its type, printed, shows it.
    pub(crate) memory_space: Option<Box<Attr>>,
    /// Its byte size when a dimension is dynamic and dynamic pools are on.
    pub dynamic: Option<Box<DynamicSize>>,
    /// Where it lies in its function's pool, when pooled: filled by [`pool`](crate::pool),
    /// `None` before.
    pub offset: Option<Offset>,
}

/// Where a pooled allocation lies in its pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offset {
    /// A byte offset planned at compile time.
    Fixed(u64),
    /// Computed when the function runs (the allocation's size is only known then): the
    /// lowest multiple of `align` at or above `base` and at or above the end of each
    /// allocation in `above` (indices into the function's allocations, placed before this
    /// one).
    #[allow(missing_docs)]
    Above {
        base: u64,
        above: Vec<usize>,
        align: u64,
    },
}

impl Offset {
    /// The byte offset, when it is planned at compile time.
    pub fn fixed(&self) -> Option<u64> {
        match self {
            Offset::Fixed(o) => Some(*o),
            Offset::Above { .. } => None,
        }
    }
}

impl Allocation {
    /// Whether it may share memory (no reason against it).
    pub fn eligible(&self) -> bool {
        self.reasons.is_empty()
    }

    /// Whether it goes into a pool: eligible, with a live interval and a size known at compile
    /// time or when the function runs. (An eligible allocation whose size overflowed was
    /// reported as an error: it is neither counted nor planned.)
    pub fn poolable(&self) -> bool {
        self.eligible() && (self.bytes.is_some() || self.dynamic.is_some()) && self.live.is_some()
    }

    /// The first reason it may not share memory, if any.
    pub fn reason(&self) -> Option<Reason> {
        self.reasons.first().map(|r| r.reason)
    }

    /// Whether, left out of a pool, it holds heap memory only over `held`: it is freed by
    /// `memref.dealloc` ops where its interval is measured (not by the lists of a
    /// `bufferization.dealloc`, nor by a deallocation pass that has yet to run).
    pub fn freed_where_it_lives(&self, m: &Module) -> bool {
        self.held.is_some()
            && self.freed_operands.is_empty()
            && self
                .deallocs
                .iter()
                .all(|&d| ops::row(&m.op(d).name).memory == Memory::Free)
    }
}

/// An output written in place over an input that dies at the op writing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InPlace {
    /// The input's index in the function's allocations.
    pub over: usize,
    /// The elementwise op that reads the input and writes the output.
    pub at: OpId,
}

/// One reason an allocation may not be pooled, with the op that caused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cause {
    /// The reason.
    pub reason: Reason,
    /// The op that caused it, when one did.
    pub at: Option<OpId>,
    /// For `escapes-call`: the callee argument that captures the buffer, and why.
    pub call: Option<CallCapture>,
}

impl Cause {
    /// `reason`, caused by `at`, with no call to blame.
    pub(crate) fn new(reason: Reason, at: Option<OpId>) -> Cause {
        Cause {
            reason,
            at,
            call: None,
        }
    }
}

/// What the analysis needs to know beyond the IR.
pub struct Context<'a> {
    pub index_bytes: u64,
    /// Extra op names known to read and write memref operands without capturing them.
    pub assume_nocapture: &'a HashSet<String>,
    /// Which arguments of which functions a call captures.
    pub calls: &'a Summaries,
    /// The IR has no deallocs yet (straight after bufferization): an allocation without a
    /// dealloc is freed by a later pass, after its last use.
    pub before_dealloc: bool,
    /// Allocations with dynamic dimensions may be pooled (offsets computed at run time).
    pub dynamic_pools: bool,
    /// Live intervals start at the first use rather than at the allocation: before it, the
    /// buffer holds nothing anyone may read.
    pub live_from_first_use: bool,
}

/// The innermost op around `op` whose regions may run concurrently or later, climbing from
/// `op` until `stop(op_or_ancestor, its parent)` holds.
pub fn concurrent_region_around(
    m: &Module,
    op: OpId,
    stop: impl Fn(OpId, OpId) -> bool,
) -> Option<OpId> {
    let mut up = op;
    while let Some(parent) = m.parent_op(up) {
        if stop(up, parent) {
            return None;
        }
        if !regions_run_in_order(&m.op(parent).name) {
            return Some(parent);
        }
        up = parent;
    }
    None
}

/// Calls `visit` with every use of `value` and of its aliases, in the order the uses are
/// found, with what each use means; the results of view-like ops are followed here. Stops
/// when `visit` breaks.
pub fn walk_uses(
    m: &Module,
    uses: &Uses,
    value: ValueId,
    assume_nocapture: &HashSet<String>,
    mut visit: impl FnMut(OpId, u32, Use<'_>) -> ControlFlow<()>,
) {
    let mut worklist = vec![value];
    // Filled at the first view (most allocations have none, and need no table).
    let mut seen: FxHashSet<ValueId> = FxHashSet::default();
    // Values that may refer to another buffer (the result of an `scf.if` that yields it in one
    // branch), and their views: a free through one of them may free another buffer instead.
    // With each, the yield through which the buffer reached the result, when there is one.
    let mut maybe: FxHashMap<ValueId, Option<OpId>> = FxHashMap::default();
    while let Some(v) = worklist.pop() {
        // The users are far apart in the module: their misses overlap when asked for at once.
        for &(user, _) in uses.of(v) {
            crate::prefetch::prefetch(m.op(user));
        }
        let v_maybe = maybe.get(&v).copied();
        for &(user, operand) in uses.of(v) {
            let mut what = classify(m, user, operand as usize, assume_nocapture);
            if let Use::View(aliases) | Use::MayAlias(aliases) = what {
                if seen.is_empty() {
                    seen.insert(value);
                }
                for &r in aliases {
                    if seen.insert(r) {
                        worklist.push(r);
                        match (what, v_maybe) {
                            (Use::MayAlias(_), None) => {
                                maybe.insert(r, Some(user));
                            }
                            // Through two results: which yield holds it is not followed.
                            (Use::MayAlias(_), Some(_)) => {
                                maybe.insert(r, None);
                            }
                            (_, Some(through)) => {
                                maybe.insert(r, through);
                            }
                            _ => {}
                        }
                    }
                }
            }
            if let Some(through) = v_maybe
                && matches!(what, Use::Free | Use::FreeIf(_))
            {
                what = through
                    .and_then(|y| free_through_result(m, value, y, user, operand as usize, what))
                    .unwrap_or(Use::MaybeFreed);
            }
            if visit(user, operand, what).is_break() {
                return;
            }
        }
    }
}

/// A free, in `bufferization.dealloc` `dealloc`, of operand `operand`, a value that may be the
/// buffer `value` or another one: the result of an `scf.if` or `scf.index_switch` whose branch
/// ending in `through` yields `value` (or a view of it). Ownership-based deallocation yields,
/// beside each buffer, a flag that holds when the branch's buffer is one it must free, and
/// frees the result under that flag. Read from the flags each branch yields (constants):
/// - `NotFreed` when the flag is false in this branch;
/// - `FreeOwned` when the flag is true in this branch and `value` is allocated in it: it is
///   freed exactly when it was allocated;
///
/// both only when, in every other branch, the flag is false or the result is a buffer
/// made by another allocation (no view of `value`).
///
/// `None` when the free is read neither way. The freed value must be a chain of views of the
/// result alone (each op of the chain takes one memref).
fn free_through_result(
    m: &Module,
    value: ValueId,
    through: OpId,
    dealloc: OpId,
    operand: usize,
    what: Use<'_>,
) -> Option<Use<'static>> {
    let Use::FreeIf(flag) = what else {
        return None;
    };
    let branch_op = m.parent_op(through)?;
    let ValueDef::Result(flag_op, j) = m.value(flag).def else {
        return None;
    };
    let freed = m.op(dealloc).operands[operand];
    let ValueDef::Result(result_op, k) = m.value(view_root(m, freed)?).def else {
        return None;
    };
    if flag_op != branch_op || result_op != branch_op {
        return None;
    }
    let (j, k) = (j as usize, k as usize);
    let yielded = |y: OpId, i: usize| m.op(y).operands.get(i).copied();
    let flag_in = |y: OpId| yielded(y, j).and_then(|f| ownership_flag(m, f));
    let others: Vec<OpId> = m
        .op(branch_op)
        .regions
        .iter()
        .filter_map(|&r| m.block(*m.region(r).blocks.first()?).ops.last().copied())
        .filter(|&y| y != through)
        .collect();
    // Where another branch runs, the free frees nothing or a buffer of its own.
    let others_apart = others.iter().all(|&y| {
        flag_in(y) == Some(false)
            || yielded(y, k)
                .and_then(|v| view_root(m, v))
                .is_some_and(|root| root != value && fresh_buffer(m, root))
    });
    if !others_apart {
        return None;
    }
    match flag_in(through)? {
        false => Some(Use::NotFreed),
        true => {
            let allocated_here = m.defining_op(value).is_some_and(|op| {
                m.op(through)
                    .parent
                    .is_some_and(|b| ancestor_in(m, b, op).is_some())
            });
            allocated_here.then_some(Use::FreeOwned)
        }
    }
}

/// Whether `v` is the result of a `memref.alloc` or `memref.alloca`: a buffer of its own, no
/// alias of any other.
fn fresh_buffer(m: &Module, v: ValueId) -> bool {
    m.defining_op(v).is_some_and(|op| {
        matches!(
            ops::row(&m.op(op).name).allocates,
            Allocates::Heap | Allocates::Stack
        )
    })
}

/// The value `v` is a view of, following ops with one memref operand back to the first value
/// made otherwise (an allocation, a block argument, a region op's result); `None` when an op
/// of the chain takes more than one memref.
fn view_root(m: &Module, v: ValueId) -> Option<ValueId> {
    let mut v = v;
    loop {
        let ValueDef::Result(op, _) = m.value(v).def else {
            return Some(v);
        };
        let o = m.op(op);
        let is_view = ops::lookup(&o.name)
            .is_some_and(|d| matches!(d.memory, Memory::View | Memory::ViewFirstResult));
        if !is_view || !o.regions.is_empty() {
            return Some(v);
        }
        let mut memrefs = o
            .operands
            .iter()
            .copied()
            .filter(|&x| m.value_type(x).as_memref().is_some());
        let source = memrefs.next()?;
        if memrefs.next().is_some() {
            return None;
        }
        v = source;
    }
}

/// What one use of a memref value means for the buffer the value refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use<'a> {
    /// A view-like op: these results alias the buffer.
    View(&'a [ValueId]),
    /// A yield of an `scf.if` or `scf.index_switch` branch (`OpDef::branch_results`): this
    /// result of the op is the buffer when that branch runs, and another value when another
    /// one does.
    MayAlias(&'a [ValueId]),
    /// A `memref.dealloc`: frees it.
    Free,
    /// Listed by a `bufferization.dealloc`: freed there when this `i1` holds (and it aliases
    /// none of the retained memrefs).
    FreeIf(ValueId),
    /// Retained by a `bufferization.dealloc`: whether it is freed is decided at run time.
    Retained,
    /// A free of a value that may refer to another buffer instead (`MayAlias`): whether it
    /// frees this one is decided at run time. Not a use: if it refers to this buffer, its
    /// earlier uses are over.
    MaybeFreed,
    /// A free of such a value that frees this buffer exactly when the branch that allocates
    /// it ran (read from the ownership flags the branches yield).
    FreeOwned,
    /// A free of such a value that never frees this buffer (its branch yields a false flag).
    NotFreed,
    /// Listed by a `bufferization.dealloc` that also retains it: not freed there, its
    /// ownership passing to the op's result for the retained memref.
    ListedRetained,
    /// Read or written while the op runs, and not kept.
    Access,
    /// An argument of a `func.call`: what happens depends on the callee.
    Call,
    /// Leaves what the analysis can follow.
    Escape(Reason),
}

/// What using a memref value as operand `operand` of `user` means, from the op table
/// (`ir::ops`). `assume_nocapture` names ops the user declared to be plain accesses.
pub fn classify<'a>(
    m: &'a Module,
    user: OpId,
    operand: usize,
    assume_nocapture: &HashSet<String>,
) -> Use<'a> {
    let o = m.op(user);
    let row = ops::row(&o.name);
    let memory = row.memory;
    match memory {
        Memory::Free => return Use::Free,
        Memory::DeallocLists => return dealloc_operand(m, user, operand),
        Memory::Call => return Use::Call,
        Memory::View if operand == 0 => return Use::View(&o.results),
        Memory::ViewFirstResult if operand == 0 => {
            return Use::View(&o.results[..o.results.len().min(1)]);
        }
        Memory::StoreValue if operand == 0 => return Use::Escape(Reason::EscapesStore),
        Memory::Realloc => return Use::Escape(Reason::Reallocated),
        // A region's yield (not a branch to a block).
        Memory::Escape(Escape::Yield) if row.terminator && o.successors.is_empty() => {
            if let Some(parent) = m.parent_op(user)
                && ops::row(&m.op(parent).name).branch_results()
                && let Some(result) = m.op(parent).results.get(operand)
            {
                return Use::MayAlias(std::slice::from_ref(result));
            }
            return Use::Escape(Reason::EscapesYield);
        }
        Memory::Escape(escape) => {
            return Use::Escape(match escape {
                Escape::Return => Reason::EscapesReturn,
                Escape::Call => Reason::EscapesCall,
                Escape::Yield => Reason::EscapesYield,
                Escape::PointerTaken => Reason::PointerTaken,
            });
        }
        _ => {}
    }
    if !o.successors.is_empty() {
        Use::Escape(Reason::EscapesYield)
    } else if matches!(
        memory,
        // The operands after the one a view is of are read (the shape of `memref.reshape`).
        Memory::Access | Memory::StoreValue | Memory::View | Memory::ViewFirstResult
    ) || assume_nocapture.contains(&*o.name)
    {
        Use::Access
    } else {
        Use::Escape(Reason::UnknownOp)
    }
}

/// The view of a `bufferization.dealloc (memrefs) if (conditions) retain (memrefs)`, when it is
/// well formed (its segments add up to the operands, and there is one condition per freed
/// memref).
fn dealloc_view(m: &Module, op: OpId) -> Option<DeallocView<'_>> {
    let view = DeallocView::of(m, op).ok()?;
    (view.memrefs.len() == view.conditions.len()).then_some(view)
}

/// Operand `operand` of a `bufferization.dealloc (memrefs) if (conditions) retain (memrefs)`.
fn dealloc_operand(m: &Module, op: OpId, operand: usize) -> Use<'_> {
    let Some(DeallocView {
        memrefs,
        conditions,
        retained,
    }) = dealloc_view(m, op)
    else {
        return Use::Escape(Reason::UnknownOp);
    };
    // Listed and also retained (one buffer: the same root): a listed memref that aliases a
    // retained one is not freed, and the op's result for the retained one is the disjunction
    // of the conditions of the listed memrefs that alias it.
    let same = |a: ValueId, b: ValueId| view_root(m, a).is_some_and(|r| Some(r) == view_root(m, b));
    let freed = memrefs.len();
    if let Some(&listed) = memrefs.get(operand) {
        if retained.iter().any(|&kept| same(listed, kept)) {
            Use::ListedRetained
        } else {
            Use::FreeIf(conditions[operand])
        }
    } else if let Some(&kept) = operand
        .checked_sub(freed + conditions.len())
        .and_then(|i| retained.get(i))
    {
        let owned_here = memrefs
            .iter()
            .zip(conditions)
            .any(|(&listed, &c)| same(listed, kept) && constant_true(m, c));
        if owned_here {
            Use::Access
        } else {
            Use::Retained
        }
    } else {
        // A memref as a condition cannot verify; stay conservative.
        Use::Escape(Reason::UnknownOp)
    }
}

/// The value of `v` when it is an `i1` constant.
fn constant_bool(m: &Module, v: ValueId) -> Option<bool> {
    let op = m.defining_op(v)?;
    if &*m.op(op).name != "arith.constant" {
        return None;
    }
    match m.attr(op, "value")? {
        Attr::Bool(b) => Some(*b),
        a if m.value_type(v).to_string() == "i1" => match a.as_i64()? {
            0 => Some(false),
            1 | -1 => Some(true),
            _ => None,
        },
        _ => None,
    }
}

/// The value of the ownership flag `f`: an `i1` constant, or the result of a
/// `bufferization.dealloc` for a retained memref that the op also lists (the same buffer)
/// under the constant `true` (`None`: not known).
fn ownership_flag(m: &Module, f: ValueId) -> Option<bool> {
    if let Some(b) = constant_bool(m, f) {
        return Some(b);
    }
    let ValueDef::Result(op, i) = m.value(f).def else {
        return None;
    };
    let o = m.op(op);
    if ops::row(&o.name).memory != Memory::DeallocLists {
        return None;
    }
    let view = dealloc_view(m, op)?;
    let kept = view_root(m, *view.retained.get(i as usize)?)?;
    (view.memrefs.iter().zip(view.conditions))
        .any(|(&listed, &c)| view_root(m, listed) == Some(kept) && constant_true(m, c))
        .then_some(true)
}

/// Whether `v` is the constant `true`.
fn constant_true(m: &Module, v: ValueId) -> bool {
    constant_bool(m, v) == Some(true)
}

/// Whether a memref layout is the identity (no layout, or an identity affine map: with the
/// simplifications MLIR makes, such as `d0 + 0` for `d0`).
pub fn identity_layout(m: &Module, mt: &MemRefType) -> bool {
    let Some(layout) = &mt.layout else {
        return true;
    };
    let resolved = match layout {
        Attr::Alias(name) => match m.attr_aliases.iter().find(|(n, _)| n == name) {
            Some((_, a)) => a,
            None => return false,
        },
        other => other,
    };
    // A map that does not parse is no identity (an error in the input, which mlir-opt would
    // report).
    match resolved {
        Attr::Opaque { text, .. } => {
            text.starts_with("affine_map<")
                && crate::ir::affine::parse_map(text).is_ok_and(|map| map.is_identity())
        }
        _ => false,
    }
}

/// Analyzes every allocation in the body of `func`. Returns them in program order.
///
/// Allocations inside a nested op that is isolated from above (a `func.func` in a
/// `builtin.module` in the body) belong to that op, not to `func`: a pool of `func` would not
/// be visible there.
pub fn allocations(
    m: &Module,
    func: OpId,
    points: &Points,
    uses: &Uses,
    cx: &Context<'_>,
) -> Vec<Allocation> {
    let ops: Vec<OpId> = points.allocation_ops().collect();
    // Each allocation is analyzed on its own: many are split between two threads.
    let apart = ops.len() >= PARALLEL_MIN_ALLOCATIONS;
    crate::parallel::map_halves(&ops, apart, |&op| {
        let mut a = analyze_one(m, func, op, points, uses, cx);
        // Read here, while the op is in the cache of this thread.
        read_alignment_attr(m, &mut a);
        a
    })
}

/// Takes an allocation's `alignment` attribute into its `align`.
fn read_alignment_attr(m: &Module, a: &mut Allocation) {
    if let Some(attr) = m.attr(a.op, "alignment") {
        match attr.as_i64() {
            Some(n) if n > 0 && (n as u64).is_power_of_two() => {
                a.align_attr = Some(n as u64);
                a.align = a.align.max(n as u64);
            }
            _ => a.bad_align_attr = true,
        }
    }
}

/// A function with at least this many allocations has them analyzed on two threads.
const PARALLEL_MIN_ALLOCATIONS: usize = 4096;

/// Analyzes one allocation: its groups of rules in turn, each pushing the causes it finds.
fn analyze_one(
    m: &Module,
    func: OpId,
    op: OpId,
    points: &Points,
    uses: &Uses,
    cx: &Context<'_>,
) -> Allocation {
    let site = AllocSite {
        op,
        value: m.op(op).results[0],
        block: m.op(op).parent.expect("an allocation inside a function"),
    };
    let mut reasons: Vec<Cause> = Vec::new();
    let Some(shape) = type_rules(m, func, site, cx, &mut reasons) else {
        // Not a memref: nothing more can be measured.
        return finish(site.value, op, None, None, reasons, Vec::new(), None, None);
    };
    let mut found = use_rules(m, uses, site.value, cx, &mut reasons);
    let place = place_rules(m, func, site, points, cx, &mut found, &mut reasons);
    dealloc_rules(m, site, &place, points, cx, &mut found, &mut reasons);
    finish_with_uses(site, shape, place, found, reasons)
}

/// The allocation `analyze_one` works on.
#[derive(Clone, Copy)]
struct AllocSite {
    /// The allocating op.
    op: OpId,
    /// Its result.
    value: ValueId,
    /// The block that holds it.
    block: BlockId,
}

/// The type and the sizes of an allocation of memref type.
struct Shape<'m> {
    mt: &'m MemRefType,
    /// Byte size of one element, when known.
    elem_bytes: Option<u64>,
    /// Byte size, when the shape is static, the element size known and the product fits.
    bytes: Option<u64>,
    /// Byte size computed when the function runs, when a dimension is dynamic and dynamic
    /// pools are on.
    dynamic: Option<DynamicSize>,
}

/// Type and size rules: whether its kind, type, size and enclosing regions let it be pooled.
fn type_rules<'m>(
    m: &'m Module,
    func: OpId,
    site: AllocSite,
    cx: &Context<'_>,
    reasons: &mut Vec<Cause>,
) -> Option<Shape<'m>> {
    let op = site.op;
    let mt = m.value_type(site.value).as_memref();
    let elem_bytes = mt.and_then(|t| t.elem.element_bytes(cx.index_bytes));

    let allocates = ops::row(&m.op(op).name).allocates;
    if allocates == Allocates::Stack {
        reasons.push(Cause::new(Reason::Alloca, None));
    }
    let Some(mt) = mt else {
        reasons.push(Cause::new(Reason::UnknownOp, None));
        return None;
    };
    let mut dynamic = None;
    if mt.has_dynamic_dims() {
        let size = elem_bytes.and_then(|e| DynamicSize::of(m, op, e));
        match size {
            Some(size) if cx.dynamic_pools && allocates == Allocates::Heap => {
                if let Some(at) = size::unavailable(m, func, op, &size) {
                    reasons.push(Cause::new(Reason::SizeNotAvailable, at));
                }
                dynamic = Some(size);
            }
            _ => reasons.push(Cause::new(Reason::DynamicShape, None)),
        }
    }
    if !identity_layout(m, mt) {
        reasons.push(Cause::new(Reason::NonIdentityLayout, None));
    }
    if elem_bytes.is_none() {
        reasons.push(Cause::new(Reason::UnsupportedElementType, None));
    }
    let bytes = match (mt.num_elements(), elem_bytes) {
        (Some(n), Some(e)) => n.checked_mul(e),
        _ => None,
    };
    // Enclosing ops that may run their regions concurrently.
    if let Some(region_op) = concurrent_region_around(m, op, |_, parent| parent == func) {
        reasons.push(Cause::new(Reason::ParallelRegion, Some(region_op)));
    }
    Some(Shape {
        mt,
        elem_bytes,
        bytes,
        dynamic,
    })
}

/// What the walk of the uses of an allocation and of its aliases found, beside the causes.
struct UsesFound {
    /// Its deallocs and its aliases' (`memref.dealloc` and `bufferization.dealloc`).
    deallocs: Vec<OpId>,
    /// The operands of `bufferization.dealloc` ops that list it or an alias.
    freed_operands: Vec<(OpId, u32)>,
    /// Deallocs that may not free it: the condition is not known, or an alias is retained.
    uncertain: FxHashSet<OpId>,
    /// The ops that use it or an alias, frees excepted.
    use_ops: Vec<OpId>,
    /// Frees through an `scf.if` result under the flag of the branch that allocates it: in
    /// the block of the `scf.if`, not of the allocation.
    owned_frees: Vec<OpId>,
    /// The largest alignment a `memref.assume_alignment` of it or an alias asserts: its
    /// offset in a pool must keep that promise true.
    assumed_align: u64,
}

/// Escape and use rules: whether it or an alias escapes, or is freed only as decided at run time.
fn use_rules(
    m: &Module,
    uses: &Uses,
    value: ValueId,
    cx: &Context<'_>,
    reasons: &mut Vec<Cause>,
) -> UsesFound {
    let mut found = UsesFound {
        deallocs: Vec::new(),
        freed_operands: Vec::new(),
        uncertain: FxHashSet::default(),
        use_ops: Vec::new(),
        owned_frees: Vec::new(),
        assumed_align: 1,
    };
    walk_uses(
        m,
        uses,
        value,
        cx.assume_nocapture,
        |user, operand, what| {
            match what {
                Use::Free => {
                    found.deallocs.push(user);
                    return ControlFlow::Continue(());
                }
                Use::FreeIf(condition) => {
                    found.deallocs.push(user);
                    found.freed_operands.push((user, operand));
                    if !constant_true(m, condition) {
                        found.uncertain.insert(user);
                        reasons.push(Cause::new(Reason::ConditionalDealloc, Some(user)));
                    }
                    return ControlFlow::Continue(());
                }
                Use::Retained => {
                    found.uncertain.insert(user);
                    reasons.push(Cause::new(Reason::ConditionalDealloc, Some(user)));
                }
                Use::MaybeFreed => {
                    reasons.push(Cause::new(Reason::ConditionalDealloc, Some(user)));
                    return ControlFlow::Continue(());
                }
                Use::FreeOwned => {
                    found.deallocs.push(user);
                    found.owned_frees.push(user);
                    found.freed_operands.push((user, operand));
                    return ControlFlow::Continue(());
                }
                Use::NotFreed => return ControlFlow::Continue(()),
                Use::ListedRetained => {
                    // Pooled, it leaves the list, so that the result's flag no longer says
                    // the op's caller owns it.
                    found.freed_operands.push((user, operand));
                    return ControlFlow::Continue(());
                }
                Use::View(_) if &*m.op(user).name == "memref.assume_alignment" => {
                    found.assumed_align = found.assumed_align.max(assumed_alignment(m, user));
                }
                Use::View(_) | Use::MayAlias(_) | Use::Access => {}
                Use::Call => {
                    if let Some(capture) = cx.calls.capture(m, user, operand as usize) {
                        reasons.push(Cause {
                            reason: Reason::EscapesCall,
                            at: Some(user),
                            call: Some(capture),
                        });
                    }
                }
                Use::Escape(r) => reasons.push(Cause::new(r, Some(user))),
            }
            found.use_ops.push(user);
            ControlFlow::Continue(())
        },
    );
    found
}

/// Where an allocation lives: the block its intervals are measured in, and the intervals.
struct Place {
    /// The innermost block that holds every use: the allocation's own, or, for an allocation
    /// in a branch of an `scf.if` whose result is used after it, the block of the `scf.if`
    /// (whose extent covers the allocation).
    home: BlockId,
    /// See `Allocation::live`.
    live: Option<Interval>,
    /// See `Allocation::held`.
    held: Option<Interval>,
    /// See `Allocation::first_use`.
    first_use: Option<OpId>,
    /// See `Allocation::last_use`.
    last_use: Option<OpId>,
}

/// Place rules: whether each use is in the intervals' block and not in a concurrent region.
fn place_rules(
    m: &Module,
    func: OpId,
    site: AllocSite,
    points: &Points,
    cx: &Context<'_>,
    found: &mut UsesFound,
    reasons: &mut Vec<Cause>,
) -> Place {
    // `used` covers the ops of the block that hold a use, `first_use` and `last_use` are the
    // first and the last of those ops.
    let mut used: Option<Interval> = None;
    let (mut first_use, mut last_use): (Option<OpId>, Option<OpId>) = (None, None);
    let home = interval_block(m, func, site.block, &found.use_ops);
    let mut in_home = Vec::with_capacity(found.use_ops.len());
    for &user in &found.use_ops {
        // A use inside a region that may run later or concurrently (an `async.execute`
        // body, say) could outlive the interval seen here.
        if let Some(region_op) =
            concurrent_region_around(m, user, |up, _| m.op(up).parent == Some(home))
        {
            reasons.push(Cause::new(Reason::ParallelRegion, Some(region_op)));
        }
        let holder = ancestor_in(m, home, user);
        match holder.and_then(|a| Some((a, points.extent(a)?))) {
            Some((holder, extent)) => {
                if used.is_none_or(|u| extent.start < u.start) {
                    first_use = Some(holder);
                }
                if used.is_none_or(|u| extent.end > u.end) {
                    last_use = Some(holder);
                }
                used = Some(used.map_or(extent, |u| u.cover(extent)));
            }
            None => reasons.push(Cause::new(Reason::UsedOutsideBlock, Some(user))),
        }
        if holder.is_some() {
            in_home.push(user);
        }
    }
    found.use_ops = in_home;

    let at_allocation = points
        .extent(ancestor_in(m, home, site.op).unwrap_or(site.op))
        .map(|e| Interval {
            start: e.start,
            end: e.start,
        });
    let live = match (used, at_allocation) {
        (Some(u), _) if cx.live_from_first_use => Some(u),
        (Some(u), Some(a)) => Some(a.cover(u)),
        (u, a) => a.or(u),
    };
    // The last free; none when any free lies outside the interval's block.
    let freed_at: Option<u32> = found
        .deallocs
        .iter()
        .map(|&d| Some(points.extent(ancestor_in(m, home, d)?)?.end))
        .collect::<Option<Vec<u32>>>()
        .and_then(|ends| ends.into_iter().max());
    let held = at_allocation.zip(freed_at).map(|(a, end)| Interval {
        start: a.start,
        end: end.max(a.start),
    });
    Place {
        home,
        live,
        held,
        first_use,
        last_use,
    }
}

/// Dealloc rules: whether it is freed once, in its block, and not used after its free.
fn dealloc_rules(
    m: &Module,
    site: AllocSite,
    place: &Place,
    points: &Points,
    cx: &Context<'_>,
    found: &mut UsesFound,
    reasons: &mut Vec<Cause>,
) {
    found.deallocs.sort();
    match found.deallocs.len() {
        // Straight after bufferization nothing is freed yet: the deallocation pass that runs
        // later frees the pool instead, after the last use of any of its views.
        0 if cx.before_dealloc => {}
        0 => reasons.push(Cause::new(Reason::NoDealloc, None)),
        1 => {}
        _ => reasons.push(Cause::new(
            Reason::MultipleDeallocs,
            Some(found.deallocs[1]),
        )),
    }
    for &d in &found.deallocs {
        let in_block = if found.owned_frees.contains(&d) {
            place.home
        } else {
            site.block
        };
        if m.op(d).parent != Some(in_block) {
            reasons.push(Cause::new(Reason::DeallocInOtherBlock, Some(d)));
        }
    }
    // A use after a dealloc in program order, unless the two are on exclusive paths (a
    // dealloc in one branch of an scf.if, the use in the other).
    found.use_ops.sort_by_key(|u| points.index(*u));
    let after = found
        .deallocs
        .iter()
        .filter(|d| !found.uncertain.contains(d))
        .find_map(|&d| {
            let di = points.index(d)?;
            found.use_ops.iter().copied().find(|&u| {
                points.index(u).is_some_and(|ui| ui > di) && !super::points::exclusive(m, u, d)
            })
        });
    if let Some(user) = after {
        reasons.push(Cause::new(Reason::UseAfterDealloc, Some(user)));
    }
}

/// `finish`, then what the rules found beyond that: frees, use ends, run-time size, alignment.
fn finish_with_uses(
    site: AllocSite,
    shape: Shape<'_>,
    place: Place,
    found: UsesFound,
    reasons: Vec<Cause>,
) -> Allocation {
    let mut a = finish(
        site.value,
        site.op,
        shape.bytes,
        place.live,
        reasons,
        found.deallocs,
        Some(shape.mt),
        shape.elem_bytes,
    );
    a.freed_operands = found.freed_operands;
    a.held = place.held;
    a.first_use = place.first_use;
    a.last_use = place.last_use;
    a.dynamic = shape.dynamic.map(Box::new);
    a.align = a.align.max(found.assumed_align);
    a
}

/// The innermost block, from `block` outwards, that holds an ancestor of every op in `users`:
/// `block` itself, or the block of an `scf.if` or `scf.index_switch` around it (each runs
/// one of its regions, once), inside `func`. `block` when no such block holds them all.
fn interval_block(m: &Module, func: OpId, block: BlockId, users: &[OpId]) -> BlockId {
    let mut home = block;
    loop {
        if users.iter().all(|&u| ancestor_in(m, home, u).is_some()) {
            return home;
        }
        let owner = m.block_owner(home);
        match m.op(owner).parent {
            Some(outer) if owner != func && ops::row(&m.op(owner).name).branch_results() => {
                home = outer;
            }
            _ => return block,
        }
    }
}

/// The alignment a `memref.assume_alignment` asserts, when it is a power of two that fits
/// in 32 bits (MLIR's verifier refuses any other); 1 otherwise.
fn assumed_alignment(m: &Module, op: OpId) -> u64 {
    match m.attr(op, "alignment") {
        Some(Attr::Int { text, .. }) => crate::ir::types::parse_int(text)
            .and_then(|n| u64::try_from(n).ok())
            .filter(|n| n.is_power_of_two() && *n <= 1 << 31)
            .unwrap_or(1),
        _ => 1,
    }
}

/// Builds the allocation, keeping one cause per reason (its first culprit), in order of precedence.
#[allow(clippy::too_many_arguments)]
fn finish(
    value: ValueId,
    op: OpId,
    bytes: Option<u64>,
    live: Option<Interval>,
    mut reasons: Vec<Cause>,
    deallocs: Vec<OpId>,
    mt: Option<&MemRefType>,
    elem_bytes: Option<u64>,
) -> Allocation {
    // One entry per reason (the first culprit in program order), in order of precedence.
    reasons.sort_by_key(|r| (r.reason, r.at));
    reasons.dedup_by_key(|r| r.reason);
    Allocation {
        op,
        value,
        bytes,
        live,
        held: None,
        first_use: None,
        last_use: None,
        in_place: None,
        reasons,
        deallocs,
        freed_operands: Vec::new(),
        align: elem_bytes.unwrap_or(1).max(1),
        align_attr: None,
        bad_align_attr: false,
        memory_space: mt.and_then(|t| t.memory_space.clone().map(Box::new)),
        dynamic: None,
        offset: None,
    }
}

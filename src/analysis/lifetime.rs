//! Live intervals, aliases and eligibility of every allocation of one function.
//!
//! An allocation's aliases are the results of view-like ops applied to it or to an alias.
//! Its live interval covers, in the block that holds it, the extents of the ops that contain
//! a use of it or of an alias (deallocs excepted). It may be pooled only when everything it
//! and its aliases are used for is understood: see `Reason` for what is checked.

use super::points::{Interval, Points, ancestor_in};
use super::reason::Reason;
use super::uses::Uses;
use crate::ir::types::{Attr, MemRefType};
use crate::ir::{Module, OpId, ValueId};
use std::collections::HashSet;

/// One `memref.alloc` or `memref.alloca` and what the analysis found about it.
#[derive(Clone, Debug)]
pub struct Allocation {
    pub op: OpId,
    pub value: ValueId,
    /// Byte size, when the shape is static and the element size known.
    pub bytes: Option<u64>,
    /// Live interval; `None` only when none can be computed.
    pub live: Option<Interval>,
    /// Every reason that applies, in order of precedence, each with the op that caused it.
    pub reasons: Vec<(Reason, Option<OpId>)>,
    /// The deallocs of it or its aliases.
    pub deallocs: Vec<OpId>,
    /// The alignment its offset needs: its `alignment` attribute and its element size
    /// rounded up to a power of two (the pool's `--alignment` is applied by the planner).
    pub align: u64,
    /// Its `alignment` attribute.
    pub align_attr: Option<u64>,
    /// Memory space attribute of its type.
    pub memory_space: Option<Attr>,
    /// Planned offset in its function's pool, when pooled.
    pub offset: Option<u64>,
}

impl Allocation {
    pub fn eligible(&self) -> bool {
        self.reasons.is_empty()
    }

    pub fn reason(&self) -> Option<Reason> {
        self.reasons.first().map(|r| r.0)
    }
}

/// What the analysis needs to know beyond the IR.
pub struct Context<'a> {
    pub index_bytes: u64,
    /// Extra op names known to read and write memref operands without capturing them.
    pub assume_nocapture: &'a HashSet<String>,
}

/// Ops that make an alias of their first operand: result 0 (or every result) views the same
/// memory.
pub fn view_like(name: &str) -> bool {
    matches!(
        name,
        "memref.subview"
            | "memref.cast"
            | "memref.reinterpret_cast"
            | "memref.view"
            | "memref.collapse_shape"
            | "memref.expand_shape"
            | "memref.transpose"
            | "memref.memory_space_cast"
            | "memref.extract_strided_metadata"
            | "memref.assume_alignment"
            | "bufferization.to_tensor"
            | "bufferization.to_buffer"
            | "bufferization.to_memref"
    )
}

/// Ops known to read or write their memref operands without keeping them.
fn nocapture(name: &str, operand: usize) -> bool {
    match name {
        "memref.store" | "affine.store" => operand >= 1,
        "memref.load"
        | "memref.copy"
        | "memref.dim"
        | "memref.rank"
        | "memref.prefetch"
        | "memref.atomic_rmw"
        | "memref.generic_atomic_rmw"
        | "affine.load"
        | "bufferization.clone" => true,
        // Vector loads and stores read and write through their memref operand wherever it
        // stands (the base comes first in maskedstore/scatter/compressstore); the values
        // they store are vectors, never memrefs.
        "vector.load"
        | "vector.maskedload"
        | "vector.transfer_read"
        | "vector.gather"
        | "vector.expandload"
        | "vector.store"
        | "vector.maskedstore"
        | "vector.transfer_write"
        | "vector.scatter"
        | "vector.compressstore" => true,
        _ => name.starts_with("linalg.") && name != "linalg.yield",
    }
}

/// Ops whose regions run one at a time, in order.
fn sequential_regions(name: &str) -> bool {
    matches!(
        name,
        "scf.for"
            | "scf.if"
            | "scf.while"
            | "scf.index_switch"
            | "scf.execute_region"
            | "affine.for"
            | "affine.if"
            | "memref.alloca_scope"
            | "func.func"
            | "builtin.module"
    ) || name.starts_with("linalg.")
}

/// What using a memref value as operand `operand` of `op` means for an allocation.
fn escape_reason(m: &Module, op: OpId, operand: usize) -> Option<Reason> {
    let o = m.op(op);
    let name = &*o.name;
    match name {
        "func.return" => Some(Reason::EscapesReturn),
        "func.call" | "func.call_indirect" => Some(Reason::EscapesCall),
        "scf.yield"
        | "scf.condition"
        | "scf.reduce"
        | "scf.reduce.return"
        | "linalg.yield"
        | "tensor.yield"
        | "memref.alloca_scope.return"
        | "affine.yield"
        | "cf.br"
        | "cf.cond_br"
        | "cf.switch" => Some(Reason::EscapesYield),
        // Loop-carried values: the init operands become block arguments.
        "scf.for" => (operand >= 3).then_some(Reason::EscapesYield),
        "scf.while" | "scf.parallel" | "scf.forall" => Some(Reason::EscapesYield),
        "memref.store" | "affine.store" | "llvm.store" if operand == 0 => {
            Some(Reason::EscapesStore)
        }
        "memref.extract_aligned_pointer_as_index" | "builtin.unrealized_conversion_cast" => {
            Some(Reason::PointerTaken)
        }
        _ if !o.successors.is_empty() => Some(Reason::EscapesYield),
        _ if name.starts_with("llvm.") => Some(Reason::PointerTaken),
        _ => None,
    }
}

/// Whether a memref layout is the identity (no layout, or an identity affine map).
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
    match resolved {
        Attr::Opaque { text, .. } => is_identity_map(text),
        _ => false,
    }
}

/// `affine_map<(d0, d1) -> (d0, d1)>` with no symbols.
fn is_identity_map(text: &str) -> bool {
    let Some(inner) = text
        .strip_prefix("affine_map<")
        .and_then(|t| t.strip_suffix('>'))
    else {
        return false;
    };
    let Some((dims, results)) = inner.split_once("->") else {
        return false;
    };
    let norm = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let dims = norm(dims);
    let results = norm(results);
    !dims.contains('[') && dims == results
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
    let mut out = Vec::new();
    m.walk_nested(func, |op| {
        let name = &*m.op(op).name;
        if (name == "memref.alloc" || name == "memref.alloca")
            && m.op(op).results.len() == 1
            && !in_nested_isolated(m, func, op)
        {
            out.push(analyze_one(m, func, op, points, uses, cx));
        }
    });
    out
}

/// Whether an op isolated from above (`func.func`, `builtin.module`, as in `ir::build`)
/// stands between `op` and its enclosing `func`.
fn in_nested_isolated(m: &Module, func: OpId, op: OpId) -> bool {
    let mut parent = m.parent_op(op);
    while let Some(p) = parent
        && p != func
    {
        if matches!(&*m.op(p).name, "func.func" | "builtin.module") {
            return true;
        }
        parent = m.parent_op(p);
    }
    false
}

fn analyze_one(
    m: &Module,
    func: OpId,
    op: OpId,
    points: &Points,
    uses: &Uses,
    cx: &Context<'_>,
) -> Allocation {
    let value = m.op(op).results[0];
    let block = m.op(op).parent.expect("an allocation inside a function");
    let mut reasons: Vec<(Reason, Option<OpId>)> = Vec::new();
    let ty = m.value_type(value);
    let mt = ty.as_memref();
    let elem_bytes = mt.and_then(|t| t.elem.element_bytes(cx.index_bytes));

    if &*m.op(op).name == "memref.alloca" {
        reasons.push((Reason::Alloca, None));
    }
    let Some(mt) = mt else {
        reasons.push((Reason::UnknownOp, None));
        return finish(value, op, None, None, reasons, Vec::new(), None, elem_bytes);
    };
    if mt.has_dynamic_dims() {
        reasons.push((Reason::DynamicShape, None));
    }
    if !identity_layout(m, mt) {
        reasons.push((Reason::NonIdentityLayout, None));
    }
    if elem_bytes.is_none() {
        reasons.push((Reason::UnsupportedElementType, None));
    }
    let bytes = match (mt.num_elements(), elem_bytes) {
        (Some(n), Some(e)) => n.checked_mul(e),
        _ => None,
    };
    // Enclosing ops that may run their regions concurrently.
    let mut cur = op;
    while let Some(parent) = m.parent_op(cur) {
        if parent == func {
            break;
        }
        if !sequential_regions(&m.op(parent).name) {
            reasons.push((Reason::ParallelRegion, Some(parent)));
            break;
        }
        cur = parent;
    }

    // Walk the uses of the allocation and of its aliases.
    let mut live = points.extent(op).map(|e| Interval {
        start: e.start,
        end: e.start,
    });
    let mut deallocs = Vec::new();
    let mut worklist = vec![value];
    let mut seen: HashSet<ValueId> = HashSet::from([value]);
    let mut use_ops: Vec<OpId> = Vec::new();
    while let Some(v) = worklist.pop() {
        for &(user, operand) in uses.of(v) {
            let operand = operand as usize;
            let user_name = &*m.op(user).name;
            if user_name == "memref.dealloc" {
                deallocs.push(user);
                continue;
            }
            if view_like(user_name) && operand == 0 {
                let results = &m.op(user).results;
                let aliases = if user_name == "memref.extract_strided_metadata" {
                    &results[..results.len().min(1)]
                } else {
                    &results[..]
                };
                for &r in aliases {
                    if seen.insert(r) {
                        worklist.push(r);
                    }
                }
            } else if let Some(r) = escape_reason(m, user, operand) {
                reasons.push((r, Some(user)));
            } else if !nocapture(user_name, operand) && !cx.assume_nocapture.contains(user_name) {
                reasons.push((Reason::UnknownOp, Some(user)));
            }
            // A use inside a region that may run later or concurrently (an `async.execute`
            // body, say) could outlive the interval seen here.
            let mut up = user;
            while let Some(parent) = m.parent_op(up) {
                if m.op(up).parent == Some(block) {
                    break;
                }
                if !sequential_regions(&m.op(parent).name) {
                    reasons.push((Reason::ParallelRegion, Some(parent)));
                    break;
                }
                up = parent;
            }
            match ancestor_in(m, block, user).and_then(|a| points.extent(a)) {
                Some(extent) => {
                    live = Some(live.map_or(extent, |l| l.cover(extent)));
                    use_ops.push(user);
                }
                None => reasons.push((Reason::UsedOutsideBlock, Some(user))),
            }
        }
    }

    deallocs.sort();
    match deallocs.len() {
        0 => reasons.push((Reason::NoDealloc, None)),
        1 => {}
        _ => reasons.push((Reason::MultipleDeallocs, Some(deallocs[1]))),
    }
    for &d in &deallocs {
        if m.op(d).parent != Some(block) {
            reasons.push((Reason::DeallocInOtherBlock, Some(d)));
        }
    }
    // A use after a dealloc in program order, unless the two are on exclusive paths (a
    // dealloc in one branch of an scf.if, the use in the other).
    use_ops.sort_by_key(|u| points.index(*u));
    let after = deallocs.iter().find_map(|&d| {
        let di = points.index(d)?;
        use_ops.iter().copied().find(|&u| {
            points.index(u).is_some_and(|ui| ui > di) && !super::points::exclusive(m, u, d)
        })
    });
    if let Some(user) = after {
        reasons.push((Reason::UseAfterDealloc, Some(user)));
    }
    finish(
        value,
        op,
        bytes,
        live,
        reasons,
        deallocs,
        Some(mt),
        elem_bytes,
    )
}

#[allow(clippy::too_many_arguments)]
fn finish(
    value: ValueId,
    op: OpId,
    bytes: Option<u64>,
    live: Option<Interval>,
    mut reasons: Vec<(Reason, Option<OpId>)>,
    deallocs: Vec<OpId>,
    mt: Option<&MemRefType>,
    elem_bytes: Option<u64>,
) -> Allocation {
    // One entry per reason (the first culprit in program order), in order of precedence.
    reasons.sort_by_key(|r| (r.0, r.1));
    reasons.dedup_by_key(|r| r.0);
    Allocation {
        op,
        value,
        bytes,
        live,
        reasons,
        deallocs,
        align: elem_bytes.unwrap_or(1).max(1),
        align_attr: None, // set by the caller, which reports a bad attribute
        memory_space: mt.and_then(|t| t.memory_space.clone()),
        offset: None,
    }
}

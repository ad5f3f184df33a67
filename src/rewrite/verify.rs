//! The check of rewritten IR, made on the printed output parsed again: in every pool the
//! rewrite made, two views whose live intervals overlap must not share a byte, every view lies
//! inside its pool, and every offset is aligned. It reads only the IR (not the plan), so a
//! wrong plan or a wrong rewrite shows up here as an internal error instead of a miscompile.

use crate::analysis::points::{Interval, Points, ancestor_in};
use crate::analysis::uses::Uses;
use crate::diag::Diagnostic;
use crate::ir::{Module, OpId, ValueId};
use std::collections::{HashMap, HashSet};

/// One view of a pool as found in the IR.
struct View {
    value: ValueId,
    offset: u64,
    size: u64,
    live: Interval,
}

/// Checks every pool named in `pools` (value names such as `%pool`). `min_align` is the
/// `--alignment` every offset must respect.
pub fn check(
    m: &Module,
    pools: &HashSet<String>,
    min_align: u64,
    index_bytes: u64,
) -> Vec<Diagnostic> {
    let uses = Uses::of_module(m);
    let mut returns = Returns::new(m);
    let mut errors = Vec::new();
    for func in m.functions() {
        let points = Points::of_function(m, func);
        let mut pool_allocs = Vec::new();
        m.walk_nested(func, |op| {
            let o = m.op(op);
            if &*o.name == "memref.alloc"
                && o.results.len() == 1
                && pools.contains(&*m.value(o.results[0]).name)
            {
                pool_allocs.push(op);
            }
        });
        for pool_op in pool_allocs {
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
    }
    errors
}

fn fail(m: &Module, op: OpId, message: String) -> Diagnostic {
    Diagnostic::error(
        m.op(op).span,
        format!("internal error: the rewritten IR fails its check: {message}"),
    )
}

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
    let Some(pool_type) = m.value_type(pool).as_memref() else {
        errors.push(fail(m, pool_op, format!("{pool_name} is not a memref")));
        return;
    };
    let Some(pool_size) = pool_type.num_elements() else {
        errors.push(fail(m, pool_op, format!("{pool_name} has no static size")));
        return;
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
    let mut views = Vec::new();
    for &(user, operand) in uses.of(pool) {
        let name = &*m.op(user).name;
        if name == "memref.dealloc" {
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
        let result = m.op(user).results[0];
        let vname = &m.value(result).name;
        let offset = m.op(user).operands.get(1).and_then(|v| constant(m, *v));
        let Some(offset) = offset else {
            errors.push(fail(
                m,
                user,
                format!("the offset of view {vname} is not a constant"),
            ));
            continue;
        };
        let ty = m.value_type(result);
        let Some(mt) = ty.as_memref() else {
            errors.push(fail(m, user, format!("view {vname} is not a memref")));
            continue;
        };
        let (Some(n), Some(elem)) = (mt.num_elements(), mt.elem.element_bytes(index_bytes)) else {
            errors.push(fail(
                m,
                user,
                format!("view {vname} has no static byte size"),
            ));
            continue;
        };
        let size = n.saturating_mul(elem);
        if offset.checked_add(size).is_none_or(|end| end > pool_size) {
            errors.push(fail(
                m,
                user,
                format!(
                    "view {vname} at [{offset}, {}) lies outside {pool_name} of {pool_size} bytes",
                    offset.saturating_add(size)
                ),
            ));
        }
        if offset % elem != 0 || offset % min_align != 0 {
            errors.push(fail(
                m,
                user,
                format!(
                    "view {vname} at offset {offset} is not aligned to {}",
                    elem.max(min_align)
                ),
            ));
        }
        let mut freed_by = None;
        let interval = view_interval(m, returns, user, result, points, uses, &mut freed_by);
        if let Some(d) = freed_by {
            errors.push(fail(
                m,
                d,
                format!("view {vname} of {pool_name} is freed by '{}'", m.op(d).name),
            ));
        }
        match interval {
            Some(live) => views.push(View {
                value: result,
                offset,
                size,
                live,
            }),
            None => errors.push(fail(m, user, format!("view {vname} has no live interval"))),
        }
    }
    // Sweep in order of start: each view against the views still live.
    views.sort_by_key(|v| (v.live.start, v.live.end, v.value));
    let mut active: Vec<&View> = Vec::new();
    for v in &views {
        active.retain(|a| a.live.end >= v.live.start);
        for a in &active {
            let disjoint = a.size == 0
                || v.size == 0
                || a.offset + a.size <= v.offset
                || v.offset + v.size <= a.offset;
            if !disjoint {
                errors.push(Diagnostic::error(
                    m.op(m.defining_op(v.value).expect("a view")).span,
                    format!(
                        "internal error: the rewritten IR fails its check: views {} [{}, {}) and {} [{}, {}) of {} overlap while both are live (points [{}, {}] and [{}, {}])",
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

/// Which arguments of which functions may come back out of a call as (part of) a result,
/// worked out from the callee's body alone and remembered per function and argument.
struct Returns {
    by_name: HashMap<String, OpId>,
    memo: HashMap<(OpId, u32), bool>,
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
        }
    }

    /// Whether the callee of `call` may return something derived from its argument `arg`;
    /// a callee without a body, or not found, may return anything.
    fn may_return(&mut self, m: &Module, call: OpId, arg: u32) -> bool {
        let Some(crate::ir::types::Attr::SymbolRef(parts)) = m.attr(call, "callee") else {
            return true;
        };
        let [name] = parts.as_slice() else {
            return true;
        };
        let Some(&callee) = self.by_name.get(name.trim_start_matches('@')) else {
            return true;
        };
        *self
            .memo
            .entry((callee, arg))
            .or_insert_with(|| body_may_return(m, callee, arg))
    }
}

/// Everything computed from argument `arg` in the body of `callee` is followed (every result
/// of an op with such an operand, the block arguments of its regions and successors, the
/// results of the op whose region it terminates); any `func.return` of such a value says yes.
fn body_may_return(m: &Module, callee: OpId, arg: u32) -> bool {
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
    let mut derived: HashSet<ValueId> = HashSet::from([start]);
    loop {
        let before = derived.len();
        let mut returned = false;
        m.walk_nested(callee, |op| {
            let o = m.op(op);
            if !o.operands.iter().any(|v| derived.contains(v)) {
                return;
            }
            if &*o.name == "func.return" {
                returned = true;
            }
            derived.extend(o.results.iter().copied());
            for &r in o.regions.iter() {
                for &b in &m.region(r).blocks {
                    derived.extend(m.block(b).args.iter().copied());
                }
            }
            for &b in o.successors.iter() {
                derived.extend(m.block(b).args.iter().copied());
            }
            if let Some(parent) = m.parent_op(op)
                && parent != callee
            {
                derived.extend(m.op(parent).results.iter().copied());
            }
        });
        if returned {
            return true;
        }
        if derived.len() == before {
            return false;
        }
    }
}

/// The live interval of a view: in its block, the extents of the ops holding a use of it or
/// of a view-like op's result derived from it (deallocs excepted), and the view itself.
/// A dealloc that would free the view (or what derives from it) is put in `freed_by`:
/// freeing a pool member frees memory that malloc never handed out.
fn view_interval(
    m: &Module,
    returns: &mut Returns,
    view_op: OpId,
    value: ValueId,
    points: &Points,
    uses: &Uses,
    freed_by: &mut Option<OpId>,
) -> Option<Interval> {
    let block = m.op(view_op).parent?;
    let mut live = points.extent(view_op).map(|e| Interval {
        start: e.start,
        end: e.start,
    })?;
    let mut stack = vec![value];
    let mut seen = HashSet::from([value]);
    while let Some(v) = stack.pop() {
        for &(user, operand) in uses.of(v) {
            let o = m.op(user);
            if matches!(&*o.name, "memref.dealloc" | "bufferization.dealloc") {
                freed_by.get_or_insert(user);
                continue;
            }
            // Any result of an op using the view may alias it: follow them all (conservative),
            // except the results of a call whose callee returns nothing that derives from
            // this argument.
            let returns_it = &*o.name != "func.call" || returns.may_return(m, user, operand);
            for &r in o.results.iter().filter(|_| returns_it) {
                if (m.value_type(r).as_memref().is_some() || &*o.name == "bufferization.to_tensor")
                    && seen.insert(r)
                {
                    stack.push(r);
                }
            }
            let anc = ancestor_in(m, block, user)?;
            live = live.cover(points.extent(anc)?);
        }
    }
    Some(live)
}

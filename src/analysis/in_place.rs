//! Outputs written in place over inputs that die where they are written, as XLA
//! (`CanShareOperandBufferWithUser`) and TFLite's arena planner allow: at an elementwise
//! `linalg` op that is an output buffer's first use and an input buffer's last use, the output
//! may take the input's bytes, at the same offset. Each iteration of such an op reads its
//! element of the input and writes the same element of the output, and no iteration reads an
//! element that another writes, so nothing is read after it is overwritten.
//!
//! The analysis finds the pairs (`find`), the policy plans each chain of them as one buffer
//! (`groups`), and the output check (`rewrite::verify`) accepts exactly such pairs, by a rule
//! of its own.

use super::lifetime::{Allocation, InPlace, walk_uses};
use super::points::ancestor_in;
use super::uses::Uses;
use crate::forms::operand_groups;
use crate::ir::affine::{self, Expr};
use crate::ir::types::{Attr, Dim};
use crate::ir::{Module, OpId, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Named `linalg` ops that compute each output element from the same element of every input
/// and never read their output (all operands have one shape; no indexing maps).
const NAMED_ELEMENTWISE: &[&str] = &[
    "linalg.abs",
    "linalg.add",
    "linalg.ceil",
    "linalg.div",
    "linalg.div_unsigned",
    "linalg.erf",
    "linalg.exp",
    "linalg.floor",
    "linalg.log",
    "linalg.map",
    "linalg.max",
    "linalg.min",
    "linalg.mul",
    "linalg.negf",
    "linalg.powf",
    "linalg.reciprocal",
    "linalg.round",
    "linalg.rsqrt",
    "linalg.sqrt",
    "linalg.square",
    "linalg.sub",
    "linalg.tanh",
];

/// Marks, in `allocations` (one function's, in program order), every output that may be
/// written in place over an input (`Allocation::in_place`). Both must be eligible, of a size
/// known at compile time, in one memory space, of one shape and element size; see
/// `Elementwise::same_element` for the indexing rule.
pub fn find(
    m: &Module,
    uses: &Uses,
    allocations: &mut [Allocation],
    assume_nocapture: &HashSet<String>,
    index_bytes: u64,
) {
    let candidate = |a: &Allocation| a.eligible() && a.bytes.is_some() && a.live.is_some();
    let by_value: FxHashMap<ValueId, usize> = (0..allocations.len())
        .filter(|&i| candidate(&allocations[i]))
        .map(|i| (allocations[i].value, i))
        .collect();
    if by_value.len() < 2 {
        return;
    }
    let mut taken: FxHashSet<usize> = FxHashSet::default();
    for j in 0..allocations.len() {
        let output = &allocations[j];
        if !candidate(output) {
            continue;
        }
        let Some(at) = output.first_use else {
            continue;
        };
        let Some(op) = Elementwise::of(m, at) else {
            continue;
        };
        let Some(k_out) = op.outputs.iter().position(|&v| v == output.value) else {
            continue;
        };
        if op.reads_output(m, uses, at, k_out)
            || !only_use_at(
                m,
                uses,
                output,
                at,
                op.inputs.len() + k_out,
                assume_nocapture,
            )
        {
            continue;
        }
        let over = op.inputs.iter().enumerate().find_map(|(k_in, v)| {
            let &i = by_value.get(v)?;
            let input = &allocations[i];
            let fits = i != j
                && !taken.contains(&i)
                && input.last_use == Some(at)
                && input.bytes == output.bytes
                && same_buffer_shape(m, input.value, output.value, index_bytes)
                && super::memory_space(input.memory_space.as_deref())
                    == super::memory_space(output.memory_space.as_deref())
                && op.same_element(m, k_in, k_out, output.value)
                && only_use_at(m, uses, input, at, k_in, assume_nocapture);
            fits.then_some(i)
        });
        if let Some(i) = over {
            taken.insert(i);
            allocations[j].in_place = Some(InPlace { over: i, at });
        }
    }
}

/// Whether the two buffers have one static shape and one element size.
fn same_buffer_shape(m: &Module, a: ValueId, b: ValueId, index_bytes: u64) -> bool {
    let (Some(ta), Some(tb)) = (m.value_type(a).as_memref(), m.value_type(b).as_memref()) else {
        return false;
    };
    ta.shape.is_some()
        && ta.shape == tb.shape
        && ta.num_elements().is_some()
        && ta.elem.element_bytes(index_bytes).is_some()
        && ta.elem.element_bytes(index_bytes) == tb.elem.element_bytes(index_bytes)
}

/// Whether `at` is the only op of the allocation's block that holds a use of it or an alias,
/// and holds exactly one: operand `operand` of `at` itself, the allocation's own value.
fn only_use_at(
    m: &Module,
    uses: &Uses,
    a: &Allocation,
    at: OpId,
    operand: usize,
    assume_nocapture: &HashSet<String>,
) -> bool {
    if m.op(at).operands.get(operand) != Some(&a.value) {
        return false;
    }
    let Some(block) = m.op(a.op).parent else {
        return false;
    };
    let mut count = 0;
    walk_uses(m, uses, a.value, assume_nocapture, |user, _, _| {
        if ancestor_in(m, block, user) == Some(at) {
            count += 1;
        }
        ControlFlow::Continue(())
    });
    count == 1
}

/// An elementwise `linalg` op: its inputs, its outputs and, for `linalg.generic`, the
/// indexing map of each operand (`None`: every map is the identity).
struct Elementwise<'a> {
    inputs: &'a [ValueId],
    outputs: &'a [ValueId],
    maps: Option<Vec<affine::Map>>,
}

impl<'a> Elementwise<'a> {
    /// `op`, when it is a `linalg.generic` whose iterators are all parallel and whose maps
    /// are all read, or a named elementwise op without indexing maps.
    fn of(m: &'a Module, op: OpId) -> Option<Elementwise<'a>> {
        let o = m.op(op);
        let name = &*o.name;
        // A `library_call` hands the op to a function that may assume its operands apart.
        if (name != "linalg.generic" && !NAMED_ELEMENTWISE.contains(&name))
            || m.attr(op, "library_call").is_some()
        {
            return None;
        }
        let [inputs, outputs] = operand_groups(m, op).ok()??;
        let maps = match name {
            "linalg.generic" => {
                let Some(Attr::Array(iterators)) = m.attr(op, "iterator_types") else {
                    return None;
                };
                if !iterators.iter().all(is_parallel) {
                    return None;
                }
                let Some(Attr::Array(maps)) = m.attr(op, "indexing_maps") else {
                    return None;
                };
                let maps: Option<Vec<affine::Map>> = maps.iter().map(|a| read_map(m, a)).collect();
                Some(maps.filter(|maps| maps.len() == o.operands.len())?)
            }
            _ if m.attr(op, "indexing_maps").is_some() => return None,
            _ => None,
        };
        Some(Elementwise {
            inputs,
            outputs,
            maps,
        })
    }

    /// Whether the body reads the block argument of output `k`. A body with one argument
    /// per operand (`linalg.generic`, `linalg.map`, a named op in generic form) must not use
    /// the output's; a named op without a body never reads its output.
    fn reads_output(&self, m: &Module, uses: &Uses, op: OpId, k: usize) -> bool {
        let body = m
            .op(op)
            .regions
            .first()
            .and_then(|&r| m.region(r).blocks.first());
        let args = body.map_or(&[][..], |&b| &m.block(b).args[..]);
        if args.len() == self.inputs.len() + self.outputs.len() {
            !uses.of(args[self.inputs.len() + k]).is_empty()
        } else {
            // Only a generic op needs a body with an argument per operand.
            self.maps.is_some()
        }
    }

    /// Whether every iteration reads, of input `k_in`, the element that it writes of output
    /// `k_out` (of the static shape of `output`), and writes each element once: the output's
    /// map is a permutation of the iterators, and the input's is the same map but where a
    /// dimension of size 1 is indexed by the constant 0 (torch-mlir's batch dimension), which
    /// is the only value of that dimension's iterator.
    fn same_element(&self, m: &Module, k_in: usize, k_out: usize, output: ValueId) -> bool {
        let Some(maps) = &self.maps else {
            return true;
        };
        let (Some(input), Some(out)) = (maps.get(k_in), maps.get(self.inputs.len() + k_out)) else {
            return false;
        };
        let Some(shape) = m
            .value_type(output)
            .as_memref()
            .and_then(|t| t.shape.clone())
        else {
            return false;
        };
        let mut seen = vec![false; out.dims as usize];
        let permutation = out.syms == 0
            && out.results.len() == out.dims as usize
            && out.results.iter().all(|e| match e {
                Expr::Dim(d) => !std::mem::replace(&mut seen[*d as usize], true),
                _ => false,
            });
        permutation
            && input.dims == out.dims
            && input.syms == 0
            && input.results.len() == shape.len()
            && out.results.len() == shape.len()
            && input
                .results
                .iter()
                .zip(&out.results)
                .zip(&shape)
                .all(|((i, o), d)| i == o || (*i == Expr::Const(0) && *d == Dim::Static(1)))
    }
}

/// `"parallel"` (custom form) or `#linalg.iterator_type<parallel>` (generic form).
fn is_parallel(a: &Attr) -> bool {
    match a {
        Attr::Str { text, .. } => &**text == "\"parallel\"",
        Attr::Opaque { text, .. } => &**text == "#linalg.iterator_type<parallel>",
        _ => false,
    }
}

/// An `affine_map<...>` attribute, or an alias of one.
fn read_map(m: &Module, a: &Attr) -> Option<affine::Map> {
    let a = match a {
        Attr::Alias(name) => &m.attr_aliases.iter().find(|(n, _)| n == name)?.1,
        other => other,
    };
    match a {
        Attr::Opaque { text, .. } => affine::parse_map(text).ok(),
        _ => None,
    }
}

/// Groups `members` (indices into `allocations`) into the buffers a pool places: an output
/// written in place over another member is one buffer with it. Returns each member's group,
/// as the position in `members` of the group's first member.
pub fn groups(allocations: &[Allocation], members: &[usize]) -> Vec<usize> {
    let position: FxHashMap<usize, usize> =
        members.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let mut group: Vec<usize> = (0..members.len()).collect();
    fn root(group: &mut [usize], mut k: usize) -> usize {
        while group[k] != k {
            group[k] = group[group[k]];
            k = group[k];
        }
        k
    }
    for (k, &i) in members.iter().enumerate() {
        if let Some(over) = allocations[i].in_place
            && let Some(&p) = position.get(&over.over)
        {
            let (a, b) = (root(&mut group, k), root(&mut group, p));
            group[a.max(b)] = a.min(b);
        }
    }
    (0..members.len()).map(|k| root(&mut group, k)).collect()
}

//! The custom forms of `bufferization.dealloc` and `bufferization.alloc_tensor`: for each,
//! the grammar action that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::{BadSegments, Form, operand_groups};
use crate::diag::Diagnostic;
use crate::ir::ops::OpClass;
use crate::ir::print::Printer;
use crate::ir::types::Type;
use crate::ir::{Module, OpId, TypeId, ValueId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, Named, PErr, hoist, op, segments, typed_operands, user, with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

/// `bufferization.dealloc (%a, %b : T, U) if (%c, %d) retain (%x : V)`, any part left out:
/// the memrefs, their conditions (`i1`, not typed in the text) and the retained memrefs, in
/// that order with their counts in `operandSegmentSizes`, and one `i1` result per retained
/// memref, as the generic form states them.
pub fn buffer_dealloc<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    memrefs: Option<(Uses, Types, Uses)>,
    retained: Option<(Uses, Types)>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let (memrefs, memref_types, conditions) = memrefs.unwrap_or_default();
    let (retained, retained_types) = retained.unwrap_or_default();
    for (vs, ts) in [(&memrefs, &memref_types), (&retained, &retained_types)] {
        if vs.len() != ts.len()
            && let Some(first) = vs.first()
        {
            tree.error(Diagnostic::error(
                first.span,
                format!(
                    "custom op '{}' number of operands and types do not match: got {} operands and {} types",
                    n.0,
                    vs.len(),
                    ts.len()
                ),
            ));
        }
    }
    let mut o = with_attrs(op(tree, n), attrs);
    segments(&mut o, &[memrefs.len(), conditions.len(), retained.len()]);
    typed_operands(&mut o, &memrefs, &memref_types);
    for c in conditions {
        o.operand(c, Some(i1));
    }
    typed_operands(&mut o, &retained, &retained_types);
    o.result_types = vec![i1; retained.len()];
    o
}

/// `bufferization.alloc_tensor(%d, ...) copy(%t)? size_hint=%h? {...} : T`: the dynamic sizes,
/// the tensor copied and the size hint, in three operand segments.
#[allow(clippy::too_many_arguments)]
pub fn alloc_tensor<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sizes: Vec<ValueUse>,
    parts: Vec<((&'a str, Span), ValueUse)>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let mut copy = None;
    let mut hint = None;
    for ((key, span), v) in parts {
        match key {
            "copy" if copy.is_none() && hint.is_none() => copy = Some(v),
            "size_hint" if hint.is_none() => hint = Some(v),
            _ => {
                return Err(user(
                    span,
                    format!(
                        "unexpected '{key}' in {}: expected 'copy(...)' or 'size_hint=...'",
                        n.0
                    ),
                ));
            }
        }
    }
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    let n_sizes = sizes.len();
    for s in sizes {
        o.operand(s, Some(index));
    }
    let n_copy = usize::from(copy.is_some());
    if let Some(c) = copy {
        o.operand(c, Some(t));
    }
    let n_hint = usize::from(hint.is_some());
    if let Some(h) = hint {
        o.operand(h, Some(index));
    }
    hoist(&mut o, &["memory_space"]);
    segments(&mut o, &[n_sizes, n_copy, n_hint]);
    o.result_types.push(t);
    Ok(o)
}

/// A `bufferization.dealloc`, decoded: the memrefs it may free, their conditions and the
/// memrefs it retains, as `operandSegmentSizes` splits its operands (without it, there may be
/// none).
pub(crate) struct DeallocView<'m> {
    /// The memrefs freed, each under its condition.
    pub memrefs: &'m [ValueId],
    /// The conditions, one per memref when the op verifies.
    pub conditions: &'m [ValueId],
    /// The memrefs retained, one result each.
    pub retained: &'m [ValueId],
}

impl<'m> DeallocView<'m> {
    /// The view of `op`, or why its operands do not split.
    pub(crate) fn of(m: &'m Module, op: OpId) -> Result<DeallocView<'m>, BadSegments> {
        let [memrefs, conditions, retained] = match operand_groups(m, op)? {
            Some(groups) => groups,
            None if m.op(op).operands.is_empty() => [&[][..]; 3],
            None => {
                return Err(BadSegments::Total {
                    operands: m.op(op).operands.len(),
                    total: 0,
                });
            }
        };
        Ok(DeallocView {
            memrefs,
            conditions,
            retained,
        })
    }
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        BufferDealloc => Form::new(&["operandSegmentSizes"], |p, op| p.buffer_dealloc(op)),
        AllocTensor => Form::new(&["operandSegmentSizes"], |p, op| p.alloc_tensor(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// ` (%a : T) if (%c) retain (%x : U)`, each part only when it has operands. `None` where
    /// the custom form would lose something: conditions without memrefs (it shows them only
    /// after the memrefs), or a condition or result that is not `i1`, or a result count other
    /// than the number of retained memrefs (it states none of their types).
    pub(super) fn buffer_dealloc(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let results = &m.op(op).results;
        let view = DeallocView::of(m, op).ok()?;
        let i1 = |v: &ValueId| *m.value_type(*v) == Type::i(1);
        if view.memrefs.is_empty() && !view.conditions.is_empty()
            || results.len() != view.retained.len()
            || !view.conditions.iter().all(i1)
            || !results.iter().all(i1)
        {
            return None;
        }
        if !view.memrefs.is_empty() {
            self.out.push_str(" (");
            self.values(view.memrefs);
            self.out.push_str(" : ");
            self.types_of(view.memrefs);
            self.out.push_str(") if (");
            self.values(view.conditions);
            self.out.push(')');
        }
        if !view.retained.is_empty() {
            self.out.push_str(" retain (");
            self.values(view.retained);
            self.out.push_str(" : ");
            self.types_of(view.retained);
            self.out.push(')');
        }
        self.attr_dict(op, &[]);
        Some(())
    }

    /// `bufferization.alloc_tensor(%d, ...) copy(%t)? size_hint=%h? {...} : T`.
    pub(super) fn alloc_tensor(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let [sizes, copy, hint] = self.groups(op)?;
        if copy.len() > 1 || hint.len() > 1 || o.results.len() != 1 {
            return None;
        }
        if copy
            .iter()
            .any(|&c| m.value(c).ty != m.value(o.results[0]).ty)
        {
            return None;
        }
        self.out.push('(');
        self.values(sizes);
        self.out.push(')');
        if let Some(&c) = copy.first() {
            let _ = write!(self.out, " copy({})", self.v(c));
        }
        if let Some(&h) = hint.first() {
            let _ = write!(self.out, " size_hint={}", self.v(h));
        }
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }
}

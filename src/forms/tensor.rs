//! The custom forms of the tensor ops with a syntax of their own. For each syntax class
//! defined here: the grammar action that reads it, its `Form` (in `form`) and its printer
//! (see `forms`).

use super::Form;
use crate::ir::ops::OpClass;
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type};
use crate::ir::{Module, OpId, RegionId, TypeId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, Named, PErr, int, op, segments, split_mixed, unary, user, with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

pub fn tensor_empty<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sizes: Vec<ValueUse>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for s in sizes {
        o.operand(s, Some(index));
    }
    o.result_types.push(t);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn pad<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    nofold: bool,
    lo: Vec<Mixed>,
    hi: Vec<Mixed>,
    body: RegionId,
    attrs: Option<Dict>,
    ta: TypeId,
    tb: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, src, Some(ta), attrs, &[tb]);
    let (slo, dlo) = split_mixed(lo);
    let (shi, dhi) = split_mixed(hi);
    segments(&mut o, &[1, dlo.len(), dhi.len()]);
    for v in dlo.into_iter().chain(dhi) {
        o.operand(v, Some(index));
    }
    o.prop("static_low", Attr::dense_i64(&slo));
    o.prop("static_high", Attr::dense_i64(&shi));
    if nofold {
        o.prop("nofold", Attr::Unit);
    }
    o.regions.push(body);
    o
}

pub fn concat<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: (&'a str, Span),
    vs: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let FnType { inputs, results } = ft;
    if inputs.len() != vs.len() {
        return Err(user(
            n.1,
            format!(
                "tensor.concat has {} operands but its type lists {}",
                vs.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    for (v, t) in vs.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.prop("dim", Attr::int(dim, Type::i(64)));
    o.result_types = results;
    Ok(o)
}

pub fn from_elements<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vs: Vec<ValueUse>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let elem = tree.element_of(t);
    let mut o = with_attrs(op(tree, n), attrs);
    for v in vs {
        o.operand(v, Some(elem));
    }
    o.result_types.push(t);
    o
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        TensorEmpty => Form::new(&[], |p, op| p.tensor_empty(op)),
        Pad => Form::new(
            &["operandSegmentSizes", "static_low", "static_high", "nofold"],
            |p, op| p.tensor_pad(op),
        ),
        Concat => Form::new(&["dim"], |p, op| p.concat(op)),
        FromElements => Form::new(&[], |p, op| p.tensor_from_elements(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `TensorEmpty` (after the op name).
    pub(super) fn tensor_empty(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        self.out.push('(');
        self.values(&o.operands);
        self.out.push(')');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Pad` (after the op name).
    pub(super) fn tensor_pad(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let [[source], lows, highs] = self.groups(op)? else {
            return None;
        };
        let lo = self.dense(op, "static_low")?;
        let hi = self.dense(op, "static_high")?;
        let _ = write!(self.out, " {}", self.v(*source));
        if self.prop(op, "nofold").is_some() {
            self.out.push_str(" nofold");
        }
        self.out.push_str(" low");
        self.mixed(&lo, lows, '[', ']')?;
        self.out.push_str(" high");
        self.mixed(&hi, highs, '[', ']')?;
        self.out.push(' ');
        self.region(*o.regions.first()?, true, None);
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Concat` (after the op name).
    pub(super) fn concat(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let d = self.prop(op, "dim")?.as_i64()?;
        let _ = write!(self.out, " dim({d}) ");
        self.values(&o.operands);
        self.attr_dict(op, &[]);
        self.fn_type(&o.operands, &o.results);
        Some(())
    }

    /// The custom form of `FromElements` (after the op name).
    pub(super) fn tensor_from_elements(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        self.out.push(' ');
        self.values(&o.operands);
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }
}

//! The custom forms of the scf ops. For each syntax class defined here: the grammar action
//! that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::Form;
use crate::ir::ops::OpClass;
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type, write_dict};
use crate::ir::{Module, OpId, RegionId, TypeId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, IterArgs, Named, PErr, arg, op, region_op, segments, split_mixed, typed_operands, user,
    with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

#[allow(clippy::too_many_arguments)]
pub fn scf_for<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    unsigned: bool,
    iv: (&'a str, Span),
    lb: ValueUse,
    ub: ValueUse,
    step: ValueUse,
    iters: Option<IterArgs>,
    ty: Option<TypeId>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    for v in [lb, ub, step] {
        o.operand(v, ty);
    }
    let mut args = vec![arg(iv.1, ty.map_or(ArgType::OfOperand(0), ArgType::Given))];
    if let Some((pairs, types)) = iters {
        for (i, (mut a, init)) in pairs.into_iter().enumerate() {
            let t = types.get(i).copied();
            o.operand(init, t);
            a.ty = t.map_or(ArgType::OfOperand(3 + i as u32), ArgType::Given);
            args.push(a);
        }
        o.result_types = types;
    }
    if unsigned {
        o.prop("unsignedCmp", Attr::Unit);
    }
    tree.prepend_args(body, args);
    if o.result_types.is_empty() {
        tree.ensure_terminator(body, "scf.yield");
    }
    o.regions.push(body);
    o
}

pub fn scf_if<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    cond: ValueUse,
    res: Option<Vec<TypeId>>,
    then: RegionId,
    els: Option<RegionId>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(cond, Some(i1));
    o.result_types = res.unwrap_or_default();
    if o.result_types.is_empty() {
        tree.ensure_terminator(then, "scf.yield");
        // A written `else { }` is a block with the implicit yield, as in mlir-opt: only a
        // missing `else` is an empty region.
        if let Some(els) = els {
            tree.ensure_terminator(els, "scf.yield");
        }
    }
    let els = els.unwrap_or_else(|| tree.empty_region(Span::default()));
    o.regions.push(then);
    o.regions.push(els);
    o
}

pub fn scf_while<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    inits: Vec<(BlockArg, ValueUse)>,
    ft: FnType,
    before: RegionId,
    after: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let FnType { inputs, results } = ft;
    if inputs.len() != inits.len() {
        return Err(user(
            n.1,
            format!(
                "scf.while has {} operands but its type lists {}",
                inits.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    let mut args = Vec::new();
    for ((mut a, init), t) in inits.into_iter().zip(inputs) {
        o.operand(init, Some(t));
        a.ty = ArgType::Given(t);
        args.push(a);
    }
    tree.prepend_args(before, args);
    o.result_types = results;
    o.regions.push(before);
    o.regions.push(after);
    Ok(o)
}

#[allow(clippy::too_many_arguments)]
pub fn scf_parallel<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    ivs: Vec<(&'a str, Span)>,
    lbs: Vec<ValueUse>,
    ubs: Vec<ValueUse>,
    steps: Vec<ValueUse>,
    init: Option<(Vec<ValueUse>, Vec<TypeId>)>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    let (inits, types) = init.unwrap_or_default();
    segments(&mut o, &[lbs.len(), ubs.len(), steps.len(), inits.len()]);
    for v in lbs.into_iter().chain(ubs).chain(steps) {
        o.operand(v, Some(index));
    }
    for (i, v) in inits.into_iter().enumerate() {
        o.operand(v, types.get(i).copied());
    }
    o.result_types = types;
    tree.prepend_args(
        body,
        ivs.into_iter()
            .map(|iv| arg(iv.1, ArgType::Given(index)))
            .collect(),
    );
    tree.ensure_terminator(body, "scf.reduce");
    o.regions.push(body);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn scf_forall<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    ivs: Vec<(&'a str, Span)>,
    lbs: Option<Vec<Mixed>>,
    ubs: Vec<Mixed>,
    steps: Option<Vec<Mixed>>,
    outs: Option<IterArgs>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let (index, none) = (tree.index, tree.none);
    let mut o = with_attrs(op(tree, n), attrs);
    let rank = ubs.len();
    let (slb, dlb) = split_mixed(lbs.unwrap_or_else(|| vec![Mixed::Static(0); rank]));
    let (sub, dub) = split_mixed(ubs);
    let (sst, dst) = split_mixed(steps.unwrap_or_else(|| vec![Mixed::Static(1); rank]));
    let (pairs, types) = outs.unwrap_or_default();
    segments(&mut o, &[dlb.len(), dub.len(), dst.len(), pairs.len()]);
    for v in dlb.into_iter().chain(dub).chain(dst) {
        o.operand(v, Some(index));
    }
    let mut args: Vec<BlockArg> = ivs
        .into_iter()
        .map(|iv| arg(iv.1, ArgType::Given(index)))
        .collect();
    for (i, (mut a, init)) in pairs.into_iter().enumerate() {
        let t = types.get(i).copied();
        o.operand(init, t);
        a.ty = ArgType::Given(t.unwrap_or(none));
        args.push(a);
    }
    o.prop("staticLowerBound", Attr::dense_i64(&slb));
    o.prop("staticUpperBound", Attr::dense_i64(&sub));
    o.prop("staticStep", Attr::dense_i64(&sst));
    o.result_types = types;
    tree.prepend_args(body, args);
    tree.ensure_terminator(body, "scf.forall.in_parallel");
    o.regions.push(body);
    o
}

pub fn execute_region<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    res: Option<Vec<TypeId>>,
    no_inline: bool,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = region_op(tree, n, vec![], res, vec![body], attrs);
    if no_inline {
        o.prop("no_inline", Attr::Unit);
    }
    o
}

pub fn index_switch<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    arg: ValueUse,
    res: Option<Vec<TypeId>>,
    cases: Vec<(i64, RegionId)>,
    default: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(arg, Some(index));
    o.result_types = res.unwrap_or_default();
    let values: Vec<i64> = cases.iter().map(|c| c.0).collect();
    o.prop("cases", Attr::dense_i64(&values));
    let no_results = o.result_types.is_empty();
    if no_results {
        tree.ensure_terminator(default, "scf.yield");
    }
    o.regions.push(default);
    for (_, r) in cases {
        if no_results {
            tree.ensure_terminator(r, "scf.yield");
        }
        o.regions.push(r);
    }
    Ok(o)
}

pub fn condition<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    cond: ValueUse,
    attrs: Option<Dict>,
    vals: Option<(Uses, Types)>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(cond, Some(i1));
    if let Some((vs, ts)) = vals {
        typed_operands(&mut o, &vs, &ts);
    }
    o
}

/// `scf.reduce(%a, %b : T, U) {...}, {...}`: one region per operand.
pub fn scf_reduce<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vals: Option<(Uses, Types)>,
    regions: Vec<RegionId>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let mut o = op(tree, n);
    if let Some((vs, ts)) = vals {
        if vs.len() != ts.len() {
            return Err(user(
                n.1,
                format!("{} has {} operands but {} types", n.0, vs.len(), ts.len()),
            ));
        }
        for (v, t) in vs.into_iter().zip(ts) {
            o.operand(v, Some(t));
        }
    }
    o.regions = regions;
    Ok(o)
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Condition => Form::new(&[], |p, op| p.condition(op)),
        For => Form::new(&["unsignedCmp"], |p, op| p.scf_for(op)),
        If => Form::new(&[], |p, op| p.scf_if(op)),
        While => Form::new(&[], |p, op| p.scf_while(op)),
        Parallel => Form::new(&["operandSegmentSizes"], |p, op| p.scf_parallel(op)),
        Forall => Form::new(
            &[
                "operandSegmentSizes",
                "staticLowerBound",
                "staticUpperBound",
                "staticStep",
            ],
            |p, op| p.scf_forall(op),
        ),
        ExecuteRegion => Form::new(&["no_inline"], |p, op| p.execute_region(op)),
        IndexSwitch => Form::new(&["cases"], |p, op| p.index_switch(op)),
        Reduce => Form::new(&[], |p, op| p.scf_reduce(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `Condition` (after the op name).
    pub(super) fn condition(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (c, rest) = o.operands.split_first()?;
        let _ = write!(self.out, "({})", self.v(*c));
        self.attr_dict(op, &[]);
        if !rest.is_empty() {
            self.out.push(' ');
            self.values(rest);
            self.out.push_str(" : ");
            self.types_of(rest);
        }
        Some(())
    }

    /// The custom form of `If` (after the op name).
    pub(super) fn scf_if(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if n_ops != 1 || o.regions.len() != 2 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        self.result_list(&o.results);
        let elide = if n_res == 0 { Some("scf.yield") } else { None };
        self.out.push(' ');
        self.region(o.regions[0], false, elide);
        if self.region_has_blocks(o.regions[1]) {
            self.out.push_str(" else ");
            self.region(o.regions[1], false, elide);
        }
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `While` (after the op name).
    pub(super) fn scf_while(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if o.regions.len() != 2 {
            return None;
        }
        let before = o.regions[0];
        let entry = *self.m.region(before).blocks.first()?;
        let args = &m.block(entry).args;
        if args.len() != n_ops {
            return None;
        }
        self.out.push_str(" (");
        for (i, (a, init)) in args.iter().zip(&o.operands).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let _ = write!(self.out, "{} = {}", self.v(*a), self.v(*init));
        }
        self.out.push(')');
        self.fn_type(&o.operands, &o.results);
        self.out.push(' ');
        self.region(before, false, None);
        self.out.push_str(" do ");
        self.region(o.regions[1], true, None);
        if !o.attrs.is_empty() {
            self.out.push_str(" attributes ");
            let _ = write_dict(&mut self.out, &o.attrs);
        }
        Some(())
    }

    /// The custom form of `Parallel` (after the op name).
    pub(super) fn scf_parallel(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let [lbs, ubs, steps, inits] = self.groups(op)?;
        if lbs.len() != ubs.len() || ubs.len() != steps.len() {
            return None;
        }
        let body = *o.regions.first()?;
        let entry = *self.m.region(body).blocks.first()?;
        let ivs = &m.block(entry).args;
        if ivs.len() != lbs.len() {
            return None;
        }
        self.out.push_str(" (");
        self.values(ivs);
        self.out.push_str(") = (");
        self.values(lbs);
        self.out.push_str(") to (");
        self.values(ubs);
        self.out.push_str(") step (");
        self.values(steps);
        self.out.push(')');
        if !inits.is_empty() {
            self.out.push_str(" init (");
            self.values(inits);
            self.out.push(')');
            // `-> f32`, but `-> (index, f32)`: several types need the parentheses.
            if let [one] = o.results[..] {
                self.out.push_str(" -> ");
                self.value_type(one);
            } else {
                self.result_list(&o.results);
            }
        }
        self.out.push(' ');
        self.region(body, false, Some("scf.reduce"));
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `ExecuteRegion` (after the op name).
    pub(super) fn execute_region(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        self.result_list(&o.results);
        if self.prop(op, "no_inline").is_some() {
            self.out.push_str(" no_inline");
        }
        self.out.push(' ');
        self.region(*o.regions.first()?, true, None);
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `IndexSwitch` (after the op name).
    pub(super) fn index_switch(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        let cases = self.dense(op, "cases")?;
        if cases.len() + 1 != o.regions.len() || n_ops != 1 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        if n_res > 0 {
            self.out.push_str(" -> ");
            self.types_of(&o.results);
        }
        let elide = if n_res == 0 { Some("scf.yield") } else { None };
        for (c, r) in cases.iter().zip(&o.regions[1..]) {
            self.out.push('\n');
            self.pad();
            let _ = write!(self.out, "case {c} ");
            self.region(*r, false, elide);
        }
        self.out.push('\n');
        self.pad();
        self.out.push_str("default ");
        self.region(o.regions[0], false, elide);
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `Reduce` (after the op name).
    pub(super) fn scf_reduce(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if !o.attrs.is_empty() {
            return None;
        }
        if n_ops > 0 {
            self.out.push('(');
            self.values(&o.operands);
            self.out.push_str(" : ");
            self.types_of(&o.operands);
            self.out.push(')');
        }
        for (i, r) in o.regions.iter().enumerate() {
            self.out.push_str(if i == 0 { " " } else { ", " });
            self.region(*r, true, None);
        }
        Some(())
    }

    pub(super) fn scf_for(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.operands.len() < 3 || o.regions.len() != 1 {
            return None;
        }
        let body = o.regions[0];
        let entry = *m.region(body).blocks.first()?;
        let args = &m.block(entry).args;
        let iters = o.operands.len() - 3;
        if args.len() != iters + 1 || o.results.len() != iters {
            return None;
        }
        if self.prop(op, "unsignedCmp").is_some() {
            self.out.push_str(" unsigned");
        }
        for (text, v) in [
            (" ", args[0]),
            (" = ", o.operands[0]),
            (" to ", o.operands[1]),
            (" step ", o.operands[2]),
        ] {
            self.out.push_str(text);
            self.out.push_str(self.v(v));
        }
        if iters > 0 {
            self.out.push_str(" iter_args(");
            for (i, (a, init)) in args[1..].iter().zip(&o.operands[3..]).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{} = {}", self.v(*a), self.v(*init));
            }
            self.out.push_str(") -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        if *m.value_type(args[0]) != Type::Index {
            self.out.push_str(" : ");
            self.value_type(args[0]);
        }
        self.out.push(' ');
        let elide = if iters == 0 { Some("scf.yield") } else { None };
        self.region(body, false, elide);
        self.attr_dict(op, &[]);
        Some(())
    }

    pub(super) fn scf_forall(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let [lbs, ubs, steps, outs] = self.groups(op)?;
        let lb = self.dense(op, "staticLowerBound")?;
        let ub = self.dense(op, "staticUpperBound")?;
        let st = self.dense(op, "staticStep")?;
        let body = *o.regions.first()?;
        let entry = *self.m.region(body).blocks.first()?;
        let args = &m.block(entry).args;
        let rank = ub.len();
        if args.len() != rank + outs.len() {
            return None;
        }
        self.out.push_str(" (");
        self.values(&args[..rank]);
        self.out.push(')');
        if lbs.is_empty()
            && steps.is_empty()
            && lb.iter().all(|x| *x == 0)
            && st.iter().all(|x| *x == 1)
        {
            self.out.push_str(" in ");
            self.mixed(&ub, ubs, '(', ')')?;
        } else {
            self.out.push_str(" = ");
            self.mixed(&lb, lbs, '(', ')')?;
            self.out.push_str(" to ");
            self.mixed(&ub, ubs, '(', ')')?;
            self.out.push_str(" step ");
            self.mixed(&st, steps, '(', ')')?;
        }
        if !outs.is_empty() {
            self.out.push_str(" shared_outs(");
            for (i, (arg, init)) in args[rank..].iter().zip(outs).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{} = {}", self.v(*arg), self.v(*init));
            }
            self.out.push_str(") -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        self.region(body, false, Some("scf.forall.in_parallel"));
        self.attr_dict(op, &[]);
        Some(())
    }
}

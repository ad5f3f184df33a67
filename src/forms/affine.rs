//! The custom forms of the affine ops. For each syntax class defined here: the grammar
//! action that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::Form;
use crate::ir::affine;
use crate::ir::ops::{ATOMIC_RMW_KINDS, OpClass};
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type, parse_int};
use crate::ir::{Module, OpId, RegionId, TypeId, ValueId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    AffineBound, Dict, IterArgs, Named, PErr, arg, int, op, segments, split_mixed, unary, user,
    with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

/// `affine.apply` / `affine.min` / `affine.max`: `map (dims)[symbols]`, index operands and
/// result.
pub fn affine_apply<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    map: Attr,
    dims: Uses,
    syms: Option<Uses>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for v in dims.into_iter().chain(syms.unwrap_or_default()) {
        o.operand(v, Some(index));
    }
    o.prop("map", map);
    o.result_types.push(index);
    o
}

/// Reads subscripts written at `l..r`: the `map` property and the index operands (dims, then
/// symbols), added to `o`.
pub(super) fn affine_subscripts<'a>(
    tree: &Tree<'a>,
    o: &mut Op<'a>,
    (l, r): (usize, usize),
) -> Result<(), PErr<'a>> {
    let text = tree.text().get(l..r).unwrap_or("");
    let subs = crate::ir::affine::parse_subscripts(text, l)
        .map_err(|e| user(Span::new(e.at.start, e.at.end), e.message))?;
    for at in subs.dims.iter().chain(&subs.syms) {
        o.operand(
            ValueUse {
                span: Span::new(at.start, at.end),
            },
            Some(tree.index),
        );
    }
    o.prop(
        "map",
        Attr::Opaque {
            text: subs.map().attr_text().into(),
            ty: None,
        },
    );
    Ok(())
}

/// `affine.load %m[subscripts] : type`
pub fn affine_load<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    m: ValueUse,
    subs: (usize, usize),
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let elem = tree.element_of(t);
    let mut o = unary(tree, n, m, Some(t), attrs, &[elem]);
    affine_subscripts(tree, &mut o, subs)?;
    Ok(o)
}

/// `affine.store %v, %m[subscripts] : type`
pub fn affine_store<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    m: ValueUse,
    subs: (usize, usize),
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let elem = tree.element_of(t);
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(v, Some(elem));
    o.operand(m, Some(t));
    affine_subscripts(tree, &mut o, subs)?;
    Ok(o)
}

/// The map and operands of a bound; `kw` is the keyword a multi-result map takes.
pub(super) fn affine_bound<'a>(b: AffineBound<'a>, kw: &str) -> Result<(Attr, Uses), PErr<'a>> {
    let opaque = |text: String| Attr::Opaque {
        text: text.into(),
        ty: None,
    };
    Ok(match b {
        AffineBound::Const(text, span) => {
            let v = int(text, span.start as usize, span.end as usize)?;
            (opaque(format!("affine_map<() -> ({v})>")), Uses::new())
        }
        AffineBound::Symbol(v) => (
            opaque("affine_map<()[s0] -> (s0)>".to_string()),
            smallvec::smallvec![v],
        ),
        AffineBound::Map(word, map, mut dims, syms) => {
            if let Some((w, span)) = word
                && w != kw
            {
                return Err(user(span, format!("expected '{kw}' or an affine map")));
            }
            dims.extend(syms);
            (map, dims)
        }
    })
}

/// `affine.for %i = lb to ub step c iter_args(%a = %init) -> (types) { ... }`: the bounds'
/// maps and step are properties, the operands the lower bound's, the upper bound's and the
/// initial values (`operandSegmentSizes`).
#[allow(clippy::too_many_arguments)]
pub fn affine_for<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    iv: (&'a str, Span),
    lb: AffineBound<'a>,
    ub: AffineBound<'a>,
    step: Option<(&'a str, Span)>,
    iters: Option<IterArgs>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let (lb_map, lbs) = affine_bound(lb, "max")?;
    let (ub_map, ubs) = affine_bound(ub, "min")?;
    let step = match step {
        Some((text, span)) => {
            let v = int(text, span.start as usize, span.end as usize)?;
            if v <= 0 {
                return Err(user(
                    span,
                    "expected step to be representable as a positive signed integer",
                ));
            }
            v
        }
        None => 1,
    };
    let mut o = with_attrs(op(tree, n), attrs);
    for v in lbs.iter().chain(&ubs) {
        o.operand(*v, Some(index));
    }
    let mut args = vec![arg(iv.1, ArgType::Given(index))];
    let mut inits = 0;
    if let Some((pairs, types)) = iters {
        let first = (lbs.len() + ubs.len()) as u32;
        inits = pairs.len();
        for (i, (mut a, init)) in pairs.into_iter().enumerate() {
            let t = types.get(i).copied();
            o.operand(init, t);
            a.ty = t.map_or(ArgType::OfOperand(first + i as u32), ArgType::Given);
            args.push(a);
        }
        o.result_types = types;
    }
    o.prop("lowerBoundMap", lb_map);
    segments(&mut o, &[lbs.len(), ubs.len(), inits]);
    o.prop(
        "step",
        Attr::Int {
            text: step.to_string().into(),
            ty: Some(Type::Index),
        },
    );
    o.prop("upperBoundMap", ub_map);
    tree.prepend_args(body, args);
    if o.result_types.is_empty() {
        tree.ensure_terminator(body, "affine.yield");
    }
    o.regions.push(body);
    Ok(o)
}

/// `affine.if #set(dims)[symbols] -> types { ... } else { ... }`
#[allow(clippy::too_many_arguments)]
pub fn affine_if<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    set: Attr,
    dims: Uses,
    syms: Option<Uses>,
    res: Option<Vec<TypeId>>,
    then: RegionId,
    els: Option<RegionId>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for v in dims.into_iter().chain(syms.unwrap_or_default()) {
        o.operand(v, Some(index));
    }
    o.prop("condition", set);
    o.result_types = res.unwrap_or_default();
    let els = els.unwrap_or_else(|| tree.empty_region(Span::default()));
    if o.result_types.is_empty() {
        tree.ensure_terminator(then, "affine.yield");
        if tree.region_has_blocks(els) {
            tree.ensure_terminator(els, "affine.yield");
        }
    }
    o.regions.push(then);
    o.regions.push(els);
    o
}

/// `affine.parallel (%i, ...) = (lbs) to (ubs) step (s, ...)? reduce ("addf", ...)?
/// -> (types)? { ... }`: the lower and the upper bounds are one map each
/// (`lowerBoundsMap`, `upperBoundsMap`) with the number of results of each bound (`max(...)`
/// / `min(...)` groups: `lowerBoundsGroups`, `upperBoundsGroups`); the operands are the lower
/// bounds' values, then the upper bounds'.
#[allow(clippy::too_many_arguments)]
pub fn affine_parallel<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    ivs: Vec<(&'a str, Span)>,
    lb: (usize, usize),
    ub: (usize, usize),
    steps: Option<Vec<(&'a str, Span)>>,
    reduce: Option<(Named<'a>, Vec<(&'a str, Span)>)>,
    res: Option<Vec<TypeId>>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for ((l, r), kw, map, groups_name) in [
        (lb, "max", "lowerBoundsMap", "lowerBoundsGroups"),
        (ub, "min", "upperBoundsMap", "upperBoundsGroups"),
    ] {
        let text = tree.text().get(l..r).unwrap_or("");
        let (subs, groups) = crate::ir::affine::parse_bounds(text, l, kw)
            .map_err(|e| user(Span::new(e.at.start, e.at.end), e.message))?;
        if groups.len() != ivs.len() {
            return Err(user(
                Span::new(l, r),
                format!(
                    "expected {} bounds (one per induction variable), not {}",
                    ivs.len(),
                    groups.len()
                ),
            ));
        }
        for at in subs.dims.iter().chain(&subs.syms) {
            let span = Span::new(at.start, at.end);
            o.operand(ValueUse { span }, Some(index));
        }
        o.prop(
            map,
            Attr::Opaque {
                text: subs.map().attr_text().into(),
                ty: None,
            },
        );
        let groups: Vec<i64> = groups.iter().map(|&g| i64::from(g)).collect();
        o.prop(groups_name, Attr::dense_elements_i32(&groups));
    }
    let steps = match steps {
        None => vec![1; ivs.len()],
        Some(steps) => {
            if steps.len() != ivs.len() {
                return Err(user(
                    n.1,
                    format!("expected {} steps, one per induction variable", ivs.len()),
                ));
            }
            let mut values = Vec::with_capacity(steps.len());
            for (text, span) in steps {
                let v = int(text, span.start as usize, span.end as usize)?;
                if v <= 0 {
                    return Err(user(span, "steps must be positive"));
                }
                values.push(v);
            }
            values
        }
    };
    let int_array = |values: &[i64]| {
        Attr::Array(
            values
                .iter()
                .map(|v| Attr::Int {
                    text: v.to_string().into(),
                    ty: None,
                })
                .collect(),
        )
    };
    let mut reductions = Vec::new();
    if let Some(((kw, kw_span), kinds)) = reduce {
        if kw != "reduce" {
            return Err(user(kw_span, "expected 'reduce', '->' or a region"));
        }
        for (text, span) in kinds {
            let name = text.trim_matches('"');
            let Some(k) = ATOMIC_RMW_KINDS.iter().position(|k| *k == name) else {
                return Err(user(
                    span,
                    format!(
                        "unknown reduction '{name}': expected one of {}",
                        ATOMIC_RMW_KINDS.join(", ")
                    ),
                ));
            };
            reductions.push(k as i64);
        }
    }
    let results = res.unwrap_or_default();
    if results.len() != reductions.len() {
        return Err(user(n.1, "a reduction must be specified for each output"));
    }
    o.prop("reductions", int_array(&reductions));
    o.prop("steps", int_array(&steps));
    let args = ivs
        .iter()
        .map(|&(_, span)| arg(span, ArgType::Given(index)))
        .collect();
    tree.prepend_args(body, args);
    if results.is_empty() {
        tree.ensure_terminator(body, "affine.yield");
    }
    o.result_types = results;
    o.regions.push(body);
    Ok(o)
}

/// `affine.delinearize_index %i into (%b, 4) : index, index`: the basis is `static_basis`
/// with its dynamic entries as operands after the index.
pub fn delinearize_index<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    basis: Vec<Mixed>,
    attrs: Option<Dict>,
    ts: Types,
) -> Box<Op<'a>> {
    let index = tree.index;
    let (statics, dynamics) = split_mixed(basis);
    let mut o = unary(tree, n, v, Some(index), attrs, &ts);
    for d in dynamics {
        o.operand(d, Some(index));
    }
    o.prop("static_basis", Attr::dense_i64(&statics));
    o
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        AffineApply => Form::new(&[], |p, op| p.affine_apply(op)),
        AffineLoad => Form::new(&[], |p, op| p.affine_access(op, AffineLoad)),
        AffineStore => Form::new(&[], |p, op| p.affine_access(op, AffineStore)),
        AffineFor => Form::new(&["operandSegmentSizes"], |p, op| p.affine_for(op)),
        AffineIf => Form::new(&[], |p, op| p.affine_if(op)),
        AffineParallel => Form::new(&[], |p, op| p.affine_parallel(op)),
        DelinearizeIndex => Form::new(&[], |p, op| p.delinearize_index(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `DelinearizeIndex` (after the op name).
    pub(super) fn delinearize_index(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
        let basis = self.dense(op, "static_basis")?;
        let (&v, dynamics) = o.operands.split_first()?;
        if n_res == 0 || !self.all_index(&o.operands) || !self.all_index(&o.results) {
            return None;
        }
        let _ = write!(self.out, " {} into ", self.v(v));
        self.mixed(&basis, dynamics, '(', ')')?;
        self.attr_dict(op, &["static_basis"]);
        self.out.push_str(" : ");
        self.types_of(&o.results);
        Some(())
    }

    /// The affine map of property `name`, inline or through an alias.
    pub(super) fn affine_map(&self, op: OpId, name: &str) -> Option<affine::Map> {
        let m: &'a Module = self.m;
        let mut a = self.prop(op, name)?;
        if let Attr::Alias(alias) = a {
            a = &m.attr_aliases.iter().find(|(n, _)| n == alias)?.1;
        }
        let Attr::Opaque { text, ty: None } = a else {
            return None;
        };
        let map = affine::parse_map(text).ok()?;
        map.well_formed().then_some(map)
    }

    /// ` #map(%a)[%b]` after `affine.apply` / `affine.min` / `affine.max`.
    pub(super) fn affine_apply(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let map = self.affine_map(op, "map")?;
        let dims = map.dims as usize;
        if o.operands.len() != dims + map.syms as usize
            || o.results.len() != 1
            || !self.all_index(&o.operands)
            || !self.all_index(&o.results)
        {
            return None;
        }
        let _ = write!(self.out, " {}(", self.prop(op, "map")?);
        self.values(&o.operands[..dims]);
        self.out.push(')');
        if map.syms > 0 {
            self.out.push('[');
            self.values(&o.operands[dims..]);
            self.out.push(']');
        }
        self.attr_dict(op, &["map"]);
        Some(())
    }

    /// A bound of `affine.for`: a constant, a lone symbol, or (`kw`, for a map of several
    /// results) the map and its operands.
    pub(super) fn affine_bound(
        &mut self,
        map_prop: &str,
        op: OpId,
        operands: &[ValueId],
        kw: &str,
    ) -> Option<()> {
        let map = self.affine_map(op, map_prop)?;
        if operands.len() != (map.dims + map.syms) as usize || !self.all_index(operands) {
            return None;
        }
        if let [e] = &map.results[..] {
            match (map.dims, map.syms, e) {
                (0, 0, affine::Expr::Const(c)) => {
                    let _ = write!(self.out, "{c}");
                    return Some(());
                }
                (0, 1, affine::Expr::Sym(0)) => {
                    self.out.push_str(self.v(operands[0]));
                    return Some(());
                }
                _ => {}
            }
        } else {
            let _ = write!(self.out, "{kw} ");
        }
        let _ = write!(self.out, "{}(", self.prop(op, map_prop)?);
        let dims = map.dims as usize;
        self.values(&operands[..dims]);
        self.out.push(')');
        if map.syms > 0 {
            self.out.push('[');
            self.values(&operands[dims..]);
            self.out.push(']');
        }
        Some(())
    }

    /// ` %i = lb to ub step c iter_args(...) -> (types) { ... }` after `affine.for`.
    pub(super) fn affine_for(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let [lbs, ubs, inits] = self.groups(op)?;
        let Some(Attr::Int {
            text,
            ty: Some(Type::Index),
        }) = self.prop(op, "step")
        else {
            return None;
        };
        let step: i64 = text.parse().ok().filter(|s| *s > 0)?;
        if o.regions.len() != 1 || o.results.len() != inits.len() {
            return None;
        }
        let body = o.regions[0];
        let entry = *m.region(body).blocks.first()?;
        let args = &m.block(entry).args;
        if args.len() != inits.len() + 1 || *m.value_type(args[0]) != Type::Index {
            return None;
        }
        let _ = write!(self.out, " {} = ", self.v(args[0]));
        self.affine_bound("lowerBoundMap", op, lbs, "max")?;
        self.out.push_str(" to ");
        self.affine_bound("upperBoundMap", op, ubs, "min")?;
        if step != 1 {
            let _ = write!(self.out, " step {step}");
        }
        if !inits.is_empty() {
            self.out.push_str(" iter_args(");
            for (i, (a, init)) in args[1..].iter().zip(inits).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{} = {}", self.v(*a), self.v(*init));
            }
            self.out.push_str(") -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        let elide = if inits.is_empty() {
            Some("affine.yield")
        } else {
            None
        };
        self.region(body, false, elide);
        self.attr_dict(op, &["lowerBoundMap", "upperBoundMap", "step"]);
        Some(())
    }

    /// ` (%i, ...) = (lbs) to (ubs) step (..) reduce (..) -> (types) { ... }` after
    /// `affine.parallel`; `step` is left out when every step is 1.
    pub(super) fn affine_parallel(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let ints = |a: &Attr| -> Option<Vec<i64>> {
            let Attr::Array(items) = a else {
                return None;
            };
            items
                .iter()
                .map(|i| match i {
                    Attr::Int { text, ty: None } => parse_int(text),
                    _ => None,
                })
                .collect()
        };
        let steps = ints(self.prop(op, "steps")?)?;
        let reductions = ints(self.prop(op, "reductions")?)?;
        let lb_map = self.affine_map(op, "lowerBoundsMap")?;
        let ub_map = self.affine_map(op, "upperBoundsMap")?;
        let lb_groups = self.prop(op, "lowerBoundsGroups")?.as_dense_elements()?;
        let ub_groups = self.prop(op, "upperBoundsGroups")?.as_dense_elements()?;
        let n_lb = (lb_map.dims + lb_map.syms) as usize;
        if o.regions.len() != 1
            || o.operands.len() != n_lb + (ub_map.dims + ub_map.syms) as usize
            || !self.all_index(&o.operands)
            || reductions.len() != o.results.len()
            || steps.iter().any(|&s| s <= 0)
        {
            return None;
        }
        let body = o.regions[0];
        let entry = *m.region(body).blocks.first()?;
        let ivs = &m.block(entry).args;
        let n = ivs.len();
        if steps.len() != n || lb_groups.len() != n || ub_groups.len() != n || !self.all_index(ivs)
        {
            return None;
        }
        let groups = |g: Vec<i64>| -> Option<Vec<u32>> {
            g.into_iter().map(|x| u32::try_from(x).ok()).collect()
        };
        let names =
            |vs: &[ValueId]| -> Vec<&'a str> { vs.iter().map(|&v| &*m.value(v).name).collect() };
        let lbs =
            lb_map.write_ssa_bounds(&names(&o.operands[..n_lb]), &groups(lb_groups)?, "max")?;
        let ubs =
            ub_map.write_ssa_bounds(&names(&o.operands[n_lb..]), &groups(ub_groups)?, "min")?;
        let kinds: Vec<&str> = reductions
            .iter()
            .map(|&k| {
                usize::try_from(k)
                    .ok()
                    .and_then(|k| ATOMIC_RMW_KINDS.get(k).copied())
            })
            .collect::<Option<_>>()?;
        self.out.push_str(" (");
        self.values(ivs);
        let _ = write!(self.out, ") = ({lbs}) to ({ubs})");
        if steps.iter().any(|&s| s != 1) {
            self.out.push_str(" step (");
            self.ints(&steps);
            self.out.push(')');
        }
        if !kinds.is_empty() {
            let quoted: Vec<String> = kinds.iter().map(|k| format!("\"{k}\"")).collect();
            let _ = write!(self.out, " reduce ({})", quoted.join(", "));
        }
        if !o.results.is_empty() {
            self.out.push_str(" -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        let elide = o.results.is_empty().then_some("affine.yield");
        self.region(body, false, elide);
        self.attr_dict(
            op,
            &[
                "lowerBoundsMap",
                "lowerBoundsGroups",
                "upperBoundsMap",
                "upperBoundsGroups",
                "steps",
                "reductions",
            ],
        );
        Some(())
    }

    /// ` #set(%i)[%n] -> type { ... } else { ... }` after `affine.if`.
    pub(super) fn affine_if(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let mut a = self.prop(op, "condition")?;
        if let Attr::Alias(alias) = a {
            a = &m.attr_aliases.iter().find(|(n, _)| n == alias)?.1;
        }
        let Attr::Opaque { text, ty: None } = a else {
            return None;
        };
        let set = affine::parse_set(text).ok()?;
        let dims = set.dims as usize;
        if o.operands.len() != dims + set.syms as usize
            || !self.all_index(&o.operands)
            || o.regions.len() != 2
        {
            return None;
        }
        let _ = write!(self.out, " {}(", self.prop(op, "condition")?);
        self.values(&o.operands[..dims]);
        self.out.push(')');
        if set.syms > 0 {
            self.out.push('[');
            self.values(&o.operands[dims..]);
            self.out.push(']');
        }
        match &o.results[..] {
            [] => {}
            [r] if !matches!(m.value_type(*r), Type::Function { .. }) => {
                self.out.push_str(" -> ");
                self.value_type(*r);
            }
            rs => {
                self.out.push_str(" -> (");
                self.types_of(rs);
                self.out.push(')');
            }
        }
        let elide = if o.results.is_empty() {
            Some("affine.yield")
        } else {
            None
        };
        self.out.push(' ');
        self.region(o.regions[0], false, elide);
        if self.region_has_blocks(o.regions[1]) {
            self.out.push_str(" else ");
            self.region(o.regions[1], false, elide);
        }
        self.attr_dict(op, &["condition"]);
        Some(())
    }

    /// ` %m[%i + 1] : type` after `affine.load`, ` %v, %m[...] : type` after `affine.store`.
    pub(super) fn affine_access(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let memref = usize::from(class == OpClass::AffineStore);
        let results = usize::from(class == OpClass::AffineLoad);
        let map = self.affine_map(op, "map")?;
        let indices = o.operands.get(memref + 1..)?;
        if o.results.len() != results
            || !self.all_index(indices)
            || !matches!(m.value_type(o.operands[memref]), Type::MemRef(_))
        {
            return None;
        }
        let names: Vec<&str> = indices.iter().map(|v| self.v(*v)).collect();
        let subscripts = map.write_ssa(&names)?;
        self.out.push(' ');
        if memref == 1 {
            let _ = write!(self.out, "{}, ", self.v(o.operands[0]));
        }
        let _ = write!(self.out, "{}[{subscripts}]", self.v(o.operands[memref]));
        self.attr_dict(op, &["map"]);
        self.out.push_str(" : ");
        self.operand_type(op, memref);
        Some(())
    }
}

//! The custom forms of `builtin.module`, `func.func`, the calls, `func.constant`, and the
//! terminators of every dialect (returns and yields). For each syntax class defined here: the
//! grammar action that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::Form;
use crate::diag::Diagnostic;
use crate::ir::ops::OpClass;
use crate::ir::print::{Printer, SYNTAX_PROPS, symbol};
use crate::ir::types::{Attr, Type, unescape, write_dict};
use crate::ir::{Module, OpId, RegionId, TypeId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, FuncArg, Named, PErr, arg, op, symbol_ref, typed_operands, user, with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

pub fn module<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sym: Option<&str>,
    attrs: Option<Dict>,
    body: RegionId,
) -> Box<Op<'a>> {
    let mut o = op(tree, n);
    if o.name_span == Span::default() {
        o.name_span = tree.region_span(body);
    }
    if let Some(s) = sym {
        o.prop(
            "sym_name",
            Attr::string(&unescape(s.trim_start_matches('@'))),
        );
    }
    // `module {}` has one empty block, as MLIR's parser makes it (its body is one block).
    tree.ensure_block(body);
    o.regions.push(body);
    with_attrs(o, attrs)
}

#[allow(clippy::too_many_arguments)]
pub fn func<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vis: Option<&str>,
    sym: &str,
    args: Vec<FuncArg>,
    res: Option<Vec<(TypeId, Option<Dict>)>>,
    attrs: Option<Dict>,
    body: Option<RegionId>,
) -> Box<Op<'a>> {
    let mut o = op(tree, n);
    let res = res.unwrap_or_default();
    let inputs: Vec<Type> = args.iter().map(|a| tree.ty(a.1).clone()).collect();
    let results: Vec<Type> = res.iter().map(|r| tree.ty(r.0).clone()).collect();
    o.prop(
        "function_type",
        Attr::Type(Type::Function {
            inputs: inputs.into(),
            results: results.into(),
        }),
    );
    if args.iter().any(|a| a.2.is_some()) {
        let dicts = args
            .iter()
            .map(|a| Attr::Dict(a.2.clone().unwrap_or_default()))
            .collect();
        o.prop("arg_attrs", Attr::Array(dicts));
    }
    if res.iter().any(|r| r.1.is_some()) {
        let dicts = res
            .iter()
            .map(|r| Attr::Dict(r.1.clone().unwrap_or_default()))
            .collect();
        o.prop("res_attrs", Attr::Array(dicts));
    }
    o.prop(
        "sym_name",
        Attr::string(&unescape(sym.trim_start_matches('@'))),
    );
    if let Some(v) = vis {
        o.prop("sym_visibility", Attr::string(v));
    }
    if let Some(r) = body {
        empty_function_body(tree, r);
    }
    let region = body.unwrap_or_else(|| tree.empty_region(Span::default()));
    if tree.region_has_blocks(region) {
        let block_args = args
            .into_iter()
            .filter_map(|(name, ty, _)| name.map(|nm| arg(nm, ArgType::Given(ty))))
            .collect();
        tree.prepend_args(region, block_args);
    }
    o.regions.push(region);
    with_attrs(o, attrs)
}

/// `func.func @f() {}` is an error, as in MLIR: a body without blocks would be read as no
/// body, a declaration.
pub(super) fn empty_function_body(tree: &mut Tree<'_>, body: RegionId) {
    if !tree.region_has_blocks(body) {
        let at = tree.region_span(body).start as usize;
        tree.error(Diagnostic::error(
            Span::new(at, at + 1),
            "custom op 'func.func' expected non-empty function body",
        ));
    }
}

pub fn call<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sym: &'a str,
    args: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let FnType { inputs, results } = ft;
    if inputs.len() != args.len() {
        return Err(user(
            n.1,
            format!(
                "call has {} operands but its type lists {}",
                args.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = op(tree, n);
    for (v, t) in args.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    o.prop("callee", symbol_ref(sym, vec![]));
    Ok(with_attrs(o, attrs))
}

pub fn call_indirect<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    f: ValueUse,
    args: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let whole = tree.function_type(&ft);
    let FnType { inputs, results } = ft;
    if inputs.len() != args.len() {
        return Err(user(
            n.1,
            format!(
                "call has {} operands but its type lists {}",
                args.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = op(tree, n);
    o.operand(f, Some(whole));
    for (v, t) in args.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    Ok(with_attrs(o, attrs))
}

pub fn terminator<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    vals: Option<(Uses, Types)>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    if let Some((vs, ts)) = vals {
        typed_operands(&mut o, &vs, &ts);
    }
    o
}

/// `func.constant @f : (i32) -> i32` (`constant` in a function body).
pub fn func_constant<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    sym: &str,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("value", symbol_ref(sym, vec![]));
    o.result_types.push(t);
    o
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Module => Form::new(SYNTAX_PROPS, |p, op| p.module(op)),
        FuncFunc => Form::new(
            &[
                "sym_name",
                "sym_visibility",
                "function_type",
                "arg_attrs",
                "res_attrs",
            ],
            |p, op| p.func(op),
        ),
        Terminator => Form::new(&[], |p, op| p.terminator(op)),
        Call => Form::new(&["callee"], |p, op| p.call(op)),
        CallIndirect => Form::new(&[], |p, op| p.call_indirect(op)),
        FuncConstant => Form::new(&["value"], |p, op| p.func_constant(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `Module` (after the op name).
    pub(super) fn module(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if let Some(s) = self.m.sym_name(op) {
            let _ = write!(self.out, " {}", symbol(&s));
        }
        // Every other property (`sym_visibility`) is an attribute to the custom form.
        let extra = o
            .props
            .iter()
            .filter(|(k, _)| &**k != "sym_name")
            .chain(o.attrs.iter());
        self.dict(" attributes ", extra.map(|(k, v)| (&**k, v)));
        self.out.push(' ');
        self.region(*o.regions.first()?, true, None);
        Some(())
    }

    /// The custom form of `Terminator` (after the op name).
    pub(super) fn terminator(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() || n_res != 0 {
            return None;
        }
        self.attr_dict(op, &[]);
        if n_ops > 0 {
            self.out.push(' ');
            self.values(&o.operands);
            self.out.push_str(" : ");
            self.types_of(&o.operands);
        }
        Some(())
    }

    /// The custom form of `Call` (after the op name).
    pub(super) fn call(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let callee @ Attr::SymbolRef(_) = self.prop(op, "callee")? else {
            return None;
        };
        let _ = write!(self.out, " {callee}(");
        self.values(&o.operands);
        self.out.push(')');
        self.attr_dict(op, &[]);
        self.fn_type(&o.operands, &o.results);
        Some(())
    }

    /// The custom form of `CallIndirect` (after the op name).
    pub(super) fn call_indirect(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (f, args) = o.operands.split_first()?;
        let _ = write!(self.out, " {}(", self.v(*f));
        self.values(args);
        self.out.push(')');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `FuncConstant` (after the op name).
    pub(super) fn func_constant(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        let Attr::SymbolRef(parts) = self.prop(op, "value")? else {
            return None;
        };
        if parts.len() != 1 || n_ops != 0 || n_res != 1 {
            return None;
        }
        self.attr_dict(op, &[]);
        let _ = write!(self.out, " {} : ", parts[0]);
        self.result_type(op, 0);
        Some(())
    }

    pub(super) fn func(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let Attr::Type(Type::Function { inputs, results }) = self.prop(op, "function_type")? else {
            return None;
        };
        if let Some(v) = self.prop(op, "sym_visibility").and_then(Attr::as_str) {
            let _ = write!(self.out, " {v}");
        }
        let sym = self.m.sym_name(op)?;
        let _ = write!(self.out, " {}(", symbol(&sym));
        let arg_attrs: &[Attr] = match self.prop(op, "arg_attrs") {
            Some(Attr::Array(a)) => a,
            _ => &[],
        };
        let res_attrs: &[Attr] = match self.prop(op, "res_attrs") {
            Some(Attr::Array(a)) => a,
            _ => &[],
        };
        let region = *o.regions.first()?;
        let entry = m.region(region).blocks.first().copied();
        let args = entry.map(|b| &m.block(b).args);
        if let Some(args) = &args
            && args.len() != inputs.len()
        {
            return None;
        }
        for (i, t) in inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if let Some(args) = &args {
                let _ = write!(self.out, "{}: ", self.v(args[i]));
            }
            let _ = write!(self.out, "{t}");
            if let Some(Attr::Dict(d)) = arg_attrs.get(i)
                && !d.is_empty()
            {
                self.out.push(' ');
                let _ = write_dict(&mut self.out, d);
            }
        }
        self.out.push(')');
        let any_res_attr = res_attrs
            .iter()
            .any(|a| matches!(a, Attr::Dict(d) if !d.is_empty()));
        if !results.is_empty() {
            self.out.push_str(" -> ");
            if results.len() == 1 && !any_res_attr && !matches!(results[0], Type::Function { .. }) {
                let _ = write!(self.out, "{}", results[0]);
            } else {
                self.out.push('(');
                for (i, t) in results.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let _ = write!(self.out, "{t}");
                    if let Some(Attr::Dict(d)) = res_attrs.get(i)
                        && !d.is_empty()
                    {
                        self.out.push(' ');
                        let _ = write_dict(&mut self.out, d);
                    }
                }
                self.out.push(')');
            }
        }
        let extra = o
            .props
            .iter()
            .filter(|(k, _)| !SYNTAX_PROPS.contains(&&**k))
            .chain(o.attrs.iter());
        self.dict(" attributes ", extra.map(|(k, v)| (&**k, v)));
        if entry.is_some() {
            self.out.push(' ');
            self.region(region, false, None);
        }
        Some(())
    }
}

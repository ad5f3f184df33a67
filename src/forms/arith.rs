//! The custom forms of arith and math: constants, elementwise ops, `select`, the comparisons
//! and `math.sincos`. For each syntax class defined here: the grammar action that reads it,
//! its `Form` (in `form`) and its printer (see `forms`).

use super::Form;
use crate::diag::Diagnostic;
use crate::ir::ops::{
    CMPF_PREDICATES, CMPI_PREDICATES, ElementwiseTypes, OpClass, lookup, predicate_name,
};
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type};
use crate::ir::{Module, OpId, TypeId, ValueId};
use crate::syntax::ast::*;
use crate::syntax::custom::{Dict, Flag, Named, PErr, op, set_flags, unary, user, with_attrs};
use crate::syntax::tree::Tree;
use std::fmt::Write;
use std::sync::Arc;

pub fn constant<'a>(tree: &mut Tree<'a>, n: Named<'a>, v: Attr) -> Result<Box<Op<'a>>, PErr<'a>> {
    let ty = match &v {
        Attr::Int { ty, .. } => ty.clone().unwrap_or(Type::i(64)),
        Attr::Float { ty, .. } => ty.clone().unwrap_or(Type::Float("f64".into())),
        Attr::Bool(_) => Type::i(1),
        Attr::Str { ty: Some(t), .. } | Attr::Opaque { ty: Some(t), .. } => t.clone(),
        _ => return Err(user(n.1, "arith.constant needs a typed value")),
    };
    let ty = tree.intern(ty);
    let mut o = op(tree, n);
    o.prop("value", v);
    o.result_types.push(ty);
    Ok(o)
}

pub fn elementwise<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vs: Uses,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    ts: Types,
) -> Box<Op<'a>> {
    let none = tree.none;
    let expected = elementwise_arity(n.0);
    if !(expected == 0 || vs.len() == expected) {
        tree.error(Diagnostic::error(
            n.1,
            format!(
                "'{}' takes {expected} operand{} in its custom form, not {}",
                n.0,
                if expected == 1 { "" } else { "s" },
                vs.len()
            ),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    let types = lookup(n.0).map_or(ElementwiseTypes::Same, |d| d.elementwise_types);
    let result = match types {
        ElementwiseTypes::Same => ts.last().copied().unwrap_or(none),
        ElementwiseTypes::EachOperand => ts.first().copied().unwrap_or(none),
        ElementwiseTypes::OperandToBool => match ts.last() {
            Some(&t) => bool_like(tree, t),
            None => none,
        },
    };
    let select = o.name.as_ref() == "arith.select";
    let n_operands = vs.len();
    for (i, v) in vs.into_iter().enumerate() {
        let ty = if ts.len() == n_operands {
            Some(ts[i])
        } else if select && i == 0 {
            None
        } else if ts.len() == 1 {
            Some(ts[0])
        } else {
            None
        };
        o.operand(v, ty);
    }
    set_flags(&mut o, flags);
    o.result_types.push(result);
    o
}

/// How many operands the custom form of an elementwise op takes (0: not checked here).
pub(super) fn elementwise_arity(name: &str) -> usize {
    match name.split_once('.') {
        Some(("arith", "select")) | Some(("math", "fma")) | Some(("vector", "fma")) => 3,
        Some(("arith", "negf")) => 1,
        Some(("arith", _)) => 2,
        Some(("math", "atan2" | "powf" | "ipowi" | "fpowi" | "copysign")) => 2,
        Some(("math", _)) => 1,
        _ => 0,
    }
}

/// An `i1` of the shape of `t` (the result type of a comparison).
pub(super) fn bool_like(tree: &mut Tree<'_>, t: TypeId) -> TypeId {
    let b = match tree.ty(t) {
        Type::Vector { shape, .. } => Type::Vector {
            shape: shape.clone(),
            elem: Arc::new(Type::i(1)),
        },
        Type::Tensor { shape, .. } => Type::Tensor {
            shape: shape.clone(),
            elem: Arc::new(Type::i(1)),
            encoding: None,
        },
        _ => return tree.i1,
    };
    tree.intern(b)
}

#[allow(clippy::too_many_arguments)]
pub fn cmp<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    p: &str,
    a: ValueUse,
    b: ValueUse,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let table: &[&str] = if n.0 == "arith.cmpi" {
        &CMPI_PREDICATES
    } else {
        &CMPF_PREDICATES
    };
    let Some(idx) = table.iter().position(|x| *x == p) else {
        return Err(user(
            n.1,
            format!("unknown comparison predicate '{p}' for {}", n.0),
        ));
    };
    let result = bool_like(tree, t);
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("predicate", Attr::int(idx as i64, Type::i(64)));
    o.operand(a, Some(t));
    o.operand(b, Some(t));
    set_flags(&mut o, flags);
    o.result_types.push(result);
    Ok(o)
}

/// `math.sincos %x fastmath<...>? {...} : T`: the sine and the cosine of `%x`, both of type T.
pub fn sincos<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = unary(tree, n, v, Some(t), attrs, &[t, t]);
    set_flags(&mut o, flags);
    o
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Constant => Form::new(&["value"], |p, op| p.constant(op)),
        Elementwise => Form::new(&["fastmath", "overflowFlags"], |p, op| {
            p.elementwise(op, Elementwise)
        }),
        Select => Form::new(&["fastmath", "overflowFlags"], |p, op| {
            p.elementwise(op, Select)
        }),
        Cmp => Form::new(&["predicate", "fastmath"], |p, op| p.cmp(op)),
        Sincos => Form::new(&["fastmath"], |p, op| p.sincos(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `Constant` (after the op name).
    pub(super) fn constant(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
        let v = self.prop(op, "value")?;
        if n_res != 1 || !o.attrs.is_empty() {
            return None;
        }
        match v {
            Attr::Bool(b) => {
                let _ = write!(self.out, " {b}");
            }
            Attr::Int { text, ty: Some(t) } if *t == Type::i(1) => {
                match crate::ir::types::parse_int(text) {
                    Some(0) => self.out.push_str(" false"),
                    Some(_) => self.out.push_str(" true"),
                    None => return None,
                }
            }
            Attr::Int { text, .. }
            | Attr::Float { text, .. }
            | Attr::Str { text, .. }
            | Attr::Opaque { text, .. } => {
                self.out.push(' ');
                self.out.push_str(text);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            _ => return None,
        }
        Some(())
    }

    /// The custom form of `Elementwise`, `Select` (after the op name).
    pub(super) fn elementwise(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        let name = &*o.name;
        let types = lookup(name).map_or(ElementwiseTypes::Same, |d| d.elementwise_types);
        if n_res != 1 || n_ops == 0 || !self.elementwise_types_fit(op, class, types) {
            return None;
        }
        self.out.push(' ');
        self.values(&o.operands);
        self.flags(op)?;
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        if class == OpClass::Select && *self.m.value_type(o.operands[0]) != Type::i(1) {
            self.operand_type(op, 0);
            self.out.push_str(", ");
        }
        match types {
            ElementwiseTypes::Same => self.result_type(op, 0),
            ElementwiseTypes::EachOperand => {
                for i in 0..n_ops {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.operand_type(op, i);
                }
            }
            ElementwiseTypes::OperandToBool => self.operand_type(op, 0),
        }
        Some(())
    }

    /// The custom form of `Cmp` (after the op name).
    pub(super) fn cmp(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        let name = &*o.name;
        if n_ops != 2 {
            return None;
        }
        let p = self.prop(op, "predicate")?.as_i64()?;
        let pname = predicate_name(name, p)?;
        let _ = write!(
            self.out,
            " {pname}, {}, {}",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.flags(op)?;
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// Whether the types of an elementwise op are those its custom form implies (see
    /// `ElementwiseTypes`); if not, it is printed in generic form.
    pub(super) fn elementwise_types_fit(
        &self,
        op: OpId,
        class: OpClass,
        types: ElementwiseTypes,
    ) -> bool {
        let m = self.m;
        let o = m.op(op);
        let ty = |v: ValueId| m.value(v).ty;
        let result = ty(o.results[0]);
        match types {
            ElementwiseTypes::Same => {
                let skip = usize::from(class == OpClass::Select);
                o.operands[skip..].iter().all(|&v| ty(v) == result)
            }
            ElementwiseTypes::EachOperand => ty(o.operands[0]) == result,
            ElementwiseTypes::OperandToBool => {
                let bool_elem = |t: &Type| *t == Type::i(1);
                match (m.ty(ty(o.operands[0])), m.ty(result)) {
                    (Type::Vector { shape: a, .. }, Type::Vector { shape: b, elem }) => {
                        a == b && bool_elem(elem)
                    }
                    (Type::Tensor { shape: a, .. }, Type::Tensor { shape: b, elem, .. }) => {
                        a == b && bool_elem(elem)
                    }
                    (Type::Vector { .. } | Type::Tensor { .. }, _) => false,
                    (_, r) => bool_elem(r),
                }
            }
        }
    }

    /// ` %x fastmath<...>? {...} : T` after `math.sincos`, whose two results are of the
    /// operand's type (the custom form states only that one).
    pub(super) fn sincos(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (&[x], [sin, cos]) = (&o.operands[..], &o.results[..]) else {
            return None;
        };
        let ty = m.value(x).ty;
        if !o.regions.is_empty() || m.value(*sin).ty != ty || m.value(*cos).ty != ty {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(x));
        self.flags(op)?;
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.type_id(ty);
        Some(())
    }
}

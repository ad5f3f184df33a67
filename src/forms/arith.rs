//! The custom forms of arith and math: constants, elementwise ops, `select` and the
//! comparisons: the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use crate::ir::ops::{
    ElementwiseTypes, OpClass,
    lookup, predicate_name,
};
use super::Form;
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type};
use crate::ir::{Module, OpId, ValueId};
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Constant => Form {
            shows: &["value"],
            print: |p, op| p.constant(op),
        },
        Elementwise => Form {
            shows: &["fastmath", "overflowFlags"],
            print: |p, op| p.elementwise(op, Elementwise),
        },
        Select => Form {
            shows: &["fastmath", "overflowFlags"],
            print: |p, op| p.elementwise(op, Select),
        },
        Cmp => Form {
            shows: &["predicate", "fastmath"],
            print: |p, op| p.cmp(op),
        },
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
    pub(super) fn elementwise_types_fit(&self, op: OpId, class: OpClass, types: ElementwiseTypes) -> bool {
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
}

//! The custom forms of `builtin.module`, `func.func`, the calls, `func.constant`, and the terminators of every
//! dialect (returns and yields): the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use super::Form;
use crate::ir::ops::OpClass;
use crate::ir::print::{Printer, SYNTAX_PROPS, symbol};
use crate::ir::types::{Attr, Type, write_dict};
use crate::ir::{Module, OpId};
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Module => Form {
            shows: SYNTAX_PROPS,
            print: |p, op| p.module(op),
        },
        FuncFunc => Form {
            shows: &["sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs"],
            print: |p, op| p.func(op),
        },
        Terminator => Form {
            shows: &[],
            print: |p, op| p.terminator(op),
        },
        Call => Form {
            shows: &["callee"],
            print: |p, op| p.call(op),
        },
        CallIndirect => Form {
            shows: &[],
            print: |p, op| p.call_indirect(op),
        },
        FuncConstant => Form {
            shows: &["value"],
            print: |p, op| p.func_constant(op),
        },
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

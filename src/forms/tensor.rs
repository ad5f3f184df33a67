//! The custom forms of the tensor ops with a syntax of their own: the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use super::Form;
use crate::ir::ops::OpClass;
use crate::ir::print::Printer;
use crate::ir::{Module, OpId};
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        TensorEmpty => Form {
            shows: &[],
            print: |p, op| p.tensor_empty(op),
        },
        Pad => Form {
            shows: &["operandSegmentSizes", "static_low", "static_high", "nofold"],
            print: |p, op| p.tensor_pad(op),
        },
        Concat => Form {
            shows: &["dim"],
            print: |p, op| p.concat(op),
        },
        FromElements => Form {
            shows: &[],
            print: |p, op| p.tensor_from_elements(op),
        },
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
        let segs = self.segments(op)?;
        if segs.len() != 3 || segs[0] != 1 {
            return None;
        }
        let lo = self.dense(op, "static_low")?;
        let hi = self.dense(op, "static_high")?;
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        if self.prop(op, "nofold").is_some() {
            self.out.push_str(" nofold");
        }
        self.out.push_str(" low");
        self.mixed(&lo, &o.operands[1..1 + segs[1]], '[', ']')?;
        self.out.push_str(" high");
        self.mixed(&hi, &o.operands[1 + segs[1]..], '[', ']')?;
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

//! The custom forms of the cf ops. For each syntax class defined here: the grammar action
//! that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::{BadSegments, Form, operand_groups};
use crate::ir::ops::OpClass;
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type, parse_int};
use crate::ir::{Module, OpId, TypeId, ValueId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, Named, PErr, SuccessorArgs, op, segments, typed_operands, unary, user, with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;
use std::sync::Arc;

pub fn assert<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    msg: &str,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let mut o = unary(tree, n, v, Some(i1), attrs, &[]);
    o.prop(
        "msg",
        Attr::Str {
            text: msg.into(),
            ty: None,
        },
    );
    o
}

pub fn br<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    s: SuccessorArgs,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    let (succ, vs, ts) = s;
    typed_operands(&mut o, &vs, &ts);
    o.successors.push(succ);
    o
}

pub fn cond_br<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    cond: ValueUse,
    weights: Option<Vec<&str>>,
    t: SuccessorArgs,
    f: SuccessorArgs,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(cond, Some(i1));
    let nt = typed_operands(&mut o, &t.1, &t.2);
    let nf = typed_operands(&mut o, &f.1, &f.2);
    segments(&mut o, &[1, nt, nf]);
    if let Some(w) = weights {
        let values: Vec<i64> = w.iter().filter_map(|x| parse_int(x)).collect();
        o.prop("branch_weights", Attr::dense_i32(&values));
    }
    o.successors.push(t.0);
    o.successors.push(f.0);
    o
}

/// The text of `dense<...>` for the case values of a `cf.switch` on a `width`-bit integer:
/// each value as its bits read signed (`true`/`false` for `i1`, 0 for `i0`), as MLIR prints
/// them.
pub(super) fn switch_case_values(values: &[i64], width: u32) -> String {
    let shown: Vec<String> = values
        .iter()
        .map(|&v| match width {
            0 => "0".to_string(),
            1 => (if v & 1 == 1 { "true" } else { "false" }).to_string(),
            2..64 => {
                let shift = 64 - width;
                ((v << shift) >> shift).to_string()
            }
            _ => v.to_string(),
        })
        .collect();
    match &shown[..] {
        [one] => format!("dense<{one}>"),
        _ => format!("dense<[{}]>", shown.join(", ")),
    }
}

/// `cf.switch %flag : i32, [default: ^bb1(..), 42: ^bb2(..)]`: the default's operands, then
/// each case's, as the generic form orders them. A case value is read as a 64-bit signed
/// integer and then cut to the flag's width, as MLIR reads it.
pub fn switch<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    flag: ValueUse,
    t: TypeId,
    default: SuccessorArgs,
    cases: Vec<(&'a str, Span, SuccessorArgs)>,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let flag_type = tree.ty(t).clone();
    let Type::Int { width, .. } = flag_type else {
        return Err(user(n.1, "'cf.switch' needs an integer flag type"));
    };
    let mut values = Vec::with_capacity(cases.len());
    for (text, span, _) in &cases {
        values.push(parse_int(text).ok_or_else(|| user(*span, "integer value too large"))?);
    }
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(flag, Some(t));
    let (default_succ, vs, ts) = default;
    let nd = typed_operands(&mut o, &vs, &ts);
    o.successors.push(default_succ);
    let mut case_counts = Vec::with_capacity(cases.len());
    for (_, _, (succ, vs, ts)) in cases {
        case_counts.push(typed_operands(&mut o, &vs, &ts) as i64);
        o.successors.push(succ);
    }
    let nc: i64 = case_counts.iter().sum();
    o.prop("case_operand_segments", Attr::dense_i32(&case_counts));
    if !values.is_empty() {
        let n_values = values.len() as u64;
        o.prop(
            "case_values",
            Attr::Opaque {
                text: switch_case_values(&values, width).into(),
                ty: Some(Type::Vector {
                    shape: vec![crate::ir::types::Dim::Static(n_values)],
                    elem: Arc::new(flag_type),
                }),
            },
        );
    }
    segments(&mut o, &[1, nd, nc as usize]);
    Ok(o)
}

/// A `cf.cond_br`, decoded: its condition and the operands it passes to each successor, as
/// `operandSegmentSizes` splits them.
pub(crate) struct CondBrView<'m> {
    pub condition: ValueId,
    pub on_true: &'m [ValueId],
    pub on_false: &'m [ValueId],
}

impl<'m> CondBrView<'m> {
    /// The view of `op`; `Ok(None)` without segments or with a condition group that is not
    /// one value; why the operands do not split if they do not.
    pub(crate) fn of(m: &'m Module, op: OpId) -> Result<Option<CondBrView<'m>>, BadSegments> {
        Ok(match operand_groups(m, op)? {
            Some([&[condition], on_true, on_false]) => Some(CondBrView {
                condition,
                on_true,
                on_false,
            }),
            _ => None,
        })
    }
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Br => Form::new(&[], |p, op| p.br(op)),
        CondBr => Form::new(&["operandSegmentSizes", "branch_weights"], |p, op| {
            p.cond_br(op)
        }),
        Assert => Form::new(&["msg"], |p, op| p.assert(op)),
        Switch => Form::new(&["operandSegmentSizes"], |p, op| p.switch(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `Br` (after the op name).
    pub(super) fn br(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.successors.len() != 1 {
            return None;
        }
        self.out.push(' ');
        self.successor(o.successors[0], &o.operands);
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `CondBr` (after the op name).
    pub(super) fn cond_br(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        self.prop(op, "operandSegmentSizes")?;
        let CondBrView {
            condition,
            on_true,
            on_false,
        } = CondBrView::of(m, op).ok()??;
        if o.successors.len() != 2 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(condition));
        if let Some(w) = self.dense(op, "branch_weights") {
            let w: Vec<String> = w.iter().map(i64::to_string).collect();
            let _ = write!(self.out, " weights([{}])", w.join(", "));
        }
        self.out.push_str(", ");
        self.successor(o.successors[0], on_true);
        self.out.push_str(", ");
        self.successor(o.successors[1], on_false);
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `Assert` (after the op name).
    pub(super) fn assert(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let msg @ Attr::Str { ty: None, .. } = self.prop(op, "msg")? else {
            return None;
        };
        let _ = write!(self.out, " {}, {}", self.v(*o.operands.first()?), msg);
        self.attr_dict(op, &[]);
        Some(())
    }

    /// `cf.switch %flag : i32, [` then `default: ^bb1(..)` and `42: ^bb2(..)`, one a line,
    /// as mlir-opt breaks them. A case value is printed as its bits read unsigned, as
    /// mlir-opt prints it; where mlir-opt could not read that back (a negative value of an
    /// `i64` or wider flag), the generic form is kept.
    pub(super) fn switch(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if !o.regions.is_empty() {
            return None;
        }
        let [[flag], default_operands, case_operands] = self.groups(op)? else {
            return None;
        };
        let (default, cases) = o.successors.split_first()?;
        let counts = self.dense(op, "case_operand_segments")?;
        let Type::Int { width, .. } = *m.value_type(*flag) else {
            return None;
        };
        let values = match self.prop(op, "case_values") {
            Some(a) => switch_values(a, cases.len())?,
            None if cases.is_empty() => Vec::new(),
            None => return None,
        };
        if counts.len() != cases.len()
            || counts.iter().any(|c| *c < 0)
            || counts.iter().sum::<i64>() as usize != case_operands.len()
            || !o.results.is_empty()
        {
            return None;
        }
        let shown: Vec<u64> = values
            .iter()
            .map(|&v| match width {
                0..64 => Some(v as u64 & ((1u64 << width) - 1)),
                _ => u64::try_from(v).ok(),
            })
            .collect::<Option<_>>()?;
        let pad = "  ".repeat(self.indent);
        let _ = write!(self.out, " {} : ", self.v(*flag));
        self.operand_type(op, 0);
        let _ = write!(self.out, ", [\n{pad}  default: ");
        self.successor(*default, default_operands);
        let mut rest = case_operands;
        for ((b, value), count) in cases.iter().zip(&shown).zip(&counts) {
            let _ = write!(self.out, ",\n{pad}  {value}: ");
            let (passed, after) = rest.split_at(*count as usize);
            self.successor(*b, passed);
            rest = after;
        }
        if self.prop(op, "case_values").is_some() {
            let _ = write!(self.out, "\n{pad}");
        }
        self.out.push(']');
        self.attr_dict(op, &["case_values", "case_operand_segments"]);
        Some(())
    }
}

/// The `n` values of a `cf.switch`'s `case_values` (`dense<[1, -2]> : vector<2xi32>`, or a
/// splat `dense<3> : vector<1xi32>`; `i1` values are `true`/`false`), if it reads as that.
fn switch_values(a: &Attr, n: usize) -> Option<Vec<i64>> {
    let Attr::Opaque {
        text,
        ty: Some(Type::Vector { shape, .. }),
    } = a
    else {
        return None;
    };
    if shape.len() != 1 || shape[0] != crate::ir::types::Dim::Static(n as u64) {
        return None;
    }
    let inner = text.strip_prefix("dense<")?.strip_suffix('>')?.trim();
    let one = |v: &str| match v.trim() {
        "true" => Some(1),
        "false" => Some(0),
        v => crate::ir::types::parse_int(v),
    };
    let values: Vec<i64> = match inner.strip_prefix('[') {
        Some(list) => {
            let list = list.strip_suffix(']')?;
            if list.trim().is_empty() {
                Vec::new()
            } else {
                list.split(',').map(one).collect::<Option<_>>()?
            }
        }
        None => vec![one(inner)?; n],
    };
    (values.len() == n).then_some(values)
}

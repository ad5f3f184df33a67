//! The custom forms of the linalg ops: the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use crate::ir::ops::{
    OpClass, WINOGRAD_FMR, has_own_syntax, implies_results,
};
use super::Form;
use crate::ir::print::{Printer, SYNTAX_PROPS};
use crate::ir::types::{Attr, Type, write_dict};
use crate::ir::{Module, OpId};
use smallvec::smallvec;
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        LinalgIndex => Form {
            shows: &["dim"],
            print: |p, op| p.linalg_index(op),
        },
        Generic => Form {
            shows: SYNTAX_PROPS,
            print: |p, op| p.linalg_generic(op),
        },
        Structured => Form {
            shows: SYNTAX_PROPS,
            print: |p, op| p.structured(op),
        },
        Pack => Form {
            shows: &["operandSegmentSizes"],
            print: |p, op| p.pack(op),
        },
        Softmax => Form {
            shows: &[],
            print: |p, op| p.keyed_linalg(op, Softmax),
        },
        Winograd => Form {
            shows: &[],
            print: |p, op| p.keyed_linalg(op, Winograd),
        },
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `LinalgIndex` (after the op name).
    pub(super) fn linalg_index(&mut self, op: OpId) -> Option<()> {
        let d = self.prop(op, "dim")?.as_i64()?;
        let _ = write!(self.out, " {d}");
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Generic` (after the op name).
    pub(super) fn linalg_generic(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let segs = self.segments(op)?;
        if segs.len() != 2 {
            return None;
        }
        let head = ["indexing_maps", "iterator_types", "doc", "library_call"]
            .into_iter()
            .filter_map(|key| {
                let find = |list: &'a [(Box<str>, Attr)]| {
                    list.iter().find(|(k, _)| &**k == key).map(|(_, v)| v)
                };
                find(&o.props).or_else(|| find(&o.attrs)).map(|v| (key, v))
            });
        let start = self.out.len();
        self.dict(" ", head);
        if self.out.len() == start {
            self.out.push_str(" {}");
        }
        self.ins_outs(&o.operands, &segs);
        let extra = o.props.iter().chain(o.attrs.iter()).filter(|(k, _)| {
            !matches!(
                &**k,
                "indexing_maps"
                    | "iterator_types"
                    | "doc"
                    | "library_call"
                    | "operandSegmentSizes"
            )
        });
        self.dict(" attrs = ", extra.map(|(k, v)| (&**k, v)));
        self.out.push(' ');
        self.region(*o.regions.first()?, true, None);
        self.arrow_types(&o.results);
        Some(())
    }

    pub(super) fn structured(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let explicit_body = matches!(&*o.name, "linalg.map" | "linalg.reduce");
        if has_own_syntax(&o.name) {
            return None;
        }
        // Without operand segments, `ins(...) outs(...)` is written only for `linalg.map`
        // and `linalg.reduce` (read without operands); for another op (one bufreuse does not
        // know, read in generic form) it could not tell inputs from inits.
        let segs = match self.segments(op) {
            Some(segs) => segs,
            None if explicit_body => smallvec![0, o.operands.len()],
            None => return None,
        };
        if segs.len() != 2 {
            return None;
        }
        let head = o.props.iter().filter(|(k, _)| {
            !matches!(
                &**k,
                "operandSegmentSizes" | "indexing_maps" | "permutation" | "dimensions"
            )
        });
        // After `linalg.map` / `linalg.reduce`, `{` starts the short form of the body
        // (`{ arith.addf }`), so a dictionary there would be misread.
        if explicit_body && head.clone().next().is_some() {
            return None;
        }
        self.dict(" ", head.map(|(k, v)| (&**k, v)));
        if let Some(maps) = self.prop(op, "indexing_maps") {
            let _ = write!(self.out, " indexing_maps = {maps}");
        }
        self.ins_outs(&o.operands, &segs);
        for key in ["permutation", "dimensions"] {
            if let Some(v) = self.dense(op, key) {
                let v: Vec<String> = v.iter().map(i64::to_string).collect();
                let _ = write!(self.out, " {key} = [{}]", v.join(", "));
            }
        }
        if explicit_body {
            let body = *o.regions.first()?;
            let entry = *self.m.region(body).blocks.first()?;
            if self.m.region(body).blocks.len() != 1 {
                return None;
            }
            self.out.push_str(" (");
            self.typed_values(&m.block(entry).args);
            self.out.push_str(") ");
            self.region(body, false, None);
        }
        if !o.attrs.is_empty() {
            self.out.push(' ');
            let _ = write_dict(&mut self.out, &o.attrs);
        }
        if implies_results(&o.name) {
            // Types are interned: equal types have equal ids.
            let implied = o.operands[segs[0]..]
                .iter()
                .map(|v| m.value(*v).ty)
                .filter(|t| matches!(m.ty(*t), Type::Tensor { .. }));
            if !implied.eq(o.results.iter().map(|v| m.value(*v).ty)) {
                return None;
            }
        } else {
            self.arrow_types(&o.results);
        }
        Some(())
    }

    /// `linalg.pack %src padding_value(%p : t)? outer_dims_perm = [...]? inner_dims_pos =
    /// [...] inner_tiles = [...] into %dst {...} : S -> D`, and `linalg.unpack` (no padding).
    pub(super) fn pack(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n = o.operands.len();
        // Source, destination, padding value (pack only) and dynamic tiles.
        let padding = if &*o.name == "linalg.pack" {
            let segs = self.segments(op)?;
            if segs.len() != 4 || segs[0] != 1 || segs[1] != 1 || segs[2] > 1 {
                return None;
            }
            segs[2]
        } else {
            if self.prop(op, "operandSegmentSizes").is_some() {
                return None;
            }
            0
        };
        if n < 2 + padding || o.results.len() != 1 {
            return None;
        }
        let inner_pos = self.dense(op, "inner_dims_pos")?;
        let tiles = self.dense(op, "static_inner_tiles")?;
        let outer = match self.prop(op, "outer_dims_perm") {
            Some(a) => Some(a.as_dense_ints()?),
            None => None,
        };
        let list = |v: &[i64]| {
            let v: Vec<String> = v.iter().map(i64::to_string).collect();
            v.join(", ")
        };
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        if padding == 1 {
            let _ = write!(self.out, " padding_value({} : ", self.v(o.operands[2]));
            self.operand_type(op, 2);
            self.out.push(')');
        }
        if let Some(outer) = outer {
            let _ = write!(self.out, " outer_dims_perm = [{}]", list(&outer));
        }
        let _ = write!(
            self.out,
            " inner_dims_pos = [{}] inner_tiles = ",
            list(&inner_pos)
        );
        self.mixed(&tiles, &o.operands[2 + padding..], '[', ']')?;
        let _ = write!(self.out, " into {}", self.v(o.operands[1]));
        self.attr_dict(
            op,
            &["inner_dims_pos", "outer_dims_perm", "static_inner_tiles"],
        );
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" -> ");
        self.result_type(op, 0);
        Some(())
    }

    /// `linalg.softmax {...} dimension(N) ins(%a : T) outs(%b : T) (-> T)?` and
    /// `linalg.winograd_*_transform {...} fmr(F_m_r) ins(%a : T) outs(%b : U) -> U`.
    pub(super) fn keyed_linalg(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.operands.len() != 2 || o.results.len() > 1 {
            return None;
        }
        let (key, shown) = if class == OpClass::Softmax {
            let d = self.prop(op, "dimension")?;
            if !matches!(d, Attr::Int { ty, .. } if ty.as_ref().is_none_or(|t| *t == Type::i(64))) {
                return None;
            }
            ("dimension", d.as_i64()?.to_string())
        } else {
            let f = self.prop(op, "fmr")?;
            if !matches!(f, Attr::Int { ty: Some(t), .. } if *t == Type::i(32))
                || o.results.len() != 1
            {
                return None;
            }
            let f = usize::try_from(f.as_i64()?).ok()?;
            ("fmr", (*WINOGRAD_FMR.get(f)?).to_string())
        };
        self.attr_dict(op, &[key]);
        let _ = write!(self.out, " {key}({shown}) ins({} : ", self.v(o.operands[0]));
        self.operand_type(op, 0);
        let _ = write!(self.out, ") outs({} : ", self.v(o.operands[1]));
        self.operand_type(op, 1);
        self.out.push(')');
        if !o.results.is_empty() {
            self.out.push_str(" -> ");
            self.result_type(op, 0);
        }
        Some(())
    }
}

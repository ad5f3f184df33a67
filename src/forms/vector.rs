//! The custom forms of the vector ops: the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use crate::ir::ops::{
    OpClass, minor_identity_map, transfer_ranks,
};
use super::Form;
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type};
use crate::ir::{Module, OpId, ValueId};
use smallvec::SmallVec;
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        TransferRead => Form {
            shows: &["operandSegmentSizes"],
            print: |p, op| p.transfer(op, TransferRead),
        },
        TransferWrite => Form {
            shows: &["operandSegmentSizes"],
            print: |p, op| p.transfer(op, TransferWrite),
        },
        VectorLoad => Form {
            shows: &[],
            print: |p, op| p.vector_load(op, VectorLoad),
        },
        VectorStore => Form {
            shows: &[],
            print: |p, op| p.vector_load(op, VectorStore),
        },
        CreateMask => Form {
            shows: &[],
            print: |p, op| p.create_mask(op),
        },
        ConstantMask => Form {
            shows: &[],
            print: |p, op| p.vector_on_vectors(op, ConstantMask),
        },
        VectorTranspose => Form {
            shows: &["permutation"],
            print: |p, op| p.vector_on_vectors(op, VectorTranspose),
        },
        InsertStridedSlice => Form {
            shows: &[],
            print: |p, op| p.vector_on_vectors(op, InsertStridedSlice),
        },
        VectorExtract => Form {
            shows: &[],
            print: |p, op| p.vector_on_vectors(op, VectorExtract),
        },
        VectorInsert => Form {
            shows: &[],
            print: |p, op| p.vector_on_vectors(op, VectorInsert),
        },
        Reduction => Form {
            shows: &["fastmath"],
            print: |p, op| p.vector_on_vectors(op, Reduction),
        },
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `CreateMask` (after the op name).
    pub(super) fn create_mask(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if n_res != 1 {
            return None;
        }
        if n_ops > 0 {
            self.out.push(' ');
            self.values(&o.operands);
        }
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The vector ops on vectors: `vector.constant_mask [3, 2] : V`, `vector.transpose %v,
    /// [1, 0] : V to W`, `vector.insert_strided_slice %a, %b {...} : V into W`,
    /// `vector.extract %v[1, %i] : E from V`, `vector.insert %e, %v [1, %i] : E into V` and
    /// `vector.reduction <add>, %v (, %acc)? : V into E`.
    pub(super) fn vector_on_vectors(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.results.len() != 1 {
            return None;
        }
        let ty = |v: ValueId| m.value(v).ty;
        let result = ty(o.results[0]);
        match class {
            OpClass::ConstantMask => {
                let sizes = self.dense(op, "mask_dim_sizes")?;
                if !o.operands.is_empty() {
                    return None;
                }
                self.out.push_str(" [");
                self.ints(&sizes);
                self.out.push(']');
                self.attr_dict(op, &["mask_dim_sizes"]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::VectorTranspose => {
                let perm = self.dense(op, "permutation")?;
                if o.operands.len() != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}, [", self.v(o.operands[0]));
                self.ints(&perm);
                self.out.push(']');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::InsertStridedSlice => {
                if o.operands.len() != 2 || ty(o.operands[1]) != result {
                    return None;
                }
                self.out.push(' ');
                self.values(&o.operands);
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            OpClass::VectorExtract => {
                let position = self.dense(op, "static_position")?;
                let (&v, dynamics) = o.operands.split_first()?;
                let _ = write!(self.out, " {}", self.v(v));
                self.mixed(&position, dynamics, '[', ']')?;
                self.attr_dict(op, &["static_position"]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
                self.out.push_str(" from ");
                self.operand_type(op, 0);
            }
            OpClass::VectorInsert => {
                let position = self.dense(op, "static_position")?;
                if o.operands.len() < 2 || ty(o.operands[1]) != result {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {}, {} ",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.mixed(&position, &o.operands[2..], '[', ']')?;
                self.attr_dict(op, &["static_position"]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            OpClass::Reduction => {
                let Some(Attr::Opaque { text, ty: None }) = self.prop(op, "kind") else {
                    return None;
                };
                let kind = text.strip_prefix("#vector.kind<")?.strip_suffix('>')?;
                let acc_fits = o.operands.get(1).is_none_or(|&a| ty(a) == result);
                if !(1..=2).contains(&o.operands.len()) || !acc_fits {
                    return None;
                }
                let _ = write!(self.out, " <{kind}>, ");
                self.values(&o.operands);
                self.flags(op)?;
                self.attr_dict(op, &["kind"]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            _ => return None,
        }
        Some(())
    }

    /// `vector.transfer_read %src[%i], %pad (, %mask)? {...} : S, V` and
    /// `vector.transfer_write %v, %dst[%i] (, %mask)? {...} : V, D`: `in_bounds` and
    /// `permutation_map` are left out where they are what the parser puts when they are not
    /// written (all false; the minor identity).
    pub(super) fn transfer(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let read = class == OpClass::TransferRead;
        let segs = self.segments(op)?;
        if segs.len() != 4 || segs[3] > 1 {
            return None;
        }
        // Operand positions of the shaped value, the first index and the vector.
        let (shaped, first_index) = if read { (0, 1) } else { (1, 2) };
        let end = first_index + segs[if read { 1 } else { 2 }];
        let (shaped_ty, vector_ty) = if read {
            if segs[0] != 1 || segs[2] != 1 || o.results.len() != 1 {
                return None;
            }
            (m.value(o.operands[0]).ty, m.value(o.results[0]).ty)
        } else {
            let dst = m.value(*o.operands.get(1)?).ty;
            let tensor = matches!(m.ty(dst), Type::Tensor { .. });
            if segs[0] != 1 || segs[1] != 1 || o.results.len() != usize::from(tensor) {
                return None;
            }
            (dst, m.value(o.operands[0]).ty)
        };
        if read {
            let _ = write!(self.out, " {}[", self.v(o.operands[shaped]));
        } else {
            let _ = write!(
                self.out,
                " {}, {}[",
                self.v(o.operands[0]),
                self.v(o.operands[shaped])
            );
        }
        self.values(&o.operands[first_index..end]);
        self.out.push(']');
        for v in &o.operands[end..] {
            let _ = write!(self.out, ", {}", self.v(*v));
        }
        let mut hide: SmallVec<[&str; 2]> = SmallVec::new();
        if let Some(Attr::Array(bounds)) = self.prop(op, "in_bounds")
            && bounds.iter().all(|b| *b == Attr::Bool(false))
        {
            hide.push("in_bounds");
        }
        if let Some(Attr::Opaque { text, ty: None }) = self.prop(op, "permutation_map")
            && let Some((rank, results)) = transfer_ranks(m.ty(shaped_ty), m.ty(vector_ty))
            && let Some(default) = minor_identity_map(rank, results)
        {
            let norm = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            if norm(text) == norm(&default) {
                hide.push("permutation_map");
            }
        }
        self.attr_dict(op, &hide);
        self.out.push_str(" : ");
        if read {
            self.operand_type(op, 0);
            self.out.push_str(", ");
            self.result_type(op, 0);
        } else {
            self.operand_type(op, 0);
            self.out.push_str(", ");
            self.operand_type(op, 1);
        }
        Some(())
    }

    /// `vector.load %m[%i] {...} : M, V` and `vector.store %v, %m[%i] {...} : M, V`.
    pub(super) fn vector_load(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let store = class == OpClass::VectorStore;
        let base = usize::from(store);
        if o.operands.len() <= base || o.results.len() != usize::from(!store) {
            return None;
        }
        self.out.push(' ');
        if store {
            let _ = write!(self.out, "{}, ", self.v(o.operands[0]));
        }
        let _ = write!(self.out, "{}[", self.v(o.operands[base]));
        self.values(&o.operands[base + 1..]);
        self.out.push(']');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, base);
        self.out.push_str(", ");
        if store {
            self.operand_type(op, 0);
        } else {
            self.result_type(op, 0);
        }
        Some(())
    }
}

//! The custom forms of the memref ops, and of the casts, loads, stores and slices of other
//! dialects that share their syntax: the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use crate::ir::ops::{
    ATOMIC_RMW_KINDS, OpClass,
};
use super::Form;
use crate::ir::print::{Printer, symbol};
use crate::ir::types::{Attr, Type};
use crate::ir::{Module, OpId};
use smallvec::smallvec;
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Alloc => Form {
            shows: &["operandSegmentSizes"],
            print: |p, op| p.alloc(op),
        },
        Dealloc => Form {
            shows: &[],
            print: |p, op| p.dealloc(op),
        },
        CastLike => Form {
            shows: &["restrict", "writable", "read_only", "fastmath", "overflowFlags"],
            print: |p, op| p.cast_like(op),
        },
        View => Form {
            shows: &[],
            print: |p, op| p.view(op),
        },
        Subview => Form {
            shows: &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"],
            print: |p, op| p.subview(op, Subview),
        },
        InsertSlice => Form {
            shows: &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"],
            print: |p, op| p.subview(op, InsertSlice),
        },
        Reshape => Form {
            shows: &["reassociation", "static_output_shape"],
            print: |p, op| p.reshape(op),
        },
        Load => Form {
            shows: &[],
            print: |p, op| p.load(op),
        },
        Store => Form {
            shows: &[],
            print: |p, op| p.store(op, Store),
        },
        TensorInsert => Form {
            shows: &[],
            print: |p, op| p.store(op, TensorInsert),
        },
        Copy => Form {
            shows: &[],
            print: |p, op| p.copy(op),
        },
        Dim => Form {
            shows: &[],
            print: |p, op| p.dim(op),
        },
        Rank => Form {
            shows: &[],
            print: |p, op| p.dealloc(op),
        },
        GetGlobal => Form {
            shows: &["name"],
            print: |p, op| p.get_global(op),
        },
        Global => Form {
            shows: &["sym_name", "sym_visibility", "type", "initial_value", "constant"],
            print: |p, op| p.global(op),
        },
        ExtractMetadata => Form {
            shows: &[],
            print: |p, op| p.extract_metadata(op),
        },
        ExtractPointer => Form {
            shows: &[],
            print: |p, op| p.extract_metadata(op),
        },
        Transpose => Form {
            shows: &["permutation"],
            print: |p, op| p.memref_transpose(op),
        },
        ReinterpretCast => Form {
            shows: &["operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"],
            print: |p, op| p.reinterpret_cast(op),
        },
        AllocaScope => Form {
            shows: &[],
            print: |p, op| p.alloca_scope(op),
        },
        ToTensor => Form {
            shows: &["restrict", "writable", "read_only", "fastmath", "overflowFlags"],
            print: |p, op| p.cast_like(op),
        },
        ToBuffer => Form {
            shows: &["restrict", "writable", "read_only", "fastmath", "overflowFlags"],
            print: |p, op| p.cast_like(op),
        },
        Realloc => Form {
            shows: &[],
            print: |p, op| p.realloc(op),
        },
        AssumeAlignment => Form {
            shows: &[],
            print: |p, op| p.assume_alignment(op),
        },
        MemrefReshape => Form {
            shows: &[],
            print: |p, op| p.memref_reshape(op),
        },
        AtomicRmw => Form {
            shows: &[],
            print: |p, op| p.atomic_rmw(op),
        },
        GenericAtomicRmw => Form {
            shows: &[],
            print: |p, op| p.generic_atomic_rmw(op),
        },
        AtomicYield => Form {
            shows: &[],
            print: |p, op| p.atomic_yield(op),
        },
        Prefetch => Form {
            shows: &[],
            print: |p, op| p.prefetch(op),
        },
        DmaStart => Form {
            shows: &[],
            print: |p, op| p.dma_start(op),
        },
        DmaWait => Form {
            shows: &[],
            print: |p, op| p.dma_wait(op),
        },
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `Alloc` (after the op name).
    pub(super) fn alloc(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        let segs = self.segments(op).unwrap_or(smallvec![n_ops, 0]);
        if segs.len() != 2 || n_res != 1 {
            return None;
        }
        self.out.push('(');
        self.values(&o.operands[..segs[0]]);
        self.out.push(')');
        if segs[1] > 0 {
            self.out.push('[');
            self.values(&o.operands[segs[0]..]);
            self.out.push(']');
        }
        self.alignment_and_attrs(op);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Dealloc`, `Rank` (after the op name).
    pub(super) fn dealloc(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if n_ops != 1 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `CastLike`, `ToTensor`, `ToBuffer` (after the op name).
    pub(super) fn cast_like(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if n_ops != 1 || n_res != 1 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        for kw in ["restrict", "writable", "read_only"] {
            if self.prop(op, kw).is_some() {
                let _ = write!(self.out, " {kw}");
            }
        }
        self.flags(op)?;
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `View` (after the op name).
    pub(super) fn view(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if n_ops < 2 || n_res != 1 {
            return None;
        }
        let _ = write!(
            self.out,
            " {}[{}][",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.values(&o.operands[2..]);
        self.out.push(']');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Subview`, `InsertSlice` (after the op name).
    pub(super) fn subview(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
        let insert = class == OpClass::InsertSlice;
        let segs = self.segments(op)?;
        let fixed = if insert { 2 } else { 1 };
        if segs.len() != fixed + 3 || n_res != 1 {
            return None;
        }
        let so = self.dense(op, "static_offsets")?;
        let ss = self.dense(op, "static_sizes")?;
        let st = self.dense(op, "static_strides")?;
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        if insert {
            let _ = write!(self.out, " into {}", self.v(o.operands[1]));
        }
        let a = fixed;
        let b = a + segs[fixed];
        let c = b + segs[fixed + 1];
        self.mixed(&so, &o.operands[a..b], '[', ']')?;
        self.out.push(' ');
        self.mixed(&ss, &o.operands[b..c], '[', ']')?;
        self.out.push(' ');
        self.mixed(&st, &o.operands[c..], '[', ']')?;
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(if insert { " into " } else { " to " });
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Reshape` (after the op name).
    pub(super) fn reshape(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        let name = &*o.name;
        if n_res != 1 || n_ops == 0 {
            return None;
        }
        let re @ Attr::Array(_) = self.prop(op, "reassociation")? else {
            return None;
        };
        let _ = write!(self.out, " {} {}", self.v(o.operands[0]), re);
        if name.ends_with("expand_shape") {
            let shape = self.dense(op, "static_output_shape")?;
            self.out.push_str(" output_shape ");
            self.mixed(&shape, &o.operands[1..], '[', ']')?;
        } else if n_ops != 1 {
            return None;
        }
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" into ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Load` (after the op name).
    pub(super) fn load(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if n_ops == 0 || n_res != 1 {
            return None;
        }
        let _ = write!(self.out, " {}[", self.v(o.operands[0]));
        self.values(&o.operands[1..]);
        self.out.push(']');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `Store`, `TensorInsert` (after the op name).
    pub(super) fn store(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if n_ops < 2 {
            return None;
        }
        let sep = if class == OpClass::Store {
            ","
        } else {
            " into"
        };
        let _ = write!(
            self.out,
            " {}{sep} {}[",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.values(&o.operands[2..]);
        self.out.push(']');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 1);
        Some(())
    }

    /// The custom form of `Copy` (after the op name).
    pub(super) fn copy(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if n_ops != 2 {
            return None;
        }
        let _ = write!(
            self.out,
            " {}, {}",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.operand_type(op, 1);
        Some(())
    }

    /// The custom form of `Dim` (after the op name).
    pub(super) fn dim(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if n_ops != 2 {
            return None;
        }
        let _ = write!(
            self.out,
            " {}, {}",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `GetGlobal` (after the op name).
    pub(super) fn get_global(&mut self, op: OpId) -> Option<()> {
        let sym @ Attr::SymbolRef(_) = self.prop(op, "name")? else {
            return None;
        };
        let _ = write!(self.out, " {sym}");
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Global` (after the op name).
    pub(super) fn global(&mut self, op: OpId) -> Option<()> {
        if let Some(v) = self.prop(op, "sym_visibility") {
            let _ = write!(self.out, " {v}");
        }
        if self.prop(op, "constant").is_some() {
            self.out.push_str(" constant");
        }
        let sym = self.m.sym_name(op)?;
        let Attr::Type(t) = self.prop(op, "type")? else {
            return None;
        };
        let _ = write!(self.out, " {} : {t}", symbol(&sym));
        match self.prop(op, "initial_value") {
            Some(Attr::Unit) => self.out.push_str(" = uninitialized"),
            Some(init) => {
                let init = match init {
                    Attr::Opaque { text, .. } => text.to_string(),
                    other => other.to_string(),
                };
                let _ = write!(self.out, " = {init}");
            }
            None => {}
        }
        self.alignment_and_attrs(op);
        Some(())
    }

    /// The custom form of `ExtractMetadata`, `ExtractPointer` (after the op name).
    pub(super) fn extract_metadata(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_ops = o.operands.len();
        if n_ops != 1 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" -> ");
        self.types_of(&o.results);
        Some(())
    }

    /// The custom form of `Transpose` (after the op name).
    pub(super) fn memref_transpose(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let Attr::Opaque { text, .. } = self.prop(op, "permutation")? else {
            return None;
        };
        let map = text
            .strip_prefix("affine_map<")?
            .strip_suffix('>')?
            .to_string();
        let _ = write!(self.out, " {} {}", self.v(o.operands[0]), map);
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `ReinterpretCast` (after the op name).
    pub(super) fn reinterpret_cast(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
        let segs = self.segments(op)?;
        if segs.len() != 4 || n_res != 1 {
            return None;
        }
        let so = self.dense(op, "static_offsets")?;
        let ss = self.dense(op, "static_sizes")?;
        let st = self.dense(op, "static_strides")?;
        let a = 1;
        let b = a + segs[1];
        let c = b + segs[2];
        let _ = write!(self.out, " {} to offset: ", self.v(o.operands[0]));
        self.mixed(&so, &o.operands[a..b], '[', ']')?;
        self.out.push_str(", sizes: ");
        self.mixed(&ss, &o.operands[b..c], '[', ']')?;
        self.out.push_str(", strides: ");
        self.mixed(&st, &o.operands[c..], '[', ']')?;
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `AllocaScope` (after the op name).
    pub(super) fn alloca_scope(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
        if n_res > 0 {
            self.out.push_str(" -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        self.region(
            *o.regions.first()?,
            true,
            Some("memref.alloca_scope.return"),
        );
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `Realloc` (after the op name).
    pub(super) fn realloc(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        if !matches!(n_ops, 1 | 2) || n_res != 1 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        if n_ops == 2 {
            let _ = write!(self.out, "({})", self.v(o.operands[1]));
        }
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" to ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `AssumeAlignment` (after the op name).
    pub(super) fn assume_alignment(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        let Attr::Int {
            text,
            ty: Some(Type::Int { width: 32, .. }),
        } = self.prop(op, "alignment")?
        else {
            return None;
        };
        if n_ops != 1 || n_res != 1 || m.value(o.results[0]).ty != m.value(o.operands[0]).ty
        {
            return None;
        }
        let _ = write!(self.out, " {}, {text}", self.v(o.operands[0]));
        self.attr_dict(op, &["alignment"]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `MemrefReshape` (after the op name).
    pub(super) fn memref_reshape(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        if n_ops != 2 || n_res != 1 {
            return None;
        }
        let _ = write!(
            self.out,
            " {}({})",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.attr_dict(op, &[]);
        self.fn_type(&o.operands, &o.results);
        Some(())
    }

    /// The custom form of `AtomicRmw` (after the op name).
    pub(super) fn atomic_rmw(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        let Attr::Int {
            text,
            ty: Some(Type::Int { width: 64, .. }),
        } = self.prop(op, "kind")?
        else {
            return None;
        };
        let kind = usize::try_from(crate::ir::types::parse_int(text)?).ok()?;
        let kind = ATOMIC_RMW_KINDS.get(kind)?;
        if n_ops < 2 || n_res != 1 {
            return None;
        }
        let _ = write!(
            self.out,
            " {kind} {}, {}[",
            self.v(o.operands[0]),
            self.v(o.operands[1])
        );
        self.values(&o.operands[2..]);
        self.out.push(']');
        self.attr_dict(op, &["kind"]);
        self.fn_type(&o.operands[..2], &o.results);
        Some(())
    }

    /// The custom form of `GenericAtomicRmw` (after the op name).
    pub(super) fn generic_atomic_rmw(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
        let [region] = o.regions[..] else {
            return None;
        };
        let elem = m
            .value_type(o.operands.first().copied()?)
            .as_memref()?
            .elem
            .clone();
        if n_res != 1 || *m.value_type(o.results[0]) != elem {
            return None;
        }
        let _ = write!(self.out, " {}[", self.v(o.operands[0]));
        self.values(&o.operands[1..]);
        self.out.push_str("] : ");
        self.operand_type(op, 0);
        self.out.push(' ');
        self.region(region, true, None);
        self.attr_dict(op, &[]);
        Some(())
    }

    /// The custom form of `AtomicYield` (after the op name).
    pub(super) fn atomic_yield(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        if n_ops != 1 || n_res != 0 {
            return None;
        }
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `Prefetch` (after the op name).
    pub(super) fn prefetch(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        // mlir-opt prints this with its attributes, but does not read them back.
        if !o.attrs.is_empty() {
            return None;
        }
        let (Attr::Bool(write), Attr::Bool(data)) =
            (self.prop(op, "isWrite")?, self.prop(op, "isDataCache")?)
        else {
            return None;
        };
        let Attr::Int {
            text: hint,
            ty: Some(Type::Int { width: 32, .. }),
        } = self.prop(op, "localityHint")?
        else {
            return None;
        };
        if n_ops == 0 || n_res != 0 {
            return None;
        }
        let _ = write!(self.out, " {}[", self.v(o.operands[0]));
        self.values(&o.operands[1..]);
        let _ = write!(
            self.out,
            "], {}, locality<{hint}>, {}",
            if *write { "write" } else { "read" },
            if *data { "data" } else { "instr" }
        );
        self.attr_dict(op, &["isWrite", "localityHint", "isDataCache"]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }

    /// The custom form of `DmaStart` (after the op name).
    pub(super) fn dma_start(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        // mlir-opt prints this with its attributes, but does not read them back.
        if !o.attrs.is_empty() {
            return None;
        }
        // Where each memref stands follows from the ranks before it.
        let rank = |i: usize| -> Option<usize> {
            m.value_type(*o.operands.get(i)?)
                .as_memref()?
                .shape
                .as_ref()
                .map(Vec::len)
        };
        let src = 0;
        let dst = src + 1 + rank(src)?;
        let num = dst + 1 + rank(dst)?;
        let tag = num + 1;
        let end = tag + 1 + rank(tag)?;
        if n_res != 0 || !(n_ops == end || n_ops == end + 2) {
            return None;
        }
        for (i, at) in [src, dst].into_iter().enumerate() {
            let _ = write!(
                self.out,
                "{} {}[",
                if i > 0 { "," } else { "" },
                self.v(o.operands[at])
            );
            self.values(&o.operands[at + 1..at + 1 + rank(at)?]);
            self.out.push(']');
        }
        let _ = write!(
            self.out,
            ", {}, {}[",
            self.v(o.operands[num]),
            self.v(o.operands[tag])
        );
        self.values(&o.operands[tag + 1..end]);
        self.out.push(']');
        if n_ops > end {
            self.out.push_str(", ");
            self.values(&o.operands[end..]);
        }
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.types_of(&[o.operands[src], o.operands[dst], o.operands[tag]]);
        Some(())
    }

    /// The custom form of `DmaWait` (after the op name).
    pub(super) fn dma_wait(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() {
            return None;
        }
        let rank = m
            .value_type(o.operands.first().copied()?)
            .as_memref()?
            .shape
            .as_ref()?
            .len();
        if n_ops != rank + 2 || n_res != 0 {
            return None;
        }
        let _ = write!(self.out, " {}[", self.v(o.operands[0]));
        self.values(&o.operands[1..=rank]);
        let _ = write!(self.out, "], {}", self.v(o.operands[rank + 1]));
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        Some(())
    }
}

//! The custom forms of the vector ops. For each syntax class defined here: the grammar
//! action that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::Form;
use crate::ir::ops::{OpClass, minor_identity_map, transfer_ranks};
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type};
use crate::ir::{Module, OpId, TypeId, ValueId};
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, Flag, Named, PErr, STRIDED_SLICE_PROPS, hoist, op, segments, set_flags, split_mixed,
    unary, user, with_attrs,
};
use crate::syntax::tree::Tree;
use smallvec::SmallVec;
use std::fmt::Write;

/// The padding type of a transfer read from `source`: its element type, when the type is
/// written out (through an alias it is known only once the IR is built: not checked).
pub(super) fn element_if_shaped(tree: &mut Tree<'_>, source: TypeId) -> Option<TypeId> {
    match tree.ty(source) {
        Type::MemRef(_) | Type::Tensor { .. } | Type::Vector { .. } => {
            Some(tree.element_of(source))
        }
        _ => None,
    }
}

/// Adds the `in_bounds` and `permutation_map` a transfer op takes when they are not written
/// (all dims possibly out of bounds, the minor identity map), as MLIR's parser does.
pub(super) fn transfer_defaults<'a>(
    tree: &Tree<'a>,
    o: &mut Op<'a>,
    source: TypeId,
    vector: TypeId,
) -> Result<(), PErr<'a>> {
    let has = |o: &Op<'_>, k: &str| o.props.iter().any(|(p, _)| &**p == k);
    let (has_bounds, has_map) = (has(o, "in_bounds"), has(o, "permutation_map"));
    if has_bounds && has_map {
        return Ok(());
    }
    let Some((rank, results)) = transfer_ranks(tree.ty(source), tree.ty(vector)) else {
        return Err(user(
            o.name_span,
            format!(
                "'{}' needs a ranked shaped type and a vector type written out (not through an alias) when 'in_bounds' or 'permutation_map' is left out",
                o.name
            ),
        ));
    };
    if !has_bounds {
        o.prop("in_bounds", Attr::Array(vec![Attr::Bool(false); results]));
    }
    if !has_map {
        let Some(map) = minor_identity_map(rank, results) else {
            return Err(user(
                o.name_span,
                format!(
                    "'{}': the vector has more dims than the shaped type's rank {rank}; 'permutation_map' must be given",
                    o.name
                ),
            ));
        };
        o.prop(
            "permutation_map",
            Attr::Opaque {
                text: map.into(),
                ty: None,
            },
        );
    }
    Ok(())
}

/// `vector.transfer_read %src[%i, ...], %pad (, %mask)? {...} : S, V`: the source, its
/// indices, the padding value and the optional mask (typed by its definition: its type
/// follows from the permutation map), with their counts in `operandSegmentSizes`.
#[allow(clippy::too_many_arguments)]
pub fn transfer_read<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    idx: Uses,
    rest: Uses,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    if rest.len() > 2 {
        return Err(user(
            rest[2].span,
            "vector.transfer_read takes a padding value and at most a mask after its indices",
        ));
    }
    let index = tree.index;
    let pad_type = element_if_shaped(tree, a);
    let mut o = with_attrs(op(tree, n), attrs);
    hoist(&mut o, &["in_bounds", "permutation_map"]);
    o.operand(src, Some(a));
    let n_idx = idx.len();
    for i in idx {
        o.operand(i, Some(index));
    }
    o.operand(rest[0], pad_type);
    if let Some(mask) = rest.get(1) {
        o.operand(*mask, None);
    }
    segments(&mut o, &[1, n_idx, 1, rest.len() - 1]);
    transfer_defaults(tree, &mut o, a, b)?;
    o.result_types.push(b);
    Ok(o)
}

/// `vector.transfer_write %v, %dst[%i, ...] (, %mask)? {...} : V, D`: a result (the new
/// tensor) only when the destination is a tensor.
#[allow(clippy::too_many_arguments)]
pub fn transfer_write<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    dst: ValueUse,
    idx: Uses,
    mask: Option<ValueUse>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    hoist(&mut o, &["in_bounds", "permutation_map"]);
    o.operand(v, Some(a));
    o.operand(dst, Some(b));
    let n_idx = idx.len();
    for i in idx {
        o.operand(i, Some(index));
    }
    if let Some(m) = mask {
        o.operand(m, None);
    }
    segments(&mut o, &[1, 1, n_idx, usize::from(mask.is_some())]);
    transfer_defaults(tree, &mut o, b, a)?;
    if matches!(tree.ty(b), Type::Tensor { .. }) {
        o.result_types.push(b);
    }
    Ok(o)
}

/// `vector.load %m[%i, ...] : M, V` (`value` is `None`) and `vector.store %v, %m[%i, ...] :
/// M, V`; `nontemporal` and `alignment` in the dictionary are properties.
#[allow(clippy::too_many_arguments)]
pub fn vector_load<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    value: Option<ValueUse>,
    m: ValueUse,
    idx: Uses,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    hoist(&mut o, &["nontemporal", "alignment"]);
    if let Some(v) = value {
        o.operand(v, Some(b));
    }
    o.operand(m, Some(a));
    for i in idx {
        o.operand(i, Some(index));
    }
    if value.is_none() {
        o.result_types.push(b);
    }
    o
}

/// `vector.create_mask %a, ... : V`, the sizes being `index` values.
pub fn create_mask<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vs: Uses,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for v in vs {
        o.operand(v, Some(index));
    }
    o.result_types.push(t);
    o
}

/// `vector.constant_mask [3, 2] : V`.
pub fn constant_mask<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sizes: Vec<i64>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("mask_dim_sizes", Attr::dense_i64(&sizes));
    o.result_types.push(t);
    o
}

/// `vector.transpose %v, [1, 0] : V to W`.
pub fn vector_transpose<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    perm: Vec<i64>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Box<Op<'a>> {
    let mut o = unary(tree, n, v, Some(a), attrs, &[b]);
    o.prop("permutation", Attr::dense_i64(&perm));
    o
}

/// `vector.insert_strided_slice %a, %b {offsets = [..], strides = [..]} : V into W`.
#[allow(clippy::too_many_arguments)]
pub fn insert_strided_slice<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    a: ValueUse,
    b: ValueUse,
    attrs: Option<Dict>,
    ta: TypeId,
    tb: TypeId,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(a, Some(ta));
    o.operand(b, Some(tb));
    hoist(&mut o, &STRIDED_SLICE_PROPS);
    o.result_types.push(tb);
    o
}

/// `vector.extract %v[1, %i] : E from V`: the position is `static_position` with the
/// dynamic entries as operands.
#[allow(clippy::too_many_arguments)]
pub fn vector_extract<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    position: Vec<Mixed>,
    attrs: Option<Dict>,
    elem: TypeId,
    (from, from_span): Named<'a>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    if from != "from" {
        return Err(user(from_span, format!("expected 'from' in {}", n.0)));
    }
    let index = tree.index;
    let (statics, dynamics) = split_mixed(position);
    let mut o = unary(tree, n, v, Some(t), attrs, &[elem]);
    for d in dynamics {
        o.operand(d, Some(index));
    }
    o.prop("static_position", Attr::dense_i64(&statics));
    Ok(o)
}

/// `vector.insert %e, %v [1, %i] : E into V`.
#[allow(clippy::too_many_arguments)]
pub fn vector_insert<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    e: ValueUse,
    v: ValueUse,
    position: Vec<Mixed>,
    attrs: Option<Dict>,
    elem: TypeId,
    t: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let (statics, dynamics) = split_mixed(position);
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(e, Some(elem));
    o.operand(v, Some(t));
    for d in dynamics {
        o.operand(d, Some(index));
    }
    o.prop("static_position", Attr::dense_i64(&statics));
    o.result_types.push(t);
    o
}

/// `vector.reduction <add>, %v (, %acc)? fastmath<...>? : V into E`.
#[allow(clippy::too_many_arguments)]
pub fn reduction<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    kind: &str,
    v: ValueUse,
    acc: Option<ValueUse>,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    t: TypeId,
    e: TypeId,
) -> Box<Op<'a>> {
    let mut o = unary(tree, n, v, Some(t), attrs, &[e]);
    if let Some(acc) = acc {
        o.operand(acc, Some(e));
    }
    o.prop(
        "kind",
        Attr::Opaque {
            text: format!("#vector.kind<{kind}>").into(),
            ty: None,
        },
    );
    set_flags(&mut o, flags);
    o
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        TransferRead => Form::new(&["operandSegmentSizes"], |p, op| {
            p.transfer(op, TransferRead)
        }),
        TransferWrite => Form::new(&["operandSegmentSizes"], |p, op| {
            p.transfer(op, TransferWrite)
        }),
        VectorLoad => Form::new(&[], |p, op| p.vector_load(op, VectorLoad)),
        VectorStore => Form::new(&[], |p, op| p.vector_load(op, VectorStore)),
        CreateMask => Form::new(&[], |p, op| p.create_mask(op)),
        ConstantMask => Form::new(&[], |p, op| p.vector_on_vectors(op, ConstantMask)),
        VectorTranspose => Form::new(&["permutation"], |p, op| {
            p.vector_on_vectors(op, VectorTranspose)
        }),
        InsertStridedSlice => Form::new(&[], |p, op| p.vector_on_vectors(op, InsertStridedSlice)),
        VectorExtract => Form::new(&[], |p, op| p.vector_on_vectors(op, VectorExtract)),
        VectorInsert => Form::new(&[], |p, op| p.vector_on_vectors(op, VectorInsert)),
        Reduction => Form::new(&["fastmath"], |p, op| p.vector_on_vectors(op, Reduction)),
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
        // Read: source, indices, padding, mask; write: vector, destination, indices, mask.
        let groups = self.groups(op)?;
        if groups[3].len() > 1 {
            return None;
        }
        let (stored, shaped, indices, padding) = match groups {
            [[source], indices, [padding], _] if read && o.results.len() == 1 => {
                (None, *source, indices, Some(*padding))
            }
            [[vector], [dest], indices, _] if !read => {
                let tensor = matches!(m.value_type(*dest), Type::Tensor { .. });
                if o.results.len() != usize::from(tensor) {
                    return None;
                }
                (Some(*vector), *dest, indices, None)
            }
            _ => return None,
        };
        let shaped_ty = m.value(shaped).ty;
        let vector_ty = m.value(stored.unwrap_or_else(|| o.results[0])).ty;
        self.out.push(' ');
        if let Some(vector) = stored {
            let _ = write!(self.out, "{}, ", self.v(vector));
        }
        let _ = write!(self.out, "{}[", self.v(shaped));
        self.values(indices);
        self.out.push(']');
        for v in padding.iter().chain(groups[3]) {
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

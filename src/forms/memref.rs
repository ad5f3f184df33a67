//! The custom forms of the memref ops, and of the casts, loads, stores and slices of other
//! dialects that share their syntax. For each syntax class defined here: the grammar action
//! that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::{BadSegments, Form, operand_groups};
use crate::ir::ops::{ATOMIC_RMW_KINDS, OpClass};
use crate::ir::print::{Printer, symbol};
use crate::ir::types::{Attr, Type, parse_int, unescape};
use crate::ir::{Module, OpId, RegionId, TypeId, ValueId};
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, Indexed, Named, PErr, hoist, op, segments, split_mixed, symbol_ref, unary, user,
    with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

pub fn alloc<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sizes: Uses,
    syms: Option<Vec<ValueUse>>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    let syms = syms.unwrap_or_default();
    segments(&mut o, &[sizes.len(), syms.len()]);
    hoist(&mut o, &["alignment"]);
    o.operands_untyped(sizes);
    o.operands_untyped(syms);
    o.result_types.push(t);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn view<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    off: ValueUse,
    sizes: Vec<ValueUse>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, src, Some(a), attrs, &[b]);
    o.operand(off, Some(index));
    for s in sizes {
        o.operand(s, Some(index));
    }
    o
}

#[allow(clippy::too_many_arguments)]
pub fn subview<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    dst: Option<ValueUse>,
    offsets: Vec<Mixed>,
    sizes: Vec<Mixed>,
    strides: Vec<Mixed>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    let (so, dyn_o) = split_mixed(offsets);
    let (ss, dyn_s) = split_mixed(sizes);
    let (st, dyn_st) = split_mixed(strides);
    o.operand(src, Some(a));
    let mut segs = vec![1];
    if let Some(d) = dst {
        o.operand(d, Some(b));
        segs.push(1);
    }
    segs.extend([dyn_o.len(), dyn_s.len(), dyn_st.len()]);
    for v in dyn_o.into_iter().chain(dyn_s).chain(dyn_st) {
        o.operand(v, Some(index));
    }
    segments(&mut o, &segs);
    o.prop("static_offsets", Attr::dense_i64(&so));
    o.prop("static_sizes", Attr::dense_i64(&ss));
    o.prop("static_strides", Attr::dense_i64(&st));
    o.result_types.push(b);
    o
}

pub(super) fn reassociation_attr(re: &[Vec<i64>]) -> Attr {
    Attr::Array(
        re.iter()
            .map(|g| {
                Attr::Array(
                    g.iter()
                        .map(|i| Attr::Int {
                            text: i.to_string().into(),
                            ty: None,
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

#[allow(clippy::too_many_arguments)]
pub fn reshape<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    re: Vec<Vec<i64>>,
    shape: Option<Vec<Mixed>>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let expand = n.0.ends_with("expand_shape");
    let index = tree.index;
    let mut o = unary(tree, n, src, Some(a), attrs, &[b]);
    o.prop("reassociation", reassociation_attr(&re));
    match (expand, shape) {
        (true, Some(shape)) => {
            let (statics, dynamics) = split_mixed(shape);
            for v in dynamics {
                o.operand(v, Some(index));
            }
            o.prop("static_output_shape", Attr::dense_i64(&statics));
        }
        (true, None) => return Err(user(o.name_span, "expand_shape needs 'output_shape [...]'")),
        (false, Some(_)) => {
            return Err(user(o.name_span, "collapse_shape takes no 'output_shape'"));
        }
        (false, None) => {}
    }
    Ok(o)
}

pub fn load<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    m: ValueUse,
    idx: Uses,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let elem = tree.element_of(t);
    let index = tree.index;
    let mut o = unary(tree, n, m, Some(t), attrs, &[elem]);
    for i in idx {
        o.operand(i, Some(index));
    }
    o
}

pub fn store<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    m: ValueUse,
    idx: Uses,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let elem = tree.element_of(t);
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(v, Some(elem));
    o.operand(m, Some(t));
    for i in idx {
        o.operand(i, Some(index));
    }
    o
}

pub fn tensor_insert<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    m: ValueUse,
    idx: Uses,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = store(tree, n, v, m, idx, attrs, t);
    o.result_types.push(t);
    o
}

pub fn copy<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    a: ValueUse,
    b: ValueUse,
    attrs: Option<Dict>,
    ta: TypeId,
    tb: TypeId,
) -> Box<Op<'a>> {
    let mut o = unary(tree, n, a, Some(ta), attrs, &[]);
    o.operand(b, Some(tb));
    o
}

pub fn dim<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    a: ValueUse,
    i: ValueUse,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, a, Some(t), attrs, &[index]);
    o.operand(i, Some(index));
    o
}

pub fn get_global<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sym: &str,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("name", symbol_ref(sym, vec![]));
    o.result_types.push(t);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn global<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vis: Option<&str>,
    constant: bool,
    sym: &str,
    t: TypeId,
    init: Option<Option<Attr>>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    hoist(&mut o, &["alignment"]);
    if constant {
        o.prop("constant", Attr::Unit);
    }
    match init {
        Some(Some(a)) => o.prop("initial_value", a),
        Some(None) => o.prop("initial_value", Attr::Unit),
        None => {}
    }
    o.prop(
        "sym_name",
        Attr::string(&unescape(sym.trim_start_matches('@'))),
    );
    if let Some(v) = vis {
        o.prop(
            "sym_visibility",
            Attr::Str {
                text: v.into(),
                ty: None,
            },
        );
    }
    o.prop("type", Attr::Type(tree.ty(t).clone()));
    o
}

#[allow(clippy::too_many_arguments)]
pub fn transpose<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    a: ValueUse,
    dims: Vec<&str>,
    perm: Vec<&str>,
    attrs: Option<Dict>,
    ta: TypeId,
    tb: TypeId,
) -> Box<Op<'a>> {
    let mut o = unary(tree, n, a, Some(ta), attrs, &[tb]);
    let text = format!("affine_map<({}) -> ({})>", dims.join(", "), perm.join(", "));
    o.prop(
        "permutation",
        Attr::Opaque {
            text: text.into(),
            ty: None,
        },
    );
    o
}

#[allow(clippy::too_many_arguments)]
pub fn reinterpret_cast<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    a: ValueUse,
    offsets: Vec<Mixed>,
    sizes: Vec<Mixed>,
    strides: Vec<Mixed>,
    attrs: Option<Dict>,
    ta: TypeId,
    tb: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, a, Some(ta), attrs, &[tb]);
    let (so, dyn_o) = split_mixed(offsets);
    let (ss, dyn_s) = split_mixed(sizes);
    let (st, dyn_st) = split_mixed(strides);
    segments(&mut o, &[1, dyn_o.len(), dyn_s.len(), dyn_st.len()]);
    for v in dyn_o.into_iter().chain(dyn_s).chain(dyn_st) {
        o.operand(v, Some(index));
    }
    o.prop("static_offsets", Attr::dense_i64(&so));
    o.prop("static_sizes", Attr::dense_i64(&ss));
    o.prop("static_strides", Attr::dense_i64(&st));
    o
}

/// `memref.realloc %m(%size)? : T to U`; an `alignment` in the dictionary is a property.
#[allow(clippy::too_many_arguments)]
pub fn realloc<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    size: Option<ValueUse>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, src, Some(a), attrs, &[b]);
    if let Some(s) = size {
        o.operand(s, Some(index));
    }
    hoist(&mut o, &["alignment"]);
    o
}

/// `memref.assume_alignment %m, 16 : T`: the alignment is an `i32` property, and the result
/// has the operand's type.
pub fn assume_alignment<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    m: ValueUse,
    (al, span): Named<'a>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let value = parse_int(al)
        .filter(|v| i32::try_from(*v).is_ok())
        .ok_or_else(|| user(span, format!("integer '{al}' does not fit in 32 bits")))?;
    let mut o = unary(tree, n, m, Some(t), attrs, &[t]);
    o.prop(
        "alignment",
        Attr::Int {
            text: value.to_string().into(),
            ty: Some(Type::i(32)),
        },
    );
    Ok(o)
}

/// The function type of a custom form that must have `inputs` inputs and one result.
pub(super) fn fixed_fn_type<'a>(
    n: &Named<'a>,
    ft: FnType,
    inputs: usize,
) -> Result<(Vec<TypeId>, TypeId), PErr<'a>> {
    match ft.results[..] {
        [r] if ft.inputs.len() == inputs => Ok((ft.inputs, r)),
        _ => Err(user(
            n.1,
            format!(
                "'{}' needs a type '({}) -> result'",
                n.0,
                vec!["type"; inputs].join(", ")
            ),
        )),
    }
}

/// `memref.reshape %m(%shape) : (T, S) -> U`.
pub fn memref_reshape<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    shape: ValueUse,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let (inputs, result) = fixed_fn_type(&n, ft, 2)?;
    let mut o = unary(tree, n, src, Some(inputs[0]), attrs, &[result]);
    o.operand(shape, Some(inputs[1]));
    Ok(o)
}

/// `memref.atomic_rmw addf %v, %m[%i] : (E, T) -> E`: the kind is an `i64` property.
#[allow(clippy::too_many_arguments)]
pub fn atomic_rmw<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    (kind, kind_span): Named<'a>,
    v: ValueUse,
    m: ValueUse,
    idx: Uses,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let number = ATOMIC_RMW_KINDS
        .iter()
        .position(|k| *k == kind)
        .ok_or_else(|| {
            user(
                kind_span,
                format!(
                    "unknown atomic_rmw kind '{kind}' (expected one of {})",
                    ATOMIC_RMW_KINDS.join(", ")
                ),
            )
        })?;
    let (inputs, result) = fixed_fn_type(&n, ft, 2)?;
    let index = tree.index;
    let mut o = unary(tree, n, v, Some(inputs[0]), attrs, &[result]);
    o.operand(m, Some(inputs[1]));
    for i in idx {
        o.operand(i, Some(index));
    }
    o.prop(
        "kind",
        Attr::Int {
            text: number.to_string().into(),
            ty: Some(Type::i(64)),
        },
    );
    Ok(o)
}

/// `memref.generic_atomic_rmw %m[%i] : T { ^bb0(%current: E): ... }`: one result of the
/// element type.
#[allow(clippy::too_many_arguments)]
pub fn generic_atomic_rmw<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    m: ValueUse,
    idx: Uses,
    t: TypeId,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let elem = tree.element_of(t);
    let index = tree.index;
    let mut o = unary(tree, n, m, Some(t), attrs, &[elem]);
    for i in idx {
        o.operand(i, Some(index));
    }
    o.regions.push(body);
    o
}

/// `memref.prefetch %m[%i], read|write, locality<0..3>, data|instr : T`.
#[allow(clippy::too_many_arguments)]
pub fn prefetch<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    m: ValueUse,
    idx: Uses,
    (rw, rw_span): Named<'a>,
    (loc, loc_span): Named<'a>,
    (hint, hint_span): Named<'a>,
    (cache, cache_span): Named<'a>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let is_write = match rw {
        "read" => false,
        "write" => true,
        _ => return Err(user(rw_span, "rw specifier has to be 'read' or 'write'")),
    };
    if loc != "locality" {
        return Err(user(loc_span, "expected 'locality<0..3>'"));
    }
    let hint = parse_int(hint)
        .filter(|h| (0..=3).contains(h))
        .ok_or_else(|| user(hint_span, "locality hint has to be between 0 and 3"))?;
    let is_data = match cache {
        "data" => true,
        "instr" => false,
        _ => {
            return Err(user(cache_span, "cache type has to be 'data' or 'instr'"));
        }
    };
    let index = tree.index;
    let mut o = unary(tree, n, m, Some(t), attrs, &[]);
    for i in idx {
        o.operand(i, Some(index));
    }
    o.prop("isDataCache", Attr::Bool(is_data));
    o.prop("isWrite", Attr::Bool(is_write));
    o.prop(
        "localityHint",
        Attr::Int {
            text: hint.to_string().into(),
            ty: Some(Type::i(32)),
        },
    );
    Ok(o)
}

/// `memref.dma_start %src[..], %dst[..], %n, %tag[..](, %stride, %per_stride)? : S, D, T`:
/// every operand but the three memrefs is an `index`.
#[allow(clippy::too_many_arguments)]
pub fn dma_start<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: Indexed,
    dst: Indexed,
    num: ValueUse,
    tag: Indexed,
    stride: Option<(ValueUse, ValueUse)>,
    attrs: Option<Dict>,
    ts: Types,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let [ts, td, tt] = ts[..] else {
        return Err(user(
            n.1,
            "'memref.dma_start' needs three types: source, destination and tag",
        ));
    };
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for ((m, idx), t) in [(src, ts), (dst, td)] {
        o.operand(m, Some(t));
        for i in idx {
            o.operand(i, Some(index));
        }
    }
    o.operand(num, Some(index));
    o.operand(tag.0, Some(tt));
    for i in tag.1 {
        o.operand(i, Some(index));
    }
    if let Some((s, p)) = stride {
        o.operand(s, Some(index));
        o.operand(p, Some(index));
    }
    Ok(o)
}

/// `memref.dma_wait %tag[..], %n : T`.
pub fn dma_wait<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    tag: Indexed,
    num: ValueUse,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, tag.0, Some(t), attrs, &[]);
    for i in tag.1 {
        o.operand(i, Some(index));
    }
    o.operand(num, Some(index));
    o
}

/// `memref.atomic_yield %v : E`.
pub fn atomic_yield<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    unary(tree, n, v, Some(t), attrs, &[])
}

/// A `memref.alloc` or `memref.alloca`, decoded: its dynamic sizes (one per `?` of its type,
/// in order) and its symbols (of its layout), as `operandSegmentSizes` splits its operands
/// (without it, every operand is a size).
pub(crate) struct AllocView<'m> {
    /// The dynamic sizes.
    pub sizes: &'m [ValueId],
    /// The layout's symbols.
    pub symbols: &'m [ValueId],
}

impl<'m> AllocView<'m> {
    /// The view of `op`, or why its operands do not split.
    pub(crate) fn of(m: &'m Module, op: OpId) -> Result<AllocView<'m>, BadSegments> {
        let [sizes, symbols] = operand_groups(m, op)?.unwrap_or([&m.op(op).operands, &[]]);
        Ok(AllocView { sizes, symbols })
    }
}

/// An op with mixed static and dynamic offsets, sizes and strides (`memref.subview`,
/// `memref.reinterpret_cast`, `tensor.extract_slice`, `tensor.insert_slice`), decoded as
/// `operandSegmentSizes` splits its operands: the source, the destination (of
/// `tensor.insert_slice` only), then the dynamic offsets, sizes and strides.
pub(crate) struct SliceView<'m> {
    pub source: ValueId,
    pub dest: Option<ValueId>,
    pub offsets: &'m [ValueId],
    pub sizes: &'m [ValueId],
    pub strides: &'m [ValueId],
}

impl<'m> SliceView<'m> {
    /// The view of `op`, with a destination if `into`; `None` where the segments are missing
    /// or do not split its operands so.
    pub(crate) fn of(m: &'m Module, op: OpId, into: bool) -> Option<SliceView<'m>> {
        let (source, dest, [offsets, sizes, strides]) = if into {
            let [&[source], &[dest], offsets, sizes, strides] = operand_groups(m, op).ok()?? else {
                return None;
            };
            (source, Some(dest), [offsets, sizes, strides])
        } else {
            let [&[source], offsets, sizes, strides] = operand_groups(m, op).ok()?? else {
                return None;
            };
            (source, None, [offsets, sizes, strides])
        };
        Some(SliceView {
            source,
            dest,
            offsets,
            sizes,
            strides,
        })
    }
}

/// What the slices' syntax shows: the operands' segments and the static offsets, sizes and
/// strides among them.
const SLICE: &[&str] = &[
    "operandSegmentSizes",
    "static_offsets",
    "static_sizes",
    "static_strides",
];

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        Alloc => Form::new(&["operandSegmentSizes"], |p, op| p.alloc(op)),
        Dealloc => Form::new(&[], |p, op| p.dealloc(op)),
        CastLike => Form::new(
            &[
                "restrict",
                "writable",
                "read_only",
                "fastmath",
                "overflowFlags",
            ],
            |p, op| p.cast_like(op),
        ),
        View => Form::new(&[], |p, op| p.view(op)),
        Subview => Form::new(SLICE, |p, op| p.subview(op, Subview)),
        InsertSlice => Form::new(SLICE, |p, op| p.subview(op, InsertSlice)),
        Reshape => Form::new(&["reassociation", "static_output_shape"], |p, op| {
            p.reshape(op)
        }),
        Load => Form::new(&[], |p, op| p.load(op)),
        Store => Form::new(&[], |p, op| p.store(op, Store)),
        TensorInsert => Form::new(&[], |p, op| p.store(op, TensorInsert)),
        Copy => Form::new(&[], |p, op| p.copy(op)),
        Dim => Form::new(&[], |p, op| p.dim(op)),
        Rank => Form::new(&[], |p, op| p.dealloc(op)),
        GetGlobal => Form::new(&["name"], |p, op| p.get_global(op)),
        Global => Form::new(
            &[
                "sym_name",
                "sym_visibility",
                "type",
                "initial_value",
                "constant",
            ],
            |p, op| p.global(op),
        ),
        ExtractMetadata => Form::new(&[], |p, op| p.extract_metadata(op)),
        ExtractPointer => Form::new(&[], |p, op| p.extract_metadata(op)),
        Transpose => Form::new(&["permutation"], |p, op| p.memref_transpose(op)),
        ReinterpretCast => Form::new(SLICE, |p, op| p.reinterpret_cast(op)),
        AllocaScope => Form::new(&[], |p, op| p.alloca_scope(op)),
        ToTensor => Form::new(
            &[
                "restrict",
                "writable",
                "read_only",
                "fastmath",
                "overflowFlags",
            ],
            |p, op| p.cast_like(op),
        ),
        ToBuffer => Form::new(
            &[
                "restrict",
                "writable",
                "read_only",
                "fastmath",
                "overflowFlags",
            ],
            |p, op| p.cast_like(op),
        ),
        Realloc => Form::new(&[], |p, op| p.realloc(op)),
        AssumeAlignment => Form::new(&[], |p, op| p.assume_alignment(op)),
        MemrefReshape => Form::new(&[], |p, op| p.memref_reshape(op)),
        AtomicRmw => Form::new(&[], |p, op| p.atomic_rmw(op)),
        GenericAtomicRmw => Form::new(&[], |p, op| p.generic_atomic_rmw(op)),
        AtomicYield => Form::new(&[], |p, op| p.atomic_yield(op)),
        Prefetch => Form::new(&[], |p, op| p.prefetch(op)),
        DmaStart => Form::new(&[], |p, op| p.dma_start(op)),
        DmaWait => Form::new(&[], |p, op| p.dma_wait(op)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `Alloc` (after the op name).
    pub(super) fn alloc(&mut self, op: OpId) -> Option<()> {
        let view = AllocView::of(self.m, op).ok()?;
        if self.m.op(op).results.len() != 1 {
            return None;
        }
        self.out.push('(');
        self.values(view.sizes);
        self.out.push(')');
        if !view.symbols.is_empty() {
            self.out.push('[');
            self.values(view.symbols);
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
        self.prop(op, "operandSegmentSizes")?;
        let SliceView {
            source,
            dest,
            offsets,
            sizes,
            strides,
        } = SliceView::of(m, op, insert)?;
        if n_res != 1 {
            return None;
        }
        let so = self.dense(op, "static_offsets")?;
        let ss = self.dense(op, "static_sizes")?;
        let st = self.dense(op, "static_strides")?;
        let _ = write!(self.out, " {}", self.v(source));
        if let Some(dest) = dest {
            let _ = write!(self.out, " into {}", self.v(dest));
        }
        self.mixed(&so, offsets, '[', ']')?;
        self.out.push(' ');
        self.mixed(&ss, sizes, '[', ']')?;
        self.out.push(' ');
        self.mixed(&st, strides, '[', ']')?;
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
        self.prop(op, "operandSegmentSizes")?;
        let SliceView {
            source,
            offsets,
            sizes,
            strides,
            ..
        } = SliceView::of(m, op, false)?;
        if n_res != 1 {
            return None;
        }
        let so = self.dense(op, "static_offsets")?;
        let ss = self.dense(op, "static_sizes")?;
        let st = self.dense(op, "static_strides")?;
        let _ = write!(self.out, " {} to offset: ", self.v(source));
        self.mixed(&so, offsets, '[', ']')?;
        self.out.push_str(", sizes: ");
        self.mixed(&ss, sizes, '[', ']')?;
        self.out.push_str(", strides: ");
        self.mixed(&st, strides, '[', ']')?;
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
        if n_ops != 1 || n_res != 1 || m.value(o.results[0]).ty != m.value(o.operands[0]).ty {
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

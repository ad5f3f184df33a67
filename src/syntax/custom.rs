//! What the grammar actions of custom forms share: the generic form, types and attributes,
//! and the helpers the actions of `forms/` build their ops with. Each action builds the
//! `ast::Op` that the op's generic form would give (same operands in the same order, MLIR's
//! property names and encodings), so the rest of bufreuse never needs to know which form it
//! read. Each syntax class's own action lives in `forms/`, with its printer.
//!
//! Types are ids into the tree's type table (`Tree::ty`); regions are already in the tree,
//! and the actions that add implied terminators or block arguments edit them there.

use super::ast::*;
use super::lexer::{PTok, SpannedLexError};
use super::token::{LexError, Shape, ShapedKind};
use super::tree::{MAX_TYPE_DEPTH, Tree, attr_depth};
use crate::diag::Diagnostic;
use crate::ir::ops::{StructuredForm, structured_form};
use crate::ir::types::{
    Attr, MemRefType, Signedness, Type, canonical_layout, canonical_memory_space, parse_int,
    unescape,
};
use crate::ir::{RegionId, TypeId};
use crate::source::Span;
use lalrpop_util::ParseError;
use std::borrow::Cow;
use std::sync::Arc;

/// The parser's error type.
pub type PErr<'a> = ParseError<usize, PTok<'a>, SpannedLexError>;

pub(crate) type Named<'a> = (&'a str, Span);
pub(crate) type Dict = Vec<(Box<str>, Attr)>;
pub(crate) type FuncArg = (Option<Span>, TypeId, Option<Dict>);
pub(crate) type Flag<'a> = (&'static str, Vec<&'a str>);

pub(crate) fn user<'a>(span: Span, message: impl Into<String>) -> PErr<'a> {
    ParseError::User {
        error: SpannedLexError {
            error: LexError::Custom(message.into()),
            span,
        },
    }
}

/// `%x:3` result count.
pub fn count<'a>(text: &str, l: usize, r: usize) -> Result<u32, PErr<'a>> {
    match text.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(user(
            Span::new(l, r),
            format!("invalid result count '{text}'"),
        )),
    }
}

/// An integer that must fit in i64.
pub fn int<'a>(text: &str, l: usize, r: usize) -> Result<i64, PErr<'a>> {
    parse_int(text).ok_or_else(|| {
        user(
            Span::new(l, r),
            format!("integer '{text}' does not fit in 64 bits"),
        )
    })
}

/// The text of a raw attribute token (`dense<...>`, `affine_map<...>`, ...) as MLIR prints it:
/// whitespace between the keyword and its `<` (`dense <1.0>`) is dropped.
pub fn raw_attr_text(token: &str) -> Box<str> {
    match token.find('<') {
        Some(open) if token[..open].ends_with(|c: char| c.is_ascii_whitespace()) => {
            format!("{}{}", token[..open].trim_end(), &token[open..]).into()
        }
        _ => token.into(),
    }
}

/// The type of an attribute's `: type` suffix, as a value.
pub fn type_value(tree: &Tree<'_>, ty: Option<TypeId>) -> Option<Type> {
    ty.map(|t| tree.ty(t).clone())
}

pub fn int_type(t: &str) -> Type {
    let (signedness, digits) = if let Some(d) = t.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = t.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, &t[1..])
    };
    Type::Int {
        width: digits.parse().unwrap_or(0),
        signedness,
    }
}

/// `memref<...>`, `tensor<...>`, `vector<...>` from the dims token, element type and the
/// trailing attributes (layout and memory space, or encoding), written at `l..r`.
pub fn shaped<'a>(
    tree: &mut Tree<'a>,
    s: Shape<'a>,
    elem: TypeId,
    rest: Vec<Attr>,
    l: usize,
    r: usize,
) -> Result<TypeId, PErr<'a>> {
    if let Some(t) = tree.type_at(l, r) {
        return Ok(t);
    }
    let parts = rest.iter().map(attr_depth).fold(tree.depth(elem), u32::max);
    nested(parts, l, r)?;
    let t = shaped_type(s, tree.ty(elem).clone(), rest, Span::new(l, r))?;
    Ok(tree.remember_type(l, r, t))
}

/// Refuses a type at `l..r` whose deepest part nests `parts` deep when it would nest too deep.
fn nested<'a>(parts: u32, l: usize, r: usize) -> Result<(), PErr<'a>> {
    if parts >= MAX_TYPE_DEPTH {
        return Err(user(
            Span::new(l, r),
            format!("types nested more than {MAX_TYPE_DEPTH} deep are not supported"),
        ));
    }
    Ok(())
}

/// `complex<t>`
pub fn complex<'a>(tree: &mut Tree<'a>, t: TypeId, l: usize, r: usize) -> Result<TypeId, PErr<'a>> {
    nested(tree.depth(t), l, r)?;
    let t = Type::Complex(Arc::new(tree.ty(t).clone()));
    Ok(tree.intern(t))
}

/// `tuple<a, b>`
pub fn tuple<'a>(
    tree: &mut Tree<'a>,
    ts: &[TypeId],
    l: usize,
    r: usize,
) -> Result<TypeId, PErr<'a>> {
    nested(ts.iter().map(|t| tree.depth(*t)).max().unwrap_or(0), l, r)?;
    let t = Type::Tuple(tree.types_of(ts).into());
    Ok(tree.intern(t))
}

/// A function type used as a type (`(a) -> b`).
pub fn function_type<'a>(
    tree: &mut Tree<'a>,
    ft: &FnType,
    l: usize,
    r: usize,
) -> Result<TypeId, PErr<'a>> {
    let parts = ft
        .inputs
        .iter()
        .chain(&ft.results)
        .map(|t| tree.depth(*t))
        .max();
    nested(parts.unwrap_or(0), l, r)?;
    Ok(tree.function_type(ft))
}

fn shaped_type<'a>(
    s: Shape<'a>,
    elem: Type,
    rest: Vec<Attr>,
    span: Span,
) -> Result<Type, PErr<'a>> {
    let kind = s.kind;
    let dims = s.dims();
    match kind {
        ShapedKind::Vector => {
            if !rest.is_empty() {
                return Err(user(span, "a vector type takes no attributes"));
            }
            let Some(shape) = dims else {
                return Err(user(span, "a vector type cannot be unranked"));
            };
            Ok(Type::Vector {
                shape,
                elem: Arc::new(elem),
            })
        }
        ShapedKind::Tensor => {
            if rest.len() > 1 {
                return Err(user(span, "a tensor type takes at most one encoding"));
            }
            Ok(Type::Tensor {
                shape: dims,
                elem: Arc::new(elem),
                encoding: rest.into_iter().next().map(Box::new),
            })
        }
        ShapedKind::MemRef => {
            let mut layout = None;
            let mut memory_space = None;
            match rest.len() {
                0 => {}
                1 => {
                    let a = rest.into_iter().next().expect("one attribute");
                    if dims.is_some() && is_layout(&a) {
                        layout = canonical_layout(a);
                    } else {
                        memory_space = canonical_memory_space(a);
                    }
                }
                2 => {
                    let mut it = rest.into_iter();
                    layout = it.next().and_then(canonical_layout);
                    memory_space = it.next().and_then(canonical_memory_space);
                }
                _ => {
                    return Err(user(
                        span,
                        "a memref type takes a layout and a memory space at most",
                    ));
                }
            }
            Ok(Type::MemRef(Box::new(MemRefType {
                shape: dims,
                elem,
                layout,
                memory_space,
            })))
        }
    }
}

/// Whether an attribute in a memref type is a layout (not a memory space). Aliases are
/// taken as layouts only when they are not plain integers; the builder resolves them.
fn is_layout(a: &Attr) -> bool {
    match a {
        Attr::Opaque { text, .. } => {
            text.starts_with("affine_map<") || text.starts_with("strided<")
        }
        Attr::Alias(name) => {
            name.starts_with("#map") || name.contains("layout") || name.contains("strided")
        }
        _ => false,
    }
}

/// `!name` is an alias reference; `!dialect.name...` a dialect type.
pub fn bang_type(t: &str) -> Type {
    if t.contains('.') || t.contains('<') {
        Type::Opaque(t.into())
    } else {
        Type::Alias(t.into())
    }
}

/// `#name` (alias), `#dialect.attr<...>` (kept as text). An alias must be defined above its
/// use, as MLIR requires; when it is not, the error is recorded (once per name) and parsing
/// goes on.
pub fn hash_attr<'a>(tree: &mut Tree<'a>, (t, span): Named<'a>, ty: Option<Type>) -> Attr {
    if t.contains('<') || t.contains('.') || ty.is_some() {
        Attr::Opaque { text: t.into(), ty }
    } else {
        if !tree.attr_alias_defined(t) {
            tree.undefined_attr_alias(t, span);
        }
        Attr::Alias(t.into())
    }
}

pub fn symbol_ref(first: &str, rest: Vec<&str>) -> Attr {
    let mut parts: Vec<Box<str>> = vec![first.into()];
    parts.extend(rest.into_iter().map(Into::into));
    Attr::SymbolRef(parts)
}

pub(crate) fn op<'a>(tree: &mut Tree<'a>, n: Named<'a>) -> Box<Op<'a>> {
    tree.op(n.0, n.1)
}

pub(crate) fn with_attrs<'a>(mut o: Box<Op<'a>>, attrs: Option<Dict>) -> Box<Op<'a>> {
    o.attrs = attrs.unwrap_or_default();
    o
}

/// Moves inherent attributes written in the attribute dictionary into the properties.
pub(crate) fn hoist(o: &mut Op<'_>, names: &[&str]) {
    let mut i = 0;
    while i < o.attrs.len() {
        if names.contains(&&*o.attrs[i].0) {
            let (k, v) = o.attrs.remove(i);
            o.props.push((k, v));
        } else {
            i += 1;
        }
    }
}

pub(crate) fn segments(o: &mut Op<'_>, sizes: &[usize]) {
    let v: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
    o.prop("operandSegmentSizes", Attr::dense_i32(&v));
}

/// Splits a mixed static/dynamic list into MLIR's static array and dynamic operands.
pub(crate) fn split_mixed(list: Vec<Mixed>) -> (Vec<i64>, Vec<ValueUse>) {
    let mut statics = Vec::with_capacity(list.len());
    let mut dynamics = Vec::new();
    for m in list {
        match m {
            Mixed::Static(v) => statics.push(v),
            Mixed::Dynamic(v) => {
                statics.push(DYNAMIC);
                dynamics.push(v);
            }
        }
    }
    (statics, dynamics)
}

pub(crate) fn set_flags(o: &mut Op<'_>, flags: Option<Vec<Flag<'_>>>) {
    for (kind, values) in flags.unwrap_or_default() {
        match kind {
            "fastmath" => o.prop(
                "fastmath",
                Attr::Opaque {
                    text: format!("#arith.fastmath<{}>", values.join(", ")).into(),
                    ty: None,
                },
            ),
            "overflow" => o.prop(
                "overflowFlags",
                Attr::Opaque {
                    text: format!("#arith.overflow<{}>", values.join(", ")).into(),
                    ty: None,
                },
            ),
            unit => o.prop(unit, Attr::Unit),
        }
    }
}

pub(crate) fn arg(span: Span, ty: ArgType) -> BlockArg {
    BlockArg { ty, span }
}

// ---------------------------------------------------------------------------------------------

#[allow(clippy::too_many_arguments)]
pub fn generic<'a>(
    tree: &mut Tree<'a>,
    name: (&'a str, Span),
    operands: Vec<ValueUse>,
    successors: Vec<Successor>,
    props: Option<Dict>,
    regions: Vec<RegionId>,
    attrs: Option<Dict>,
    ft: (FnType, Span),
) -> Result<Box<Op<'a>>, PErr<'a>> {
    // Most names have no escapes: they are borrowed from the text without their quotes.
    let op_name: Cow<'a, str> = if name.0.contains('\\') {
        Cow::Owned(unescape(name.0))
    } else {
        Cow::Borrowed(&name.0[1..name.0.len() - 1])
    };
    let FnType { inputs, results } = ft.0;
    if inputs.len() != operands.len() {
        return Err(user(
            ft.1,
            format!(
                "op has {} operands but its type lists {}",
                operands.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = tree.op(op_name, name.1);
    for (v, t) in operands.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    o.successors = successors;
    o.props = props.unwrap_or_default();
    o.attrs = attrs.unwrap_or_default();
    o.regions = regions;
    normalize_generic(tree, &mut o);
    Ok(o)
}

/// Brings known ops read in generic form to the shape their custom form gives.
fn normalize_generic(tree: &mut Tree<'_>, o: &mut Op<'_>) {
    use crate::ir::ops::{OpClass, syntax_class};
    // Old-style inherent attributes in the discardable dictionary.
    if let Some(class) = syntax_class(&o.name) {
        match class {
            OpClass::Alloc => hoist(o, &["alignment"]),
            OpClass::BufferDealloc => {
                hoist(o, &["operandSegmentSizes"]);
                // MLIR's default for an op with no operands, which it prints in generic form.
                let sized = o.props.iter().any(|(k, _)| &**k == "operandSegmentSizes");
                if !sized && o.operands.is_empty() {
                    segments(o, &[0, 0, 0]);
                }
            }
            OpClass::Global => hoist(
                o,
                &[
                    "alignment",
                    "sym_name",
                    "sym_visibility",
                    "type",
                    "initial_value",
                    "constant",
                ],
            ),
            OpClass::FuncFunc => hoist(
                o,
                &[
                    "sym_name",
                    "function_type",
                    "sym_visibility",
                    "arg_attrs",
                    "res_attrs",
                ],
            ),
            OpClass::Structured => {
                split_inits(o);
                if matches!(
                    structured_form(&o.name),
                    StructuredForm::Named | StructuredForm::ImpliedResults
                ) {
                    // A named op's body is implied by its name; the custom form does not show
                    // it. (An op of a syntax of its own is printed in generic form: it keeps
                    // its body.)
                    for r in &o.regions {
                        tree.clear_region(*r);
                    }
                }
            }
            OpClass::Generic => {
                for (k, v) in o.props.iter_mut().chain(o.attrs.iter_mut()) {
                    if &**k == "iterator_types"
                        && let Attr::Array(items) = v
                    {
                        for it in items.iter_mut() {
                            if let Attr::Opaque { text, .. } = it
                                && let Some(kind) = text
                                    .strip_prefix("#linalg.iterator_type<")
                                    .and_then(|t| t.strip_suffix('>'))
                            {
                                *it = Attr::string(kind);
                            }
                        }
                    }
                }
            }
            OpClass::Realloc | OpClass::AssumeAlignment => hoist(o, &["alignment"]),
            OpClass::AtomicRmw => hoist(o, &["kind"]),
            OpClass::Prefetch => hoist(o, &["isWrite", "localityHint", "isDataCache"]),
            OpClass::Switch => hoist(
                o,
                &[
                    "case_values",
                    "case_operand_segments",
                    "operandSegmentSizes",
                ],
            ),
            OpClass::FuncConstant => hoist(o, &["value"]),
            _ => {}
        }
    }
}

/// Tells inputs from inits for the linalg ops whose generic form has no `operandSegmentSizes`:
/// their definitions fix the split (`transpose` and `broadcast`: one input and one init;
/// `reduce`: as many inits as inputs; `map`: one init).
fn split_inits(o: &mut Op<'_>) {
    if o.props.iter().any(|(k, _)| &**k == "operandSegmentSizes") {
        return;
    }
    let n = o.operands.len();
    let inputs = match &*o.name {
        "linalg.transpose" | "linalg.broadcast" => n.min(1),
        "linalg.reduce" => n / 2,
        "linalg.map" => n.saturating_sub(1),
        _ => return,
    };
    segments(o, &[inputs, n - inputs]);
}

/// An op with one operand of a stated type and the given results.
pub fn unary<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    t: Option<TypeId>,
    attrs: Option<Dict>,
    results: &[TypeId],
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(v, t);
    o.result_types.extend_from_slice(results);
    o
}

pub fn cast<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Box<Op<'a>> {
    let mut o = unary(tree, n, v, Some(a), attrs, &[b]);
    set_flags(&mut o, flags);
    if o.name.as_ref() == "vector.extract_strided_slice" {
        hoist(&mut o, &STRIDED_SLICE_PROPS);
    }
    o
}

/// An op with untyped operands, results, regions and attributes (`memref.alloca_scope`).
pub fn region_op<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    operands: Vec<ValueUse>,
    results: Option<Vec<TypeId>>,
    regions: Vec<RegionId>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.operands_untyped(operands);
    o.result_types = results.unwrap_or_default();
    if o.name.as_ref() == "memref.alloca_scope" && o.result_types.is_empty() {
        for r in &regions {
            tree.ensure_terminator(*r, "memref.alloca_scope.return");
        }
    }
    o.regions = regions;
    o
}

pub(crate) type IterArgs = (Vec<(BlockArg, ValueUse)>, Vec<TypeId>);

pub(crate) fn typed_operands(o: &mut Op<'_>, vs: &[ValueUse], ts: &[TypeId]) -> usize {
    let n = vs.len();
    let typed = ts.len() == n;
    for (i, v) in vs.iter().enumerate() {
        o.operand(*v, if typed { Some(ts[i]) } else { None });
    }
    n
}

pub(crate) type TypedValues = (Vec<ValueUse>, Vec<TypeId>);

/// The dictionary that the attribute alias `#name` stands for, where an op reads a
/// dictionary (`linalg.generic #trait ins(...)`): MLIR expands the alias there.
pub fn dict_alias<'a>(tree: &mut Tree<'a>, (name, span): Named<'a>) -> Result<Dict, PErr<'a>> {
    match tree.attr_alias_value(name) {
        Some(Attr::Dict(d)) => Ok(d.clone()),
        Some(_) => Err(user(span, "invalid kind of attribute specified")),
        None if name.contains(['.', '<']) => Err(user(span, "invalid kind of attribute specified")),
        None => {
            // Not defined above; in a run of ops parsed apart (`parallel::split`), not defined
            // in it: that parse fails then, and the whole text is parsed again.
            tree.error(Diagnostic::error(
                span,
                format!("undefined symbol alias id '{}'", &name[1..]),
            ));
            Ok(Dict::new())
        }
    }
}

pub(crate) type SuccessorArgs = (Successor, Vec<ValueUse>, Vec<TypeId>);

// ---------------------------------------------------------------------------------------------
// memref.realloc, assume_alignment, reshape, atomics, prefetch, dma; cf.switch; func.constant

/// A memref with its indices, as `%m[%i, %j]` writes it.
pub type Indexed = (ValueUse, Uses);

// ---------------------------------------------------------------------------------------------
// affine

/// A bound of `affine.for` as written.
pub enum AffineBound<'a> {
    /// An integer (its text and span).
    Const(&'a str, Span),
    /// One SSA value: the map `()[s0] -> (s0)`.
    Symbol(ValueUse),
    /// `max`/`min` (when written), a map, its dim and symbol operands.
    Map(Option<Named<'a>>, Attr, Uses, Uses),
}

// ---------------------------------------------------------------------------------------------
// vector ops of vectorized linalg, and linalg ops with their own syntax

/// A part of `linalg.pack` / `linalg.unpack` before `into`, by its keyword.
pub enum PackPart<'a> {
    /// `padding_value(%p : t)`
    Value((&'a str, Span), ValueUse, TypeId),
    /// `inner_tiles = [8, %t]`, `inner_dims_pos = [0, 1]`, `outer_dims_perm = [1, 0]`
    List((&'a str, Span), Vec<Mixed>),
}

/// The keywords of `linalg.pack`'s parts, in the order they must come.
pub(crate) const PACK_PARTS: [&str; 4] = [
    "padding_value",
    "outer_dims_perm",
    "inner_dims_pos",
    "inner_tiles",
];

// ---------------------------------------------------------------------------------------------
// bufferization.alloc_tensor; vector ops on vectors (masks, slices, transpose, extract/insert,
// reduction)

/// The properties `vector.extract_strided_slice %v {offsets, sizes, strides} : V to W` (read
/// as a cast) and `vector.insert_strided_slice` write in their attribute dictionary.
pub(crate) const STRIDED_SLICE_PROPS: [&str; 3] = ["offsets", "sizes", "strides"];

// ---------------------------------------------------------------------------------------------
// affine.parallel, affine.delinearize_index

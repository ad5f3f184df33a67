//! Grammar actions for the custom forms of known ops: each builds the `ast::Op` that the op's
//! generic form would give (same operands in the same order, MLIR's property names and
//! encodings), so the rest of bufreuse never needs to know which form it read. The printer
//! (`ir::print`) turns these properties back into custom syntax.
//!
//! Types are ids into the tree's type table (`Tree::ty`); regions are already in the tree,
//! and the actions that add implied terminators or block arguments edit them there.

use super::ast::*;
use super::lexer::{PTok, SpannedLexError};
use super::token::{LexError, Shape, ShapedKind};
use super::tree::{MAX_TYPE_DEPTH, Tree, attr_depth};
use crate::diag::Diagnostic;
use crate::ir::ops::{
    ATOMIC_RMW_KINDS, CMPF_PREDICATES, CMPI_PREDICATES, ElementwiseTypes, WINOGRAD_FMR,
    has_own_syntax, implies_results, lookup, minor_identity_map, transfer_ranks,
};
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

type Named<'a> = (&'a str, Span);
type Dict = Vec<(Box<str>, Attr)>;
type FuncArg = (Option<Span>, TypeId, Option<Dict>);
type Flag<'a> = (&'static str, Vec<&'a str>);

fn user<'a>(span: Span, message: impl Into<String>) -> PErr<'a> {
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

fn op<'a>(tree: &mut Tree<'a>, n: Named<'a>) -> Box<Op<'a>> {
    tree.op(n.0, n.1)
}

fn with_attrs<'a>(mut o: Box<Op<'a>>, attrs: Option<Dict>) -> Box<Op<'a>> {
    o.attrs = attrs.unwrap_or_default();
    o
}

/// Moves inherent attributes written in the attribute dictionary into the properties.
fn hoist(o: &mut Op<'_>, names: &[&str]) {
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

fn segments(o: &mut Op<'_>, sizes: &[usize]) {
    let v: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
    o.prop("operandSegmentSizes", Attr::dense_i32(&v));
}

/// Splits a mixed static/dynamic list into MLIR's static array and dynamic operands.
fn split_mixed(list: Vec<Mixed>) -> (Vec<i64>, Vec<ValueUse>) {
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

fn set_flags(o: &mut Op<'_>, flags: Option<Vec<Flag<'_>>>) {
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

fn arg(span: Span, ty: ArgType) -> BlockArg {
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
                if !matches!(&*o.name, "linalg.map" | "linalg.reduce") && !has_own_syntax(&o.name) {
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

pub fn module<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sym: Option<&str>,
    attrs: Option<Dict>,
    body: RegionId,
) -> Box<Op<'a>> {
    let mut o = op(tree, n);
    if o.name_span == Span::default() {
        o.name_span = tree.region_span(body);
    }
    if let Some(s) = sym {
        o.prop(
            "sym_name",
            Attr::string(&unescape(s.trim_start_matches('@'))),
        );
    }
    // `module {}` has one empty block, as MLIR's parser makes it (its body is one block).
    tree.ensure_block(body);
    o.regions.push(body);
    with_attrs(o, attrs)
}

#[allow(clippy::too_many_arguments)]
pub fn func<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vis: Option<&str>,
    sym: &str,
    args: Vec<FuncArg>,
    res: Option<Vec<(TypeId, Option<Dict>)>>,
    attrs: Option<Dict>,
    body: Option<RegionId>,
) -> Box<Op<'a>> {
    let mut o = op(tree, n);
    let res = res.unwrap_or_default();
    let inputs: Vec<Type> = args.iter().map(|a| tree.ty(a.1).clone()).collect();
    let results: Vec<Type> = res.iter().map(|r| tree.ty(r.0).clone()).collect();
    o.prop(
        "function_type",
        Attr::Type(Type::Function {
            inputs: inputs.into(),
            results: results.into(),
        }),
    );
    if args.iter().any(|a| a.2.is_some()) {
        let dicts = args
            .iter()
            .map(|a| Attr::Dict(a.2.clone().unwrap_or_default()))
            .collect();
        o.prop("arg_attrs", Attr::Array(dicts));
    }
    if res.iter().any(|r| r.1.is_some()) {
        let dicts = res
            .iter()
            .map(|r| Attr::Dict(r.1.clone().unwrap_or_default()))
            .collect();
        o.prop("res_attrs", Attr::Array(dicts));
    }
    o.prop(
        "sym_name",
        Attr::string(&unescape(sym.trim_start_matches('@'))),
    );
    if let Some(v) = vis {
        o.prop("sym_visibility", Attr::string(v));
    }
    if let Some(r) = body {
        empty_function_body(tree, r);
    }
    let region = body.unwrap_or_else(|| tree.empty_region(Span::default()));
    if tree.region_has_blocks(region) {
        let block_args = args
            .into_iter()
            .filter_map(|(name, ty, _)| name.map(|nm| arg(nm, ArgType::Given(ty))))
            .collect();
        tree.prepend_args(region, block_args);
    }
    o.regions.push(region);
    with_attrs(o, attrs)
}

/// `func.func @f() {}` is an error, as in MLIR: a body without blocks would be read as no
/// body, a declaration.
fn empty_function_body(tree: &mut Tree<'_>, body: RegionId) {
    if !tree.region_has_blocks(body) {
        let at = tree.region_span(body).start as usize;
        tree.error(Diagnostic::error(
            Span::new(at, at + 1),
            "custom op 'func.func' expected non-empty function body",
        ));
    }
}

pub fn call<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sym: &'a str,
    args: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let FnType { inputs, results } = ft;
    if inputs.len() != args.len() {
        return Err(user(
            n.1,
            format!(
                "call has {} operands but its type lists {}",
                args.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = op(tree, n);
    for (v, t) in args.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    o.prop("callee", symbol_ref(sym, vec![]));
    Ok(with_attrs(o, attrs))
}

pub fn call_indirect<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    f: ValueUse,
    args: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let whole = tree.function_type(&ft);
    let FnType { inputs, results } = ft;
    if inputs.len() != args.len() {
        return Err(user(
            n.1,
            format!(
                "call has {} operands but its type lists {}",
                args.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = op(tree, n);
    o.operand(f, Some(whole));
    for (v, t) in args.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    Ok(with_attrs(o, attrs))
}

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

/// `bufferization.dealloc (%a, %b : T, U) if (%c, %d) retain (%x : V)`, any part left out:
/// the memrefs, their conditions (`i1`, not typed in the text) and the retained memrefs, in
/// that order with their counts in `operandSegmentSizes`, and one `i1` result per retained
/// memref, as the generic form states them.
pub fn buffer_dealloc<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    memrefs: Option<(Uses, Types, Uses)>,
    retained: Option<(Uses, Types)>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let (memrefs, memref_types, conditions) = memrefs.unwrap_or_default();
    let (retained, retained_types) = retained.unwrap_or_default();
    for (vs, ts) in [(&memrefs, &memref_types), (&retained, &retained_types)] {
        if vs.len() != ts.len()
            && let Some(first) = vs.first()
        {
            tree.error(Diagnostic::error(
                first.span,
                format!(
                    "custom op '{}' number of operands and types do not match: got {} operands and {} types",
                    n.0,
                    vs.len(),
                    ts.len()
                ),
            ));
        }
    }
    let mut o = with_attrs(op(tree, n), attrs);
    segments(&mut o, &[memrefs.len(), conditions.len(), retained.len()]);
    typed_operands(&mut o, &memrefs, &memref_types);
    for c in conditions {
        o.operand(c, Some(i1));
    }
    typed_operands(&mut o, &retained, &retained_types);
    o.result_types = vec![i1; retained.len()];
    o
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

fn reassociation_attr(re: &[Vec<i64>]) -> Attr {
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

pub fn constant<'a>(tree: &mut Tree<'a>, n: Named<'a>, v: Attr) -> Result<Box<Op<'a>>, PErr<'a>> {
    let ty = match &v {
        Attr::Int { ty, .. } => ty.clone().unwrap_or(Type::i(64)),
        Attr::Float { ty, .. } => ty.clone().unwrap_or(Type::Float("f64".into())),
        Attr::Bool(_) => Type::i(1),
        Attr::Str { ty: Some(t), .. } | Attr::Opaque { ty: Some(t), .. } => t.clone(),
        _ => return Err(user(n.1, "arith.constant needs a typed value")),
    };
    let ty = tree.intern(ty);
    let mut o = op(tree, n);
    o.prop("value", v);
    o.result_types.push(ty);
    Ok(o)
}

pub fn elementwise<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vs: Uses,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    ts: Types,
) -> Box<Op<'a>> {
    let none = tree.none;
    let expected = elementwise_arity(n.0);
    if !(expected == 0 || vs.len() == expected) {
        tree.error(Diagnostic::error(
            n.1,
            format!(
                "'{}' takes {expected} operand{} in its custom form, not {}",
                n.0,
                if expected == 1 { "" } else { "s" },
                vs.len()
            ),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    let types = lookup(n.0).map_or(ElementwiseTypes::Same, |d| d.elementwise_types);
    let result = match types {
        ElementwiseTypes::Same => ts.last().copied().unwrap_or(none),
        ElementwiseTypes::EachOperand => ts.first().copied().unwrap_or(none),
        ElementwiseTypes::OperandToBool => match ts.last() {
            Some(&t) => bool_like(tree, t),
            None => none,
        },
    };
    let select = o.name.as_ref() == "arith.select";
    let n_operands = vs.len();
    for (i, v) in vs.into_iter().enumerate() {
        let ty = if ts.len() == n_operands {
            Some(ts[i])
        } else if select && i == 0 {
            None
        } else if ts.len() == 1 {
            Some(ts[0])
        } else {
            None
        };
        o.operand(v, ty);
    }
    set_flags(&mut o, flags);
    o.result_types.push(result);
    o
}

/// How many operands the custom form of an elementwise op takes (0: not checked here).
fn elementwise_arity(name: &str) -> usize {
    match name.split_once('.') {
        Some(("arith", "select")) | Some(("math", "fma")) | Some(("vector", "fma")) => 3,
        Some(("arith", "negf")) => 1,
        Some(("arith", _)) => 2,
        Some(("math", "atan2" | "powf" | "ipowi" | "fpowi" | "copysign")) => 2,
        Some(("math", _)) => 1,
        _ => 0,
    }
}

/// An `i1` of the shape of `t` (the result type of a comparison).
fn bool_like(tree: &mut Tree<'_>, t: TypeId) -> TypeId {
    let b = match tree.ty(t) {
        Type::Vector { shape, .. } => Type::Vector {
            shape: shape.clone(),
            elem: Arc::new(Type::i(1)),
        },
        Type::Tensor { shape, .. } => Type::Tensor {
            shape: shape.clone(),
            elem: Arc::new(Type::i(1)),
            encoding: None,
        },
        _ => return tree.i1,
    };
    tree.intern(b)
}

#[allow(clippy::too_many_arguments)]
pub fn cmp<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    p: &str,
    a: ValueUse,
    b: ValueUse,
    flags: Option<Vec<Flag<'a>>>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let table: &[&str] = if n.0 == "arith.cmpi" {
        &CMPI_PREDICATES
    } else {
        &CMPF_PREDICATES
    };
    let Some(idx) = table.iter().position(|x| *x == p) else {
        return Err(user(
            n.1,
            format!("unknown comparison predicate '{p}' for {}", n.0),
        ));
    };
    let result = bool_like(tree, t);
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("predicate", Attr::int(idx as i64, Type::i(64)));
    o.operand(a, Some(t));
    o.operand(b, Some(t));
    set_flags(&mut o, flags);
    o.result_types.push(result);
    Ok(o)
}

pub fn linalg_index<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: (&'a str, Span),
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("dim", Attr::int(dim, Type::i(64)));
    o.result_types.push(t);
    Ok(o)
}

type IterArgs = (Vec<(BlockArg, ValueUse)>, Vec<TypeId>);

#[allow(clippy::too_many_arguments)]
pub fn scf_for<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    unsigned: bool,
    iv: (&'a str, Span),
    lb: ValueUse,
    ub: ValueUse,
    step: ValueUse,
    iters: Option<IterArgs>,
    ty: Option<TypeId>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    for v in [lb, ub, step] {
        o.operand(v, ty);
    }
    let mut args = vec![arg(iv.1, ty.map_or(ArgType::OfOperand(0), ArgType::Given))];
    if let Some((pairs, types)) = iters {
        for (i, (mut a, init)) in pairs.into_iter().enumerate() {
            let t = types.get(i).copied();
            o.operand(init, t);
            a.ty = t.map_or(ArgType::OfOperand(3 + i as u32), ArgType::Given);
            args.push(a);
        }
        o.result_types = types;
    }
    if unsigned {
        o.prop("unsignedCmp", Attr::Unit);
    }
    tree.prepend_args(body, args);
    if o.result_types.is_empty() {
        tree.ensure_terminator(body, "scf.yield");
    }
    o.regions.push(body);
    o
}

pub fn scf_if<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    cond: ValueUse,
    res: Option<Vec<TypeId>>,
    then: RegionId,
    els: Option<RegionId>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(cond, Some(i1));
    o.result_types = res.unwrap_or_default();
    if o.result_types.is_empty() {
        tree.ensure_terminator(then, "scf.yield");
        // A written `else { }` is a block with the implicit yield, as in mlir-opt: only a
        // missing `else` is an empty region.
        if let Some(els) = els {
            tree.ensure_terminator(els, "scf.yield");
        }
    }
    let els = els.unwrap_or_else(|| tree.empty_region(Span::default()));
    o.regions.push(then);
    o.regions.push(els);
    o
}

pub fn scf_while<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    inits: Vec<(BlockArg, ValueUse)>,
    ft: FnType,
    before: RegionId,
    after: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let FnType { inputs, results } = ft;
    if inputs.len() != inits.len() {
        return Err(user(
            n.1,
            format!(
                "scf.while has {} operands but its type lists {}",
                inits.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    let mut args = Vec::new();
    for ((mut a, init), t) in inits.into_iter().zip(inputs) {
        o.operand(init, Some(t));
        a.ty = ArgType::Given(t);
        args.push(a);
    }
    tree.prepend_args(before, args);
    o.result_types = results;
    o.regions.push(before);
    o.regions.push(after);
    Ok(o)
}

#[allow(clippy::too_many_arguments)]
pub fn scf_parallel<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    ivs: Vec<(&'a str, Span)>,
    lbs: Vec<ValueUse>,
    ubs: Vec<ValueUse>,
    steps: Vec<ValueUse>,
    init: Option<(Vec<ValueUse>, Vec<TypeId>)>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    let (inits, types) = init.unwrap_or_default();
    segments(&mut o, &[lbs.len(), ubs.len(), steps.len(), inits.len()]);
    for v in lbs.into_iter().chain(ubs).chain(steps) {
        o.operand(v, Some(index));
    }
    for (i, v) in inits.into_iter().enumerate() {
        o.operand(v, types.get(i).copied());
    }
    o.result_types = types;
    tree.prepend_args(
        body,
        ivs.into_iter()
            .map(|iv| arg(iv.1, ArgType::Given(index)))
            .collect(),
    );
    tree.ensure_terminator(body, "scf.reduce");
    o.regions.push(body);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn scf_forall<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    ivs: Vec<(&'a str, Span)>,
    lbs: Option<Vec<Mixed>>,
    ubs: Vec<Mixed>,
    steps: Option<Vec<Mixed>>,
    outs: Option<IterArgs>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let (index, none) = (tree.index, tree.none);
    let mut o = with_attrs(op(tree, n), attrs);
    let rank = ubs.len();
    let (slb, dlb) = split_mixed(lbs.unwrap_or_else(|| vec![Mixed::Static(0); rank]));
    let (sub, dub) = split_mixed(ubs);
    let (sst, dst) = split_mixed(steps.unwrap_or_else(|| vec![Mixed::Static(1); rank]));
    let (pairs, types) = outs.unwrap_or_default();
    segments(&mut o, &[dlb.len(), dub.len(), dst.len(), pairs.len()]);
    for v in dlb.into_iter().chain(dub).chain(dst) {
        o.operand(v, Some(index));
    }
    let mut args: Vec<BlockArg> = ivs
        .into_iter()
        .map(|iv| arg(iv.1, ArgType::Given(index)))
        .collect();
    for (i, (mut a, init)) in pairs.into_iter().enumerate() {
        let t = types.get(i).copied();
        o.operand(init, t);
        a.ty = ArgType::Given(t.unwrap_or(none));
        args.push(a);
    }
    o.prop("staticLowerBound", Attr::dense_i64(&slb));
    o.prop("staticUpperBound", Attr::dense_i64(&sub));
    o.prop("staticStep", Attr::dense_i64(&sst));
    o.result_types = types;
    tree.prepend_args(body, args);
    tree.ensure_terminator(body, "scf.forall.in_parallel");
    o.regions.push(body);
    o
}

pub fn execute_region<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    res: Option<Vec<TypeId>>,
    no_inline: bool,
    body: RegionId,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let mut o = region_op(tree, n, vec![], res, vec![body], attrs);
    if no_inline {
        o.prop("no_inline", Attr::Unit);
    }
    o
}

pub fn index_switch<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    arg: ValueUse,
    res: Option<Vec<TypeId>>,
    cases: Vec<(i64, RegionId)>,
    default: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(arg, Some(index));
    o.result_types = res.unwrap_or_default();
    let values: Vec<i64> = cases.iter().map(|c| c.0).collect();
    o.prop("cases", Attr::dense_i64(&values));
    let no_results = o.result_types.is_empty();
    if no_results {
        tree.ensure_terminator(default, "scf.yield");
    }
    o.regions.push(default);
    for (_, r) in cases {
        if no_results {
            tree.ensure_terminator(r, "scf.yield");
        }
        o.regions.push(r);
    }
    Ok(o)
}

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

fn typed_operands(o: &mut Op<'_>, vs: &[ValueUse], ts: &[TypeId]) -> usize {
    let n = vs.len();
    let typed = ts.len() == n;
    for (i, v) in vs.iter().enumerate() {
        o.operand(*v, if typed { Some(ts[i]) } else { None });
    }
    n
}

type TypedValues = (Vec<ValueUse>, Vec<TypeId>);

#[allow(clippy::too_many_arguments)]
pub fn linalg_generic<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: Dict,
    ins: Option<TypedValues>,
    outs: Option<TypedValues>,
    extra: Option<Dict>,
    body: RegionId,
    res: Option<Vec<TypeId>>,
) -> Box<Op<'a>> {
    let mut o = op(tree, n);
    for (k, v) in d {
        if matches!(
            &*k,
            "indexing_maps" | "iterator_types" | "doc" | "library_call"
        ) {
            o.props.push((k, v));
        } else {
            o.attrs.push((k, v));
        }
    }
    o.attrs.extend(extra.unwrap_or_default());
    let (ins, outs) = (ins.unwrap_or_default(), outs.unwrap_or_default());
    let ni = typed_operands(&mut o, &ins.0, &ins.1);
    let no = typed_operands(&mut o, &outs.0, &outs.1);
    segments(&mut o, &[ni, no]);
    o.regions.push(body);
    o.result_types = res.unwrap_or_default();
    o
}

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

#[allow(clippy::too_many_arguments)]
pub fn linalg_named<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: Option<Dict>,
    maps: Option<Attr>,
    ins: Option<TypedValues>,
    outs: TypedValues,
    list: Option<(&'static str, Vec<i64>)>,
    body: Option<(Vec<BlockArg>, RegionId)>,
    attrs: Option<Dict>,
    res: Option<Vec<TypeId>>,
) -> Box<Op<'a>> {
    if d.is_some() && has_short_form(n.0) {
        // `linalg.map { arith.addf } ins(...)`: the short form names the body's one op where
        // other structured ops have an attribute dictionary.
        tree.error(Diagnostic::error(n.1, super::unknown_custom_syntax(n.0)));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    o.props.extend(d.unwrap_or_default());
    if let Some(m) = maps {
        o.prop("indexing_maps", m);
    }
    let ins = ins.unwrap_or_default();
    let ni = typed_operands(&mut o, &ins.0, &ins.1);
    let implied: Vec<TypeId> = if implies_results(&o.name) {
        outs.1
            .iter()
            .copied()
            .filter(|t| matches!(tree.ty(*t), Type::Tensor { .. }))
            .collect()
    } else {
        Vec::new()
    };
    let no = typed_operands(&mut o, &outs.0, &outs.1);
    if o.name.as_ref() != "linalg.map" && o.name.as_ref() != "linalg.reduce" || ni + no > 0 {
        segments(&mut o, &[ni, no]);
    }
    if let Some((name, values)) = list {
        o.prop(name, Attr::dense_i64(&values));
    }
    let region = match body {
        Some((args, r)) => {
            tree.prepend_args(r, args);
            r
        }
        None => tree.empty_region(Span::default()),
    };
    o.regions.push(region);
    o.result_types = res.unwrap_or(implied);
    o
}

/// Whether `{` after the op's name starts the short form of its body (`linalg.map
/// { arith.addf }`), not an attribute dictionary.
pub fn has_short_form(name: &str) -> bool {
    matches!(name, "linalg.map" | "linalg.reduce")
}

pub fn tensor_empty<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sizes: Vec<ValueUse>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for s in sizes {
        o.operand(s, Some(index));
    }
    o.result_types.push(t);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn pad<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    nofold: bool,
    lo: Vec<Mixed>,
    hi: Vec<Mixed>,
    body: RegionId,
    attrs: Option<Dict>,
    ta: TypeId,
    tb: TypeId,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = unary(tree, n, src, Some(ta), attrs, &[tb]);
    let (slo, dlo) = split_mixed(lo);
    let (shi, dhi) = split_mixed(hi);
    segments(&mut o, &[1, dlo.len(), dhi.len()]);
    for v in dlo.into_iter().chain(dhi) {
        o.operand(v, Some(index));
    }
    o.prop("static_low", Attr::dense_i64(&slo));
    o.prop("static_high", Attr::dense_i64(&shi));
    if nofold {
        o.prop("nofold", Attr::Unit);
    }
    o.regions.push(body);
    o
}

pub fn concat<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: (&'a str, Span),
    vs: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: FnType,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let FnType { inputs, results } = ft;
    if inputs.len() != vs.len() {
        return Err(user(
            n.1,
            format!(
                "tensor.concat has {} operands but its type lists {}",
                vs.len(),
                inputs.len()
            ),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    for (v, t) in vs.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.prop("dim", Attr::int(dim, Type::i(64)));
    o.result_types = results;
    Ok(o)
}

pub fn from_elements<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vs: Vec<ValueUse>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Box<Op<'a>> {
    let elem = tree.element_of(t);
    let mut o = with_attrs(op(tree, n), attrs);
    for v in vs {
        o.operand(v, Some(elem));
    }
    o.result_types.push(t);
    o
}

pub fn terminator<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    vals: Option<(Uses, Types)>,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    if let Some((vs, ts)) = vals {
        typed_operands(&mut o, &vs, &ts);
    }
    o
}

pub fn condition<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    cond: ValueUse,
    attrs: Option<Dict>,
    vals: Option<(Uses, Types)>,
) -> Box<Op<'a>> {
    let i1 = tree.i1;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(cond, Some(i1));
    if let Some((vs, ts)) = vals {
        typed_operands(&mut o, &vs, &ts);
    }
    o
}

type SuccessorArgs = (Successor, Vec<ValueUse>, Vec<TypeId>);

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

/// `scf.reduce(%a, %b : T, U) {...}, {...}`: one region per operand.
pub fn scf_reduce<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    vals: Option<(Uses, Types)>,
    regions: Vec<RegionId>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let mut o = op(tree, n);
    if let Some((vs, ts)) = vals {
        if vs.len() != ts.len() {
            return Err(user(
                n.1,
                format!("{} has {} operands but {} types", n.0, vs.len(), ts.len()),
            ));
        }
        for (v, t) in vs.into_iter().zip(ts) {
            o.operand(v, Some(t));
        }
    }
    o.regions = regions;
    Ok(o)
}

// ---------------------------------------------------------------------------------------------
// memref.realloc, assume_alignment, reshape, atomics, prefetch, dma; cf.switch; func.constant

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
fn fixed_fn_type<'a>(
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

/// A memref with its indices, as `%m[%i, %j]` writes it.
pub type Indexed = (ValueUse, Uses);

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

/// The text of `dense<...>` for the case values of a `cf.switch` on a `width`-bit integer:
/// each value as its bits read signed (`true`/`false` for `i1`), as MLIR prints them.
fn switch_case_values(values: &[i64], width: u32) -> String {
    let shown: Vec<String> = values
        .iter()
        .map(|&v| {
            if width == 1 {
                (if v & 1 == 1 { "true" } else { "false" }).to_string()
            } else if width < 64 {
                let shift = 64 - width;
                ((v << shift) >> shift).to_string()
            } else {
                v.to_string()
            }
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

/// `func.constant @f : (i32) -> i32` (`constant` in a function body).
pub fn func_constant<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    sym: &str,
    t: TypeId,
) -> Box<Op<'a>> {
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("value", symbol_ref(sym, vec![]));
    o.result_types.push(t);
    o
}

// ---------------------------------------------------------------------------------------------
// affine

/// `affine.apply` / `affine.min` / `affine.max`: `map (dims)[symbols]`, index operands and
/// result.
pub fn affine_apply<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    map: Attr,
    dims: Uses,
    syms: Option<Uses>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for v in dims.into_iter().chain(syms.unwrap_or_default()) {
        o.operand(v, Some(index));
    }
    o.prop("map", map);
    o.result_types.push(index);
    o
}

/// Reads subscripts written at `l..r`: the `map` property and the index operands (dims, then
/// symbols), added to `o`.
fn affine_subscripts<'a>(
    tree: &Tree<'a>,
    o: &mut Op<'a>,
    (l, r): (usize, usize),
) -> Result<(), PErr<'a>> {
    let text = tree.text().get(l..r).unwrap_or("");
    let subs = crate::ir::affine::parse_subscripts(text, l)
        .map_err(|e| user(Span::new(e.at.start, e.at.end), e.message))?;
    for at in subs.dims.iter().chain(&subs.syms) {
        o.operand(
            ValueUse {
                span: Span::new(at.start, at.end),
            },
            Some(tree.index),
        );
    }
    o.prop(
        "map",
        Attr::Opaque {
            text: subs.map().attr_text().into(),
            ty: None,
        },
    );
    Ok(())
}

/// `affine.load %m[subscripts] : type`
pub fn affine_load<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    m: ValueUse,
    subs: (usize, usize),
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let elem = tree.element_of(t);
    let mut o = unary(tree, n, m, Some(t), attrs, &[elem]);
    affine_subscripts(tree, &mut o, subs)?;
    Ok(o)
}

/// `affine.store %v, %m[subscripts] : type`
pub fn affine_store<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    m: ValueUse,
    subs: (usize, usize),
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let elem = tree.element_of(t);
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(v, Some(elem));
    o.operand(m, Some(t));
    affine_subscripts(tree, &mut o, subs)?;
    Ok(o)
}

/// A bound of `affine.for` as written.
pub enum AffineBound<'a> {
    /// An integer (its text and span).
    Const(&'a str, Span),
    /// One SSA value: the map `()[s0] -> (s0)`.
    Symbol(ValueUse),
    /// `max`/`min` (when written), a map, its dim and symbol operands.
    Map(Option<Named<'a>>, Attr, Uses, Uses),
}

/// The map and operands of a bound; `kw` is the keyword a multi-result map takes.
fn affine_bound<'a>(b: AffineBound<'a>, kw: &str) -> Result<(Attr, Uses), PErr<'a>> {
    let opaque = |text: String| Attr::Opaque {
        text: text.into(),
        ty: None,
    };
    Ok(match b {
        AffineBound::Const(text, span) => {
            let v = int(text, span.start as usize, span.end as usize)?;
            (opaque(format!("affine_map<() -> ({v})>")), Uses::new())
        }
        AffineBound::Symbol(v) => (
            opaque("affine_map<()[s0] -> (s0)>".to_string()),
            smallvec::smallvec![v],
        ),
        AffineBound::Map(word, map, mut dims, syms) => {
            if let Some((w, span)) = word
                && w != kw
            {
                return Err(user(span, format!("expected '{kw}' or an affine map")));
            }
            dims.extend(syms);
            (map, dims)
        }
    })
}

/// `affine.for %i = lb to ub step c iter_args(%a = %init) -> (types) { ... }`: the bounds'
/// maps and step are properties, the operands the lower bound's, the upper bound's and the
/// initial values (`operandSegmentSizes`).
#[allow(clippy::too_many_arguments)]
pub fn affine_for<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    iv: (&'a str, Span),
    lb: AffineBound<'a>,
    ub: AffineBound<'a>,
    step: Option<(&'a str, Span)>,
    iters: Option<IterArgs>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let (lb_map, lbs) = affine_bound(lb, "max")?;
    let (ub_map, ubs) = affine_bound(ub, "min")?;
    let step = match step {
        Some((text, span)) => {
            let v = int(text, span.start as usize, span.end as usize)?;
            if v <= 0 {
                return Err(user(
                    span,
                    "expected step to be representable as a positive signed integer",
                ));
            }
            v
        }
        None => 1,
    };
    let mut o = with_attrs(op(tree, n), attrs);
    for v in lbs.iter().chain(&ubs) {
        o.operand(*v, Some(index));
    }
    let mut args = vec![arg(iv.1, ArgType::Given(index))];
    let mut inits = 0;
    if let Some((pairs, types)) = iters {
        let first = (lbs.len() + ubs.len()) as u32;
        inits = pairs.len();
        for (i, (mut a, init)) in pairs.into_iter().enumerate() {
            let t = types.get(i).copied();
            o.operand(init, t);
            a.ty = t.map_or(ArgType::OfOperand(first + i as u32), ArgType::Given);
            args.push(a);
        }
        o.result_types = types;
    }
    o.prop("lowerBoundMap", lb_map);
    segments(&mut o, &[lbs.len(), ubs.len(), inits]);
    o.prop(
        "step",
        Attr::Int {
            text: step.to_string().into(),
            ty: Some(Type::Index),
        },
    );
    o.prop("upperBoundMap", ub_map);
    tree.prepend_args(body, args);
    if o.result_types.is_empty() {
        tree.ensure_terminator(body, "affine.yield");
    }
    o.regions.push(body);
    Ok(o)
}

/// `affine.if #set(dims)[symbols] -> types { ... } else { ... }`
#[allow(clippy::too_many_arguments)]
pub fn affine_if<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    set: Attr,
    dims: Uses,
    syms: Option<Uses>,
    res: Option<Vec<TypeId>>,
    then: RegionId,
    els: Option<RegionId>,
    attrs: Option<Dict>,
) -> Box<Op<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for v in dims.into_iter().chain(syms.unwrap_or_default()) {
        o.operand(v, Some(index));
    }
    o.prop("condition", set);
    o.result_types = res.unwrap_or_default();
    let els = els.unwrap_or_else(|| tree.empty_region(Span::default()));
    if o.result_types.is_empty() {
        tree.ensure_terminator(then, "affine.yield");
        if tree.region_has_blocks(els) {
            tree.ensure_terminator(els, "affine.yield");
        }
    }
    o.regions.push(then);
    o.regions.push(els);
    o
}

// ---------------------------------------------------------------------------------------------
// vector ops of vectorized linalg, and linalg ops with their own syntax

/// The padding type of a transfer read from `source`: its element type, when the type is
/// written out (through an alias it is known only once the IR is built: not checked).
fn element_if_shaped(tree: &mut Tree<'_>, source: TypeId) -> Option<TypeId> {
    match tree.ty(source) {
        Type::MemRef(_) | Type::Tensor { .. } | Type::Vector { .. } => {
            Some(tree.element_of(source))
        }
        _ => None,
    }
}

/// Adds the `in_bounds` and `permutation_map` a transfer op takes when they are not written
/// (all dims possibly out of bounds, the minor identity map), as MLIR's parser does.
fn transfer_defaults<'a>(
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

/// A part of `linalg.pack` / `linalg.unpack` before `into`, by its keyword.
pub enum PackPart<'a> {
    /// `padding_value(%p : t)`
    Value((&'a str, Span), ValueUse, TypeId),
    /// `inner_tiles = [8, %t]`, `inner_dims_pos = [0, 1]`, `outer_dims_perm = [1, 0]`
    List((&'a str, Span), Vec<Mixed>),
}

/// The keywords of `linalg.pack`'s parts, in the order they must come.
const PACK_PARTS: [&str; 4] = [
    "padding_value",
    "outer_dims_perm",
    "inner_dims_pos",
    "inner_tiles",
];

/// The integers of a list that takes no values.
fn static_list<'a>(key: (&str, Span), list: Vec<Mixed>) -> Result<Vec<i64>, PErr<'a>> {
    list.into_iter()
        .map(|m| match m {
            Mixed::Static(v) => Ok(v),
            Mixed::Dynamic(v) => Err(user(v.span, format!("'{}' takes integers only", key.0))),
        })
        .collect()
}

/// `linalg.pack %src padding_value(%p : t)? outer_dims_perm = [...]? inner_dims_pos = [...]
/// inner_tiles = [...] into %dest {...} : S -> D` (`linalg.unpack`: no padding value): the
/// source, the destination, the padding value and the dynamic tiles (`operandSegmentSizes`
/// on `pack` only: `unpack` has a single variable-length group).
#[allow(clippy::too_many_arguments)]
pub fn pack<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    parts: Vec<PackPart<'a>>,
    dst: ValueUse,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let is_pack = n.0 == "linalg.pack";
    let mut padding = None;
    let mut outer = None;
    let mut inner_pos = None;
    let mut tiles = None;
    let mut next = if is_pack { 0 } else { 1 };
    for part in parts {
        let key = match &part {
            PackPart::Value(k, ..) | PackPart::List(k, _) => *k,
        };
        let at = PACK_PARTS.iter().position(|p| *p == key.0);
        let Some(at) = at.filter(|&i| i >= next) else {
            let expected: Vec<String> = PACK_PARTS[next..]
                .iter()
                .map(|p| format!("'{p}'"))
                .chain(std::iter::once("'into'".to_string()))
                .collect();
            return Err(user(
                key.1,
                format!(
                    "unexpected '{}' in {}: expected {}",
                    key.0,
                    n.0,
                    expected.join(", ")
                ),
            ));
        };
        next = at + 1;
        match (at, part) {
            (0, PackPart::Value(_, v, t)) => padding = Some((v, t)),
            (1, PackPart::List(k, l)) => outer = Some(static_list(k, l)?),
            (2, PackPart::List(k, l)) => inner_pos = Some(static_list(k, l)?),
            (3, PackPart::List(_, l)) => tiles = Some(l),
            (0, _) => return Err(user(key.1, "expected 'padding_value(%value : type)'")),
            _ => return Err(user(key.1, format!("expected '{} = [...]'", key.0))),
        }
    }
    let Some(inner_pos) = inner_pos else {
        return Err(user(n.1, format!("{} needs 'inner_dims_pos = [...]'", n.0)));
    };
    let Some(tiles) = tiles else {
        return Err(user(n.1, format!("{} needs 'inner_tiles = [...]'", n.0)));
    };
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(src, Some(a));
    o.operand(dst, Some(b));
    if let Some((v, t)) = padding {
        o.operand(v, Some(t));
    }
    let (static_tiles, dynamic_tiles) = split_mixed(tiles);
    let n_dynamic = dynamic_tiles.len();
    for v in dynamic_tiles {
        o.operand(v, Some(index));
    }
    if is_pack {
        segments(&mut o, &[1, 1, usize::from(padding.is_some()), n_dynamic]);
    }
    o.prop("inner_dims_pos", Attr::dense_i64(&inner_pos));
    if let Some(outer) = outer {
        o.prop("outer_dims_perm", Attr::dense_i64(&outer));
    }
    o.prop("static_inner_tiles", Attr::dense_i64(&static_tiles));
    o.result_types.push(b);
    Ok(o)
}

/// Checks the keyword of `linalg.softmax` / `linalg.winograd_*` before its parenthesis.
fn keyword<'a>(op: &str, found: (&str, Span), expected: &str) -> Result<(), PErr<'a>> {
    if found.0 == expected {
        return Ok(());
    }
    Err(user(
        found.1,
        format!("expected '{expected}' in {op}, found '{}'", found.0),
    ))
}

/// `linalg.softmax {...} dimension(N) ins(%a : T) outs(%b : T) (-> T)?`
#[allow(clippy::too_many_arguments)]
pub fn softmax<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    k: (&'a str, Span),
    d: (&'a str, Span),
    input: (ValueUse, TypeId),
    output: (ValueUse, TypeId),
    res: Option<Vec<TypeId>>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    keyword(n.0, k, "dimension")?;
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("dimension", Attr::int(dim, Type::i(64)));
    o.operand(input.0, Some(input.1));
    o.operand(output.0, Some(output.1));
    o.result_types = res.unwrap_or_default();
    Ok(o)
}

/// `linalg.winograd_{filter,input,output}_transform {...} fmr(F_m_r) ins(%a : T) outs(%b :
/// U) -> U`
#[allow(clippy::too_many_arguments)]
pub fn winograd<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    k: (&'a str, Span),
    f: (&'a str, Span),
    input: (ValueUse, TypeId),
    output: (ValueUse, TypeId),
    r: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    keyword(n.0, k, "fmr")?;
    let Some(fmr) = WINOGRAD_FMR.iter().position(|x| *x == f.0) else {
        return Err(user(
            f.1,
            format!(
                "unknown fmr '{}' for {}: expected one of {}",
                f.0,
                n.0,
                WINOGRAD_FMR.join(", ")
            ),
        ));
    };
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("fmr", Attr::int(fmr as i64, Type::i(32)));
    o.operand(input.0, Some(input.1));
    o.operand(output.0, Some(output.1));
    o.result_types.push(r);
    Ok(o)
}

// ---------------------------------------------------------------------------------------------
// bufferization.alloc_tensor; vector ops on vectors (masks, slices, transpose, extract/insert,
// reduction)

/// `bufferization.alloc_tensor(%d, ...) copy(%t)? size_hint=%h? {...} : T`: the dynamic sizes,
/// the tensor copied and the size hint, in three operand segments.
#[allow(clippy::too_many_arguments)]
pub fn alloc_tensor<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    sizes: Vec<ValueUse>,
    parts: Vec<((&'a str, Span), ValueUse)>,
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let mut copy = None;
    let mut hint = None;
    for ((key, span), v) in parts {
        match key {
            "copy" if copy.is_none() && hint.is_none() => copy = Some(v),
            "size_hint" if hint.is_none() => hint = Some(v),
            _ => {
                return Err(user(
                    span,
                    format!(
                        "unexpected '{key}' in {}: expected 'copy(...)' or 'size_hint=...'",
                        n.0
                    ),
                ));
            }
        }
    }
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    let n_sizes = sizes.len();
    for s in sizes {
        o.operand(s, Some(index));
    }
    let n_copy = usize::from(copy.is_some());
    if let Some(c) = copy {
        o.operand(c, Some(t));
    }
    let n_hint = usize::from(hint.is_some());
    if let Some(h) = hint {
        o.operand(h, Some(index));
    }
    hoist(&mut o, &["memory_space"]);
    segments(&mut o, &[n_sizes, n_copy, n_hint]);
    o.result_types.push(t);
    Ok(o)
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

/// The properties `vector.extract_strided_slice %v {offsets, sizes, strides} : V to W` (read
/// as a cast) and `vector.insert_strided_slice` write in their attribute dictionary.
const STRIDED_SLICE_PROPS: [&str; 3] = ["offsets", "sizes", "strides"];

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

// ---------------------------------------------------------------------------------------------
// affine.parallel, affine.delinearize_index

/// `affine.parallel (%i, ...) = (lbs) to (ubs) step (s, ...)? reduce ("addf", ...)?
/// -> (types)? { ... }`: the lower and the upper bounds are one map each
/// (`lowerBoundsMap`, `upperBoundsMap`) with the number of results of each bound (`max(...)`
/// / `min(...)` groups: `lowerBoundsGroups`, `upperBoundsGroups`); the operands are the lower
/// bounds' values, then the upper bounds'.
#[allow(clippy::too_many_arguments)]
pub fn affine_parallel<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    ivs: Vec<(&'a str, Span)>,
    lb: (usize, usize),
    ub: (usize, usize),
    steps: Option<Vec<(&'a str, Span)>>,
    reduce: Option<(Named<'a>, Vec<(&'a str, Span)>)>,
    res: Option<Vec<TypeId>>,
    body: RegionId,
    attrs: Option<Dict>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    for ((l, r), kw, map, groups_name) in [
        (lb, "max", "lowerBoundsMap", "lowerBoundsGroups"),
        (ub, "min", "upperBoundsMap", "upperBoundsGroups"),
    ] {
        let text = tree.text().get(l..r).unwrap_or("");
        let (subs, groups) = crate::ir::affine::parse_bounds(text, l, kw)
            .map_err(|e| user(Span::new(e.at.start, e.at.end), e.message))?;
        if groups.len() != ivs.len() {
            return Err(user(
                Span::new(l, r),
                format!(
                    "expected {} bounds (one per induction variable), not {}",
                    ivs.len(),
                    groups.len()
                ),
            ));
        }
        for at in subs.dims.iter().chain(&subs.syms) {
            let span = Span::new(at.start, at.end);
            o.operand(ValueUse { span }, Some(index));
        }
        o.prop(
            map,
            Attr::Opaque {
                text: subs.map().attr_text().into(),
                ty: None,
            },
        );
        let groups: Vec<i64> = groups.iter().map(|&g| i64::from(g)).collect();
        o.prop(groups_name, Attr::dense_elements_i32(&groups));
    }
    let steps = match steps {
        None => vec![1; ivs.len()],
        Some(steps) => {
            if steps.len() != ivs.len() {
                return Err(user(
                    n.1,
                    format!("expected {} steps, one per induction variable", ivs.len()),
                ));
            }
            let mut values = Vec::with_capacity(steps.len());
            for (text, span) in steps {
                let v = int(text, span.start as usize, span.end as usize)?;
                if v <= 0 {
                    return Err(user(span, "steps must be positive"));
                }
                values.push(v);
            }
            values
        }
    };
    let int_array = |values: &[i64]| {
        Attr::Array(
            values
                .iter()
                .map(|v| Attr::Int {
                    text: v.to_string().into(),
                    ty: None,
                })
                .collect(),
        )
    };
    let mut reductions = Vec::new();
    if let Some(((kw, kw_span), kinds)) = reduce {
        if kw != "reduce" {
            return Err(user(kw_span, "expected 'reduce', '->' or a region"));
        }
        for (text, span) in kinds {
            let name = text.trim_matches('"');
            let Some(k) = ATOMIC_RMW_KINDS.iter().position(|k| *k == name) else {
                return Err(user(
                    span,
                    format!(
                        "unknown reduction '{name}': expected one of {}",
                        ATOMIC_RMW_KINDS.join(", ")
                    ),
                ));
            };
            reductions.push(k as i64);
        }
    }
    let results = res.unwrap_or_default();
    if results.len() != reductions.len() {
        return Err(user(n.1, "a reduction must be specified for each output"));
    }
    o.prop("reductions", int_array(&reductions));
    o.prop("steps", int_array(&steps));
    let args = ivs
        .iter()
        .map(|&(_, span)| arg(span, ArgType::Given(index)))
        .collect();
    tree.prepend_args(body, args);
    if results.is_empty() {
        tree.ensure_terminator(body, "affine.yield");
    }
    o.result_types = results;
    o.regions.push(body);
    Ok(o)
}

/// `affine.delinearize_index %i into (%b, 4) : index, index`: the basis is `static_basis`
/// with its dynamic entries as operands after the index.
pub fn delinearize_index<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    v: ValueUse,
    basis: Vec<Mixed>,
    attrs: Option<Dict>,
    ts: Types,
) -> Box<Op<'a>> {
    let index = tree.index;
    let (statics, dynamics) = split_mixed(basis);
    let mut o = unary(tree, n, v, Some(index), attrs, &ts);
    for d in dynamics {
        o.operand(d, Some(index));
    }
    o.prop("static_basis", Attr::dense_i64(&statics));
    o
}

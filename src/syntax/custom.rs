//! Grammar actions for the custom forms of known ops: each builds the `ast::Op` that the op's
//! generic form would give (same operands in the same order, MLIR's property names and
//! encodings), so the rest of bufreuse never needs to know which form it read. The printer
//! (`ir::print`) turns these properties back into custom syntax.

use super::ast::*;
use super::lexer::{PTok, SpannedLexError};
use super::token::{LexError, Shape, ShapedKind};
use crate::ir::types::{Attr, MemRefType, Signedness, Type, parse_int, unescape};
use crate::source::Span;
use lalrpop_util::ParseError;

/// The parser's error type.
pub type PErr<'a> = ParseError<usize, PTok<'a>, SpannedLexError>;

type Named<'a> = (&'a str, Span);
type Dict = Vec<(Box<str>, Attr)>;
type FuncArg<'a> = (Option<(&'a str, Span)>, Type, Option<Dict>);

fn user<'a>(span: Span, message: impl Into<String>) -> PErr<'a> {
    ParseError::User {
        error: SpannedLexError {
            error: LexError::Custom(message.into()),
            span,
        },
    }
}

/// Sets the results and span of a parsed op.
pub fn finish(mut op: Op, results: Vec<ResultGroup>, span: Span) -> Op {
    op.results = results;
    op.span = span;
    op
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

/// `%name` or `%name#2`.
pub fn value_use(text: &str, span: Span) -> ValueUse {
    match text.split_once('#') {
        Some((name, idx)) => ValueUse {
            name: name.into(),
            index: idx.parse().unwrap_or(u32::MAX),
            span,
        },
        None => ValueUse {
            name: text.into(),
            index: 0,
            span,
        },
    }
}

/// A region from its unlabeled entry ops and its labeled blocks.
pub fn region(entry: Vec<Op>, blocks: Vec<Block>, span: Span) -> Region {
    let mut all = Vec::with_capacity(blocks.len() + 1);
    if !entry.is_empty() {
        all.push(Block {
            label: None,
            args: Vec::new(),
            span: entry.first().map_or(span, |o| o.span),
            ops: entry,
        });
    }
    all.extend(blocks);
    Region { blocks: all, span }
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
/// trailing attributes (layout and memory space, or encoding).
pub fn shaped<'a>(
    s: Box<Shape>,
    elem: Type,
    rest: Vec<Attr>,
    l: usize,
    r: usize,
) -> Result<Type, PErr<'a>> {
    let span = Span::new(l, r);
    let Shape { kind, dims } = *s;
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
                elem: Box::new(elem),
            })
        }
        ShapedKind::Tensor => {
            if rest.len() > 1 {
                return Err(user(span, "a tensor type takes at most one encoding"));
            }
            Ok(Type::Tensor {
                shape: dims,
                elem: Box::new(elem),
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
                        layout = Some(a);
                    } else {
                        memory_space = Some(a);
                    }
                }
                2 => {
                    let mut it = rest.into_iter();
                    layout = it.next();
                    memory_space = it.next();
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

/// `#name` (alias), `#dialect.attr<...>` (kept as text).
pub fn hash_attr(t: &str, ty: Option<Type>) -> Attr {
    if t.contains('<') || t.contains('.') || ty.is_some() {
        Attr::Opaque { text: t.into(), ty }
    } else {
        Attr::Alias(t.into())
    }
}

pub fn symbol_ref(first: &str, rest: Vec<&str>) -> Attr {
    let mut parts: Vec<Box<str>> = vec![first.into()];
    parts.extend(rest.into_iter().map(Into::into));
    Attr::SymbolRef(parts)
}

fn op(n: Named<'_>) -> Op {
    Op::new(n.0, n.1)
}

fn with_attrs(mut o: Op, attrs: Option<Dict>) -> Op {
    o.attrs = attrs.unwrap_or_default();
    o
}

/// Moves inherent attributes written in the attribute dictionary into the properties.
fn hoist(o: &mut Op, names: &[&str]) {
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

fn segments(o: &mut Op, sizes: &[usize]) {
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

fn set_flags(o: &mut Op, flags: Option<Vec<(&'static str, Vec<&str>)>>) {
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

/// Makes sure a single-block region of a custom op ends with its terminator, as MLIR's parser
/// does for ops whose terminator may be left out (`scf.yield` with no operands).
fn ensure_terminator(region: &mut Region, terminator: &str) {
    if region.blocks.is_empty() {
        region.blocks.push(Block {
            span: region.span,
            ..Block::default()
        });
    }
    let block = region.blocks.last_mut().expect("a block");
    let ends = block
        .ops
        .last()
        .is_some_and(|o| o.name.as_ref() == terminator);
    if !ends {
        let span = Span::new(
            region.span.end.saturating_sub(1) as usize,
            region.span.end as usize,
        );
        let mut t = Op::new(terminator, span);
        if terminator == "scf.forall.in_parallel" {
            t.regions.push(Region {
                blocks: vec![Block {
                    span,
                    ..Block::default()
                }],
                span,
            });
        }
        block.ops.push(t);
    }
}

/// Prepends arguments to the entry block of a region (creating it if needed).
fn prepend_args(region: &mut Region, args: Vec<BlockArg>) {
    if region.blocks.is_empty() {
        region.blocks.push(Block {
            span: region.span,
            ..Block::default()
        });
    }
    let entry = &mut region.blocks[0];
    let mut all = args;
    all.append(&mut entry.args);
    entry.args = all;
}

fn arg(name: (&str, Span), ty: ArgType) -> BlockArg {
    BlockArg {
        name: name.0.into(),
        ty,
        span: name.1,
    }
}

// ---------------------------------------------------------------------------------------------

pub fn generic<'a>(
    name: (&'a str, Span),
    operands: Vec<ValueUse>,
    successors: Vec<Successor>,
    props: Option<Dict>,
    regions: Vec<Region>,
    attrs: Option<Dict>,
    ft: (Type, Span),
) -> Result<Op, PErr<'a>> {
    let op_name = unescape(name.0);
    let Type::Function { inputs, results } = ft.0 else {
        return Err(user(ft.1, "expected a function type"));
    };
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
    let mut o = Op::new(&op_name, name.1);
    for (v, t) in operands.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    o.successors = successors;
    o.props = props.unwrap_or_default();
    o.attrs = attrs.unwrap_or_default();
    o.regions = regions;
    normalize_generic(&mut o);
    Ok(o)
}

/// Brings known ops read in generic form to the shape their custom form gives.
fn normalize_generic(o: &mut Op) {
    use super::lexer::{OpClass, op_class};
    // Old-style inherent attributes in the discardable dictionary.
    if let Some(class) = op_class(&o.name) {
        match class {
            OpClass::Alloc => hoist(o, &["alignment"]),
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
            OpClass::Structured if !matches!(&*o.name, "linalg.map" | "linalg.reduce") => {
                // A named op's body is implied by its name; the custom form does not show it.
                for r in &mut o.regions {
                    r.blocks.clear();
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
            _ => {}
        }
    }
}

pub fn module(n: Named<'_>, sym: Option<&str>, attrs: Option<Dict>, body: Region) -> Op {
    let mut o = op(n);
    if o.name_span == Span::default() {
        o.name_span = body.span;
    }
    if let Some(s) = sym {
        o.prop(
            "sym_name",
            Attr::string(&unescape(s.trim_start_matches('@'))),
        );
    }
    o.regions.push(body);
    with_attrs(o, attrs)
}

pub fn func(
    n: Named<'_>,
    vis: Option<&str>,
    sym: &str,
    args: Vec<FuncArg<'_>>,
    res: Option<Vec<(Type, Option<Dict>)>>,
    attrs: Option<Dict>,
    body: Option<Region>,
) -> Op {
    let mut o = op(n);
    let res = res.unwrap_or_default();
    let inputs: Vec<Type> = args.iter().map(|a| a.1.clone()).collect();
    let results: Vec<Type> = res.iter().map(|r| r.0.clone()).collect();
    o.prop(
        "function_type",
        Attr::Type(Type::Function { inputs, results }),
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
    let mut region = body.unwrap_or_default();
    if !region.blocks.is_empty() {
        let block_args = args
            .into_iter()
            .filter_map(|(name, ty, _)| name.map(|nm| arg(nm, ArgType::Given(ty))))
            .collect();
        prepend_args(&mut region, block_args);
    }
    o.regions.push(region);
    with_attrs(o, attrs)
}

fn function_parts<'a>(ft: Type, span: Span) -> Result<(Vec<Type>, Vec<Type>), PErr<'a>> {
    match ft {
        Type::Function { inputs, results } => Ok((inputs, results)),
        _ => Err(user(span, "expected a function type")),
    }
}

pub fn call<'a>(
    n: Named<'a>,
    sym: &'a str,
    args: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: Type,
) -> Result<Op, PErr<'a>> {
    let (inputs, results) = function_parts(ft, n.1)?;
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
    let mut o = op(n);
    for (v, t) in args.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    o.prop("callee", symbol_ref(sym, vec![]));
    Ok(with_attrs(o, attrs))
}

pub fn call_indirect<'a>(
    n: Named<'a>,
    f: ValueUse,
    args: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: Type,
) -> Result<Op, PErr<'a>> {
    let (inputs, results) = function_parts(ft.clone(), n.1)?;
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
    let mut o = op(n);
    o.operand(f, Some(ft));
    for (v, t) in args.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.result_types = results;
    Ok(with_attrs(o, attrs))
}

pub fn alloc(
    n: Named<'_>,
    sizes: Vec<ValueUse>,
    syms: Option<Vec<ValueUse>>,
    attrs: Option<Dict>,
    t: Type,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    let syms = syms.unwrap_or_default();
    segments(&mut o, &[sizes.len(), syms.len()]);
    hoist(&mut o, &["alignment"]);
    o.operands_untyped(sizes);
    o.operands_untyped(syms);
    o.result_types.push(t);
    o
}

/// An op with one operand of a stated type and the given results.
pub fn unary(
    n: Named<'_>,
    v: ValueUse,
    t: Option<Type>,
    attrs: Option<Dict>,
    results: Vec<Type>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.operand(v, t);
    o.result_types = results;
    o
}

pub fn cast(
    n: Named<'_>,
    v: ValueUse,
    flags: Option<Vec<(&'static str, Vec<&str>)>>,
    attrs: Option<Dict>,
    a: Type,
    b: Type,
) -> Op {
    let mut o = unary(n, v, Some(a), attrs, vec![b]);
    set_flags(&mut o, flags);
    o
}

pub fn view(
    n: Named<'_>,
    src: ValueUse,
    off: ValueUse,
    sizes: Vec<ValueUse>,
    attrs: Option<Dict>,
    a: Type,
    b: Type,
) -> Op {
    let mut o = unary(n, src, Some(a), attrs, vec![b]);
    o.operand(off, Some(Type::Index));
    for s in sizes {
        o.operand(s, Some(Type::Index));
    }
    o
}

#[allow(clippy::too_many_arguments)]
pub fn subview(
    n: Named<'_>,
    src: ValueUse,
    dst: Option<ValueUse>,
    offsets: Vec<Mixed>,
    sizes: Vec<Mixed>,
    strides: Vec<Mixed>,
    attrs: Option<Dict>,
    a: Type,
    b: Type,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    let (so, dyn_o) = split_mixed(offsets);
    let (ss, dyn_s) = split_mixed(sizes);
    let (st, dyn_st) = split_mixed(strides);
    o.operand(src, Some(a));
    let mut segs = vec![1];
    if let Some(d) = dst {
        o.operand(d, Some(b.clone()));
        segs.push(1);
    }
    segs.extend([dyn_o.len(), dyn_s.len(), dyn_st.len()]);
    for v in dyn_o.into_iter().chain(dyn_s).chain(dyn_st) {
        o.operand(v, Some(Type::Index));
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

pub fn reshape<'a>(
    n: Named<'a>,
    src: ValueUse,
    re: Vec<Vec<i64>>,
    shape: Option<Vec<Mixed>>,
    attrs: Option<Dict>,
    a: Type,
    b: Type,
) -> Result<Op, PErr<'a>> {
    let expand = n.0.ends_with("expand_shape");
    let mut o = unary(n, src, Some(a), attrs, vec![b]);
    o.prop("reassociation", reassociation_attr(&re));
    match (expand, shape) {
        (true, Some(shape)) => {
            let (statics, dynamics) = split_mixed(shape);
            for v in dynamics {
                o.operand(v, Some(Type::Index));
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

/// The element type of a shaped type (or the type itself).
fn element_of(t: &Type) -> Type {
    match t {
        Type::MemRef(m) => m.elem.clone(),
        Type::Tensor { elem, .. } | Type::Vector { elem, .. } => (**elem).clone(),
        other => other.clone(),
    }
}

pub fn load(n: Named<'_>, m: ValueUse, idx: Vec<ValueUse>, attrs: Option<Dict>, t: Type) -> Op {
    let elem = element_of(&t);
    let mut o = unary(n, m, Some(t), attrs, vec![elem]);
    for i in idx {
        o.operand(i, Some(Type::Index));
    }
    o
}

pub fn store(
    n: Named<'_>,
    v: ValueUse,
    m: ValueUse,
    idx: Vec<ValueUse>,
    attrs: Option<Dict>,
    t: Type,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.operand(v, Some(element_of(&t)));
    o.operand(m, Some(t));
    for i in idx {
        o.operand(i, Some(Type::Index));
    }
    o
}

pub fn tensor_insert(
    n: Named<'_>,
    v: ValueUse,
    m: ValueUse,
    idx: Vec<ValueUse>,
    attrs: Option<Dict>,
    t: Type,
) -> Op {
    let mut o = store(n, v, m, idx, attrs, t.clone());
    o.result_types.push(t);
    o
}

pub fn copy(n: Named<'_>, a: ValueUse, b: ValueUse, attrs: Option<Dict>, ta: Type, tb: Type) -> Op {
    let mut o = unary(n, a, Some(ta), attrs, vec![]);
    o.operand(b, Some(tb));
    o
}

pub fn dim(n: Named<'_>, a: ValueUse, i: ValueUse, attrs: Option<Dict>, t: Type) -> Op {
    let mut o = unary(n, a, Some(t), attrs, vec![Type::Index]);
    o.operand(i, Some(Type::Index));
    o
}

pub fn get_global(n: Named<'_>, sym: &str, attrs: Option<Dict>, t: Type) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.prop("name", symbol_ref(sym, vec![]));
    o.result_types.push(t);
    o
}

pub fn global(
    n: Named<'_>,
    vis: Option<&str>,
    constant: bool,
    sym: &str,
    t: Type,
    init: Option<Option<Attr>>,
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
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
    o.prop("type", Attr::Type(t));
    o
}

pub fn transpose(
    n: Named<'_>,
    a: ValueUse,
    dims: Vec<&str>,
    perm: Vec<&str>,
    attrs: Option<Dict>,
    ta: Type,
    tb: Type,
) -> Op {
    let mut o = unary(n, a, Some(ta), attrs, vec![tb]);
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
pub fn reinterpret_cast(
    n: Named<'_>,
    a: ValueUse,
    offsets: Vec<Mixed>,
    sizes: Vec<Mixed>,
    strides: Vec<Mixed>,
    attrs: Option<Dict>,
    ta: Type,
    tb: Type,
) -> Op {
    let mut o = unary(n, a, Some(ta), attrs, vec![tb]);
    let (so, dyn_o) = split_mixed(offsets);
    let (ss, dyn_s) = split_mixed(sizes);
    let (st, dyn_st) = split_mixed(strides);
    segments(&mut o, &[1, dyn_o.len(), dyn_s.len(), dyn_st.len()]);
    for v in dyn_o.into_iter().chain(dyn_s).chain(dyn_st) {
        o.operand(v, Some(Type::Index));
    }
    o.prop("static_offsets", Attr::dense_i64(&so));
    o.prop("static_sizes", Attr::dense_i64(&ss));
    o.prop("static_strides", Attr::dense_i64(&st));
    o
}

/// An op with untyped operands, results, regions and attributes (`memref.alloca_scope`).
pub fn region_op(
    n: Named<'_>,
    operands: Vec<ValueUse>,
    results: Option<Vec<Type>>,
    mut regions: Vec<Region>,
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.operands_untyped(operands);
    o.result_types = results.unwrap_or_default();
    if o.name.as_ref() == "memref.alloca_scope" && o.result_types.is_empty() {
        for r in &mut regions {
            ensure_terminator(r, "memref.alloca_scope.return");
        }
    }
    o.regions = regions;
    o
}

pub fn constant<'a>(n: Named<'a>, v: Attr) -> Result<Op, PErr<'a>> {
    let ty = match &v {
        Attr::Int { ty, .. } => ty.clone().unwrap_or(Type::i(64)),
        Attr::Float { ty, .. } => ty.clone().unwrap_or(Type::Float("f64".into())),
        Attr::Bool(_) => Type::i(1),
        Attr::Str { ty: Some(t), .. } | Attr::Opaque { ty: Some(t), .. } => t.clone(),
        _ => return Err(user(n.1, "arith.constant needs a typed value")),
    };
    let mut o = op(n);
    o.prop("value", v);
    o.result_types.push(ty);
    Ok(o)
}

pub fn elementwise(
    n: Named<'_>,
    vs: Vec<ValueUse>,
    flags: Option<Vec<(&'static str, Vec<&str>)>>,
    attrs: Option<Dict>,
    ts: Vec<Type>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    let result = ts.last().cloned().unwrap_or(Type::None);
    let select = o.name.as_ref() == "arith.select";
    let n_operands = vs.len();
    for (i, v) in vs.into_iter().enumerate() {
        let ty = if ts.len() == n_operands {
            Some(ts[i].clone())
        } else if select && i == 0 {
            None
        } else if ts.len() == 1 {
            Some(result.clone())
        } else {
            None
        };
        o.operand(v, ty);
    }
    set_flags(&mut o, flags);
    o.result_types.push(result);
    o
}

/// Predicate keywords of `arith.cmpi` and `arith.cmpf`, in MLIR's numbering.
const CMPI: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const CMPF: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// The predicate keyword of a comparison with number `n`.
pub fn predicate_name(op: &str, n: i64) -> Option<&'static str> {
    let table: &[&'static str] = if op == "arith.cmpi" { &CMPI } else { &CMPF };
    usize::try_from(n).ok().and_then(|i| table.get(i).copied())
}

/// An `i1` of the shape of `t` (the result type of a comparison).
fn bool_like(t: &Type) -> Type {
    match t {
        Type::Vector { shape, .. } => Type::Vector {
            shape: shape.clone(),
            elem: Box::new(Type::i(1)),
        },
        Type::Tensor { shape, .. } => Type::Tensor {
            shape: shape.clone(),
            elem: Box::new(Type::i(1)),
            encoding: None,
        },
        _ => Type::i(1),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn cmp<'a>(
    n: Named<'a>,
    p: &str,
    a: ValueUse,
    b: ValueUse,
    flags: Option<Vec<(&'static str, Vec<&str>)>>,
    attrs: Option<Dict>,
    t: Type,
) -> Result<Op, PErr<'a>> {
    let table: &[&str] = if n.0 == "arith.cmpi" { &CMPI } else { &CMPF };
    let Some(idx) = table.iter().position(|x| *x == p) else {
        return Err(user(
            n.1,
            format!("unknown comparison predicate '{p}' for {}", n.0),
        ));
    };
    let mut o = with_attrs(op(n), attrs);
    o.prop("predicate", Attr::int(idx as i64, Type::i(64)));
    o.operand(a, Some(t.clone()));
    o.operand(b, Some(t.clone()));
    set_flags(&mut o, flags);
    o.result_types.push(bool_like(&t));
    Ok(o)
}

pub fn linalg_index<'a>(
    n: Named<'a>,
    d: (&'a str, Span),
    attrs: Option<Dict>,
    t: Type,
) -> Result<Op, PErr<'a>> {
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let mut o = with_attrs(op(n), attrs);
    o.prop("dim", Attr::int(dim, Type::i(64)));
    o.result_types.push(t);
    Ok(o)
}

#[allow(clippy::too_many_arguments)]
pub fn scf_for(
    n: Named<'_>,
    unsigned: bool,
    iv: (&str, Span),
    lb: ValueUse,
    ub: ValueUse,
    step: ValueUse,
    iters: Option<(Vec<(BlockArg, ValueUse)>, Vec<Type>)>,
    ty: Option<Type>,
    mut body: Region,
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    for v in [lb, ub, step] {
        o.operand(v, ty.clone());
    }
    let mut args = vec![arg(
        iv,
        ty.clone().map_or(ArgType::OfOperand(0), ArgType::Given),
    )];
    if let Some((pairs, types)) = iters {
        for (i, (mut a, init)) in pairs.into_iter().enumerate() {
            let t = types.get(i).cloned();
            o.operand(init, t.clone());
            a.ty = t.map_or(ArgType::OfOperand(3 + i), ArgType::Given);
            args.push(a);
        }
        o.result_types = types;
    }
    if unsigned {
        o.prop("unsignedCmp", Attr::Unit);
    }
    prepend_args(&mut body, args);
    if o.result_types.is_empty() {
        ensure_terminator(&mut body, "scf.yield");
    }
    o.regions.push(body);
    o
}

pub fn scf_if(
    n: Named<'_>,
    cond: ValueUse,
    res: Option<Vec<Type>>,
    mut then: Region,
    els: Option<Region>,
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.operand(cond, Some(Type::i(1)));
    o.result_types = res.unwrap_or_default();
    let mut els = els.unwrap_or_default();
    if o.result_types.is_empty() {
        ensure_terminator(&mut then, "scf.yield");
        if !els.blocks.is_empty() {
            ensure_terminator(&mut els, "scf.yield");
        }
    }
    o.regions.push(then);
    o.regions.push(els);
    o
}

pub fn scf_while<'a>(
    n: Named<'a>,
    inits: Vec<(BlockArg, ValueUse)>,
    ft: Type,
    mut before: Region,
    after: Region,
    attrs: Option<Dict>,
) -> Result<Op, PErr<'a>> {
    let (inputs, results) = function_parts(ft, n.1)?;
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
    let mut o = with_attrs(op(n), attrs);
    let mut args = Vec::new();
    for ((mut a, init), t) in inits.into_iter().zip(inputs) {
        o.operand(init, Some(t.clone()));
        a.ty = ArgType::Given(t);
        args.push(a);
    }
    prepend_args(&mut before, args);
    o.result_types = results;
    o.regions.push(before);
    o.regions.push(after);
    Ok(o)
}

#[allow(clippy::too_many_arguments)]
pub fn scf_parallel(
    n: Named<'_>,
    ivs: Vec<(&str, Span)>,
    lbs: Vec<ValueUse>,
    ubs: Vec<ValueUse>,
    steps: Vec<ValueUse>,
    init: Option<(Vec<ValueUse>, Vec<Type>)>,
    mut body: Region,
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    let (inits, types) = init.unwrap_or_default();
    segments(&mut o, &[lbs.len(), ubs.len(), steps.len(), inits.len()]);
    for v in lbs.into_iter().chain(ubs).chain(steps) {
        o.operand(v, Some(Type::Index));
    }
    for (i, v) in inits.into_iter().enumerate() {
        o.operand(v, types.get(i).cloned());
    }
    o.result_types = types;
    prepend_args(
        &mut body,
        ivs.into_iter()
            .map(|iv| arg(iv, ArgType::Given(Type::Index)))
            .collect(),
    );
    ensure_terminator(&mut body, "scf.reduce");
    o.regions.push(body);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn scf_forall(
    n: Named<'_>,
    ivs: Vec<(&str, Span)>,
    lbs: Option<Vec<Mixed>>,
    ubs: Vec<Mixed>,
    steps: Option<Vec<Mixed>>,
    outs: Option<(Vec<(BlockArg, ValueUse)>, Vec<Type>)>,
    mut body: Region,
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    let rank = ubs.len();
    let (slb, dlb) = split_mixed(lbs.unwrap_or_else(|| vec![Mixed::Static(0); rank]));
    let (sub, dub) = split_mixed(ubs);
    let (sst, dst) = split_mixed(steps.unwrap_or_else(|| vec![Mixed::Static(1); rank]));
    let (pairs, types) = outs.unwrap_or_default();
    segments(&mut o, &[dlb.len(), dub.len(), dst.len(), pairs.len()]);
    for v in dlb.into_iter().chain(dub).chain(dst) {
        o.operand(v, Some(Type::Index));
    }
    let mut args: Vec<BlockArg> = ivs
        .into_iter()
        .map(|iv| arg(iv, ArgType::Given(Type::Index)))
        .collect();
    for (i, (mut a, init)) in pairs.into_iter().enumerate() {
        let t = types.get(i).cloned();
        o.operand(init, t.clone());
        a.ty = t.map_or(ArgType::Given(Type::None), ArgType::Given);
        args.push(a);
    }
    o.prop("staticLowerBound", Attr::dense_i64(&slb));
    o.prop("staticUpperBound", Attr::dense_i64(&sub));
    o.prop("staticStep", Attr::dense_i64(&sst));
    o.result_types = types;
    prepend_args(&mut body, args);
    ensure_terminator(&mut body, "scf.forall.in_parallel");
    o.regions.push(body);
    o
}

pub fn execute_region(
    n: Named<'_>,
    res: Option<Vec<Type>>,
    no_inline: bool,
    body: Region,
    attrs: Option<Dict>,
) -> Op {
    let mut o = region_op(n, vec![], res, vec![body], attrs);
    if no_inline {
        o.prop("no_inline", Attr::Unit);
    }
    o
}

pub fn index_switch<'a>(
    n: Named<'a>,
    arg: ValueUse,
    res: Option<Vec<Type>>,
    cases: Vec<(i64, Region)>,
    mut default: Region,
    attrs: Option<Dict>,
) -> Result<Op, PErr<'a>> {
    let mut o = with_attrs(op(n), attrs);
    o.operand(arg, Some(Type::Index));
    o.result_types = res.unwrap_or_default();
    let values: Vec<i64> = cases.iter().map(|c| c.0).collect();
    o.prop("cases", Attr::dense_i64(&values));
    let no_results = o.result_types.is_empty();
    if no_results {
        ensure_terminator(&mut default, "scf.yield");
    }
    o.regions.push(default);
    for (_, mut r) in cases {
        if no_results {
            ensure_terminator(&mut r, "scf.yield");
        }
        o.regions.push(r);
    }
    Ok(o)
}

pub fn assert(n: Named<'_>, v: ValueUse, msg: &str, attrs: Option<Dict>) -> Op {
    let mut o = unary(n, v, Some(Type::i(1)), attrs, vec![]);
    o.prop(
        "msg",
        Attr::Str {
            text: msg.into(),
            ty: None,
        },
    );
    o
}

fn typed_operands(o: &mut Op, vals: (Vec<ValueUse>, Vec<Type>)) -> usize {
    let (vs, ts) = vals;
    let n = vs.len();
    let typed = ts.len() == n;
    for (i, v) in vs.into_iter().enumerate() {
        o.operand(v, if typed { Some(ts[i].clone()) } else { None });
    }
    n
}

pub fn linalg_generic(
    n: Named<'_>,
    d: Dict,
    ins: Option<(Vec<ValueUse>, Vec<Type>)>,
    outs: Option<(Vec<ValueUse>, Vec<Type>)>,
    extra: Option<Dict>,
    body: Region,
    res: Option<Vec<Type>>,
) -> Op {
    let mut o = op(n);
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
    let ni = typed_operands(&mut o, ins.unwrap_or_default());
    let no = typed_operands(&mut o, outs.unwrap_or_default());
    segments(&mut o, &[ni, no]);
    o.regions.push(body);
    o.result_types = res.unwrap_or_default();
    o
}

#[allow(clippy::too_many_arguments)]
pub fn linalg_named(
    n: Named<'_>,
    d: Option<Dict>,
    maps: Option<Attr>,
    ins: Option<(Vec<ValueUse>, Vec<Type>)>,
    outs: (Vec<ValueUse>, Vec<Type>),
    list: Option<(&'static str, Vec<i64>)>,
    body: Option<(Vec<BlockArg>, Region)>,
    attrs: Option<Dict>,
    res: Option<Vec<Type>>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.props.extend(d.unwrap_or_default());
    if let Some(m) = maps {
        o.prop("indexing_maps", m);
    }
    let ni = typed_operands(&mut o, ins.unwrap_or_default());
    let implied = implied_results(&o.name, &outs.1);
    let no = typed_operands(&mut o, outs);
    if o.name.as_ref() != "linalg.map" && o.name.as_ref() != "linalg.reduce" || ni + no > 0 {
        segments(&mut o, &[ni, no]);
    }
    if let Some((name, values)) = list {
        o.prop(name, Attr::dense_i64(&values));
    }
    let region = match body {
        Some((args, mut r)) => {
            prepend_args(&mut r, args);
            r
        }
        None => Region::default(),
    };
    o.regions.push(region);
    o.result_types = res.unwrap_or(implied);
    o
}

/// `linalg.transpose/broadcast/reduce/map` do not write their results: they are the tensor
/// types of their inits.
pub fn implied_results(name: &str, out_types: &[Type]) -> Vec<Type> {
    if matches!(
        name,
        "linalg.transpose" | "linalg.broadcast" | "linalg.reduce" | "linalg.map"
    ) {
        out_types
            .iter()
            .filter(|t| matches!(t, Type::Tensor { .. }))
            .cloned()
            .collect()
    } else {
        Vec::new()
    }
}

pub fn tensor_empty(n: Named<'_>, sizes: Vec<ValueUse>, attrs: Option<Dict>, t: Type) -> Op {
    let mut o = with_attrs(op(n), attrs);
    for s in sizes {
        o.operand(s, Some(Type::Index));
    }
    o.result_types.push(t);
    o
}

#[allow(clippy::too_many_arguments)]
pub fn pad(
    n: Named<'_>,
    src: ValueUse,
    nofold: bool,
    lo: Vec<Mixed>,
    hi: Vec<Mixed>,
    body: Region,
    attrs: Option<Dict>,
    ta: Type,
    tb: Type,
) -> Op {
    let mut o = unary(n, src, Some(ta), attrs, vec![tb]);
    let (slo, dlo) = split_mixed(lo);
    let (shi, dhi) = split_mixed(hi);
    segments(&mut o, &[1, dlo.len(), dhi.len()]);
    for v in dlo.into_iter().chain(dhi) {
        o.operand(v, Some(Type::Index));
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
    n: Named<'a>,
    d: (&'a str, Span),
    vs: Vec<ValueUse>,
    attrs: Option<Dict>,
    ft: Type,
) -> Result<Op, PErr<'a>> {
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let (inputs, results) = function_parts(ft, n.1)?;
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
    let mut o = with_attrs(op(n), attrs);
    for (v, t) in vs.into_iter().zip(inputs) {
        o.operand(v, Some(t));
    }
    o.prop("dim", Attr::int(dim, Type::i(64)));
    o.result_types = results;
    Ok(o)
}

pub fn from_elements(n: Named<'_>, vs: Vec<ValueUse>, attrs: Option<Dict>, t: Type) -> Op {
    let elem = element_of(&t);
    let mut o = with_attrs(op(n), attrs);
    for v in vs {
        o.operand(v, Some(elem.clone()));
    }
    o.result_types.push(t);
    o
}

pub fn terminator(
    n: Named<'_>,
    attrs: Option<Dict>,
    vals: Option<(Vec<ValueUse>, Vec<Type>)>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    typed_operands(&mut o, vals.unwrap_or_default());
    o
}

pub fn condition(
    n: Named<'_>,
    cond: ValueUse,
    attrs: Option<Dict>,
    vals: Option<(Vec<ValueUse>, Vec<Type>)>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.operand(cond, Some(Type::i(1)));
    typed_operands(&mut o, vals.unwrap_or_default());
    o
}

pub fn br(n: Named<'_>, s: (Successor, Vec<ValueUse>, Vec<Type>), attrs: Option<Dict>) -> Op {
    let mut o = with_attrs(op(n), attrs);
    let (succ, vs, ts) = s;
    typed_operands(&mut o, (vs, ts));
    o.successors.push(succ);
    o
}

pub fn cond_br(
    n: Named<'_>,
    cond: ValueUse,
    weights: Option<Vec<&str>>,
    t: (Successor, Vec<ValueUse>, Vec<Type>),
    f: (Successor, Vec<ValueUse>, Vec<Type>),
    attrs: Option<Dict>,
) -> Op {
    let mut o = with_attrs(op(n), attrs);
    o.operand(cond, Some(Type::i(1)));
    let nt = typed_operands(&mut o, (t.1, t.2));
    let nf = typed_operands(&mut o, (f.1, f.2));
    segments(&mut o, &[1, nt, nf]);
    if let Some(w) = weights {
        let values: Vec<i64> = w.iter().filter_map(|x| parse_int(x)).collect();
        o.prop("branch_weights", Attr::dense_i32(&values));
    }
    o.successors.push(t.0);
    o.successors.push(f.0);
    o
}

pub fn scf_reduce(n: Named<'_>, vals: Vec<(ValueUse, Type)>, regions: Vec<Region>) -> Op {
    let mut o = op(n);
    for (v, t) in vals {
        o.operand(v, Some(t));
    }
    o.regions = regions;
    o
}

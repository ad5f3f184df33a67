//! Builds the IR from the syntax tree: resolves value names, block labels and aliases, interns
//! types, and checks what the names alone can tell: undefined and redefined values, types of
//! uses against definitions, result counts. All errors are collected, not just the first.
//!
//! The parser has already stored ops, blocks and regions in arenas, in the order it finished
//! them (inner ops before the op holding them). `build` walks them from the top in pre-order,
//! creates the values, resolves every name, fills in operands, results, successors and
//! parents, and numbers every entity in pre-order (an op before the ops of its regions, a
//! region's blocks together): at the end each record is moved to its new index.
//!
//! A text parsed in two parts (`ast::Parts`) is built side by side, as the caller's
//! `ir::Fork` runs work (on two threads with `parallel::Threads`): `part` builds the hole's
//! ops there while this thread builds the ops before them, then joins them.

use super::types::{Attr, Dim, MemRefType, Type, canonical_layout};
use super::{
    AttrList, BlockData, BlockId, Fork, Module, OneThread, OpData, OpId, OpName, RegionData,
    RegionId, Sparse, TypeId, ValueData, ValueDef, ValueId, ValueList, ValueName,
};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast::{self, ArgType, File, HolePart, Parts, TypeTable};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::Arc;

mod part;

/// Deeper nesting of regions than this is refused with an error (a hostile file could otherwise
/// drive the builder into a stack overflow).
pub const MAX_NESTING: usize = 1000;

/// Marks an entity the walk has not reached (yet).
const UNSET: u32 = u32::MAX;

/// A name in scope: the first value of its group and the group's size.
#[derive(Clone, Copy)]
struct Binding {
    first: ValueId,
    count: u32,
}

/// One level of value scope: a region's names, and whether names above it are hidden
/// (`func.func` and `builtin.module` are isolated from above).
struct Scope<'a> {
    values: FxHashMap<&'a str, Binding>,
    isolated: bool,
}

struct Builder<'a> {
    text: &'a str,
    /// The parser's arenas; values are added in their final order.
    m: Module,
    types: TypeTable,
    op_syntax: Vec<ast::OpSyntax>,
    uses: Vec<ast::Use>,
    group_spans: Vec<Span>,
    /// The first value of each result group (by index into `group_spans`), once declared: a
    /// group's values are found by where they were declared, never by name, because a later
    /// definition of the same name (an error) replaces the name's binding.
    group_first: Vec<ValueId>,
    result_types: Vec<TypeId>,
    successors: Vec<ast::Successor>,
    block_syntax: Vec<ast::BlockSyntax>,
    /// The module type of each parsed type, once it has been resolved without error.
    type_ids: Vec<Option<TypeId>>,
    errors: Vec<Diagnostic>,
    scopes: Vec<Scope<'a>>,
    /// Block labels of the regions being built, innermost last.
    labels: Vec<FxHashMap<&'a str, BlockId>>,
    /// Emptied maps, kept for the next region.
    spare_scopes: Vec<FxHashMap<&'a str, Binding>>,
    spare_labels: Vec<FxHashMap<&'a str, BlockId>>,
    type_aliases: FxHashMap<&'a str, Type>,
    /// The first definition of each attribute alias, by name (an index into `attr_aliases`).
    attr_alias_index: FxHashMap<&'a str, usize>,
    /// The pre-order id of each entity, by the parser's id.
    new_op: Vec<u32>,
    new_block: Vec<u32>,
    new_region: Vec<u32>,
    next_op: u32,
    next_block: u32,
    /// The block declaring each op result (`UNSET` for graph regions), by value id.
    decl_block: Vec<u32>,
    /// The blocks whose ops are being built, innermost last: a use of a value declared in one
    /// of them but not built yet comes before its definition.
    block_path: Vec<u32>,
    next_region: u32,
    /// Block arguments typed like an operand of their op (`scf.for %i = %lb ...`) whose
    /// operand had no type yet when the region was built (it is defined in a later block):
    /// (argument, operand), in creation order.
    late_arg_types: Vec<(ValueId, ValueId)>,
    /// Results the input left unbound, named by `name_unnamed_results` at the end.
    unnamed: Vec<ValueId>,
    /// The hole of a two-part parse, until the walk reaches the block it belongs in.
    hole: Option<HolePart<'a>>,
    /// When this builder builds a hole (on the second thread): what it leaves to the join.
    part: Option<part::Deferred<'a>>,
    /// The ops of the hole, built and renumbered, until the end of the build.
    hole_ops: part::HoleOps,
    /// Runs the work that may go side by side (the hole's build, its renumbering, faulting
    /// in pages).
    fork: &'a dyn Fork,
}

/// Gives the results that the input left unbound (`"foo.op"() : () -> i32` without `%x =`)
/// the names `%0`, `%1`, ... in order, skipping every name the input uses anywhere (a result
/// group `%x:2` uses `%x`), so that the printed IR never defines a name twice.
fn name_unnamed_results(m: &mut Module, unnamed: &[ValueId]) {
    if unnamed.is_empty() {
        return;
    }
    let taken: rustc_hash::FxHashSet<String> = m
        .values
        .iter()
        .filter(|v| !v.name.is_empty())
        .map(|v| v.name.split('#').next().unwrap_or_default().to_string())
        .collect();
    let mut next = 0u64;
    for &v in unnamed {
        let name = loop {
            let candidate = format!("%{next}");
            next += 1;
            if !taken.contains(&candidate) {
                break candidate;
            }
        };
        m.values[v.index()].name = name.into();
    }
}

/// Builds a module from a parsed file, on this thread. Returns the module, or every error
/// found. (`load` builds from parts; this is for tests and the fuzz targets.)
#[cfg(any(test, feature = "internals"))]
pub fn build(file: File<'_>) -> Result<Module, Vec<Diagnostic>> {
    build_parts(file.into(), &OneThread)
}

/// Builds a module from a text parsed in one or two parts; `fork` runs what may go side by
/// side. The module is the same, record for record, whatever the fork.
pub fn build_parts<'a>(parts: Parts<'a>, fork: &'a dyn Fork) -> Result<Module, Vec<Diagnostic>> {
    let Parts { main, hole } = parts;
    let (mut b, aliases, top) = Builder::new(main);
    b.hole = hole;
    b.fork = fork;
    for alias in aliases {
        match alias {
            ast::AliasDef::Type { name, value, span } => {
                let t = b.types[value.index()].clone();
                let resolved = b.resolve_type(t, span);
                b.check_type(&resolved, span);
                if b.type_aliases.insert(name, resolved.clone()).is_some() {
                    b.errors.push(Diagnostic::error(
                        span,
                        format!("redefinition of type alias '{name}'"),
                    ));
                }
                b.m.type_aliases.push((name.into(), resolved));
            }
            ast::AliasDef::Attr {
                name,
                mut value,
                span,
            } => {
                if b.attr_alias_index.contains_key(name) {
                    b.errors.push(Diagnostic::error(
                        span,
                        format!("redefinition of attribute alias '{name}'"),
                    ));
                }
                b.resolve_attr(&mut value, span);
                b.attr_alias_index
                    .entry(name)
                    .or_insert(b.m.attr_aliases.len());
                b.m.attr_aliases.push((name.into(), value));
            }
        }
    }
    // Top-level ops form a graph region: their results are visible to each other.
    b.declare_results(&top, UNSET);
    b.m.top = top.iter().map(|&op| b.op(op, None, 0)).collect();
    // In creation order: an argument typed after another such argument gets its type after it.
    for (arg, of) in std::mem::take(&mut b.late_arg_types) {
        let ty = match b.m.values[of.index()].ty {
            TypeId(UNSET) => b.m.intern(Type::Index),
            ty => ty,
        };
        b.m.values[arg.index()].ty = ty;
    }
    if b.hole.is_some() {
        b.errors.push(Diagnostic::file_error(
            "internal error: the block of the hole was not built",
        ));
    }
    if !b.errors.is_empty() {
        b.errors.sort_by_key(|d| d.span.map(|s| s.start));
        return Err(b.errors);
    }
    name_unnamed_results(&mut b.m, &b.unnamed);
    // The side tables and scopes are freed before the hole's ops are copied in, so that the
    // copy does not add to the build's peak memory.
    let mut m = std::mem::take(&mut b.m);
    let (mut new_op, new_block, new_region) = (
        std::mem::take(&mut b.new_op),
        std::mem::take(&mut b.new_block),
        std::mem::take(&mut b.new_region),
    );
    let (next_op, next_block, next_region) = (b.next_op, b.next_block, b.next_region);
    let hole_ops = std::mem::take(&mut b.hole_ops);
    let fork = b.fork;
    drop(b);
    // The hole's records are in order already: the others are put in order around them,
    // then the hole's are copied in between.
    let (first, n) = (hole_ops.ids.start, hole_ops.ids.len() as u32);
    for id in &mut new_op {
        if *id != UNSET && *id >= first {
            *id -= n;
        }
    }
    let name = OpName::from("");
    // The pages the hole's records will fill are faulted in on another thread meanwhile
    // (if the fork does that).
    m.ops.reserve_exact(n as usize);
    let (address, length) = spare_pages(&m.ops);
    fork.both(
        n as usize >= part::PREFAULT_OPS,
        "bufreuse-prefault",
        move || fork.prefault(address, length),
        || permute(&mut m.ops, &new_op, next_op - n, hollow_op(&name)),
    );
    let at = first as usize;
    m.ops.splice(at..at, hole_ops.ops);
    permute(&mut m.blocks, &new_block, next_block, hollow_block);
    permute(&mut m.regions, &new_region, next_region, hollow_region);
    Ok(m)
}

impl<'a> Builder<'a> {
    /// A builder for the records of `file`, with its alias definitions and top-level ops.
    fn new(file: File<'a>) -> (Builder<'a>, Vec<ast::AliasDef<'a>>, Vec<OpId>) {
        let File {
            text,
            skeleton,
            types,
            op_syntax,
            uses,
            group_spans,
            result_types,
            successors,
            block_syntax,
            aliases,
            top,
        } = file;
        let (n_ops, n_blocks, n_regions) = (
            skeleton.ops.len(),
            skeleton.blocks.len(),
            skeleton.regions.len(),
        );
        let n_args: usize = block_syntax.iter().map(|b| b.args.len()).sum();
        let mut b = Builder {
            text,
            m: skeleton,
            type_ids: vec![None; types.len()],
            group_first: vec![ValueId(UNSET); group_spans.len()],
            types,
            op_syntax,
            uses,
            group_spans,
            result_types,
            successors,
            block_syntax,
            errors: Vec::new(),
            scopes: vec![Scope {
                values: FxHashMap::default(),
                isolated: true,
            }],
            labels: Vec::new(),
            spare_scopes: Vec::new(),
            spare_labels: Vec::new(),
            type_aliases: FxHashMap::default(),
            attr_alias_index: FxHashMap::default(),
            new_op: vec![UNSET; n_ops],
            new_block: vec![UNSET; n_blocks],
            new_region: vec![UNSET; n_regions],
            next_op: 0,
            decl_block: Vec::new(),
            block_path: Vec::new(),
            next_block: 0,
            next_region: 0,
            late_arg_types: Vec::new(),
            unnamed: Vec::new(),
            hole: None,
            part: None,
            hole_ops: part::HoleOps::default(),
            fork: &OneThread,
        };
        b.m.values.reserve_exact(b.result_types.len() + n_args);
        (b, aliases, top)
    }
}

/// Moves `v[i]` to index `new[i]` for every reached entity and drops the others (`UNSET`:
/// parts of the text the walk never reached, such as the body of a named linalg op written
/// in generic form). In place, so a large arena is never copied: each cycle of the
/// permutation is followed once, carrying one record from its old place to its new one, while
/// the cycle's first place holds a `hollow` record (each record is moved once, where swapping
/// along the cycle would move two).
fn permute<T>(v: &mut Vec<T>, new: &[u32], reached: u32, hollow: impl Fn() -> T) {
    let mut unreached = reached;
    let mut target: Vec<u32> = new
        .iter()
        .map(|&n| {
            if n == UNSET {
                unreached += 1;
                unreached - 1
            } else {
                n
            }
        })
        .collect();
    for start in 0..v.len() {
        let mut to = target[start] as usize;
        if to == start {
            continue;
        }
        let mut carried = std::mem::replace(&mut v[start], hollow());
        while to != start {
            carried = std::mem::replace(&mut v[to], carried);
            let next = target[to] as usize;
            target[to] = to as u32;
            to = next;
        }
        v[start] = carried;
    }
    v.truncate(reached as usize);
}

/// The whole pages of `v`'s spare capacity: their address and length.
fn spare_pages<T>(v: &Vec<T>) -> (usize, usize) {
    const PAGE: usize = 4096;
    let size = std::mem::size_of::<T>();
    let start = (v.as_ptr() as usize + v.len() * size).next_multiple_of(PAGE);
    let end = (v.as_ptr() as usize + v.capacity() * size) / PAGE * PAGE;
    (start, end.saturating_sub(start))
}

/// Records for `permute` to leave in a place for a moment: they own nothing on the heap
/// (an op's name is one shared string).
fn hollow_op(name: &OpName) -> impl Fn() -> OpData + '_ {
    || OpData::new(name.clone(), Span::default())
}

fn hollow_block() -> BlockData {
    BlockData {
        label: None,
        args: Vec::new(),
        ops: Vec::new(),
        parent: RegionId(UNSET),
        span: Span::default(),
    }
}

fn hollow_region() -> RegionData {
    RegionData {
        blocks: Vec::new(),
        parent: OpId(UNSET),
    }
}

/// Range `start[k]..start[k + 1]` of a side table whose per-entity starts are `start`.
fn range_of(k: usize, start: impl Fn(usize) -> Option<u32>, len: usize) -> std::ops::Range<usize> {
    let from = start(k).unwrap_or(len as u32) as usize;
    let to = start(k + 1).map_or(len, |s| s as usize);
    from..to
}

impl<'a> Builder<'a> {
    // -----------------------------------------------------------------------------------------
    // Types and attributes

    fn resolve_type(&mut self, t: Type, span: Span) -> Type {
        match t {
            Type::Alias(name) => match self.type_aliases.get(&*name) {
                Some(t) => t.clone(),
                None => {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("undefined type alias '{name}'"),
                    ));
                    Type::None
                }
            },
            // Parts without an alias are shared, not copied (see `Type`).
            Type::Complex(t) => Type::Complex(self.resolve_shared(t, span)),
            Type::Tuple(ts) => Type::Tuple(self.resolve_all(ts, span)),
            Type::Function { inputs, results } => Type::Function {
                inputs: self.resolve_all(inputs, span),
                results: self.resolve_all(results, span),
            },
            Type::Vector { shape, elem } => Type::Vector {
                shape,
                elem: self.resolve_shared(elem, span),
            },
            Type::Tensor {
                shape,
                elem,
                encoding,
            } => Type::Tensor {
                shape,
                elem: self.resolve_shared(elem, span),
                encoding,
            },
            Type::MemRef(m) => {
                let MemRefType {
                    shape,
                    elem,
                    layout,
                    memory_space,
                } = *m;
                let elem = self.resolve_type(elem, span);
                // What an alias of an attribute stands for.
                let aliased = |attr: &Option<Attr>| match attr {
                    Some(Attr::Alias(a)) => self.attr_alias(a),
                    _ => None,
                };
                let is_layout = |v: &Attr| matches!(v, Attr::Opaque { text, .. } if text.starts_with("affine_map<") || text.starts_with("strided<"));
                // An alias in the first position is a layout or a memory space depending on
                // what it stands for.
                let (mut layout, memory_space) =
                    if layout.is_none() && aliased(&memory_space).is_some_and(is_layout) {
                        (memory_space, None)
                    } else {
                        (layout, memory_space)
                    };
                // An alias of a layout MLIR drops (an identity map) is no layout either.
                if aliased(&layout).is_some_and(|v| canonical_layout(v.clone()).is_none()) {
                    layout = None;
                }
                Type::MemRef(Box::new(MemRefType {
                    shape,
                    elem,
                    layout,
                    memory_space,
                }))
            }
            other => other,
        }
    }

    /// The attribute an alias stands for, if it is defined.
    fn attr_alias(&self, name: &str) -> Option<&Attr> {
        self.attr_alias_index
            .get(name)
            .map(|&i| &self.m.attr_aliases[i].1)
    }

    /// `t` resolved, shared with the input where it names no alias.
    fn resolve_shared(&mut self, t: Arc<Type>, span: Span) -> Arc<Type> {
        if Self::has_alias(&t) {
            Arc::new(self.resolve_type(Arc::unwrap_or_clone(t), span))
        } else {
            t
        }
    }

    /// Each of `ts` resolved, shared with the input where none names an alias.
    fn resolve_all(&mut self, ts: Arc<[Type]>, span: Span) -> Arc<[Type]> {
        if ts.iter().any(Self::has_alias) {
            ts.iter()
                .map(|t| self.resolve_type(t.clone(), span))
                .collect()
        } else {
            ts
        }
    }

    /// Whether resolving `t` could change it or report an error (it names an alias).
    fn has_alias(t: &Type) -> bool {
        match t {
            Type::Alias(_) => true,
            Type::Complex(t) => Self::has_alias(t),
            Type::Tuple(ts) => ts.iter().any(Self::has_alias),
            Type::Function { inputs, results } => {
                inputs.iter().chain(results.iter()).any(Self::has_alias)
            }
            Type::Vector { elem, .. } | Type::Tensor { elem, .. } => Self::has_alias(elem),
            Type::MemRef(m) => {
                Self::has_alias(&m.elem)
                    || matches!(m.layout, Some(Attr::Alias(_)))
                    || matches!((&m.layout, &m.memory_space), (None, Some(Attr::Alias(_))))
            }
            _ => false,
        }
    }

    /// Resolves the aliases in an attribute (and in the types it holds), in place.
    fn resolve_attr(&mut self, a: &mut Attr, span: Span) {
        match a {
            Attr::Type(t) => {
                self.resolve_type_in(t, span);
                self.check_type(t, span);
            }
            Attr::Array(items) => {
                for i in items {
                    self.resolve_attr(i, span);
                }
            }
            Attr::Dict(entries) => {
                for (_, v) in entries {
                    self.resolve_attr(v, span);
                }
            }
            Attr::Int { ty, .. } | Attr::Float { ty, .. } | Attr::Opaque { ty, .. } => {
                if let Some(t) = ty {
                    self.resolve_type_in(t, span);
                    self.check_type(t, span);
                }
                self.check_strided(a, span);
            }
            Attr::Alias(name) => {
                if !self.attr_alias_index.contains_key(&**name) {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("undefined attribute alias '{name}'"),
                    ));
                }
            }
            Attr::Bool(_) | Attr::Str { .. } | Attr::Unit | Attr::SymbolRef(_) => {}
        }
    }

    fn resolve_type_in(&mut self, t: &mut Type, span: Span) {
        if Self::has_alias(t) {
            let owned = std::mem::replace(t, Type::None);
            *t = self.resolve_type(owned, span);
        }
    }

    fn resolve_attrs(&mut self, attrs: &mut AttrList, span: Span) {
        for (_, v) in attrs {
            self.resolve_attr(v, span);
        }
    }

    /// The module type of a parsed type, resolved (errors at `span`) and interned.
    fn intern(&mut self, t: TypeId, span: Span) -> TypeId {
        if let Some(id) = self.type_ids[t.index()] {
            return id;
        }
        let before = self.errors.len();
        let ty = self.resolve_type(self.types[t.index()].clone(), span);
        self.check_type(&ty, span);
        let id = self.m.intern(ty);
        if self.errors.len() == before {
            self.type_ids[t.index()] = Some(id);
        }
        id
    }

    /// Checks what the parser leaves to the builder in a type: dimensions and strides are
    /// 64-bit signed integers in MLIR (the lexer only checks that a dimension fits in 64 bits).
    /// Recursion is bounded by the parser's limit on type nesting.
    fn check_type(&mut self, t: &Type, span: Span) {
        let dims = |shape: &[Dim]| {
            shape.iter().find_map(|d| match d {
                Dim::Static(n) | Dim::Scalable(n) if i64::try_from(*n).is_err() => Some(*n),
                _ => None,
            })
        };
        let bad = match t {
            Type::Complex(e) => return self.check_type(e, span),
            Type::Tuple(ts) => {
                for t in ts.iter() {
                    self.check_type(t, span);
                }
                return;
            }
            Type::Function { inputs, results } => {
                for t in inputs.iter().chain(results.iter()) {
                    self.check_type(t, span);
                }
                return;
            }
            Type::Vector { shape, elem } => {
                self.check_type(elem, span);
                dims(shape)
            }
            Type::Tensor { shape, elem, .. } => {
                self.check_type(elem, span);
                shape.as_deref().and_then(dims)
            }
            Type::MemRef(m) => {
                self.check_type(&m.elem, span);
                if let Some(l) = &m.layout {
                    self.check_strided(l, span);
                }
                m.shape.as_deref().and_then(dims)
            }
            _ => None,
        };
        if let Some(n) = bad {
            self.errors.push(Diagnostic::error(
                span,
                format!("invalid dimension {n} in '{t}': dimensions are 64-bit signed integers"),
            ));
        }
    }

    /// The strides and offset of a `strided<[...], offset: ...>` layout fit in an i64.
    fn check_strided(&mut self, a: &Attr, span: Span) {
        let Attr::Opaque { text, .. } = a else {
            return;
        };
        if !text.starts_with("strided<") {
            return;
        }
        let bad = text["strided<".len()..]
            .split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .find(|n| !n.is_empty() && *n != "-" && n.parse::<i64>().is_err());
        if let Some(n) = bad {
            self.errors.push(Diagnostic::error(
                span,
                format!("expected a 64-bit signed integer or '?' in '{text}', got {n}"),
            ));
        }
    }

    /// Checks the type a use states (`t`, parsed) against the type of the value it names,
    /// when that value's type is already known.
    fn check_use_type(&mut self, v: ValueId, t: TypeId, name: &str, span: Span) {
        let actual = self.m.value(v).ty;
        let known = actual.0 != UNSET;
        if let Some(expected) = self.type_ids[t.index()] {
            if known && actual != expected {
                self.type_mismatch(name, self.m.ty(expected).to_string(), actual, span);
            }
            return;
        }
        let before = self.errors.len();
        let expected = self.resolve_type(self.types[t.index()].clone(), span);
        if self.errors.len() == before
            && let Some(i) = self.m.types.get_index_of(&expected)
        {
            self.type_ids[t.index()] = Some(TypeId::new(i));
        }
        self.check_type_of(v, &expected, name, span);
    }

    /// Checks the type a use states (`expected`, resolved) against the type of the value it
    /// names, when that value's type is already known.
    fn check_type_of(&mut self, v: ValueId, expected: &Type, name: &str, span: Span) {
        let actual = self.m.value(v).ty;
        if actual.0 != UNSET && self.m.ty(actual) != expected {
            self.type_mismatch(name, expected.to_string(), actual, span);
        }
    }

    fn type_mismatch(&mut self, name: &str, expected: String, actual: TypeId, span: Span) {
        self.errors.push(Diagnostic::error(
            span,
            format!(
                "use of value '{name}' expects different type than prior uses: '{expected}' vs '{}'",
                self.m.ty(actual)
            ),
        ));
    }

    // -----------------------------------------------------------------------------------------
    // Names

    /// The side-table range of op `raw` in a table whose starts are picked by `field`.
    fn op_range(
        &self,
        raw: usize,
        field: fn(&ast::OpSyntax) -> u32,
        len: usize,
    ) -> std::ops::Range<usize> {
        range_of(raw, |k| self.op_syntax.get(k).map(field), len)
    }

    /// How many names `ops` bind (their result groups).
    fn names_bound(&self, ops: &[OpId]) -> usize {
        ops.iter()
            .map(|op| {
                self.op_range(op.index(), |s| s.groups, self.group_spans.len())
                    .len()
            })
            .sum()
    }

    /// Makes room in the innermost scope for `names` more: a large block binds hundreds of
    /// thousands, and growing the map step by step rehashes it each time.
    fn reserve_names(&mut self, names: usize) {
        let scope = self.scopes.last_mut().expect("a scope");
        scope.values.reserve(names);
    }

    /// Makes the results of `ops` visible in the innermost scope (before any of them is built,
    /// so a use may come before its definition in the text, as MLIR allows across blocks).
    /// The values are created now; their types and defining ops are filled in by `op`.
    fn declare_results(&mut self, ops: &[OpId], block: u32) {
        for &op in ops {
            let raw = op.index();
            let spans = self.op_range(raw, |s| s.groups, self.group_spans.len());
            for (k, span) in spans.enumerate() {
                let g_span = self.group_spans[span];
                let count = self.m.ops[raw].result_groups.counts()[k];
                let name = ast::value_name(&self.text[g_span.range()]);
                let first = ValueId::new(self.m.values.len());
                self.group_first[span] = first;
                for i in 0..count {
                    let value_name: ValueName = if count == 1 {
                        name.into()
                    } else {
                        format!("{name}#{i}").into()
                    };
                    self.m.values.push(ValueData {
                        ty: TypeId(UNSET),
                        def: ValueDef::Result(OpId(UNSET), i),
                        name: value_name,
                        span: g_span,
                    });
                    let v = self.m.values.len() - 1;
                    if self.decl_block.len() <= v {
                        self.decl_block.resize(v + 1, UNSET);
                    }
                    self.decl_block[v] = block;
                }
                self.define(name, Binding { first, count }, g_span);
            }
        }
    }

    fn define(&mut self, name: &'a str, binding: Binding, span: Span) {
        // A name of a hole's block: the join defines it in the block's own scope.
        if let Some(part) = &mut self.part
            && self.scopes.len() == 1
        {
            part.names.push((name, binding, span));
        }
        // A name visible from an enclosing region may not be defined again (MLIR forbids
        // shadowing; a shadowed name would make later uses refer to the wrong value).
        let inner = self.scopes.len() - 1;
        let shadows = !self.scopes[inner].isolated && self.shadows(name, span, inner);
        let scope = self.scopes.last_mut().expect("a scope");
        if scope.values.insert(name, binding).is_some() || shadows {
            self.redefinition(name, span);
        }
    }

    fn redefinition(&mut self, name: &str, span: Span) {
        self.errors.push(Diagnostic::error(
            span,
            format!("redefinition of SSA value '{name}'"),
        ));
    }

    fn undefined_block(&mut self, label: &str, span: Span) {
        self.errors.push(Diagnostic::error(
            span,
            format!("reference to an undefined block '{label}'"),
        ));
    }

    /// Whether `name` is already defined in one of the scopes below `inner` (out to the first
    /// isolated one). Only names already defined: a later definition in an enclosing block is
    /// not visible yet (MLIR pops a region's names when the region ends). In a hole, the
    /// scopes of the main builder are left to the join.
    fn shadows(&mut self, name: &'a str, span: Span, inner: usize) -> bool {
        for s in self.scopes[..inner].iter().rev() {
            let defined = s.values.get(name).is_some_and(|b| {
                let v = &self.m.values[b.first.index()];
                matches!(v.def, ValueDef::Arg(..)) || v.ty.0 != UNSET
            });
            if defined {
                return true;
            }
            if s.isolated {
                return false;
            }
        }
        if let Some(part) = &mut self.part
            && inner > 0
        {
            part.shadow_checks.push((name, span));
        }
        false
    }

    fn lookup(&mut self, name: &'a str, index: u32, span: Span) -> Option<ValueId> {
        let mut isolated = false;
        for scope in self.scopes.iter().rev() {
            if let Some(b) = scope.values.get(name) {
                if index >= b.count {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!(
                            "result #{index} of '{name}' does not exist: it has {} result(s)",
                            b.count
                        ),
                    ));
                    return None;
                }
                let v = ValueId(b.first.0 + index);
                let declared_in = self.decl_block.get(v.index()).copied().unwrap_or(UNSET);
                if self.m.values[v.index()].ty.0 == UNSET
                    && declared_in != UNSET
                    && self.block_path.contains(&declared_in)
                {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("use of value '{name}' before its definition (operand does not dominate this use)"),
                    ));
                    return None;
                }
                return Some(v);
            }
            if scope.isolated {
                isolated = true;
                break;
            }
        }
        if !isolated && let Some(part) = &mut self.part {
            return Some(part.external(name, index, span));
        }
        self.errors.push(Diagnostic::error(
            span,
            format!("use of undefined value '{name}'"),
        ));
        None
    }

    // -----------------------------------------------------------------------------------------
    // The walk

    /// Builds op `raw` (a parser id) and everything nested in it; returns its pre-order id.
    fn op(&mut self, raw: OpId, parent: Option<BlockId>, depth: usize) -> OpId {
        let id = OpId(self.next_op);
        self.next_op += 1;
        self.new_op[raw.index()] = id.0;
        let r = raw.index();
        let (span, name_span) = (self.m.ops[r].span, self.m.ops[r].name_span);
        let mut props = std::mem::take(&mut self.m.ops[r].props);
        let mut attrs = std::mem::take(&mut self.m.ops[r].attrs);
        self.resolve_attrs(&mut props, span);
        self.resolve_attrs(&mut attrs, span);

        // Operands, with the types the syntax gives them checked against their definitions.
        let uses = self.op_range(r, |s| s.uses, self.uses.len());
        let mut resolved: SmallVec<[Option<ValueId>; 4]> = SmallVec::with_capacity(uses.len());
        let text = self.text;
        for k in uses {
            let u = self.uses[k];
            let (name, index) = ast::split_use(&text[u.span.range()]);
            let Some(v) = self.lookup(name, index, u.span) else {
                resolved.push(None);
                continue;
            };
            if let Some(t) = u.ty {
                if self.part.is_some() && part::is_external(v) {
                    self.external_type(v, t, u.span);
                } else {
                    self.check_use_type(v, t, name, u.span);
                }
            }
            resolved.push(Some(v));
        }

        // Regions, in a new scope each.
        let name = &self.m.ops[r].name;
        // Only an op with regions needs the op table here.
        let isolated = !self.m.ops[r].regions.is_empty()
            && (crate::ir::ops::lookup(name).is_some_and(|d| d.isolated)
                || crate::ir::ops::ISOLATED_WITHOUT_ROWS.contains(&&**name));
        // Module bodies are graph regions: no order among their ops.
        let graph = &**name == "builtin.module";
        let mut regions = std::mem::take(&mut self.m.ops[r].regions);
        if depth >= MAX_NESTING && !regions.is_empty() {
            self.errors.push(Diagnostic::error(
                name_span,
                format!("regions nested more than {MAX_NESTING} deep are not supported"),
            ));
            regions.clear();
        } else {
            for rr in regions.iter_mut() {
                *rr = self.region(*rr, id, isolated, graph, &resolved, depth + 1);
            }
        }

        // Results: bind the declared values to this op, after its regions (as MLIR defines
        // them once the op is read: a name in a region may be the name of a result).
        let result_types = self.op_range(r, |s| s.result_types, self.result_types.len());
        let groups = self.op_range(r, |s| s.groups, self.group_spans.len());
        let declared: u32 = self.m.ops[r].result_groups.declared();
        if declared as usize != result_types.len() && !groups.is_empty() {
            self.errors.push(Diagnostic::error(
                self.group_spans[groups.start],
                format!(
                    "operation defines {} results but was provided {} to bind",
                    result_types.len(),
                    declared
                ),
            ));
        }
        let mut bound: SmallVec<[ValueId; 4]> = SmallVec::with_capacity(declared as usize);
        for (k, g) in groups.enumerate() {
            let count = self.m.ops[r].result_groups.counts()[k];
            let first = self.group_first[g];
            if first.0 != UNSET {
                bound.extend((0..count).map(|i| ValueId(first.0 + i)));
            }
        }
        let mut results = ValueList::with_capacity(result_types.len());
        for (i, k) in result_types.enumerate() {
            let ty = self.intern(self.result_types[k], span);
            let v = match bound.get(i) {
                Some(&v) => {
                    let data = &mut self.m.values[v.index()];
                    data.ty = ty;
                    data.def = ValueDef::Result(id, i as u32);
                    v
                }
                None => {
                    // Named at the end of the build, when every name of the input is known.
                    let v = ValueId::new(self.m.values.len());
                    self.m.values.push(ValueData {
                        ty,
                        def: ValueDef::Result(id, i as u32),
                        name: ValueName::default(),
                        span,
                    });
                    self.unnamed.push(v);
                    v
                }
            };
            results.push(v);
        }

        // Successors are blocks of the enclosing region.
        let succ = self.op_range(r, |s| s.successors, self.successors.len());
        let mut successors = Sparse::with_capacity(succ.len());
        for k in succ {
            let span = self.successors[k].span;
            let label = &self.text[span.range()];
            let found = match (parent, self.labels.last(), &mut self.part) {
                (Some(_), Some(labels), _) => labels.get(label).copied(),
                // An op of a hole: a block of the main builder's region.
                (Some(_), None, Some(part)) => Some(part.successor(label, span)),
                _ => None,
            };
            match found {
                Some(b) => successors.push(b),
                None => self.undefined_block(label, span),
            }
        }

        let data = &mut self.m.ops[r];
        data.operands = resolved.into_iter().flatten().collect();
        data.results = results;
        data.props = props;
        data.attrs = attrs;
        data.regions = regions;
        data.successors = successors;
        data.parent = parent;
        id
    }

    /// Builds region `raw` of op `owner`; returns its pre-order id.
    fn region(
        &mut self,
        raw: RegionId,
        owner: OpId,
        isolated: bool,
        graph: bool,
        owner_operands: &[Option<ValueId>],
        depth: usize,
    ) -> RegionId {
        let rid = RegionId(self.next_region);
        self.next_region += 1;
        self.new_region[raw.index()] = rid.0;
        let values = self.spare_scopes.pop().unwrap_or_default();
        self.scopes.push(Scope { values, isolated });
        self.labels
            .push(self.spare_labels.pop().unwrap_or_default());
        // Create every block and its arguments first: branches may name later blocks.
        let raw_blocks = std::mem::take(&mut self.m.regions[raw.index()].blocks);
        let mut block_ids = Vec::with_capacity(raw_blocks.len());
        for &rb in &raw_blocks {
            let bid = BlockId(self.next_block);
            self.next_block += 1;
            self.new_block[rb.index()] = bid.0;
            let b = rb.index();
            if self.m.blocks[b].label.is_some() {
                let label_span = self.block_syntax[b].label_span;
                let label = &self.text[label_span.range()];
                let labels = self.labels.last_mut().expect("a label scope");
                if labels.contains_key(label) {
                    self.errors.push(Diagnostic::error(
                        label_span,
                        format!("redefinition of block '{label}'"),
                    ));
                } else {
                    labels.insert(label, bid);
                }
            }
            self.m.blocks[b].parent = rid;
            let syntax_args = std::mem::take(&mut self.block_syntax[b].args);
            let mut args = Vec::with_capacity(syntax_args.len());
            for (i, a) in syntax_args.iter().enumerate() {
                let a_name = ast::value_name(&self.text[a.span.range()]);
                let ty = match a.ty {
                    ArgType::Given(t) => self.intern(t, a.span),
                    ArgType::OfOperand(k) => {
                        match owner_operands.get(k as usize).copied().flatten() {
                            // An operand defined in a later block has no type yet: the
                            // argument gets it when the whole module is built.
                            Some(v)
                                if (self.part.is_some() && part::is_external(v))
                                    || self.m.value(v).ty.0 == UNSET =>
                            {
                                self.late_arg_types
                                    .push((ValueId::new(self.m.values.len()), v));
                                TypeId(UNSET)
                            }
                            Some(v) => self.m.value(v).ty,
                            None => self.m.intern(Type::Index),
                        }
                    }
                };
                let v = ValueId::new(self.m.values.len());
                let name = ValueName::from(a_name);
                self.m.values.push(ValueData {
                    ty,
                    def: ValueDef::Arg(bid, i as u32),
                    name,
                    span: a.span,
                });
                args.push(v);
            }
            self.m.blocks[b].args = args;
            block_ids.push(bid);
        }
        self.m.regions[raw.index()].blocks = block_ids;
        self.m.regions[raw.index()].parent = owner;
        match self.hole.take_if(|h| raw_blocks.contains(&h.block)) {
            Some(hole) => self.blocks_with_hole(&raw_blocks, hole, graph, depth),
            None => self.blocks::<fn() -> Option<part::BuiltHole<'a>>>(
                &raw_blocks,
                graph,
                depth,
                &mut None,
            ),
        }
        let mut scope = self.scopes.pop().expect("the region's scope");
        scope.values.clear();
        self.spare_scopes.push(scope.values);
        let mut labels = self.labels.pop().expect("the region's labels");
        labels.clear();
        self.spare_labels.push(labels);
        rid
    }
    /// Declares the results of the ops of a region's blocks, then builds the ops, block by
    /// block; with the ops of a hole in one of them (see `part`).
    fn blocks<F: FnOnce() -> Option<part::BuiltHole<'a>>>(
        &mut self,
        raw_blocks: &[BlockId],
        graph: bool,
        depth: usize,
        hole: &mut Option<part::HoleSite<F>>,
    ) {
        // Names in the order of the text (a block's arguments, then its ops' results, block
        // by block), so that a name defined twice is reported at its second definition.
        let names = raw_blocks
            .iter()
            .map(|rb| {
                let b = &self.m.blocks[rb.index()];
                b.args.len() + self.names_bound(&b.ops)
            })
            .sum::<usize>()
            + hole.as_ref().map_or(0, |s| s.names());
        self.reserve_names(names);
        for &rb in raw_blocks {
            for k in 0..self.m.blocks[rb.index()].args.len() {
                let v = self.m.blocks[rb.index()].args[k];
                let span = self.m.values[v.index()].span;
                let name = ast::value_name(&self.text[span.range()]);
                self.define(name, Binding { first: v, count: 1 }, span);
            }
            let ops = std::mem::take(&mut self.m.blocks[rb.index()].ops);
            let block = if graph {
                UNSET
            } else {
                self.new_block[rb.index()]
            };
            match hole {
                Some(site) if site.block == rb => {
                    // The hole's results are numbered between those of the ops around it.
                    let at = site.at.min(ops.len());
                    self.declare_results(&ops[..at], block);
                    self.reserve_hole_values(site, block);
                    self.declare_results(&ops[at..], block);
                }
                _ => self.declare_results(&ops, block),
            }
            self.m.blocks[rb.index()].ops = ops;
        }
        for &rb in raw_blocks {
            let mut ops = std::mem::take(&mut self.m.blocks[rb.index()].ops);
            let bid = BlockId(self.new_block[rb.index()]);
            self.block_path.push(bid.0);
            match hole {
                Some(site) if site.block == rb => ops = self.ops_with_hole(ops, site, bid, depth),
                _ => {
                    for op in &mut ops {
                        *op = self.op(*op, Some(bid), depth);
                    }
                }
            }
            self.block_path.pop();
            self.m.blocks[rb.index()].ops = ops;
        }
    }
}

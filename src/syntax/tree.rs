//! `Tree`: what the grammar's actions build the syntax tree (`ast::File`) with. It is the
//! parser's one piece of state (a grammar parameter): ops, blocks and regions go into arenas as
//! the parser finishes them, types are interned as they are read, and the records that grammar
//! actions fill in (`ast::Op`) are recycled, so that parsing an op allocates little.

use super::ast::{AliasDef, BlockArg, BlockSyntax, File, FnType, Op, ResultGroup, TypeTable, Use};
use crate::diag::Diagnostic;
use crate::ir::types::{Attr, Type};
use crate::ir::{BlockData, BlockId, Module, OpData, OpId, OpName, RegionData, RegionId, TypeId};
use crate::source::Span;
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;

/// The parser's state while it reads one source text.
pub struct Tree<'a> {
    file: File<'a>,
    /// Span of each region, by its id (custom forms add terminators at the closing brace).
    region_spans: Vec<Span>,
    /// Types already read, by their text: most types are written many times.
    type_text: FxHashMap<&'a str, TypeId>,
    /// The element type of shaped types (`memref.load` takes its result type from it).
    elements: FxHashMap<TypeId, TypeId>,
    /// Emptied `Op` records to fill again (their vectors keep their capacity). They are boxed:
    /// a record is large, and grammar actions pass it along by value several times.
    #[allow(clippy::vec_box)]
    free: Vec<Box<Op<'a>>>,
    /// Op names, shared by all ops of a kind.
    op_names: FxHashMap<&'a str, OpName>,
    /// How deeply each type nests (a scalar is 1), by id.
    depths: Vec<u32>,
    /// Attribute aliases defined so far (a use must come after the definition).
    attr_alias_names: FxHashSet<&'a str>,
    /// Errors found while parsing that did not stop the parser.
    errors: Vec<Diagnostic>,
    /// The text parsed is a run of ops cut out of a block (`parallel::split`): aliases are defined
    /// outside it, so uses of attribute aliases are collected to be checked afterwards.
    hole: bool,
    alias_uses: Vec<&'a str>,
    /// Frequent types, interned up front.
    pub index: TypeId,
    pub none: TypeId,
    pub i1: TypeId,
}

/// Types nested deeper than this are refused. A type is built from copies of its parts,
/// so a deep chain of types costs the square of its depth; it is also hashed, compared,
/// printed and dropped recursively.
pub const MAX_TYPE_DEPTH: u32 = 1000;

/// How deeply a type nests, counting the types inside its attributes (a scalar is 1).
pub fn type_depth(t: &Type) -> u32 {
    1 + match t {
        Type::Complex(e) | Type::Vector { elem: e, .. } => type_depth(e),
        Type::Tuple(ts) => ts.iter().map(type_depth).max().unwrap_or(0),
        Type::Function { inputs, results } => inputs
            .iter()
            .chain(results.iter())
            .map(type_depth)
            .max()
            .unwrap_or(0),
        Type::Tensor { elem, encoding, .. } => {
            type_depth(elem).max(encoding.as_deref().map_or(0, attr_depth))
        }
        Type::MemRef(m) => type_depth(&m.elem)
            .max(m.layout.as_ref().map_or(0, attr_depth))
            .max(m.memory_space.as_ref().map_or(0, attr_depth)),
        _ => 0,
    }
}

/// The depth of the deepest type inside an attribute (0 if it holds none).
pub fn attr_depth(a: &Attr) -> u32 {
    match a {
        Attr::Int { ty, .. }
        | Attr::Float { ty, .. }
        | Attr::Str { ty, .. }
        | Attr::Opaque { ty, .. } => ty.as_ref().map_or(0, type_depth),
        Attr::Array(items) => items.iter().map(attr_depth).max().unwrap_or(0),
        Attr::Dict(entries) => entries
            .iter()
            .map(|(_, v)| attr_depth(v))
            .max()
            .unwrap_or(0),
        Attr::Type(t) => type_depth(t),
        Attr::Bool(_) | Attr::Unit | Attr::SymbolRef(_) | Attr::Alias(_) => 0,
    }
}

impl<'a> Tree<'a> {
    pub fn new(text: &'a str) -> Tree<'a> {
        Tree::for_part(text, text.len(), false)
    }

    /// A tree for `len` bytes of `text`; for a run of ops cut out of a block if `hole`.
    pub fn for_part(text: &'a str, len: usize, hole: bool) -> Tree<'a> {
        let mut types = TypeTable::default();
        let mut intern = |t: Type| TypeId::new(types.insert_full(t).0);
        let (index, none, i1) = (intern(Type::Index), intern(Type::None), intern(Type::i(1)));
        let depths = vec![1; types.len()];
        // A generous guess from the size of the text saves regrowing the large arenas.
        let ops_guess = len / 64;
        let mut skeleton = Module::default();
        skeleton.ops.reserve(ops_guess);
        Tree {
            file: File {
                text,
                skeleton,
                types,
                op_syntax: Vec::with_capacity(ops_guess),
                uses: Vec::with_capacity(ops_guess * 2),
                group_spans: Vec::with_capacity(ops_guess),
                result_types: Vec::with_capacity(ops_guess),
                successors: Vec::new(),
                block_syntax: Vec::new(),
                aliases: Vec::new(),
                top: Vec::new(),
            },
            region_spans: Vec::new(),
            type_text: FxHashMap::default(),
            elements: FxHashMap::default(),
            free: Vec::new(),
            op_names: FxHashMap::default(),
            depths,
            attr_alias_names: FxHashSet::default(),
            errors: Vec::new(),
            hole,
            alias_uses: Vec::new(),
            index,
            none,
            i1,
        }
    }

    /// The finished syntax tree, and the errors recorded on the way (`error`).
    pub fn finish(self) -> (File<'a>, Vec<Diagnostic>) {
        (self.file, self.errors)
    }

    /// Like `finish`, for a run of ops cut out of a block: also the attribute aliases it uses
    /// that it could not check (`undefined_attr_alias`).
    pub fn finish_hole(self) -> (File<'a>, Vec<Diagnostic>, Vec<&'a str>) {
        (self.file, self.errors, self.alias_uses)
    }

    /// Records an error and lets the parser go on.
    pub fn error(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }

    pub fn text(&self) -> &'a str {
        self.file.text
    }

    // -----------------------------------------------------------------------------------------
    // Types

    pub fn ty(&self, id: TypeId) -> &Type {
        self.file
            .types
            .get_index(id.index())
            .expect("a parsed type")
    }

    pub fn intern(&mut self, t: Type) -> TypeId {
        let (i, new) = self.file.types.insert_full(t);
        if new {
            let depth = type_depth(&self.file.types[i]);
            self.depths.push(depth);
        }
        TypeId::new(i)
    }

    /// How deeply a parsed type nests.
    pub fn depth(&self, t: TypeId) -> u32 {
        self.depths[t.index()]
    }

    /// The type written at `l..r`, if the same text was read before.
    pub fn type_at(&self, l: usize, r: usize) -> Option<TypeId> {
        self.type_text.get(&self.file.text[l..r]).copied()
    }

    /// Interns `t`, the type written at `l..r`, and remembers it by its text.
    pub fn remember_type(&mut self, l: usize, r: usize, t: Type) -> TypeId {
        let id = self.intern(t);
        self.type_text.insert(&self.file.text[l..r], id);
        id
    }

    /// The type a keyword-like token names (`i32`, `f16`, `!alias`), made once per spelling.
    pub fn named_type(&mut self, text: &'a str, make: impl FnOnce(&str) -> Type) -> TypeId {
        if let Some(&id) = self.type_text.get(text) {
            return id;
        }
        let id = self.intern(make(text));
        self.type_text.insert(text, id);
        id
    }

    /// Interns a function type from its parts (their depth checked by the caller).
    pub fn function_type(&mut self, ft: &FnType) -> TypeId {
        let t = Type::Function {
            inputs: self.types_of(&ft.inputs).into(),
            results: self.types_of(&ft.results).into(),
        };
        self.intern(t)
    }

    /// The types with these ids, cloned.
    pub fn types_of(&self, ids: &[TypeId]) -> Vec<Type> {
        ids.iter().map(|t| self.ty(*t).clone()).collect()
    }

    /// The element type of a shaped type, or the type itself.
    pub fn element_of(&mut self, id: TypeId) -> TypeId {
        if let Some(&e) = self.elements.get(&id) {
            return e;
        }
        let elem = match self.ty(id) {
            Type::MemRef(m) => m.elem.clone(),
            Type::Tensor { elem, .. } | Type::Vector { elem, .. } => (**elem).clone(),
            _ => return id,
        };
        let e = self.intern(elem);
        self.elements.insert(id, e);
        e
    }

    // -----------------------------------------------------------------------------------------
    // Ops, blocks, regions

    /// An empty op record to fill in, named `name`.
    pub fn op(&mut self, name: impl Into<Cow<'a, str>>, name_span: Span) -> Box<Op<'a>> {
        let mut o = self.free.pop().unwrap_or_default();
        o.name = name.into();
        o.name_span = name_span;
        o
    }

    /// Stores an op; its result bindings and span come with `finish_op`.
    pub fn add(&mut self, mut o: Box<Op<'a>>) -> OpId {
        let id = OpId::new(self.file.skeleton.ops.len());
        let f = &mut self.file;
        f.op_syntax.push(f.side_table_ends());
        debug_assert_eq!(o.operands.len(), o.operand_types.len());
        f.uses
            .extend(o.operands.iter().zip(&o.operand_types).map(|(v, ty)| Use {
                span: v.span,
                ty: *ty,
            }));
        f.result_types.extend_from_slice(&o.result_types);
        f.successors.extend_from_slice(&o.successors);
        let name = match o.name {
            Cow::Borrowed(n) => self
                .op_names
                .entry(n)
                .or_insert_with(|| OpName::from(n))
                .clone(),
            Cow::Owned(ref n) => OpName::from(n.as_str()),
        };
        let f = &mut self.file;
        // Most ops have none of these: an empty list is made without going through an iterator.
        fn take<T>(v: &mut Vec<T>) -> crate::ir::Sparse<T> {
            if v.is_empty() {
                crate::ir::Sparse::new()
            } else {
                v.drain(..).collect()
            }
        }
        f.skeleton.ops.push(OpData {
            props: take(&mut o.props),
            attrs: take(&mut o.attrs),
            regions: take(&mut o.regions),
            ..OpData::new(name, o.name_span)
        });
        o.operands.clear();
        o.operand_types.clear();
        o.result_types.clear();
        o.successors.clear();
        o.name = Cow::Borrowed("");
        self.free.push(o);
        id
    }

    /// Sets the result bindings and the full span of a stored op.
    pub fn finish_op(&mut self, id: OpId, results: &[ResultGroup], span: Span) -> OpId {
        let f = &mut self.file;
        f.op_syntax[id.index()].groups = f.group_spans.len() as u32;
        let data = &mut f.skeleton.ops[id.index()];
        data.span = span;
        for g in results {
            f.group_spans.push(g.span);
            data.result_groups.push(g.count);
        }
        id
    }

    pub fn op_name(&self, id: OpId) -> &str {
        &self.file.skeleton.ops[id.index()].name
    }

    pub fn op_span(&self, id: OpId) -> Span {
        self.file.skeleton.ops[id.index()].span
    }

    /// A block with its label, arguments and ops.
    pub fn block(
        &mut self,
        label: Option<(&'a str, Span)>,
        args: Vec<BlockArg>,
        ops: Vec<OpId>,
        span: Span,
    ) -> BlockId {
        let id = BlockId::new(self.file.skeleton.blocks.len());
        self.file.skeleton.blocks.push(BlockData {
            label: label.map(|(l, _)| l.into()),
            args: Vec::new(),
            ops,
            parent: RegionId(u32::MAX),
            span,
        });
        self.file.block_syntax.push(BlockSyntax {
            args,
            label_span: label.map_or(Span::default(), |(_, s)| s),
        });
        id
    }

    /// A region from its unlabeled entry ops and its labeled blocks.
    pub fn region(&mut self, entry: Vec<OpId>, blocks: Vec<BlockId>, span: Span) -> RegionId {
        let mut all = Vec::with_capacity(blocks.len() + 1);
        if let Some(&first) = entry.first() {
            let first_span = self.op_span(first);
            all.push(self.block(None, Vec::new(), entry, first_span));
        }
        all.extend(blocks);
        self.new_region(all, span)
    }

    /// A region without blocks (a function declaration's body, an absent `else`).
    pub fn empty_region(&mut self, span: Span) -> RegionId {
        self.new_region(Vec::new(), span)
    }

    fn new_region(&mut self, blocks: Vec<BlockId>, span: Span) -> RegionId {
        let id = RegionId::new(self.file.skeleton.regions.len());
        self.file.skeleton.regions.push(RegionData {
            blocks,
            parent: OpId(u32::MAX),
        });
        self.region_spans.push(span);
        id
    }

    pub fn region_span(&self, r: RegionId) -> Span {
        self.region_spans[r.index()]
    }

    pub fn region_has_blocks(&self, r: RegionId) -> bool {
        !self.file.skeleton.regions[r.index()].blocks.is_empty()
    }

    /// Drops the blocks of a region (the body of a named linalg op is implied by its name).
    pub fn clear_region(&mut self, r: RegionId) {
        self.file.skeleton.regions[r.index()].blocks.clear();
    }

    /// Gives a region without blocks one empty block, as MLIR's parsers do for a custom op
    /// whose region is one block (`module {}`).
    pub fn ensure_block(&mut self, r: RegionId) {
        if !self.region_has_blocks(r) {
            let span = self.region_span(r);
            let b = self.block(None, Vec::new(), Vec::new(), span);
            self.file.skeleton.regions[r.index()].blocks.push(b);
        }
    }

    /// Makes sure a single-block region of a custom op ends with its terminator, as MLIR's
    /// parser does for ops whose terminator may be left out (`scf.yield` with no operands).
    pub fn ensure_terminator(&mut self, r: RegionId, terminator: &'static str) {
        let span = self.region_span(r);
        self.ensure_block(r);
        let region = &self.file.skeleton.regions[r.index()];
        let block = *region.blocks.last().expect("a block");
        let ends = self.file.skeleton.blocks[block.index()]
            .ops
            .last()
            .is_some_and(|o| self.op_name(*o) == terminator);
        if !ends {
            let at = Span::new(span.end.saturating_sub(1) as usize, span.end as usize);
            let mut t = self.op(terminator, at);
            if terminator == "scf.forall.in_parallel" {
                let b = self.block(None, Vec::new(), Vec::new(), at);
                let inner = self.new_region(vec![b], at);
                t.regions.push(inner);
            }
            let t = self.add(t);
            self.file.skeleton.blocks[block.index()].ops.push(t);
        }
    }

    /// Prepends arguments to the entry block of a region (creating it if needed).
    pub fn prepend_args(&mut self, r: RegionId, args: Vec<BlockArg>) {
        self.ensure_block(r);
        let entry = self.file.skeleton.regions[r.index()].blocks[0];
        let syntax = &mut self.file.block_syntax[entry.index()];
        let mut all = args;
        all.append(&mut syntax.args);
        syntax.args = all;
    }

    // -----------------------------------------------------------------------------------------
    // Top-level items

    pub fn type_alias(&mut self, name: &'a str, value: TypeId, span: Span) {
        self.file.aliases.push(AliasDef::Type { name, value, span });
    }

    /// Whether the attribute alias `#name` is defined above this point.
    pub fn attr_alias_defined(&self, name: &str) -> bool {
        self.attr_alias_names.contains(name)
    }

    /// Records the use of an attribute alias not defined above, once per name: later uses of
    /// the name count as defined.
    pub fn undefined_attr_alias(&mut self, name: &'a str, span: Span) {
        if self.hole {
            self.alias_uses.push(name);
            self.attr_alias_names.insert(name);
            return;
        }
        self.error(Diagnostic::error(
            span,
            format!("undefined symbol alias id '{}'", &name[1..]),
        ));
        self.attr_alias_names.insert(name);
    }

    /// The value of the attribute alias `name` defined above this point, through aliases of
    /// aliases; `None` if there is none (in a run of ops parsed apart, `parallel::split`, the
    /// aliases are defined outside it).
    pub fn attr_alias_value(&self, name: &str) -> Option<&Attr> {
        let mut name = name;
        // Each alias is defined before its use, so a chain is at most this long.
        for _ in 0..=self.file.aliases.len() {
            let value = self.file.aliases.iter().rev().find_map(|a| match a {
                AliasDef::Attr { name: n, value, .. } if *n == name => Some(value),
                _ => None,
            })?;
            match value {
                Attr::Alias(next) => name = &**next,
                v => return Some(v),
            }
        }
        None
    }

    pub fn attr_alias(&mut self, name: &'a str, value: Attr, span: Span) {
        self.attr_alias_names.insert(name);
        self.file.aliases.push(AliasDef::Attr { name, value, span });
    }

    /// A file metadata section `{-# ... #-}`, kept as written to be printed again.
    pub fn file_metadata(&mut self, text: &'a str) {
        self.file.skeleton.metadata.push(text.into());
    }

    pub fn top_op(&mut self, op: OpId) {
        self.file.top.push(op);
    }

    /// The ops of a run cut out of a block (see `parallel::split`), kept as the top-level ops.
    pub fn hole_ops(&mut self, ops: Vec<OpId>) {
        self.file.top = ops;
    }
}

//! Builds the IR from the syntax tree: resolves value names, block labels and aliases, interns
//! types, and checks what the names alone can tell: undefined and redefined values, types of
//! uses against definitions, result counts. All errors are collected, not just the first.

use super::types::{Attr, MemRefType, Type};
use super::{
    BlockData, BlockId, Module, OpData, OpId, RegionData, RegionId, ValueData, ValueDef, ValueId,
};
use crate::diag::Diagnostic;
use crate::source::Span;
use crate::syntax::ast;
use std::collections::HashMap;

/// Deeper nesting of regions than this is refused with an error (a hostile file could otherwise
/// drive the builder into a stack overflow).
pub const MAX_NESTING: usize = 1000;

/// A name in scope: the first value of its group and the group's size.
#[derive(Clone, Copy)]
struct Binding {
    first: ValueId,
    count: u32,
}

/// One level of value scope: a region's names, and whether names above it are hidden
/// (`func.func` and `builtin.module` are isolated from above).
struct Scope {
    values: HashMap<Box<str>, Binding>,
    isolated: bool,
}

struct Builder {
    m: Module,
    errors: Vec<Diagnostic>,
    scopes: Vec<Scope>,
    type_aliases: HashMap<Box<str>, Type>,
}

/// Builds a module from parsed items. Returns the module, or every error found.
pub fn build(items: Vec<ast::Item>) -> Result<Module, Vec<Diagnostic>> {
    let mut b = Builder {
        m: Module::default(),
        errors: Vec::new(),
        scopes: vec![Scope {
            values: HashMap::new(),
            isolated: true,
        }],
        type_aliases: HashMap::new(),
    };
    let mut ops = Vec::new();
    for item in items {
        match item {
            ast::Item::TypeAlias(a) => {
                let resolved = b.resolve_type(a.value, a.span);
                if b.type_aliases
                    .insert(a.name.clone(), resolved.clone())
                    .is_some()
                {
                    b.errors.push(Diagnostic::error(
                        a.span,
                        format!("redefinition of type alias '{}'", a.name),
                    ));
                }
                b.m.type_aliases.push((a.name, resolved));
            }
            ast::Item::AttrAlias(a) => {
                if b.m.attr_aliases.iter().any(|(n, _)| *n == a.name) {
                    b.errors.push(Diagnostic::error(
                        a.span,
                        format!("redefinition of attribute alias '{}'", a.name),
                    ));
                }
                let value = b.resolve_attr(a.value, a.span);
                b.m.attr_aliases.push((a.name, value));
            }
            ast::Item::Op(op) => ops.push(op),
        }
    }
    // Top-level ops form a graph region: their results are visible to each other.
    b.declare_results(&ops, None);
    for op in ops {
        let id = b.op(op, None, 0);
        b.m.top.push(id);
    }
    if b.errors.is_empty() {
        Ok(b.m)
    } else {
        b.errors.sort_by_key(|d| d.span.map(|s| s.start));
        Err(b.errors)
    }
}

impl Builder {
    fn resolve_type(&mut self, t: Type, span: Span) -> Type {
        match t {
            Type::Alias(name) => match self.type_aliases.get(&name) {
                Some(t) => t.clone(),
                None => {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("undefined type alias '{name}'"),
                    ));
                    Type::None
                }
            },
            Type::Complex(t) => Type::Complex(Box::new(self.resolve_type(*t, span))),
            Type::Tuple(ts) => {
                Type::Tuple(ts.into_iter().map(|t| self.resolve_type(t, span)).collect())
            }
            Type::Function { inputs, results } => Type::Function {
                inputs: inputs
                    .into_iter()
                    .map(|t| self.resolve_type(t, span))
                    .collect(),
                results: results
                    .into_iter()
                    .map(|t| self.resolve_type(t, span))
                    .collect(),
            },
            Type::Vector { shape, elem } => Type::Vector {
                shape,
                elem: Box::new(self.resolve_type(*elem, span)),
            },
            Type::Tensor {
                shape,
                elem,
                encoding,
            } => Type::Tensor {
                shape,
                elem: Box::new(self.resolve_type(*elem, span)),
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
                // An alias in the first position is a layout or a memory space depending on
                // what it stands for.
                let (layout, memory_space) = match (layout, memory_space) {
                    (None, Some(Attr::Alias(a))) => {
                        let is_layout = self
                            .m
                            .attr_aliases
                            .iter()
                            .find(|(n, _)| *n == a)
                            .is_some_and(|(_, v)| matches!(v, Attr::Opaque { text, .. } if text.starts_with("affine_map<") || text.starts_with("strided<")));
                        if is_layout {
                            (Some(Attr::Alias(a)), None)
                        } else {
                            (None, Some(Attr::Alias(a)))
                        }
                    }
                    other => other,
                };
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

    fn resolve_attr(&mut self, a: Attr, span: Span) -> Attr {
        match a {
            Attr::Type(t) => Attr::Type(self.resolve_type(t, span)),
            Attr::Array(items) => Attr::Array(
                items
                    .into_iter()
                    .map(|i| self.resolve_attr(i, span))
                    .collect(),
            ),
            Attr::Dict(entries) => Attr::Dict(
                entries
                    .into_iter()
                    .map(|(k, v)| (k, self.resolve_attr(v, span)))
                    .collect(),
            ),
            Attr::Int { text, ty } => Attr::Int {
                text,
                ty: ty.map(|t| self.resolve_type(t, span)),
            },
            Attr::Float { text, ty } => Attr::Float {
                text,
                ty: ty.map(|t| self.resolve_type(t, span)),
            },
            Attr::Opaque { text, ty } => Attr::Opaque {
                text,
                ty: ty.map(|t| self.resolve_type(t, span)),
            },
            Attr::Alias(name) => {
                if !self.m.attr_aliases.iter().any(|(n, _)| *n == name) {
                    self.errors.push(Diagnostic::error(
                        span,
                        format!("undefined attribute alias '{name}'"),
                    ));
                }
                Attr::Alias(name)
            }
            other => other,
        }
    }

    fn resolve_attrs(&mut self, attrs: Vec<(Box<str>, Attr)>, span: Span) -> Vec<(Box<str>, Attr)> {
        attrs
            .into_iter()
            .map(|(k, v)| (k, self.resolve_attr(v, span)))
            .collect()
    }

    fn intern(&mut self, t: Type, span: Span) -> super::TypeId {
        let t = self.resolve_type(t, span);
        self.m.intern(t)
    }

    /// Makes the results of `ops` visible in the innermost scope (before any of them is built,
    /// so a use may come before its definition in the text, as MLIR allows across blocks).
    /// The values are created now; their types and defining ops are filled in by `op`.
    fn declare_results(&mut self, ops: &[ast::Op], _block: Option<BlockId>) {
        for op in ops {
            for g in &op.results {
                let first = ValueId::new(self.m.values.len());
                for i in 0..g.count {
                    let name: Box<str> = if g.count == 1 {
                        g.name.clone()
                    } else {
                        format!("{}#{}", g.name, i).into()
                    };
                    self.m.values.push(ValueData {
                        ty: super::TypeId(u32::MAX),
                        def: ValueDef::Result(OpId(u32::MAX), i),
                        name,
                        span: g.span,
                    });
                }
                self.define(
                    &g.name,
                    Binding {
                        first,
                        count: g.count,
                    },
                    g.span,
                );
            }
        }
    }

    fn define(&mut self, name: &str, binding: Binding, span: Span) {
        let scope = self.scopes.last_mut().expect("a scope");
        if scope.values.insert(name.into(), binding).is_some() {
            self.errors.push(Diagnostic::error(
                span,
                format!("redefinition of SSA value '{name}'"),
            ));
        }
    }

    fn lookup(&mut self, u: &ast::ValueUse) -> Option<ValueId> {
        for scope in self.scopes.iter().rev() {
            if let Some(b) = scope.values.get(&u.name) {
                if u.index >= b.count {
                    self.errors.push(Diagnostic::error(
                        u.span,
                        format!(
                            "result #{} of '{}' does not exist: it has {} result(s)",
                            u.index, u.name, b.count
                        ),
                    ));
                    return None;
                }
                return Some(ValueId(b.first.0 + u.index));
            }
            if scope.isolated {
                break;
            }
        }
        self.errors.push(Diagnostic::error(
            u.span,
            format!("use of undefined value '{}'", u.name),
        ));
        None
    }

    fn op(&mut self, op: ast::Op, parent: Option<BlockId>, depth: usize) -> OpId {
        let id = OpId::new(self.m.ops.len());
        let ast::Op {
            name,
            name_span,
            results,
            operands,
            operand_types,
            result_types,
            props,
            attrs,
            regions,
            successors,
            span,
        } = op;
        self.m.ops.push(OpData {
            name: name.clone(),
            operands: Vec::new(),
            results: Vec::new(),
            result_groups: results.iter().map(|g| (g.name.clone(), g.count)).collect(),
            props: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            parent,
            span,
            name_span,
        });
        let props = self.resolve_attrs(props, span);
        let attrs = self.resolve_attrs(attrs, span);

        // Operands, with the types the syntax gives them checked against their definitions.
        let mut resolved = Vec::with_capacity(operands.len());
        for (i, u) in operands.iter().enumerate() {
            let Some(v) = self.lookup(u) else {
                resolved.push(None);
                continue;
            };
            if let Some(Some(t)) = operand_types.get(i) {
                let expected = self.resolve_type(t.clone(), u.span);
                let ty = self.m.value(v).ty;
                if ty.0 != u32::MAX && *self.m.ty(ty) != expected {
                    self.errors.push(Diagnostic::error(
                        u.span,
                        format!(
                            "use of value '{}' expects different type than prior uses: '{}' vs '{}'",
                            u.name,
                            expected,
                            self.m.ty(ty)
                        ),
                    ));
                }
            }
            resolved.push(Some(v));
        }

        // Results: bind the declared values to this op.
        let declared: u32 = results.iter().map(|g| g.count).sum();
        if declared as usize != result_types.len() && !results.is_empty() {
            self.errors.push(Diagnostic::error(
                results.first().map_or(span, |g| g.span),
                format!(
                    "operation defines {} results but was provided {} to bind",
                    result_types.len(),
                    declared
                ),
            ));
        } else if results.is_empty() && !result_types.is_empty() {
            // Results nobody names get fresh names when printed; MLIR allows this.
        }
        let mut result_ids = Vec::with_capacity(result_types.len());
        let mut bound = Vec::new();
        for g in &results {
            if let Some(b) = self
                .scopes
                .last()
                .and_then(|s| s.values.get(&g.name))
                .copied()
            {
                for i in 0..g.count {
                    bound.push(ValueId(b.first.0 + i));
                }
            }
        }
        for (i, t) in result_types.into_iter().enumerate() {
            let ty = self.intern(t, span);
            let v = match bound.get(i) {
                Some(&v) => {
                    let data = &mut self.m.values[v.index()];
                    data.ty = ty;
                    data.def = ValueDef::Result(id, i as u32);
                    v
                }
                None => {
                    let v = ValueId::new(self.m.values.len());
                    self.m.values.push(ValueData {
                        ty,
                        def: ValueDef::Result(id, i as u32),
                        name: format!("%{}", v.0).into(),
                        span,
                    });
                    v
                }
            };
            result_ids.push(v);
        }

        // Regions, in a new scope each.
        let isolated = matches!(&*name, "func.func" | "builtin.module")
            || name.ends_with(".func")
            || name.ends_with(".module");
        let mut region_ids = Vec::with_capacity(regions.len());
        if depth >= MAX_NESTING && !regions.is_empty() {
            self.errors.push(Diagnostic::error(
                name_span,
                format!("regions nested more than {MAX_NESTING} deep are not supported"),
            ));
        } else {
            for r in regions {
                let rid = self.region(r, id, isolated, &resolved, depth + 1);
                region_ids.push(rid);
            }
        }

        // Successors are blocks of the enclosing region.
        let mut succ_ids = Vec::new();
        for s in successors {
            match self.find_block(parent, &s.label) {
                Some(b) => succ_ids.push(b),
                None => self.errors.push(Diagnostic::error(
                    s.span,
                    format!("reference to an undefined block '{}'", s.label),
                )),
            }
        }

        let data = &mut self.m.ops[id.index()];
        data.operands = resolved.into_iter().flatten().collect();
        data.results = result_ids;
        data.props = props;
        data.attrs = attrs;
        data.regions = region_ids;
        data.successors = succ_ids;
        id
    }

    fn find_block(&self, parent: Option<BlockId>, label: &str) -> Option<BlockId> {
        let region = self.m.block(parent?).parent;
        self.m
            .region(region)
            .blocks
            .iter()
            .copied()
            .find(|b| self.m.block(*b).label.as_deref() == Some(label))
    }

    fn region(
        &mut self,
        r: ast::Region,
        owner: OpId,
        isolated: bool,
        owner_operands: &[Option<ValueId>],
        depth: usize,
    ) -> RegionId {
        let rid = RegionId::new(self.m.regions.len());
        self.m.regions.push(RegionData {
            blocks: Vec::new(),
            parent: owner,
        });
        self.scopes.push(Scope {
            values: HashMap::new(),
            isolated,
        });
        // Create every block and its arguments first: branches may name later blocks.
        let mut block_ids = Vec::with_capacity(r.blocks.len());
        for blk in &r.blocks {
            let bid = BlockId::new(self.m.blocks.len());
            if let Some((label, span)) = &blk.label
                && block_ids
                    .iter()
                    .any(|b: &BlockId| self.m.block(*b).label.as_deref() == Some(&**label))
            {
                self.errors.push(Diagnostic::error(
                    *span,
                    format!("redefinition of block '{label}'"),
                ));
            }
            self.m.blocks.push(BlockData {
                label: blk.label.as_ref().map(|(l, _)| l.clone()),
                args: Vec::new(),
                ops: Vec::new(),
                parent: rid,
                span: blk.span,
            });
            let mut args = Vec::with_capacity(blk.args.len());
            for (i, a) in blk.args.iter().enumerate() {
                let ty = match &a.ty {
                    ast::ArgType::Given(t) => self.intern(t.clone(), a.span),
                    ast::ArgType::OfOperand(k) => match owner_operands.get(*k).copied().flatten() {
                        Some(v) => self.m.value(v).ty,
                        None => self.intern(Type::Index, a.span),
                    },
                };
                let v = ValueId::new(self.m.values.len());
                self.m.values.push(ValueData {
                    ty,
                    def: ValueDef::Arg(bid, i as u32),
                    name: a.name.clone(),
                    span: a.span,
                });
                self.define(&a.name, Binding { first: v, count: 1 }, a.span);
                args.push(v);
            }
            self.m.blocks[bid.index()].args = args;
            block_ids.push(bid);
        }
        self.m.regions[rid.index()].blocks = block_ids.clone();
        for blk in &r.blocks {
            self.declare_results(&blk.ops, None);
        }
        for (blk, bid) in r.blocks.into_iter().zip(block_ids) {
            let mut ops = Vec::with_capacity(blk.ops.len());
            for op in blk.ops {
                ops.push(self.op(op, Some(bid), depth));
            }
            self.m.blocks[bid.index()].ops = ops;
        }
        self.scopes.pop();
        rid
    }
}

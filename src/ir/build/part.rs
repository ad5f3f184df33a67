//! Building a text parsed in two parts (`ast::Parts`) side by side: on two threads when the
//! builder's `ir::Fork` has them (`parallel::Threads`), else one part after the other.
//!
//! The hole of a two-part parse is a run of ops of one block. When the walk reaches that
//! block's region, it declares the block's results as a one-thread build does (those of the
//! hole's ops between those of the ops around it, their names read from the text of the
//! result groups: `reserve_hole_values`); then, at the block, a second thread builds the
//! hole's ops with a `Builder` of their own while this one builds the ops before the hole
//! (with no second thread, the hole's ops are built when this one gets to them). The
//! second builder cannot see this one's scopes, so it leaves to the join what needs them:
//! - uses of names it does not define (*external* uses), with the types the syntax gives them
//!   (each name, and each pair of name and type, once: the join's lookups are on one thread);
//! - the check that a name defined in one of its regions shadows no name of the block's scope
//!   or of the scopes around it;
//! - the labels its ops branch to (blocks of the block's region).
//!
//! The join (`join`), on this thread once the ops before the hole are built, does all that
//! with this builder's scopes in exactly the state a one-thread build has them in at the
//! hole, then moves the hole's records into this builder's arenas, renumbered to follow the
//! entities built so far, so that the module is the same, record for record, as a one-thread
//! build's (`src/parallel/split_tests.rs` checks this). Any error, on either side, fails the
//! build: the caller then parses and builds the whole text on one thread, which reports the
//! errors as usual.

use super::{Binding, Builder, Scope, UNSET};
use crate::diag::Diagnostic;
use crate::ir::types::{Attr, Type};
use crate::ir::{
    BlockId, Fork, Module, OpData, OpId, OpName, RegionId, TypeId, ValueData, ValueDef, ValueId,
    ValueName,
};
use crate::source::Span;
use crate::syntax::ast::{self, File, HolePart};
use rustc_hash::{FxHashMap, FxHashSet};

/// A hole with at least this many ops is renumbered at the join on two threads.
const RENUMBER_APART_OPS: usize = 20_000;

/// A hole with at least this many ops has the pages its records go to faulted in on another
/// thread (see `build_parts`).
pub(super) const PREFAULT_OPS: usize = 20_000;

/// Marks a value id of a hole builder that stands for its `n`-th external name:
/// `EXTERNAL | n`.
const EXTERNAL: u32 = 1 << 31;

/// The block a hole builder's ops belong in, in its own records (the join puts in the
/// block's id).
const HOLE_BLOCK: u32 = UNSET - 1;

pub(super) fn is_external(v: ValueId) -> bool {
    v.0 != UNSET && v.0 & EXTERNAL != 0
}

/// A name a hole builder could not resolve, at its first use.
struct External<'a> {
    name: &'a str,
    index: u32,
    span: Span,
}

/// What a hole builder leaves to the join.
#[derive(Default)]
pub(super) struct Deferred<'a> {
    /// Each name used and not defined in the hole, once: all its uses stand for the value
    /// the join finds for it.
    external: Vec<External<'a>>,
    external_index: FxHashMap<(&'a str, u32), u32>,
    /// The types the syntax gives external uses: each pair of external and type once, at its
    /// first use (the type an index into `types`).
    external_types: Vec<(u32, u32, Span)>,
    external_type_seen: FxHashSet<(u32, u32)>,
    /// Types of external uses, resolved; and their indices by parsed type.
    types: Vec<Type>,
    type_index: FxHashMap<TypeId, u32>,
    /// Names defined in the hole's regions that the block's scope (and those around it) may
    /// already define.
    pub(super) shadow_checks: Vec<(&'a str, Span)>,
    /// The names of the hole's results, with their values in the hole builder (checked
    /// against those the main builder defined).
    pub(super) names: Vec<(&'a str, Binding, Span)>,
    /// Successors of the hole's ops: labels of blocks of the main builder's region.
    successors: Vec<(&'a str, Span)>,
}

impl<'a> Deferred<'a> {
    /// Records a use of a name the hole does not define; returns the value id that stands
    /// for it. A hole uses a few names (constants, buffers defined above it) very many
    /// times: the join looks each up once.
    pub(super) fn external(&mut self, name: &'a str, index: u32, span: Span) -> ValueId {
        let next = self.external.len() as u32;
        let k = *self.external_index.entry((name, index)).or_insert_with(|| {
            self.external.push(External { name, index, span });
            next
        });
        ValueId(EXTERNAL | k)
    }

    /// Records a successor of one of the hole's ops; returns the block id that stands for it.
    pub(super) fn successor(&mut self, label: &'a str, span: Span) -> BlockId {
        self.successors.push((label, span));
        BlockId(EXTERNAL | (self.successors.len() - 1) as u32)
    }
}

/// What the hole builder needs of the main one: the aliases (read only), and where the block
/// stands.
struct HoleEnv<'a> {
    type_aliases: FxHashMap<&'a str, Type>,
    attr_alias_index: FxHashMap<&'a str, usize>,
    attr_aliases: Vec<(Box<str>, Attr)>,
    graph: bool,
    depth: usize,
}

/// A hole, built: its records numbered in pre-order from 0, its own values and types, and what
/// it left to the join.
pub(super) struct BuiltHole<'a> {
    m: Module,
    /// The hole's ops, in order.
    top: Vec<OpId>,
    /// How many values the hole's results are: its first values.
    results: u32,
    deferred: Deferred<'a>,
    late_arg_types: Vec<(ValueId, ValueId)>,
    unnamed: Vec<ValueId>,
    errors: Vec<Diagnostic>,
    counts: (u32, u32, u32),
}

/// Builds the ops of a hole (on the second thread).
fn build_hole<'a>(file: File<'a>, env: HoleEnv<'a>) -> BuiltHole<'a> {
    let (mut b, _, top) = Builder::new(file);
    b.type_aliases = env.type_aliases;
    b.attr_alias_index = env.attr_alias_index;
    b.m.attr_aliases = env.attr_aliases;
    b.part = Some(Deferred::default());
    // The block's scope, as far as the hole's names: what it does not find is external.
    b.scopes = vec![Scope {
        values: FxHashMap::default(),
        isolated: false,
    }];
    b.reserve_names(b.names_bound(&top));
    b.declare_results(&top, if env.graph { UNSET } else { HOLE_BLOCK });
    let results = b.m.values.len() as u32;
    b.block_path.push(HOLE_BLOCK);
    let top = top
        .iter()
        .map(|&op| b.op(op, Some(BlockId(HOLE_BLOCK)), env.depth))
        .collect();
    let mut m = b.m;
    let counts = (b.next_op, b.next_block, b.next_region);
    let name = OpName::from("");
    super::permute(&mut m.ops, &b.new_op, b.next_op, super::hollow_op(&name));
    super::permute(
        &mut m.blocks,
        &b.new_block,
        b.next_block,
        super::hollow_block,
    );
    super::permute(
        &mut m.regions,
        &b.new_region,
        b.next_region,
        super::hollow_region,
    );
    BuiltHole {
        m,
        top,
        results,
        deferred: b.part.unwrap_or_default(),
        late_arg_types: b.late_arg_types,
        unnamed: b.unnamed,
        errors: b.errors,
        counts,
    }
}

/// The result groups of the ops of a hole (`%x`, `%x:2`): their spans and counts, read from
/// the text (the hole builder reads them from the syntax tree; the join checks that they
/// agree).
fn hole_groups(file: &File<'_>) -> Vec<(Span, u32)> {
    let mut groups = Vec::new();
    for &op in &file.top {
        let start = |k: usize| file.op_syntax.get(k).map(|s| s.groups);
        let range = super::range_of(op.index(), start, file.group_spans.len());
        for &span in &file.group_spans[range] {
            let text = &file.text[span.range()];
            let name = ast::value_name(text);
            let count = match text[name.len()..].trim_start().strip_prefix(':') {
                Some(digits) => digits.trim().parse().unwrap_or(0),
                None => 1,
            };
            groups.push((span, count));
        }
    }
    groups
}

/// The ops of a hole, built and renumbered (`ids`): they go into the main builder's arena
/// at the end of the build (see `build_parts`).
#[derive(Default)]
pub(super) struct HoleOps {
    pub(super) ids: std::ops::Range<u32>,
    pub(super) ops: Vec<OpData>,
}

/// A hole being built on the second thread, as the main builder sees it: the block it belongs
/// in and where, its result groups and how many values they bind, the first of those values
/// (once reserved), and how to wait for it.
pub(super) struct HoleSite<F> {
    pub(super) block: BlockId,
    pub(super) at: usize,
    groups: Vec<(Span, u32)>,
    count: u32,
    first: u32,
    wait: Option<F>,
}

impl<F> HoleSite<F> {
    /// How many names the hole's ops bind (result groups).
    pub(super) fn names(&self) -> usize {
        self.groups.len()
    }
}

impl<'a> Builder<'a> {
    /// Builds the blocks of a region that holds the hole's block: the hole's ops on a second
    /// thread, started now, the rest on this one (`blocks`).
    pub(super) fn blocks_with_hole(
        &mut self,
        raw_blocks: &[BlockId],
        hole: HolePart<'a>,
        graph: bool,
        depth: usize,
    ) {
        let env = HoleEnv {
            type_aliases: self.type_aliases.clone(),
            attr_alias_index: self.attr_alias_index.clone(),
            attr_aliases: self.m.attr_aliases.clone(),
            graph,
            depth,
        };
        let HolePart { file, block, at } = hole;
        let groups = hole_groups(&file);
        let count = groups.iter().map(|g| g.1).fold(0, u32::saturating_add);
        let fork = self.fork;
        fork.joined(
            true,
            "bufreuse-build",
            move || build_hole(file, env),
            |wait| {
                let mut site = Some(HoleSite {
                    block,
                    at,
                    groups,
                    count,
                    first: UNSET,
                    wait: Some(wait),
                });
                self.blocks(raw_blocks, graph, depth, &mut site);
            },
        );
    }

    /// Makes room for the values of the hole's results in the block being declared, in the
    /// place a one-thread build creates them, and defines their names (blocks built before the
    /// hole may use them); the join fills the values in.
    pub(super) fn reserve_hole_values<F>(&mut self, site: &mut HoleSite<F>, block: u32) {
        let first = self.m.values.len() as u32;
        let placeholder = ValueData {
            ty: TypeId(UNSET),
            def: ValueDef::Result(OpId(UNSET), 0),
            name: ValueName::default(),
            span: Span::default(),
        };
        let end = first as usize + site.count as usize;
        self.m.values.resize(end, placeholder);
        self.decl_block.resize(first as usize, UNSET);
        self.decl_block.resize(end, block);
        let text = self.text;
        let mut next = first;
        for &(span, count) in &site.groups {
            let name = ast::value_name(&text[span.range()]);
            self.define(
                name,
                Binding {
                    first: ValueId(next),
                    count,
                },
                span,
            );
            next += count;
        }
        site.first = first;
    }

    /// The type the syntax gives an external use, kept for the join to check.
    pub(super) fn external_type(&mut self, v: ValueId, t: TypeId, span: Span) {
        let index = match self.part.as_ref().and_then(|p| p.type_index.get(&t)) {
            Some(&i) => i,
            None => {
                let ty = self.resolve_type(self.types[t.index()].clone(), span);
                let part = self.part.as_mut().expect("a hole builder");
                part.types.push(ty);
                let i = (part.types.len() - 1) as u32;
                part.type_index.insert(t, i);
                i
            }
        };
        if let Some(part) = &mut self.part {
            let k = v.0 & !EXTERNAL;
            if part.external_type_seen.insert((k, index)) {
                part.external_types.push((k, index, span));
            }
        }
    }

    /// Builds the ops of block `bid` (the parser's `ops`) and, on the second thread, those of
    /// the hole, which go before position `site.at`; returns the block's op list.
    pub(super) fn ops_with_hole<F: FnOnce() -> Option<BuiltHole<'a>>>(
        &mut self,
        mut ops: Vec<OpId>,
        site: &mut HoleSite<F>,
        bid: BlockId,
        depth: usize,
    ) -> Vec<OpId> {
        let at = site.at.min(ops.len());
        for op in &mut ops[..at] {
            *op = self.op(*op, Some(bid), depth);
        }
        let Some(built) = site.wait.take().and_then(|wait| wait()) else {
            self.errors.push(Diagnostic::file_error(
                "internal error: the second part was not built",
            ));
            return ops;
        };
        let hole_ops = self.join(built, bid, site);
        for op in &mut ops[at..] {
            *op = self.op(*op, Some(bid), depth);
        }
        ops.splice(at..at, hole_ops);
        ops
    }

    /// Resolves what the hole builder left, then moves its records into this builder's
    /// arenas; returns the hole's ops. On any error the hole's records are dropped (the
    /// build fails).
    fn join<F>(&mut self, hole: BuiltHole<'a>, block: BlockId, site: &HoleSite<F>) -> Vec<OpId> {
        let errors = self.errors.len();
        self.errors.extend(hole.errors);
        if hole.results != site.count {
            self.errors.push(Diagnostic::file_error(
                "internal error: the second part declares other results than expected",
            ));
        }
        let (resolved, successors) = self.resolve_deferred(&hole.deferred, site);
        if self.errors.len() > errors {
            return Vec::new();
        }
        let mut m = hole.m;
        let types = std::mem::take(&mut m.types);
        let r = Renumbering {
            types: types.into_iter().map(|t| self.m.intern(t)).collect(),
            resolved,
            successors,
            block,
            count: site.count,
            hole_first: site.first,
            op_base: self.next_op,
            block_base: self.next_block,
            region_base: self.next_region,
            value_base: self.m.values.len() as u32,
        };
        self.move_hole_in(m, hole.counts, &r);
        self.type_hole_block_args(hole.late_arg_types, &r);
        self.unnamed
            .extend(hole.unnamed.into_iter().map(|v| r.value(v)));
        hole.top.into_iter().map(|o| r.op(o)).collect()
    }

    /// Resolves, with this builder's scopes, what the hole builder could not: its external
    /// uses (their types checked), the names its regions define (checked not to shadow), its
    /// successors, and the names of its results (checked against the text's); returns the
    /// values of the external uses and the blocks of the successors, in their order.
    fn resolve_deferred<F>(
        &mut self,
        d: &Deferred<'a>,
        site: &HoleSite<F>,
    ) -> (Vec<ValueId>, Vec<BlockId>) {
        // External uses, with the types the syntax gives them.
        let resolved: Vec<ValueId> = d
            .external
            .iter()
            .map(|e| {
                self.lookup(e.name, e.index, e.span)
                    .unwrap_or(ValueId(UNSET))
            })
            .collect();
        for &(k, t, span) in &d.external_types {
            let v = resolved[k as usize];
            if v.0 != UNSET {
                self.check_type_of(v, &d.types[t as usize], d.external[k as usize].name, span);
            }
        }
        for &(name, span) in &d.shadow_checks {
            if self.shadows(name, span, self.scopes.len()) {
                self.redefinition(name, span);
            }
        }
        let mut successors = Vec::with_capacity(d.successors.len());
        for &(label, span) in &d.successors {
            match self.labels.last().and_then(|l| l.get(label)) {
                Some(&b) => successors.push(b),
                None => self.undefined_block(label, span),
            }
        }
        // The names were defined from the text of the result groups: the hole builder must
        // have read the same.
        if !d
            .names
            .iter()
            .map(|n| n.1.count)
            .eq(site.groups.iter().map(|g| g.1))
        {
            self.errors.push(Diagnostic::file_error(
                "internal error: the second part binds its results otherwise than expected",
            ));
        }
        (resolved, successors)
    }

    /// Renumbers the records of the hole's module `m` (its types already interned) with `r`
    /// and moves them into this builder's arenas, after the entities built so far; `counts`
    /// are the hole's ops, blocks and regions.
    fn move_hole_in(&mut self, m: Module, counts: (u32, u32, u32), r: &Renumbering) {
        let (n_ops, n_blocks, n_regions) = counts;
        // The ops are renumbered in place and moved in at the end of the build (see
        // `hole_ops`), when the builder's side tables are gone.
        let mut ops = m.ops;
        let mut hole_values = m.values;
        r.ops_and_values(self.fork, &mut ops, &mut hole_values);
        self.hole_ops = HoleOps {
            ids: r.op_base..r.op_base + n_ops,
            ops,
        };
        self.m.blocks.extend(m.blocks.into_iter().map(|mut b| {
            b.args.iter_mut().for_each(|v| *v = r.value(*v));
            b.ops.iter_mut().for_each(|o| *o = r.op(*o));
            b.parent = r.region(b.parent);
            b
        }));
        self.new_block.extend(r.block_base..r.block_base + n_blocks);
        self.m.regions.extend(m.regions.into_iter().map(|mut g| {
            g.blocks.iter_mut().for_each(|b| *b = r.block(*b));
            g.parent = r.op(g.parent);
            g
        }));
        self.new_region
            .extend(r.region_base..r.region_base + n_regions);
        let mut hole_values = hole_values.into_iter();
        let first = r.hole_first as usize;
        for (slot, v) in self.m.values[first..first + r.count as usize]
            .iter_mut()
            .zip(hole_values.by_ref())
        {
            *slot = v;
        }
        self.m.values.extend(hole_values);
        self.next_op += n_ops;
        self.next_block += n_blocks;
        self.next_region += n_regions;
    }

    /// Types the hole's block arguments typed like an operand (`late`, renumbered with `r`)
    /// whose operand's type is known now; the others wait for the end of the build.
    fn type_hole_block_args(&mut self, late: Vec<(ValueId, ValueId)>, r: &Renumbering) {
        // An external operand's type is known now, unless it is defined in a later block.
        for (arg, of) in late {
            let (arg, of_value) = (r.value(arg), r.value(of));
            match self.m.values.get(of_value.index()).map(|v| v.ty) {
                Some(t) if is_external(of) && t.0 != UNSET => self.m.values[arg.index()].ty = t,
                _ => self.late_arg_types.push((arg, of_value)),
            }
        }
    }
}

/// How the ids of a hole's records map to the main builder's at the join.
struct Renumbering {
    /// The main builder's ids of the hole's types.
    types: Vec<TypeId>,
    /// The values the hole's external uses stand for.
    resolved: Vec<ValueId>,
    /// The blocks the hole's successors stand for.
    successors: Vec<BlockId>,
    /// The block the hole's ops go in.
    block: BlockId,
    /// How many values the hole's results are: its first values, which go to those reserved
    /// for them from `hole_first` on.
    count: u32,
    hole_first: u32,
    /// Where the hole's other records go: after the entities built so far.
    op_base: u32,
    block_base: u32,
    region_base: u32,
    value_base: u32,
}

impl Renumbering {
    /// The main builder's id of the hole's type `t`.
    fn ty(&self, t: TypeId) -> TypeId {
        if t.0 == UNSET {
            t
        } else {
            self.types[t.index()]
        }
    }

    /// The main builder's id of the hole's value `v`.
    fn value(&self, v: ValueId) -> ValueId {
        if is_external(v) {
            self.resolved[(v.0 & !EXTERNAL) as usize]
        } else if v.0 < self.count {
            ValueId(self.hole_first + v.0)
        } else {
            ValueId(self.value_base + v.0 - self.count)
        }
    }

    /// The main builder's id of the hole's op `o`.
    fn op(&self, o: OpId) -> OpId {
        OpId(self.op_base + o.0)
    }

    /// The main builder's id of the hole's block `b`.
    fn block(&self, b: BlockId) -> BlockId {
        if b.0 == HOLE_BLOCK {
            self.block
        } else if b.0 & EXTERNAL != 0 {
            self.successors[(b.0 & !EXTERNAL) as usize]
        } else {
            BlockId(self.block_base + b.0)
        }
    }

    /// The main builder's id of the hole's region `r`.
    fn region(&self, r: RegionId) -> RegionId {
        RegionId(self.region_base + r.0)
    }

    /// Renumbers `ops` in place.
    fn ops(&self, ops: &mut [OpData]) {
        for o in ops {
            o.operands.iter_mut().for_each(|v| *v = self.value(*v));
            o.results.iter_mut().for_each(|v| *v = self.value(*v));
            o.regions.iter_mut().for_each(|r| *r = self.region(*r));
            o.successors.iter_mut().for_each(|b| *b = self.block(*b));
            o.parent = o.parent.map(|b| self.block(b));
        }
    }

    /// Renumbers `values` in place.
    fn values(&self, values: &mut [ValueData]) {
        for v in values {
            v.ty = self.ty(v.ty);
            v.def = match v.def {
                ValueDef::Result(o, i) => ValueDef::Result(self.op(o), i),
                ValueDef::Arg(b, i) => ValueDef::Arg(self.block(b), i),
            };
        }
    }

    /// Renumbers the hole's ops and values in place.
    fn ops_and_values(&self, fork: &dyn Fork, ops: &mut [OpData], values: &mut [ValueData]) {
        // A large hole is renumbered on two threads, half of it each.
        let (op_mid, value_mid) = (ops.len() / 2, values.len() / 2);
        let large = ops.len() >= RENUMBER_APART_OPS;
        let (ops_a, ops_b) = ops.split_at_mut(op_mid);
        let (values_a, values_b) = values.split_at_mut(value_mid);
        let first_half = || {
            self.ops(ops_a);
            self.values(values_a);
        };
        let second_half = || {
            self.ops(ops_b);
            self.values(values_b);
        };
        fork.both(large, "bufreuse-renumber", second_half, first_half);
    }
}

//! How a pass changes a module: it makes ops and regions in the arenas (`Module::create_op`,
//! `Module::push_region`), hands results from one op to another so that no use needs to
//! change (`Module::take_results`), and edits where ops stand through one batch of edits per
//! pass (`Edits`: replace, erase, insert before, prepend), applied in one sweep over each block
//! it touches, so that many edits of a large block cost one pass over it, not one each.
//!
//! Op data is never moved: an op replaced or erased stays in the arena, out of every block.
//! Debug builds check after each batch that every op of a touched block names that block as
//! its parent and that no op erased or replaced is left in one.

use super::types::Type;
use super::{
    BlockData, BlockId, Module, OpData, OpId, RegionData, RegionId, ResultGroups, TypeId,
    ValueData, ValueDef, ValueId, ValueName,
};
use rustc_hash::{FxHashMap, FxHashSet};

impl Module {
    /// Adds `data` (whose results, result groups and parent are ignored) as a new op, with one
    /// result per `(name, type)`, each bound on its own (`%a, %b = ...`) and spanning the op.
    /// The op stands in no block yet.
    pub(crate) fn create_op(&mut self, data: OpData, results: Vec<(Box<str>, Type)>) -> OpId {
        let id = OpId::new(self.ops.len());
        self.ops.push(OpData {
            results: Default::default(),
            result_groups: ResultGroups::None,
            parent: None,
            ..data
        });
        for (name, ty) in results {
            let ty = self.intern(ty);
            self.add_result(id, name, ty);
        }
        id
    }

    /// A new result of `op`, after its others, bound on its own and spanning the op.
    pub(crate) fn add_result(&mut self, op: OpId, name: Box<str>, ty: TypeId) -> ValueId {
        let v = ValueId::new(self.values.len());
        let span = self.op(op).span;
        let index = self.op(op).results.len() as u32;
        self.values.push(ValueData {
            ty,
            def: ValueDef::Result(op, index),
            name: ValueName::from(name),
            span,
        });
        let data = &mut self.ops[op.index()];
        data.results.push(v);
        data.result_groups.push(1);
        v
    }

    /// `to` takes over the results of `from`: the same values (ids, names, types, bindings), so
    /// every use of them now reads `to`'s. `from` is left with none, or with fresh results named
    /// `fresh` (one per result taken, of the same types), which it now defines instead.
    pub(crate) fn take_results(
        &mut self,
        from: OpId,
        to: OpId,
        fresh: Vec<Box<str>>,
    ) -> Vec<ValueId> {
        debug_assert!(
            self.op(to).results.is_empty(),
            "an op that takes over results has none"
        );
        let results = std::mem::take(&mut self.ops[from.index()].results);
        let groups = std::mem::take(&mut self.ops[from.index()].result_groups);
        for (k, &r) in results.iter().enumerate() {
            self.values[r.index()].def = ValueDef::Result(to, k as u32);
        }
        debug_assert!(fresh.is_empty() || fresh.len() == results.len());
        let made = fresh
            .into_iter()
            .zip(results.iter())
            .map(|(name, &r)| {
                let ty = self.value(r).ty;
                self.add_result(from, name, ty)
            })
            .collect();
        let to = &mut self.ops[to.index()];
        to.results = results;
        to.result_groups = groups;
        made
    }

    /// Appends a region to `op`: one block (no label, no arguments) holding `ops`, in order; or,
    /// for `None`, a region with no block. An op of `ops` that stands in a block must leave it
    /// by an edit recorded before (`Edits::replace`, `Edits::erase`).
    pub(crate) fn push_region(&mut self, op: OpId, ops: Option<Vec<OpId>>) -> RegionId {
        let region = RegionId::new(self.regions.len());
        let blocks = match ops {
            None => Vec::new(),
            Some(ops) => {
                let block = BlockId::new(self.blocks.len());
                for &o in &ops {
                    self.ops[o.index()].parent = Some(block);
                }
                self.blocks.push(BlockData {
                    label: None,
                    args: Vec::new(),
                    ops,
                    parent: region,
                    span: self.op(op).span,
                });
                vec![block]
            }
        };
        self.regions.push(RegionData { blocks, parent: op });
        self.ops[op.index()].regions.push(region);
        region
    }
}

/// Changes to where ops stand, collected by a pass and applied at once (`apply`). An op
/// inserted must stand in no block; an op replaced or erased must stand in a block when the
/// edit is recorded (`replace` reads which).
#[derive(Default)]
pub(crate) struct Edits {
    /// Per block: the op that takes each replaced op's place.
    replaced: FxHashMap<BlockId, FxHashMap<OpId, OpId>>,
    erased: FxHashSet<OpId>,
    /// Ops to put before an op, by that op, in order.
    before: FxHashMap<OpId, Vec<OpId>>,
    /// Ops to put at the start of a block, in order.
    prepended: FxHashMap<BlockId, Vec<OpId>>,
}

impl Edits {
    /// `new` takes the place of `old`, which leaves its block (unless `new`, say an `scf.if`
    /// around it, has taken it in meanwhile). Reads `old`'s block now.
    pub(crate) fn replace(&mut self, m: &Module, old: OpId, new: OpId) {
        let block = m.op(old).parent.expect("a replaced op stands in a block");
        self.replaced.entry(block).or_default().insert(old, new);
    }

    /// `op` leaves its block.
    pub(crate) fn erase(&mut self, op: OpId) {
        self.erased.insert(op);
    }

    /// `ops` go just before `at`, which stays.
    pub(crate) fn insert_before(&mut self, at: OpId, ops: Vec<OpId>) {
        self.before.entry(at).or_default().extend(ops);
    }

    /// `ops` open `block`.
    pub(crate) fn prepend(&mut self, block: BlockId, ops: Vec<OpId>) {
        self.prepended.entry(block).or_default().extend(ops);
    }

    /// Carries out every edit, in one pass over each block touched.
    pub(crate) fn apply(self, m: &mut Module) {
        let Edits {
            replaced,
            erased,
            before,
            prepended,
        } = self;
        let mut touched: FxHashSet<BlockId> = replaced.keys().copied().collect();
        touched.extend(prepended.keys().copied());
        let parent = |op: &OpId| m.op(*op).parent.expect("an edited op stands in a block");
        touched.extend(erased.iter().map(parent));
        touched.extend(before.keys().map(parent));
        let no_replacements = FxHashMap::default();
        let mut found = 0;
        for block in touched {
            let replaced = replaced.get(&block).unwrap_or(&no_replacements);
            let old = std::mem::take(&mut m.blocks[block.index()].ops);
            // Only the ops that come in (prepended, inserted, replacements) change their
            // parent; the others stand where they stood.
            let place = |m: &mut Module, op: OpId| {
                debug_assert!(
                    m.op(op).parent.is_none() || m.op(op).parent == Some(block),
                    "an op placed in two blocks"
                );
                m.ops[op.index()].parent = Some(block);
            };
            let mut ops = prepended.get(&block).cloned().unwrap_or_default();
            ops.iter().for_each(|&op| place(m, op));
            ops.reserve(old.len());
            for op in old {
                if let Some(inserted) = before.get(&op) {
                    inserted.iter().for_each(|&op| place(m, op));
                    ops.extend_from_slice(inserted);
                }
                if let Some(&new) = replaced.get(&op) {
                    found += 1;
                    // Not when `new` holds it now.
                    if m.op(op).parent == Some(block) {
                        m.ops[op.index()].parent = None;
                    }
                    place(m, new);
                    ops.push(new);
                } else if erased.contains(&op) {
                    m.ops[op.index()].parent = None;
                } else {
                    ops.push(op);
                }
            }
            debug_assert!(
                ops.iter().all(|&op| m.op(op).parent == Some(block)),
                "an op of a touched block names another block as its parent"
            );
            m.blocks[block.index()].ops = ops;
        }
        debug_assert_eq!(
            found,
            replaced.values().map(|r| r.len()).sum::<usize>(),
            "a replaced op was not found in its block"
        );
        debug_assert!(
            erased.iter().all(|&op| m.op(op).parent.is_none()),
            "an erased op was not found in its block"
        );
    }
}

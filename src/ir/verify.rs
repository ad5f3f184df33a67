//! The verifier: checks a built module against the rules of the ops bufreuse knows that names
//! alone cannot tell (`build` has already resolved every name), the way `mlir-opt` verifies
//! after parsing: symbols and their tables, calls against their callees, branches against
//! their successors' arguments, terminators, function signatures against their entry blocks,
//! the operands and results of `bufferization.dealloc` (whose custom form leaves types out),
//! and attribute values the printer writes in a custom form. Every error is collected, not just
//! the first; each points at the op, as `mlir-opt`'s do.
//!
//! One pass over the op arena, in pre-order (the order `build` numbers ops in): no recursion
//! on the nesting depth of the IR.

use super::ops::{OpClass, OpDef, Results, lookup};
use super::print::print_op_generic;
use super::types::{Attr, Dim, Type};
use super::{BlockId, Module, OpData, OpId};
use crate::diag::Diagnostic;
use crate::forms::BadSegments;
use crate::forms::bufferization::DeallocView;
use crate::forms::cf::CondBrView;
use crate::forms::memref::AllocView;
use crate::source::Span;
use rustc_hash::{FxHashMap, FxHashSet};

/// Values `sym_visibility` may take.
const VISIBILITIES: [&str; 3] = ["public", "private", "nested"];

/// The flags of `#arith.fastmath<...>`, with mlir-opt's message for any other.
const FASTMATH: (&str, &[&str], &str) = (
    "#arith.fastmath<",
    &[
        "none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast",
    ],
    "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
);

/// The flags of `#arith.overflow<...>`, with mlir-opt's message for any other.
const OVERFLOW: (&str, &[&str], &str) = (
    "#arith.overflow<",
    &["none", "nsw", "nuw"],
    "expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw",
);

/// Checks a built module; returns every error found, in source order.
pub fn verify(m: &Module) -> Result<(), Vec<Diagnostic>> {
    let mut v = Verifier {
        m,
        errors: Vec::new(),
        symbols: FxHashMap::default(),
        defs: FxHashMap::default(),
        attr_stack: Vec::new(),
    };
    v.symbol_tables();
    for (i, o) in m.ops.iter().enumerate() {
        v.op(OpId::new(i), o);
    }
    v.terminators_last(&m.top);
    if v.errors.is_empty() {
        return Ok(());
    }
    let mut errors = v.errors;
    errors.sort_by_key(|d| d.span.map(|s| s.start));
    Err(errors)
}

struct Verifier<'a> {
    m: &'a Module,
    errors: Vec<Diagnostic>,
    /// The symbols of each symbol table (the top level is `None`, a `builtin.module` its id):
    /// each name with the op that defines it first.
    symbols: FxHashMap<Option<OpId>, FxHashMap<String, OpId>>,
    /// The row of each op name in the op table, by the name's address.
    defs: FxHashMap<*const u8, Option<&'static OpDef>>,
    /// Attributes still to look at for duplicate keys (kept to save an allocation per op).
    attr_stack: Vec<&'a Attr>,
}

/// Whether an op of this name is a symbol table (its body holds symbols).
fn is_symbol_table(name: &str) -> bool {
    name == "builtin.module" || name.ends_with(".module")
}

impl<'a> Verifier<'a> {
    /// What the op table says of an op, looked up once per name (ops of one kind share
    /// their name).
    fn def(&mut self, op: OpId) -> Option<&'static OpDef> {
        let name = &self.m.op(op).name;
        *self
            .defs
            .entry(name.as_ptr())
            .or_insert_with(|| lookup(name))
    }

    /// Where an error about an op points: its name, mlir-opt's location of an op.
    fn at(&self, op: OpId) -> Span {
        self.m.op(op).name_span
    }

    fn error(&mut self, op: OpId, message: String) {
        let span = self.at(op);
        self.errors.push(Diagnostic::error(span, message));
    }

    /// `'name' op message`, mlir-opt's form of an op's verifier error.
    fn op_error(&mut self, op: OpId, message: impl std::fmt::Display) {
        let text = format!("'{}' op {message}", self.m.op(op).name);
        self.error(op, text);
    }

    /// The symbol table an op defines its symbol in: `Some(None)` for the top level,
    /// `Some(Some(module))`, or `None` where the parent op is no symbol table.
    fn table_of(&self, op: OpId) -> Option<Option<OpId>> {
        match self.m.parent_op(op) {
            None => Some(None),
            Some(p) if is_symbol_table(&self.m.op(p).name) => Some(Some(p)),
            Some(_) => None,
        }
    }

    /// Collects the symbols of every symbol table; a name defined twice in one table is an
    /// error at the second definition, and a `func.func` or `memref.global` in a known op
    /// that is no symbol table is one too.
    fn symbol_tables(&mut self) {
        let m = self.m;
        for (i, o) in m.ops.iter().enumerate() {
            let op = OpId::new(i);
            let Some(Attr::Str { .. }) = m.attr(op, "sym_name") else {
                continue;
            };
            let Some(table) = self.table_of(op) else {
                // An op bufreuse does not know might be a symbol table (mlir-opt accepts an
                // unregistered parent); a known one is none.
                let known_parent = m.parent_op(op).is_some_and(|p| self.def(p).is_some());
                if matches!(&*o.name, "func.func" | "memref.global") && known_parent {
                    self.op_error(op, "symbol's parent must have the SymbolTable trait");
                }
                continue;
            };
            let name = m.sym_name(op).unwrap_or_default();
            let symbols = self.symbols.entry(table).or_default();
            if let Some(&first) = symbols.get(&name) {
                let first_span = self.at(first);
                let d = Diagnostic::error(
                    self.at(op),
                    format!("redefinition of symbol named '{name}'"),
                )
                .with_note(Some(first_span), "see existing symbol definition here");
                self.errors.push(d);
            } else {
                symbols.insert(name, op);
            }
        }
    }

    fn op(&mut self, op: OpId, o: &'a OpData) {
        let def = self.def(op);
        self.visibility(op);
        self.duplicate_keys(op, o);
        if o.name.starts_with("arith.") || o.name.starts_with("math.") {
            self.flags(op, "fastmath", FASTMATH);
            self.flags(op, "overflowFlags", OVERFLOW);
        }
        if let Some(def) = def {
            self.result_count(op, o, def);
            self.condition_and_parent(op, o, def);
        }
        self.int_ranges(op, o);
        // The rules of the ops of a syntax class, and of the op that returns from a function.
        match def.and_then(|d| d.syntax) {
            Some(OpClass::FuncFunc) => self.func(op, o),
            Some(OpClass::Call) => self.call(op, o),
            Some(OpClass::Terminator) if def.is_some_and(OpDef::returns) => self.func_return(op, o),
            Some(class @ (OpClass::Br | OpClass::CondBr)) => self.branch(op, o, class),
            Some(OpClass::BufferDealloc) => self.buffer_dealloc(op, o),
            Some(OpClass::Alloc) => self.alloc(op, o),
            Some(OpClass::Module) => self.module_body(op, o),
            _ => {}
        }
        for s in &o.successors {
            self.entry_predecessor(*s);
        }
        // Known ops with a custom form end each block with a terminator (the form may leave
        // it implicit); a module's body needs none.
        let needs_terminator = def.is_some_and(|d| d.syntax.is_some_and(|c| c != OpClass::Module));
        for r in &o.regions {
            for b in &self.m.region(*r).blocks {
                let ops = &self.m.block(*b).ops;
                self.terminators_last(ops);
                if needs_terminator && let Some(&last) = ops.last() {
                    self.ends_with_terminator(last);
                }
            }
        }
        self.empty_blocks(op, o, needs_terminator);
    }

    /// A block may be empty only as the one block of a region of an op that may do without
    /// a terminator (`builtin.module`, or an op bufreuse does not know, which mlir-opt
    /// accepts unregistered), as mlir-opt's verifier has it. One error per op.
    fn empty_blocks(&mut self, op: OpId, o: &'a OpData, needs_terminator: bool) {
        let m = self.m;
        let empty = o.regions.iter().any(|r| {
            let blocks = &m.region(*r).blocks;
            (needs_terminator || blocks.len() > 1)
                && blocks.iter().any(|b| m.block(*b).ops.is_empty())
        });
        if empty {
            self.error(op, "empty block: expect at least a terminator".to_string());
        }
    }

    /// The body of `builtin.module` is one block without arguments: its custom form shows no
    /// other, and reads `module {}` as one empty block.
    fn module_body(&mut self, op: OpId, o: &'a OpData) {
        let Some(r) = o.regions.first() else {
            return;
        };
        let blocks = &self.m.region(*r).blocks;
        if blocks.len() != 1 {
            self.op_error(
                op,
                "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks",
            );
        } else if !self.m.block(blocks[0]).args.is_empty() {
            self.op_error(op, "region should have no arguments");
        }
    }

    /// `memref.alloc` / `memref.alloca`: one size operand per dynamic dimension of the
    /// result, and an `alignment` that is a positive power of two of type `i64`, with
    /// mlir-opt's messages. (The analysis checks the alignment again, for a module that was
    /// not verified.)
    fn alloc(&mut self, op: OpId, o: &'a OpData) {
        match AllocView::of(self.m, op) {
            Err(bad) => self.bad_segments(op, o, &bad),
            Ok(view) => {
                if let Some(&result) = o.results.first()
                    && let Type::MemRef(mt) = self.m.value_type(result)
                    && let Some(shape) = &mt.shape
                {
                    let sizes = view.sizes.len();
                    let expected = shape.iter().filter(|d| **d == Dim::Dynamic).count();
                    if sizes != expected {
                        self.op_error(
                            op,
                            format!(
                                "incorrect number of dynamic sizes, has {sizes}, expected {expected}"
                            ),
                        );
                    }
                }
            }
        }
        let Some(mut a) = self.m.attr(op, "alignment") else {
            return;
        };
        if let Attr::Alias(name) = a
            && let Some((_, v)) = self.m.attr_aliases.iter().find(|(n, _)| n == name)
        {
            a = v;
        }
        let i64_typed =
            matches!(a, Attr::Int { ty, .. } if ty.as_ref().is_none_or(|t| *t == Type::i(64)));
        let power_of_two = a.as_i64().is_some_and(|n| n > 0 && n.count_ones() == 1);
        if !(i64_typed && power_of_two) {
            self.op_error(
                op,
                "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
            );
        }
    }

    /// Every integer attribute of the op (nested ones too) fits its type, as mlir-opt's
    /// parser requires: `index` holds a signed 64-bit value, `iN` N bits signed or unsigned,
    /// `siN` signed, `uiN` unsigned, and an integer without a type is an `i64`. One error per
    /// op.
    fn int_ranges(&mut self, op: OpId, o: &'a OpData) {
        // The stack of `duplicate_keys`, empty between uses (no allocation per op).
        let mut stack = std::mem::take(&mut self.attr_stack);
        'keys: for (key, value) in o.props.iter().chain(o.attrs.iter()) {
            stack.push(value);
            while let Some(a) = stack.pop() {
                match a {
                    Attr::Int { text, ty } if !int_fits(text, ty.as_ref()) => {
                        let ty = ty.clone().unwrap_or(Type::i(64));
                        self.error(
                            op,
                            format!(
                                "integer constant out of range for attribute '{key}': {text} does not fit in {ty}"
                            ),
                        );
                        stack.clear();
                        break 'keys;
                    }
                    Attr::Array(items) => stack.extend(items),
                    Attr::Dict(entries) => stack.extend(entries.iter().map(|(_, v)| v)),
                    _ => {}
                }
            }
        }
        self.attr_stack = stack;
    }

    /// Ops whose kind fixes their number of results (none, or one) must have that many, as
    /// their custom forms, which the printer writes, cannot say otherwise.
    fn result_count(&mut self, op: OpId, o: &'a OpData, def: &OpDef) {
        match (def.results, o.results.len()) {
            (Results::Variadic, _) | (Results::Zero, 0) | (Results::One, 1) => {}
            (Results::Zero, _) => self.op_error(op, "requires zero results"),
            (Results::One, _) => self.op_error(op, "requires one result"),
        }
    }

    /// The conditions that custom forms print without a type must be `i1`, and the ops that
    /// only make sense inside one kind of op must be in it (their custom forms are read back
    /// with that parent's implicit terminator).
    fn condition_and_parent(&mut self, op: OpId, o: &'a OpData, def: &OpDef) {
        use super::types::Signedness;
        if matches!(
            def.syntax,
            Some(OpClass::CondBr | OpClass::If | OpClass::Assert)
        ) && let Some(&c) = o.operands.first()
        {
            let t = self.m.value_type(c);
            if !matches!(
                t,
                Type::Int {
                    width: 1,
                    signedness: Signedness::Signless
                }
            ) {
                let got = t.to_string();
                self.op_error(
                    op,
                    format!("operand #0 must be 1-bit signless integer, but got '{got}'"),
                );
            }
        }
        let Some(parent) = def.parent else {
            return;
        };
        let actual = self.m.parent_op(op).map(|p| &*self.m.op(p).name);
        if actual != Some(parent) {
            self.op_error(op, format!("expects parent op '{parent}'"));
        }
    }

    /// A known terminator must end its block.
    fn terminators_last(&mut self, ops: &[OpId]) {
        let Some((_, rest)) = ops.split_last() else {
            return;
        };
        for &op in rest {
            if self.def(op).is_some_and(|d| d.terminator) {
                self.op_error(op, "must be the last operation in the parent block");
            }
        }
    }

    /// The last op of a block of a known op's region must be a terminator: an op bufreuse
    /// knows that is none is an error; an op it does not know might be one (as for mlir-opt,
    /// which accepts an unregistered op there).
    fn ends_with_terminator(&mut self, last: OpId) {
        if self
            .def(last)
            .is_some_and(|d| !d.terminator && !d.is_dialect_wide())
        {
            let shown = print_op_generic(self.m, last);
            let shown = match shown.split_once('\n') {
                Some((first, _)) => format!("{first} ..."),
                None => shown,
            };
            self.error(last, format!("block with no terminator, has {shown}"));
        }
    }

    /// The entry block of a region may not be the successor of a branch.
    fn entry_predecessor(&mut self, b: BlockId) {
        let region = self.m.block(b).parent;
        if self.m.region(region).blocks.first() == Some(&b) {
            let owner = self.m.region(region).parent;
            let message = "entry block of region may not have predecessors".to_string();
            let span = self.at(owner);
            // One error per region, however many branches lead to its entry.
            if !self
                .errors
                .iter()
                .any(|d| d.span == Some(span) && d.message == message)
            {
                self.error(owner, message);
            }
        }
    }

    fn visibility(&mut self, op: OpId) {
        let Some(v) = self.m.attr(op, "sym_visibility") else {
            return;
        };
        let ok = v
            .as_str()
            .is_some_and(|s| VISIBILITIES.contains(&s.as_str()));
        if !ok {
            self.op_error(
                op,
                format!(
                    "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {v}"
                ),
            );
        }
    }

    /// `bufferization.dealloc`: three operand segments (memrefs, conditions, retained memrefs)
    /// that cover the operands, memrefs where memrefs go, `i1` conditions and results, one
    /// condition per memref and one result per retained memref (its custom form states
    /// neither the conditions' nor the results' types). Only the first broken rule is
    /// reported, in mlir-opt's order and words: its verifier stops there too.
    fn buffer_dealloc(&mut self, op: OpId, o: &'a OpData) {
        let view = match DeallocView::of(self.m, op) {
            Ok(view) => view,
            Err(bad) => return self.bad_segments(op, o, &bad),
        };
        const MEMREF: &str = "ranked or unranked memref of any type values";
        const I1: &str = "1-bit signless integer";
        let conditions = view.memrefs.len()..view.memrefs.len() + view.conditions.len();
        for (i, &v) in o.operands.iter().enumerate() {
            let t = self.m.value_type(v);
            let (ok, wanted) = if conditions.contains(&i) {
                (*t == Type::i(1), I1)
            } else {
                (matches!(t, Type::MemRef(_)), MEMREF)
            };
            if !ok {
                self.op_error(
                    op,
                    format!("operand #{i} must be variadic of {wanted}, but got '{t}'"),
                );
                return;
            }
        }
        for (i, &v) in o.results.iter().enumerate() {
            let t = self.m.value_type(v);
            if *t != Type::i(1) {
                self.op_error(
                    op,
                    format!("result #{i} must be variadic of {I1}, but got '{t}'"),
                );
                return;
            }
        }
        if view.conditions.len() != view.memrefs.len() {
            self.op_error(
                op,
                "must have the same number of conditions as memrefs to deallocate",
            );
        } else if o.results.len() != view.retained.len() {
            self.op_error(
                op,
                "must have the same number of updated conditions (results) as retained operands",
            );
        }
    }

    /// The error for an op whose `operandSegmentSizes` does not split its operands, in
    /// mlir-opt's words: where the property itself is malformed, at the op without its name.
    fn bad_segments(&mut self, op: OpId, o: &'a OpData, bad: &BadSegments) {
        let message = match self.m.attr(op, "operandSegmentSizes") {
            Some(a) => bad.message(&o.name, a),
            None => bad.message(&o.name, &Attr::Unit),
        };
        match bad {
            BadSegments::NotI32Array | BadSegments::Groups { .. } => self.error(op, message),
            BadSegments::Negative | BadSegments::Total { .. } => self.op_error(op, message),
        }
    }

    /// A key may appear once in an attribute dictionary (the op's properties, its attributes,
    /// and every dictionary nested in their values).
    fn duplicate_keys(&mut self, op: OpId, o: &'a OpData) {
        let mut stack = std::mem::take(&mut self.attr_stack);
        for list in [&o.props, &o.attrs] {
            if let Some(k) = duplicate(list.iter().map(|(k, _)| &**k)) {
                self.error(op, format!("duplicate key '{k}' in dictionary attribute"));
            }
            stack.extend(list.iter().map(|(_, v)| v));
        }
        while let Some(a) = stack.pop() {
            match a {
                Attr::Dict(entries) => {
                    if let Some(k) = duplicate(entries.iter().map(|(k, _)| &**k)) {
                        self.error(op, format!("duplicate key '{k}' in dictionary attribute"));
                    }
                    stack.extend(entries.iter().map(|(_, v)| v));
                }
                Attr::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        self.attr_stack = stack;
    }

    /// `#arith.fastmath<...>` / `#arith.overflow<...>` with flags of their enum only: the
    /// custom form prints the flags bare.
    fn flags(&mut self, op: OpId, key: &str, (prefix, allowed, message): (&str, &[&str], &str)) {
        let Some(mut a) = self
            .m
            .op(op)
            .props
            .iter()
            .find(|(k, _)| &**k == key)
            .map(|(_, v)| v)
        else {
            return;
        };
        if let Attr::Alias(name) = a
            && let Some((_, v)) = self.m.attr_aliases.iter().find(|(n, _)| n == name)
        {
            a = v;
        }
        let flags = match a {
            Attr::Opaque { text, ty: None } => {
                text.strip_prefix(prefix).and_then(|t| t.strip_suffix('>'))
            }
            _ => None,
        };
        let ok = flags.is_some_and(|f| f.split(',').all(|flag| allowed.contains(&flag.trim())));
        if !ok {
            self.op_error(op, format!("attribute '{key}': {message}, got {a}"));
        }
    }

    /// A function's entry block takes the arguments of its signature, and its argument and
    /// result attributes are one dictionary per argument and result (the custom form shows
    /// them beside each).
    fn func(&mut self, op: OpId, o: &'a OpData) {
        let Some(Attr::Type(Type::Function { inputs, results })) = self.m.attr(op, "function_type")
        else {
            self.op_error(op, "requires attribute 'function_type' of a function type");
            return;
        };
        for (key, what, n) in [
            ("arg_attrs", "argument", inputs.len()),
            ("res_attrs", "result", results.len()),
        ] {
            let dicts = |items: &[Attr]| items.iter().all(|a| matches!(a, Attr::Dict(_)));
            match self.m.attr(op, key) {
                None => {}
                Some(Attr::Array(items)) if dicts(items) && items.len() == n => {}
                Some(Attr::Array(items)) if dicts(items) => {
                    self.op_error(
                        op,
                        format!(
                            "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {n}",
                            items.len()
                        ),
                    );
                }
                Some(_) => self.op_error(
                    op,
                    format!("attribute '{key}' failed to satisfy constraint: Array of dictionary attributes"),
                ),
            }
        }
        let Some(&entry) = o
            .regions
            .first()
            .and_then(|r| self.m.region(*r).blocks.first())
        else {
            return;
        };
        let args = &self.m.block(entry).args;
        if args.len() != inputs.len() {
            self.op_error(
                op,
                format!(
                    "entry block must have {} arguments to match function signature",
                    inputs.len()
                ),
            );
            return;
        }
        for (i, (a, t)) in args.iter().zip(inputs.iter()).enumerate() {
            let actual = self.m.value_type(*a);
            if actual != t {
                self.op_error(
                    op,
                    format!(
                        "type of entry block argument #{i}('{actual}') must match the type of the corresponding argument in function signature('{t}')"
                    ),
                );
            }
        }
    }

    /// A `func.return` directly in a function returns the function's result types.
    fn func_return(&mut self, op: OpId, o: &'a OpData) {
        let Some(f) = self.m.parent_op(op) else {
            return;
        };
        if &*self.m.op(f).name != "func.func" {
            return;
        }
        let Some(Attr::Type(Type::Function { results, .. })) = self.m.attr(f, "function_type")
        else {
            return;
        };
        let name = self.m.sym_name(f).unwrap_or_default();
        if o.operands.len() != results.len() {
            self.op_error(
                op,
                format!(
                    "has {} operands, but enclosing function (@{name}) returns {}",
                    o.operands.len(),
                    results.len()
                ),
            );
            return;
        }
        for (i, (v, t)) in o.operands.iter().zip(results.iter()).enumerate() {
            let actual = self.m.value_type(*v);
            if actual != t {
                self.error(
                    op,
                    format!(
                        "type of return operand {i} ('{actual}') doesn't match function result type ('{t}') in function @{name}"
                    ),
                );
                return;
            }
        }
    }

    /// A call names a function of the nearest symbol table, with its argument and result
    /// types.
    fn call(&mut self, op: OpId, o: &'a OpData) {
        let Some(Attr::SymbolRef(callee)) = self.m.attr(op, "callee") else {
            self.op_error(op, "requires attribute 'callee' of a symbol reference");
            return;
        };
        // A nested reference (`@m::@f`) names no function of the table; the error names its
        // root.
        let name = self.m.callee_name(op);
        let shown = name.clone().unwrap_or_else(|| {
            callee
                .first()
                .map_or_else(String::new, |p| super::symbol_name(p))
        });
        // The nearest symbol table above the call.
        let mut table = self.m.parent_op(op);
        while let Some(t) = table
            && !is_symbol_table(&self.m.op(t).name)
        {
            table = self.m.parent_op(t);
        }
        let found = name
            .and_then(|name| self.symbols.get(&table).and_then(|s| s.get(&name)))
            .copied()
            .filter(|f| &*self.m.op(*f).name == "func.func");
        let signature = found.and_then(|f| match self.m.attr(f, "function_type") {
            Some(Attr::Type(Type::Function { inputs, results })) => Some((inputs, results)),
            _ => None,
        });
        let Some((inputs, results)) = signature else {
            self.op_error(op, format!("'{shown}' does not reference a valid function"));
            return;
        };
        if o.operands.len() != inputs.len() {
            self.op_error(op, "incorrect number of operands for callee");
            return;
        }
        for (i, (v, t)) in o.operands.iter().zip(inputs.iter()).enumerate() {
            let actual = self.m.value_type(*v);
            if actual != t {
                self.op_error(
                    op,
                    format!(
                        "operand type mismatch: expected operand type '{t}', but provided '{actual}' for operand number {i}"
                    ),
                );
                return;
            }
        }
        if o.results.len() != results.len() {
            self.op_error(op, "incorrect number of results for callee");
            return;
        }
        for (i, (v, t)) in o.results.iter().zip(results.iter()).enumerate() {
            if self.m.value_type(*v) != t {
                self.op_error(op, format!("result type mismatch at index {i}"));
                return;
            }
        }
    }

    /// The operands a branch (`class` `Br` or `CondBr`) passes to each successor match the
    /// successor's arguments.
    fn branch(&mut self, op: OpId, o: &'a OpData, class: OpClass) {
        let groups: Vec<&[super::ValueId]> = if class == OpClass::Br {
            vec![&o.operands[..]]
        } else {
            match CondBrView::of(self.m, op) {
                Ok(Some(view)) => vec![view.on_true, view.on_false],
                Ok(None) => return,
                Err(bad) => return self.bad_segments(op, o, &bad),
            }
        };
        for (i, (args, b)) in groups.iter().zip(&o.successors).enumerate() {
            let params = &self.m.block(*b).args;
            if args.len() != params.len() {
                self.error(
                    op,
                    format!(
                        "branch has {} operands for successor #{i}, but target block has {}",
                        args.len(),
                        params.len()
                    ),
                );
                continue;
            }
            for (j, (a, p)) in args.iter().zip(params).enumerate() {
                if self.m.value(*a).ty != self.m.value(*p).ty {
                    self.error(
                        op,
                        format!("type mismatch for bb argument #{j} of successor #{i}"),
                    );
                    break;
                }
            }
        }
    }
}

/// Whether an integer literal (decimal or `0x` hex, with an optional `-`) fits its type as
/// MLIR reads it (see `Verifier::int_ranges`; no type is `i64`). Types other than integers
/// and `index`, and widths over 128 bits, are not checked.
fn int_fits(text: &str, ty: Option<&Type>) -> bool {
    use super::types::Signedness;
    let (width, signedness) = match ty {
        None => (64, Signedness::Signless),
        Some(Type::Index) => (64, Signedness::Signed),
        Some(Type::Int { width, signedness }) => (*width, *signedness),
        Some(_) => return true,
    };
    if width > 128 {
        return true;
    }
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = match digits.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16),
        None => digits.parse::<u128>(),
    };
    let Ok(magnitude) = magnitude else {
        // More than 128 bits.
        return false;
    };
    // The largest magnitude of `width` bits, and of `width - 1` bits (a signed one).
    let all = |bits: u32| match bits {
        0 => 0,
        b if b >= 128 => u128::MAX,
        b => (1u128 << b) - 1,
    };
    let signed_max = all(width.saturating_sub(1));
    match (signedness, negative) {
        (_, true) if magnitude == 0 => true,
        (Signedness::Unsigned, true) => false,
        (_, true) => width > 0 && magnitude <= signed_max + 1,
        (Signedness::Signed, false) => magnitude <= signed_max,
        (_, false) => magnitude <= all(width),
    }
}

/// The first key that occurs twice in a list of keys, if any.
fn duplicate<'k>(keys: impl Iterator<Item = &'k str> + Clone) -> Option<&'k str> {
    let n = keys.clone().count();
    if n < 2 {
        return None;
    }
    if n <= 8 {
        let keys: smallvec::SmallVec<[&str; 8]> = keys.collect();
        return (1..n).find_map(|i| keys[..i].contains(&keys[i]).then_some(keys[i]));
    }
    let mut seen = FxHashSet::default();
    keys.into_iter().find(|k| !seen.insert(*k))
}

//! Prints the IR as MLIR text: known ops in their custom form (as `mlir-opt` prints them),
//! any other op in generic form. Value and block names from the input are kept. This is the
//! only place that writes IR text.

use super::ops::{OpClass, syntax_class};
use super::types::DYNAMIC;
use super::types::{Attr, Type, write_dict};
use super::{BlockId, Fork, Module, OpId, RegionId, TypeId, ValueId, group_name};
use crate::forms::{Form, form, operand_groups};
use rustc_hash::FxHashMap;
use std::fmt::Write;

/// Prints a whole module on this thread. (The entry points print with
/// `parallel::print_module`; this is for tests and the fuzz targets.)
#[cfg(any(test, feature = "internals"))]
pub fn print_module(m: &Module) -> String {
    print_module_pieces(m, &super::OneThread).concat()
}

/// Prints a whole module, in pieces: when `fork` has a second thread, a large block's ops are
/// printed side by side (see `Printer::ops`), each half into a string of its own, so that the
/// text is never copied to join them. The pieces, written one after another, are the text.
pub fn print_module_pieces<'a>(m: &'a Module, fork: &'a dyn Fork) -> Vec<String> {
    let mut p = Printer::new(m, m.ops.len() * 64);
    p.fork = Some(fork);
    // Attribute aliases first: type aliases may name them (a memref layout), and mlir-opt
    // needs every alias defined before its use.
    for (name, a) in &m.attr_aliases {
        let _ = writeln!(p.out, "{name} = {a}");
    }
    for (name, t) in &m.type_aliases {
        let _ = writeln!(p.out, "{name} = {t}");
    }
    p.ops(&m.top);
    for section in &m.metadata {
        let _ = writeln!(p.out, "\n{section}");
    }
    p.done.push(p.out);
    p.done
}

/// Prints one op in generic form with its results (`%a = "dialect.op"(...) ...`), for
/// diagnostics; the ops of its regions are printed as `print_module` prints them.
pub fn print_op_generic(m: &Module, op: OpId) -> String {
    let mut p = Printer::new(m, 0);
    let o = m.op(op);
    if !o.results.is_empty() {
        p.values(&o.results);
        p.out.push_str(" = ");
    }
    p.generic(op);
    p.out
}

/// `@name`, or `@"name"` where the name is not a bare identifier (as MLIR prints a symbol).
pub(crate) fn symbol(name: &str) -> String {
    let bare = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c));
    if bare {
        format!("@{name}")
    } else {
        format!("@{}", crate::ir::types::escape(name))
    }
}

pub(crate) struct Printer<'a> {
    pub(crate) m: &'a Module,
    pub(crate) out: String,
    /// Pieces of the text before `out`, finished.
    done: Vec<String>,
    pub(crate) indent: usize,
    /// Each type's text, made the first time it is printed (most are printed many times).
    type_text: Vec<Option<Box<str>>>,
    /// The custom syntax class and form of each op name, by the name's address: ops of one
    /// kind share their name (`ir::OpName`), and matching a name against the op table is
    /// slow.
    classes: FxHashMap<*const u8, Option<(OpClass, Form)>>,
    /// Runs the halves of one large block's ops side by side (see `ops`); taken when used:
    /// only one block is split.
    fork: Option<&'a dyn Fork>,
}

/// A block with at least this many ops is printed in two halves, side by side (see `ops`).
const SPLIT_OPS: usize = 20_000;

/// Property names a custom form shows through its own syntax (never in its attribute dict).
pub(crate) const SYNTAX_PROPS: &[&str] = &[
    "operandSegmentSizes",
    "static_offsets",
    "static_sizes",
    "static_strides",
    "static_output_shape",
    "reassociation",
    "callee",
    "predicate",
    "fastmath",
    "overflowFlags",
    "value",
    "dim",
    "name",
    "sym_name",
    "sym_visibility",
    "function_type",
    "arg_attrs",
    "res_attrs",
    "type",
    "initial_value",
    "constant",
    "permutation",
    "msg",
    "cases",
    "unsignedCmp",
    "staticLowerBound",
    "staticUpperBound",
    "staticStep",
    "static_low",
    "static_high",
    "nofold",
    "no_inline",
    "restrict",
    "writable",
    "read_only",
    "branch_weights",
    "indexing_maps",
    "iterator_types",
    "dimensions",
];

impl<'a> Printer<'a> {
    fn new(m: &'a Module, capacity: usize) -> Printer<'a> {
        Printer {
            m,
            out: String::with_capacity(capacity),
            done: Vec::new(),
            indent: 0,
            type_text: vec![None; m.types.len()],
            classes: FxHashMap::default(),
            fork: None,
        }
    }

    /// Prints the ops of a block, the second half of a large block on the fork's other
    /// thread (with no other thread, such as with `BUFREUSE_THREADS=1`: all on this one, and
    /// in one piece). The second half's text becomes a piece of its own, and what comes after
    /// it goes into a new one.
    fn ops(&mut self, ops: &[OpId]) {
        if let Some(fork) = self.fork
            && ops.len() >= SPLIT_OPS
            && fork.apart()
        {
            self.fork = None;
            let (first, second) = ops.split_at(ops.len() / 2);
            let (m, indent) = (self.m, self.indent);
            let print_second = move || {
                let mut p = Printer::new(m, second.len() * 64);
                p.indent = indent;
                p.ops(second);
                p.out
            };
            let (text, ()) = fork.both(true, "bufreuse-print", print_second, || self.ops(first));
            self.done.push(std::mem::take(&mut self.out));
            self.done.push(text);
            return;
        }
        for &o in ops {
            self.op(o);
        }
    }

    pub(crate) fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    pub(crate) fn v(&self, v: ValueId) -> &'a str {
        let m: &'a Module = self.m;
        &m.value(v).name
    }

    pub(crate) fn values(&mut self, vs: &[ValueId]) {
        let m: &'a Module = self.m;
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&m.value(*v).name);
        }
    }

    /// `1, 2, 3`.
    pub(crate) fn ints(&mut self, xs: &[i64]) {
        for (i, x) in xs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let _ = write!(self.out, "{x}");
        }
    }

    pub(crate) fn types_of(&mut self, vs: &[ValueId]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value_type(*v);
        }
    }

    /// Writes an interned type.
    pub(crate) fn type_id(&mut self, t: TypeId) {
        let text = &mut self.type_text[t.index()];
        let text = text.get_or_insert_with(|| self.m.ty(t).to_string().into());
        self.out.push_str(text);
    }

    pub(crate) fn value_type(&mut self, v: ValueId) {
        self.type_id(self.m.value(v).ty);
    }

    pub(crate) fn result_type(&mut self, op: OpId, i: usize) {
        self.value_type(self.m.op(op).results[i]);
    }

    pub(crate) fn operand_type(&mut self, op: OpId, i: usize) {
        self.value_type(self.m.op(op).operands[i]);
    }

    /// ` {a = 1, ...}` with the op's attributes and the properties its syntax does not show.
    pub(crate) fn attr_dict(&mut self, op: OpId, also_hide: &[&str]) {
        let o = self.m.op(op);
        if o.props.is_empty() && o.attrs.is_empty() {
            return;
        }
        let entries = o
            .props
            .iter()
            .filter(|(k, _)| !SYNTAX_PROPS.contains(&&**k) && !also_hide.contains(&&**k))
            .chain(o.attrs.iter());
        self.dict(" ", entries.map(|(k, v)| (&**k, v)));
    }

    /// `lead` and `{a = 1, ...}` (as `write_dict` writes it) when there are entries; nothing
    /// otherwise.
    pub(crate) fn dict<'e>(
        &mut self,
        lead: &str,
        entries: impl Iterator<Item = (&'e str, &'e Attr)>,
    ) {
        let mut any = false;
        for (k, v) in entries {
            self.out.push_str(if any { ", " } else { lead });
            if !any {
                self.out.push('{');
            }
            any = true;
            self.out.push_str(k);
            if *v != Attr::Unit {
                let _ = write!(self.out, " = {v}");
            }
        }
        if any {
            self.out.push('}');
        }
    }

    pub(crate) fn prop(&self, op: OpId, name: &str) -> Option<&'a Attr> {
        let m: &'a Module = self.m;
        m.op(op)
            .props
            .iter()
            .find(|(k, _)| &**k == name)
            .map(|(_, v)| v)
    }

    /// The operands of `op` in the `N` groups of its `operandSegmentSizes` property (see
    /// `forms::operand_groups`); `None` without that property (a custom form would not show
    /// it as an attribute) or where it does not split them.
    pub(crate) fn groups<const N: usize>(&self, op: OpId) -> Option<[&'a [ValueId]; N]> {
        self.prop(op, "operandSegmentSizes")?;
        operand_groups(self.m, op).ok().flatten()
    }

    pub(crate) fn op(&mut self, op: OpId) {
        self.pad();
        let m: &'a Module = self.m;
        let o = m.op(op);
        if !o.results.is_empty() {
            if o.result_groups.declared() as usize == o.results.len() {
                let mut first = 0;
                for (i, &count) in o.result_groups.counts().iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    // Groups bind at least one value (the parser refuses `%x:0`); an op made
                    // otherwise prints an empty name rather than panicking.
                    let name = o
                        .results
                        .get(first)
                        .map_or("", |&v| group_name(&m.value(v).name, count));
                    first += count as usize;
                    self.out.push_str(name);
                    if count > 1 {
                        let _ = write!(self.out, ":{count}");
                    }
                }
            } else {
                self.values(&o.results);
            }
            self.out.push_str(" = ");
        }
        let start = self.out.len();
        if !self.custom(op) {
            self.out.truncate(start);
            self.generic(op);
        }
        self.out.push('\n');
    }

    fn generic(&mut self, op: OpId) {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let _ = write!(self.out, "{}(", crate::ir::types::escape(&o.name));
        self.values(&o.operands);
        self.out.push(')');
        if !o.successors.is_empty() {
            self.out.push('[');
            for (i, b) in o.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.label(*b);
            }
            self.out.push(']');
        }
        if !o.props.is_empty() {
            self.out.push_str(" <");
            let _ = write_dict(&mut self.out, &o.props);
            self.out.push('>');
        }
        if !o.regions.is_empty() {
            self.out.push_str(" (");
            for (i, r) in o.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.generic_region(*r);
            }
            self.out.push(')');
        }
        if !o.attrs.is_empty() {
            self.out.push(' ');
            let _ = write_dict(&mut self.out, &o.attrs);
        }
        self.fn_type(&o.operands, &o.results);
    }

    /// Writes the label of a block, made up from its position when the input had none.
    fn label(&mut self, b: BlockId) {
        match &self.m.block(b).label {
            Some(l) => self.out.push_str(l),
            None => {
                let _ = write!(self.out, "^bb_{}", b.0);
            }
        }
    }

    /// Prints a region of an op in generic form: as `region` does, and an empty entry block
    /// with its label (`({\n^bb0:\n})`), as mlir-opt does, since `({\n})` is a region without
    /// blocks.
    fn generic_region(&mut self, r: RegionId) {
        self.region_with(r, true, None, true);
    }

    /// Prints `{ ... }`. `entry_header`: print the entry block's label and arguments (custom
    /// forms that declare them elsewhere pass false). `elide`: a terminator the custom form
    /// leaves out when it has no operands.
    pub(crate) fn region(&mut self, r: RegionId, entry_header: bool, elide: Option<&str>) {
        self.region_with(r, entry_header, elide, false);
    }

    /// `region`; `empty_entry_header`: also print the entry block's label when the block is
    /// empty (custom forms leave it out: their parsers make the block of an empty region).
    fn region_with(
        &mut self,
        r: RegionId,
        entry_header: bool,
        elide: Option<&str>,
        empty_entry_header: bool,
    ) {
        self.out.push_str("{\n");
        let m: &'a Module = self.m;
        let blocks = &m.region(r).blocks;
        let single = blocks.len() == 1;
        for (i, b) in blocks.iter().enumerate() {
            let data = m.block(*b);
            let show_header = i > 0
                || (entry_header
                    && (!data.args.is_empty() || data.label.is_some() && blocks.len() > 1))
                || (empty_entry_header && data.ops.is_empty());
            if show_header {
                for _ in 0..self.indent {
                    self.out.push_str("  ");
                }
                self.label(*b);
                if !data.args.is_empty() {
                    self.out.push('(');
                    self.typed_values(&data.args);
                    self.out.push(')');
                }
                self.out.push_str(":\n");
            }
            let mut ops: &[OpId] = &data.ops;
            if single && let (Some(name), Some((last, rest))) = (elide, ops.split_last()) {
                let l = m.op(*last);
                if &*l.name == name
                    && l.operands.is_empty()
                    && l.attrs.is_empty()
                    && l.regions.iter().all(|r| self.region_is_empty(*r))
                {
                    ops = rest;
                }
            }
            self.indent += 1;
            self.ops(ops);
            self.indent -= 1;
        }
        self.pad();
        self.out.push('}');
    }

    /// `%a: t, %b: u`
    pub(crate) fn typed_values(&mut self, vs: &[ValueId]) {
        for (j, a) in vs.iter().enumerate() {
            if j > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(self.v(*a));
            self.out.push_str(": ");
            self.value_type(*a);
        }
    }

    fn region_is_empty(&self, r: RegionId) -> bool {
        self.m
            .region(r)
            .blocks
            .iter()
            .all(|b| self.m.block(*b).ops.is_empty())
    }

    pub(crate) fn region_has_blocks(&self, r: RegionId) -> bool {
        !self.m.region(r).blocks.is_empty()
    }

    /// `[0, %i, 4]` from a static list and the dynamic operands that fill its `?` entries.
    pub(crate) fn mixed(
        &mut self,
        statics: &[i64],
        dynamics: &[ValueId],
        open: char,
        close: char,
    ) -> Option<()> {
        self.out.push(open);
        let mut next = 0;
        for (i, s) in statics.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if *s == DYNAMIC {
                let v = *dynamics.get(next)?;
                next += 1;
                self.out.push_str(self.v(v));
            } else {
                let _ = write!(self.out, "{s}");
            }
        }
        self.out.push(close);
        (next == dynamics.len()).then_some(())
    }

    pub(crate) fn dense(&self, op: OpId, name: &str) -> Option<Vec<i64>> {
        self.prop(op, name)?.as_dense_ints()
    }

    /// ` fastmath<...>` / ` overflow<...>`; `None` (the generic form) when a flag property
    /// is anything but `#arith.fastmath<...>` / `#arith.overflow<...>` (an alias, say), which
    /// the custom form could not show.
    pub(crate) fn flags(&mut self, op: OpId) -> Option<()> {
        for (key, kw) in [("fastmath", "fastmath"), ("overflowFlags", "overflow")] {
            let Some(a) = self.prop(op, key) else {
                continue;
            };
            let Attr::Opaque { text, ty: None } = a else {
                return None;
            };
            let inner = text
                .strip_prefix("#arith.")?
                .strip_prefix(kw)?
                .strip_prefix('<')?
                .strip_suffix('>')?;
            if inner != "none" && !inner.is_empty() {
                let _ = write!(self.out, " {kw}<{inner}>");
            }
        }
        Some(())
    }

    /// Prints the custom form; returns false where it cannot (the caller prints generic form).
    fn custom(&mut self, op: OpId) -> bool {
        self.try_custom(op).is_some()
    }

    fn try_custom(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (class, form) = *self
            .classes
            .entry(o.name.as_ptr())
            .or_insert_with(|| syntax_class(&o.name).and_then(|c| Some((c, form(c)?))))
            .as_ref()?;
        let name = &*o.name;
        // A custom form writes the name bare: one that is not an identifier (an unknown
        // `linalg.*` op read in generic form can have any name) needs the generic form.
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c))
        {
            return None;
        }
        let succ_ok = o.successors.is_empty()
            || matches!(class, OpClass::Br | OpClass::CondBr | OpClass::Switch);
        if !succ_ok {
            return None;
        }
        // A property its custom form does not show would be lost: such an op (mlir-opt
        // rejects most) keeps the generic form.
        let shown = form.shows;
        if o.props
            .iter()
            .any(|(k, _)| SYNTAX_PROPS.contains(&&**k) && !shown.contains(&&**k))
        {
            return None;
        }
        // `return` and `call` without their dialect only directly in a `func.func` body,
        // where func is the default dialect; nested in other ops MLIR needs the full name.
        let in_func_body = self
            .m
            .parent_op(op)
            .is_some_and(|p| &*self.m.op(p).name == "func.func");
        // Inside anything but a module, `module` would be read in the enclosing op's default
        // dialect (`func.module` in a function): there the name is written out.
        let in_module = self
            .m
            .parent_op(op)
            .is_none_or(|p| &*self.m.op(p).name == "builtin.module");
        let printed_name = match name {
            "func.return" if in_func_body => "return",
            "func.call" if in_func_body => "call",
            "func.call_indirect" if in_func_body => "call_indirect",
            "func.constant" if in_func_body => "constant",
            "builtin.module" if in_module => "module",
            other => other,
        };
        self.out.push_str(printed_name);
        (form.print)(self, op)?;
        Some(())
    }

    /// Whether all of `vs` are of type `index`.
    pub(crate) fn all_index(&self, vs: &[ValueId]) -> bool {
        vs.iter().all(|v| *self.m.value_type(*v) == Type::Index)
    }

    pub(crate) fn alignment_and_attrs(&mut self, op: OpId) {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let entries = o
            .props
            .iter()
            .filter(|(k, _)| &**k == "alignment")
            .chain(
                o.props
                    .iter()
                    .filter(|(k, _)| &**k != "alignment" && !SYNTAX_PROPS.contains(&&**k)),
            )
            .chain(o.attrs.iter());
        self.dict(" ", entries.map(|(k, v)| (&**k, v)));
    }

    pub(crate) fn fn_type(&mut self, inputs: &[ValueId], results: &[ValueId]) {
        self.out.push_str(" : (");
        self.types_of(inputs);
        self.out.push_str(") -> ");
        if results.len() == 1 && !matches!(self.m.value_type(results[0]), Type::Function { .. }) {
            self.types_of(results);
        } else {
            self.out.push('(');
            self.types_of(results);
            self.out.push(')');
        }
    }

    /// ` -> t`, or ` -> (t, u)` for several results, as mlir-opt prints the results of a
    /// linalg op; nothing without results.
    pub(crate) fn arrow_types(&mut self, results: &[ValueId]) {
        match results {
            [] => {}
            [r] if !matches!(self.m.value_type(*r), Type::Function { .. }) => {
                self.out.push_str(" -> ");
                self.value_type(*r);
            }
            _ => {
                self.out.push_str(" -> (");
                self.types_of(results);
                self.out.push(')');
            }
        }
    }

    pub(crate) fn result_list(&mut self, results: &[ValueId]) {
        if !results.is_empty() {
            self.out.push_str(" -> (");
            self.types_of(results);
            self.out.push(')');
        }
    }

    pub(crate) fn successor(&mut self, b: BlockId, args: &[ValueId]) {
        self.label(b);
        if !args.is_empty() {
            self.out.push('(');
            self.values(args);
            self.out.push_str(" : ");
            self.types_of(args);
            self.out.push(')');
        }
    }

    pub(crate) fn ins_outs(&mut self, [ins, outs]: [&[ValueId]; 2]) {
        if !ins.is_empty() {
            self.out.push_str(" ins(");
            self.values(ins);
            self.out.push_str(" : ");
            self.types_of(ins);
            self.out.push(')');
        }
        self.out.push_str(" outs(");
        self.values(outs);
        if !outs.is_empty() {
            self.out.push_str(" : ");
            self.types_of(outs);
        }
        self.out.push(')');
    }
}

//! Prints the IR as MLIR text: known ops in their custom form (as `mlir-opt` prints them),
//! any other op in generic form. Value and block names from the input are kept. This is the
//! only place that writes IR text.

use super::affine;
use super::ops::{
    ATOMIC_RMW_KINDS, ElementwiseTypes, OpClass, WINOGRAD_FMR, has_own_syntax, implies_results,
    lookup, minor_identity_map, predicate_name, syntax_class, transfer_ranks,
};
use super::types::DYNAMIC;
use super::types::{Attr, Type, parse_int, write_dict};
use super::{BlockId, Fork, Module, OpId, RegionId, TypeId, ValueId, group_name};
use rustc_hash::FxHashMap;
use smallvec::{SmallVec, smallvec};

/// Operand segment sizes (`operandSegmentSizes`).
type Segments = SmallVec<[usize; 4]>;
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

/// The properties of `SYNTAX_PROPS` that the custom form of an op of this class shows
/// through its syntax (the others of that list it would leave out).
fn shown_props(class: OpClass) -> &'static [&'static str] {
    use OpClass::*;
    match class {
        // These print every property but a few, each their own way.
        Module | Generic | Structured => SYNTAX_PROPS,
        FuncFunc => &[
            "sym_name",
            "sym_visibility",
            "function_type",
            "arg_attrs",
            "res_attrs",
        ],
        Call => &["callee"],
        Alloc | Parallel | BufferDealloc => &["operandSegmentSizes"],
        CastLike | ToTensor | ToBuffer => &[
            "restrict",
            "writable",
            "read_only",
            "fastmath",
            "overflowFlags",
        ],
        Subview | InsertSlice | ReinterpretCast => &[
            "operandSegmentSizes",
            "static_offsets",
            "static_sizes",
            "static_strides",
        ],
        Reshape => &["reassociation", "static_output_shape"],
        GetGlobal => &["name"],
        Global => &[
            "sym_name",
            "sym_visibility",
            "type",
            "initial_value",
            "constant",
        ],
        Transpose => &["permutation"],
        Constant => &["value"],
        Elementwise | Select => &["fastmath", "overflowFlags"],
        Cmp => &["predicate", "fastmath"],
        LinalgIndex | Concat => &["dim"],
        For => &["unsignedCmp"],
        Forall => &[
            "operandSegmentSizes",
            "staticLowerBound",
            "staticUpperBound",
            "staticStep",
        ],
        ExecuteRegion => &["no_inline"],
        IndexSwitch => &["cases"],
        CondBr => &["operandSegmentSizes", "branch_weights"],
        Assert => &["msg"],
        Pad => &["operandSegmentSizes", "static_low", "static_high", "nofold"],
        Terminator | CallIndirect | Dealloc | Rank | View | Load | Store | TensorInsert | Copy
        | Dim | ExtractMetadata | ExtractPointer | AllocaScope | Condition | If | While
        | Reduce | Br | TensorEmpty | FromElements => &[],
        // The properties these show through their syntax are not in `SYNTAX_PROPS`: their
        // printers leave them out of the dictionary themselves.
        TransferRead | TransferWrite | Pack => &["operandSegmentSizes"],
        VectorLoad | VectorStore | CreateMask | Softmax | Winograd => &[],
        // `map` is shown by the syntax; these arms hide it themselves.
        AffineApply | AffineLoad | AffineStore | AffineIf => &[],
        AffineFor => &["operandSegmentSizes"],
        // These show their own properties (`alignment`, `kind`, `isWrite`, ...), which are
        // not in `SYNTAX_PROPS`, and hide them with `attr_dict`'s `also_hide`.
        Realloc | AssumeAlignment | MemrefReshape | AtomicRmw | GenericAtomicRmw | AtomicYield
        | Prefetch | DmaStart | DmaWait => &[],
        Switch => &["operandSegmentSizes"],
        FuncConstant => &["value"],
        AllocTensor => &["operandSegmentSizes"],
        // `permutation` is shown by the syntax; the other arms hide what they show.
        VectorTranspose => &["permutation"],
        Reduction => &["fastmath"],
        ConstantMask | InsertStridedSlice | VectorExtract | VectorInsert => &[],
        AffineParallel | DelinearizeIndex => &[],
    }
}

/// `@name`, or `@"name"` where the name is not a bare identifier (as MLIR prints a symbol).
fn symbol(name: &str) -> String {
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

struct Printer<'a> {
    m: &'a Module,
    out: String,
    /// Pieces of the text before `out`, finished.
    done: Vec<String>,
    indent: usize,
    /// Each type's text, made the first time it is printed (most are printed many times).
    type_text: Vec<Option<Box<str>>>,
    /// The custom syntax class of each op name, by the name's address: ops of one kind share
    /// their name (`ir::OpName`), and matching a name against the op table is slow.
    classes: FxHashMap<*const u8, Option<OpClass>>,
    /// Runs the halves of one large block's ops side by side (see `ops`); taken when used:
    /// only one block is split.
    fork: Option<&'a dyn Fork>,
}

/// A block with at least this many ops is printed in two halves, side by side (see `ops`).
const SPLIT_OPS: usize = 20_000;

/// Property names a custom form shows through its own syntax (never in its attribute dict).
const SYNTAX_PROPS: &[&str] = &[
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

    fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn v(&self, v: ValueId) -> &'a str {
        let m: &'a Module = self.m;
        &m.value(v).name
    }

    fn values(&mut self, vs: &[ValueId]) {
        let m: &'a Module = self.m;
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&m.value(*v).name);
        }
    }

    /// `1, 2, 3`.
    fn ints(&mut self, xs: &[i64]) {
        for (i, x) in xs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let _ = write!(self.out, "{x}");
        }
    }

    fn types_of(&mut self, vs: &[ValueId]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value_type(*v);
        }
    }

    /// Writes an interned type.
    fn type_id(&mut self, t: TypeId) {
        let text = &mut self.type_text[t.index()];
        let text = text.get_or_insert_with(|| self.m.ty(t).to_string().into());
        self.out.push_str(text);
    }

    fn value_type(&mut self, v: ValueId) {
        self.type_id(self.m.value(v).ty);
    }

    fn result_type(&mut self, op: OpId, i: usize) {
        self.value_type(self.m.op(op).results[i]);
    }

    fn operand_type(&mut self, op: OpId, i: usize) {
        self.value_type(self.m.op(op).operands[i]);
    }

    /// ` {a = 1, ...}` with the op's attributes and the properties its syntax does not show.
    fn attr_dict(&mut self, op: OpId, also_hide: &[&str]) {
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
    fn dict<'e>(&mut self, lead: &str, entries: impl Iterator<Item = (&'e str, &'e Attr)>) {
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

    fn prop(&self, op: OpId, name: &str) -> Option<&'a Attr> {
        let m: &'a Module = self.m;
        m.op(op)
            .props
            .iter()
            .find(|(k, _)| &**k == name)
            .map(|(_, v)| v)
    }

    fn segments(&self, op: OpId) -> Option<Segments> {
        let v = self.prop(op, "operandSegmentSizes")?.as_dense_ints()?;
        let sizes: Segments = v.iter().map(|&x| usize::try_from(x).unwrap_or(0)).collect();
        (sizes.iter().sum::<usize>() == self.m.op(op).operands.len()).then_some(sizes)
    }

    fn op(&mut self, op: OpId) {
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
    fn region(&mut self, r: RegionId, entry_header: bool, elide: Option<&str>) {
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
    fn typed_values(&mut self, vs: &[ValueId]) {
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

    fn region_has_blocks(&self, r: RegionId) -> bool {
        !self.m.region(r).blocks.is_empty()
    }

    /// `[0, %i, 4]` from a static list and the dynamic operands that fill its `?` entries.
    fn mixed(
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

    fn dense(&self, op: OpId, name: &str) -> Option<Vec<i64>> {
        self.prop(op, name)?.as_dense_ints()
    }

    /// ` fastmath<...>` / ` overflow<...>`; `None` (the generic form) when a flag property
    /// is anything but `#arith.fastmath<...>` / `#arith.overflow<...>` (an alias, say), which
    /// the custom form could not show.
    fn flags(&mut self, op: OpId) -> Option<()> {
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
        let class = *self
            .classes
            .entry(o.name.as_ptr())
            .or_insert_with(|| syntax_class(&o.name))
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
        let n_ops = o.operands.len();
        let n_res = o.results.len();
        let succ_ok = o.successors.is_empty()
            || matches!(class, OpClass::Br | OpClass::CondBr | OpClass::Switch);
        if !succ_ok {
            return None;
        }
        // A property its custom form does not show would be lost: such an op (mlir-opt
        // rejects most) keeps the generic form.
        let shown = shown_props(class);
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
        match class {
            OpClass::Module => {
                if let Some(s) = self.m.sym_name(op) {
                    let _ = write!(self.out, " {}", symbol(&s));
                }
                // Every other property (`sym_visibility`) is an attribute to the custom form.
                let extra = o
                    .props
                    .iter()
                    .filter(|(k, _)| &**k != "sym_name")
                    .chain(o.attrs.iter());
                self.dict(" attributes ", extra.map(|(k, v)| (&**k, v)));
                self.out.push(' ');
                self.region(*o.regions.first()?, true, None);
            }
            OpClass::FuncFunc => self.func(op)?,
            OpClass::Terminator => {
                if !o.regions.is_empty() || n_res != 0 {
                    return None;
                }
                self.attr_dict(op, &[]);
                if n_ops > 0 {
                    self.out.push(' ');
                    self.values(&o.operands);
                    self.out.push_str(" : ");
                    self.types_of(&o.operands);
                }
            }
            OpClass::Call => {
                let callee @ Attr::SymbolRef(_) = self.prop(op, "callee")? else {
                    return None;
                };
                let _ = write!(self.out, " {callee}(");
                self.values(&o.operands);
                self.out.push(')');
                self.attr_dict(op, &[]);
                self.fn_type(&o.operands, &o.results);
            }
            OpClass::CallIndirect => {
                let (f, args) = o.operands.split_first()?;
                let _ = write!(self.out, " {}(", self.v(*f));
                self.values(args);
                self.out.push(')');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::Alloc => {
                let segs = self.segments(op).unwrap_or(smallvec![n_ops, 0]);
                if segs.len() != 2 || n_res != 1 {
                    return None;
                }
                self.out.push('(');
                self.values(&o.operands[..segs[0]]);
                self.out.push(')');
                if segs[1] > 0 {
                    self.out.push('[');
                    self.values(&o.operands[segs[0]..]);
                    self.out.push(']');
                }
                self.alignment_and_attrs(op);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::Dealloc | OpClass::Rank => {
                if n_ops != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::BufferDealloc => self.buffer_dealloc(op)?,
            OpClass::CastLike | OpClass::ToTensor | OpClass::ToBuffer => {
                if n_ops != 1 || n_res != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                for kw in ["restrict", "writable", "read_only"] {
                    if self.prop(op, kw).is_some() {
                        let _ = write!(self.out, " {kw}");
                    }
                }
                self.flags(op)?;
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::View => {
                if n_ops < 2 || n_res != 1 {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {}[{}][",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.values(&o.operands[2..]);
                self.out.push(']');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::Subview | OpClass::InsertSlice => {
                let insert = class == OpClass::InsertSlice;
                let segs = self.segments(op)?;
                let fixed = if insert { 2 } else { 1 };
                if segs.len() != fixed + 3 || n_res != 1 {
                    return None;
                }
                let so = self.dense(op, "static_offsets")?;
                let ss = self.dense(op, "static_sizes")?;
                let st = self.dense(op, "static_strides")?;
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                if insert {
                    let _ = write!(self.out, " into {}", self.v(o.operands[1]));
                }
                let a = fixed;
                let b = a + segs[fixed];
                let c = b + segs[fixed + 1];
                self.mixed(&so, &o.operands[a..b], '[', ']')?;
                self.out.push(' ');
                self.mixed(&ss, &o.operands[b..c], '[', ']')?;
                self.out.push(' ');
                self.mixed(&st, &o.operands[c..], '[', ']')?;
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(if insert { " into " } else { " to " });
                self.result_type(op, 0);
            }
            OpClass::Reshape => {
                if n_res != 1 || n_ops == 0 {
                    return None;
                }
                let re @ Attr::Array(_) = self.prop(op, "reassociation")? else {
                    return None;
                };
                let _ = write!(self.out, " {} {}", self.v(o.operands[0]), re);
                if name.ends_with("expand_shape") {
                    let shape = self.dense(op, "static_output_shape")?;
                    self.out.push_str(" output_shape ");
                    self.mixed(&shape, &o.operands[1..], '[', ']')?;
                } else if n_ops != 1 {
                    return None;
                }
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            OpClass::Load => {
                if n_ops == 0 || n_res != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}[", self.v(o.operands[0]));
                self.values(&o.operands[1..]);
                self.out.push(']');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::Store | OpClass::TensorInsert => {
                if n_ops < 2 {
                    return None;
                }
                let sep = if class == OpClass::Store {
                    ","
                } else {
                    " into"
                };
                let _ = write!(
                    self.out,
                    " {}{sep} {}[",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.values(&o.operands[2..]);
                self.out.push(']');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 1);
            }
            OpClass::Copy => {
                if n_ops != 2 {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {}, {}",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.operand_type(op, 1);
            }
            OpClass::Dim => {
                if n_ops != 2 {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {}, {}",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::GetGlobal => {
                let sym @ Attr::SymbolRef(_) = self.prop(op, "name")? else {
                    return None;
                };
                let _ = write!(self.out, " {sym}");
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::Global => {
                if let Some(v) = self.prop(op, "sym_visibility") {
                    let _ = write!(self.out, " {v}");
                }
                if self.prop(op, "constant").is_some() {
                    self.out.push_str(" constant");
                }
                let sym = self.m.sym_name(op)?;
                let Attr::Type(t) = self.prop(op, "type")? else {
                    return None;
                };
                let _ = write!(self.out, " {} : {t}", symbol(&sym));
                match self.prop(op, "initial_value") {
                    Some(Attr::Unit) => self.out.push_str(" = uninitialized"),
                    Some(init) => {
                        let init = match init {
                            Attr::Opaque { text, .. } => text.to_string(),
                            other => other.to_string(),
                        };
                        let _ = write!(self.out, " = {init}");
                    }
                    None => {}
                }
                self.alignment_and_attrs(op);
            }
            OpClass::ExtractMetadata | OpClass::ExtractPointer => {
                if n_ops != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" -> ");
                self.types_of(&o.results);
            }
            OpClass::Transpose => {
                let Attr::Opaque { text, .. } = self.prop(op, "permutation")? else {
                    return None;
                };
                let map = text
                    .strip_prefix("affine_map<")?
                    .strip_suffix('>')?
                    .to_string();
                let _ = write!(self.out, " {} {}", self.v(o.operands[0]), map);
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::ReinterpretCast => {
                let segs = self.segments(op)?;
                if segs.len() != 4 || n_res != 1 {
                    return None;
                }
                let so = self.dense(op, "static_offsets")?;
                let ss = self.dense(op, "static_sizes")?;
                let st = self.dense(op, "static_strides")?;
                let a = 1;
                let b = a + segs[1];
                let c = b + segs[2];
                let _ = write!(self.out, " {} to offset: ", self.v(o.operands[0]));
                self.mixed(&so, &o.operands[a..b], '[', ']')?;
                self.out.push_str(", sizes: ");
                self.mixed(&ss, &o.operands[b..c], '[', ']')?;
                self.out.push_str(", strides: ");
                self.mixed(&st, &o.operands[c..], '[', ']')?;
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::AllocaScope => {
                if n_res > 0 {
                    self.out.push_str(" -> (");
                    self.types_of(&o.results);
                    self.out.push(')');
                }
                self.out.push(' ');
                self.region(
                    *o.regions.first()?,
                    true,
                    Some("memref.alloca_scope.return"),
                );
                self.attr_dict(op, &[]);
            }
            OpClass::Constant => {
                let v = self.prop(op, "value")?;
                if n_res != 1 || !o.attrs.is_empty() {
                    return None;
                }
                match v {
                    Attr::Bool(b) => {
                        let _ = write!(self.out, " {b}");
                    }
                    Attr::Int { text, ty: Some(t) } if *t == Type::i(1) => {
                        match crate::ir::types::parse_int(text) {
                            Some(0) => self.out.push_str(" false"),
                            Some(_) => self.out.push_str(" true"),
                            None => return None,
                        }
                    }
                    Attr::Int { text, .. }
                    | Attr::Float { text, .. }
                    | Attr::Str { text, .. }
                    | Attr::Opaque { text, .. } => {
                        self.out.push(' ');
                        self.out.push_str(text);
                        self.out.push_str(" : ");
                        self.result_type(op, 0);
                    }
                    _ => return None,
                }
            }
            OpClass::Elementwise | OpClass::Select => {
                let types = lookup(name).map_or(ElementwiseTypes::Same, |d| d.elementwise_types);
                if n_res != 1 || n_ops == 0 || !self.elementwise_types_fit(op, class, types) {
                    return None;
                }
                self.out.push(' ');
                self.values(&o.operands);
                self.flags(op)?;
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                if class == OpClass::Select && *self.m.value_type(o.operands[0]) != Type::i(1) {
                    self.operand_type(op, 0);
                    self.out.push_str(", ");
                }
                match types {
                    ElementwiseTypes::Same => self.result_type(op, 0),
                    ElementwiseTypes::EachOperand => {
                        for i in 0..n_ops {
                            if i > 0 {
                                self.out.push_str(", ");
                            }
                            self.operand_type(op, i);
                        }
                    }
                    ElementwiseTypes::OperandToBool => self.operand_type(op, 0),
                }
            }
            OpClass::Cmp => {
                if n_ops != 2 {
                    return None;
                }
                let p = self.prop(op, "predicate")?.as_i64()?;
                let pname = predicate_name(name, p)?;
                let _ = write!(
                    self.out,
                    " {pname}, {}, {}",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.flags(op)?;
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::Condition => {
                let (c, rest) = o.operands.split_first()?;
                let _ = write!(self.out, "({})", self.v(*c));
                self.attr_dict(op, &[]);
                if !rest.is_empty() {
                    self.out.push(' ');
                    self.values(rest);
                    self.out.push_str(" : ");
                    self.types_of(rest);
                }
            }
            OpClass::LinalgIndex => {
                let d = self.prop(op, "dim")?.as_i64()?;
                let _ = write!(self.out, " {d}");
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::For => self.scf_for(op)?,
            OpClass::If => {
                if n_ops != 1 || o.regions.len() != 2 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                self.result_list(&o.results);
                let elide = if n_res == 0 { Some("scf.yield") } else { None };
                self.out.push(' ');
                self.region(o.regions[0], false, elide);
                if self.region_has_blocks(o.regions[1]) {
                    self.out.push_str(" else ");
                    self.region(o.regions[1], false, elide);
                }
                self.attr_dict(op, &[]);
            }
            OpClass::While => {
                if o.regions.len() != 2 {
                    return None;
                }
                let before = o.regions[0];
                let entry = *self.m.region(before).blocks.first()?;
                let args = &m.block(entry).args;
                if args.len() != n_ops {
                    return None;
                }
                self.out.push_str(" (");
                for (i, (a, init)) in args.iter().zip(&o.operands).enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let _ = write!(self.out, "{} = {}", self.v(*a), self.v(*init));
                }
                self.out.push(')');
                self.fn_type(&o.operands, &o.results);
                self.out.push(' ');
                self.region(before, false, None);
                self.out.push_str(" do ");
                self.region(o.regions[1], true, None);
                if !o.attrs.is_empty() {
                    self.out.push_str(" attributes ");
                    let _ = write_dict(&mut self.out, &o.attrs);
                }
            }
            OpClass::Parallel => {
                let segs = self.segments(op)?;
                if segs.len() != 4 || segs[0] != segs[1] || segs[1] != segs[2] {
                    return None;
                }
                let body = *o.regions.first()?;
                let entry = *self.m.region(body).blocks.first()?;
                let ivs = &m.block(entry).args;
                if ivs.len() != segs[0] {
                    return None;
                }
                let r = segs[0];
                self.out.push_str(" (");
                self.values(ivs);
                self.out.push_str(") = (");
                self.values(&o.operands[..r]);
                self.out.push_str(") to (");
                self.values(&o.operands[r..2 * r]);
                self.out.push_str(") step (");
                self.values(&o.operands[2 * r..3 * r]);
                self.out.push(')');
                if segs[3] > 0 {
                    self.out.push_str(" init (");
                    self.values(&o.operands[3 * r..]);
                    self.out.push(')');
                    // `-> f32`, but `-> (index, f32)`: several types need the parentheses.
                    if let [one] = o.results[..] {
                        self.out.push_str(" -> ");
                        self.value_type(one);
                    } else {
                        self.result_list(&o.results);
                    }
                }
                self.out.push(' ');
                self.region(body, false, Some("scf.reduce"));
                self.attr_dict(op, &[]);
            }
            OpClass::Forall => self.scf_forall(op)?,
            OpClass::ExecuteRegion => {
                self.result_list(&o.results);
                if self.prop(op, "no_inline").is_some() {
                    self.out.push_str(" no_inline");
                }
                self.out.push(' ');
                self.region(*o.regions.first()?, true, None);
                self.attr_dict(op, &[]);
            }
            OpClass::IndexSwitch => {
                let cases = self.dense(op, "cases")?;
                if cases.len() + 1 != o.regions.len() || n_ops != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                if n_res > 0 {
                    self.out.push_str(" -> ");
                    self.types_of(&o.results);
                }
                let elide = if n_res == 0 { Some("scf.yield") } else { None };
                for (c, r) in cases.iter().zip(&o.regions[1..]) {
                    self.out.push('\n');
                    self.pad();
                    let _ = write!(self.out, "case {c} ");
                    self.region(*r, false, elide);
                }
                self.out.push('\n');
                self.pad();
                self.out.push_str("default ");
                self.region(o.regions[0], false, elide);
                self.attr_dict(op, &[]);
            }
            OpClass::Reduce => {
                if !o.attrs.is_empty() {
                    return None;
                }
                if n_ops > 0 {
                    self.out.push('(');
                    self.values(&o.operands);
                    self.out.push_str(" : ");
                    self.types_of(&o.operands);
                    self.out.push(')');
                }
                for (i, r) in o.regions.iter().enumerate() {
                    self.out.push_str(if i == 0 { " " } else { ", " });
                    self.region(*r, true, None);
                }
            }
            OpClass::Br => {
                if o.successors.len() != 1 {
                    return None;
                }
                self.out.push(' ');
                self.successor(o.successors[0], &o.operands);
                self.attr_dict(op, &[]);
            }
            OpClass::CondBr => {
                let segs = self.segments(op)?;
                if o.successors.len() != 2 || segs.len() != 3 || segs[0] != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                if let Some(w) = self.dense(op, "branch_weights") {
                    let w: Vec<String> = w.iter().map(i64::to_string).collect();
                    let _ = write!(self.out, " weights([{}])", w.join(", "));
                }
                self.out.push_str(", ");
                self.successor(o.successors[0], &o.operands[1..1 + segs[1]]);
                self.out.push_str(", ");
                self.successor(o.successors[1], &o.operands[1 + segs[1]..]);
                self.attr_dict(op, &[]);
            }
            OpClass::Assert => {
                let msg @ Attr::Str { ty: None, .. } = self.prop(op, "msg")? else {
                    return None;
                };
                let _ = write!(self.out, " {}, {}", self.v(*o.operands.first()?), msg);
                self.attr_dict(op, &[]);
            }
            OpClass::Generic => {
                let segs = self.segments(op)?;
                if segs.len() != 2 {
                    return None;
                }
                let head = ["indexing_maps", "iterator_types", "doc", "library_call"]
                    .into_iter()
                    .filter_map(|key| {
                        let find = |list: &'a [(Box<str>, Attr)]| {
                            list.iter().find(|(k, _)| &**k == key).map(|(_, v)| v)
                        };
                        find(&o.props).or_else(|| find(&o.attrs)).map(|v| (key, v))
                    });
                let start = self.out.len();
                self.dict(" ", head);
                if self.out.len() == start {
                    self.out.push_str(" {}");
                }
                self.ins_outs(&o.operands, &segs);
                let extra = o.props.iter().chain(o.attrs.iter()).filter(|(k, _)| {
                    !matches!(
                        &**k,
                        "indexing_maps"
                            | "iterator_types"
                            | "doc"
                            | "library_call"
                            | "operandSegmentSizes"
                    )
                });
                self.dict(" attrs = ", extra.map(|(k, v)| (&**k, v)));
                self.out.push(' ');
                self.region(*o.regions.first()?, true, None);
                self.arrow_types(&o.results);
            }
            OpClass::Structured => self.structured(op)?,
            OpClass::TensorEmpty => {
                self.out.push('(');
                self.values(&o.operands);
                self.out.push(')');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::Pad => {
                let segs = self.segments(op)?;
                if segs.len() != 3 || segs[0] != 1 {
                    return None;
                }
                let lo = self.dense(op, "static_low")?;
                let hi = self.dense(op, "static_high")?;
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                if self.prop(op, "nofold").is_some() {
                    self.out.push_str(" nofold");
                }
                self.out.push_str(" low");
                self.mixed(&lo, &o.operands[1..1 + segs[1]], '[', ']')?;
                self.out.push_str(" high");
                self.mixed(&hi, &o.operands[1 + segs[1]..], '[', ']')?;
                self.out.push(' ');
                self.region(*o.regions.first()?, true, None);
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::Concat => {
                let d = self.prop(op, "dim")?.as_i64()?;
                let _ = write!(self.out, " dim({d}) ");
                self.values(&o.operands);
                self.attr_dict(op, &[]);
                self.fn_type(&o.operands, &o.results);
            }
            OpClass::FromElements => {
                self.out.push(' ');
                self.values(&o.operands);
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::Realloc
            | OpClass::AssumeAlignment
            | OpClass::MemrefReshape
            | OpClass::AtomicRmw
            | OpClass::GenericAtomicRmw
            | OpClass::AtomicYield
            | OpClass::Prefetch
            | OpClass::DmaStart
            | OpClass::DmaWait
            | OpClass::Switch
            | OpClass::FuncConstant => self.memref_extra(op, class)?,
            OpClass::AffineApply => self.affine_apply(op)?,
            OpClass::AffineLoad | OpClass::AffineStore => self.affine_access(op, class)?,
            OpClass::AffineFor => self.affine_for(op)?,
            OpClass::AffineIf => self.affine_if(op)?,
            OpClass::TransferRead | OpClass::TransferWrite => self.transfer(op, class)?,
            OpClass::VectorLoad | OpClass::VectorStore => self.vector_load(op, class)?,
            OpClass::CreateMask => {
                if n_res != 1 {
                    return None;
                }
                if n_ops > 0 {
                    self.out.push(' ');
                    self.values(&o.operands);
                }
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::Pack => self.pack(op)?,
            OpClass::AllocTensor => self.alloc_tensor(op)?,
            OpClass::AffineParallel => self.affine_parallel(op)?,
            OpClass::DelinearizeIndex => {
                let basis = self.dense(op, "static_basis")?;
                let (&v, dynamics) = o.operands.split_first()?;
                if n_res == 0 || !self.all_index(&o.operands) || !self.all_index(&o.results) {
                    return None;
                }
                let _ = write!(self.out, " {} into ", self.v(v));
                self.mixed(&basis, dynamics, '(', ')')?;
                self.attr_dict(op, &["static_basis"]);
                self.out.push_str(" : ");
                self.types_of(&o.results);
            }
            OpClass::ConstantMask
            | OpClass::VectorTranspose
            | OpClass::InsertStridedSlice
            | OpClass::VectorExtract
            | OpClass::VectorInsert
            | OpClass::Reduction => self.vector_on_vectors(op, class)?,
            OpClass::Softmax | OpClass::Winograd => self.keyed_linalg(op, class)?,
        }
        Some(())
    }

    /// The custom forms of `memref.realloc`, `assume_alignment`, `reshape`, the atomics,
    /// `prefetch` and the dma ops, `cf.switch` and `func.constant` (after the op name).
    fn memref_extra(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let (n_ops, n_res) = (o.operands.len(), o.results.len());
        if !o.regions.is_empty() && class != OpClass::GenericAtomicRmw {
            return None;
        }
        // mlir-opt prints these two with their attributes, but does not read them back.
        if matches!(class, OpClass::Prefetch | OpClass::DmaStart) && !o.attrs.is_empty() {
            return None;
        }
        match class {
            OpClass::Realloc => {
                if !matches!(n_ops, 1 | 2) || n_res != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                if n_ops == 2 {
                    let _ = write!(self.out, "({})", self.v(o.operands[1]));
                }
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::AssumeAlignment => {
                let Attr::Int {
                    text,
                    ty: Some(Type::Int { width: 32, .. }),
                } = self.prop(op, "alignment")?
                else {
                    return None;
                };
                if n_ops != 1 || n_res != 1 || m.value(o.results[0]).ty != m.value(o.operands[0]).ty
                {
                    return None;
                }
                let _ = write!(self.out, " {}, {text}", self.v(o.operands[0]));
                self.attr_dict(op, &["alignment"]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::MemrefReshape => {
                if n_ops != 2 || n_res != 1 {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {}({})",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.attr_dict(op, &[]);
                self.fn_type(&o.operands, &o.results);
            }
            OpClass::AtomicRmw => {
                let Attr::Int {
                    text,
                    ty: Some(Type::Int { width: 64, .. }),
                } = self.prop(op, "kind")?
                else {
                    return None;
                };
                let kind = usize::try_from(crate::ir::types::parse_int(text)?).ok()?;
                let kind = ATOMIC_RMW_KINDS.get(kind)?;
                if n_ops < 2 || n_res != 1 {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {kind} {}, {}[",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.values(&o.operands[2..]);
                self.out.push(']');
                self.attr_dict(op, &["kind"]);
                self.fn_type(&o.operands[..2], &o.results);
            }
            OpClass::GenericAtomicRmw => {
                let [region] = o.regions[..] else {
                    return None;
                };
                let elem = m
                    .value_type(o.operands.first().copied()?)
                    .as_memref()?
                    .elem
                    .clone();
                if n_res != 1 || *m.value_type(o.results[0]) != elem {
                    return None;
                }
                let _ = write!(self.out, " {}[", self.v(o.operands[0]));
                self.values(&o.operands[1..]);
                self.out.push_str("] : ");
                self.operand_type(op, 0);
                self.out.push(' ');
                self.region(region, true, None);
                self.attr_dict(op, &[]);
            }
            OpClass::AtomicYield => {
                if n_ops != 1 || n_res != 0 {
                    return None;
                }
                let _ = write!(self.out, " {}", self.v(o.operands[0]));
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::Prefetch => {
                let (Attr::Bool(write), Attr::Bool(data)) =
                    (self.prop(op, "isWrite")?, self.prop(op, "isDataCache")?)
                else {
                    return None;
                };
                let Attr::Int {
                    text: hint,
                    ty: Some(Type::Int { width: 32, .. }),
                } = self.prop(op, "localityHint")?
                else {
                    return None;
                };
                if n_ops == 0 || n_res != 0 {
                    return None;
                }
                let _ = write!(self.out, " {}[", self.v(o.operands[0]));
                self.values(&o.operands[1..]);
                let _ = write!(
                    self.out,
                    "], {}, locality<{hint}>, {}",
                    if *write { "write" } else { "read" },
                    if *data { "data" } else { "instr" }
                );
                self.attr_dict(op, &["isWrite", "localityHint", "isDataCache"]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::DmaStart => {
                // Where each memref stands follows from the ranks before it.
                let rank = |i: usize| -> Option<usize> {
                    m.value_type(*o.operands.get(i)?)
                        .as_memref()?
                        .shape
                        .as_ref()
                        .map(Vec::len)
                };
                let src = 0;
                let dst = src + 1 + rank(src)?;
                let num = dst + 1 + rank(dst)?;
                let tag = num + 1;
                let end = tag + 1 + rank(tag)?;
                if n_res != 0 || !(n_ops == end || n_ops == end + 2) {
                    return None;
                }
                for (i, at) in [src, dst].into_iter().enumerate() {
                    let _ = write!(
                        self.out,
                        "{} {}[",
                        if i > 0 { "," } else { "" },
                        self.v(o.operands[at])
                    );
                    self.values(&o.operands[at + 1..at + 1 + rank(at)?]);
                    self.out.push(']');
                }
                let _ = write!(
                    self.out,
                    ", {}, {}[",
                    self.v(o.operands[num]),
                    self.v(o.operands[tag])
                );
                self.values(&o.operands[tag + 1..end]);
                self.out.push(']');
                if n_ops > end {
                    self.out.push_str(", ");
                    self.values(&o.operands[end..]);
                }
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.types_of(&[o.operands[src], o.operands[dst], o.operands[tag]]);
            }
            OpClass::DmaWait => {
                let rank = m
                    .value_type(o.operands.first().copied()?)
                    .as_memref()?
                    .shape
                    .as_ref()?
                    .len();
                if n_ops != rank + 2 || n_res != 0 {
                    return None;
                }
                let _ = write!(self.out, " {}[", self.v(o.operands[0]));
                self.values(&o.operands[1..=rank]);
                let _ = write!(self.out, "], {}", self.v(o.operands[rank + 1]));
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
            }
            OpClass::Switch => self.switch(op)?,
            OpClass::FuncConstant => {
                let Attr::SymbolRef(parts) = self.prop(op, "value")? else {
                    return None;
                };
                if parts.len() != 1 || n_ops != 0 || n_res != 1 {
                    return None;
                }
                self.attr_dict(op, &[]);
                let _ = write!(self.out, " {} : ", parts[0]);
                self.result_type(op, 0);
            }
            _ => return None,
        }
        Some(())
    }

    /// `cf.switch %flag : i32, [` then `default: ^bb1(..)` and `42: ^bb2(..)`, one a line,
    /// as mlir-opt breaks them. A case value is printed as its bits read unsigned, as
    /// mlir-opt prints it; where mlir-opt could not read that back (a negative value of an
    /// `i64` or wider flag), the generic form is kept.
    fn switch(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let segs = self.segments(op)?;
        let [1, nd, _] = segs[..] else {
            return None;
        };
        let (default, cases) = o.successors.split_first()?;
        let counts = self.dense(op, "case_operand_segments")?;
        let Type::Int { width, .. } = *m.value_type(o.operands[0]) else {
            return None;
        };
        let values = match self.prop(op, "case_values") {
            Some(a) => switch_values(a, cases.len())?,
            None if cases.is_empty() => Vec::new(),
            None => return None,
        };
        if counts.len() != cases.len()
            || counts.iter().any(|c| *c < 0)
            || counts.iter().sum::<i64>() as usize + nd + 1 != o.operands.len()
            || !o.results.is_empty()
        {
            return None;
        }
        let shown: Vec<u64> = values
            .iter()
            .map(|&v| match width {
                0..64 => Some(v as u64 & ((1u64 << width) - 1)),
                _ => u64::try_from(v).ok(),
            })
            .collect::<Option<_>>()?;
        let pad = "  ".repeat(self.indent);
        let _ = write!(self.out, " {} : ", self.v(o.operands[0]));
        self.operand_type(op, 0);
        let _ = write!(self.out, ", [\n{pad}  default: ");
        self.successor(*default, &o.operands[1..1 + nd]);
        let mut at = 1 + nd;
        for ((b, value), count) in cases.iter().zip(&shown).zip(&counts) {
            let _ = write!(self.out, ",\n{pad}  {value}: ");
            let count = *count as usize;
            self.successor(*b, &o.operands[at..at + count]);
            at += count;
        }
        if self.prop(op, "case_values").is_some() {
            let _ = write!(self.out, "\n{pad}");
        }
        self.out.push(']');
        self.attr_dict(op, &["case_values", "case_operand_segments"]);
        Some(())
    }

    /// The affine map of property `name`, inline or through an alias.
    fn affine_map(&self, op: OpId, name: &str) -> Option<affine::Map> {
        let m: &'a Module = self.m;
        let mut a = self.prop(op, name)?;
        if let Attr::Alias(alias) = a {
            a = &m.attr_aliases.iter().find(|(n, _)| n == alias)?.1;
        }
        let Attr::Opaque { text, ty: None } = a else {
            return None;
        };
        let map = affine::parse_map(text).ok()?;
        map.well_formed().then_some(map)
    }

    /// Whether all of `vs` are of type `index`.
    fn all_index(&self, vs: &[ValueId]) -> bool {
        vs.iter().all(|v| *self.m.value_type(*v) == Type::Index)
    }

    /// ` #map(%a)[%b]` after `affine.apply` / `affine.min` / `affine.max`.
    fn affine_apply(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let map = self.affine_map(op, "map")?;
        let dims = map.dims as usize;
        if o.operands.len() != dims + map.syms as usize
            || o.results.len() != 1
            || !self.all_index(&o.operands)
            || !self.all_index(&o.results)
        {
            return None;
        }
        let _ = write!(self.out, " {}(", self.prop(op, "map")?);
        self.values(&o.operands[..dims]);
        self.out.push(')');
        if map.syms > 0 {
            self.out.push('[');
            self.values(&o.operands[dims..]);
            self.out.push(']');
        }
        self.attr_dict(op, &["map"]);
        Some(())
    }

    /// A bound of `affine.for`: a constant, a lone symbol, or (`kw`, for a map of several
    /// results) the map and its operands.
    fn affine_bound(
        &mut self,
        map_prop: &str,
        op: OpId,
        operands: &[ValueId],
        kw: &str,
    ) -> Option<()> {
        let map = self.affine_map(op, map_prop)?;
        if operands.len() != (map.dims + map.syms) as usize || !self.all_index(operands) {
            return None;
        }
        if let [e] = &map.results[..] {
            match (map.dims, map.syms, e) {
                (0, 0, affine::Expr::Const(c)) => {
                    let _ = write!(self.out, "{c}");
                    return Some(());
                }
                (0, 1, affine::Expr::Sym(0)) => {
                    self.out.push_str(self.v(operands[0]));
                    return Some(());
                }
                _ => {}
            }
        } else {
            let _ = write!(self.out, "{kw} ");
        }
        let _ = write!(self.out, "{}(", self.prop(op, map_prop)?);
        let dims = map.dims as usize;
        self.values(&operands[..dims]);
        self.out.push(')');
        if map.syms > 0 {
            self.out.push('[');
            self.values(&operands[dims..]);
            self.out.push(']');
        }
        Some(())
    }

    /// ` %i = lb to ub step c iter_args(...) -> (types) { ... }` after `affine.for`.
    fn affine_for(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let segs = self.segments(op)?;
        let [lbs, ubs, inits] = segs[..] else {
            return None;
        };
        let Some(Attr::Int {
            text,
            ty: Some(Type::Index),
        }) = self.prop(op, "step")
        else {
            return None;
        };
        let step: i64 = text.parse().ok().filter(|s| *s > 0)?;
        if o.regions.len() != 1 || o.results.len() != inits {
            return None;
        }
        let body = o.regions[0];
        let entry = *m.region(body).blocks.first()?;
        let args = &m.block(entry).args;
        if args.len() != inits + 1 || *m.value_type(args[0]) != Type::Index {
            return None;
        }
        let _ = write!(self.out, " {} = ", self.v(args[0]));
        self.affine_bound("lowerBoundMap", op, &o.operands[..lbs], "max")?;
        self.out.push_str(" to ");
        self.affine_bound("upperBoundMap", op, &o.operands[lbs..lbs + ubs], "min")?;
        if step != 1 {
            let _ = write!(self.out, " step {step}");
        }
        if inits > 0 {
            self.out.push_str(" iter_args(");
            for (i, (a, init)) in args[1..].iter().zip(&o.operands[lbs + ubs..]).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{} = {}", self.v(*a), self.v(*init));
            }
            self.out.push_str(") -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        let elide = if inits == 0 {
            Some("affine.yield")
        } else {
            None
        };
        self.region(body, false, elide);
        self.attr_dict(op, &["lowerBoundMap", "upperBoundMap", "step"]);
        Some(())
    }

    /// ` (%i, ...) = (lbs) to (ubs) step (..) reduce (..) -> (types) { ... }` after
    /// `affine.parallel`; `step` is left out when every step is 1.
    fn affine_parallel(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let ints = |a: &Attr| -> Option<Vec<i64>> {
            let Attr::Array(items) = a else {
                return None;
            };
            items
                .iter()
                .map(|i| match i {
                    Attr::Int { text, ty: None } => parse_int(text),
                    _ => None,
                })
                .collect()
        };
        let steps = ints(self.prop(op, "steps")?)?;
        let reductions = ints(self.prop(op, "reductions")?)?;
        let lb_map = self.affine_map(op, "lowerBoundsMap")?;
        let ub_map = self.affine_map(op, "upperBoundsMap")?;
        let lb_groups = self.prop(op, "lowerBoundsGroups")?.as_dense_elements()?;
        let ub_groups = self.prop(op, "upperBoundsGroups")?.as_dense_elements()?;
        let n_lb = (lb_map.dims + lb_map.syms) as usize;
        if o.regions.len() != 1
            || o.operands.len() != n_lb + (ub_map.dims + ub_map.syms) as usize
            || !self.all_index(&o.operands)
            || reductions.len() != o.results.len()
            || steps.iter().any(|&s| s <= 0)
        {
            return None;
        }
        let body = o.regions[0];
        let entry = *m.region(body).blocks.first()?;
        let ivs = &m.block(entry).args;
        let n = ivs.len();
        if steps.len() != n || lb_groups.len() != n || ub_groups.len() != n || !self.all_index(ivs)
        {
            return None;
        }
        let groups = |g: Vec<i64>| -> Option<Vec<u32>> {
            g.into_iter().map(|x| u32::try_from(x).ok()).collect()
        };
        let names =
            |vs: &[ValueId]| -> Vec<&'a str> { vs.iter().map(|&v| &*m.value(v).name).collect() };
        let lbs =
            lb_map.write_ssa_bounds(&names(&o.operands[..n_lb]), &groups(lb_groups)?, "max")?;
        let ubs =
            ub_map.write_ssa_bounds(&names(&o.operands[n_lb..]), &groups(ub_groups)?, "min")?;
        let kinds: Vec<&str> = reductions
            .iter()
            .map(|&k| {
                usize::try_from(k)
                    .ok()
                    .and_then(|k| ATOMIC_RMW_KINDS.get(k).copied())
            })
            .collect::<Option<_>>()?;
        self.out.push_str(" (");
        self.values(ivs);
        let _ = write!(self.out, ") = ({lbs}) to ({ubs})");
        if steps.iter().any(|&s| s != 1) {
            self.out.push_str(" step (");
            self.ints(&steps);
            self.out.push(')');
        }
        if !kinds.is_empty() {
            let quoted: Vec<String> = kinds.iter().map(|k| format!("\"{k}\"")).collect();
            let _ = write!(self.out, " reduce ({})", quoted.join(", "));
        }
        if !o.results.is_empty() {
            self.out.push_str(" -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        let elide = o.results.is_empty().then_some("affine.yield");
        self.region(body, false, elide);
        self.attr_dict(
            op,
            &[
                "lowerBoundsMap",
                "lowerBoundsGroups",
                "upperBoundsMap",
                "upperBoundsGroups",
                "steps",
                "reductions",
            ],
        );
        Some(())
    }

    /// ` #set(%i)[%n] -> type { ... } else { ... }` after `affine.if`.
    fn affine_if(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let mut a = self.prop(op, "condition")?;
        if let Attr::Alias(alias) = a {
            a = &m.attr_aliases.iter().find(|(n, _)| n == alias)?.1;
        }
        let Attr::Opaque { text, ty: None } = a else {
            return None;
        };
        let set = affine::parse_set(text).ok()?;
        let dims = set.dims as usize;
        if o.operands.len() != dims + set.syms as usize
            || !self.all_index(&o.operands)
            || o.regions.len() != 2
        {
            return None;
        }
        let _ = write!(self.out, " {}(", self.prop(op, "condition")?);
        self.values(&o.operands[..dims]);
        self.out.push(')');
        if set.syms > 0 {
            self.out.push('[');
            self.values(&o.operands[dims..]);
            self.out.push(']');
        }
        match &o.results[..] {
            [] => {}
            [r] if !matches!(m.value_type(*r), Type::Function { .. }) => {
                self.out.push_str(" -> ");
                self.value_type(*r);
            }
            rs => {
                self.out.push_str(" -> (");
                self.types_of(rs);
                self.out.push(')');
            }
        }
        let elide = if o.results.is_empty() {
            Some("affine.yield")
        } else {
            None
        };
        self.out.push(' ');
        self.region(o.regions[0], false, elide);
        if self.region_has_blocks(o.regions[1]) {
            self.out.push_str(" else ");
            self.region(o.regions[1], false, elide);
        }
        self.attr_dict(op, &["condition"]);
        Some(())
    }

    /// ` %m[%i + 1] : type` after `affine.load`, ` %v, %m[...] : type` after `affine.store`.
    fn affine_access(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let memref = usize::from(class == OpClass::AffineStore);
        let results = usize::from(class == OpClass::AffineLoad);
        let map = self.affine_map(op, "map")?;
        let indices = o.operands.get(memref + 1..)?;
        if o.results.len() != results
            || !self.all_index(indices)
            || !matches!(m.value_type(o.operands[memref]), Type::MemRef(_))
        {
            return None;
        }
        let names: Vec<&str> = indices.iter().map(|v| self.v(*v)).collect();
        let subscripts = map.write_ssa(&names)?;
        self.out.push(' ');
        if memref == 1 {
            let _ = write!(self.out, "{}, ", self.v(o.operands[0]));
        }
        let _ = write!(self.out, "{}[{subscripts}]", self.v(o.operands[memref]));
        self.attr_dict(op, &["map"]);
        self.out.push_str(" : ");
        self.operand_type(op, memref);
        Some(())
    }

    fn alignment_and_attrs(&mut self, op: OpId) {
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

    fn fn_type(&mut self, inputs: &[ValueId], results: &[ValueId]) {
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
    fn arrow_types(&mut self, results: &[ValueId]) {
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

    fn result_list(&mut self, results: &[ValueId]) {
        if !results.is_empty() {
            self.out.push_str(" -> (");
            self.types_of(results);
            self.out.push(')');
        }
    }

    fn successor(&mut self, b: BlockId, args: &[ValueId]) {
        self.label(b);
        if !args.is_empty() {
            self.out.push('(');
            self.values(args);
            self.out.push_str(" : ");
            self.types_of(args);
            self.out.push(')');
        }
    }

    fn ins_outs(&mut self, operands: &[ValueId], segs: &[usize]) {
        let (ins, outs) = operands.split_at(segs[0]);
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

    fn func(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let Attr::Type(Type::Function { inputs, results }) = self.prop(op, "function_type")? else {
            return None;
        };
        if let Some(v) = self.prop(op, "sym_visibility").and_then(Attr::as_str) {
            let _ = write!(self.out, " {v}");
        }
        let sym = self.m.sym_name(op)?;
        let _ = write!(self.out, " {}(", symbol(&sym));
        let arg_attrs: &[Attr] = match self.prop(op, "arg_attrs") {
            Some(Attr::Array(a)) => a,
            _ => &[],
        };
        let res_attrs: &[Attr] = match self.prop(op, "res_attrs") {
            Some(Attr::Array(a)) => a,
            _ => &[],
        };
        let region = *o.regions.first()?;
        let entry = m.region(region).blocks.first().copied();
        let args = entry.map(|b| &m.block(b).args);
        if let Some(args) = &args
            && args.len() != inputs.len()
        {
            return None;
        }
        for (i, t) in inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if let Some(args) = &args {
                let _ = write!(self.out, "{}: ", self.v(args[i]));
            }
            let _ = write!(self.out, "{t}");
            if let Some(Attr::Dict(d)) = arg_attrs.get(i)
                && !d.is_empty()
            {
                self.out.push(' ');
                let _ = write_dict(&mut self.out, d);
            }
        }
        self.out.push(')');
        let any_res_attr = res_attrs
            .iter()
            .any(|a| matches!(a, Attr::Dict(d) if !d.is_empty()));
        if !results.is_empty() {
            self.out.push_str(" -> ");
            if results.len() == 1 && !any_res_attr && !matches!(results[0], Type::Function { .. }) {
                let _ = write!(self.out, "{}", results[0]);
            } else {
                self.out.push('(');
                for (i, t) in results.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let _ = write!(self.out, "{t}");
                    if let Some(Attr::Dict(d)) = res_attrs.get(i)
                        && !d.is_empty()
                    {
                        self.out.push(' ');
                        let _ = write_dict(&mut self.out, d);
                    }
                }
                self.out.push(')');
            }
        }
        let extra = o
            .props
            .iter()
            .filter(|(k, _)| !SYNTAX_PROPS.contains(&&**k))
            .chain(o.attrs.iter());
        self.dict(" attributes ", extra.map(|(k, v)| (&**k, v)));
        if entry.is_some() {
            self.out.push(' ');
            self.region(region, false, None);
        }
        Some(())
    }

    /// ` (%a : T) if (%c) retain (%x : U)`, each part only when it has operands. `None` where
    /// the custom form would lose something: conditions without memrefs (it shows them only
    /// after the memrefs), or a condition or result that is not `i1`, or a result count other
    /// than the number of retained memrefs (it states none of their types).
    fn buffer_dealloc(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let segs = match self.segments(op) {
            Some(segs) => segs,
            None if o.operands.is_empty() && self.prop(op, "operandSegmentSizes").is_none() => {
                smallvec![0, 0, 0]
            }
            None => return None,
        };
        let &[n_memrefs, n_conditions, n_retained] = segs.as_slice() else {
            return None;
        };
        let (memrefs, rest) = o.operands.split_at(n_memrefs);
        let (conditions, retained) = rest.split_at(n_conditions);
        let i1 = |v: &ValueId| *m.value_type(*v) == Type::i(1);
        if n_memrefs == 0 && n_conditions > 0
            || o.results.len() != n_retained
            || !conditions.iter().all(i1)
            || !o.results.iter().all(i1)
        {
            return None;
        }
        if n_memrefs > 0 {
            self.out.push_str(" (");
            self.values(memrefs);
            self.out.push_str(" : ");
            self.types_of(memrefs);
            self.out.push_str(") if (");
            self.values(conditions);
            self.out.push(')');
        }
        if n_retained > 0 {
            self.out.push_str(" retain (");
            self.values(retained);
            self.out.push_str(" : ");
            self.types_of(retained);
            self.out.push(')');
        }
        self.attr_dict(op, &[]);
        Some(())
    }

    fn scf_for(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.operands.len() < 3 || o.regions.len() != 1 {
            return None;
        }
        let body = o.regions[0];
        let entry = *m.region(body).blocks.first()?;
        let args = &m.block(entry).args;
        let iters = o.operands.len() - 3;
        if args.len() != iters + 1 || o.results.len() != iters {
            return None;
        }
        if self.prop(op, "unsignedCmp").is_some() {
            self.out.push_str(" unsigned");
        }
        for (text, v) in [
            (" ", args[0]),
            (" = ", o.operands[0]),
            (" to ", o.operands[1]),
            (" step ", o.operands[2]),
        ] {
            self.out.push_str(text);
            self.out.push_str(self.v(v));
        }
        if iters > 0 {
            self.out.push_str(" iter_args(");
            for (i, (a, init)) in args[1..].iter().zip(&o.operands[3..]).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{} = {}", self.v(*a), self.v(*init));
            }
            self.out.push_str(") -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        if *m.value_type(args[0]) != Type::Index {
            self.out.push_str(" : ");
            self.value_type(args[0]);
        }
        self.out.push(' ');
        let elide = if iters == 0 { Some("scf.yield") } else { None };
        self.region(body, false, elide);
        self.attr_dict(op, &[]);
        Some(())
    }

    fn scf_forall(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let segs = self.segments(op)?;
        if segs.len() != 4 {
            return None;
        }
        let lb = self.dense(op, "staticLowerBound")?;
        let ub = self.dense(op, "staticUpperBound")?;
        let st = self.dense(op, "staticStep")?;
        let body = *o.regions.first()?;
        let entry = *self.m.region(body).blocks.first()?;
        let args = &m.block(entry).args;
        let rank = ub.len();
        if args.len() != rank + segs[3] {
            return None;
        }
        self.out.push_str(" (");
        self.values(&args[..rank]);
        self.out.push(')');
        let a = segs[0];
        let b = a + segs[1];
        let c = b + segs[2];
        if segs[0] == 0 && segs[2] == 0 && lb.iter().all(|x| *x == 0) && st.iter().all(|x| *x == 1)
        {
            self.out.push_str(" in ");
            self.mixed(&ub, &o.operands[a..b], '(', ')')?;
        } else {
            self.out.push_str(" = ");
            self.mixed(&lb, &o.operands[..a], '(', ')')?;
            self.out.push_str(" to ");
            self.mixed(&ub, &o.operands[a..b], '(', ')')?;
            self.out.push_str(" step ");
            self.mixed(&st, &o.operands[b..c], '(', ')')?;
        }
        if segs[3] > 0 {
            self.out.push_str(" shared_outs(");
            for (i, (arg, init)) in args[rank..].iter().zip(&o.operands[c..]).enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let _ = write!(self.out, "{} = {}", self.v(*arg), self.v(*init));
            }
            self.out.push_str(") -> (");
            self.types_of(&o.results);
            self.out.push(')');
        }
        self.out.push(' ');
        self.region(body, false, Some("scf.forall.in_parallel"));
        self.attr_dict(op, &[]);
        Some(())
    }

    fn structured(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let explicit_body = matches!(&*o.name, "linalg.map" | "linalg.reduce");
        if has_own_syntax(&o.name) {
            return None;
        }
        // Without operand segments, `ins(...) outs(...)` is written only for `linalg.map`
        // and `linalg.reduce` (read without operands); for another op (one bufreuse does not
        // know, read in generic form) it could not tell inputs from inits.
        let segs = match self.segments(op) {
            Some(segs) => segs,
            None if explicit_body => smallvec![0, o.operands.len()],
            None => return None,
        };
        if segs.len() != 2 {
            return None;
        }
        let head = o.props.iter().filter(|(k, _)| {
            !matches!(
                &**k,
                "operandSegmentSizes" | "indexing_maps" | "permutation" | "dimensions"
            )
        });
        // After `linalg.map` / `linalg.reduce`, `{` starts the short form of the body
        // (`{ arith.addf }`), so a dictionary there would be misread.
        if explicit_body && head.clone().next().is_some() {
            return None;
        }
        self.dict(" ", head.map(|(k, v)| (&**k, v)));
        if let Some(maps) = self.prop(op, "indexing_maps") {
            let _ = write!(self.out, " indexing_maps = {maps}");
        }
        self.ins_outs(&o.operands, &segs);
        for key in ["permutation", "dimensions"] {
            if let Some(v) = self.dense(op, key) {
                let v: Vec<String> = v.iter().map(i64::to_string).collect();
                let _ = write!(self.out, " {key} = [{}]", v.join(", "));
            }
        }
        if explicit_body {
            let body = *o.regions.first()?;
            let entry = *self.m.region(body).blocks.first()?;
            if self.m.region(body).blocks.len() != 1 {
                return None;
            }
            self.out.push_str(" (");
            self.typed_values(&m.block(entry).args);
            self.out.push_str(") ");
            self.region(body, false, None);
        }
        if !o.attrs.is_empty() {
            self.out.push(' ');
            let _ = write_dict(&mut self.out, &o.attrs);
        }
        if implies_results(&o.name) {
            // Types are interned: equal types have equal ids.
            let implied = o.operands[segs[0]..]
                .iter()
                .map(|v| m.value(*v).ty)
                .filter(|t| matches!(m.ty(*t), Type::Tensor { .. }));
            if !implied.eq(o.results.iter().map(|v| m.value(*v).ty)) {
                return None;
            }
        } else {
            self.arrow_types(&o.results);
        }
        Some(())
    }

    /// `bufferization.alloc_tensor(%d, ...) copy(%t)? size_hint=%h? {...} : T`.
    fn alloc_tensor(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let segs = self.segments(op)?;
        if segs.len() != 3 || segs[1] > 1 || segs[2] > 1 || o.results.len() != 1 {
            return None;
        }
        let (sizes, rest) = o.operands.split_at(segs[0]);
        let (copy, hint) = rest.split_at(segs[1]);
        if copy
            .iter()
            .any(|&c| m.value(c).ty != m.value(o.results[0]).ty)
        {
            return None;
        }
        self.out.push('(');
        self.values(sizes);
        self.out.push(')');
        if let Some(&c) = copy.first() {
            let _ = write!(self.out, " copy({})", self.v(c));
        }
        if let Some(&h) = hint.first() {
            let _ = write!(self.out, " size_hint={}", self.v(h));
        }
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The vector ops on vectors: `vector.constant_mask [3, 2] : V`, `vector.transpose %v,
    /// [1, 0] : V to W`, `vector.insert_strided_slice %a, %b {...} : V into W`,
    /// `vector.extract %v[1, %i] : E from V`, `vector.insert %e, %v [1, %i] : E into V` and
    /// `vector.reduction <add>, %v (, %acc)? : V into E`.
    fn vector_on_vectors(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.results.len() != 1 {
            return None;
        }
        let ty = |v: ValueId| m.value(v).ty;
        let result = ty(o.results[0]);
        match class {
            OpClass::ConstantMask => {
                let sizes = self.dense(op, "mask_dim_sizes")?;
                if !o.operands.is_empty() {
                    return None;
                }
                self.out.push_str(" [");
                self.ints(&sizes);
                self.out.push(']');
                self.attr_dict(op, &["mask_dim_sizes"]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
            }
            OpClass::VectorTranspose => {
                let perm = self.dense(op, "permutation")?;
                if o.operands.len() != 1 {
                    return None;
                }
                let _ = write!(self.out, " {}, [", self.v(o.operands[0]));
                self.ints(&perm);
                self.out.push(']');
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" to ");
                self.result_type(op, 0);
            }
            OpClass::InsertStridedSlice => {
                if o.operands.len() != 2 || ty(o.operands[1]) != result {
                    return None;
                }
                self.out.push(' ');
                self.values(&o.operands);
                self.attr_dict(op, &[]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            OpClass::VectorExtract => {
                let position = self.dense(op, "static_position")?;
                let (&v, dynamics) = o.operands.split_first()?;
                let _ = write!(self.out, " {}", self.v(v));
                self.mixed(&position, dynamics, '[', ']')?;
                self.attr_dict(op, &["static_position"]);
                self.out.push_str(" : ");
                self.result_type(op, 0);
                self.out.push_str(" from ");
                self.operand_type(op, 0);
            }
            OpClass::VectorInsert => {
                let position = self.dense(op, "static_position")?;
                if o.operands.len() < 2 || ty(o.operands[1]) != result {
                    return None;
                }
                let _ = write!(
                    self.out,
                    " {}, {} ",
                    self.v(o.operands[0]),
                    self.v(o.operands[1])
                );
                self.mixed(&position, &o.operands[2..], '[', ']')?;
                self.attr_dict(op, &["static_position"]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            OpClass::Reduction => {
                let Some(Attr::Opaque { text, ty: None }) = self.prop(op, "kind") else {
                    return None;
                };
                let kind = text.strip_prefix("#vector.kind<")?.strip_suffix('>')?;
                let acc_fits = o.operands.get(1).is_none_or(|&a| ty(a) == result);
                if !(1..=2).contains(&o.operands.len()) || !acc_fits {
                    return None;
                }
                let _ = write!(self.out, " <{kind}>, ");
                self.values(&o.operands);
                self.flags(op)?;
                self.attr_dict(op, &["kind"]);
                self.out.push_str(" : ");
                self.operand_type(op, 0);
                self.out.push_str(" into ");
                self.result_type(op, 0);
            }
            _ => return None,
        }
        Some(())
    }

    /// Whether the types of an elementwise op are those its custom form implies (see
    /// `ElementwiseTypes`); if not, it is printed in generic form.
    fn elementwise_types_fit(&self, op: OpId, class: OpClass, types: ElementwiseTypes) -> bool {
        let m = self.m;
        let o = m.op(op);
        let ty = |v: ValueId| m.value(v).ty;
        let result = ty(o.results[0]);
        match types {
            ElementwiseTypes::Same => {
                let skip = usize::from(class == OpClass::Select);
                o.operands[skip..].iter().all(|&v| ty(v) == result)
            }
            ElementwiseTypes::EachOperand => ty(o.operands[0]) == result,
            ElementwiseTypes::OperandToBool => {
                let bool_elem = |t: &Type| *t == Type::i(1);
                match (m.ty(ty(o.operands[0])), m.ty(result)) {
                    (Type::Vector { shape: a, .. }, Type::Vector { shape: b, elem }) => {
                        a == b && bool_elem(elem)
                    }
                    (Type::Tensor { shape: a, .. }, Type::Tensor { shape: b, elem, .. }) => {
                        a == b && bool_elem(elem)
                    }
                    (Type::Vector { .. } | Type::Tensor { .. }, _) => false,
                    (_, r) => bool_elem(r),
                }
            }
        }
    }

    /// `vector.transfer_read %src[%i], %pad (, %mask)? {...} : S, V` and
    /// `vector.transfer_write %v, %dst[%i] (, %mask)? {...} : V, D`: `in_bounds` and
    /// `permutation_map` are left out where they are what the parser puts when they are not
    /// written (all false; the minor identity).
    fn transfer(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let read = class == OpClass::TransferRead;
        let segs = self.segments(op)?;
        if segs.len() != 4 || segs[3] > 1 {
            return None;
        }
        // Operand positions of the shaped value, the first index and the vector.
        let (shaped, first_index) = if read { (0, 1) } else { (1, 2) };
        let end = first_index + segs[if read { 1 } else { 2 }];
        let (shaped_ty, vector_ty) = if read {
            if segs[0] != 1 || segs[2] != 1 || o.results.len() != 1 {
                return None;
            }
            (m.value(o.operands[0]).ty, m.value(o.results[0]).ty)
        } else {
            let dst = m.value(*o.operands.get(1)?).ty;
            let tensor = matches!(m.ty(dst), Type::Tensor { .. });
            if segs[0] != 1 || segs[1] != 1 || o.results.len() != usize::from(tensor) {
                return None;
            }
            (dst, m.value(o.operands[0]).ty)
        };
        if read {
            let _ = write!(self.out, " {}[", self.v(o.operands[shaped]));
        } else {
            let _ = write!(
                self.out,
                " {}, {}[",
                self.v(o.operands[0]),
                self.v(o.operands[shaped])
            );
        }
        self.values(&o.operands[first_index..end]);
        self.out.push(']');
        for v in &o.operands[end..] {
            let _ = write!(self.out, ", {}", self.v(*v));
        }
        let mut hide: SmallVec<[&str; 2]> = SmallVec::new();
        if let Some(Attr::Array(bounds)) = self.prop(op, "in_bounds")
            && bounds.iter().all(|b| *b == Attr::Bool(false))
        {
            hide.push("in_bounds");
        }
        if let Some(Attr::Opaque { text, ty: None }) = self.prop(op, "permutation_map")
            && let Some((rank, results)) = transfer_ranks(m.ty(shaped_ty), m.ty(vector_ty))
            && let Some(default) = minor_identity_map(rank, results)
        {
            let norm = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            if norm(text) == norm(&default) {
                hide.push("permutation_map");
            }
        }
        self.attr_dict(op, &hide);
        self.out.push_str(" : ");
        if read {
            self.operand_type(op, 0);
            self.out.push_str(", ");
            self.result_type(op, 0);
        } else {
            self.operand_type(op, 0);
            self.out.push_str(", ");
            self.operand_type(op, 1);
        }
        Some(())
    }

    /// `vector.load %m[%i] {...} : M, V` and `vector.store %v, %m[%i] {...} : M, V`.
    fn vector_load(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let store = class == OpClass::VectorStore;
        let base = usize::from(store);
        if o.operands.len() <= base || o.results.len() != usize::from(!store) {
            return None;
        }
        self.out.push(' ');
        if store {
            let _ = write!(self.out, "{}, ", self.v(o.operands[0]));
        }
        let _ = write!(self.out, "{}[", self.v(o.operands[base]));
        self.values(&o.operands[base + 1..]);
        self.out.push(']');
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.operand_type(op, base);
        self.out.push_str(", ");
        if store {
            self.operand_type(op, 0);
        } else {
            self.result_type(op, 0);
        }
        Some(())
    }

    /// `linalg.pack %src padding_value(%p : t)? outer_dims_perm = [...]? inner_dims_pos =
    /// [...] inner_tiles = [...] into %dst {...} : S -> D`, and `linalg.unpack` (no padding).
    fn pack(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n = o.operands.len();
        // Source, destination, padding value (pack only) and dynamic tiles.
        let padding = if &*o.name == "linalg.pack" {
            let segs = self.segments(op)?;
            if segs.len() != 4 || segs[0] != 1 || segs[1] != 1 || segs[2] > 1 {
                return None;
            }
            segs[2]
        } else {
            if self.prop(op, "operandSegmentSizes").is_some() {
                return None;
            }
            0
        };
        if n < 2 + padding || o.results.len() != 1 {
            return None;
        }
        let inner_pos = self.dense(op, "inner_dims_pos")?;
        let tiles = self.dense(op, "static_inner_tiles")?;
        let outer = match self.prop(op, "outer_dims_perm") {
            Some(a) => Some(a.as_dense_ints()?),
            None => None,
        };
        let list = |v: &[i64]| {
            let v: Vec<String> = v.iter().map(i64::to_string).collect();
            v.join(", ")
        };
        let _ = write!(self.out, " {}", self.v(o.operands[0]));
        if padding == 1 {
            let _ = write!(self.out, " padding_value({} : ", self.v(o.operands[2]));
            self.operand_type(op, 2);
            self.out.push(')');
        }
        if let Some(outer) = outer {
            let _ = write!(self.out, " outer_dims_perm = [{}]", list(&outer));
        }
        let _ = write!(
            self.out,
            " inner_dims_pos = [{}] inner_tiles = ",
            list(&inner_pos)
        );
        self.mixed(&tiles, &o.operands[2 + padding..], '[', ']')?;
        let _ = write!(self.out, " into {}", self.v(o.operands[1]));
        self.attr_dict(
            op,
            &["inner_dims_pos", "outer_dims_perm", "static_inner_tiles"],
        );
        self.out.push_str(" : ");
        self.operand_type(op, 0);
        self.out.push_str(" -> ");
        self.result_type(op, 0);
        Some(())
    }

    /// `linalg.softmax {...} dimension(N) ins(%a : T) outs(%b : T) (-> T)?` and
    /// `linalg.winograd_*_transform {...} fmr(F_m_r) ins(%a : T) outs(%b : U) -> U`.
    fn keyed_linalg(&mut self, op: OpId, class: OpClass) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        if o.operands.len() != 2 || o.results.len() > 1 {
            return None;
        }
        let (key, shown) = if class == OpClass::Softmax {
            let d = self.prop(op, "dimension")?;
            if !matches!(d, Attr::Int { ty, .. } if ty.as_ref().is_none_or(|t| *t == Type::i(64))) {
                return None;
            }
            ("dimension", d.as_i64()?.to_string())
        } else {
            let f = self.prop(op, "fmr")?;
            if !matches!(f, Attr::Int { ty: Some(t), .. } if *t == Type::i(32))
                || o.results.len() != 1
            {
                return None;
            }
            let f = usize::try_from(f.as_i64()?).ok()?;
            ("fmr", (*WINOGRAD_FMR.get(f)?).to_string())
        };
        self.attr_dict(op, &[key]);
        let _ = write!(self.out, " {key}({shown}) ins({} : ", self.v(o.operands[0]));
        self.operand_type(op, 0);
        let _ = write!(self.out, ") outs({} : ", self.v(o.operands[1]));
        self.operand_type(op, 1);
        self.out.push(')');
        if !o.results.is_empty() {
            self.out.push_str(" -> ");
            self.result_type(op, 0);
        }
        Some(())
    }
}

/// The `n` values of a `cf.switch`'s `case_values` (`dense<[1, -2]> : vector<2xi32>`, or a
/// splat `dense<3> : vector<1xi32>`; `i1` values are `true`/`false`), if it reads as that.
fn switch_values(a: &Attr, n: usize) -> Option<Vec<i64>> {
    let Attr::Opaque {
        text,
        ty: Some(Type::Vector { shape, .. }),
    } = a
    else {
        return None;
    };
    if shape.len() != 1 || shape[0] != crate::ir::types::Dim::Static(n as u64) {
        return None;
    }
    let inner = text.strip_prefix("dense<")?.strip_suffix('>')?.trim();
    let one = |v: &str| match v.trim() {
        "true" => Some(1),
        "false" => Some(0),
        v => crate::ir::types::parse_int(v),
    };
    let values: Vec<i64> = match inner.strip_prefix('[') {
        Some(list) => {
            let list = list.strip_suffix(']')?;
            if list.trim().is_empty() {
                Vec::new()
            } else {
                list.split(',').map(one).collect::<Option<_>>()?
            }
        }
        None => vec![one(inner)?; n],
    };
    (values.len() == n).then_some(values)
}

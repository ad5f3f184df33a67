//! Call summaries: for every function of a module, which of its memref arguments a call may
//! capture (keep, free, return, store or pass on to something that does). A memref passed to
//! an argument that is not captured is only read or written while the call runs, so for the
//! caller the call is a plain use of it, like a `memref.load`.
//!
//! Computed bottom-up over the call graph, depth first: a callee is summarized before the
//! functions that call it. Conservative wherever the callee's body is not known: a call that
//! reaches a function still being summarized (recursion) captures, an external declaration
//! captures unless its argument has `llvm.nocapture`, `--assume-nocapture=@name` names it, or
//! it is one of the printers of MLIR's runner utils (`printMemrefF32`, ...), and
//! `func.call_indirect` always escapes (see `lifetime::classify`).

use super::lifetime::{Use, concurrent_region_around, walk_uses};
use super::reason::Reason;
use super::uses::Uses;
use crate::ir::types::Attr;
use crate::ir::{Module, OpId, ValueId};
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

/// Why a call captures a memref passed as one of its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallCapture {
    /// The callee's symbol name, without `@`.
    pub callee: String,
    /// The argument's position.
    pub arg: usize,
    /// What the callee does with it.
    pub why: Capture,
}

/// What a callee does with an argument that it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// No function of that name is defined or declared where the call can see it.
    Unresolved,
    /// An external declaration: its body is not known, and the argument has no
    /// `llvm.nocapture`.
    Declaration,
    /// The call reaches a function whose summary is being computed: a recursive cycle.
    Recursive,
    /// The callee (or a view of the argument) frees it at this op.
    Frees(OpId),
    /// The argument (or a view of it) escapes at this op, for this reason.
    Escapes(Reason, OpId),
}

impl Capture {
    /// A phrase for reports: `@f <phrase>`.
    pub fn describe(self) -> &'static str {
        match self {
            Capture::Unresolved => "is not a function of this module",
            Capture::Declaration => "is an external declaration without llvm.nocapture",
            Capture::Recursive => "is recursive",
            Capture::Frees(_) => "frees it",
            Capture::Escapes(Reason::EscapesReturn, _) => "returns it",
            Capture::Escapes(Reason::EscapesCall, _) => "passes it to a call that captures it",
            Capture::Escapes(Reason::EscapesYield, _) => "lets it leave a block",
            Capture::Escapes(Reason::EscapesStore, _) => "stores it",
            Capture::Escapes(Reason::PointerTaken, _) => "takes its address",
            Capture::Escapes(Reason::ParallelRegion, _) => {
                "uses it in a region that may run concurrently"
            }
            Capture::Escapes(..) => "uses it in an op whose memory behaviour is not known",
        }
    }

    /// The op in the callee where it happens, if one does.
    pub fn at(self) -> Option<OpId> {
        match self {
            Capture::Frees(op) | Capture::Escapes(_, op) => Some(op),
            _ => None,
        }
    }
}

/// Progress of one function's summary.
#[derive(Clone, Debug)]
enum State {
    InProgress,
    /// Per argument: why a call captures it (`None`: it does not).
    Done(Vec<Option<Capture>>),
}

/// The call summaries of a module, as a side table keyed by function.
pub struct Summaries {
    /// Every `func.func` by the symbol table that holds it and its name.
    by_name: HashMap<(Option<OpId>, String), OpId>,
    states: HashMap<OpId, State>,
    /// Declarations named by `--assume-nocapture=@name` (names without `@`).
    assumed: HashSet<String>,
}

impl Summaries {
    /// Summarizes every function of `m`. `assume_nocapture` holds op names and, with a
    /// leading `@`, functions whose arguments are never captured.
    pub fn of_module(m: &Module, uses: &Uses, assume_nocapture: &HashSet<String>) -> Summaries {
        let functions = m.functions();
        let mut s = Summaries {
            by_name: HashMap::new(),
            states: HashMap::new(),
            assumed: assume_nocapture
                .iter()
                .filter_map(|n| n.strip_prefix('@').map(str::to_string))
                .collect(),
        };
        for &f in &functions {
            if let Some(name) = m.sym_name(f) {
                s.by_name.entry((table_of(m, f), name)).or_insert(f);
            }
        }
        for &f in &functions {
            s.summarize(m, uses, assume_nocapture, f);
        }
        s
    }

    /// Why passing a memref as operand `operand` of the `func.call` `call` captures it, or
    /// `None` when the callee only reads or writes it during the call.
    pub fn capture(&self, m: &Module, call: OpId, operand: usize) -> Option<CallCapture> {
        let callee_name = m.callee_name(call).unwrap_or_default();
        let why = match self.callee(m, call) {
            None => Some(Capture::Unresolved),
            Some(f) => match self.states.get(&f) {
                Some(State::Done(args)) => args.get(operand).copied().unwrap_or(None),
                Some(State::InProgress) => Some(Capture::Recursive),
                None => self.declaration_capture(m, f, operand),
            },
        };
        why.map(|why| CallCapture {
            callee: callee_name,
            arg: operand,
            why,
        })
    }

    fn callee(&self, m: &Module, call: OpId) -> Option<OpId> {
        let name = m.callee_name(call)?;
        self.by_name.get(&(table_of(m, call), name)).copied()
    }

    /// A function without a body captures an argument unless the argument has
    /// `llvm.nocapture` or the user assumed it does not.
    fn declaration_capture(&self, m: &Module, f: OpId, arg: usize) -> Option<Capture> {
        let name = m.sym_name(f).unwrap_or_default();
        let nocapture_attr = match m.attr(f, "arg_attrs") {
            Some(Attr::Array(per_arg)) => matches!(
                per_arg.get(arg),
                Some(Attr::Dict(d)) if d.iter().any(|(k, _)| &**k == "llvm.nocapture")
            ),
            _ => false,
        };
        let known = nocapture_attr || self.assumed.contains(&name) || runtime_printer(&name);
        (!known).then_some(Capture::Declaration)
    }

    fn summarize(&mut self, m: &Module, uses: &Uses, assume: &HashSet<String>, f: OpId) {
        if self.states.contains_key(&f) || !has_body(m, f) {
            return;
        }
        self.states.insert(f, State::InProgress);
        let entry = m.region(m.op(f).regions[0]).blocks[0];
        let args = m.block(entry).args.clone();
        let per_arg = args
            .iter()
            .map(|&a| {
                m.value_type(a).as_memref()?;
                self.arg_capture(m, uses, assume, f, a)
            })
            .collect();
        self.states.insert(f, State::Done(per_arg));
    }

    /// Follows argument `arg` of `func` and its views through the body; the first use that
    /// captures it.
    fn arg_capture(
        &mut self,
        m: &Module,
        uses: &Uses,
        assume: &HashSet<String>,
        func: OpId,
        arg: ValueId,
    ) -> Option<Capture> {
        let mut found = None;
        walk_uses(m, uses, arg, assume, |user, operand, what| {
            let capture = match what {
                Use::Free | Use::FreeIf(_) | Use::Retained | Use::MaybeFreed | Use::FreeOwned => {
                    Some(Capture::Frees(user))
                }
                Use::View(_)
                | Use::MayAlias(_)
                | Use::Access
                | Use::NotFreed
                | Use::ListedRetained => None,
                Use::Call => {
                    if let Some(callee) = self.callee(m, user) {
                        self.summarize(m, uses, assume, callee);
                    }
                    self.capture(m, user, operand as usize)
                        .map(|_| Capture::Escapes(Reason::EscapesCall, user))
                }
                Use::Escape(r) => Some(Capture::Escapes(r, user)),
            }
            // A use in a region that may run concurrently or later (an `async.execute` body)
            // could outlast the call.
            .or_else(|| {
                concurrent_region_around(m, user, |_, p| p == func)
                    .map(|region_op| Capture::Escapes(Reason::ParallelRegion, region_op))
            });
            found = capture;
            if found.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }
}

/// The printers of MLIR's runner utils (`libmlir_c_runner_utils`, `libmlir_runner_utils`),
/// which read the memref they are given and keep nothing of it.
fn runtime_printer(name: &str) -> bool {
    matches!(
        name,
        "printMemrefI8"
            | "printMemrefI16"
            | "printMemrefI32"
            | "printMemrefI64"
            | "printMemrefF16"
            | "printMemrefBF16"
            | "printMemrefF32"
            | "printMemrefF64"
            | "printMemrefInd"
            | "printMemrefC32"
            | "printMemrefC64"
            | "printMemrefShapeI8"
            | "printMemrefShapeI32"
            | "printMemrefShapeI64"
            | "printMemrefShapeF32"
            | "printMemrefShapeF64"
            | "printMemrefShapeInd"
    )
}

fn has_body(m: &Module, f: OpId) -> bool {
    m.op(f)
        .regions
        .first()
        .is_some_and(|r| !m.region(*r).blocks.is_empty())
}

/// The nearest `builtin.module` around `op` (`None`: the top level).
fn table_of(m: &Module, op: OpId) -> Option<OpId> {
    let mut p = m.parent_op(op);
    while let Some(t) = p {
        if &*m.op(t).name == "builtin.module" {
            return Some(t);
        }
        p = m.parent_op(t);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;
    use pretty_assertions::assert_eq;

    const MODULE: &str = r#"
func.func private @reads_writes(%a: memref<4xf32>, %b: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %s = memref.subview %a[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  %x = memref.load %s[%c0] : memref<2xf32, strided<[1]>>
  linalg.fill ins(%x : f32) outs(%b : memref<4xf32>)
  return
}
func.func private @returns(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
func.func private @frees(%a: memref<4xf32>) {
  memref.dealloc %a : memref<4xf32>
  return
}
func.func private @forwards(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c4 = arith.constant 4 : index
  func.call @reads_writes(%a, %a, %c4) : (memref<4xf32>, memref<4xf32>, index) -> ()
  %r = func.call @returns(%b) : (memref<4xf32>) -> memref<4xf32>
  return
}
func.func private @recursive(%a: memref<4xf32>) {
  func.call @recursive(%a) : (memref<4xf32>) -> ()
  return
}
func.func private @declared(memref<4xf32>, memref<4xf32> {llvm.nocapture})
func.func private @printMemrefF32(memref<*xf32>)
func.func @caller(%a: memref<4xf32>, %u: memref<*xf32>) {
  func.call @declared(%a, %a) : (memref<4xf32>, memref<4xf32>) -> ()
  func.call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  func.call @assumed(%a) : (memref<4xf32>) -> ()
  return
}
func.func private @assumed(memref<4xf32>)
"#;

    /// `text` read and summarized, `assume` standing for `--assume-nocapture`.
    fn summaries(text: &str, assume: &[&str]) -> (Module, Summaries) {
        let m = crate::load::load(&SourceFile::new("calls.mlir", text)).expect("valid IR");
        let uses = Uses::of_module(&m);
        let assume: HashSet<String> = assume.iter().map(|s| s.to_string()).collect();
        let s = Summaries::of_module(&m, &uses, &assume);
        (m, s)
    }

    /// Why each argument of `@name` is captured ("-": it is not).
    fn describe(m: &Module, s: &Summaries, name: &str) -> Vec<String> {
        let f = m
            .functions()
            .into_iter()
            .find(|&f| m.sym_name(f).as_deref() == Some(name))
            .expect("function");
        let Some(State::Done(args)) = s.states.get(&f) else {
            panic!("@{name} not summarized");
        };
        args.iter()
            .map(|c| match c {
                None => "-".to_string(),
                Some(Capture::Escapes(r, op)) => format!("{} at {}", r.code(), m.op(*op).name),
                Some(Capture::Frees(op)) => format!("frees at {}", m.op(*op).name),
                Some(other) => format!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn arguments_that_are_only_read_or_written_are_not_captured() {
        let (m, s) = summaries(MODULE, &[]);
        assert_eq!(describe(&m, &s, "reads_writes"), ["-", "-", "-"]);
        assert_eq!(
            describe(&m, &s, "returns"),
            ["escapes-return at func.return"]
        );
        assert_eq!(describe(&m, &s, "frees"), ["frees at memref.dealloc"]);
        assert_eq!(
            describe(&m, &s, "forwards"),
            ["-", "escapes-call at func.call"]
        );
        assert_eq!(describe(&m, &s, "recursive"), ["escapes-call at func.call"]);
    }

    #[test]
    fn declarations_capture_unless_marked_or_known() {
        let (m, s) = summaries(MODULE, &["@assumed"]);
        let caller = m
            .functions()
            .into_iter()
            .find(|&f| m.sym_name(f).as_deref() == Some("caller"))
            .expect("caller");
        let mut calls = Vec::new();
        m.walk_nested(caller, |op| {
            if &*m.op(op).name == "func.call" {
                calls.push(op);
            }
        });
        let why = |call: OpId, arg: usize| s.capture(&m, call, arg).map(|c| c.why);
        assert_eq!(why(calls[0], 0), Some(Capture::Declaration));
        assert_eq!(why(calls[0], 1), None, "llvm.nocapture");
        assert_eq!(why(calls[1], 0), None, "a runner utils printer");
        assert_eq!(why(calls[2], 0), None, "--assume-nocapture=@assumed");
        // Without the assumption, @assumed is a declaration like any other (the same text
        // gives the same op ids).
        let (m2, s2) = summaries(MODULE, &[]);
        assert_eq!(
            s2.capture(&m2, calls[2], 0).map(|c| c.why),
            Some(Capture::Declaration)
        );
    }
}

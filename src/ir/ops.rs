//! The op-definition table: what bufreuse knows about each kind of op, one row per op name, in
//! the spirit of MLIR's ODS and cranelift's instruction definitions. Every layer reads it:
//! - the lexer gives a known name its syntax class (`OpClass`), and the grammar has one rule
//!   per class (all arith binary ops share one);
//! - the printer writes the custom form of a class, and the generic form of an op without one;
//!   the grammar actions and the printer read how an elementwise op writes its types and how
//!   a structured (`linalg`) op shows its body and results (`StructuredForm`);
//! - the IR builder reads which ops' regions are isolated from above (names outside are not
//!   visible in them);
//! - the verifier checks result counts, terminators and parents, and picks the further rules
//!   of an op (an allocation's sizes, a call's callee, a branch's successors, ...) by its
//!   class;
//! - the analysis reads how an op uses its memref operands (`Memory`: accesses, views,
//!   frees, escapes), which ops make a buffer of their own (`Allocates`), how an op's regions
//!   run (`Regions`: one at a time, at the same time, or one of them as `Choice` picks it),
//!   which ops are loops and how their trip counts read (`Trips`), and which ops it may
//!   compute again at a function's entry (`Speculatable`);
//! - the rewrite reads the same columns for the frees it drops, the branches it guards and
//!   the loops it counts (`--stats`), and the check of its output for the allocations, frees,
//!   branches and loops it meets (its live intervals and its evaluation of sizes stay its
//!   own).
//!
//! Adding an op is a row in `OPS`. Where its custom syntax is new, it also takes a class in
//! `OpClass`, its token, key and rule in grammar/mlir.lalrpop, and in its dialect's file of
//! `forms/` the rule's action, its `Form` and its printer (the README's "Adding an op").
//! An op with a row but no class is known to the analysis and the verifier, and is read and
//! printed in generic form.

use crate::ir::types::Type;
use rustc_hash::FxHashMap;
use std::sync::LazyLock;

/// Classes of custom op syntax; each has one grammar rule and one `forms::Form`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass {
    Module,
    FuncFunc,
    /// `name (operands : types)?`: returns and yields.
    Terminator,
    Call,
    CallIndirect,
    Alloc,
    Dealloc,
    /// `bufferization.dealloc`: memrefs, their conditions and retained memrefs, each list
    /// optional (not `memref.dealloc`, which is `Dealloc`).
    BufferDealloc,
    CastLike,
    View,
    Subview,
    InsertSlice,
    Reshape,
    Load,
    Store,
    TensorInsert,
    Copy,
    Dim,
    Rank,
    GetGlobal,
    Global,
    ExtractMetadata,
    ExtractPointer,
    Transpose,
    ReinterpretCast,
    AllocaScope,
    Constant,
    Elementwise,
    Select,
    Cmp,
    Condition,
    LinalgIndex,
    For,
    If,
    While,
    Parallel,
    Forall,
    ExecuteRegion,
    IndexSwitch,
    Reduce,
    Br,
    CondBr,
    Assert,
    Generic,
    /// Every other `linalg` op: `ins(...) outs(...)`, the body implied by the name.
    Structured,
    ToTensor,
    ToBuffer,
    TensorEmpty,
    Pad,
    Concat,
    FromElements,
    /// `vector.transfer_read %src[%i, ...], %pad (, %mask)? {...} : S, V`
    TransferRead,
    /// `vector.transfer_write %v, %dst[%i, ...] (, %mask)? {...} : V, D`
    TransferWrite,
    /// `vector.load %base[%i, ...] : M, V`
    VectorLoad,
    /// `vector.store %v, %base[%i, ...] : M, V`
    VectorStore,
    /// `vector.create_mask %a, ... : V`
    CreateMask,
    /// `linalg.pack` and `linalg.unpack`: `%src padding_value(...)? outer_dims_perm = [...]?
    /// inner_dims_pos = [...] inner_tiles = [...] into %dest : S -> D`.
    Pack,
    /// `linalg.softmax dimension(N) ins(...) outs(...) -> T`
    Softmax,
    /// `linalg.winograd_*_transform fmr(F_m_r) ins(...) outs(...) -> T`
    Winograd,
    /// `affine.apply`, `affine.min`, `affine.max`: `map (dims)[symbols]`.
    AffineApply,
    /// `affine.load %m[subscripts] : type`, the subscripts affine expressions of SSA values.
    AffineLoad,
    /// `affine.store %v, %m[subscripts] : type`.
    AffineStore,
    /// `affine.for %i = lb to ub step c iter_args(...) -> (types) { ... }`.
    AffineFor,
    /// `affine.if #set(dims)[symbols] -> types { ... } else { ... }`.
    AffineIf,
    /// `memref.realloc %m(%size)? : T to U`.
    Realloc,
    /// `memref.assume_alignment %m, 16 : T`.
    AssumeAlignment,
    /// `memref.reshape %m(%shape) : (T, S) -> U` (not `Reshape`, which is collapse/expand).
    MemrefReshape,
    /// `memref.atomic_rmw kind %v, %m[%i] : (E, T) -> E`.
    AtomicRmw,
    /// `memref.generic_atomic_rmw %m[%i] : T { body }`.
    GenericAtomicRmw,
    /// `memref.atomic_yield %v : E`: its attributes come after its operand.
    AtomicYield,
    /// `memref.prefetch %m[%i], read, locality<3>, data : T`.
    Prefetch,
    /// `memref.dma_start %src[..], %dst[..], %n, %tag[..](, %stride, %per_stride)? : S, D, T`.
    DmaStart,
    /// `memref.dma_wait %tag[..], %n : T`.
    DmaWait,
    /// `cf.switch %flag : i32, [default: ^bb1(..), 42: ^bb2(..)]`.
    Switch,
    /// `func.constant @f : (i32) -> i32`.
    FuncConstant,
    /// `bufferization.alloc_tensor(%d, ...) copy(%t)? size_hint=%h? : T`.
    AllocTensor,
    /// `vector.constant_mask [3, 2] : V`.
    ConstantMask,
    /// `vector.transpose %v, [1, 0] : V to W` (not `Transpose`, memref.transpose's map form).
    VectorTranspose,
    /// `vector.insert_strided_slice %a, %b {offsets, strides} : V into W`.
    InsertStridedSlice,
    /// `vector.extract %v[1, %i] : E from V`.
    VectorExtract,
    /// `vector.insert %e, %v [1, %i] : E into V`.
    VectorInsert,
    /// `vector.reduction <add>, %v (, %acc)? fastmath<...>? : V into E`.
    Reduction,
    /// `affine.parallel (%i) = (max(..), ..) to (..) step (..) reduce (..) -> (..) { ... }`.
    AffineParallel,
    /// `affine.delinearize_index %i into (%b, 4) : index, index`.
    DelinearizeIndex,
    /// `math.sincos %x fastmath<...>? : T`: two results, the sine and the cosine, of type T.
    Sincos,
}

/// How many results an op of a kind has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Results {
    Zero,
    One,
    /// Any number (calls, loops, ops whose result count depends on their operands).
    Variadic,
}

/// Where a memref operand goes when it leaves what the analysis can follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    /// Returned from the function.
    Return,
    /// Passed to a call whose callee is not known.
    Call,
    /// Yielded, branched with, or carried by a loop: it leaves its block.
    Yield,
    /// Its address is taken as an integer or a pointer.
    PointerTaken,
}

/// How an op uses the memref values among its operands (its other operands do not matter
/// here).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// Takes no memref operand, or does with an effect the analysis does not model: a memref
    /// operand makes the buffer `unknown-op`.
    Unknown,
    /// Reads or writes the memrefs while it runs, and keeps none.
    Access,
    /// Operand 0 is a value stored to memory (a memref there is kept); the others are
    /// accessed.
    StoreValue,
    /// Every result views the memory of operand 0; its other memref operands (the shape of
    /// `memref.reshape`) are only read.
    View,
    /// Result 0 views the memory of operand 0; the others are plain values.
    ViewFirstResult,
    /// Frees operand 0.
    Free,
    /// `bufferization.dealloc`: frees some operands under conditions, retains others.
    DeallocLists,
    /// A direct call: what the callee does with each argument (`analysis::calls`).
    Call,
    /// Frees operand 0 and may move its contents to a new buffer, its result.
    Realloc,
    /// Every memref operand escapes.
    Escape(Escape),
}

/// How the regions of an op run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Regions {
    /// One at a time, each entry after the previous one has ended: a loop body, a function.
    Sequential,
    /// One of them at most each time the op runs, chosen as `Choice` says: the branches of an
    /// `if` or a `switch`.
    Exclusive(Choice),
    /// Possibly at the same time as each other or as themselves (parallel loops), or in a way
    /// not known.
    Concurrent,
}

/// How an op whose regions are exclusive chooses the one that runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Operand 0, an `i1`: region 0 (then) when it holds, else region 1 (`scf.if`).
    Condition,
    /// Operand 0, an `index`, against the op's `cases`: region `k` when it equals case
    /// `k - 1`, region 0 (the default) when it equals none (`scf.index_switch`).
    Cases,
    /// An integer set of its operands (`affine.if`), which bufreuse does not evaluate.
    IntegerSet,
}

/// What new buffer an op makes as its result: one of its own, no alias of any other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allocates {
    /// None (`memref.realloc`, whose result may be its operand grown in place, is
    /// `Memory::Realloc`).
    Nothing,
    /// A buffer on the heap, freed by a dealloc, a `malloc` once lowered (`memref.alloc`);
    /// its dynamic sizes are its first operands.
    Heap,
    /// A buffer on the stack, freed when its scope ends (`memref.alloca`); its dynamic sizes
    /// are its first operands.
    Stack,
    /// A buffer on the heap holding a copy of its operand (`bufferization.clone`).
    Copy,
    /// A tensor, a buffer of its own once bufferized (`bufferization.alloc_tensor`).
    Tensor,
}

/// How many times an op runs its regions each time it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trips {
    /// Once at most, as far as bufreuse knows: not a loop.
    Once,
    /// As many times as the loop from operand 0 to operand 1 by the step operand 2 takes,
    /// compared signed unless the op says `unsignedCmp` (`scf.for`).
    Bounds,
    /// Any number of times, which bufreuse does not read: `scf.while`, the parallel loops,
    /// the affine loops (their bounds are maps), the element loop of a linalg op, the
    /// compare-and-swap loop of `memref.generic_atomic_rmw`.
    Unknown,
}

/// Whether an op may be run again at another place (bufreuse computes sizes again at a
/// function's entry) with the same result: it reads and writes no memory and cannot trap.
/// Marked on the integer ops bufreuse computes such values with, which the output check
/// evaluates; float and other ops MLIR would also speculate are left unmarked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speculatable {
    No,
    Yes,
    /// Only with a constant divisor (operand 1) other than 0 and -1: division by zero, and
    /// the signed `MIN / -1`, are undefined.
    SafeDivisor,
}

/// How the custom form of an elementwise op (`OpClass::Elementwise`) writes its types after
/// the colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElementwiseTypes {
    /// One type, of the operands and the result (`arith.addf %a, %b : f32`).
    Same,
    /// The type of each operand; the result has the first (`math.fpowi %b, %p : f32, i32`).
    EachOperand,
    /// The operand's type; the result is `i1` of its shape (`math.isnan %x : f32`).
    OperandToBool,
}

/// How the custom form of a structured op (`OpClass::Structured`: the `linalg` ops read as
/// `ins(...) outs(...)`) shows its body and its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StructuredForm {
    /// The body is implied by the name and the result types are written (`-> types`): the
    /// named ops (`linalg.matmul`, ...).
    Named,
    /// The body is implied, and so are the results: the tensor types of the inits
    /// (`linalg.transpose`, `linalg.broadcast`).
    ImpliedResults,
    /// The body is written (`(%a: f32, ...) { ... }`), the results are implied (`linalg.map`,
    /// `linalg.reduce`).
    WrittenBody,
    /// A syntax of its own that bufreuse does not read or write (`linalg.elementwise
    /// kind=...`): read and printed in generic form only.
    Own,
}

/// What bufreuse knows about one kind of op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpDef {
    /// The full name, `dialect.op`.
    pub name: &'static str,
    /// The custom syntax it is read and printed in; `None` for generic form only.
    pub syntax: Option<OpClass>,
    pub results: Results,
    /// It ends its block.
    pub terminator: bool,
    /// The op it must be directly inside (its custom form relies on it).
    pub parent: Option<&'static str>,
    pub memory: Memory,
    pub regions: Regions,
    /// Its regions are isolated from above: names defined outside are not visible in them,
    /// and may be defined again (`ISOLATED_WITHOUT_ROWS` lists such ops without a row).
    pub isolated: bool,
    /// How its custom form writes its types, if it is of class `Elementwise` (`Same` for
    /// every other op).
    pub elementwise_types: ElementwiseTypes,
    /// The buffer it makes, if any.
    pub allocates: Allocates,
    /// Whether it is a loop, and how its trip count is read.
    pub trips: Trips,
    pub speculatable: Speculatable,
    /// How its custom form shows its body and results, if it is of class `Structured`
    /// (`Named` for every other op).
    pub structured: StructuredForm,
}

impl OpDef {
    /// An op in custom syntax `syntax`, with no memref effect the analysis models and no
    /// region.
    const fn new(name: &'static str, syntax: OpClass, results: Results) -> OpDef {
        OpDef {
            name,
            syntax: Some(syntax),
            results,
            terminator: false,
            parent: None,
            memory: Memory::Unknown,
            regions: Regions::Concurrent,
            isolated: false,
            elementwise_types: ElementwiseTypes::Same,
            allocates: Allocates::Nothing,
            trips: Trips::Once,
            speculatable: Speculatable::No,
            structured: StructuredForm::Named,
        }
    }

    /// A structured `linalg` op: it accesses its operands and runs its body element by
    /// element.
    const fn structured(name: &'static str, form: StructuredForm) -> OpDef {
        let mut def = OpDef::new(name, OpClass::Structured, Results::Variadic)
            .sequential()
            .access()
            .trips(Trips::Unknown);
        def.structured = form;
        def
    }

    /// An op read and printed in generic form only.
    const fn generic(name: &'static str, results: Results) -> OpDef {
        let mut def = OpDef::new(name, OpClass::Module, results);
        def.syntax = None;
        def
    }

    /// Whether this row stands for every op of a dialect without a row of its own (`linalg.*`,
    /// `llvm.*`): what it says of terminators is not known for each of them.
    pub fn is_dialect_wide(&self) -> bool {
        self.name.ends_with(".*")
    }

    const fn memory(mut self, memory: Memory) -> OpDef {
        self.memory = memory;
        self
    }

    const fn access(self) -> OpDef {
        self.memory(Memory::Access)
    }

    const fn view(self) -> OpDef {
        self.memory(Memory::View)
    }

    const fn escape(self, escape: Escape) -> OpDef {
        self.memory(Memory::Escape(escape))
    }

    /// A terminator whose memref operands leave the block.
    const fn yields(mut self) -> OpDef {
        self.terminator = true;
        self.memory = Memory::Escape(Escape::Yield);
        self
    }

    const fn sequential(mut self) -> OpDef {
        self.regions = Regions::Sequential;
        self
    }

    const fn exclusive(mut self, choice: Choice) -> OpDef {
        self.regions = Regions::Exclusive(choice);
        self
    }

    const fn inside(mut self, parent: &'static str) -> OpDef {
        self.parent = Some(parent);
        self
    }

    const fn isolated(mut self) -> OpDef {
        self.isolated = true;
        self
    }

    const fn types(mut self, types: ElementwiseTypes) -> OpDef {
        self.elementwise_types = types;
        self
    }

    const fn allocates(mut self, allocates: Allocates) -> OpDef {
        self.allocates = allocates;
        self
    }

    const fn trips(mut self, trips: Trips) -> OpDef {
        self.trips = trips;
        self
    }

    const fn speculatable(mut self, speculatable: Speculatable) -> OpDef {
        self.speculatable = speculatable;
        self
    }

    /// Whether its results are what the region that ran yields (operand `k` of the yield is
    /// result `k`) and bufreuse reads which one runs (`scf.if`, `scf.index_switch`): the
    /// analysis and the output check follow a buffer through such a yield to the result.
    /// `affine.if` is left out: a memref it yields escapes, as before this was a column.
    pub fn branch_results(&self) -> bool {
        matches!(
            self.regions,
            Regions::Exclusive(Choice::Condition | Choice::Cases)
        )
    }

    /// Whether it returns from the function around it (`func.return`).
    pub fn returns(&self) -> bool {
        self.memory == Memory::Escape(Escape::Return)
    }
}

use ElementwiseTypes::{EachOperand, OperandToBool};
use Escape::{PointerTaken, Return, Yield};
use OpClass::*;
use Results::{One, Variadic, Zero};

/// The ops bufreuse knows, by name. `lookup` also knows every `linalg` op (`STRUCTURED`) and
/// every `llvm` op (`LLVM`).
pub static OPS: &[OpDef] = &[
    // builtin
    OpDef::new("builtin.module", Module, Zero)
        .sequential()
        .isolated(),
    OpDef::generic("builtin.unrealized_conversion_cast", Variadic).escape(PointerTaken),
    // func
    OpDef::new("func.func", FuncFunc, Zero)
        .sequential()
        .isolated(),
    OpDef::new("func.return", Terminator, Zero)
        .yields()
        .escape(Return),
    OpDef::new("func.call", Call, Variadic).memory(Memory::Call),
    OpDef::new("func.call_indirect", CallIndirect, Variadic).escape(Escape::Call),
    OpDef::new("func.constant", FuncConstant, One),
    // memref
    OpDef::new("memref.alloc", Alloc, One).allocates(Allocates::Heap),
    OpDef::new("memref.alloca", Alloc, One).allocates(Allocates::Stack),
    OpDef::new("memref.dealloc", Dealloc, Zero).memory(Memory::Free),
    OpDef::new("memref.realloc", OpClass::Realloc, One).memory(Memory::Realloc),
    OpDef::new("memref.cast", CastLike, One).view(),
    OpDef::new("memref.memory_space_cast", CastLike, One).view(),
    OpDef::new("memref.view", View, One).view(),
    OpDef::new("memref.subview", Subview, One).view(),
    OpDef::new("memref.collapse_shape", Reshape, One).view(),
    OpDef::new("memref.expand_shape", Reshape, One).view(),
    OpDef::new("memref.reshape", MemrefReshape, One).view(),
    OpDef::new("memref.transpose", Transpose, One).view(),
    OpDef::new("memref.reinterpret_cast", ReinterpretCast, One).view(),
    OpDef::new("memref.assume_alignment", AssumeAlignment, One).view(),
    OpDef::new("memref.extract_strided_metadata", ExtractMetadata, Variadic)
        .memory(Memory::ViewFirstResult),
    OpDef::new(
        "memref.extract_aligned_pointer_as_index",
        ExtractPointer,
        One,
    )
    .escape(PointerTaken),
    OpDef::new("memref.load", Load, One).access(),
    OpDef::new("memref.store", Store, Zero).memory(Memory::StoreValue),
    OpDef::new("memref.copy", Copy, Zero).access(),
    OpDef::new("memref.dim", Dim, One).access(),
    OpDef::new("memref.rank", Rank, One).access(),
    OpDef::new("memref.prefetch", Prefetch, Zero).access(),
    OpDef::new("memref.atomic_rmw", AtomicRmw, One).access(),
    // Its body may run more than once (a compare-and-swap loop).
    OpDef::new("memref.generic_atomic_rmw", GenericAtomicRmw, One)
        .access()
        .trips(Trips::Unknown),
    OpDef::new("memref.atomic_yield", AtomicYield, Zero)
        .yields()
        .inside("memref.generic_atomic_rmw"),
    // The transfer it starts runs until a `memref.dma_wait` on its tag: its memrefs stay in
    // use past the op, which the analysis cannot follow (`unknown-op`).
    OpDef::new("memref.dma_start", DmaStart, Zero),
    OpDef::new("memref.dma_wait", DmaWait, Zero).access(),
    OpDef::new("memref.get_global", GetGlobal, One),
    OpDef::new("memref.global", Global, Zero),
    OpDef::new("memref.alloca_scope", AllocaScope, Variadic).sequential(),
    OpDef::new("memref.alloca_scope.return", Terminator, Zero)
        .yields()
        .inside("memref.alloca_scope"),
    // arith
    OpDef::new("arith.constant", Constant, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.select", Select, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.cmpi", Cmp, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.cmpf", Cmp, One),
    OpDef::new("arith.index_cast", CastLike, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.index_castui", CastLike, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.sitofp", CastLike, One),
    OpDef::new("arith.uitofp", CastLike, One),
    OpDef::new("arith.fptosi", CastLike, One),
    OpDef::new("arith.fptoui", CastLike, One),
    OpDef::new("arith.extf", CastLike, One),
    OpDef::new("arith.truncf", CastLike, One),
    OpDef::new("arith.extsi", CastLike, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.extui", CastLike, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.trunci", CastLike, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.bitcast", CastLike, One),
    OpDef::new("arith.addf", Elementwise, One),
    OpDef::new("arith.subf", Elementwise, One),
    OpDef::new("arith.mulf", Elementwise, One),
    OpDef::new("arith.divf", Elementwise, One),
    OpDef::new("arith.remf", Elementwise, One),
    OpDef::new("arith.maximumf", Elementwise, One),
    OpDef::new("arith.minimumf", Elementwise, One),
    OpDef::new("arith.maxnumf", Elementwise, One),
    OpDef::new("arith.minnumf", Elementwise, One),
    OpDef::new("arith.negf", Elementwise, One),
    OpDef::new("arith.addi", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.subi", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.muli", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.divsi", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.divui", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.remsi", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.remui", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.ceildivsi", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.ceildivui", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.floordivsi", Elementwise, One).speculatable(Speculatable::SafeDivisor),
    OpDef::new("arith.andi", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.ori", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.xori", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.shli", Elementwise, One),
    OpDef::new("arith.shrsi", Elementwise, One),
    OpDef::new("arith.shrui", Elementwise, One),
    OpDef::new("arith.maxsi", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.maxui", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.minsi", Elementwise, One).speculatable(Speculatable::Yes),
    OpDef::new("arith.minui", Elementwise, One).speculatable(Speculatable::Yes),
    // math
    OpDef::new("math.sincos", Sincos, Variadic),
    OpDef::new("math.exp", Elementwise, One),
    OpDef::new("math.exp2", Elementwise, One),
    OpDef::new("math.expm1", Elementwise, One),
    OpDef::new("math.log", Elementwise, One),
    OpDef::new("math.log2", Elementwise, One),
    OpDef::new("math.log10", Elementwise, One),
    OpDef::new("math.log1p", Elementwise, One),
    OpDef::new("math.sqrt", Elementwise, One),
    OpDef::new("math.rsqrt", Elementwise, One),
    OpDef::new("math.sin", Elementwise, One),
    OpDef::new("math.cos", Elementwise, One),
    OpDef::new("math.tan", Elementwise, One),
    OpDef::new("math.tanh", Elementwise, One),
    OpDef::new("math.sinh", Elementwise, One),
    OpDef::new("math.cosh", Elementwise, One),
    OpDef::new("math.asin", Elementwise, One),
    OpDef::new("math.acos", Elementwise, One),
    OpDef::new("math.atan", Elementwise, One),
    OpDef::new("math.atan2", Elementwise, One),
    OpDef::new("math.erf", Elementwise, One),
    OpDef::new("math.erfc", Elementwise, One),
    OpDef::new("math.absf", Elementwise, One),
    OpDef::new("math.absi", Elementwise, One),
    OpDef::new("math.ceil", Elementwise, One),
    OpDef::new("math.floor", Elementwise, One),
    OpDef::new("math.round", Elementwise, One),
    OpDef::new("math.roundeven", Elementwise, One),
    OpDef::new("math.trunc", Elementwise, One),
    OpDef::new("math.powf", Elementwise, One),
    OpDef::new("math.ipowi", Elementwise, One),
    OpDef::new("math.fma", Elementwise, One),
    OpDef::new("math.copysign", Elementwise, One),
    OpDef::new("math.cbrt", Elementwise, One),
    OpDef::new("math.ctlz", Elementwise, One),
    OpDef::new("math.cttz", Elementwise, One),
    OpDef::new("math.ctpop", Elementwise, One),
    OpDef::new("math.acosh", Elementwise, One),
    OpDef::new("math.asinh", Elementwise, One),
    OpDef::new("math.atanh", Elementwise, One),
    OpDef::new("math.fpowi", Elementwise, One).types(EachOperand),
    OpDef::new("math.isnan", Elementwise, One).types(OperandToBool),
    OpDef::new("math.isinf", Elementwise, One).types(OperandToBool),
    OpDef::new("math.isfinite", Elementwise, One).types(OperandToBool),
    OpDef::new("math.isnormal", Elementwise, One).types(OperandToBool),
    // scf: loop-carried memrefs become block arguments, so they leave their block.
    OpDef::new("scf.for", For, Variadic)
        .sequential()
        .escape(Yield)
        .trips(Trips::Bounds),
    OpDef::new("scf.if", If, Variadic).exclusive(Choice::Condition),
    OpDef::new("scf.while", While, Variadic)
        .sequential()
        .escape(Yield)
        .trips(Trips::Unknown),
    OpDef::new("scf.condition", Condition, Zero)
        .yields()
        .inside("scf.while"),
    OpDef::new("scf.yield", Terminator, Zero).yields(),
    OpDef::new("scf.parallel", Parallel, Variadic)
        .escape(Yield)
        .trips(Trips::Unknown),
    OpDef::new("scf.forall", Forall, Variadic)
        .escape(Yield)
        .trips(Trips::Unknown),
    // Its regions combine the values of the iterations, pair by pair.
    OpDef::new("scf.reduce", Reduce, Zero)
        .yields()
        .inside("scf.parallel")
        .trips(Trips::Unknown),
    OpDef::new("scf.reduce.return", Terminator, Zero).yields(),
    OpDef::new("scf.execute_region", ExecuteRegion, Variadic).sequential(),
    OpDef::new("scf.index_switch", IndexSwitch, Variadic).exclusive(Choice::Cases),
    // cf
    OpDef::new("cf.br", Br, Zero).yields(),
    OpDef::new("cf.cond_br", CondBr, Zero).yields(),
    OpDef::new("cf.switch", Switch, Zero).yields(),
    OpDef::new("cf.assert", Assert, Zero),
    // linalg (every other linalg op is `STRUCTURED`)
    OpDef::new("linalg.generic", Generic, Variadic)
        .sequential()
        .access()
        .trips(Trips::Unknown),
    OpDef::new("linalg.index", LinalgIndex, One),
    OpDef::new("linalg.yield", Terminator, Zero).yields(),
    // Structured ops whose custom form is not that of the named ops.
    OpDef::structured("linalg.transpose", StructuredForm::ImpliedResults),
    OpDef::structured("linalg.broadcast", StructuredForm::ImpliedResults),
    OpDef::structured("linalg.map", StructuredForm::WrittenBody),
    OpDef::structured("linalg.reduce", StructuredForm::WrittenBody),
    OpDef::structured("linalg.elementwise", StructuredForm::Own),
    // linalg ops with their own syntax (MLIR 22 takes tensors only for all but softmax).
    OpDef::new("linalg.pack", Pack, One).access(),
    OpDef::new("linalg.unpack", Pack, One).access(),
    OpDef::new("linalg.softmax", Softmax, Variadic).access(),
    OpDef::new("linalg.winograd_filter_transform", Winograd, One).access(),
    OpDef::new("linalg.winograd_input_transform", Winograd, One).access(),
    OpDef::new("linalg.winograd_output_transform", Winograd, One).access(),
    // bufferization
    OpDef::new("bufferization.to_tensor", ToTensor, One).view(),
    OpDef::new("bufferization.to_buffer", ToBuffer, One).view(),
    OpDef::new("bufferization.to_memref", ToBuffer, One).view(),
    OpDef::new("bufferization.clone", CastLike, One)
        .access()
        .allocates(Allocates::Copy),
    OpDef::new("bufferization.alloc_tensor", AllocTensor, One).allocates(Allocates::Tensor),
    OpDef::new("bufferization.dealloc", BufferDealloc, Variadic).memory(Memory::DeallocLists),
    // tensor
    OpDef::new("tensor.empty", TensorEmpty, One),
    OpDef::new("tensor.cast", CastLike, One),
    OpDef::new("tensor.bitcast", CastLike, One),
    OpDef::new("tensor.extract_slice", Subview, One),
    OpDef::new("tensor.insert_slice", InsertSlice, One),
    OpDef::new("tensor.collapse_shape", Reshape, One),
    OpDef::new("tensor.expand_shape", Reshape, One),
    OpDef::new("tensor.extract", Load, One),
    OpDef::new("tensor.insert", TensorInsert, One),
    OpDef::new("tensor.dim", Dim, One),
    OpDef::new("tensor.rank", Rank, One),
    OpDef::new("tensor.pad", Pad, One),
    OpDef::new("tensor.concat", Concat, One),
    OpDef::new("tensor.from_elements", FromElements, One),
    OpDef::new("tensor.yield", Terminator, Zero).yields(),
    // affine: loop-carried memrefs leave their block, as in scf.
    OpDef::new("affine.for", AffineFor, Variadic)
        .sequential()
        .escape(Yield)
        .trips(Trips::Unknown),
    OpDef::new("affine.if", AffineIf, Variadic).exclusive(Choice::IntegerSet),
    OpDef::new("affine.parallel", AffineParallel, Variadic)
        .escape(Yield)
        .trips(Trips::Unknown),
    OpDef::new("affine.yield", Terminator, Zero).yields(),
    OpDef::new("affine.load", AffineLoad, One).access(),
    OpDef::new("affine.store", AffineStore, Zero).memory(Memory::StoreValue),
    OpDef::generic("affine.vector_load", One).access(),
    OpDef::generic("affine.vector_store", Zero).access(),
    OpDef::generic("affine.prefetch", Zero).access(),
    OpDef::new("affine.apply", AffineApply, One),
    OpDef::new("affine.min", AffineApply, One),
    OpDef::new("affine.max", AffineApply, One),
    OpDef::new("affine.delinearize_index", DelinearizeIndex, Variadic),
    // vector: loads and stores read and write through their memref operand wherever it
    // stands; the values they store are vectors, never memrefs.
    OpDef::new("vector.load", VectorLoad, One).access(),
    OpDef::new("vector.store", VectorStore, Zero).access(),
    OpDef::generic("vector.maskedload", One).access(),
    OpDef::generic("vector.maskedstore", Zero).access(),
    OpDef::new("vector.transfer_read", TransferRead, One).access(),
    OpDef::new("vector.transfer_write", TransferWrite, Variadic).access(),
    OpDef::generic("vector.gather", One).access(),
    OpDef::generic("vector.scatter", Variadic).access(),
    OpDef::generic("vector.expandload", One).access(),
    OpDef::generic("vector.compressstore", Zero).access(),
    OpDef::new("vector.broadcast", CastLike, One),
    OpDef::new("vector.create_mask", CreateMask, One),
    OpDef::new("vector.fma", Elementwise, One),
    OpDef::new("vector.constant_mask", ConstantMask, One),
    OpDef::new("vector.shape_cast", CastLike, One),
    OpDef::new("vector.bitcast", CastLike, One),
    OpDef::new("vector.extract_strided_slice", CastLike, One),
    OpDef::new("vector.insert_strided_slice", InsertStridedSlice, One),
    OpDef::new("vector.transpose", VectorTranspose, One),
    OpDef::new("vector.extract", VectorExtract, One),
    OpDef::new("vector.insert", VectorInsert, One),
    OpDef::new("vector.reduction", Reduction, One),
];

/// Every `linalg` op without a row of its own: structured ops that access their operands
/// and run their body element by element.
pub static STRUCTURED: OpDef = OpDef::structured("linalg.*", StructuredForm::Named);

/// Every `llvm` op: a memref that reaches the LLVM dialect is a pointer.
pub static LLVM: OpDef = OpDef::generic("llvm.*", Variadic).escape(PointerTaken);

/// The row of an op name.
pub fn lookup(name: &str) -> Option<&'static OpDef> {
    static BY_NAME: LazyLock<FxHashMap<&'static str, &'static OpDef>> =
        LazyLock::new(|| OPS.iter().map(|d| (d.name, d)).collect());
    if let Some(&def) = BY_NAME.get(name) {
        return Some(def);
    }
    match name.split_once('.') {
        Some(("linalg", _)) => Some(&STRUCTURED),
        Some(("llvm", _)) => Some(&LLVM),
        _ => None,
    }
}

/// What bufreuse assumes of an op without a row: what `OpDef::generic` gives, that is no
/// memref effect the analysis models, regions that may run at the same time, and nothing it
/// knows to allocate, repeat or speculate.
pub static UNKNOWN: OpDef = OpDef::generic("", Variadic);

/// The row of an op name, or `UNKNOWN` for a name without one: for the columns, where an op
/// bufreuse does not know gets what `UNKNOWN` says.
pub fn row(name: &str) -> &'static OpDef {
    lookup(name).unwrap_or(&UNKNOWN)
}

/// Whether the regions of an op run one at a time (an op without a row is not known to).
pub fn regions_run_in_order(name: &str) -> bool {
    row(name).regions != Regions::Concurrent
}

/// Whether at most one region of an op runs each time it runs (`scf.if`, `affine.if`,
/// `scf.index_switch`): ops in two of its regions never both run.
pub fn regions_exclusive(name: &str) -> bool {
    matches!(row(name).regions, Regions::Exclusive(_))
}

/// The ops without a row of their own whose regions are isolated from above (see
/// `OpDef::isolated`), taken from MLIR's dialects. They stay a list because bufreuse reads
/// them in generic form only and knows nothing else of them; `llvm.func` shares the row of
/// every `llvm` op (`LLVM`), which cannot say it of one op only. An op neither here nor
/// marked in its row (an unregistered `test.func`) is never isolated, as in mlir-opt.
pub static ISOLATED_WITHOUT_ROWS: &[&str] = &[
    "llvm.func",
    "gpu.module",
    "gpu.func",
    "spirv.module",
    "spirv.func",
    "emitc.func",
    "ml_program.func",
    "ml_program.subgraph",
    "transform.named_sequence",
];

/// The custom syntax class of an op name, if it has a custom form bufreuse reads.
pub fn syntax_class(name: &str) -> Option<OpClass> {
    lookup(name).and_then(|d| d.syntax)
}

/// How the custom form of structured op `name` shows its body and results (`Named` for an
/// op without a row).
pub fn structured_form(name: &str) -> StructuredForm {
    lookup(name).map_or(StructuredForm::Named, |d| d.structured)
}

/// The keywords of `arith::AtomicRMWKind`, in MLIR's numbering (the `kind` property of
/// `memref.atomic_rmw`, the `reductions` of `affine.parallel`).
pub const ATOMIC_RMW_KINDS: [&str; 16] = [
    "addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf",
    "mins", "minu", "mulf", "muli", "ori", "xori",
];

/// Predicate keywords of `arith.cmpi` and `arith.cmpf`, in MLIR's numbering.
pub const CMPI_PREDICATES: [&str; 10] = [
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
pub const CMPF_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// The predicate keyword of comparison `op` (`arith.cmpi` or `arith.cmpf`) with number `n`.
pub fn predicate_name(op: &str, n: i64) -> Option<&'static str> {
    let table: &[&'static str] = if op == "arith.cmpi" {
        &CMPI_PREDICATES
    } else {
        &CMPF_PREDICATES
    };
    usize::try_from(n).ok().and_then(|i| table.get(i).copied())
}

/// The ranks a `vector.transfer_read/write` maps between: the source's (or destination's)
/// rank and the number of vector dims the permutation map gives (those of the vector type
/// beyond the element's own, when the source holds vectors). `None` for a type written
/// through an alias or unranked.
pub fn transfer_ranks(source: &Type, vector: &Type) -> Option<(usize, usize)> {
    let (rank, elem) = match source {
        Type::MemRef(m) => (m.shape.as_ref()?.len(), &m.elem),
        Type::Tensor {
            shape: Some(s),
            elem,
            ..
        } => (s.len(), &**elem),
        _ => return None,
    };
    let Type::Vector { shape, .. } = vector else {
        return None;
    };
    let inner = match elem {
        Type::Vector { shape, .. } => shape.len(),
        _ => 0,
    };
    Some((rank, shape.len().checked_sub(inner)?))
}

/// The permutation map a transfer op takes when none is written: the minor identity from
/// `rank` dims to the last `results` of them (`affine_map<(d0, d1) -> (d1)>`), as MLIR
/// prints it.
pub fn minor_identity_map(rank: usize, results: usize) -> Option<String> {
    let first = rank.checked_sub(results)?;
    let dims: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    Some(format!(
        "affine_map<({}) -> ({})>",
        dims.join(", "),
        dims[first..].join(", ")
    ))
}

/// The values of `linalg.winograd_*`'s `fmr` enum, in MLIR's numbering.
pub const WINOGRAD_FMR: [&str; 3] = ["F_2_3", "F_4_3", "F_2_5"];

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// The README says how many ops bufreuse reads and prints in custom form: the rows with a
    /// syntax class, but for the structured ops of a syntax of their own (generic form only).
    /// This keeps that number true.
    #[test]
    fn readme_counts_the_ops_in_custom_form() {
        let n = OPS
            .iter()
            .filter(|d| d.syntax.is_some() && d.structured != StructuredForm::Own)
            .count();
        let claim = format!("custom forms of {n} ops");
        // Read when the test runs, so that editing the README does not rebuild the crate.
        let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
            .expect("README.md");
        assert!(
            readme.contains(&claim),
            "README.md should say `{claim}` (the rows of src/ir/ops.rs in custom form)"
        );
    }

    #[test]
    fn every_name_has_one_row() {
        let mut names: Vec<&str> = OPS.iter().map(|d| d.name).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a name has two rows");
    }

    #[test]
    fn rows_agree_with_their_syntax() {
        for d in OPS {
            // Terminators have no results, and those with a custom form are of a terminator
            // class.
            if d.terminator {
                assert_eq!(d.results, Zero, "{}", d.name);
            }
            if let Some(class) = d.syntax {
                let terminator_class = matches!(
                    class,
                    Terminator | Br | CondBr | Condition | Reduce | Switch | AtomicYield
                );
                assert_eq!(d.terminator, terminator_class, "{}", d.name);
            }
            assert!(d.name.contains('.'), "{} has no dialect", d.name);
        }
    }

    #[test]
    fn dialect_rows_cover_the_rest_of_linalg_and_llvm() {
        assert_eq!(syntax_class("linalg.matmul"), Some(Structured));
        assert_eq!(syntax_class("linalg.generic"), Some(Generic));
        assert_eq!(syntax_class("linalg.yield"), Some(Terminator));
        assert_eq!(
            lookup("llvm.store").map(|d| d.memory),
            Some(Memory::Escape(PointerTaken))
        );
        assert_eq!(lookup("test.op"), None);
        assert_eq!(syntax_class("vector.load"), Some(VectorLoad));
        assert_eq!(syntax_class("linalg.pack"), Some(Pack));
        assert_eq!(syntax_class("vector.maskedload"), None);
    }

    #[test]
    fn only_elementwise_rows_have_elementwise_types() {
        for d in OPS {
            if d.elementwise_types != ElementwiseTypes::Same {
                assert_eq!(d.syntax, Some(Elementwise), "{}", d.name);
            }
        }
        let types = |name| lookup(name).map(|d| d.elementwise_types);
        assert_eq!(types("math.fpowi"), Some(EachOperand));
        assert_eq!(types("math.isnan"), Some(OperandToBool));
        assert_eq!(types("arith.addf"), Some(ElementwiseTypes::Same));
    }

    #[test]
    fn isolated_ops_are_marked_once() {
        let marked: Vec<&str> = OPS.iter().filter(|d| d.isolated).map(|d| d.name).collect();
        assert_eq!(marked, ["builtin.module", "func.func"]);
        for name in ISOLATED_WITHOUT_ROWS {
            assert!(
                lookup(name).is_none_or(|d| d.is_dialect_wide()),
                "{name} has a row: mark it there"
            );
        }
    }

    /// The rows that say an op makes or frees a buffer, loops, or may be computed again,
    /// listed once more here so that a change to them is a deliberate one.
    #[test]
    fn behaviour_columns() {
        let names = |keep: &dyn Fn(&OpDef) -> bool| -> Vec<&str> {
            OPS.iter().filter(|d| keep(d)).map(|d| d.name).collect()
        };
        assert_eq!(
            names(&|d| d.allocates != Allocates::Nothing),
            [
                "memref.alloc",
                "memref.alloca",
                "bufferization.clone",
                "bufferization.alloc_tensor"
            ]
        );
        assert_eq!(names(&|d| d.memory == Memory::Free), ["memref.dealloc"]);
        assert_eq!(
            names(&|d| d.memory == Memory::DeallocLists),
            ["bufferization.dealloc"]
        );
        assert_eq!(names(&|d| d.trips == Trips::Bounds), ["scf.for"]);
        assert_eq!(
            names(&|d| d.trips == Trips::Unknown && d.syntax != Some(Structured)),
            [
                "memref.generic_atomic_rmw",
                "scf.while",
                "scf.parallel",
                "scf.forall",
                "scf.reduce",
                "linalg.generic",
                "affine.for",
                "affine.parallel"
            ]
        );
        assert_eq!(STRUCTURED.trips, Trips::Unknown);
        // The structured ops with rows of their own differ from the others in their form only.
        for d in OPS.iter().filter(|d| d.syntax == Some(Structured)) {
            let with_dialect_name = OpDef {
                name: STRUCTURED.name,
                structured: StructuredForm::Named,
                ..*d
            };
            assert_eq!(with_dialect_name, STRUCTURED, "{}", d.name);
        }
        assert_eq!(
            names(&|d| d.branch_results()),
            ["scf.if", "scf.index_switch"]
        );
        assert_eq!(names(&|d| d.returns()), ["func.return"]);
        for d in OPS {
            if d.speculatable != Speculatable::No {
                assert!(d.name.starts_with("arith."), "{}", d.name);
                assert_eq!(d.results, One, "{}", d.name);
            }
            if matches!(d.regions, Regions::Exclusive(_)) {
                assert_eq!(d.trips, Trips::Once, "{}", d.name);
            }
        }
        assert_eq!(row("test.op"), &UNKNOWN);
    }

    #[test]
    fn default_transfer_maps() {
        assert_eq!(
            minor_identity_map(2, 1).as_deref(),
            Some("affine_map<(d0, d1) -> (d1)>")
        );
        assert_eq!(
            minor_identity_map(0, 0).as_deref(),
            Some("affine_map<() -> ()>")
        );
        assert_eq!(minor_identity_map(1, 2), None);
    }
}

#!/usr/bin/env python3
"""Random executable MLIR programs on tensors for bufreuse's pipeline tests (seeded, deterministic).

Usage:
  gen_tensor_programs.py --seed S [-o FILE]            one program (stdout by default)
  gen_tensor_programs.py --seeds A:B --out-dir DIR     programs gen_A.mlir .. gen_{B-1}.mlir

The same seed gives the same bytes on every machine (only Python's seeded `random.Random`).
`tests/tools/tensor_programs_selftest.py` bufferizes the programs with `mlir-opt
--one-shot-bufferize` and checks bufreuse at the three places of MLIR's deallocation pipeline.

The programs are written in the linalg-on-tensors, tensor, arith, scf and func dialects, with
`f32` data only. Bufferize them with

  mlir-opt --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops
                                 function-boundary-type-conversion=identity-layout-map"

(`allow-return-allocs-from-loops` because `scf.for` bodies yield fresh tensors); no pass is
needed before it. Each program has

  * `func.func @main()` (no arguments, no results), which builds the input tensors with
    non-uniform values (`linalg.generic` over `linalg.index`, or `tensor.generate`), passes
    `tensor.cast`s of static tensors where a worker takes `tensor<?xCxf32>`, calls every
    worker (one of them twice, on other inputs) and prints every result with
    `@printMemrefF32` through `bufferization.to_buffer ... read_only` and a `memref.cast` to
    `memref<*xf32>`;
  * one to three worker functions `@worker_N`, with one to three tensor arguments (static
    `tensor<RxCxf32>` or dynamic `tensor<?x8xf32>`) and an `index` argument `%n` (a constant
    0 to 4 of `@main`), returning one or two tensors. Their bodies are random chains of
      - chains of elementwise steps, each reading only the tensor the step before made, also
        over a `1xC` row read with the map `(d0, d1) -> (0, d1)` (feature
        `elementwise-chain`),
      - elementwise `linalg.generic` (add, sub, mul, maximumf, affine maps of one operand;
        `tensor.empty` outs, sized by `tensor.dim` for dynamic shapes),
      - `linalg.fill` (a value of its own, or the init of an accumulating `linalg.generic`),
      - `linalg.matmul` (with a weight tensor built in the worker, or a live tensor),
      - reductions (row sums/maxima broadcast back over the rows; whole-tensor sums read as
        an `f32` with `tensor.extract` and added to a tensor),
      - `tensor.extract_slice` / `tensor.insert_slice` (a slice transformed and inserted into
        a live tensor),
      - `tensor.collapse_shape` / `tensor.expand_shape` round trips (through one or two
        dimensions, a transformation in between),
      - `tensor.cast` between `tensor<?xCxf32>` and the static shape of the same size,
      - calls of helper functions (below),
      - `scf.for` with one or two tensor `iter_args` (constant trip count or `%n`; the body
        accumulates elementwise steps, also with the induction variable as data, and may
        hold calls, `scf.if` and the other operations),
      - `scf.if` yielding one or two tensors (condition: `%n`, a loop induction variable or
        two constants compared with `arith.cmpi`), each branch computing fresh tensors or
        yielding live ones;
  * helper functions, each defined once per kind and type:
      - `@id_N`: returns an argument (`return %arg0`, or with two arguments one of them),
      - `@fresh_N(tensor<?xCxf32>)`: returns a fresh tensor sized by `tensor.dim` of its
        argument (`tensor.empty(%d)` written by a `linalg.generic`, or by `linalg.fill` and
        an accumulating `linalg.generic`); callers with a static tensor cast it to the
        dynamic type and the result back,
      - `@sum_N`: only reads its argument and returns an `f32` (a whole-tensor reduction),
      - `@norm_N`: only reads its argument and returns a new tensor of the same type (the
        argument less its row means, through a row reduction).

Almost everything computed reaches the printed output (the argument that a two-argument
`@id_N` does not return is the exception): at the end of a worker, of a loop body and of an
`scf.if` branch, the tensors created there that nothing read are summed (`linalg.generic`
reductions to `tensor<f32>`, `tensor.extract`) and the scaled sum is added to the first
result (feature `fold-unused`).

A comment at the top lists the features a program contains (`// features: ...`).

Values stay in (-4, 4): inputs are small multiples of 0.25 or 0.5, every sum, difference,
product, matmul and reduction is followed by `arith.remf` by 4 (after a scaling for matmuls
and reductions), so no infinity or NaN arises. The programs print nothing that depends on
where the buffers are: nothing uninitialised is ever read (`tensor.empty` is only used as
`outs` of ops that write every element).
"""

import argparse
import os
import random
import sys

ROWS = (4, 8, 12, 16)
COLS = (4, 8, 16)
DYN_ROWS = (4, 6, 8, 12)
FACTORS = ("0.5", "0.75", "1.5", "-0.5", "-1.25", "2.0", "0.25", "-0.75")
OFFSETS = ("0.25", "-1.0", "0.5", "1.25", "-0.5", "0.125")
BINOPS = ("addf", "subf", "mulf", "maximumf")

# The aliases every program defines: identity maps, a row map, the map to a scalar, and
# torch-mlir's read of a dimension of size 1 by the constant 0.
MAPS = [
    "#id1 = affine_map<(d0) -> (d0)>",
    "#id2 = affine_map<(d0, d1) -> (d0, d1)>",
    "#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>",
    "#row = affine_map<(d0, d1) -> (d0)>",
    "#all = affine_map<(d0, d1) -> ()>",
    "#batch = affine_map<(d0, d1) -> (0, d1)>",
]


def tty(shape):
    """The tensor type of a shape (None for a dynamic dimension)."""
    dims = "x".join("?" if d is None else str(d) for d in shape)
    return "tensor<%sxf32>" % dims if dims else "tensor<f32>"


def mty(shape):
    dims = "x".join("?" if d is None else str(d) for d in shape)
    return "memref<%sxf32>" % dims


def idmap(rank):
    return "#id%d" % rank


def iters(kinds):
    return "[%s]" % ", ".join('"%s"' % k for k in kinds)


class Val:
    """A live tensor: its SSA name and its shape (rows may be None: dynamic, with the
    worker's run-time row count)."""

    def __init__(self, name, shape):
        self.name = name
        self.shape = tuple(shape)
        self.used = False  # read by some operation (else folded into a result, see `fold`)

    @property
    def type(self):
        return tty(self.shape)

    @property
    def dynamic(self):
        return None in self.shape


class Fn:
    """The text of one function being built; names are unique within it."""

    def __init__(self, dyn_rows=None):
        self.lines = []
        self.ind = 1
        self.n = 0
        self.dyn_rows = dyn_rows  # run-time rows of every `tensor<?x...>` of a worker
        self.ivs = []  # induction variables of the enclosing loops

    def new(self, prefix="v"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def emit(self, text):
        self.lines.append("  " * self.ind + text)

    def const_index(self, k):
        name = self.new("ci")
        self.emit("%s = arith.constant %d : index" % (name, k))
        return name

    def dim(self, val, d=0):
        name = self.new("d")
        self.emit("%s = tensor.dim %s, %%c%d : %s" % (name, val.name, d, val.type))
        return name


class TensorGen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.features = {}
        self.helpers = {}  # (kind, type) -> name
        self.helper_texts = []
        self.n_helpers = 0

    def feature(self, name):
        self.features[name] = self.features.get(name, 0) + 1

    # -- emission of common pieces ---------------------------------------------------------

    def empty(self, fn, shape, like=None):
        """`tensor.empty` of `shape`; its dynamic dimensions are those of `like` (a Val)."""
        sizes = []
        for i, d in enumerate(shape):
            if d is None:
                sizes.append(fn.dim(like, i))
        name = fn.new("e")
        fn.emit("%s = tensor.empty(%s) : %s" % (name, ", ".join(sizes), tty(shape)))
        return name

    def fill(self, fn, shape, value, like=None):
        e = self.empty(fn, shape, like)
        k = fn.new("k")
        fn.emit("%s = arith.constant %s : f32" % (k, value))
        name = fn.new("f")
        fn.emit(
            "%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s"
            % (name, k, e, tty(shape), tty(shape))
        )
        self.feature("linalg.fill")
        return name

    def generic(self, fn, ins, out, out_shape, maps, kinds, body):
        """A `linalg.generic` of the inputs `ins` ([(name, type)]) into `out` (a tensor of
        `out_shape`); `maps` has one map per input and one for `out`; `body(args)` emits the
        block body (at the current indent) and returns the yielded value."""
        res = fn.new("t")
        args = [fn.new("a") for _ in range(len(ins) + 1)]
        head = "%s = linalg.generic {indexing_maps = [%s], iterator_types = %s}" % (
            res,
            ", ".join(maps),
            iters(kinds),
        )
        if ins:
            head += " ins(%s : %s)" % (
                ", ".join(n for n, _ in ins),
                ", ".join(t for _, t in ins),
            )
        head += " outs(%s : %s) {" % (out, tty(out_shape))
        fn.emit(head)
        fn.emit("^bb0(%s):" % ", ".join("%s: f32" % a for a in args))
        fn.ind += 1
        y = body(args)
        fn.emit("linalg.yield %s : f32" % y)
        fn.ind -= 1
        fn.emit("} -> %s" % tty(out_shape))
        return res

    def bound(self, fn, x):
        q = fn.new("q")
        fn.emit("%s = arith.constant 4.0 : f32" % q)
        y = fn.new("y")
        fn.emit("%s = arith.remf %s, %s : f32" % (y, x, q))
        return y

    def binop(self, fn, kind, x, y):
        z = fn.new("y")
        fn.emit("%s = arith.%s %s, %s : f32" % (z, kind, x, y))
        return z if kind == "maximumf" else self.bound(fn, z)

    def affine(self, fn, x, k=None, c=None, extra=None):
        """`x * k + c (+ extra)`, bounded."""
        k = k or self.r.choice(FACTORS)
        c = c or self.r.choice(OFFSETS)
        kk, cc = fn.new("k"), fn.new("k")
        fn.emit("%s = arith.constant %s : f32" % (kk, k))
        fn.emit("%s = arith.constant %s : f32" % (cc, c))
        m = fn.new("y")
        fn.emit("%s = arith.mulf %s, %s : f32" % (m, x, kk))
        s = fn.new("y")
        fn.emit("%s = arith.addf %s, %s : f32" % (s, m, cc))
        if extra is not None:
            s2 = fn.new("y")
            fn.emit("%s = arith.addf %s, %s : f32" % (s2, s, extra))
            s = s2
        return self.bound(fn, s)

    def unary(self, fn, val, extra=None):
        """A fresh tensor: an affine map of every element of `val` (plus `extra`, an f32)."""
        shape = val.shape
        e = self.empty(fn, shape, val)
        rank = len(shape)
        name = self.generic(
            fn,
            [(val.name, val.type)],
            e,
            shape,
            [idmap(rank)] * 2,
            ["parallel"] * rank,
            lambda a: self.affine(fn, a[0], extra=extra),
        )
        return Val(name, shape)

    def pattern_value(self, fn, idx):
        """Emits the value of a pattern at the indices `idx` (index values): a small multiple
        of 0.25 or 0.5 that varies with every index."""
        r = self.r
        p = r.choice((5, 7, 9, 11, 13))
        scale = "0.5" if p <= 7 else "0.25"
        acc = None
        for i in idx:
            a = fn.const_index(r.randint(1, 12))
            m = fn.new("i")
            fn.emit("%s = arith.muli %s, %s : index" % (m, i, a))
            if acc is None:
                acc = m
            else:
                s = fn.new("i")
                fn.emit("%s = arith.addi %s, %s : index" % (s, acc, m))
                acc = s
        b = fn.const_index(r.randint(0, 9))
        s = fn.new("i")
        fn.emit("%s = arith.addi %s, %s : index" % (s, acc, b))
        pc = fn.const_index(p)
        rem = fn.new("i")
        fn.emit("%s = arith.remui %s, %s : index" % (rem, s, pc))
        i32 = fn.new("i")
        fn.emit("%s = arith.index_cast %s : index to i32" % (i32, rem))
        f = fn.new("y")
        fn.emit("%s = arith.sitofp %s : i32 to f32" % (f, i32))
        half, sc = fn.new("k"), fn.new("k")
        fn.emit("%s = arith.constant %d.0 : f32" % (half, p // 2))
        fn.emit("%s = arith.constant %s : f32" % (sc, scale))
        d = fn.new("y")
        fn.emit("%s = arith.subf %s, %s : f32" % (d, f, half))
        v = fn.new("y")
        fn.emit("%s = arith.mulf %s, %s : f32" % (v, d, sc))
        return v

    def pattern(self, fn, shape):
        """A static tensor of `shape` with non-uniform values."""
        if self.r.random() < 0.5:
            self.feature("tensor.generate")
            name = fn.new("g")
            idx = [fn.new("j") for _ in shape]
            fn.emit("%s = tensor.generate {" % name)
            fn.emit("^bb0(%s):" % ", ".join("%s: index" % i for i in idx))
            fn.ind += 1
            v = self.pattern_value(fn, idx)
            fn.emit("tensor.yield %s : f32" % v)
            fn.ind -= 1
            fn.emit("} : %s" % tty(shape))
            return name
        self.feature("linalg.index")
        e = self.empty(fn, shape)
        rank = len(shape)

        def body(a):
            idx = []
            for d in range(rank):
                i = fn.new("j")
                fn.emit("%s = linalg.index %d : index" % (i, d))
                idx.append(i)
            return self.pattern_value(fn, idx)

        return self.generic(fn, [], e, shape, [idmap(rank)], ["parallel"] * rank, body)

    # -- helper functions ------------------------------------------------------------------

    def helper(self, kind, shape, nargs=1, ret=0):
        key = (kind, shape, nargs, ret)
        if key in self.helpers:
            return self.helpers[key]
        name = "@%s_%d" % (kind, self.n_helpers)
        self.n_helpers += 1
        fn = Fn()
        t = tty(shape)
        params = ["%%arg%d: %s" % (i, t) for i in range(nargs)]
        result = "f32" if kind == "sum" else t
        fn.emit("%c0 = arith.constant 0 : index")
        arg = Val("%arg0", shape)
        if kind == "id":
            comment = "returns its argument %%arg%d" % ret
            out = "%%arg%d" % ret
        elif kind == "fresh":
            comment = "returns a fresh tensor sized by tensor.dim of its argument"
            d = fn.new("d")
            fn.emit("%s = tensor.dim %%arg0, %%c0 : %s" % (d, t))
            e = fn.new("e")
            fn.emit("%s = tensor.empty(%s) : %s" % (e, d, t))
            if self.r.random() < 0.5:
                out = self.generic(
                    fn,
                    [("%arg0", t)],
                    e,
                    shape,
                    [idmap(2)] * 2,
                    ["parallel"] * 2,
                    lambda a: self.affine(fn, a[0]),
                )
            else:
                k = fn.new("k")
                fn.emit("%s = arith.constant %s : f32" % (k, self.r.choice(OFFSETS)))
                f = fn.new("f")
                fn.emit("%s = linalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (f, k, e, t, t))
                self.feature("linalg.fill")
                op = self.r.choice(BINOPS)
                out = self.generic(
                    fn,
                    [("%arg0", t)],
                    f,
                    shape,
                    [idmap(2)] * 2,
                    ["parallel"] * 2,
                    lambda a: self.binop(fn, op, a[0], a[1]),
                )
        elif kind == "sum":
            comment = "only reads its argument: the sum of its elements"
            z = self.fill(fn, (), "0.0")
            red = self.generic(
                fn,
                [("%arg0", t)],
                z,
                (),
                [idmap(2), "#all"],
                ["reduction", "reduction"],
                lambda a: self.reduce_step(fn, "addf", a),
            )
            out = fn.new("s")
            fn.emit("%s = tensor.extract %s[] : tensor<f32>" % (out, red))
            self.feature("reduction")
        else:  # norm
            comment = "only reads its argument: a new tensor, the argument less its row means"
            out = self.rowreduce(fn, arg, "addf").name
        fn.emit("return %s : %s" % (out, result))
        text = ["// %s: %s" % (name, comment)]
        text.append("func.func %s(%s) -> %s {" % (name, ", ".join(params), result))
        text += fn.lines
        text.append("}")
        self.helper_texts.append("\n".join(text))
        self.helpers[key] = name
        return name

    def reduce_step(self, fn, kind, a):
        y = fn.new("y")
        fn.emit("%s = arith.%s %s, %s : f32" % (y, kind, a[0], a[1]))
        return y

    def rowreduce(self, fn, val, kind):
        """Row sums (or maxima) of `val`, broadcast back: `val - rowsum/16` (or
        `max(val, rowmax/2)`), bounded."""
        rows = val.shape[0]
        init = "0.0" if kind == "addf" else "-8.0"
        z = self.fill(fn, (rows,), init, val)
        red = self.generic(
            fn,
            [(val.name, val.type)],
            z,
            (rows,),
            [idmap(2), "#row"],
            ["parallel", "reduction"],
            lambda a: self.reduce_step(fn, kind, a),
        )
        self.feature("reduction")
        e = self.empty(fn, val.shape, val)

        def body(a):
            k = fn.new("k")
            fn.emit("%s = arith.constant %s : f32" % (k, "0.0625" if kind == "addf" else "0.5"))
            m = fn.new("y")
            fn.emit("%s = arith.mulf %s, %s : f32" % (m, a[1], k))
            if kind == "addf":
                return self.binop(fn, "subf", a[0], m)
            return self.binop(fn, "maximumf", a[0], m)

        name = self.generic(
            fn,
            [(val.name, val.type), (red, tty((rows,)))],
            e,
            val.shape,
            [idmap(2), "#row", idmap(2)],
            ["parallel", "parallel"],
            body,
        )
        return Val(name, val.shape)

    # -- worker operations -----------------------------------------------------------------

    def pick(self, env, pred=None, use=True):
        """A value of `env` (satisfying `pred`), often one of the newest; `use`: it is read."""
        cands = [v for v in env if pred is None or pred(v)]
        if not cands:
            return None
        if len(cands) > 3 and self.r.random() < 0.7:
            v = self.r.choice(cands[-3:])
        else:
            v = self.r.choice(cands)
        if use:
            v.used = True
        return v

    def same_type(self, env, val):
        return self.pick(env, lambda v: v.shape == val.shape)

    def op_binary(self, fn, env, a=None):
        a = a or self.pick(env)
        b = self.same_type(env, a)
        kind = self.r.choice(BINOPS)
        self.feature("elementwise-" + kind)
        e = self.empty(fn, a.shape, a)
        name = self.generic(
            fn,
            [(a.name, a.type), (b.name, b.type)],
            e,
            a.shape,
            [idmap(2)] * 3,
            ["parallel"] * 2,
            lambda x: self.binop(fn, kind, x[0], x[1]),
        )
        return Val(name, a.shape)

    def op_unary(self, fn, env, a=None):
        a = a or self.pick(env)
        extra = None
        if fn.ivs and self.r.random() < 0.6:
            iv = fn.ivs[-1]
            i32 = fn.new("i")
            fn.emit("%s = arith.index_cast %s : index to i32" % (i32, iv))
            f = fn.new("s")
            fn.emit("%s = arith.sitofp %s : i32 to f32" % (f, i32))
            k = fn.new("k")
            fn.emit("%s = arith.constant 0.5 : f32" % k)
            extra = fn.new("s")
            fn.emit("%s = arith.mulf %s, %s : f32" % (extra, f, k))
            self.feature("induction-variable-as-data")
        self.feature("elementwise-affine")
        return self.unary(fn, a, extra)

    def op_chain(self, fn, env):
        """A chain of two to four elementwise steps, each reading only the tensor the step
        before made (so that it dies there: bufreuse may write each step in place over the
        one before); sometimes also a chain over the first row (a `1xC` tensor read with the
        map `(d0, d1) -> (0, d1)`, as torch-mlir reads a batch of 1), added back to every row."""
        a = self.pick(env, lambda v: not v.dynamic)
        if a is None:
            return self.op_unary(fn, env)
        self.feature("elementwise-chain")
        v = a
        for _ in range(self.r.randint(2, 4)):
            v = self.unary(fn, v)
        if self.r.random() < 0.5:
            self.feature("elementwise-chain-batch")
            cols = v.shape[1]
            row = Val(fn.new("r"), (1, cols))
            fn.emit(
                "%s = tensor.extract_slice %s[0, 0] [1, %d] [1, 1] : %s to %s"
                % (row.name, v.name, cols, v.type, row.type)
            )
            for _ in range(self.r.randint(1, 3)):
                e = self.empty(fn, row.shape)
                name = self.generic(
                    fn,
                    [(row.name, row.type)],
                    e,
                    row.shape,
                    ["#batch", idmap(2)],
                    ["parallel"] * 2,
                    lambda x: self.affine(fn, x[0]),
                )
                row = Val(name, row.shape)
            e = self.empty(fn, v.shape)
            name = self.generic(
                fn,
                [(row.name, row.type), (v.name, v.type)],
                e,
                v.shape,
                ["#batch", idmap(2), idmap(2)],
                ["parallel"] * 2,
                lambda x: self.binop(fn, "addf", x[0], x[1]),
            )
            v = Val(name, v.shape)
        return v

    def op_fill(self, fn, env):
        a = self.pick(env, use=False)
        f = self.fill(fn, a.shape, self.r.choice(OFFSETS), a)
        if self.r.random() < 0.5:
            return Val(f, a.shape)
        a.used = True
        # The fill as the init of an accumulating generic: out = bound(out + a * k).
        self.feature("fill-accumulate")
        k = self.r.choice(FACTORS)

        def body(x):
            kk = fn.new("k")
            fn.emit("%s = arith.constant %s : f32" % (kk, k))
            m = fn.new("y")
            fn.emit("%s = arith.mulf %s, %s : f32" % (m, x[0], kk))
            return self.binop(fn, "addf", x[1], m)

        name = self.generic(
            fn, [(a.name, a.type)], f, a.shape, [idmap(2)] * 2, ["parallel"] * 2, body
        )
        return Val(name, a.shape)

    def op_matmul(self, fn, env):
        a = self.pick(env)
        m, k = a.shape
        w = self.pick(env, lambda v: v.shape[0] == k and v.shape[1] is not None)
        if w is None or a.dynamic or self.r.random() < 0.5:
            n = k if a.dynamic else self.r.choice(COLS)
            w = Val(self.pattern(fn, (k, n)), (k, n))
            self.feature("matmul-weights")
        n = w.shape[1]
        out = (m, n)
        z = self.fill(fn, out, "0.0", a)
        mm = fn.new("t")
        fn.emit(
            "%s = linalg.matmul ins(%s, %s : %s, %s) outs(%s : %s) -> %s"
            % (mm, a.name, w.name, a.type, w.type, z, tty(out), tty(out))
        )
        self.feature("linalg.matmul")
        res = Val(mm, out)
        e = self.empty(fn, out, a)
        name = self.generic(
            fn,
            [(mm, tty(out))],
            e,
            out,
            [idmap(2)] * 2,
            ["parallel"] * 2,
            lambda x: self.affine(fn, x[0], k="0.125", c="0.0"),
        )
        del res
        return Val(name, out)

    def op_rowreduce(self, fn, env):
        a = self.pick(env)
        return self.rowreduce(fn, a, self.r.choice(("addf", "maximumf")))

    def op_scalar(self, fn, env):
        """A whole-tensor sum (inline or by a `@sum_N` helper), added to a tensor."""
        a = self.pick(env)
        if self.r.random() < 0.6:
            h = self.helper("sum", a.shape)
            s = fn.new("s")
            fn.emit("%s = func.call %s(%s) : (%s) -> f32" % (s, h, a.name, a.type))
            self.feature("call-read-only-scalar")
        else:
            z = self.fill(fn, (), "0.0")
            red = self.generic(
                fn,
                [(a.name, a.type)],
                z,
                (),
                [idmap(2), "#all"],
                ["reduction", "reduction"],
                lambda x: self.reduce_step(fn, "addf", x),
            )
            s = fn.new("s")
            fn.emit("%s = tensor.extract %s[] : tensor<f32>" % (s, red))
            self.feature("reduction")
        k = fn.new("k")
        fn.emit("%s = arith.constant 0.015625 : f32" % k)
        sc = fn.new("s")
        fn.emit("%s = arith.mulf %s, %s : f32" % (sc, s, k))
        b = self.pick(env)
        self.feature("scalar-from-reduction")
        return self.unary(fn, b, sc)

    def rows_of(self, fn, val):
        return fn.dyn_rows if val.shape[0] is None else val.shape[0]

    def op_slice(self, fn, env):
        a = self.pick(env)
        dest = self.same_type(env, a)
        rows, cols = self.rows_of(fn, a), a.shape[1]
        h = self.r.randint(1, rows)
        w = self.r.randint(1, cols)
        o0, o1 = self.r.randint(0, rows - h), self.r.randint(0, cols - w)
        p0, p1 = self.r.randint(0, rows - h), self.r.randint(0, cols - w)
        s = fn.new("x")
        fn.emit(
            "%s = tensor.extract_slice %s[%d, %d] [%d, %d] [1, 1] : %s to %s"
            % (s, a.name, o0, o1, h, w, a.type, tty((h, w)))
        )
        t = self.unary(fn, Val(s, (h, w)))
        name = fn.new("t")
        fn.emit(
            "%s = tensor.insert_slice %s into %s[%d, %d] [%d, %d] [1, 1] : %s into %s"
            % (name, t.name, dest.name, p0, p1, h, w, t.type, dest.type)
        )
        self.feature("extract_slice/insert_slice")
        return Val(name, dest.shape)

    def op_reshape(self, fn, env):
        a = self.pick(env)
        rows, cols = a.shape
        self.feature("collapse_shape/expand_shape")
        flat = (None,) if a.dynamic else (rows * cols,)
        c = fn.new("r")
        fn.emit(
            "%s = tensor.collapse_shape %s [[0, 1]] : %s into %s" % (c, a.name, a.type, tty(flat))
        )
        cv = Val(c, flat)
        if a.dynamic:
            cv = self.unary(fn, cv)
            d = fn.dim(a)
            name = fn.new("r")
            fn.emit(
                "%s = tensor.expand_shape %s [[0, 1]] output_shape [%s, %d] : %s into %s"
                % (name, cv.name, d, cols, tty(flat), a.type)
            )
            return Val(name, a.shape)
        total = rows * cols
        mids = [c2 for c2 in (2, 4, 16, 32) if total % c2 == 0 and c2 != cols]
        if mids and self.r.random() < 0.5:
            c2 = self.r.choice(mids)
            mid = (total // c2, c2)
            x = fn.new("r")
            fn.emit(
                "%s = tensor.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
                % (x, c, mid[0], mid[1], tty(flat), tty(mid))
            )
            if self.r.random() < 0.5:
                x = self.unary(fn, Val(x, mid)).name
            y = fn.new("r")
            fn.emit(
                "%s = tensor.collapse_shape %s [[0, 1]] : %s into %s" % (y, x, tty(mid), tty(flat))
            )
            cv = Val(y, flat)
        else:
            cv = self.unary(fn, cv)
        name = fn.new("r")
        fn.emit(
            "%s = tensor.expand_shape %s [[0, 1]] output_shape [%d, %d] : %s into %s"
            % (name, cv.name, rows, cols, tty(flat), a.type)
        )
        return Val(name, a.shape)

    def op_cast(self, fn, env):
        a = self.pick(env, lambda v: v.dynamic or v.shape[0] == fn.dyn_rows)
        if a is None:
            return self.op_unary(fn, env)
        to = (fn.dyn_rows, a.shape[1]) if a.dynamic else (None, a.shape[1])
        name = fn.new("k")
        fn.emit("%s = tensor.cast %s : %s to %s" % (name, a.name, a.type, tty(to)))
        self.feature("tensor.cast")
        return Val(name, to)

    def op_call_id(self, fn, env):
        a = self.pick(env)
        nargs = 1 if self.r.random() < 0.6 else 2
        ret = self.r.randrange(nargs)
        h = self.helper("id", a.shape, nargs, ret)
        args = [a] + [self.same_type(env, a) for _ in range(nargs - 1)]
        self.r.shuffle(args)
        name = fn.new("h")
        fn.emit(
            "%s = func.call %s(%s) : (%s) -> %s"
            % (name, h, ", ".join(v.name for v in args), ", ".join(v.type for v in args), a.type)
        )
        self.feature("call-identity")
        return Val(name, a.shape)

    def op_call_fresh(self, fn, env):
        a = self.pick(env)
        dyn = (None, a.shape[1])
        h = self.helper("fresh", dyn)
        arg = a
        if not a.dynamic:
            arg = Val(fn.new("k"), dyn)
            fn.emit("%s = tensor.cast %s : %s to %s" % (arg.name, a.name, a.type, arg.type))
            self.feature("tensor.cast")
        name = fn.new("h")
        fn.emit("%s = func.call %s(%s) : (%s) -> %s" % (name, h, arg.name, arg.type, arg.type))
        self.feature("call-fresh-sized-by-dim")
        if a.dynamic:
            return Val(name, dyn)
        back = fn.new("k")
        fn.emit("%s = tensor.cast %s : %s to %s" % (back, name, tty(dyn), a.type))
        return Val(back, a.shape)

    def op_call_norm(self, fn, env):
        a = self.pick(env)
        h = self.helper("norm", a.shape)
        name = fn.new("h")
        fn.emit("%s = func.call %s(%s) : (%s) -> %s" % (name, h, a.name, a.type, a.type))
        self.feature("call-read-only-tensor")
        return Val(name, a.shape)

    def fold(self, fn, env, since, target):
        """`target`, or when values created from position `since` of `env` were never read,
        a fresh tensor: `target` plus a scaled sum of all their elements (so that everything
        computed reaches the output)."""
        unused = [v for v in env[since:] if not v.used and v is not target]
        if not unused:
            return target
        total = None
        for v in unused:
            v.used = True
            rank = len(v.shape)
            z = self.fill(fn, (), "0.0")
            red = self.generic(
                fn,
                [(v.name, v.type)],
                z,
                (),
                [idmap(rank), "#all" if rank == 2 else "affine_map<(d0) -> ()>"],
                ["reduction"] * rank,
                lambda x: self.reduce_step(fn, "addf", x),
            )
            s = fn.new("s")
            fn.emit("%s = tensor.extract %s[] : tensor<f32>" % (s, red))
            if total is not None:
                t = fn.new("s")
                fn.emit("%s = arith.addf %s, %s : f32" % (t, total, s))
                s = t
            total = s
        k = fn.new("k")
        fn.emit("%s = arith.constant 0.015625 : f32" % k)
        sc = fn.new("s")
        fn.emit("%s = arith.mulf %s, %s : f32" % (sc, total, k))
        self.feature("fold-unused")
        out = self.unary(fn, target, sc)
        out.used = True
        return out

    def latest(self, env, shape, since):
        """The newest value of `shape` created after position `since` of `env`, if any."""
        for v in reversed(env[since:]):
            if v.shape == shape:
                return v
        return None

    def op_for(self, fn, env, depth):
        r = self.r
        inits = [self.pick(env)]
        if r.random() < 0.35:
            inits.append(self.pick(env))
        if fn.ivs or r.random() < 0.5:
            ub = fn.const_index(r.randint(1, 4))
        else:
            ub = "%n"
            self.feature("scf.for-trip-count-from-argument")
        iv = fn.new("iv")
        accs = [Val(fn.new("acc"), v.shape) for v in inits]
        res = fn.new("l")
        types = ", ".join(v.type for v in inits)
        fn.emit(
            "%s%s = scf.for %s = %%c0 to %s step %%c1 iter_args(%s) -> (%s) {"
            % (
                res,
                ":%d" % len(inits) if len(inits) > 1 else "",
                iv,
                ub,
                ", ".join("%s = %s" % (a.name, v.name) for a, v in zip(accs, inits)),
                types,
            )
        )
        self.feature("scf.for-iter_args")
        if len(inits) > 1:
            self.feature("scf.for-two-iter_args")
        fn.ind += 1
        fn.ivs.append(iv)
        body = env + accs
        since = len(body)
        # Accumulate: the first steps update the iteration arguments.
        for acc in accs:
            if r.random() < 0.6:
                body.append(self.op_binary(fn, body, acc))
            else:
                body.append(self.op_unary(fn, body, acc))
        for _ in range(r.randint(0, 2)):
            body.append(self.step(fn, body, depth + 1))
        yields = []
        for acc in accs:
            v = self.latest(body, acc.shape, since) or acc
            v.used = True
            yields.append(v)
        yields[0] = self.fold(fn, body, since, yields[0])
        fn.emit("scf.yield %s : %s" % (", ".join(v.name for v in yields), types))
        fn.ivs.pop()
        fn.ind -= 1
        fn.emit("}")
        if len(inits) > 1:
            return [Val("%s#%d" % (res, i), v.shape) for i, v in enumerate(inits)]
        return [Val(res, inits[0].shape)]

    def condition(self, fn):
        r = self.r
        pred = r.choice(("slt", "sle", "eq", "ne", "sgt", "uge"))
        choices = ["n", "const"] + (["iv"] * 4 if fn.ivs else [])
        what = r.choice(choices)
        if what == "n":
            lhs = "%n"
            self.feature("scf.if-on-argument")
        elif what == "iv":
            lhs = fn.ivs[-1]
            self.feature("scf.if-on-induction-variable")
        else:
            lhs = fn.const_index(r.randint(0, 4))
            self.feature("scf.if-on-constants")
        rhs = fn.const_index(r.randint(0, 3))
        c = fn.new("cond")
        fn.emit("%s = arith.cmpi %s, %s, %s : index" % (c, pred, lhs, rhs))
        return c

    def op_if(self, fn, env, depth):
        r = self.r
        outs = [self.pick(env, use=False)]
        if r.random() < 0.3:
            outs.append(self.pick(env, use=False))
        shapes = [v.shape for v in outs]
        types = ", ".join(tty(s) for s in shapes)
        c = self.condition(fn)
        res = fn.new("if")
        fn.emit(
            "%s%s = scf.if %s -> (%s) {"
            % (res, ":%d" % len(outs) if len(outs) > 1 else "", c, types)
        )
        self.feature("scf.if-yielding-tensors")
        for branch in range(2):
            fn.ind += 1
            body = list(env)
            since = len(body)
            for _ in range(r.randint(0, 2)):
                body.append(self.step(fn, body, depth + 1))
            ys = []
            for s in shapes:
                v = self.latest(body, s, since)
                if v is None or r.random() < 0.2:
                    if r.random() < 0.6:
                        v = self.unary(fn, self.pick(body, lambda x: x.shape == s))
                    else:
                        v = self.pick(body, lambda x: x.shape == s)
                        self.feature("scf.if-yielding-live-tensor")
                v.used = True
                ys.append(v)
            ys[0] = self.fold(fn, body, since, ys[0])
            fn.emit("scf.yield %s : %s" % (", ".join(v.name for v in ys), types))
            fn.ind -= 1
            fn.emit("} else {" if branch == 0 else "}")
        if len(outs) > 1:
            return [Val("%s#%d" % (res, i), s) for i, s in enumerate(shapes)]
        return [Val(res, shapes[0])]

    def step(self, fn, env, depth):
        """One random operation; returns the new value (the last one for several)."""
        ops = [
            (self.op_binary, 5),
            (self.op_unary, 2),
            (self.op_chain, 2),
            (self.op_fill, 1),
            (self.op_matmul, 2),
            (self.op_rowreduce, 1),
            (self.op_scalar, 1),
            (self.op_slice, 2),
            (self.op_reshape, 1),
            (self.op_cast, 1),
            (self.op_call_id, 2),
            (self.op_call_fresh, 2),
            (self.op_call_norm, 1),
        ]
        if depth < 2:
            ops += [("for", 3 if depth == 0 else 1), ("if", 3 if depth == 0 else 4)]
        total = sum(w for _, w in ops)
        x = self.r.random() * total
        for op, w in ops:
            x -= w
            if x < 0:
                break
        if op == "for":
            vals = self.op_for(fn, env, depth)
        elif op == "if":
            vals = self.op_if(fn, env, depth)
        else:
            return op(fn, env)
        env.extend(vals[:-1])
        return vals[-1]

    # -- workers and main ------------------------------------------------------------------

    def worker(self, idx):
        r = self.r
        dyn_rows = r.choice(DYN_ROWS)
        fn = Fn(dyn_rows)
        shapes = [(r.choice(ROWS), r.choice(COLS)) for _ in range(r.randint(1, 2))]
        if r.random() < 0.4:
            shapes.append((dyn_rows, 8))
        dynamic = r.random() < 0.6
        params = []
        for i in range(r.randint(1, 3)):
            if dynamic and (i == 0 or r.random() < 0.4):
                shape = (None, 8)
                self.feature("dynamic-argument")
            else:
                shape = r.choice(shapes)
            params.append(Val("%%arg%d" % i, shape))
        fn.emit("%c0 = arith.constant 0 : index")
        fn.emit("%c1 = arith.constant 1 : index")
        env = list(params)
        for _ in range(r.randint(4, 8)):
            env.append(self.step(fn, env, 0))
        rets = [env[-1]]
        env[-1].used = True
        if r.random() < 0.5:
            other = self.pick(env[:-1])
            if other is not None:
                rets.append(other)
        rets[0] = self.fold(fn, env, len(params), rets[0])
        fn.emit(
            "return %s : %s"
            % (", ".join(v.name for v in rets), ", ".join(v.type for v in rets))
        )
        name = "@worker_%d" % idx
        results = ", ".join(v.type for v in rets)
        head = "func.func %s(%s, %%n: index) -> (%s) {" % (
            name,
            ", ".join("%s: %s" % (p.name, p.type) for p in params),
            results,
        )
        return {
            "name": name,
            "params": params,
            "rets": rets,
            "dyn_rows": dyn_rows,
            "text": "\n".join([head] + fn.lines + ["}"]),
        }

    def main_fn(self, workers):
        r = self.r
        fn = Fn()
        fn.emit("%c0 = arith.constant 0 : index")
        calls = list(workers)
        calls.append(r.choice(workers))
        printed = 0
        for w in calls:
            args = []
            for p in w["params"]:
                if args and r.random() < 0.15:
                    same = [a for a in args if a.shape == p.shape]
                    if same:
                        args.append(r.choice(same))
                        self.feature("same-tensor-passed-twice")
                        continue
                if p.dynamic:
                    static = (w["dyn_rows"], p.shape[1])
                    t = self.pattern(fn, static)
                    c = fn.new("k")
                    fn.emit("%s = tensor.cast %s : %s to %s" % (c, t, tty(static), p.type))
                    args.append(Val(c, p.shape))
                else:
                    args.append(Val(self.pattern(fn, p.shape), p.shape))
            n = fn.const_index(r.randint(0, 4))
            res = fn.new("r")
            rets = w["rets"]
            fn.emit(
                "%s%s = func.call %s(%s, %s) : (%s, index) -> (%s)"
                % (
                    res,
                    ":%d" % len(rets) if len(rets) > 1 else "",
                    w["name"],
                    ", ".join(a.name for a in args),
                    n,
                    ", ".join(a.type for a in args),
                    ", ".join(v.type for v in rets),
                )
            )
            for i, v in enumerate(rets):
                name = "%s#%d" % (res, i) if len(rets) > 1 else res
                m = fn.new("m")
                fn.emit(
                    "%s = bufferization.to_buffer %s read_only : %s to %s"
                    % (m, name, v.type, mty(v.shape))
                )
                u = fn.new("u")
                fn.emit("%s = memref.cast %s : %s to memref<*xf32>" % (u, m, mty(v.shape)))
                fn.emit("func.call @printMemrefF32(%s) : (memref<*xf32>) -> ()" % u)
                printed += 1
        fn.emit("return")
        return "\n".join(["func.func @main() {"] + fn.lines + ["}"]), printed

    def program(self, seed):
        workers = [self.worker(i) for i in range(self.r.randint(1, 3))]
        main, printed = self.main_fn(workers)
        head = [
            "// Generated by tests/tools/gen_tensor_programs.py --seed %d: do not edit." % seed,
            "// workers %d, helpers %d, printed tensors %d"
            % (len(workers), len(self.helper_texts), printed),
            "// features: %s" % ", ".join(sorted(self.features)),
        ]
        head += MAPS
        head.append(
            "func.func private @printMemrefF32(memref<*xf32>) attributes "
            "{llvm.emit_c_interface}"
        )
        parts = ["\n".join(head)] + self.helper_texts + [w["text"] for w in workers] + [main]
        return "\n\n".join(parts) + "\n"


def generate(seed):
    return TensorGen(seed).program(seed)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, help="one program from this seed")
    p.add_argument("--seeds", help="A:B, the seeds A..B-1 (with --out-dir)")
    p.add_argument("--out-dir", help="directory for gen_SEED.mlir files")
    p.add_argument("-o", dest="output", help="output file (default: stdout)")
    args = p.parse_args(argv)
    if args.seeds is not None:
        if not args.out_dir:
            p.error("--seeds needs --out-dir")
        lo, _, hi = args.seeds.partition(":")
        os.makedirs(args.out_dir, exist_ok=True)
        for s in range(int(lo), int(hi)):
            with open(os.path.join(args.out_dir, "gen_%d.mlir" % s), "w") as f:
                f.write(generate(s))
        return 0
    if args.seed is None:
        p.error("give --seed S or --seeds A:B --out-dir DIR")
    text = generate(args.seed)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Random executable memref programs for bufreuse's equivalence test (seeded, deterministic).

Usage:
  gen_programs.py [--calls] --seed S [-o FILE]           one program (stdout by default)
  gen_programs.py [--calls] --seeds A:B --out-dir DIR    programs gen_A.mlir .. gen_{B-1}.mlir
  gen_programs.py --dynamic (--seed S | --seeds A:B --out-dir DIR)
                                                         temporaries with dynamic shapes

The same seed gives the same bytes on every machine (only Python's seeded `random.Random`);
without `--calls` a seed gives the same program as before that option existed, and without
`--dynamic` as before that one did. `--dynamic` programs are described at `DynGen` below.

Each program has one to three worker functions called from `@main` (one of them twice). A
worker allocates temporaries with random static shapes (one to three dimensions) and element
types (f32, f64, i32, i64, i8, i16, index), fills each one completely right after its
allocation (`scf.for` nest or `linalg.fill`), combines live temporaries into new ones
(`scf.for` nests that map linear indices across shapes, `linalg.generic` for equal shapes,
`memref.copy`), frees them at random later points, and has
  * `scf.for` loops whose body allocates, uses and frees its own temporaries and also reads
    and updates outer ones,
  * `scf.if` whose branches allocate, use and free their own temporaries,
  * temporaries that escape (cast to an unranked memref and printed with `printMemref*`),
    dynamic-shape ones and ones with an `alignment` attribute, so that both pooled and kept
    allocations appear.
With `--calls`, workers (in their bodies, loops and branches) also call helper functions
`@helper_N` of the module with temporaries: live ones, or fresh ones allocated and filled for
the call, then folded and freed after it or kept live for later use. A helper takes one to
three static memrefs and
  * (use) reads and writes them only: `scf.for` nests of loads and stores, `linalg.generic`,
    `linalg.fill`, `memref.copy`, subviews of them read or written locally, a scratch buffer
    of its own; it returns nothing or an i64 hash of what it read;
  * (wrap) calls a helper defined before with its arguments (and captures what that one does);
  * (ret) returns its first argument (the caller reads the result before freeing the buffer,
    often after allocating and filling another temporary);
  * (show) passes its first argument on to `printMemref*` through a cast to unranked (the
    runner utils' printers only read it: no capture);
  * (check) passes its first two arguments (of one type) on to `verifyMemRef*` of the runner
    utils, an external declaration without `llvm.nocapture`, and returns its result (the
    number of elements that differ; its messages go to stderr, which is not compared).
A `ret` helper captures its first argument and a `check` helper its first two; a fresh
temporary is named `%htN` when the helper it is passed to does not capture it and `%ctN` when
it does, and a comment above each helper says what it writes and captures.

Every value that is computed is folded into the worker's checksums (an i64 hash and an f64
sum, kept in two one-element buffers) before its buffer is freed, and the checksums are
printed at the end of the worker; nothing uninitialised is ever read, so the output depends
only on the data, never on where the buffers are.

Float values are kept in (-1e4, 1e4) with `arith.remf` after every combination, so no
infinity or NaN arises and float-to-int conversions stay in range. Narrow integers are
widened before they are folded or printed.
"""

import argparse
import os
import random
import sys

FLOATS = ("f32", "f64")
INTS = ("i8", "i16", "i32", "i64", "index")
TYPES = FLOATS + INTS
BITS = {"i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64, "f32": 32, "f64": 64}
# Element types printMemref* can print (i8 prints raw characters, i16/index have no printer).
PRINTABLE = {"f32": "F32", "f64": "F64", "i32": "I32", "i64": "I64"}
# The runner utils' `verifyMemRef*` (number of elements that differ) for every element type.
VERIFIABLE = {
    "f32": "F32", "f64": "F64", "i8": "I8", "i16": "I16", "i32": "I32", "i64": "I64",
    "index": "Ind",
}


class Buf:
    """A live temporary: SSA name, element type and static shape (and, for a subview, its
    `strided<...>` layout)."""

    def __init__(self, name, elem, shape, layout=None):
        self.name = name
        self.elem = elem
        self.shape = shape
        self.layout = layout

    @property
    def size(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def type(self):
        layout = ", " + self.layout if self.layout else ""
        return "memref<%sx%s%s>" % ("x".join(str(d) for d in self.shape), self.elem, layout)


class Helper:
    """A function of the module that workers call with memrefs: its parameters (as `Buf`s
    named `%pN`), which of them it writes and which it captures (returns, or passes on to a
    capturing call), and its result: None, "i64" (a hash of what it read) or the index of the
    parameter it returns."""

    def __init__(self, name, params, writes, captures, result):
        self.name = name
        self.params = params
        self.writes = writes
        self.captures = captures
        self.result = result

    def result_type(self):
        if self.result is None:
            return "()"
        if self.result == "i64":
            return "i64"
        return self.params[self.result].type


class Gen:
    def __init__(self, seed, calls=False):
        self.rng = random.Random(seed)
        self.calls = calls
        self.lines = []
        self.indent = 1
        self.counter = 0
        self.printers = set()
        self.verifiers = set()
        self.stats = {"allocs": 0, "escapes": 0, "loops": 0, "ifs": 0}
        self.helpers = []
        self.helper_lines = []
        self.call_stats = {"helpers": 0, "capturing": 0, "calls": 0}

    # -- emission helpers -------------------------------------------------------------------

    def emit(self, text):
        self.lines.append("  " * self.indent + text)

    def fresh(self, base="v"):
        self.counter += 1
        return "%%%s%d" % (base, self.counter)

    def const(self, value, ty):
        name = self.fresh("k")
        if ty in FLOATS:
            self.emit("%s = arith.constant %s : %s" % (name, float_lit(value), ty))
        else:
            self.emit("%s = arith.constant %d : %s" % (name, value, ty))
        return name

    def op(self, opname, operands, ty):
        name = self.fresh()
        self.emit("%s = %s %s : %s" % (name, opname, ", ".join(operands), ty))
        return name

    def convert(self, v, src, dst):
        """`v` of type `src` as a value of type `dst` (values are small, see the module doc)."""
        if src == dst:
            return v
        if src == "index":
            v = self.cast("arith.index_cast", v, "index", "i64")
            src = "i64"
            if dst == "i64":
                return v
        if dst == "index":
            v = self.convert(v, src, "i64")
            return self.cast("arith.index_cast", v, "i64", "index")
        if src in FLOATS and dst in FLOATS:
            op = "arith.extf" if BITS[dst] > BITS[src] else "arith.truncf"
            return self.cast(op, v, src, dst)
        if src in FLOATS:
            v = self.cast("arith.fptosi", v, src, "i32")
            return self.convert(v, "i32", dst)
        if dst in FLOATS:
            return self.cast("arith.sitofp", v, src, dst)
        op = "arith.extsi" if BITS[dst] > BITS[src] else "arith.trunci"
        return self.cast(op, v, src, dst)

    def cast(self, opname, v, src, dst):
        name = self.fresh()
        self.emit("%s = %s %s : %s to %s" % (name, opname, v, src, dst))
        return name

    def open_nest(self, shape):
        """Opens one `scf.for` per dimension; returns the induction variables and the
        linear index of the current element."""
        ivs = []
        for d in shape:
            iv = self.fresh("i")
            self.emit("scf.for %s = %%c0 to %s step %%c1 {" % (iv, self.const(d, "index")))
            self.indent += 1
            ivs.append(iv)
        linear = ivs[0]
        for iv, d in zip(ivs[1:], shape[1:]):
            scaled = self.op("arith.muli", [linear, self.const(d, "index")], "index")
            linear = self.op("arith.addi", [scaled, iv], "index")
        return ivs, linear

    def close(self, n):
        for _ in range(n):
            self.indent -= 1
            self.emit("}")

    def delinearize(self, linear, buf):
        """Indices into `buf` of element `linear mod size(buf)`."""
        rest = self.op("arith.remui", [linear, self.const(buf.size, "index")], "index")
        idx = []
        for d in reversed(buf.shape[1:]):
            dc = self.const(d, "index")
            idx.append(self.op("arith.remui", [rest, dc], "index"))
            rest = self.op("arith.divui", [rest, dc], "index")
        idx.append(rest)
        return list(reversed(idx))

    def load(self, buf, idx):
        name = self.fresh()
        self.emit("%s = memref.load %s[%s] : %s" % (name, buf.name, ", ".join(idx), buf.type))
        return name

    def store(self, v, buf, idx):
        self.emit("memref.store %s, %s[%s] : %s" % (v, buf.name, ", ".join(idx), buf.type))

    def bound(self, v, ty):
        """Keeps a float in (-1e4, 1e4)."""
        if ty not in FLOATS:
            return v
        return self.op("arith.remf", [v, self.const(10000.0, ty)], ty)

    def combine(self, a, b, ty):
        if ty in FLOATS:
            opname = self.rng.choice(
                ["arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf"]
            )
            return self.bound(self.op(opname, [a, b], ty), ty)
        opname = self.rng.choice(
            ["arith.addi", "arith.subi", "arith.muli", "arith.xori", "arith.andi", "arith.ori"]
        )
        return self.op(opname, [a, b], ty)

    # -- program pieces ---------------------------------------------------------------------

    def random_shape(self):
        rank = self.rng.choice([1, 1, 2, 2, 3])
        if rank == 1:
            return [self.rng.randint(1, 24)]
        if rank == 2:
            return [self.rng.randint(1, 8), self.rng.randint(1, 8)]
        return [self.rng.randint(1, 4), self.rng.randint(1, 4), self.rng.randint(1, 5)]

    def alloc(self, elem=None, shape=None, base="t"):
        elem = elem or self.rng.choice(TYPES)
        shape = shape or self.random_shape()
        buf = Buf(self.fresh(base), elem, shape)
        attr = ""
        if self.rng.random() < 0.1:
            attr = " {alignment = %d : i64}" % self.rng.choice([16, 32, 128])
        self.emit("%s = memref.alloc()%s : %s" % (buf.name, attr, buf.type))
        self.stats["allocs"] += 1
        return buf

    def dealloc(self, buf):
        self.emit("memref.dealloc %s : %s" % (buf.name, buf.type))

    def fill(self, buf, salt=None):
        """Writes every element: a constant (`linalg.fill`) or a function of the linear
        index and of `salt` (an index value, e.g. a loop counter)."""
        if salt is None and self.rng.random() < 0.25:
            value = self.rng.randint(-9, 9)
            c = self.const(value / 2 if buf.elem in FLOATS else value, buf.elem)
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c, buf.elem, buf.name, buf.type))
            return
        ivs, linear = self.open_nest(buf.shape)
        v = self.op("arith.muli", [linear, self.const(self.rng.randint(1, 7), "index")], "index")
        v = self.op("arith.addi", [v, self.const(self.rng.randint(-20, 20), "index")], "index")
        if salt is not None:
            v = self.op("arith.addi", [v, salt], "index")
        v = self.convert(v, "index", buf.elem)
        if buf.elem in FLOATS:
            v = self.op("arith.mulf", [v, self.const(0.25, buf.elem)], buf.elem)
        self.store(v, buf, ivs)
        self.close(len(ivs))

    def new_filled(self, salt=None):
        buf = self.alloc()
        self.fill(buf, salt)
        return buf

    def combine_into(self, a, b, out):
        """out = a (op) b elementwise; a and b are read at linear index mod their size."""
        same = a.shape == out.shape and b.shape == out.shape
        if same and self.rng.random() < 0.6:
            self.emit(
                "linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]}"
                % (
                    *[identity_map(len(out.shape))] * 3,
                    ", ".join(['"parallel"'] * len(out.shape)),
                )
            )
            self.emit(
                "    ins(%s, %s : %s, %s) outs(%s : %s) {"
                % (a.name, b.name, a.type, b.type, out.name, out.type)
            )
            ba, bb, bo = self.fresh("a"), self.fresh("b"), self.fresh("o")
            self.emit("^bb0(%s: %s, %s: %s, %s: %s):" % (ba, a.elem, bb, b.elem, bo, out.elem))
            self.indent += 1
            x = self.convert(ba, a.elem, out.elem)
            y = self.convert(bb, b.elem, out.elem)
            r = self.combine(x, y, out.elem)
            self.emit("linalg.yield %s : %s" % (r, out.elem))
            self.indent -= 1
            self.emit("}")
            return
        ivs, linear = self.open_nest(out.shape)
        x = self.convert(self.load(a, self.delinearize(linear, a)), a.elem, out.elem)
        y = self.convert(self.load(b, self.delinearize(linear, b)), b.elem, out.elem)
        self.store(self.combine(x, y, out.elem), out, ivs)
        self.close(len(ivs))

    def combined(self, a, b):
        """A new temporary = a (op) b, of a's shape or a random one."""
        shape = a.shape if self.rng.random() < 0.5 else self.random_shape()
        elem = self.rng.choice([a.elem, b.elem, self.rng.choice(TYPES)])
        out = self.alloc(elem, shape)
        self.combine_into(a, b, out)
        return out

    def update(self, target, src):
        """target = target (op) src, in place."""
        ivs, linear = self.open_nest(target.shape)
        old = self.load(target, ivs)
        y = self.convert(self.load(src, self.delinearize(linear, src)), src.elem, target.elem)
        self.store(self.combine(old, y, target.elem), target, ivs)
        self.close(len(ivs))

    def fold(self, buf):
        """Folds every element of `buf` into the checksums."""
        ivs, linear = self.open_nest(buf.shape)
        self.fold_element(buf, ivs, linear)
        self.close(len(ivs))

    def fold_element(self, buf, ivs, linear):
        """Folds element `ivs` (number `linear` in row-major order) of `buf` into the
        checksums, inside the loop nest that walks it."""
        v = self.load(buf, ivs)
        zero = self.const(0, "index")
        if buf.elem in FLOATS:
            x = self.convert(v, buf.elem, "f64")
            w = self.convert(self.op("arith.addi", [linear, self.const(1, "index")], "index"),
                             "index", "f64")
            x = self.op("arith.mulf", [x, w], "f64")
            old = self.load(self.facc, [zero])
            self.store(self.op("arith.addf", [old, x], "f64"), self.facc, [zero])
        else:
            x = self.convert(v, buf.elem, "i64")
            old = self.load(self.acc, [zero])
            h = self.op("arith.muli", [old, self.const(1000003, "i64")], "i64")
            h = self.op("arith.xori", [h, x], "i64")
            self.store(h, self.acc, [zero])

    def escape(self, buf):
        """Prints `buf` through the runner utils: the allocation escapes into a call."""
        suffix = PRINTABLE[buf.elem]
        self.printers.add(suffix)
        u = self.fresh("u")
        self.emit("%s = memref.cast %s : %s to memref<*x%s>" % (u, buf.name, buf.type, buf.elem))
        self.emit("func.call @printMemref%s(%s) : (memref<*x%s>) -> ()" % (suffix, u, buf.elem))
        self.stats["escapes"] += 1

    def dynamic(self):
        """A dynamic-shape temporary: filled, folded, freed (never pooled)."""
        elem = self.rng.choice(["f32", "i32", "i64"])
        n = self.const(self.rng.randint(1, 12), "index")
        name = self.fresh("d")
        ty = "memref<?x%s>" % elem
        self.emit("%s = memref.alloc(%s) : %s" % (name, n, ty))
        self.stats["allocs"] += 1
        i = self.fresh("i")
        self.emit("scf.for %s = %%c0 to %s step %%c1 {" % (i, n))
        self.indent += 1
        v = self.convert(self.op("arith.muli", [i, self.const(3, "index")], "index"), "index", elem)
        self.emit("memref.store %s, %s[%s] : %s" % (v, name, i, ty))
        self.indent -= 1
        self.emit("}")
        self.emit("scf.for %s = %%c0 to %s step %%c1 {" % (i + "r", n))
        self.indent += 1
        v = self.fresh()
        self.emit("%s = memref.load %s[%s] : %s" % (v, name, i + "r", ty))
        x = self.convert(v, elem, "i64")
        zero = self.const(0, "index")
        old = self.load(self.acc, [zero])
        self.store(self.op("arith.addi", [old, x], "i64"), self.acc, [zero])
        self.indent -= 1
        self.emit("}")
        self.emit("memref.dealloc %s : %s" % (name, ty))

    def scoped(self, live, salt):
        """Temporaries that live only in the current region (a loop body or a branch):
        allocated, combined with outer ones, folded and freed here."""
        inner = [self.new_filled(salt)]
        for _ in range(self.rng.randint(0, 2)):
            a = self.rng.choice(inner + live)
            b = self.rng.choice(inner + live)
            inner.append(self.combined(a, b))
        if self.calls and self.rng.random() < 0.4:
            inner.extend(self.call_helper(inner + live))
        if live and self.rng.random() < 0.5:
            self.update(self.rng.choice(live), self.rng.choice(inner))
        self.rng.shuffle(inner)
        for buf in inner:
            self.fold(buf)
            self.dealloc(buf)

    def loop(self, live, depth=0):
        self.stats["loops"] += 1
        k = self.fresh("k")
        self.emit(
            "scf.for %s = %%c0 to %s step %%c1 {" % (k, self.const(self.rng.randint(2, 4), "index"))
        )
        self.indent += 1
        self.scoped(live, k)
        if depth == 0 and self.rng.random() < 0.3:
            self.loop(live, depth + 1)
        self.indent -= 1
        self.emit("}")

    def branch(self, live):
        self.stats["ifs"] += 1
        zero = self.const(0, "index")
        h = self.load(self.acc, [zero])
        bit = self.op("arith.andi", [h, self.const(1, "i64")], "i64")
        cond = self.fresh("c")
        self.emit("%s = arith.cmpi eq, %s, %s : i64" % (cond, bit, self.const(0, "i64")))
        self.emit("scf.if %s {" % cond)
        self.indent += 1
        self.scoped(live, None)
        self.indent -= 1
        self.emit("} else {")
        self.indent += 1
        self.scoped(live, None)
        self.indent -= 1
        self.emit("}")

    # -- helpers and calls (--calls) ---------------------------------------------------------

    def subview(self, buf):
        """A static subview of `buf` (identity layout) with unit strides, as a `Buf`."""
        strides, n = [], 1
        for d in reversed(buf.shape):
            strides.insert(0, n)
            n *= d
        sizes = [self.rng.randint(1, d) for d in buf.shape]
        offs = [self.rng.randint(0, d - z) for d, z in zip(buf.shape, sizes)]
        offset = sum(o * st for o, st in zip(offs, strides))
        layout = "strided<[%s], offset: %d>" % (", ".join(str(st) for st in strides), offset)
        sv = Buf(self.fresh("sv"), buf.elem, sizes, layout)
        self.emit(
            "%s = memref.subview %s[%s] [%s] [%s] : %s to %s"
            % (
                sv.name,
                buf.name,
                ", ".join(str(o) for o in offs),
                ", ".join(str(z) for z in sizes),
                ", ".join("1" for _ in sizes),
                buf.type,
                sv.type,
            )
        )
        return sv

    def hash_reduce(self, buf, init):
        """`init` hashed with every element of `buf` (an `scf.for` with an i64 iter_arg)."""
        i, h, r = self.fresh("i"), self.fresh("h"), self.fresh("r")
        n = self.const(buf.size, "index")
        self.emit(
            "%s = scf.for %s = %%c0 to %s step %%c1 iter_args(%s = %s) -> (i64) {"
            % (r, i, n, h, init)
        )
        self.indent += 1
        v = self.load(buf, self.delinearize(i, buf))
        if buf.elem in FLOATS:
            # |v| < 1e4, so v * 16 fits the i32 that fptosi goes through.
            v = self.op("arith.mulf", [v, self.const(16.0, buf.elem)], buf.elem)
        x = self.convert(v, buf.elem, "i64")
        m = self.op("arith.muli", [h, self.const(1000003, "i64")], "i64")
        self.emit("scf.yield %s : i64" % self.op("arith.xori", [m, x], "i64"))
        self.indent -= 1
        self.emit("}")
        return r

    def fold_scalar(self, v):
        """Folds the i64 `v` into the worker's hash."""
        zero = self.const(0, "index")
        old = self.load(self.acc, [zero])
        h = self.op("arith.muli", [old, self.const(1000003, "i64")], "i64")
        self.store(self.op("arith.xori", [h, v], "i64"), self.acc, [zero])

    def helper_param_type(self, live):
        """A parameter type: often that of a live temporary, so that it can be passed."""
        if live and self.rng.random() < 0.5:
            b = self.rng.choice(live)
            return b.elem, list(b.shape)
        return self.rng.choice(TYPES), self.random_shape()

    def write_op(self, params, w):
        """One op of a helper that writes (part of) the parameter `w`, reading `params`."""
        r = self.rng.random()
        others = [p for p in params if p is not w] or params
        same = [p for p in others if p.type == w.type]
        if r < 0.2:
            self.fill(w)
        elif r < 0.4:
            self.combine_into(self.rng.choice(params), self.rng.choice(others), w)
        elif r < 0.55:
            self.update(w, self.rng.choice(others))
        elif r < 0.65 and same:
            src = self.rng.choice(same)
            self.emit("memref.copy %s, %s : %s to %s" % (src.name, w.name, src.type, w.type))
        elif r < 0.85:
            # A subview of a parameter, written or read locally.
            if self.rng.random() < 0.5:
                sv = self.subview(w)
                if self.rng.random() < 0.5:
                    self.fill(sv)
                else:
                    self.update(sv, self.rng.choice(others))
            else:
                self.update(w, self.subview(self.rng.choice(others)))
        else:
            # A scratch buffer of the helper's own, allocated, used and freed here.
            t = self.alloc()
            self.fill(t)
            u = self.combined(t, self.rng.choice(others))
            self.update(w, u)
            self.dealloc(t)
            self.dealloc(u)

    def new_helper(self, live):
        """Defines a helper function (into `helper_lines`) and returns it."""
        name = "helper_%d" % len(self.helpers)
        r = self.rng.random()
        if r < 0.15 and self.helpers:
            kind = "wrap"
            callee = self.rng.choice(self.helpers)
            specs = [(p.elem, p.shape) for p in callee.params]
        else:
            kind = "use" if r < 0.6 else "ret" if r < 0.75 else "show" if r < 0.87 else "check"
            specs = [self.helper_param_type(live) for _ in range(self.rng.randint(1, 3))]
            if kind == "show" and specs[0][0] not in PRINTABLE:
                specs[0] = (self.rng.choice(sorted(PRINTABLE)), specs[0][1])
            if kind == "check":
                # Two parameters of one type, compared by verifyMemRef*.
                specs = [specs[0]] + specs[:2]
        params = [Buf(self.fresh("p"), e, s) for e, s in specs]
        saved = (self.lines, self.indent)
        self.lines, self.indent = [], 1
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        writes, captures, result, ret = set(), set(), None, None
        if kind == "use":
            result = "i64" if self.rng.random() < 0.5 else None
            if result is None or self.rng.random() < 0.6:
                writes = set(self.rng.sample(range(len(params)), self.rng.randint(1, len(params))))
            for _ in range(self.rng.randint(1, 3)):
                if writes:
                    self.write_op(params, params[self.rng.choice(sorted(writes))])
            if result == "i64":
                h = self.const(self.rng.randint(1, 99), "i64")
                for p in params:
                    h = self.hash_reduce(self.subview(p) if self.rng.random() < 0.3 else p, h)
                ret = "%s : i64" % h
        elif kind == "wrap":
            writes, captures = set(callee.writes), set(callee.captures)
            args = ", ".join(p.name for p in params)
            types = ", ".join(p.type for p in params)
            rt = callee.result_type()
            if callee.result is None:
                self.emit("func.call @%s(%s) : (%s) -> ()" % (callee.name, args, types))
            else:
                r = self.fresh("r")
                self.emit("%s = func.call @%s(%s) : (%s) -> %s" % (r, callee.name, args, types, rt))
                if callee.result == "i64":
                    result, ret = "i64", "%s : i64" % r
        else:
            if len(params) > 1 or self.rng.random() < 0.5:
                writes = {0}
                self.write_op(params, params[0])
            if kind == "ret":
                captures = {0}
                result, ret = 0, "%s : %s" % (params[0].name, params[0].type)
            elif kind == "show":
                # The runner utils' printers only read what they are given: no capture.
                p = params[0]
                suffix = PRINTABLE[p.elem]
                self.printers.add(suffix)
                u = self.fresh("u")
                self.emit("%s = memref.cast %s : %s to memref<*x%s>" % (u, p.name, p.type, p.elem))
                self.emit("func.call @printMemref%s(%s) : (memref<*x%s>) -> ()" % (suffix, u, p.elem))
            else:
                # An external declaration without llvm.nocapture: both arguments captured.
                captures = {0, 1}
                p = params[0]
                suffix = VERIFIABLE[p.elem]
                self.verifiers.add(suffix)
                unranked = "memref<*x%s>" % p.elem
                us = []
                for q in params[:2]:
                    us.append(self.fresh("u"))
                    self.emit("%s = memref.cast %s : %s to %s" % (us[-1], q.name, q.type, unranked))
                n = self.fresh("n")
                self.emit(
                    "%s = func.call @verifyMemRef%s(%s) : (%s, %s) -> i64"
                    % (n, suffix, ", ".join(us), unranked, unranked)
                )
                result, ret = "i64", "%s : i64" % n
        self.emit("return" + (" " + ret if ret else ""))
        body = self.lines
        self.lines, self.indent = saved
        helper = Helper(name, params, writes, captures, result)
        what = "captures %s" % ", ".join(params[i].name for i in sorted(captures)) if captures \
            else "captures nothing"
        self.helper_lines.append(
            "// @%s (%s): writes %s; %s" % (
                name,
                kind,
                ", ".join(params[i].name for i in sorted(writes)) or "nothing",
                what,
            )
        )
        self.helper_lines.append(
            "func.func private @%s(%s)%s {"
            % (
                name,
                ", ".join("%s: %s" % (p.name, p.type) for p in params),
                "" if result is None else " -> " + helper.result_type(),
            )
        )
        self.helper_lines.extend(body)
        self.helper_lines.append("}")
        self.helper_lines.append("")
        self.helpers.append(helper)
        self.call_stats["helpers"] += 1
        self.call_stats["capturing"] += bool(captures)
        return helper

    def call_helper(self, live):
        """Calls a helper (a new one or one defined before) with live temporaries or fresh
        ones allocated and filled for the call. A fresh temporary is named `%htN` when the
        helper does not capture it and `%ctN` when it does. After the call the fresh ones are
        folded and freed, or (some that are not captured) kept live for later use; the
        latter are returned."""
        if not self.helpers or (len(self.helpers) < 6 and self.rng.random() < 0.4):
            helper = self.new_helper(live)
        else:
            helper = self.rng.choice(self.helpers)
        args, fresh = [], []
        for i, p in enumerate(helper.params):
            cands = [b for b in live if b.type == p.type and b not in args]
            if cands and self.rng.random() < 0.4:
                args.append(self.rng.choice(cands))
                continue
            b = self.alloc(p.elem, list(p.shape), "ct" if i in helper.captures else "ht")
            self.fill(b)
            args.append(b)
            fresh.append(b)
        call = "func.call @%s(%s) : (%s) -> %s" % (
            helper.name,
            ", ".join(b.name for b in args),
            ", ".join(b.type for b in args),
            helper.result_type(),
        )
        self.call_stats["calls"] += 1
        if helper.result is None:
            self.emit(call)
        else:
            r = self.fresh("r")
            self.emit("%s = %s" % (r, call))
            if helper.result == "i64":
                self.fold_scalar(r)
            else:
                # The returned alias is read before its buffer is freed, sometimes after a
                # decoy is allocated and filled: a plan that ended the captured buffer's life
                # at the call could put the decoy on top of it, and the output would show it.
                b = args[helper.result]
                decoy = self.new_filled() if self.rng.random() < 0.6 else None
                self.fold(Buf(r, b.elem, b.shape))
                if decoy:
                    self.fold(decoy)
                    self.dealloc(decoy)
        kept = []
        for b in fresh:
            if b.name.startswith("%ht") and self.rng.random() < 0.35:
                kept.append(b)
            else:
                self.fold(b)
                self.dealloc(b)
        return kept

    def worker(self, name):
        self.emit("func.func @%s() {" % name)
        self.indent = 1
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        zero = "%c0"
        self.acc = Buf(self.fresh("acc"), "i64", [1])
        self.facc = Buf(self.fresh("facc"), "f64", [1])
        for b, init in [(self.acc, self.const(17, "i64")), (self.facc, self.const(0.0, "f64"))]:
            self.emit("%s = memref.alloc() : %s" % (b.name, b.type))
            self.stats["allocs"] += 1
            self.store(init, b, [zero])
        live = []
        escaped = []
        for _ in range(self.rng.randint(8, 16)):
            if self.calls and self.rng.random() < 0.3:
                live.extend(self.call_helper(live))
                continue
            r = self.rng.random()
            if not live or r < 0.25:
                live.append(self.new_filled())
            elif r < 0.5:
                a, b = self.rng.choice(live), self.rng.choice(live)
                live.append(self.combined(a, b))
            elif r < 0.62:
                self.loop(live)
            elif r < 0.72:
                self.branch(live)
            elif r < 0.77:
                self.dynamic()
            elif r < 0.85 and any(b.elem in PRINTABLE for b in live):
                buf = self.rng.choice([b for b in live if b.elem in PRINTABLE])
                if buf not in escaped:
                    self.escape(buf)
                    escaped.append(buf)
            elif r < 0.9:
                src = self.rng.choice(live)
                out = self.alloc(src.elem, src.shape)
                self.emit("memref.copy %s, %s : %s to %s" % (src.name, out.name, src.type, out.type))
                live.append(out)
            else:
                # Free one at a random point, after its value has been counted.
                buf = live.pop(self.rng.randrange(len(live)))
                self.fold(buf)
                self.dealloc(buf)
        self.rng.shuffle(live)
        for buf in live:
            self.fold(buf)
            self.dealloc(buf)
        h = self.load(self.acc, [zero])
        f = self.load(self.facc, [zero])
        self.emit("func.call @printI64(%s) : (i64) -> ()" % h)
        self.emit("func.call @printNewline() : () -> ()")
        self.emit("func.call @printF64(%s) : (f64) -> ()" % f)
        self.emit("func.call @printNewline() : () -> ()")
        self.dealloc(self.acc)
        self.dealloc(self.facc)
        self.emit("return")
        self.indent = 0
        self.emit("}")

    def program(self, seed):
        workers = ["work%d" % i for i in range(self.rng.randint(1, 3))]
        body_start = len(self.lines)
        for w in workers:
            self.indent = 0
            self.worker(w)
            self.lines.append("")
        body = self.lines[body_start:]
        calls = list(workers) + [self.rng.choice(workers)]
        head = [
            "// Generated by tests/tools/gen_programs.py %s--seed %d: do not edit."
            % ("--calls " if self.calls else "", seed),
            "// allocs %(allocs)d, escapes %(escapes)d, loops %(loops)d, ifs %(ifs)d" % self.stats,
        ]
        if self.calls:
            head.append(
                "// helpers %(helpers)d (%(capturing)d capturing), calls %(calls)d"
                % self.call_stats
            )
        head += [
            "func.func private @printI64(i64)",
            "func.func private @printF64(f64)",
            "func.func private @printNewline()",
        ]
        for s in sorted(self.printers):
            ty = s.lower()
            head.append(
                "func.func private @printMemref%s(memref<*x%s>) attributes "
                "{llvm.emit_c_interface}" % (s, ty)
            )
        for s in sorted(self.verifiers):
            ty = [t for t, v in VERIFIABLE.items() if v == s][0]
            head.append(
                "func.func private @verifyMemRef%s(memref<*x%s>, memref<*x%s>) -> i64 "
                "attributes {llvm.emit_c_interface}" % (s, ty, ty)
            )
        head.append("")
        head += self.helper_lines
        main = ["func.func @main() {"]
        main += ["  func.call @%s() : () -> ()" % w for w in calls]
        main += ["  return", "}"]
        return "\n".join(head + body + main) + "\n"


class DBuf:
    """A temporary of `--dynamic` programs: SSA name, element type and dimensions, each a pair
    (SSA index value, static size or None). A static dimension names an index constant of its
    size, so that loops can use every dimension alike; a dynamic one is an operand of the
    allocation."""

    def __init__(self, name, elem, dims):
        self.name = name
        self.elem = elem
        self.dims = dims

    @property
    def type(self):
        shape = "x".join("?" if s is None else str(s) for _, s in self.dims)
        return "memref<%sx%s>" % (shape, self.elem)

    @property
    def operands(self):
        return [v for v, s in self.dims if s is None]

    @property
    def values(self):
        return [v for v, _ in self.dims]


# Element types of `--dynamic` temporaries: all printable by printMemref*.
DYN_TYPES = ("f32", "f32", "i32", "f64", "i64")
# Number of sizes @main stores into the `memref<8xindex>` it passes to every worker.
DYN_TABLE = 8


class DynGen(Gen):
    """`--dynamic`: programs whose temporaries have dynamic shapes.

    Each worker `@workN(%n0, %n1, %n2: index, %src: memref<?x?xf32>, %szs: memref<8xindex>)`
    allocates
      * `%daN`: dynamic sizes available at function entry: an argument, a constant, `memref.dim`
        of `%src` with a constant index, or pure `arith` of those (`addi`/`muli`/`subi` with
        constants, `maxui`/`minui`, `index_cast` through i32, `ceildivui`/`divui` by a nonzero
        constant), computed right before the allocation, sometimes inside a loop body (so a
        rewrite has to hoist them); shapes `?`, `4x?`, `?x?`, `?x3`;
      * `%dnN`: at least one size NOT available at entry: loaded from `%szs` inside the
        function, an `scf.for` induction variable (plus one), or the result of an `scf.for`;
      * `%tN`: static temporaries, mixed with the dynamic ones;
    in the entry block and in `scf.for` bodies, with lifetimes that sometimes overlap and
    sometimes do not. Every temporary is filled completely right after its allocation, combined
    into others (`linalg.generic` when the shapes are the same SSA values, else loops over
    linear indices taken modulo each source's size), some are printed with `printMemref*` (the
    printers do not capture), and every one is folded into the worker's checksums before it is
    freed; the checksums are printed at the end of the worker. `@main` fills a
    `memref<8xindex>` with constants and loads the sizes back from it (or uses constants),
    allocates `%src` (`%dnN` too: sized by loaded values) and calls every worker, one of them
    again with other sizes, and one inside an `scf.for` whose induction variable changes the
    sizes from call to call.
    """

    def __init__(self, seed):
        super().__init__(seed)
        self.dstats = {"da": 0, "dn": 0, "t": 0, "loops": 0, "prints": 0}
        self.scopes = []

    # -- sizes ------------------------------------------------------------------------------

    def avail_size(self):
        """An index value >= 1 computed from the worker's arguments and constants only."""
        pool = [v for scope in self.scopes for v in scope]
        if pool and self.rng.random() < 0.4:
            return self.rng.choice(pool)
        n = self.rng.choice(["%n0", "%n1", "%n2"])
        r = self.rng.random()
        if r < 0.14:
            v = n
        elif r < 0.28:
            v = self.op("arith.addi", [n, self.const(self.rng.randint(1, 4), "index")], "index")
        elif r < 0.40:
            v = self.op("arith.muli", [n, self.const(self.rng.randint(2, 3), "index")], "index")
        elif r < 0.52:
            v = self.fresh("dim")
            self.emit(
                "%s = memref.dim %%src, %s : memref<?x?xf32>"
                % (v, self.const(self.rng.randint(0, 1), "index"))
            )
        elif r < 0.62:
            m = self.rng.choice(["%n0", "%n1", "%n2"])
            v = self.op(self.rng.choice(["arith.maxui", "arith.minui"]), [n, m], "index")
        elif r < 0.70:
            x = self.cast("arith.index_cast", n, "index", "i32")
            x = self.op("arith.addi", [x, self.const(1, "i32")], "i32")
            v = self.cast("arith.index_cast", x, "i32", "index")
        elif r < 0.78:
            v = self.op("arith.ceildivui", [n, self.const(self.rng.randint(2, 3), "index")],
                        "index")
        elif r < 0.85:
            x = self.op("arith.addi", [n, self.const(4, "index")], "index")
            v = self.op("arith.divui", [x, self.const(2, "index")], "index")
        elif r < 0.92:
            x = self.op("arith.addi", [n, self.const(5, "index")], "index")
            v = self.op("arith.subi", [x, self.const(2, "index")], "index")
        else:
            v = self.const(self.rng.randint(1, 6), "index")
        self.scopes[-1].append(v)
        return v

    def unavail_size(self, iv=None):
        """An index value >= 1 that is not available at function entry."""
        r = self.rng.random()
        if iv is not None and r < 0.45:
            return self.op("arith.addi", [iv, self.const(1, "index")], "index")
        if r < 0.7:
            table = DBuf("%szs", "index", [(None, DYN_TABLE)])
            v = self.load(table, [self.const(self.rng.randrange(DYN_TABLE), "index")])
            if self.rng.random() < 0.3:
                v = self.op("arith.addi", [v, self.rng.choice(["%n0", "%n1", "%n2"])], "index")
            return v
        # The result of a loop: 1 + %nK, counted up by an scf.for.
        res, i, a = self.fresh("r"), self.fresh("i"), self.fresh("a")
        self.emit(
            "%s = scf.for %s = %%c0 to %s step %%c1 iter_args(%s = %%c1) -> (index) {"
            % (res, i, self.rng.choice(["%n0", "%n1", "%n2"]), a)
        )
        self.indent += 1
        self.emit("scf.yield %s : index" % self.op("arith.addi", [a, "%c1"], "index"))
        self.indent -= 1
        self.emit("}")
        return res

    def dims(self, available, iv=None):
        """Dimensions of a new dynamic temporary: `?`, `4x?`, `?x?` or `?x3`; with
        `available` False at least one size is not available at entry."""
        def size(first):
            if not available and first:
                return self.unavail_size(iv)
            return self.avail_size()

        r = self.rng.random()
        if r < 0.4:
            return [(size(True), None)]
        if r < 0.6:
            return [(self.const(4, "index"), 4), (size(True), None)]
        if r < 0.8:
            first = size(True)
            return [(first, None), (size(False), None)]
        c = self.rng.randint(2, 3)
        return [(size(True), None), (self.const(c, "index"), c)]

    # -- temporaries ------------------------------------------------------------------------

    def dalloc(self, kind, elem=None, dims=None, iv=None):
        """A new temporary: kind "da" (dynamic, sizes available at entry), "dn" (dynamic, a
        size not available) or "t" (static)."""
        elem = elem or self.rng.choice(DYN_TYPES)
        if dims is None:
            if kind == "t":
                dims = []
                for d in self.random_shape()[:2]:
                    dims.append((self.const(d, "index"), d))
            else:
                dims = self.dims(kind == "da", iv)
        buf = DBuf(self.fresh(kind), elem, dims)
        self.emit("%s = memref.alloc(%s) : %s" % (buf.name, ", ".join(buf.operands), buf.type))
        self.dstats[kind] += 1
        self.stats["allocs"] += 1
        return buf

    def open_dnest(self, buf):
        ivs = []
        for v, _ in buf.dims:
            iv = self.fresh("i")
            self.emit("scf.for %s = %%c0 to %s step %%c1 {" % (iv, v))
            self.indent += 1
            ivs.append(iv)
        linear = ivs[0]
        for iv, v in zip(ivs[1:], buf.values[1:]):
            linear = self.op("arith.addi", [self.op("arith.muli", [linear, v], "index"), iv],
                             "index")
        return ivs, linear

    def dsize(self, buf):
        n = buf.values[0]
        for v in buf.values[1:]:
            n = self.op("arith.muli", [n, v], "index")
        return n

    def ddelinearize(self, linear, buf):
        rest = self.op("arith.remui", [linear, self.dsize(buf)], "index")
        idx = []
        for v in reversed(buf.values[1:]):
            idx.append(self.op("arith.remui", [rest, v], "index"))
            rest = self.op("arith.divui", [rest, v], "index")
        idx.append(rest)
        return list(reversed(idx))

    def dfill(self, buf, salt=None):
        if salt is None and self.rng.random() < 0.25:
            value = self.rng.randint(-9, 9)
            c = self.const(value / 2 if buf.elem in FLOATS else value, buf.elem)
            self.emit("linalg.fill ins(%s : %s) outs(%s : %s)" % (c, buf.elem, buf.name, buf.type))
            return
        ivs, linear = self.open_dnest(buf)
        v = self.op("arith.muli", [linear, self.const(self.rng.randint(1, 7), "index")], "index")
        v = self.op("arith.addi", [v, self.const(self.rng.randint(-20, 20), "index")], "index")
        if salt is not None:
            v = self.op("arith.addi", [v, salt], "index")
        v = self.convert(v, "index", buf.elem)
        if buf.elem in FLOATS:
            v = self.op("arith.mulf", [v, self.const(0.25, buf.elem)], buf.elem)
        self.store(v, buf, ivs)
        self.close(len(ivs))

    def dcombine_into(self, a, b, out):
        """out = a (op) b elementwise; a and b are read at linear index mod their size."""
        same = a.values == out.values and b.values == out.values
        if same and self.rng.random() < 0.6:
            rank = len(out.dims)
            self.emit(
                "linalg.generic {indexing_maps = [%s, %s, %s], iterator_types = [%s]}"
                % (*[identity_map(rank)] * 3, ", ".join(['"parallel"'] * rank))
            )
            self.emit(
                "    ins(%s, %s : %s, %s) outs(%s : %s) {"
                % (a.name, b.name, a.type, b.type, out.name, out.type)
            )
            ba, bb, bo = self.fresh("a"), self.fresh("b"), self.fresh("o")
            self.emit("^bb0(%s: %s, %s: %s, %s: %s):" % (ba, a.elem, bb, b.elem, bo, out.elem))
            self.indent += 1
            x = self.convert(ba, a.elem, out.elem)
            y = self.convert(bb, b.elem, out.elem)
            self.emit("linalg.yield %s : %s" % (self.combine(x, y, out.elem), out.elem))
            self.indent -= 1
            self.emit("}")
            return
        ivs, linear = self.open_dnest(out)
        x = self.convert(self.load(a, self.ddelinearize(linear, a)), a.elem, out.elem)
        y = self.convert(self.load(b, self.ddelinearize(linear, b)), b.elem, out.elem)
        self.store(self.combine(x, y, out.elem), out, ivs)
        self.close(len(ivs))

    def dupdate(self, target, src):
        """target = target (op) src, in place."""
        ivs, linear = self.open_dnest(target)
        old = self.load(target, ivs)
        y = self.convert(self.load(src, self.ddelinearize(linear, src)), src.elem, target.elem)
        self.store(self.combine(old, y, target.elem), target, ivs)
        self.close(len(ivs))

    def dfold(self, buf):
        """Folds every element of `buf` into the checksums."""
        ivs, linear = self.open_dnest(buf)
        self.fold_element(buf, ivs, linear)
        self.close(len(ivs))

    def dfree(self, buf):
        self.dfold(buf)
        self.emit("memref.dealloc %s : %s" % (buf.name, buf.type))

    def dims_read_from(self, buf):
        """`buf`'s dimensions as tosa-to-linalg writes them: each dynamic one a `memref.dim` of
        `buf` itself (known at entry exactly when `buf`'s size is), sometimes through a
        `memref.cast` to all-dynamic dimensions."""
        source, ty = buf.name, buf.type
        if self.rng.random() < 0.3:
            cast = self.fresh("cast")
            ty = "memref<%sx%s>" % ("x".join("?" for _ in buf.dims), buf.elem)
            self.emit("%s = memref.cast %s : %s to %s" % (cast, buf.name, buf.type, ty))
            source = cast
        dims = []
        for k, (v, static) in enumerate(buf.dims):
            if static is not None:
                dims.append((v, static))
                continue
            d = self.fresh("bdim")
            self.emit("%s = memref.dim %s, %s : %s" % (d, source, self.const(k, "index"), ty))
            dims.append((d, None))
        return dims

    def new_dyn(self, kind, salt=None, iv=None):
        buf = self.dalloc(kind, iv=iv)
        self.dfill(buf, salt)
        return buf

    def dcombined(self, a, b, kind="da", iv=None):
        """A new temporary = a (op) b: of a's dimensions or new ones."""
        elem = self.rng.choice([a.elem, b.elem, self.rng.choice(DYN_TYPES)])
        if kind == "da" and self.rng.random() < 0.5 and a.name.startswith(("%da", "%t")):
            # Of a static temporary's shape, it is static too.
            static = all(s is not None for _, s in a.dims)
            out = self.dalloc("t" if static else kind, elem, list(a.dims))
        else:
            out = self.dalloc(kind, elem, iv=iv)
        self.dcombine_into(a, b, out)
        return out

    def dprint(self, buf):
        suffix = PRINTABLE[buf.elem]
        self.printers.add(suffix)
        u = self.fresh("u")
        self.emit("%s = memref.cast %s : %s to memref<*x%s>" % (u, buf.name, buf.type, buf.elem))
        self.emit("func.call @printMemref%s(%s) : (memref<*x%s>) -> ()" % (suffix, u, buf.elem))
        self.dstats["prints"] += 1

    # -- regions and functions --------------------------------------------------------------

    def dloop(self, live, depth=0):
        """A loop whose body allocates, uses and frees its own temporaries (sizes available at
        entry, and sometimes ones sized by the induction variable or loaded in the body),
        reads the outer ones and updates one of them."""
        self.dstats["loops"] += 1
        self.stats["loops"] += 1
        k = self.fresh("k")
        self.emit(
            "scf.for %s = %%c0 to %s step %%c1 {" % (k, self.const(self.rng.randint(2, 3), "index"))
        )
        self.indent += 1
        self.scopes.append([])
        inner = [self.new_dyn("da", salt=k)]
        if self.rng.random() < 0.5:
            inner.append(self.new_dyn("dn", salt=k, iv=k))
        if self.rng.random() < 0.3:
            inner.append(self.new_dyn("t", salt=k))
        for _ in range(self.rng.randint(0, 2)):
            a = self.rng.choice(inner + live)
            b = self.rng.choice(inner + live)
            inner.append(self.dcombined(a, b, self.rng.choice(["da", "da", "dn"]), iv=k))
        if live and self.rng.random() < 0.5:
            self.dupdate(self.rng.choice(live), self.rng.choice(inner))
        if depth == 0 and self.rng.random() < 0.25:
            self.dloop(live + inner, depth + 1)
        self.rng.shuffle(inner)
        for buf in inner:
            self.dfree(buf)
        self.scopes.pop()
        self.indent -= 1
        self.emit("}")

    def dworker(self, name):
        self.emit(
            "func.func @%s(%%n0: index, %%n1: index, %%n2: index, %%src: memref<?x?xf32>, "
            "%%szs: memref<%dxindex>) {" % (name, DYN_TABLE)
        )
        self.indent = 1
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        self.scopes = [["%n0", "%n1", "%n2"]]
        zero = "%c0"
        self.acc = Buf(self.fresh("acc"), "i64", [1])
        self.facc = Buf(self.fresh("facc"), "f64", [1])
        for b, init in [(self.acc, self.const(17, "i64")), (self.facc, self.const(0.0, "f64"))]:
            self.emit("%s = memref.alloc() : %s" % (b.name, b.type))
            self.stats["allocs"] += 1
            self.store(init, b, [zero])
        d0, d1 = self.fresh("sd"), self.fresh("sd")
        self.emit("%s = memref.dim %%src, %%c0 : memref<?x?xf32>" % d0)
        self.emit("%s = memref.dim %%src, %%c1 : memref<?x?xf32>" % d1)
        src = DBuf("%src", "f32", [(d0, None), (d1, None)])
        live, printed = [], set()
        for _ in range(self.rng.randint(8, 16)):
            r = self.rng.random()
            if not live or r < 0.2:
                live.append(self.new_dyn("da"))
            elif r < 0.27:
                live.append(self.new_dyn("t"))
            elif r < 0.42:
                a = self.rng.choice(live + [src])
                b = self.rng.choice(live)
                live.append(self.dcombined(a, b))
            elif r < 0.55:
                self.dloop(live)
            elif r < 0.63:
                live.append(self.new_dyn("dn"))
            elif r < 0.69:
                cands = [b for b in live if b.name not in printed]
                if cands:
                    buf = self.rng.choice(cands)
                    self.dprint(buf)
                    printed.add(buf.name)
            elif r < 0.75:
                s = self.rng.choice(live)
                kind = "t" if s.name.startswith("%t") else "dn" if s.name.startswith("%dn") \
                    else "da"
                dims = list(s.dims)
                if self.rng.random() < 0.5:
                    dims = self.dims_read_from(s)
                out = self.dalloc(kind, s.elem, dims)
                self.emit("memref.copy %s, %s : %s to %s" % (s.name, out.name, s.type, out.type))
                live.append(out)
            elif r < 0.82:
                self.dupdate(self.rng.choice(live), self.rng.choice(live + [src]))
            else:
                self.dfree(live.pop(self.rng.randrange(len(live))))
        self.rng.shuffle(live)
        for buf in live:
            self.dfree(buf)
        h = self.load(self.acc, [zero])
        f = self.load(self.facc, [zero])
        self.emit("func.call @printI64(%s) : (i64) -> ()" % h)
        self.emit("func.call @printNewline() : () -> ()")
        self.emit("func.call @printF64(%s) : (f64) -> ()" % f)
        self.emit("func.call @printNewline() : () -> ()")
        self.dealloc(self.acc)
        self.dealloc(self.facc)
        self.emit("return")
        self.indent = 0
        self.emit("}")

    def dcall(self, worker, table, extra=None):
        """Calls `worker` with sizes loaded from `table` or constants (plus `extra`, an index
        value, added to the first), with a fresh `%src` of loaded sizes."""
        args = []
        for _ in range(3):
            if self.rng.random() < 0.65:
                args.append(self.load(table, [self.const(self.rng.randrange(DYN_TABLE), "index")]))
            else:
                args.append(self.const(self.rng.randint(1, 7), "index"))
        if extra is not None:
            args[0] = self.op("arith.addi", [args[0], extra], "index")
        dims = []
        for _ in range(2):
            dims.append((self.load(table, [self.const(self.rng.randrange(DYN_TABLE), "index")]),
                         None))
        src = DBuf(self.fresh("dn"), "f32", dims)
        self.emit("%s = memref.alloc(%s) : %s" % (src.name, ", ".join(src.operands), src.type))
        self.stats["allocs"] += 1
        self.dstats["dn"] += 1
        self.dfill(src)
        self.emit(
            "func.call @%s(%s, %s, %s) : (index, index, index, %s, %s) -> ()"
            % (worker, ", ".join(args), src.name, table.name, src.type, table.type)
        )
        self.emit("memref.dealloc %s : %s" % (src.name, src.type))

    def dmain(self, workers):
        self.indent = 0
        self.emit("func.func @main() {")
        self.indent = 1
        self.emit("%c0 = arith.constant 0 : index")
        self.emit("%c1 = arith.constant 1 : index")
        table = DBuf("%szs", "index", [(None, DYN_TABLE)])
        self.emit("%s = memref.alloc() : %s" % (table.name, table.type))
        for j in range(DYN_TABLE):
            self.store(self.const(self.rng.randint(1, 7), "index"), table,
                       [self.const(j, "index")])
        for w in workers:
            self.dcall(w, table)
        self.dcall(self.rng.choice(workers), table)
        # Sizes that change from call to call within one run.
        r = self.fresh("k")
        self.emit("scf.for %s = %%c0 to %s step %%c1 {" % (r, self.const(2, "index")))
        self.indent += 1
        self.dcall(self.rng.choice(workers), table, extra=r)
        self.indent -= 1
        self.emit("}")
        self.emit("memref.dealloc %s : %s" % (table.name, table.type))
        self.emit("return")
        self.indent = 0
        self.emit("}")

    def program(self, seed):
        workers = ["work%d" % i for i in range(self.rng.randint(1, 3))]
        for w in workers:
            self.indent = 0
            self.dworker(w)
            self.lines.append("")
        self.dmain(workers)
        head = [
            "// Generated by tests/tools/gen_programs.py --dynamic --seed %d: do not edit." % seed,
            "// allocs %d: %d dynamic with sizes available at entry (%%da), %d dynamic with a "
            "size that is not (%%dn), %d static (%%t); loops %d, printed %d"
            % (self.stats["allocs"], self.dstats["da"], self.dstats["dn"], self.dstats["t"],
               self.dstats["loops"], self.dstats["prints"]),
            "func.func private @printI64(i64)",
            "func.func private @printF64(f64)",
            "func.func private @printNewline()",
        ]
        for s in sorted(self.printers):
            head.append(
                "func.func private @printMemref%s(memref<*x%s>) attributes "
                "{llvm.emit_c_interface}" % (s, s.lower())
            )
        head.append("")
        return "\n".join(head + self.lines) + "\n"


def identity_map(rank):
    dims = ", ".join("d%d" % i for i in range(rank))
    return "affine_map<(%s) -> (%s)>" % (dims, dims)


def float_lit(x):
    return "%.6e" % x


def generate(seed, calls=False, dynamic=False):
    if dynamic:
        return DynGen(seed).program(seed)
    return Gen(seed, calls).program(seed)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, help="one program from this seed")
    p.add_argument("--seeds", help="A:B, the seeds A..B-1 (with --out-dir)")
    p.add_argument("--out-dir", help="directory for gen_SEED.mlir files")
    p.add_argument("-o", dest="output", help="output file (default: stdout)")
    p.add_argument(
        "--calls",
        action="store_true",
        help="also define helper functions and call them with temporaries",
    )
    p.add_argument(
        "--dynamic",
        action="store_true",
        help="programs whose temporaries have dynamic shapes (sizes from arguments, "
        "memref.dim, arith of those, and some not available at function entry)",
    )
    args = p.parse_args(argv)
    if args.calls and args.dynamic:
        p.error("--calls and --dynamic do not combine")
    if args.seeds is not None:
        if not args.out_dir:
            p.error("--seeds needs --out-dir")
        lo, _, hi = args.seeds.partition(":")
        os.makedirs(args.out_dir, exist_ok=True)
        for s in range(int(lo), int(hi)):
            with open(os.path.join(args.out_dir, "gen_%d.mlir" % s), "w") as f:
                f.write(generate(s, args.calls, args.dynamic))
        return 0
    if args.seed is None:
        p.error("give --seed S or --seeds A:B --out-dir DIR")
    text = generate(args.seed, args.calls, args.dynamic)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

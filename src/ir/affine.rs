//! Affine expressions, maps and integer sets, as far as the affine dialect's custom forms need
//! them: reading `affine_map<...>` / `affine_set<...>` text (kept as text in attributes) and
//! subscripts over SSA values (`%A[%i + 3, symbol(%n) * 2]`), and writing them back as MLIR
//! prints them (`AsmPrinter`'s `printAffineExprInternal`).
//!
//! It lives in `ir` rather than `syntax` because the printer reads maps too (`ir` does not
//! import `syntax`). Expressions are built with a few of MLIR's simplifications (constants
//! folded and moved to the right of `+` and `*`); where MLIR simplifies further, the map
//! written denotes the same map and MLIR reads it into the same one.

use std::fmt::{self, Write};

/// The kinds of binary affine operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinKind {
    Add,
    Mul,
    Mod,
    FloorDiv,
    CeilDiv,
}

/// An affine expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Bin(BinKind, Box<Expr>, Box<Expr>),
}

/// An affine map `(d0, ...)[s0, ...] -> (results)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub dims: u32,
    pub syms: u32,
    pub results: Vec<Expr>,
}

/// An integer set `(d0, ...)[s0, ...] : (e >= 0, e == 0, ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Set {
    pub dims: u32,
    pub syms: u32,
    /// Each constraint and whether it is an equality (`== 0`) rather than `>= 0`.
    pub constraints: Vec<(Expr, bool)>,
}

/// An SSA value named in subscripts: the byte range of `%name` in the text read.
pub type Operand = std::ops::Range<usize>;

/// Subscripts over SSA values: the expressions (over dims and symbols) and the values that
/// are the dims and the symbols, in order of first appearance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subscripts {
    pub results: Vec<Expr>,
    pub dims: Vec<Operand>,
    pub syms: Vec<Operand>,
}

/// A reading error: the message and the byte range of the text it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub message: String,
    pub at: std::ops::Range<usize>,
}

impl Expr {
    fn bin(kind: BinKind, l: Expr, r: Expr) -> Expr {
        use BinKind::*;
        use Expr::Const;
        if let (Const(a), Const(b)) = (&l, &r) {
            let (a, b) = (*a, *b);
            let folded = match kind {
                Add => a.checked_add(b),
                Mul => a.checked_mul(b),
                Mod if b > 0 => Some(a.rem_euclid(b)),
                FloorDiv if b != 0 => a.checked_div_euclid(b).map(|q| {
                    if b < 0 && a.rem_euclid(b) != 0 {
                        // div_euclid rounds towards the floor only for positive divisors.
                        floor_div(a, b)
                    } else {
                        q
                    }
                }),
                CeilDiv if b != 0 => Some(-floor_div(-a, b)),
                _ => None,
            };
            if let Some(v) = folded {
                return Const(v);
            }
        }
        match kind {
            // Constants go right, and so does a symbolic operand beside one with dims.
            Add | Mul
                if (matches!(l, Const(_)) && !matches!(r, Const(_)))
                    || (l.symbolic() && !r.symbolic()) =>
            {
                return Expr::bin(kind, r, l);
            }
            Add if r == Const(0) => return l,
            Mul if r == Const(1) => return l,
            Mul if r == Const(0) => return r,
            FloorDiv | CeilDiv if r == Const(1) => return l,
            Mod if r == Const(1) => return Const(0),
            _ => {}
        }
        // `(e + c1) + c2` is `e + (c1 + c2)`, and `(e * c1) * c2` is `e * (c1 * c2)`.
        if let (Add | Mul, Const(c2), Expr::Bin(k, inner, c1)) = (kind, &r, &l)
            && *k == kind
            && let Const(c1) = **c1
        {
            let c = if kind == Add {
                c1.checked_add(*c2)
            } else {
                c1.checked_mul(*c2)
            };
            if let Some(c) = c {
                return Expr::bin(kind, (**inner).clone(), Const(c));
            }
        }
        Expr::Bin(kind, Box::new(l), Box::new(r))
    }

    /// Whether the expression has no dim (symbols and constants only).
    fn symbolic(&self) -> bool {
        match self {
            Expr::Dim(_) => false,
            Expr::Sym(_) | Expr::Const(_) => true,
            Expr::Bin(_, l, r) => l.symbolic() && r.symbolic(),
        }
    }

    /// The largest dim and symbol positions used, plus one.
    fn extent(&self, dims: &mut u32, syms: &mut u32) {
        match self {
            Expr::Dim(d) => *dims = (*dims).max(d + 1),
            Expr::Sym(s) => *syms = (*syms).max(s + 1),
            Expr::Const(_) => {}
            Expr::Bin(_, l, r) => {
                l.extent(dims, syms);
                r.extent(dims, syms);
            }
        }
    }

    /// Writes the expression as MLIR does, leaves through `leaf`.
    pub fn write(&self, out: &mut String, leaf: &dyn Fn(&mut String, &Expr)) {
        self.write_in(out, false, leaf);
    }

    fn write_in(&self, out: &mut String, strong: bool, leaf: &dyn Fn(&mut String, &Expr)) {
        let Expr::Bin(kind, l, r) = self else {
            return leaf(out, self);
        };
        let open = |out: &mut String| {
            if strong {
                out.push('(');
            }
        };
        let close = |out: &mut String| {
            if strong {
                out.push(')');
            }
        };
        open(out);
        if *kind != BinKind::Add {
            if *kind == BinKind::Mul && **r == Expr::Const(-1) {
                out.push('-');
                l.write_in(out, true, leaf);
            } else {
                l.write_in(out, true, leaf);
                out.push_str(match kind {
                    BinKind::Mul => " * ",
                    BinKind::Mod => " mod ",
                    BinKind::FloorDiv => " floordiv ",
                    _ => " ceildiv ",
                });
                r.write_in(out, true, leaf);
            }
            return close(out);
        }
        if let Expr::Bin(BinKind::Mul, rl, rr) = &**r
            && let Expr::Const(c) = **rr
            && c < 0
        {
            l.write_in(out, false, leaf);
            out.push_str(" - ");
            if c == -1 {
                let add = matches!(**rl, Expr::Bin(BinKind::Add, ..));
                rl.write_in(out, add, leaf);
            } else {
                rl.write_in(out, true, leaf);
                let _ = write!(out, " * {}", -(c as i128));
            }
            return close(out);
        }
        if let Expr::Const(c) = **r
            && c < 0
        {
            l.write_in(out, false, leaf);
            let _ = write!(out, " - {}", -(c as i128));
            return close(out);
        }
        l.write_in(out, false, leaf);
        out.push_str(" + ");
        r.write_in(out, false, leaf);
        close(out)
    }
}

fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

/// Writes `d0`, `s1`, `4`.
pub fn plain_leaf(out: &mut String, e: &Expr) {
    let _ = match e {
        Expr::Dim(d) => write!(out, "d{d}"),
        Expr::Sym(s) => write!(out, "s{s}"),
        Expr::Const(c) => write!(out, "{c}"),
        Expr::Bin(..) => Ok(()),
    };
}

fn header(f: &mut fmt::Formatter<'_>, dims: u32, syms: u32) -> fmt::Result {
    f.write_char('(')?;
    for d in 0..dims {
        write!(f, "{}d{d}", if d > 0 { ", " } else { "" })?;
    }
    f.write_char(')')?;
    if syms > 0 {
        f.write_char('[')?;
        for s in 0..syms {
            write!(f, "{}s{s}", if s > 0 { ", " } else { "" })?;
        }
        f.write_char(']')?;
    }
    Ok(())
}

impl fmt::Display for Map {
    /// The body of `affine_map<...>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        header(f, self.dims, self.syms)?;
        f.write_str(" -> (")?;
        let mut s = String::new();
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            e.write(&mut s, &plain_leaf);
        }
        f.write_str(&s)?;
        f.write_char(')')
    }
}

impl fmt::Display for Set {
    /// The body of `affine_set<...>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        header(f, self.dims, self.syms)?;
        f.write_str(" : (")?;
        let mut s = String::new();
        for (i, (e, eq)) in self.constraints.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            e.write(&mut s, &plain_leaf);
            s.push_str(if *eq { " == 0" } else { " >= 0" });
        }
        f.write_str(&s)?;
        f.write_char(')')
    }
}

impl Map {
    /// `affine_map<...>` as MLIR prints it.
    pub fn attr_text(&self) -> String {
        format!("affine_map<{self}>")
    }

    /// Whether it is an identity: no symbols, and result `i` is dim `i` of every dim.
    pub fn is_identity(&self) -> bool {
        self.syms == 0
            && self.results.len() == self.dims as usize
            && self
                .results
                .iter()
                .zip(0..)
                .all(|(e, i)| *e == Expr::Dim(i))
    }
}

impl Set {
    /// `affine_set<...>` as MLIR prints it.
    #[cfg(test)]
    pub fn attr_text(&self) -> String {
        format!("affine_set<{self}>")
    }
}

// ---------------------------------------------------------------------------------------------
// Reading

#[derive(Clone, Debug, PartialEq)]
enum T<'a> {
    Int(i64),
    Id(&'a str),
    Ssa(&'a str),
    P(&'static str),
}

/// What names the leaves of expressions: `d0`/`s0` in maps and sets, `%x` in subscripts.
enum Names<'a> {
    /// Declared dims and symbols of a map or set.
    Declared {
        dims: Vec<&'a str>,
        syms: Vec<&'a str>,
    },
    /// SSA values, dims or symbols by first appearance; each name with whether it is a
    /// symbol and its position.
    Ssa(Vec<(&'a str, bool, u32, Operand)>),
}

struct Reader<'a> {
    text: &'a str,
    /// Where `text` starts in the source (error ranges and operands are offset by it).
    base: usize,
    pos: usize,
    peeked: Option<(T<'a>, usize, usize)>,
    names: Names<'a>,
}

type R<T> = Result<T, Error>;

impl<'a> Reader<'a> {
    fn new(text: &'a str, base: usize, names: Names<'a>) -> Reader<'a> {
        Reader {
            text,
            base,
            pos: 0,
            peeked: None,
            names,
        }
    }

    fn err<X>(&self, message: impl Into<String>, at: (usize, usize)) -> R<X> {
        Err(Error {
            message: message.into(),
            at: self.base + at.0..self.base + at.1,
        })
    }

    fn lex(&mut self) -> R<Option<(T<'a>, usize, usize)>> {
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        let start = self.pos;
        let Some(&c) = b.get(start) else {
            return Ok(None);
        };
        let take = |pos: &mut usize, f: &dyn Fn(u8) -> bool| {
            while *pos < b.len() && f(b[*pos]) {
                *pos += 1;
            }
        };
        let tok = if c.is_ascii_digit() {
            take(&mut self.pos, &|c| c.is_ascii_digit());
            match self.text[start..self.pos].parse::<i64>() {
                Ok(v) => T::Int(v),
                Err(_) => {
                    return self.err("integer does not fit in 64 bits", (start, self.pos));
                }
            }
        } else if c.is_ascii_alphabetic() || c == b'_' {
            take(&mut self.pos, &|c| {
                c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
            });
            T::Id(&self.text[start..self.pos])
        } else if c == b'%' {
            self.pos += 1;
            take(&mut self.pos, &|c| {
                c.is_ascii_alphanumeric() || b"_$.-".contains(&c)
            });
            if b.get(self.pos) == Some(&b'#') {
                let digits = b[self.pos + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                if digits > 0 {
                    self.pos += 1 + digits;
                }
            }
            if self.pos == start + 1 {
                return self.err("expected a value name after '%'", (start, self.pos));
            }
            T::Ssa(&self.text[start..self.pos])
        } else {
            let two = self.text.get(start..start + 2).unwrap_or("");
            let p = match two {
                "->" => "->",
                ">=" => ">=",
                "<=" => "<=",
                "==" => "==",
                _ => match c {
                    b'(' => "(",
                    b')' => ")",
                    b'[' => "[",
                    b']' => "]",
                    b',' => ",",
                    b'+' => "+",
                    b'-' => "-",
                    b'*' => "*",
                    b':' => ":",
                    _ => {
                        let end =
                            start + self.text[start..].chars().next().map_or(1, char::len_utf8);
                        return self.err("unexpected character in affine expression", (start, end));
                    }
                },
            };
            self.pos += p.len();
            T::P(p)
        };
        Ok(Some((tok, start, self.pos)))
    }

    fn peek(&mut self) -> R<Option<&T<'a>>> {
        if self.peeked.is_none() {
            self.peeked = self.lex()?;
        }
        Ok(self.peeked.as_ref().map(|(t, _, _)| t))
    }

    fn next(&mut self) -> R<Option<(T<'a>, usize, usize)>> {
        self.peek()?;
        Ok(self.peeked.take())
    }

    /// Where the next token starts (the end of the text when there is none).
    fn here(&mut self) -> R<(usize, usize)> {
        self.peek()?;
        Ok(match &self.peeked {
            Some((_, s, e)) => (*s, *e),
            None => (self.text.len(), self.text.len()),
        })
    }

    fn eat(&mut self, p: &'static str) -> R<bool> {
        if self.peek()? == Some(&T::P(p)) {
            self.peeked = None;
            return Ok(true);
        }
        Ok(false)
    }

    fn expect(&mut self, p: &'static str) -> R<()> {
        if self.eat(p)? {
            return Ok(());
        }
        let at = self.here()?;
        self.err(format!("expected '{p}'"), at)
    }

    fn end(&mut self) -> R<()> {
        if self.peek()?.is_some() {
            let at = self.here()?;
            return self.err("unexpected text after affine expression", at);
        }
        Ok(())
    }

    /// `expr (+|- expr)*`
    fn expr(&mut self) -> R<Expr> {
        let mut e = self.term()?;
        loop {
            if self.eat("+")? {
                let r = self.term()?;
                e = Expr::bin(BinKind::Add, e, r);
            } else if self.peek()? == Some(&T::P("-")) {
                self.peeked = None;
                let r = self.term()?;
                e = Expr::bin(BinKind::Add, e, Expr::bin(BinKind::Mul, r, Expr::Const(-1)));
            } else {
                return Ok(e);
            }
        }
    }

    /// `factor ((*|floordiv|ceildiv|mod) factor)*`
    fn term(&mut self) -> R<Expr> {
        let mut e = self.factor()?;
        loop {
            let at = self.here()?;
            let kind = match self.peek()? {
                Some(T::P("*")) => BinKind::Mul,
                Some(T::Id("floordiv")) => BinKind::FloorDiv,
                Some(T::Id("ceildiv")) => BinKind::CeilDiv,
                Some(T::Id("mod")) => BinKind::Mod,
                _ => return Ok(e),
            };
            self.peeked = None;
            let r = self.factor()?;
            let ok = match kind {
                BinKind::Mul => e.symbolic() || r.symbolic(),
                _ => r.symbolic(),
            };
            if !ok {
                return self.err(
                    match kind {
                        BinKind::Mul => {
                            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic"
                        }
                        _ => "non-affine expression: right operand has to be either a constant or symbolic",
                    },
                    at,
                );
            }
            e = Expr::bin(kind, e, r);
        }
    }

    fn factor(&mut self) -> R<Expr> {
        let at = self.here()?;
        let Some((t, s, e)) = self.next()? else {
            return self.err("expected an affine expression", at);
        };
        match t {
            T::P("-") => {
                let f = self.factor()?;
                Ok(Expr::bin(BinKind::Mul, f, Expr::Const(-1)))
            }
            T::P("(") => {
                let inner = self.expr()?;
                self.expect(")")?;
                Ok(inner)
            }
            T::Int(v) => Ok(Expr::Const(v)),
            T::Id("symbol") if matches!(self.names, Names::Ssa(_)) => {
                self.expect("(")?;
                let (name, ns, ne) = match self.next()? {
                    Some((T::Ssa(n), ns, ne)) => (n, ns, ne),
                    _ => return self.err("expected an SSA value in 'symbol(...)'", (s, e)),
                };
                self.expect(")")?;
                Ok(self.ssa(name, true, ns..ne))
            }
            T::Ssa(name) if matches!(self.names, Names::Ssa(_)) => Ok(self.ssa(name, false, s..e)),
            T::Id(id) => match &self.names {
                Names::Declared { dims, syms } => {
                    if let Some(i) = dims.iter().position(|d| *d == id) {
                        Ok(Expr::Dim(i as u32))
                    } else if let Some(i) = syms.iter().position(|d| *d == id) {
                        Ok(Expr::Sym(i as u32))
                    } else {
                        self.err(format!("use of undeclared identifier '{id}'"), (s, e))
                    }
                }
                Names::Ssa(_) => self.err("expected an SSA value or an integer", (s, e)),
            },
            _ => self.err("expected an affine expression", (s, e)),
        }
    }

    /// The leaf of an SSA value: the dim or symbol it already is, or a new one.
    fn ssa(&mut self, name: &'a str, symbol: bool, at: std::ops::Range<usize>) -> Expr {
        let Names::Ssa(seen) = &mut self.names else {
            unreachable!("only called in SSA mode");
        };
        let leaf = |sym: bool, i: u32| if sym { Expr::Sym(i) } else { Expr::Dim(i) };
        if let Some(&(_, sym, i, _)) = seen.iter().find(|(n, ..)| *n == name) {
            return leaf(sym, i);
        }
        let i = seen.iter().filter(|(_, sym, ..)| *sym == symbol).count() as u32;
        seen.push((name, symbol, i, self.base + at.start..self.base + at.end));
        leaf(symbol, i)
    }

    /// `(d0, d1)[s0]`: declares the names.
    fn header(&mut self) -> R<(u32, u32)> {
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        self.expect("(")?;
        self.id_list(&mut dims, ")")?;
        if self.eat("[")? {
            self.id_list(&mut syms, "]")?;
        }
        let counts = (dims.len() as u32, syms.len() as u32);
        self.names = Names::Declared { dims, syms };
        Ok(counts)
    }

    fn id_list(&mut self, into: &mut Vec<&'a str>, close: &'static str) -> R<()> {
        if self.eat(close)? {
            return Ok(());
        }
        loop {
            match self.next()? {
                Some((T::Id(id), s, e)) => {
                    if into.contains(&id) {
                        return self.err(format!("redefinition of identifier '{id}'"), (s, e));
                    }
                    into.push(id);
                }
                _ => {
                    let at = self.here()?;
                    return self.err("expected a dimension or symbol name", at);
                }
            }
            if self.eat(close)? {
                return Ok(());
            }
            self.expect(",")?;
        }
    }
}

/// The body of `affine_map<...>`, or the whole attribute text.
fn body<'a>(text: &'a str, kw: &str) -> (&'a str, usize) {
    match text
        .strip_prefix(kw)
        .and_then(|t| t.strip_prefix('<'))
        .and_then(|t| t.strip_suffix('>'))
    {
        Some(b) => (b, kw.len() + 1),
        None => (text, 0),
    }
}

/// Reads an affine map: `affine_map<(d0)[s0] -> (d0 + s0)>` or its body.
pub fn parse_map(text: &str) -> Result<Map, Error> {
    let (b, off) = body(text, "affine_map");
    let mut r = Reader::new(b, off, Names::Ssa(Vec::new()));
    let (dims, syms) = r.header()?;
    r.expect("->")?;
    r.expect("(")?;
    let mut results = Vec::new();
    if !r.eat(")")? {
        loop {
            results.push(r.expr()?);
            if r.eat(")")? {
                break;
            }
            r.expect(",")?;
        }
    }
    r.end()?;
    Ok(Map {
        dims,
        syms,
        results,
    })
}

/// Reads an integer set: `affine_set<(d0)[s0] : (d0 - s0 >= 0)>` or its body.
pub fn parse_set(text: &str) -> Result<Set, Error> {
    let (b, off) = body(text, "affine_set");
    let mut r = Reader::new(b, off, Names::Ssa(Vec::new()));
    let (dims, syms) = r.header()?;
    r.expect(":")?;
    r.expect("(")?;
    let mut constraints = Vec::new();
    loop {
        let l = r.expr()?;
        let at = r.here()?;
        let (rhs, eq) = if r.eat(">=")? {
            (r.expr()?, false)
        } else if r.eat("<=")? {
            let rhs = r.expr()?;
            // `l <= rhs` is `rhs - l >= 0`.
            constraints.push((sub(rhs, l), false));
            if r.eat(")")? {
                break;
            }
            r.expect(",")?;
            continue;
        } else if r.eat("==")? {
            (r.expr()?, true)
        } else {
            return r.err("expected '>=', '<=' or '==' in a constraint", at);
        };
        constraints.push((sub(l, rhs), eq));
        if r.eat(")")? {
            break;
        }
        r.expect(",")?;
    }
    r.end()?;
    Ok(Set {
        dims,
        syms,
        constraints,
    })
}

/// `l - r`, as MLIR builds it.
fn sub(l: Expr, r: Expr) -> Expr {
    if r == Expr::Const(0) {
        return l;
    }
    Expr::bin(BinKind::Add, l, Expr::bin(BinKind::Mul, r, Expr::Const(-1)))
}

/// Reads subscripts over SSA values (`%i + 3, symbol(%n) * 2`), written at byte `base` of the
/// source; an empty text is no subscript.
pub fn parse_subscripts(text: &str, base: usize) -> Result<Subscripts, Error> {
    let mut r = Reader::new(text, base, Names::Ssa(Vec::new()));
    let mut results = Vec::new();
    if r.peek()?.is_some() {
        loop {
            results.push(r.expr()?);
            if !r.eat(",")? {
                break;
            }
        }
    }
    r.end()?;
    Ok(r.into_subscripts(results))
}

/// Reads the bounds of `affine.parallel` (`max(%a, %b), %c + 1`, written at byte `base`):
/// each bound is one expression or `kw(e, ...)` (`max` for lower bounds, `min` for upper
/// ones). The results of all bounds are one map over the SSA values (dims, then symbols, each
/// by first appearance, as MLIR merges the bounds' operands), with the number of results of
/// each bound.
pub fn parse_bounds(
    text: &str,
    base: usize,
    kw: &'static str,
) -> Result<(Subscripts, Vec<u32>), Error> {
    let mut r = Reader::new(text, base, Names::Ssa(Vec::new()));
    let mut results = Vec::new();
    let mut groups = Vec::new();
    if r.peek()?.is_some() {
        loop {
            if r.peek()? == Some(&T::Id(kw)) {
                r.next()?;
                r.expect("(")?;
                let before = results.len();
                loop {
                    results.push(r.expr()?);
                    if !r.eat(",")? {
                        break;
                    }
                }
                r.expect(")")?;
                groups.push((results.len() - before) as u32);
            } else {
                results.push(r.expr()?);
                groups.push(1);
            }
            if !r.eat(",")? {
                break;
            }
        }
    }
    r.end()?;
    Ok((r.into_subscripts(results), groups))
}

impl<'a> Reader<'a> {
    /// The subscripts `results` over the SSA values this reader has seen.
    fn into_subscripts(self, results: Vec<Expr>) -> Subscripts {
        let Names::Ssa(seen) = self.names else {
            unreachable!("subscripts name SSA values");
        };
        let mut out = Subscripts {
            results,
            ..Subscripts::default()
        };
        for (_, sym, _, at) in seen {
            if sym {
                out.syms.push(at);
            } else {
                out.dims.push(at);
            }
        }
        out
    }
}

impl Subscripts {
    /// The names of the dims and then the symbols, in `text` (the text these were read from).
    fn names<'t>(&self, text: &'t str) -> Vec<&'t str> {
        self.dims
            .iter()
            .chain(&self.syms)
            .map(|r| &text[r.clone()])
            .collect()
    }

    /// The map of these subscripts.
    pub fn map(&self) -> Map {
        Map {
            dims: self.dims.len() as u32,
            syms: self.syms.len() as u32,
            results: self.results.clone(),
        }
    }
}

impl Map {
    /// Writes the results with dims and symbols named by the SSA values `names` (dims first),
    /// as MLIR's `printAffineMapOfSSAIds` does (`%i + 3, symbol(%n)`): `None` when reading
    /// that text back would not give this map and these operands (a dim or symbol unused, or
    /// first used out of order, or one value standing for two of them).
    pub fn write_ssa(&self, names: &[&str]) -> Option<String> {
        if names.len() != (self.dims + self.syms) as usize {
            return None;
        }
        let mut out = String::new();
        for (i, e) in self.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_ssa_expr(&mut out, e, names);
        }
        let again = parse_subscripts(&out, 0).ok()?;
        (again.map() == *self && again.names(&out) == names).then_some(out)
    }

    /// Writes the results as the bounds of `affine.parallel`: `groups` counts the results of
    /// each bound, and a bound of several results is written `kw(e, ...)`. `None` when reading
    /// that text back would not give this map, these operands and these groups.
    pub fn write_ssa_bounds(
        &self,
        names: &[&str],
        groups: &[u32],
        kw: &'static str,
    ) -> Option<String> {
        let total: u64 = groups.iter().map(|&g| u64::from(g)).sum();
        if names.len() != (self.dims + self.syms) as usize
            || total != self.results.len() as u64
            || groups.contains(&0)
        {
            return None;
        }
        let mut out = String::new();
        let mut rest = &self.results[..];
        for (i, &g) in groups.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let (group, after) = rest.split_at(g as usize);
            rest = after;
            if g > 1 {
                out.push_str(kw);
                out.push('(');
            }
            for (j, e) in group.iter().enumerate() {
                if j > 0 {
                    out.push_str(", ");
                }
                self.write_ssa_expr(&mut out, e, names);
            }
            if g > 1 {
                out.push(')');
            }
        }
        let (again, again_groups) = parse_bounds(&out, 0, kw).ok()?;
        (again.map() == *self && again.names(&out) == names && again_groups == groups)
            .then_some(out)
    }

    /// Writes `e` with dims and symbols named by `names` (dims first).
    fn write_ssa_expr(&self, out: &mut String, e: &Expr, names: &[&str]) {
        let leaf = |out: &mut String, e: &Expr| {
            let _ = match e {
                Expr::Dim(d) => write!(out, "{}", names[*d as usize]),
                Expr::Sym(s) => write!(out, "symbol({})", names[(self.dims + s) as usize]),
                Expr::Const(c) => write!(out, "{c}"),
                Expr::Bin(..) => Ok(()),
            };
        };
        e.write(out, &leaf);
    }

    /// Whether every dim and symbol position used is declared.
    pub fn well_formed(&self) -> bool {
        let (mut d, mut s) = (0, 0);
        for e in &self.results {
            e.extent(&mut d, &mut s);
        }
        d <= self.dims && s <= self.syms
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn map(text: &str) -> String {
        parse_map(text).expect("a map").attr_text()
    }

    #[test]
    fn maps_print_as_mlir_does() {
        for (input, printed) in [
            (
                "affine_map<(d0)[s0] -> (d0 + s0 * 2 - 1)>",
                "affine_map<(d0)[s0] -> (d0 + s0 * 2 - 1)>",
            ),
            (
                "affine_map<(d0) -> (3 + d0)>",
                "affine_map<(d0) -> (d0 + 3)>",
            ),
            (
                "affine_map<(i, j) -> (j, i)>",
                "affine_map<(d0, d1) -> (d1, d0)>",
            ),
            (
                "affine_map<()[s0] -> (s0 floordiv 2, 0)>",
                "affine_map<()[s0] -> (s0 floordiv 2, 0)>",
            ),
            ("affine_map<() -> (4)>", "affine_map<() -> (4)>"),
            (
                "affine_map<(d0, d1) -> (-d0 + d1)>",
                "affine_map<(d0, d1) -> (-d0 + d1)>",
            ),
            (
                "affine_map<(d0, d1) -> (d0 - d1 * 3)>",
                "affine_map<(d0, d1) -> (d0 - d1 * 3)>",
            ),
            (
                "affine_map<(d0, d1) -> (d0 - (d1 + 2))>",
                "affine_map<(d0, d1) -> (d0 - (d1 + 2))>",
            ),
            (
                "affine_map<(d0) -> ((d0 + 1) * 4, (d0 mod 8) floordiv 2)>",
                "affine_map<(d0) -> ((d0 + 1) * 4, (d0 mod 8) floordiv 2)>",
            ),
            (
                "affine_map<(d0) -> (d0 ceildiv 4 + 2 * 3)>",
                "affine_map<(d0) -> (d0 ceildiv 4 + 6)>",
            ),
            (
                "affine_map<(d0) -> ((d0 + 2) + 3)>",
                "affine_map<(d0) -> (d0 + 5)>",
            ),
        ] {
            assert_eq!(map(input), printed, "{input}");
        }
    }

    #[test]
    fn identity_maps() {
        let identity = |text| parse_map(text).expect("a map").is_identity();
        for text in [
            "affine_map<(d0, d1) -> (d0, d1)>",
            "affine_map<(i, j) -> (i, j)>",
            "affine_map<() -> ()>",
            "affine_map<(d0) -> (d0 + 0)>",
        ] {
            assert!(identity(text), "{text}");
        }
        for text in [
            "affine_map<(d0, d1) -> (d1, d0)>",
            "affine_map<(d0, d1) -> (d0)>",
            "affine_map<(d0)[s0] -> (d0)>",
            "affine_map<(d0) -> (d0 + 1)>",
            "affine_map<(d0) -> (d0, d0)>",
        ] {
            assert!(!identity(text), "{text}");
        }
    }

    #[test]
    fn sets_print_as_mlir_does() {
        let s = parse_set("affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0, d0 == 4)>")
            .expect("a set");
        assert_eq!(
            s.attr_text(),
            "affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 1 >= 0, d0 - 4 == 0)>"
        );
    }

    #[test]
    fn parallel_bounds_share_one_map() {
        // The lower bounds of `affine.parallel (%i, %j, %k) = (max(%a, %b), %b, max(%a, %c))`,
        // as mlir-opt reads them.
        let text = "max(%a, %b), %b, max(%a, %c)";
        let (s, groups) = parse_bounds(text, 0, "max").expect("bounds");
        assert_eq!(
            s.map().attr_text(),
            "affine_map<(d0, d1, d2) -> (d0, d1, d1, d0, d2)>"
        );
        assert_eq!(groups, vec![2, 1, 2]);
        assert_eq!(s.names(text), vec!["%a", "%b", "%c"]);
        assert_eq!(
            s.map()
                .write_ssa_bounds(&["%a", "%b", "%c"], &groups, "max")
                .as_deref(),
            Some(text)
        );
        // A symbol, constants and no bounds at all.
        let (s, groups) = parse_bounds("symbol(%n), 100", 0, "min").expect("bounds");
        assert_eq!(s.map().attr_text(), "affine_map<()[s0] -> (s0, 100)>");
        assert_eq!(groups, vec![1, 1]);
        let (s, groups) = parse_bounds("", 0, "min").expect("none");
        assert_eq!(
            (s.map().attr_text(), groups),
            ("affine_map<() -> ()>".into(), vec![])
        );
        // The wrong keyword is no bound; groups that do not cover the map are not written.
        assert!(parse_bounds("min(%a, %b)", 0, "max").is_err());
        let m = parse_bounds("%a, %b", 0, "min").expect("bounds").0.map();
        assert_eq!(m.write_ssa_bounds(&["%a", "%b"], &[1], "min"), None);
        assert_eq!(m.write_ssa_bounds(&["%a", "%b"], &[2, 0], "min"), None);
        assert_eq!(
            m.write_ssa_bounds(&["%a", "%b"], &[2], "min").as_deref(),
            Some("min(%a, %b)")
        );
    }

    #[test]
    fn subscripts_name_dims_and_symbols_by_first_use() {
        let text = "%i + 3, symbol(%n) * 2, %j - %i";
        let s = parse_subscripts(text, 10).expect("subscripts");
        assert_eq!(
            s.map().attr_text(),
            "affine_map<(d0, d1)[s0] -> (d0 + 3, s0 * 2, d1 - d0)>"
        );
        assert_eq!(s.dims, vec![10..12, 34..36]);
        assert_eq!(s.syms, vec![25..27]);
        assert_eq!(
            parse_subscripts("", 0).expect("none").map().attr_text(),
            "affine_map<() -> ()>"
        );
    }

    #[test]
    fn ssa_form_prints_back_when_it_reads_back() {
        let m = parse_map("affine_map<(d0, d1)[s0] -> (d0 + 3, -d0 + d1, s0 * 2)>").expect("map");
        assert_eq!(
            m.write_ssa(&["%i", "%j", "%n"]).as_deref(),
            Some("%i + 3, -%i + %j, symbol(%n) * 2")
        );
        // Out of order, unused, or one value for two dims: not the same map once read back.
        let swapped = parse_map("affine_map<(d0, d1) -> (d1, d0)>").expect("map");
        assert_eq!(swapped.write_ssa(&["%i", "%j"]), None);
        let unused = parse_map("affine_map<(d0, d1) -> (d0)>").expect("map");
        assert_eq!(unused.write_ssa(&["%i", "%j"]), None);
        let same = parse_map("affine_map<(d0, d1) -> (d0, d1)>").expect("map");
        assert_eq!(same.write_ssa(&["%i", "%i"]), None);
    }

    #[test]
    fn errors_say_where() {
        let e = parse_subscripts("%i * %j", 5).expect_err("not affine");
        assert!(e.message.contains("non-affine"), "{}", e.message);
        assert_eq!(e.at, 8..9);
        let e = parse_map("affine_map<(d0) -> (d1)>").expect_err("undeclared");
        assert_eq!(e.message, "use of undeclared identifier 'd1'");
        assert!(parse_subscripts("%i +", 0).is_err());
        assert!(parse_subscripts("%i ? 1", 0).is_err());
        assert!(parse_subscripts("99999999999999999999", 0).is_err());
    }
}

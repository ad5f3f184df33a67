//! Types and attributes as the parser reads them and the printer writes them, and the byte
//! size of memref element types (the only semantic fact about types the analysis needs).

use std::fmt::{self, Write};
use std::sync::Arc;

/// MLIR's marker for a dynamic entry in a static list (`ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

/// One dimension of a shaped type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// A static size.
    Static(u64),
    /// `?`
    Dynamic,
    /// `[n]`: a scalable vector dimension.
    Scalable(u64),
}

/// Signedness of an integer type: `i32` (signless), `si32`, `ui32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// An MLIR type. Dialect types and anything without structure that matters here are kept as
/// their text (`Opaque`), which the printer writes back unchanged.
///
/// The types a type contains are shared (`Arc`), not copied: the parser interns every level
/// of a nested type, and with copies `tuple<tuple<...>>` n deep would cost n*n/2 types of
/// memory; shared, a level costs one record and cloning a type is cheap.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Int {
        width: u32,
        signedness: Signedness,
    },
    /// A float type by its keyword (`f32`, `bf16`, `f8E4M3FN`, ...).
    Float(Box<str>),
    Index,
    None,
    Complex(Arc<Type>),
    Tuple(Arc<[Type]>),
    Function {
        inputs: Arc<[Type]>,
        results: Arc<[Type]>,
    },
    Vector {
        shape: Vec<Dim>,
        elem: Arc<Type>,
    },
    /// `shape` is `None` for an unranked tensor (`tensor<*xf32>`).
    Tensor {
        shape: Option<Vec<Dim>>,
        elem: Arc<Type>,
        encoding: Option<Box<Attr>>,
    },
    /// `shape` is `None` for an unranked memref (`memref<*xf32>`).
    MemRef(Box<MemRefType>),
    /// `!name`: a reference to a type alias, replaced by its definition when the IR is built.
    Alias(Box<str>),
    /// A dialect type such as `!llvm.ptr`, kept as written.
    Opaque(Box<str>),
}

/// The parts of a memref type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemRefType {
    pub shape: Option<Vec<Dim>>,
    pub elem: Type,
    pub layout: Option<Attr>,
    pub memory_space: Option<Attr>,
}

/// An MLIR attribute. Structured where bufreuse reads it, otherwise kept as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attr {
    /// An integer literal as written (`42`, `-1`, `0x1F`) with its type, if given.
    Int {
        text: Box<str>,
        ty: Option<Type>,
    },
    /// A float literal as written, with its type, if given.
    Float {
        text: Box<str>,
        ty: Option<Type>,
    },
    Bool(bool),
    /// A string literal including its quotes and escapes, as written; with its type, if given.
    Str {
        text: Box<str>,
        ty: Option<Type>,
    },
    Unit,
    Array(Vec<Attr>),
    Dict(Vec<(Box<str>, Attr)>),
    Type(Type),
    /// `@a::@b`: each part as written, including `@`.
    SymbolRef(Vec<Box<str>>),
    /// `#name`: a reference to an attribute alias (or a body-less dialect attribute).
    Alias(Box<str>),
    /// Text kept as written: `affine_map<...>`, `strided<...>`, `array<...>`, `dense<...>`,
    /// `#dialect.name<...>`, ...; with its type suffix, if given.
    Opaque {
        text: Box<str>,
        ty: Option<Type>,
    },
}

/// Dropping an attribute takes its nested arrays and dictionaries apart one level at a time,
/// on a list, instead of recursing once per level: an attribute may nest up to
/// `syntax::lexer::MAX_BRACKET_DEPTH` deep, and the library's caller drops its module on a
/// thread of its own, whose stack may be small.
impl Drop for Attr {
    fn drop(&mut self) {
        fn nests(a: &Attr) -> bool {
            match a {
                Attr::Array(items) => !items.is_empty(),
                Attr::Dict(entries) => !entries.is_empty(),
                _ => false,
            }
        }
        fn take_nested(a: &mut Attr, into: &mut Vec<Attr>) {
            match a {
                Attr::Array(items) if items.iter().any(nests) => into.append(items),
                Attr::Dict(entries) if entries.iter().any(|(_, v)| nests(v)) => {
                    into.extend(std::mem::take(entries).into_iter().map(|(_, v)| v));
                }
                _ => {}
            }
        }
        let mut nested = Vec::new();
        take_nested(self, &mut nested);
        while let Some(mut a) = nested.pop() {
            take_nested(&mut a, &mut nested);
        }
    }
}

/// Bit width of a float type keyword, if it is one.
pub fn float_width(name: &str) -> Option<u32> {
    Some(match name {
        "f16" | "bf16" => 16,
        "f32" | "tf32" => 32,
        "f64" => 64,
        "f80" => 80,
        "f128" => 128,
        _ if name.starts_with("f8") => 8,
        _ if name.starts_with("f6") => 6,
        _ if name.starts_with("f4") => 4,
        _ => return None,
    })
}

/// Storage bytes of a value of `bits` bits, as LLVM lays them out in memory: whole bytes,
/// rounded up to a power of two (an `i24` occupies 4 bytes, an `f80` 16). Rounding up is what
/// keeps a pool safe: a size that is too small would let neighbours overlap.
fn storage_bytes(bits: u64) -> u64 {
    bits.div_ceil(8).max(1).next_power_of_two()
}

impl Type {
    pub fn i(width: u32) -> Type {
        Type::Int {
            width,
            signedness: Signedness::Signless,
        }
    }

    pub fn as_memref(&self) -> Option<&MemRefType> {
        match self {
            Type::MemRef(m) => Some(m),
            _ => None,
        }
    }

    /// Byte size of one element of this type in a memref, if known. `index_bytes` is the byte
    /// size of `index` (8 unless `--index-bitwidth=32`).
    pub fn element_bytes(&self, index_bytes: u64) -> Option<u64> {
        match self {
            Type::Int { width, .. } => Some(storage_bytes(u64::from(*width))),
            Type::Float(name) => float_width(name).map(|w| storage_bytes(u64::from(w))),
            Type::Index => Some(index_bytes),
            Type::Complex(t) => t.element_bytes(index_bytes)?.checked_mul(2),
            Type::Vector { shape, elem } => {
                let mut n = elem.element_bytes(index_bytes)?;
                for d in shape {
                    match d {
                        Dim::Static(s) => n = n.checked_mul(*s)?,
                        _ => return None,
                    }
                }
                Some(n.max(1).checked_next_power_of_two()?)
            }
            _ => None,
        }
    }
}

impl MemRefType {
    /// Number of elements, if the shape is static; `None` on overflow too.
    pub fn num_elements(&self) -> Option<u64> {
        let mut n: u64 = 1;
        for d in self.shape.as_ref()? {
            match d {
                Dim::Static(s) => n = n.checked_mul(*s)?,
                _ => return None,
            }
        }
        Some(n)
    }

    pub fn has_dynamic_dims(&self) -> bool {
        self.shape
            .as_ref()
            .is_none_or(|s| s.iter().any(|d| !matches!(d, Dim::Static(_))))
    }
}

fn write_dims(f: &mut fmt::Formatter<'_>, shape: &[Dim]) -> fmt::Result {
    for d in shape {
        match d {
            Dim::Static(n) => write!(f, "{n}x")?,
            Dim::Dynamic => f.write_str("?x")?,
            Dim::Scalable(n) => write!(f, "[{n}]x")?,
        }
    }
    Ok(())
}

fn write_list<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int { width, signedness } => match signedness {
                Signedness::Signless => write!(f, "i{width}"),
                Signedness::Signed => write!(f, "si{width}"),
                Signedness::Unsigned => write!(f, "ui{width}"),
            },
            Type::Float(name) => f.write_str(name),
            Type::Index => f.write_str("index"),
            Type::None => f.write_str("none"),
            Type::Complex(t) => write!(f, "complex<{t}>"),
            Type::Tuple(ts) => {
                f.write_str("tuple<")?;
                write_list(f, ts)?;
                f.write_str(">")
            }
            Type::Function { inputs, results } => {
                f.write_char('(')?;
                write_list(f, inputs)?;
                f.write_str(") -> ")?;
                if results.len() == 1 && !matches!(results[0], Type::Function { .. }) {
                    write!(f, "{}", results[0])
                } else {
                    f.write_char('(')?;
                    write_list(f, results)?;
                    f.write_char(')')
                }
            }
            Type::Vector { shape, elem } => {
                f.write_str("vector<")?;
                write_dims(f, shape)?;
                write!(f, "{elem}>")
            }
            Type::Tensor {
                shape,
                elem,
                encoding,
            } => {
                f.write_str("tensor<")?;
                match shape {
                    Some(s) => write_dims(f, s)?,
                    None => f.write_str("*x")?,
                }
                write!(f, "{elem}")?;
                if let Some(e) = encoding {
                    write!(f, ", {e}")?;
                }
                f.write_char('>')
            }
            Type::MemRef(m) => {
                f.write_str("memref<")?;
                match &m.shape {
                    Some(s) => write_dims(f, s)?,
                    None => f.write_str("*x")?,
                }
                write!(f, "{}", m.elem)?;
                if let Some(l) = &m.layout {
                    write!(f, ", {l}")?;
                }
                if let Some(s) = &m.memory_space {
                    write!(f, ", {s}")?;
                }
                f.write_char('>')
            }
            Type::Alias(name) | Type::Opaque(name) => f.write_str(name),
        }
    }
}

fn write_typed(f: &mut fmt::Formatter<'_>, text: &str, ty: &Option<Type>) -> fmt::Result {
    f.write_str(text)?;
    if let Some(t) = ty {
        write!(f, " : {t}")?;
    }
    Ok(())
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attr::Int { text, ty } | Attr::Float { text, ty } | Attr::Str { text, ty } => {
                write_typed(f, text, ty)
            }
            Attr::Opaque { text, ty } => write_typed(f, text, ty),
            Attr::Bool(b) => write!(f, "{b}"),
            Attr::Unit => f.write_str("unit"),
            Attr::Array(items) => {
                f.write_char('[')?;
                write_list(f, items)?;
                f.write_char(']')
            }
            Attr::Dict(entries) => write_dict(f, entries),
            Attr::Type(t) => write!(f, "{t}"),
            Attr::SymbolRef(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str("::")?;
                    }
                    f.write_str(p)?;
                }
                Ok(())
            }
            Attr::Alias(name) => f.write_str(name),
        }
    }
}

/// Writes `{a = 1 : i64, b}` (unit entries without `= unit`), the way mlir-opt prints a dictionary.
pub fn write_dict(f: &mut impl Write, entries: &[(Box<str>, Attr)]) -> fmt::Result {
    f.write_char('{')?;
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        f.write_str(k)?;
        if *v != Attr::Unit {
            write!(f, " = {v}")?;
        }
    }
    f.write_char('}')
}

impl Attr {
    pub fn int(value: i64, ty: Type) -> Attr {
        Attr::Int {
            text: value.to_string().into(),
            ty: Some(ty),
        }
    }

    /// The value of an integer attribute (decimal or hex), if it fits in an i64.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Attr::Int { text, .. } => parse_int(text),
            _ => None,
        }
    }

    /// The contents of a string attribute, with MLIR's escapes decoded.
    pub fn as_str(&self) -> Option<String> {
        match self {
            Attr::Str { text, .. } => Some(unescape(text)),
            _ => None,
        }
    }

    /// The values of an `array<i64: ...>` / `array<i32: ...>` attribute.
    pub fn as_dense_ints(&self) -> Option<Vec<i64>> {
        let Attr::Opaque { text, .. } = self else {
            return None;
        };
        let inner = text.strip_prefix("array<")?.strip_suffix('>')?;
        let (_, values) = match inner.split_once(':') {
            Some(parts) => parts,
            None => return Some(Vec::new()),
        };
        values
            .split(',')
            .map(|v| {
                let v = v.trim();
                // Decimal is the common case; `parse_int` also reads hex.
                v.parse::<i64>().ok().or_else(|| parse_int(v))
            })
            .collect()
    }

    /// The integers of `dense<[a, b, ...]> : tensor<Nxi32>`, or of a splat `dense<a>` (`a` N
    /// times), as `affine.parallel` keeps its bound groups.
    pub fn as_dense_elements(&self) -> Option<Vec<i64>> {
        let Attr::Opaque {
            text,
            ty: Some(Type::Tensor {
                shape: Some(shape), ..
            }),
        } = self
        else {
            return None;
        };
        let [Dim::Static(n)] = shape[..] else {
            return None;
        };
        let inner = text.strip_prefix("dense<")?.strip_suffix('>')?.trim();
        let values: Vec<i64> = match inner.strip_prefix('[') {
            Some(list) => {
                let list = list.strip_suffix(']')?.trim();
                if list.is_empty() {
                    Vec::new()
                } else {
                    list.split(',')
                        .map(|v| parse_int(v.trim()))
                        .collect::<Option<_>>()?
                }
            }
            None if inner.is_empty() => Vec::new(),
            // A splat of a few values (a longer one is no bound list bufreuse writes).
            None if n <= 1 << 16 => vec![parse_int(inner)?; n as usize],
            None => return None,
        };
        (values.len() as u64 == n).then_some(values)
    }

    /// `dense<[a, b, ...]> : tensor<Nxi32>`.
    pub fn dense_elements_i32(values: &[i64]) -> Attr {
        let list: Vec<String> = values.iter().map(i64::to_string).collect();
        let text = match values {
            [] => "dense<>".to_string(),
            _ => format!("dense<[{}]>", list.join(", ")),
        };
        Attr::Opaque {
            text: text.into(),
            ty: Some(Type::Tensor {
                shape: Some(vec![Dim::Static(values.len() as u64)]),
                elem: Arc::new(Type::i(32)),
                encoding: None,
            }),
        }
    }

    /// `array<i64: a, b, ...>`
    pub fn dense_i64(values: &[i64]) -> Attr {
        Attr::dense_array("i64", values)
    }

    /// `array<i32: a, b, ...>`
    pub fn dense_i32(values: &[i64]) -> Attr {
        Attr::dense_array("i32", values)
    }

    fn dense_array(elem: &str, values: &[i64]) -> Attr {
        // Sized up front: the text becomes a `Box<str>` without another allocation.
        let digits = |v: i64| {
            v.unsigned_abs()
                .checked_ilog10()
                .map_or(1, |d| d as usize + 1)
        };
        let len = "array<>".len()
            + elem.len()
            + values
                .iter()
                .map(|&v| 2 + digits(v) + usize::from(v < 0))
                .sum::<usize>();
        let mut text = String::with_capacity(len);
        text.push_str("array<");
        text.push_str(elem);
        for (i, v) in values.iter().enumerate() {
            text.push_str(if i == 0 { ": " } else { ", " });
            let _ = write!(text, "{v}");
        }
        text.push('>');
        debug_assert_eq!(text.len(), len);
        Attr::Opaque {
            text: text.into(),
            ty: None,
        }
    }

    pub fn string(s: &str) -> Attr {
        Attr::Str {
            text: escape(s).into(),
            ty: None,
        }
    }
}

/// Parses a decimal or `0x` hex integer literal, possibly negative.
pub fn parse_int(text: &str) -> Option<i64> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = if let Some(hex) = digits.strip_prefix("0x") {
        i128::from_str_radix(hex, 16).ok()?
    } else {
        digits.parse::<i128>().ok()?
    };
    let value = if neg { -magnitude } else { magnitude };
    i64::try_from(value).ok()
}

/// Decodes a quoted MLIR string literal (`"a\"b\0A"`).
pub fn unescape(text: &str) -> String {
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    let mut out = Vec::new();
    let bytes = inner.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            let c = bytes[i + 1];
            match c {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'"' | b'\\' => out.push(c),
                _ if i + 2 < bytes.len()
                    && c.is_ascii_hexdigit()
                    && bytes[i + 2].is_ascii_hexdigit() =>
                {
                    let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("00");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                    i += 1;
                }
                _ => out.push(c),
            }
            i += 2;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Quotes a string the way MLIR prints it.
pub fn escape(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'"' => out.push_str("\\22"),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\0A"),
            b'\t' => out.push_str("\\09"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out.push('"');
    out
}

/// A memref layout as MLIR keeps it, so that one type has one spelling: an identity
/// `affine_map` is no layout (`None`), and `strided<[2,1], offset:0>` is `strided<[2, 1]>`.
/// Any other layout is kept as written.
pub fn canonical_layout(layout: Attr) -> Option<Attr> {
    let Attr::Opaque { text, ty: None } = &layout else {
        return Some(layout);
    };
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(map) = compact
        .strip_prefix("affine_map<(")
        .and_then(|m| m.strip_suffix(")>"))
        && let Some((dims, results)) = map.split_once(")->(")
        && dims == results
        && dims
            .split(',')
            .all(|d| d.is_empty() || is_bare_identifier(d))
    {
        return None;
    }
    if let Some(body) = compact
        .strip_prefix("strided<[")
        .and_then(|b| b.strip_suffix('>'))
        && let Some((strides, rest)) = body.split_once(']')
    {
        let offset = match rest {
            "" => Some("0"),
            _ => rest.strip_prefix(",offset:"),
        };
        let entry = |e: &str| e == "?" || e.parse::<i64>().is_ok();
        let strides_ok = strides.is_empty() || strides.split(',').all(entry);
        if let Some(offset) = offset
            && strides_ok
            && entry(offset)
        {
            let strides = strides.replace(',', ", ");
            let text = match offset {
                "0" => format!("strided<[{strides}]>"),
                _ => format!("strided<[{strides}], offset: {offset}>"),
            };
            return Some(Attr::Opaque {
                text: text.into(),
                ty: None,
            });
        }
    }
    Some(layout)
}

/// A memref memory space as MLIR keeps it: the integer 0 is the default memory space, no
/// attribute at all (`memref<4xf32, 0>` is `memref<4xf32>`). Any other space is kept.
pub fn canonical_memory_space(space: Attr) -> Option<Attr> {
    match &space {
        Attr::Int { text, .. } if parse_int(text) == Some(0) => None,
        _ => Some(space),
    }
}

fn is_bare_identifier(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_$.".contains(c))
}

#[cfg(test)]
mod layout_tests {
    use super::{Attr, canonical_layout};
    use pretty_assertions::assert_eq;

    fn layout(text: &str) -> Option<String> {
        let a = Attr::Opaque {
            text: text.into(),
            ty: None,
        };
        canonical_layout(a).map(|a| a.to_string())
    }

    #[test]
    fn identity_maps_are_no_layout() {
        assert_eq!(layout("affine_map<(d0, d1) -> (d0, d1)>"), None);
        assert_eq!(layout("affine_map<(i)->(i)>"), None);
        assert_eq!(layout("affine_map<() -> ()>"), None);
        let kept = "affine_map<(d0, d1) -> (d1, d0)>";
        assert_eq!(layout(kept).as_deref(), Some(kept));
        let symbols = "affine_map<(d0)[s0] -> (d0)>";
        assert_eq!(layout(symbols).as_deref(), Some(symbols));
    }

    #[test]
    fn strided_layouts_are_spelled_as_mlir_prints_them() {
        let spelled = |t| layout(t).unwrap_or_default();
        assert_eq!(
            spelled("strided<[2,1], offset:3>"),
            "strided<[2, 1], offset: 3>"
        );
        assert_eq!(spelled("strided<[2, 1], offset: 0>"), "strided<[2, 1]>");
        assert_eq!(
            spelled("strided<[?,1],offset:?>"),
            "strided<[?, 1], offset: ?>"
        );
        assert_eq!(spelled("strided<[]>"), "strided<[]>");
    }
}

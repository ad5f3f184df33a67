//! The custom forms of the linalg ops. For each syntax class defined here: the grammar
//! action that reads it, its `Form` (in `form`) and its printer (see `forms`).

use super::Form;
use crate::diag::Diagnostic;
use crate::ir::ops::{OpClass, StructuredForm, WINOGRAD_FMR, structured_form};
use crate::ir::print::{Printer, SYNTAX_PROPS};
use crate::ir::types::{Attr, Type, write_dict};
use crate::ir::{Module, OpId, RegionId, TypeId};
use crate::source::Span;
use crate::syntax::ast::*;
use crate::syntax::custom::{
    Dict, Named, PACK_PARTS, PErr, PackPart, TypedValues, int, op, segments, split_mixed,
    typed_operands, user, with_attrs,
};
use crate::syntax::tree::Tree;
use std::fmt::Write;

pub fn linalg_index<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: (&'a str, Span),
    attrs: Option<Dict>,
    t: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("dim", Attr::int(dim, Type::i(64)));
    o.result_types.push(t);
    Ok(o)
}

#[allow(clippy::too_many_arguments)]
pub fn linalg_generic<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: Dict,
    ins: Option<TypedValues>,
    outs: Option<TypedValues>,
    extra: Option<Dict>,
    body: RegionId,
    res: Option<Vec<TypeId>>,
) -> Box<Op<'a>> {
    let mut o = op(tree, n);
    for (k, v) in d {
        if matches!(
            &*k,
            "indexing_maps" | "iterator_types" | "doc" | "library_call"
        ) {
            o.props.push((k, v));
        } else {
            o.attrs.push((k, v));
        }
    }
    o.attrs.extend(extra.unwrap_or_default());
    let (ins, outs) = (ins.unwrap_or_default(), outs.unwrap_or_default());
    let ni = typed_operands(&mut o, &ins.0, &ins.1);
    let no = typed_operands(&mut o, &outs.0, &outs.1);
    segments(&mut o, &[ni, no]);
    o.regions.push(body);
    o.result_types = res.unwrap_or_default();
    o
}

#[allow(clippy::too_many_arguments)]
pub fn linalg_named<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    d: Option<Dict>,
    maps: Option<Attr>,
    ins: Option<TypedValues>,
    outs: TypedValues,
    list: Option<(&'static str, Vec<i64>)>,
    body: Option<(Vec<BlockArg>, RegionId)>,
    attrs: Option<Dict>,
    res: Option<Vec<TypeId>>,
) -> Box<Op<'a>> {
    if d.is_some() && has_short_form(n.0) {
        // `linalg.map { arith.addf } ins(...)`: the short form names the body's one op where
        // other structured ops have an attribute dictionary.
        tree.error(Diagnostic::error(
            n.1,
            crate::syntax::unknown_custom_syntax(n.0),
        ));
    }
    let mut o = with_attrs(op(tree, n), attrs);
    o.props.extend(d.unwrap_or_default());
    if let Some(m) = maps {
        o.prop("indexing_maps", m);
    }
    let ins = ins.unwrap_or_default();
    let ni = typed_operands(&mut o, &ins.0, &ins.1);
    let form = structured_form(&o.name);
    let implied: Vec<TypeId> = if form != StructuredForm::Named {
        outs.1
            .iter()
            .copied()
            .filter(|t| matches!(tree.ty(*t), Type::Tensor { .. }))
            .collect()
    } else {
        Vec::new()
    };
    let no = typed_operands(&mut o, &outs.0, &outs.1);
    if form != StructuredForm::WrittenBody || ni + no > 0 {
        segments(&mut o, &[ni, no]);
    }
    if let Some((name, values)) = list {
        o.prop(name, Attr::dense_i64(&values));
    }
    let region = match body {
        Some((args, r)) => {
            tree.prepend_args(r, args);
            r
        }
        None => tree.empty_region(Span::default()),
    };
    o.regions.push(region);
    o.result_types = res.unwrap_or(implied);
    o
}

/// Whether `{` after the op's name starts the short form of its body (`linalg.map
/// { arith.addf }`), not an attribute dictionary.
pub fn has_short_form(name: &str) -> bool {
    structured_form(name) == StructuredForm::WrittenBody
}

/// The integers of a list that takes no values.
pub(super) fn static_list<'a>(key: (&str, Span), list: Vec<Mixed>) -> Result<Vec<i64>, PErr<'a>> {
    list.into_iter()
        .map(|m| match m {
            Mixed::Static(v) => Ok(v),
            Mixed::Dynamic(v) => Err(user(v.span, format!("'{}' takes integers only", key.0))),
        })
        .collect()
}

/// `linalg.pack %src padding_value(%p : t)? outer_dims_perm = [...]? inner_dims_pos = [...]
/// inner_tiles = [...] into %dest {...} : S -> D` (`linalg.unpack`: no padding value): the
/// source, the destination, the padding value and the dynamic tiles (`operandSegmentSizes`
/// on `pack` only: `unpack` has a single variable-length group).
#[allow(clippy::too_many_arguments)]
pub fn pack<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    src: ValueUse,
    parts: Vec<PackPart<'a>>,
    dst: ValueUse,
    attrs: Option<Dict>,
    a: TypeId,
    b: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    let is_pack = n.0 == "linalg.pack";
    let mut padding = None;
    let mut outer = None;
    let mut inner_pos = None;
    let mut tiles = None;
    let mut next = if is_pack { 0 } else { 1 };
    for part in parts {
        let key = match &part {
            PackPart::Value(k, ..) | PackPart::List(k, _) => *k,
        };
        let at = PACK_PARTS.iter().position(|p| *p == key.0);
        let Some(at) = at.filter(|&i| i >= next) else {
            let expected: Vec<String> = PACK_PARTS[next..]
                .iter()
                .map(|p| format!("'{p}'"))
                .chain(std::iter::once("'into'".to_string()))
                .collect();
            return Err(user(
                key.1,
                format!(
                    "unexpected '{}' in {}: expected {}",
                    key.0,
                    n.0,
                    expected.join(", ")
                ),
            ));
        };
        next = at + 1;
        match (at, part) {
            (0, PackPart::Value(_, v, t)) => padding = Some((v, t)),
            (1, PackPart::List(k, l)) => outer = Some(static_list(k, l)?),
            (2, PackPart::List(k, l)) => inner_pos = Some(static_list(k, l)?),
            (3, PackPart::List(_, l)) => tiles = Some(l),
            (0, _) => return Err(user(key.1, "expected 'padding_value(%value : type)'")),
            _ => return Err(user(key.1, format!("expected '{} = [...]'", key.0))),
        }
    }
    let Some(inner_pos) = inner_pos else {
        return Err(user(n.1, format!("{} needs 'inner_dims_pos = [...]'", n.0)));
    };
    let Some(tiles) = tiles else {
        return Err(user(n.1, format!("{} needs 'inner_tiles = [...]'", n.0)));
    };
    let index = tree.index;
    let mut o = with_attrs(op(tree, n), attrs);
    o.operand(src, Some(a));
    o.operand(dst, Some(b));
    if let Some((v, t)) = padding {
        o.operand(v, Some(t));
    }
    let (static_tiles, dynamic_tiles) = split_mixed(tiles);
    let n_dynamic = dynamic_tiles.len();
    for v in dynamic_tiles {
        o.operand(v, Some(index));
    }
    if is_pack {
        segments(&mut o, &[1, 1, usize::from(padding.is_some()), n_dynamic]);
    }
    o.prop("inner_dims_pos", Attr::dense_i64(&inner_pos));
    if let Some(outer) = outer {
        o.prop("outer_dims_perm", Attr::dense_i64(&outer));
    }
    o.prop("static_inner_tiles", Attr::dense_i64(&static_tiles));
    o.result_types.push(b);
    Ok(o)
}

/// Checks the keyword of `linalg.softmax` / `linalg.winograd_*` before its parenthesis.
pub(super) fn keyword<'a>(op: &str, found: (&str, Span), expected: &str) -> Result<(), PErr<'a>> {
    if found.0 == expected {
        return Ok(());
    }
    Err(user(
        found.1,
        format!("expected '{expected}' in {op}, found '{}'", found.0),
    ))
}

/// `linalg.softmax {...} dimension(N) ins(%a : T) outs(%b : T) (-> T)?`
#[allow(clippy::too_many_arguments)]
pub fn softmax<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    k: (&'a str, Span),
    d: (&'a str, Span),
    input: (ValueUse, TypeId),
    output: (ValueUse, TypeId),
    res: Option<Vec<TypeId>>,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    keyword(n.0, k, "dimension")?;
    let dim = int(d.0, d.1.start as usize, d.1.end as usize)?;
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("dimension", Attr::int(dim, Type::i(64)));
    o.operand(input.0, Some(input.1));
    o.operand(output.0, Some(output.1));
    o.result_types = res.unwrap_or_default();
    Ok(o)
}

/// `linalg.winograd_{filter,input,output}_transform {...} fmr(F_m_r) ins(%a : T) outs(%b :
/// U) -> U`
#[allow(clippy::too_many_arguments)]
pub fn winograd<'a>(
    tree: &mut Tree<'a>,
    n: Named<'a>,
    attrs: Option<Dict>,
    k: (&'a str, Span),
    f: (&'a str, Span),
    input: (ValueUse, TypeId),
    output: (ValueUse, TypeId),
    r: TypeId,
) -> Result<Box<Op<'a>>, PErr<'a>> {
    keyword(n.0, k, "fmr")?;
    let Some(fmr) = WINOGRAD_FMR.iter().position(|x| *x == f.0) else {
        return Err(user(
            f.1,
            format!(
                "unknown fmr '{}' for {}: expected one of {}",
                f.0,
                n.0,
                WINOGRAD_FMR.join(", ")
            ),
        ));
    };
    let mut o = with_attrs(op(tree, n), attrs);
    o.prop("fmr", Attr::int(fmr as i64, Type::i(32)));
    o.operand(input.0, Some(input.1));
    o.operand(output.0, Some(output.1));
    o.result_types.push(r);
    Ok(o)
}

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        LinalgIndex => Form::new(&["dim"], |p, op| p.linalg_index(op)),
        Generic => Form::new(SYNTAX_PROPS, |p, op| p.linalg_generic(op)),
        Structured => Form::new(SYNTAX_PROPS, |p, op| p.structured(op)),
        Pack => Form::new(&["operandSegmentSizes"], |p, op| p.pack(op)),
        Softmax => Form::new(&[], |p, op| p.keyed_linalg(op, Softmax)),
        Winograd => Form::new(&[], |p, op| p.keyed_linalg(op, Winograd)),
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `LinalgIndex` (after the op name).
    pub(super) fn linalg_index(&mut self, op: OpId) -> Option<()> {
        let d = self.prop(op, "dim")?.as_i64()?;
        let _ = write!(self.out, " {d}");
        self.attr_dict(op, &[]);
        self.out.push_str(" : ");
        self.result_type(op, 0);
        Some(())
    }

    /// The custom form of `Generic` (after the op name).
    pub(super) fn linalg_generic(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let groups = self.groups(op)?;
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
        self.ins_outs(groups);
        let extra = o.props.iter().chain(o.attrs.iter()).filter(|(k, _)| {
            !matches!(
                &**k,
                "indexing_maps" | "iterator_types" | "doc" | "library_call" | "operandSegmentSizes"
            )
        });
        self.dict(" attrs = ", extra.map(|(k, v)| (&**k, v)));
        self.out.push(' ');
        self.region(*o.regions.first()?, true, None);
        self.arrow_types(&o.results);
        Some(())
    }

    pub(super) fn structured(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let form = structured_form(&o.name);
        let explicit_body = form == StructuredForm::WrittenBody;
        if form == StructuredForm::Own {
            return None;
        }
        // Without operand segments, `ins(...) outs(...)` is written only for `linalg.map`
        // and `linalg.reduce` (read without operands); for another op (one bufreuse does not
        // know, read in generic form) it could not tell inputs from inits.
        let groups @ [_, outs] = match self.prop(op, "operandSegmentSizes") {
            Some(_) => self.groups(op)?,
            None if explicit_body => [&[], &o.operands[..]],
            None => return None,
        };
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
        self.ins_outs(groups);
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
        if form != StructuredForm::Named {
            // Types are interned: equal types have equal ids.
            let implied = outs
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

    /// `linalg.pack %src padding_value(%p : t)? outer_dims_perm = [...]? inner_dims_pos =
    /// [...] inner_tiles = [...] into %dst {...} : S -> D`, and `linalg.unpack` (no padding).
    pub(super) fn pack(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n = o.operands.len();
        // Source, destination, padding value (pack only) and dynamic tiles.
        let padding = if &*o.name == "linalg.pack" {
            let [1, 1, padding, _] = self.groups(op)?.map(|g| g.len()) else {
                return None;
            };
            if padding > 1 {
                return None;
            }
            padding
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
    pub(super) fn keyed_linalg(&mut self, op: OpId, class: OpClass) -> Option<()> {
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

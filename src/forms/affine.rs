//! The custom forms of the affine ops: the syntax classes this file defines
//! (`form`) and how each prints after the op name (`ir::print` writes the name, and the
//! generic form where a printer returns `None`).

use crate::ir::affine;
use crate::ir::ops::{
    ATOMIC_RMW_KINDS, OpClass,
};
use super::Form;
use crate::ir::print::Printer;
use crate::ir::types::{Attr, Type, parse_int};
use crate::ir::{Module, OpId, ValueId};
use std::fmt::Write;

/// The forms of the syntax classes of this file.
pub(super) fn form(class: OpClass) -> Option<Form> {
    use OpClass::*;
    Some(match class {
        AffineApply => Form {
            shows: &[],
            print: |p, op| p.affine_apply(op),
        },
        AffineLoad => Form {
            shows: &[],
            print: |p, op| p.affine_access(op, AffineLoad),
        },
        AffineStore => Form {
            shows: &[],
            print: |p, op| p.affine_access(op, AffineStore),
        },
        AffineFor => Form {
            shows: &["operandSegmentSizes"],
            print: |p, op| p.affine_for(op),
        },
        AffineIf => Form {
            shows: &[],
            print: |p, op| p.affine_if(op),
        },
        AffineParallel => Form {
            shows: &[],
            print: |p, op| p.affine_parallel(op),
        },
        DelinearizeIndex => Form {
            shows: &[],
            print: |p, op| p.delinearize_index(op),
        },
        _ => return None,
    })
}

impl<'a> Printer<'a> {
    /// The custom form of `DelinearizeIndex` (after the op name).
    pub(super) fn delinearize_index(&mut self, op: OpId) -> Option<()> {
        let m: &'a Module = self.m;
        let o = m.op(op);
        let n_res = o.results.len();
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
        Some(())
    }

    /// The affine map of property `name`, inline or through an alias.
    pub(super) fn affine_map(&self, op: OpId, name: &str) -> Option<affine::Map> {
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

    /// ` #map(%a)[%b]` after `affine.apply` / `affine.min` / `affine.max`.
    pub(super) fn affine_apply(&mut self, op: OpId) -> Option<()> {
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
    pub(super) fn affine_bound(
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
    pub(super) fn affine_for(&mut self, op: OpId) -> Option<()> {
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
    pub(super) fn affine_parallel(&mut self, op: OpId) -> Option<()> {
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
    pub(super) fn affine_if(&mut self, op: OpId) -> Option<()> {
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
    pub(super) fn affine_access(&mut self, op: OpId, class: OpClass) -> Option<()> {
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
}

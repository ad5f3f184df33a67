//! The custom forms of the ops that have one, one file per dialect. For each syntax class
//! (`ir::ops::OpClass`) its file holds the grammar action that reads it (called by its rule
//! in grammar/mlir.lalrpop; the helpers they share are in `syntax::custom`), its `Form` (the
//! properties its syntax shows and its printer) and the printer itself (a `Printer` method;
//! the helpers they share are in `ir::print`).

pub(crate) mod affine;
pub(crate) mod arith;
pub(crate) mod bufferization;
pub(crate) mod cf;
pub(crate) mod func;
pub(crate) mod linalg;
pub(crate) mod memref;
pub(crate) mod scf;
pub(crate) mod tensor;
pub(crate) mod vector;

use crate::ir::ops::OpClass;
use crate::ir::print::Printer;
use crate::ir::types::Attr;
use crate::ir::{Module, OpId, ValueId};

/// Why an op's `operandSegmentSizes` does not split its operands, in mlir-opt's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum BadSegments {
    /// Not an `array<i32: ...>`.
    NotI32Array,
    /// Another number of groups than the op has.
    Groups { found: usize, expected: usize },
    /// A negative size.
    Negative,
    /// Sizes that do not add up to the operands.
    Total { operands: usize, total: i128 },
}

impl BadSegments {
    /// mlir-opt's message for it; `a` is the property as written.
    pub(crate) fn message(&self, name: &str, a: &Attr) -> String {
        match self {
            BadSegments::NotI32Array => format!(
                "invalid properties {{operandSegmentSizes = {a}}} for op {name}: expected DenseI32ArrayAttr for key `value`"
            ),
            BadSegments::Groups { found, expected } => format!(
                "invalid properties {{operandSegmentSizes = {a}}} for op {name}: size mismatch in attribute conversion: {found} vs {expected}"
            ),
            BadSegments::Negative => {
                "'operandSegmentSizes' attribute cannot have negative elements".to_string()
            }
            BadSegments::Total { operands, total } => format!(
                "operand count ({operands}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
            ),
        }
    }
}

/// The operands of `op` in the `N` groups its `operandSegmentSizes` gives (a property, or an
/// attribute as generic form may write it); `Ok(None)` without it.
pub(crate) fn operand_groups<const N: usize>(
    m: &Module,
    op: OpId,
) -> Result<Option<[&[ValueId]; N]>, BadSegments> {
    let o = m.op(op);
    let Some(a) = m.attr(op, "operandSegmentSizes") else {
        return Ok(None);
    };
    let i32_array = matches!(a, Attr::Opaque { text, .. }
        if text.strip_prefix("array<i32").is_some_and(|r| r.starts_with([':', '>'])));
    let sizes = a
        .as_dense_ints()
        .filter(|_| i32_array)
        .ok_or(BadSegments::NotI32Array)?;
    if sizes.len() != N {
        return Err(BadSegments::Groups {
            found: sizes.len(),
            expected: N,
        });
    }
    let counts: Vec<usize> = sizes
        .iter()
        .map(|&s| usize::try_from(s).map_err(|_| BadSegments::Negative))
        .collect::<Result<_, _>>()?;
    if counts.iter().try_fold(0usize, |sum, &c| sum.checked_add(c)) != Some(o.operands.len()) {
        return Err(BadSegments::Total {
            operands: o.operands.len(),
            total: sizes.iter().map(|&s| i128::from(s)).sum(),
        });
    }
    let mut rest = &o.operands[..];
    Ok(Some(std::array::from_fn(|i| {
        let (group, after) = rest.split_at(counts[i]);
        rest = after;
        group
    })))
}

/// How the ops of one syntax class are printed.
#[derive(Clone, Copy)]
pub(crate) struct Form {
    /// The properties of `SYNTAX_PROPS` that the syntax shows (an op with another of them
    /// keeps the generic form, which would otherwise lose it).
    pub shows: &'static [&'static str],
    /// Prints the custom form after the op name; `None` where the op does not fit it (the
    /// caller then prints the generic form).
    pub print: Print,
}

impl Form {
    fn new(shows: &'static [&'static str], print: Print) -> Form {
        Form { shows, print }
    }
}

/// Prints the custom form of an op after its name.
type Print = for<'p, 'a> fn(&'p mut Printer<'a>, OpId) -> Option<()>;

/// The form of a syntax class: each file says which of its classes it defines.
pub(crate) fn form(class: OpClass) -> Option<Form> {
    affine::form(class)
        .or_else(|| arith::form(class))
        .or_else(|| bufferization::form(class))
        .or_else(|| cf::form(class))
        .or_else(|| func::form(class))
        .or_else(|| linalg::form(class))
        .or_else(|| memref::form(class))
        .or_else(|| scf::form(class))
        .or_else(|| tensor::form(class))
        .or_else(|| vector::form(class))
}

#[cfg(test)]
mod tests {
    use crate::ir::ops::OPS;

    /// Every syntax class the op table gives a name is defined by exactly one file.
    #[test]
    fn every_class_has_one_form() {
        for def in OPS {
            let Some(class) = def.syntax else { continue };
            let defined = [
                super::affine::form,
                super::arith::form,
                super::bufferization::form,
                super::cf::form,
                super::func::form,
                super::linalg::form,
                super::memref::form,
                super::scf::form,
                super::tensor::form,
                super::vector::form,
            ]
            .iter()
            .filter(|form| form(class).is_some())
            .count();
            assert_eq!(defined, 1, "{} ({class:?})", def.name);
        }
    }
}

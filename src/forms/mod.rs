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

use crate::ir::OpId;
use crate::ir::ops::OpClass;
use crate::ir::print::Printer;

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

//! bufreuse: buffer reuse for MLIR memref IR.
//!
//! Data flows one way: text is lexed and parsed (`syntax`) into a syntax tree, built and
//! verified into the IR (`ir`), analyzed (`analysis`) into live intervals and eligibility,
//! planned (`plan`, which knows nothing about MLIR) into offsets, and rewritten (`rewrite`)
//! into pooled IR that `ir::print` prints again. `diag` renders every diagnostic.

pub mod analysis;
pub mod cli;
pub mod diag;
pub mod driver;
pub mod ir;
pub mod pipeline;
pub mod plan;
pub mod plot;
pub mod rewrite;
pub mod source;
pub mod syntax;

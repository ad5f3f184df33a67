//! bufreuse: buffer reuse for MLIR memref IR.
//!
//! Data flows one way: text is lexed and parsed (`syntax`) into a syntax tree, built and
//! verified into the IR (`ir`), analyzed (`analysis`) into live intervals and eligibility,
//! planned (`plan`, which knows nothing about MLIR) into offsets, and rewritten (`rewrite`)
//! into pooled IR that `ir::print` prints again. `diag` renders every diagnostic.

/// The stack of every thread that parses, builds, verifies or prints IR: the binary's worker
/// (`src/main.rs`), the second parsing and building threads, and those `threads::side_by_side`
/// starts. They recurse over nested brackets and regions, and the nesting limits
/// (`syntax::lexer::MAX_BRACKET_DEPTH`, `ir::build::MAX_NESTING`,
/// `syntax::tree::MAX_TYPE_DEPTH`) are set so that nothing below them overflows this. Only
/// the pages touched are committed.
pub const WORKER_STACK_BYTES: usize = 1 << 30;

pub mod analysis;
pub mod cli;
pub mod diag;
pub mod driver;
pub mod ir;
pub mod pieces;
pub mod pipeline;
pub mod plan;
pub mod plot;
pub mod rewrite;
pub mod source;
pub mod syntax;
pub mod threads;

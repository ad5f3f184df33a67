//! The grammar (`grammar/mlir.lalrpop`) names every syntax class of the op table
//! (`OpClass` in `src/ir/ops.rs`) twice: as the token the lexer makes of an op name of that
//! class (`OpX => PTok::Op(OpClass::X, ...)`) and as a dictionary key spelled like such an op
//! (`OpNameKey`). A class missing from the first has no custom form the parser can read; one
//! missing from the second makes `{memref.alloc = 1}` a syntax error. The compiler cannot see
//! either (the grammar is text), so this test keeps the two files in step.

use std::fs;
use std::path::Path;

/// The variants of `OpClass`, read from the source of the op table.
fn op_classes(ops_rs: &str) -> Vec<&str> {
    let start = ops_rs
        .find("pub enum OpClass {")
        .expect("src/ir/ops.rs defines `pub enum OpClass`");
    let body = &ops_rs[start..];
    let body = &body[..body.find("\n}").expect("the enum ends")];
    body.lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with('#'))
        .map(|l| l.trim_end_matches(','))
        .collect()
}

#[test]
fn every_syntax_class_has_a_token_and_a_dictionary_key() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ops_rs = fs::read_to_string(root.join("src/ir/ops.rs")).expect("src/ir/ops.rs");
    let grammar =
        fs::read_to_string(root.join("grammar/mlir.lalrpop")).expect("grammar/mlir.lalrpop");
    let classes = op_classes(&ops_rs);
    assert!(classes.len() > 50, "read {} classes only", classes.len());
    let missing: Vec<String> = classes
        .iter()
        .flat_map(|c| {
            let token = format!("Op{c} => PTok::Op(OpClass::{c},");
            let key = format!("<l:@L> Op{c} <r:@R>");
            [token, key]
                .into_iter()
                .filter(|line| !grammar.contains(line.as_str()))
        })
        .collect();
    pretty_assertions::assert_eq!(missing, Vec::<String>::new());
}

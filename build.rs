//! Generates the parser from `grammar/mlir.lalrpop` into `OUT_DIR`.
fn main() {
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=grammar/mlir.lalrpop");
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .set_out_dir(out_dir)
        .emit_rerun_directives(true)
        .process()
        .expect("grammar/mlir.lalrpop failed to compile");
}

//! The JSON report of `--analyze --format=json` against its documented schema
//! (`docs/analyze.schema.json`, described in `docs/analyze-json.md`): the report of every
//! example and every golden report must validate, and the schema's version and reason codes
//! must be the code's.
//!
//! The validator is small and covers the JSON Schema keywords that schema uses (`type`,
//! `const`, `enum`, `properties`, `required`, `additionalProperties`, `propertyNames`,
//! `items`, `minItems`, `maxItems`, `minimum`, `anyOf`, `$ref` into `$defs`); a keyword it
//! does not know fails the test, so the schema cannot use one unchecked.

use bufreuse::{JSON_SCHEMA_VERSION, Reason, ReportFormat, SourceFile, render};
use pretty_assertions::assert_eq;
use serde_json::Value;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("docs/analyze.schema.json")).unwrap();
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// Validates `v` against `s`; each error names the JSON path where it is.
fn validate(root: &Value, s: &Value, v: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(keywords) = s.as_object() else {
        errors.push(format!("{at}: the schema here is not an object"));
        return;
    };
    for (k, arg) in keywords {
        match k.as_str() {
            "$schema" | "title" | "description" | "$defs" => {}
            "$ref" => {
                let name = arg.as_str().and_then(|r| r.strip_prefix("#/$defs/"));
                match name.and_then(|n| root["$defs"].get(n)) {
                    Some(target) => validate(root, target, v, at, errors),
                    None => errors.push(format!("{at}: unknown $ref {arg}")),
                }
            }
            "type" => {
                let types: Vec<&str> = match arg {
                    Value::String(t) => vec![t.as_str()],
                    Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                    _ => vec![],
                };
                let actual = match v {
                    Value::Null => "null",
                    Value::Bool(_) => "boolean",
                    Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
                    Value::Number(_) => "number",
                    Value::String(_) => "string",
                    Value::Array(_) => "array",
                    Value::Object(_) => "object",
                };
                if !types.contains(&actual) {
                    errors.push(format!("{at}: {actual} is not of type {arg}"));
                }
            }
            "const" if v != arg => errors.push(format!("{at}: {v} is not {arg}")),
            "enum" if !arg.as_array().is_some_and(|a| a.contains(v)) => {
                errors.push(format!("{at}: {v} is not one of {arg}"));
            }
            "const" | "enum" => {}
            "minimum" => {
                if let (Some(x), Some(min)) = (v.as_f64(), arg.as_f64())
                    && x < min
                {
                    errors.push(format!("{at}: {x} < {min}"));
                }
            }
            "required" => {
                for name in arg
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    if v.as_object().is_some_and(|o| !o.contains_key(name)) {
                        errors.push(format!("{at}: no field `{name}`"));
                    }
                }
            }
            "properties" => {
                for (name, sub) in arg.as_object().into_iter().flatten() {
                    if let Some(x) = v.get(name) {
                        validate(root, sub, x, &format!("{at}.{name}"), errors);
                    }
                }
            }
            "additionalProperties" => {
                let declared = s.get("properties").and_then(Value::as_object);
                for (name, x) in v.as_object().into_iter().flatten() {
                    if declared.is_some_and(|d| d.contains_key(name)) {
                        continue;
                    }
                    match arg {
                        Value::Bool(false) => {
                            errors.push(format!("{at}: field `{name}` is not in the schema"));
                        }
                        Value::Bool(true) => {}
                        sub => validate(root, sub, x, &format!("{at}.{name}"), errors),
                    }
                }
            }
            "propertyNames" => {
                for name in v.as_object().into_iter().flatten().map(|(n, _)| n) {
                    validate(root, arg, &Value::from(name.as_str()), at, errors);
                }
            }
            "items" => {
                for (i, x) in v.as_array().into_iter().flatten().enumerate() {
                    validate(root, arg, x, &format!("{at}[{i}]"), errors);
                }
            }
            "minItems" | "maxItems" => {
                if let (Some(a), Some(n)) = (v.as_array(), arg.as_u64()) {
                    let len = a.len() as u64;
                    if (k == "minItems" && len < n) || (k == "maxItems" && len > n) {
                        errors.push(format!("{at}: {len} items, {k} {n}"));
                    }
                }
            }
            "anyOf" => {
                let fits = arg.as_array().into_iter().flatten().any(|sub| {
                    let mut e = Vec::new();
                    validate(root, sub, v, at, &mut e);
                    e.is_empty()
                });
                if !fits {
                    errors.push(format!("{at}: {v} fits none of {arg}"));
                }
            }
            other => errors.push(format!("{at}: keyword `{other}` is not known to this test")),
        }
    }
}

fn errors_of(doc: &Value) -> Vec<String> {
    let s = schema();
    let mut errors = Vec::new();
    validate(&s, &s, doc, "$", &mut errors);
    errors
}

/// The JSON report of `bufreuse --analyze` for one file.
fn json_report(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    let file = SourceFile::new(path.file_name().unwrap().to_string_lossy(), text);
    let module = bufreuse::read(&file).unwrap_or_else(|d| panic!("{}", render(&file, &d)));
    let mut analysis = bufreuse::analyze(&module, &Default::default())
        .unwrap_or_else(|d| panic!("{}", render(&file, &d)));
    bufreuse::pool(&module, &mut analysis, &Default::default())
        .unwrap_or_else(|d| panic!("{}", render(&file, &d)));
    let report = bufreuse::report(&module, &file, &analysis, ReportFormat::Json)
        .expect("an analysis of this module");
    serde_json::from_str(&report).expect("the report is JSON")
}

#[test]
fn reports_of_the_examples_and_goldens_fit_the_schema() {
    let mut checked = 0;
    for dir in ["examples", "tests/golden"] {
        let mut paths: Vec<_> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let doc = match path.extension().and_then(|e| e.to_str()) {
                Some("mlir") => json_report(&path),
                Some("json") => {
                    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
                }
                _ => continue,
            };
            assert_eq!(errors_of(&doc), Vec::<String>::new(), "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} reports checked");
}

#[test]
fn the_schema_is_the_codes() {
    let s = schema();
    assert_eq!(
        s["properties"]["schema_version"]["const"],
        Value::from(JSON_SCHEMA_VERSION)
    );
    let codes: Vec<&str> = Reason::ALL.iter().map(|r| r.code()).collect();
    let listed: Vec<&str> = s["$defs"]["reason"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(listed, codes);
    let doc = std::fs::read_to_string(root().join("docs/analyze-json.md")).unwrap();
    for code in codes {
        assert!(
            doc.contains(&format!("| `{code}` |")),
            "docs/analyze-json.md does not describe `{code}`"
        );
    }
}

/// The validator finds what it should: a missing field, a field the schema does not have, a
/// wrong type and an unknown reason code.
#[test]
fn the_validator_rejects_what_the_schema_excludes() {
    let mut doc = json_report(&root().join("examples/02_overlap.mlir"));
    assert_eq!(errors_of(&doc), Vec::<String>::new());
    let alloc = &mut doc["functions"][0]["allocations"][0];
    alloc.as_object_mut().unwrap().remove("live");
    alloc["colour"] = Value::from("red");
    alloc["bytes"] = Value::from("64");
    alloc["all_reasons"] = serde_json::json!(["too-big"]);
    let errors = errors_of(&doc);
    let at = "$.functions[0].allocations[0]";
    assert_eq!(
        errors,
        vec![
            format!("{at}: no field `live`"),
            format!("{at}: field `colour` is not in the schema"),
            format!("{at}.bytes: string is not of type [\"integer\",\"null\"]"),
            format!(
                "{at}.all_reasons[0]: \"too-big\" is not one of {}",
                schema()["$defs"]["reason"]["enum"]
            ),
        ]
    );
}

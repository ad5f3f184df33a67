//! MiniMalloc's CSV format: a header naming the columns `id`, `lower`, `upper`, `size` and
//! optionally `alignment` (in any order; other columns are carried along), then one row per
//! buffer with the half-open lifetime `[lower, upper)`. A solution adds an `offset` column.
//!
//! Every error points at the line and column of the offending field; all rows are checked and
//! every error is reported, not just the first.

use super::Buffer;
use crate::diag::Diagnostic;
use crate::source::Span;
use indexmap::IndexMap;

/// A parsed CSV file: the header, the rows as written, and the buffers they describe.
pub(crate) struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// The column that receives the offsets (an existing `offset` column is overwritten).
    offset_column: Option<usize>,
    /// One buffer per row, in row order.
    pub buffers: Vec<Buffer>,
    /// The header names an `alignment` column (otherwise every alignment is 1).
    pub has_alignment: bool,
}

/// The columns every file must name, with what they mean (for error messages).
const REQUIRED: [&str; 4] = ["id", "lower", "upper", "size"];

/// One field of a line: its text (trimmed) and its byte range in the file.
struct Field<'a> {
    text: &'a str,
    span: Span,
}

/// Splits one line (without its newline) at commas; `start` is its byte offset in the file.
fn fields(line: &str, start: usize) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut at = start;
    for raw in line.split(',') {
        let lead = raw.len() - raw.trim_start().len();
        let text = raw.trim();
        out.push(Field {
            text,
            span: Span::new(at + lead, at + lead + text.len()),
        });
        at += raw.len() + 1;
    }
    out
}

/// Parses a non-negative integer field of column `name`.
fn number(field: &Field<'_>, name: &str) -> Result<u64, Diagnostic> {
    let text = field.text;
    if text.is_empty() {
        return Err(Diagnostic::error(
            field.span,
            format!("empty `{name}` value"),
        ));
    }
    if let Some(rest) = text.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(Diagnostic::error(
            field.span,
            format!("negative `{name}` value {text}: values must be non-negative integers"),
        ));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Diagnostic::error(
            field.span,
            format!("`{name}` value '{text}' is not a non-negative integer"),
        ));
    }
    text.parse::<u64>().map_err(|_| {
        Diagnostic::error(
            field.span,
            format!(
                "`{name}` value {text} is out of range (the largest is {})",
                u64::MAX
            ),
        )
    })
}

/// Parses a whole file.
pub(crate) fn parse(text: &str) -> Result<Table, Vec<Diagnostic>> {
    let mut lines = Vec::new();
    let mut at = 0usize;
    for raw in text.split_inclusive('\n') {
        let line = raw.strip_suffix('\n').unwrap_or(raw);
        let line = line.strip_suffix('\r').unwrap_or(line);
        if !line.trim().is_empty() {
            lines.push((line, at));
        }
        at += raw.len();
    }
    let Some(&(header_line, header_at)) = lines.first() else {
        return Err(vec![Diagnostic::error(
            Span::new(0, 0),
            "empty file: expected a header line `id,lower,upper,size`",
        )]);
    };
    let header = fields(header_line, header_at);
    let mut errors = Vec::new();
    let mut columns: IndexMap<String, usize> = IndexMap::new();
    for (i, f) in header.iter().enumerate() {
        let name = f.text.to_ascii_lowercase();
        if name.is_empty() {
            errors.push(Diagnostic::error(f.span, "empty column name in the header"));
        } else if columns.insert(name, i).is_some() {
            errors.push(Diagnostic::error(
                f.span,
                format!("duplicate column `{}` in the header", f.text),
            ));
        }
    }
    let header_span = Span::new(header_at, header_at + header_line.len());
    for name in REQUIRED {
        if !columns.contains_key(name) {
            errors.push(Diagnostic::error(
                header_span,
                format!("missing column `{name}`: the header must name id, lower, upper and size"),
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let [id_col, lower_col, upper_col, size_col] = REQUIRED.map(|name| columns[name]);
    let align_col = columns.get("alignment").copied();
    let mut table = Table {
        header: header.iter().map(|f| f.text.to_string()).collect(),
        rows: Vec::new(),
        offset_column: columns.get("offset").copied(),
        buffers: Vec::new(),
        has_alignment: align_col.is_some(),
    };
    let mut ids: IndexMap<&str, Span> = IndexMap::new();
    for &(line, line_at) in &lines[1..] {
        let row = fields(line, line_at);
        if row.len() != header.len() {
            let span = match row.get(header.len()) {
                Some(extra) => Span::new(extra.span.start as usize - 1, line_at + line.len()),
                None => Span::new(line_at + line.len(), line_at + line.len()),
            };
            errors.push(Diagnostic::error(
                span,
                format!(
                    "expected {} fields (as in the header), found {}",
                    header.len(),
                    row.len()
                ),
            ));
            continue;
        }
        let id = &row[id_col];
        if id.text.is_empty() {
            errors.push(Diagnostic::error(id.span, "empty `id` value"));
        } else if let Some(&first) = ids.get(id.text) {
            errors.push(
                Diagnostic::error(id.span, format!("duplicate id `{}`", id.text))
                    .with_note(Some(first), "first used here"),
            );
        } else {
            ids.insert(id.text, id.span);
        }
        let mut value = |col: usize, name: &str| match number(&row[col], name) {
            Ok(v) => Some(v),
            Err(d) => {
                errors.push(d);
                None
            }
        };
        let lower = value(lower_col, "lower");
        let upper = value(upper_col, "upper");
        let size = value(size_col, "size");
        let align = match align_col {
            Some(col) => value(col, "alignment"),
            None => Some(1),
        };
        if let (Some(lower), Some(upper)) = (lower, upper)
            && upper <= lower
        {
            errors.push(Diagnostic::error(
                row[upper_col].span,
                format!(
                    "`upper` ({upper}) must be greater than `lower` ({lower}): \
                     lifetimes are half-open [lower, upper)"
                ),
            ));
        }
        if let (Some(col), Some(a)) = (align_col, align)
            && !a.is_power_of_two()
        {
            errors.push(Diagnostic::error(
                row[col].span,
                format!("`alignment` {a} is not a power of two"),
            ));
        }
        if let (Some(start), Some(end), Some(size), Some(align)) = (lower, upper, size, align) {
            table.buffers.push(Buffer {
                start,
                end,
                size,
                align,
            });
        }
        table
            .rows
            .push(row.iter().map(|f| f.text.to_string()).collect());
    }
    if errors.is_empty() {
        Ok(table)
    } else {
        Err(errors)
    }
}

impl Table {
    /// The file again with each row's offset: in the `offset` column if there is one, else in
    /// a new last column.
    pub fn render(&self, offsets: &[u64]) -> String {
        let mut out = String::new();
        let line = |fields: &[String], extra: Option<String>, out: &mut String| {
            out.push_str(&fields.join(","));
            if let Some(extra) = extra {
                out.push(',');
                out.push_str(&extra);
            }
            out.push('\n');
        };
        let add = self.offset_column.is_none();
        line(&self.header, add.then(|| "offset".to_string()), &mut out);
        for (row, offset) in self.rows.iter().zip(offsets) {
            match self.offset_column {
                Some(col) => {
                    let mut row = row.clone();
                    row[col] = offset.to_string();
                    line(&row, None, &mut out);
                }
                None => line(row, Some(offset.to_string()), &mut out),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn parses_columns_in_any_order_and_adds_offsets() {
        let table = parse("size,upper,id,lower,alignment\r\n8,3,a,1,4\n\n4,9,b,0,1\n").unwrap();
        assert_eq!(
            table.buffers,
            vec![
                Buffer {
                    start: 1,
                    end: 3,
                    size: 8,
                    align: 4
                },
                Buffer {
                    start: 0,
                    end: 9,
                    size: 4,
                    align: 1
                }
            ]
        );
        assert_eq!(
            table.render(&[4, 0]),
            "size,upper,id,lower,alignment,offset\n8,3,a,1,4,4\n4,9,b,0,1,0\n"
        );
    }

    #[test]
    fn overwrites_an_existing_offset_column() {
        let table = parse("id,lower,upper,size,offset\nx,0,1,5,77\n").unwrap();
        assert_eq!(
            table.render(&[0]),
            "id,lower,upper,size,offset\nx,0,1,5,0\n"
        );
    }

    #[test]
    fn reports_every_bad_field_with_its_position() {
        let text = "id,lower,upper,size\na,-1,2,3\nb,5,5,x\na,0,1,2\nc,0,1\n";
        let errors = parse(text).err().unwrap();
        let spans: Vec<&str> = errors
            .iter()
            .map(|d| &text[d.span.unwrap().range()])
            .collect();
        assert_eq!(spans, vec!["-1", "x", "5", "a", ""]);
    }
}

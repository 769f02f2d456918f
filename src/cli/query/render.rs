//! Printing query rows as they come: CSV (the `csv` crate) and JSON stream row by row; the
//! text table (`comfy-table`) needs every width first, so it holds the rows the row limit
//! lets through and prints them at the end.

use anyhow::Result;
use comfy_table::{presets, CellAlignment, Table};
use serde_json::Value;
use std::io::Write;

/// Where query rows go.
pub trait RowSink {
    /// The column names, once, before any row.
    fn columns(&mut self, names: &[String]) -> Result<()>;
    /// One row.
    fn row(&mut self, values: &[Value]) -> Result<()>;
    /// After the last row (also after an error, so JSON stays well-formed).
    fn finish(&mut self) -> Result<()>;
}

/// CSV: a header line, then one line per row (RFC 4180 quoting by the `csv` crate); NULL
/// is an empty field.
pub struct CsvSink<W: Write> {
    out: csv::Writer<W>,
}

impl<W: Write> CsvSink<W> {
    pub fn new(out: W) -> CsvSink<W> {
        CsvSink {
            out: csv::WriterBuilder::new()
                .terminator(csv::Terminator::Any(b'\n'))
                .from_writer(out),
        }
    }
}

impl<W: Write> RowSink for CsvSink<W> {
    fn columns(&mut self, names: &[String]) -> Result<()> {
        self.out.write_record(names)?;
        Ok(())
    }
    fn row(&mut self, values: &[Value]) -> Result<()> {
        self.out.write_record(values.iter().map(plain_text))?;
        Ok(())
    }
    fn finish(&mut self) -> Result<()> {
        self.out.flush()?;
        Ok(())
    }
}

/// A JSON array with one object per row, keys in column order, one row a line; a repeated
/// column name gets a suffix (`label`, `label_2`) so no key is lost.
pub struct JsonSink<W: Write> {
    out: W,
    keys: Vec<String>,
    rows: usize,
    finished: bool,
}

impl<W: Write> JsonSink<W> {
    pub fn new(out: W) -> JsonSink<W> {
        JsonSink {
            out,
            keys: Vec::new(),
            rows: 0,
            finished: false,
        }
    }
}

impl<W: Write> RowSink for JsonSink<W> {
    fn columns(&mut self, names: &[String]) -> Result<()> {
        self.keys = unique_names(names)
            .iter()
            .map(|k| Value::from(k.as_str()).to_string())
            .collect();
        Ok(())
    }
    fn row(&mut self, values: &[Value]) -> Result<()> {
        let fields: Vec<String> = self
            .keys
            .iter()
            .zip(values)
            .map(|(k, v)| format!("{k}: {v}"))
            .collect();
        let lead = if self.rows == 0 { "[\n" } else { ",\n" };
        write!(self.out, "{lead}  {{{}}}", fields.join(", "))?;
        self.rows += 1;
        Ok(())
    }
    fn finish(&mut self) -> Result<()> {
        if !self.finished {
            self.finished = true;
            let end = if self.rows == 0 { "[]\n" } else { "\n]\n" };
            self.out.write_all(end.as_bytes())?;
            self.out.flush()?;
        }
        Ok(())
    }
}

/// A text table: header, rule, one line per row, then the row count. Columns of numbers
/// are right-aligned, others left-aligned; NULL shows as `NULL`; line breaks in text show
/// as `\n`.
pub struct TableSink<W: Write> {
    out: W,
    columns: Vec<String>,
    rows: Vec<Vec<Value>>,
    finished: bool,
}

impl<W: Write> TableSink<W> {
    pub fn new(out: W) -> TableSink<W> {
        TableSink {
            out,
            columns: Vec::new(),
            rows: Vec::new(),
            finished: false,
        }
    }
}

impl<W: Write> RowSink for TableSink<W> {
    fn columns(&mut self, names: &[String]) -> Result<()> {
        self.columns = names.to_vec();
        Ok(())
    }
    fn row(&mut self, values: &[Value]) -> Result<()> {
        self.rows.push(values.to_vec());
        Ok(())
    }
    fn finish(&mut self) -> Result<()> {
        if self.finished {
            return Ok(());
        }
        self.finished = true;
        let text = text_table(&self.columns, &self.rows);
        self.out.write_all(text.as_bytes())?;
        self.out.flush()?;
        Ok(())
    }
}

/// The text table of `rows` (see [`TableSink`]).
pub fn text_table(columns: &[String], rows: &[Vec<Value>]) -> String {
    let mut out = String::new();
    if !columns.is_empty() {
        let mut table = Table::new();
        table.load_style(presets::ASCII_MARKDOWN);
        table.set_header(columns.to_vec());
        for row in rows {
            table.add_row(row.iter().map(table_text).collect::<Vec<_>>());
        }
        for i in 0..columns.len() {
            if is_numeric(rows, i) {
                if let Some(column) = table.column_mut(i) {
                    column.set_cell_alignment(CellAlignment::Right);
                }
            }
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    let n = rows.len();
    out.push_str(&format!("({n} row{})\n", if n == 1 { "" } else { "s" }));
    out
}

/// True when column `i` holds numbers (and NULLs) only, at least one number.
fn is_numeric(rows: &[Vec<Value>], i: usize) -> bool {
    let mut values = rows
        .iter()
        .filter_map(|r| r.get(i))
        .filter(|v| !v.is_null())
        .peekable();
    values.peek().is_some() && values.all(Value::is_number)
}

/// A value as text, NULL empty.
fn plain_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A value for the text table: one line, NULL visible.
fn table_text(value: &Value) -> String {
    match value {
        Value::Null => "NULL".to_string(),
        other => plain_text(other).replace('\r', "\\r").replace('\n', "\\n"),
    }
}

fn unique_names(columns: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(columns.len());
    for name in columns {
        let mut candidate = name.clone();
        let mut k = 2;
        while out.contains(&candidate) {
            candidate = format!("{name}_{k}");
            k += 1;
        }
        out.push(candidate);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns() -> Vec<String> {
        vec!["name".into(), "n".into(), "name".into()]
    }

    fn rows() -> Vec<Vec<Value>> {
        vec![
            vec![Value::from("a,b"), Value::from(12), Value::Null],
            vec![Value::from("say \"hi\""), Value::from(3), Value::from("x")],
        ]
    }

    fn render(mut sink: impl RowSink) {
        sink.columns(&columns()).unwrap();
        for r in rows() {
            sink.row(&r).unwrap();
        }
        sink.finish().unwrap();
    }

    #[test]
    fn csv_quotes_commas_and_quotes() {
        let mut out = Vec::new();
        render(CsvSink::new(&mut out));
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "name,n,name\n\"a,b\",12,\n\"say \"\"hi\"\"\",3,x\n"
        );
    }

    #[test]
    fn table_aligns_and_counts() {
        let expected = "\
| name     |  n | name |
|----------|----|------|
| a,b      | 12 | NULL |
| say \"hi\" |  3 | x    |
(2 rows)
";
        assert_eq!(text_table(&columns(), &rows()), expected);
    }

    #[test]
    fn json_keeps_repeated_columns() {
        let mut out = Vec::new();
        render(JsonSink::new(&mut out));
        let parsed: Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(parsed[0]["name_2"], Value::Null);
        assert_eq!(parsed[1]["name"], "say \"hi\"");
        let mut empty = Vec::new();
        let mut sink = JsonSink::new(&mut empty);
        sink.columns(&[]).unwrap();
        sink.finish().unwrap();
        assert_eq!(empty, b"[]\n");
    }
}

//! Printing a [`QueryTable`]: an aligned text table, CSV, or a JSON array of row objects.

use super::QueryTable;
use serde_json::Value;

impl QueryTable {
    /// An aligned text table: header, a rule, one line per row, then the row count. Columns
    /// of numbers are right-aligned, others left-aligned; NULL shows as `NULL`.
    pub fn to_table(&self) -> String {
        let cells: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| row.iter().map(table_text).collect())
            .collect();
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|i| {
                let body = cells.iter().map(|r| r[i].chars().count());
                body.chain([self.columns[i].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let numeric: Vec<bool> = (0..self.columns.len())
            .map(|i| self.is_numeric(i))
            .collect();
        let mut out = String::new();
        push_line(&mut out, &self.columns, &widths, &numeric);
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        push_line(&mut out, &rule, &widths, &numeric);
        for row in &cells {
            push_line(&mut out, row, &widths, &numeric);
        }
        let n = self.rows.len();
        out.push_str(&format!("({n} row{})\n", if n == 1 { "" } else { "s" }));
        out
    }

    /// True when column `i` holds numbers (and NULLs) only, at least one number.
    fn is_numeric(&self, i: usize) -> bool {
        let mut values = self
            .rows
            .iter()
            .map(|r| &r[i])
            .filter(|v| !v.is_null())
            .peekable();
        values.peek().is_some() && values.all(Value::is_number)
    }

    /// CSV: a header line, then one line per row, `\n`-terminated; a field holding a comma,
    /// a double quote or a line break is quoted with its quotes doubled (RFC 4180); NULL is an
    /// empty field.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let header: Vec<String> = self.columns.iter().map(|c| csv_field(c)).collect();
        out.push_str(&header.join(","));
        out.push('\n');
        for row in &self.rows {
            let fields: Vec<String> = row.iter().map(|v| csv_field(&plain_text(v))).collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }

    /// A JSON array with one object per row, keys in column order; a repeated column name
    /// gets a suffix (`label`, `label_2`) so no key is lost.
    pub fn to_json(&self) -> String {
        let keys: Vec<String> = unique_names(&self.columns)
            .iter()
            .map(|k| Value::from(k.as_str()).to_string())
            .collect();
        let objects: Vec<String> = self
            .rows
            .iter()
            .map(|row| {
                let fields: Vec<String> = keys
                    .iter()
                    .zip(row)
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect();
                format!("  {{{}}}", fields.join(", "))
            })
            .collect();
        if objects.is_empty() {
            "[]\n".to_string()
        } else {
            format!("[\n{}\n]\n", objects.join(",\n"))
        }
    }
}

fn push_line(out: &mut String, cells: &[String], widths: &[usize], right: &[bool]) {
    let padded: Vec<String> = cells
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let w = widths[i];
            if right[i] {
                format!("{text:>w$}")
            } else {
                format!("{text:<w$}")
            }
        })
        .collect();
    out.push_str(padded.join("  ").trim_end());
    out.push('\n');
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

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
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

    fn table() -> QueryTable {
        QueryTable {
            columns: vec!["name".into(), "n".into(), "name".into()],
            rows: vec![
                vec![Value::from("a,b"), Value::from(12), Value::Null],
                vec![Value::from("say \"hi\""), Value::from(3), Value::from("x")],
            ],
        }
    }

    #[test]
    fn csv_quotes_commas_and_quotes() {
        assert_eq!(
            table().to_csv(),
            "name,n,name\n\"a,b\",12,\n\"say \"\"hi\"\"\",3,x\n"
        );
    }

    #[test]
    fn table_aligns_and_counts() {
        let expected = "\
name       n  name
--------  --  ----
a,b       12  NULL
say \"hi\"   3  x
(2 rows)
";
        assert_eq!(table().to_table(), expected);
    }

    #[test]
    fn json_keeps_repeated_columns() {
        let parsed: Value = serde_json::from_str(&table().to_json()).unwrap();
        assert_eq!(parsed[0]["name_2"], Value::Null);
        assert_eq!(parsed[1]["name"], "say \"hi\"");
        assert_eq!(
            QueryTable {
                columns: vec![],
                rows: vec![]
            }
            .to_json(),
            "[]\n"
        );
    }
}

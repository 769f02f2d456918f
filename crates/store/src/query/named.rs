//! The named queries: the `queries/*.sql` files, embedded at build time so the binary runs
//! them anywhere. Each file opens with a `-- ` header comment: the query's name and what it
//! returns, then its parameters, one a line, as
//! `--   :max_len  most strong links in a chain (default 4)`.

/// A query of the `queries/` folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedQuery {
    /// The file name without `.sql`, e.g. `x-chain`.
    pub name: &'static str,
    /// The header comment, without the `-- ` markers.
    pub description: String,
    /// The whole file, header included.
    pub sql: &'static str,
}

/// A parameter declared in a query's header comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryParam {
    /// Without the colon: `max_len`.
    pub name: String,
    pub description: String,
    /// The value used when none is given, from a trailing `(default X)`.
    pub default: Option<String>,
}

impl NamedQuery {
    fn from_file(name: &'static str, sql: &'static str) -> NamedQuery {
        NamedQuery {
            name,
            description: header_lines(sql).join("\n"),
            sql,
        }
    }

    /// The first line of the description.
    pub fn summary(&self) -> String {
        let first: Vec<&str> = self
            .description
            .lines()
            .take_while(|l| !l.trim_start().starts_with("Returns") && !l.trim().is_empty())
            .map(str::trim)
            .collect();
        let text = first.join(" ");
        let prefix = format!("{}: ", self.name);
        text.strip_prefix(&prefix).unwrap_or(&text).to_string()
    }

    /// The parameters its header declares.
    pub fn params(&self) -> Vec<QueryParam> {
        header_params(self.sql)
    }
}

macro_rules! query_files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../../../queries/", $name, ".sql")))),*]
    };
}

/// Every file of `queries/`, in name order (a test checks the folder against this list).
const QUERY_FILES: &[(&str, &str)] = query_files![
    "als-list",
    "bilocation-pairs",
    "bivalue-cells",
    "classification",
    "conjugate-pairs",
    "edge-counts",
    "eliminations-by-family",
    "group-links",
    "node-counts",
    "or-relations",
    "seen-by",
    "steps",
    "subsumption",
    "x-chain",
];

/// The named query `name` (with or without `.sql`).
pub fn named(name: &str) -> Option<NamedQuery> {
    let name = name.strip_suffix(".sql").unwrap_or(name);
    QUERY_FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(n, sql)| NamedQuery::from_file(n, sql))
}

/// All named queries, in name order.
pub fn all_named() -> Vec<NamedQuery> {
    QUERY_FILES
        .iter()
        .map(|&(n, sql)| NamedQuery::from_file(n, sql))
        .collect()
}

/// The leading `--` comment lines of `sql`, without the `--` and one following space.
fn header_lines(sql: &str) -> Vec<&str> {
    sql.lines()
        .map(str::trim_end)
        .skip_while(|l| l.is_empty())
        .take_while(|l| l.starts_with("--"))
        .map(|l| {
            let text = &l[2..];
            text.strip_prefix(' ').unwrap_or(text)
        })
        .collect()
}

/// The parameters declared in the header comment of `sql`: lines whose text starts with
/// `:name`, the rest being the description, ending in `(default X)` when there is one.
pub fn header_params(sql: &str) -> Vec<QueryParam> {
    header_lines(sql)
        .into_iter()
        .filter_map(|line| param_line(line.trim_start()))
        .collect()
}

fn param_line(line: &str) -> Option<QueryParam> {
    let rest = line.strip_prefix(':')?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    if end == 0 {
        return None;
    }
    let description = rest[end..].trim().to_string();
    let default = description
        .strip_suffix(')')
        .and_then(|d| d.rsplit_once("(default "))
        .map(|(_, value)| value.trim().to_string());
    Some(QueryParam {
        name: rest[..end].to_string(),
        description,
        default,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_parameters_with_defaults() {
        let sql = "-- demo: a query\n-- Parameters:\n--   :max_len  longest (default 4)\n\
                   --   :candidate  a label like n5r1c2\nSELECT :max_len, :candidate;\n";
        let params = header_params(sql);
        assert_eq!(params.len(), 2);
        assert_eq!(params[0].name, "max_len");
        assert_eq!(params[0].default.as_deref(), Some("4"));
        assert_eq!(params[1].name, "candidate");
        assert_eq!(params[1].default, None);
        assert_eq!(header_lines(sql)[0], "demo: a query");
    }

    #[test]
    fn names_with_or_without_extension() {
        assert!(named("edge-counts").is_some());
        assert!(named("edge-counts.sql").is_some());
        assert!(named("no-such-query").is_none());
        assert_eq!(all_named().len(), QUERY_FILES.len());
    }
}

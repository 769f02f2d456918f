//! The page's words for the library's messages: the library speaks to the command line
//! ("pass --allow-nonunique", "raise --budget"), the explorer's user sees controls, so
//! every message the API sends (errors, explain's "not searched" notes) passes through
//! [`for_the_page`], which names the page's control instead of the flag. Also the first
//! word of a statement a query may not run ([`write_keyword`]), refused under its own
//! name before SQLite's authorizer would name the table write it implies.

/// The command-line phrases of the library's messages and what the page says instead.
const PHRASES: &[(&str, &str)] = &[
    (
        "; pass --allow-nonunique to analyse it anyway",
        "; tick \u{201c}several solutions\u{201d} beside Load to analyse it anyway",
    ),
    (
        " (--allow-nonunique admits several solutions, not none)",
        " (\u{201c}several solutions\u{201d} admits several solutions, not none)",
    ),
    ("raise --g-max-len", "raise Max length"),
    (
        "raise --budget or --timeout",
        "the server's time limit stopped it",
    ),
    (
        "raise --timeout or --budget",
        "the server's time limit stopped it",
    ),
    ("--rules: ", "Rules: "),
    (" (--timeout)", ""),
    (" (raise --timeout)", ""),
    (
        "this command takes one (rate and classify take files)",
        "give one",
    ),
    (
        "the server was started without --db",
        "no database was given to the server",
    ),
];

/// `text` with the command line's phrases replaced by the page's (and without the
/// loader's `state: ` prefix, which names the request's field, not anything on the page).
pub fn for_the_page(text: &str) -> String {
    let mut out = text.strip_prefix("state: ").unwrap_or(text).to_string();
    for (cli, page) in PHRASES {
        if out.contains(cli) {
            out = out.replace(cli, page);
        }
    }
    out
}

/// The statement keywords a read-only query refuses.
const WRITES: &[&str] = &[
    "DROP",
    "INSERT",
    "UPDATE",
    "DELETE",
    "REPLACE",
    "CREATE",
    "ALTER",
    "VACUUM",
    "REINDEX",
    "ATTACH",
    "DETACH",
    "ANALYZE",
    "BEGIN",
    "COMMIT",
    "ROLLBACK",
    "SAVEPOINT",
    "RELEASE",
];

/// The first write keyword that begins a statement of `sql` (comments skipped), upper
/// case: `DROP TABLE x` gives `DROP`, where SQLite's authorizer would report the `DELETE`
/// from its schema table that a drop implies.
pub fn write_keyword(sql: &str) -> Option<&'static str> {
    statements(sql).find_map(|s| {
        let word: String = s
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_uppercase();
        WRITES.iter().copied().find(|w| *w == word)
    })
}

/// Each statement's text from its first word (comments and blanks skipped); a `;` inside
/// a string literal is not a separator.
fn statements(sql: &str) -> impl Iterator<Item = String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = sql.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                current.push(c);
                if c == q {
                    quote = None;
                }
            }
            None => match c {
                '\'' | '"' | '`' => {
                    quote = Some(c);
                    current.push(c);
                }
                '-' if chars.peek() == Some(&'-') => {
                    for n in chars.by_ref() {
                        if n == '\n' {
                            break;
                        }
                    }
                    current.push(' ');
                }
                '/' if chars.peek() == Some(&'*') => {
                    chars.next();
                    let mut last = ' ';
                    for n in chars.by_ref() {
                        if last == '*' && n == '/' {
                            break;
                        }
                        last = n;
                    }
                    current.push(' ');
                }
                ';' => out.push(std::mem::take(&mut current)),
                _ => current.push(c),
            },
        }
    }
    out.push(current);
    out.into_iter()
        .map(|s| s.trim_start().to_string())
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_become_controls() {
        let t = for_the_page("state: the puzzle has several solutions (at least 2); pass --allow-nonunique to analyse it anyway");
        assert!(!t.contains("--"), "{t}");
        assert!(t.starts_with("the puzzle has several solutions"), "{t}");
        assert_eq!(for_the_page("--rules: x-wings"), "Rules: x-wings");
    }

    #[test]
    fn writes_are_named_by_their_own_word() {
        assert_eq!(write_keyword("DROP TABLE candidate"), Some("DROP"));
        assert_eq!(write_keyword("  -- a note\n drop table x"), Some("DROP"));
        assert_eq!(
            write_keyword("SELECT 1; /* c */ DELETE FROM x"),
            Some("DELETE")
        );
        assert_eq!(write_keyword("SELECT ';DROP' AS t"), None);
        assert_eq!(write_keyword("WITH a AS (SELECT 1) SELECT * FROM a"), None);
    }
}

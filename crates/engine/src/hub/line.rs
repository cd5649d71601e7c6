//! Hub line syntax: `<command> <name>=<value> ...`, values double-quoted when they hold spaces,
//! `=` or quotes. Only scanning and quoting; what the commands mean is the session's and the
//! client's business.

/// One parsed line: the command and its arguments in order (flags have an empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The first word of the line (`hub`, `pos`, `level`, `go`, `info`, `done`, ...).
    pub command: String,
    /// The `name=value` arguments in the order written, quotes removed; a flag's value is empty.
    pub args: Vec<(String, String)>,
}

impl Line {
    /// The value of an argument, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// True if the argument (or flag) is present.
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(k, _)| k == name)
    }
}

/// Splits a Hub line into its command and `name=value` arguments. Values may be quoted with
/// double quotes (which may contain spaces and `=`); a missing closing quote takes the rest of
/// the line. Returns `None` for a blank line.
pub fn parse_line(text: &str) -> Option<Line> {
    let mut chars = text.trim().chars().peekable();
    let mut command = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            break;
        }
        command.push(c);
        chars.next();
    }
    if command.is_empty() {
        return None;
    }
    let mut args = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            break;
        }
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() || c == '=' {
                break;
            }
            name.push(c);
            chars.next();
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        args.push((name, value));
    }
    Some(Line { command, args })
}

/// Quotes a value when the protocol requires it (spaces, `=`, quotes, or empty).
pub fn quote(v: &str) -> String {
    if v.is_empty() || v.contains(|c: char| c.is_whitespace() || c == '=' || c == '"') {
        format!("\"{}\"", v.replace('"', "'"))
    } else {
        v.to_string()
    }
}

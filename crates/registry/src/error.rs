//! A list that cannot be read: where, and why.

use std::fmt;

/// What is wrong with a list, at which line (1-based) and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    pub line: u64,
    /// The column's (or XML element's) name, when the fault is in one field.
    pub column: Option<String>,
    pub message: String,
}

impl ListError {
    pub fn at(line: u64, column: &str, message: impl Into<String>) -> ListError {
        ListError {
            line,
            column: Some(column.to_string()),
            message: message.into(),
        }
    }

    pub fn line(line: u64, message: impl Into<String>) -> ListError {
        ListError {
            line,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.column {
            Some(c) => write!(f, "line {}, {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for ListError {}

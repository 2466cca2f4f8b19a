//! The tokens of the tree text format (see [`crate::tree`]): brackets,
//! colons and words, with their line and column; whitespace and `#`
//! comments skipped.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token<'a> {
    Open,
    Close,
    OpenChance,
    CloseChance,
    Colon,
    Word(&'a str),
    End,
}

/// Splits the text into tokens, skipping whitespace and `#` comments.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    offset: usize,
    position: Position,
    peeked: Option<(Token<'a>, Position)>,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Lexer { text, offset: 0, position: Position { line: 1, column: 1 }, peeked: None }
    }

    fn bump(&mut self, c: char) {
        self.offset += c.len_utf8();
        if c == '\n' {
            self.position.line += 1;
            self.position.column = 1;
        } else {
            self.position.column += 1;
        }
    }

    pub(crate) fn peek(&mut self) -> &(Token<'a>, Position) {
        if self.peeked.is_none() {
            let token = self.scan();
            self.peeked = Some(token);
        }
        self.peeked.as_ref().unwrap_or(&(Token::End, Position { line: 0, column: 0 }))
    }

    pub(crate) fn next(&mut self) -> (Token<'a>, Position) {
        self.peek();
        self.peeked.take().unwrap_or((Token::End, self.position))
    }

    fn scan(&mut self) -> (Token<'a>, Position) {
        let mut in_comment = false;
        while let Some(c) = self.text[self.offset..].chars().next() {
            if in_comment {
                in_comment = c != '\n';
            } else if c == '#' {
                in_comment = true;
            } else if !c.is_whitespace() {
                break;
            }
            self.bump(c);
        }
        let start = self.position;
        let Some(c) = self.text[self.offset..].chars().next() else {
            return (Token::End, start);
        };
        let single = match c {
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            '{' => Some(Token::OpenChance),
            '}' => Some(Token::CloseChance),
            ':' => Some(Token::Colon),
            _ => None,
        };
        if let Some(token) = single {
            self.bump(c);
            return (token, start);
        }
        let begin = self.offset;
        while let Some(c) = self.text[self.offset..].chars().next() {
            if c.is_whitespace() || matches!(c, '(' | ')' | '{' | '}' | ':' | '#') {
                break;
            }
            self.bump(c);
        }
        (Token::Word(&self.text[begin..self.offset]), start)
    }
}

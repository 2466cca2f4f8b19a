//! The parser of the tree text format (see [`crate::tree`]) and
//! [`Tree::parse`], which calls it: the parser builds a [`Tree`], so it
//! lives above the tree and the tree knows nothing of it.
//!
//! It keeps an explicit stack of open nodes instead of recursing, so that no
//! input, however deeply nested, can overflow the stack: depth beyond
//! [`MAX_TREE_DEPTH`] is an error like any other.

use crate::tree::{NodeId, ParseError, Tree, MAX_TREE_DEPTH};
use abprune::Score;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    line: usize,
    column: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Colon,
    Word(&'a str),
    End,
}

/// Splits the text into tokens, skipping whitespace and `#` comments.
struct Lexer<'a> {
    text: &'a str,
    offset: usize,
    position: Position,
    peeked: Option<(Token<'a>, Position)>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
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

    fn peek(&mut self) -> &(Token<'a>, Position) {
        if self.peeked.is_none() {
            let token = self.scan();
            self.peeked = Some(token);
        }
        self.peeked.as_ref().unwrap_or(&(Token::End, Position { line: 0, column: 0 }))
    }

    fn next(&mut self) -> (Token<'a>, Position) {
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
            ':' => Some(Token::Colon),
            _ => None,
        };
        if let Some(token) = single {
            self.bump(c);
            return (token, start);
        }
        let begin = self.offset;
        while let Some(c) = self.text[self.offset..].chars().next() {
            if c.is_whitespace() || matches!(c, '(' | ')' | ':' | '#') {
                break;
            }
            self.bump(c);
        }
        (Token::Word(&self.text[begin..self.offset]), start)
    }
}

/// A node whose `(` has been read and whose `)` has not.
struct OpenNode {
    id: NodeId,
    children: Vec<NodeId>,
    opened_at: Position,
}

fn error(at: Position, message: impl Into<String>) -> ParseError {
    ParseError { line: at.line, column: at.column, message: message.into() }
}

fn describe(token: &Token<'_>) -> String {
    match token {
        Token::Open => "'('".into(),
        Token::Close => "')'".into(),
        Token::Colon => "':'".into(),
        Token::Word(word) => format!("'{word}'"),
        Token::End => "the end of the input".into(),
    }
}

fn check_label(label: &str, at: Position) -> Result<Box<str>, ParseError> {
    if label.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Ok(label.into())
    } else {
        Err(error(at, format!("invalid label '{label}': labels use only letters, digits and '_'")))
    }
}

fn leaf_value(word: &str, at: Position) -> Result<i32, ParseError> {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(error(at, format!("leaf '{word}' is not an integer (a label needs ':' after it)")));
    }
    word.parse::<i64>()
        .ok()
        .and_then(Score::try_new)
        .map(|score| score.get())
        .ok_or_else(|| error(at, format!("leaf '{word}' is out of range: leaves must lie within ±{}", Score::MAX_EVAL)))
}

impl Tree {
    /// Parses the text format.
    ///
    /// # Errors
    /// A [`ParseError`] naming the first problem and its line and column:
    /// unbalanced parentheses, an empty node `()`, a leaf that is not an
    /// integer or does not fit the evaluation band, a bad label, text after
    /// the root, or a tree nested deeper than [`MAX_TREE_DEPTH`].
    ///
    /// # Examples
    /// ```
    /// use abprune_games::tree::Tree;
    /// let tree = Tree::parse("a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )").unwrap();
    /// assert_eq!(tree.leaf_count(), 9);
    /// assert_eq!(tree.label(0), Some("a"));
    /// assert!(Tree::parse("(1 2").unwrap_err().to_string().contains("never closed"));
    /// ```
    pub fn parse(text: &str) -> Result<Tree, ParseError> {
        parse(text)
    }
}

/// Parses the whole text into a tree; see [`Tree::parse`].
pub(crate) fn parse(text: &str) -> Result<Tree, ParseError> {
    let mut lexer = Lexer::new(text);
    let mut tree = Tree::empty();
    let mut open: Vec<OpenNode> = Vec::new();
    loop {
        // Step 1. Read one node's start: an optional label, then '(' or a leaf,
        // or, inside an open node, the ')' that closes it.
        let (token, at) = lexer.next();
        let (token, at, label) = match token {
            Token::Word(word) if lexer.peek().0 == Token::Colon => {
                let label = check_label(word, at)?;
                lexer.next();
                let (token, after) = lexer.next();
                if !matches!(token, Token::Open | Token::Word(_)) {
                    return Err(error(
                        after,
                        format!("expected a node after label '{word}:', found {}", describe(&token)),
                    ));
                }
                (token, after, Some(label))
            }
            other => (other, at, None),
        };
        let finished = match token {
            Token::Open => {
                if open.len() >= MAX_TREE_DEPTH {
                    return Err(error(at, format!("the tree nests deeper than {MAX_TREE_DEPTH} levels")));
                }
                let id = tree.add_node(label);
                open.push(OpenNode { id, children: Vec::new(), opened_at: at });
                continue;
            }
            Token::Word(word) => {
                let value = leaf_value(word, at)?;
                let id = tree.add_node(label);
                tree.set_leaf(id, value);
                id
            }
            Token::Close => {
                let Some(node) = open.pop() else {
                    return Err(error(at, "unmatched ')': no node is open"));
                };
                if node.children.is_empty() {
                    return Err(error(node.opened_at, "empty node '()': an interior node needs at least one child"));
                }
                tree.attach_children(node.id, &node.children);
                node.id
            }
            Token::Colon => return Err(error(at, "':' without a label before it")),
            Token::End => {
                return Err(match open.last() {
                    Some(node) => error(
                        node.opened_at,
                        format!("'(' opened here is never closed ({} open at the end of the input)", open.len()),
                    ),
                    None => error(at, "empty input: expected a tree (an integer or '(')"),
                });
            }
        };
        // Step 2. A node is complete: hand it to its parent, or end at the root.
        match open.last_mut() {
            Some(parent) => parent.children.push(finished),
            None => break,
        }
    }
    let (token, at) = lexer.next();
    if token != Token::End {
        return Err(error(at, format!("unexpected {} after the end of the tree", describe(&token))));
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::Nested;

    fn fails(text: &str) -> ParseError {
        match parse(text) {
            Ok(tree) => panic!("{text:?} parsed as {tree}"),
            Err(error) => error,
        }
    }

    #[test]
    fn reads_the_textbook_tree_with_labels_and_comments() {
        let text = "# three MIN nodes\na:( b:(3 12 8)\n  c:(2 4 6) # second\n d:(14 5 2) )\n";
        let tree = parse(text).unwrap();
        assert_eq!(tree.len(), 13);
        assert_eq!(tree.label(0), Some("a"));
        let d = tree.children(0)[2];
        assert_eq!(tree.label(d), Some("d"));
        assert_eq!(tree.children(d).iter().map(|&c| tree.value(c).unwrap()).collect::<Vec<_>>(), [14, 5, 2]);
        assert_eq!(tree.to_string(), "a:(b:(3 12 8) c:(2 4 6) d:(14 5 2))");
    }

    #[test]
    fn printing_and_parsing_round_trip() {
        let nested = Nested::Node(vec![
            Nested::Leaf(-4),
            Nested::Node(vec![Nested::Leaf(7), Nested::Node(vec![Nested::Leaf(0)])]),
        ]);
        let tree = Tree::from_nested(&nested);
        assert_eq!(parse(&tree.to_string()).unwrap(), tree);
        assert_eq!(tree.to_nested(), nested);
    }

    #[test]
    fn a_single_leaf_is_a_tree() {
        let tree = parse("  -17 ").unwrap();
        assert_eq!(tree.value(0), Some(-17));
        assert_eq!(tree.height(), 0);
    }

    #[test]
    fn unbalanced_parentheses_name_the_open_one() {
        let e = fails("(1 (2 3)\n");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.message.contains("never closed"), "{e}");
        let e = fails("(1 2))");
        assert_eq!((e.line, e.column), (1, 6));
        assert!(e.message.contains("after the end"), "{e}");
        let e = fails(")");
        assert!(e.message.contains("unmatched"), "{e}");
    }

    #[test]
    fn empty_node_is_refused_where_it_opens() {
        let e = fails("(1\n  ())");
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("empty node"), "{e}");
    }

    #[test]
    fn bad_leaves_are_named() {
        let e = fails("(1 x2 3)");
        assert_eq!((e.line, e.column), (1, 4));
        assert!(e.message.contains("'x2' is not an integer"), "{e}");
        let e = fails("(1 99999999999999999999999)");
        assert!(e.message.contains("out of range"), "{e}");
        let e = fails("(1 1000000000)");
        assert!(e.message.contains("out of range"), "{e}");
        assert!(fails("(1 -)").message.contains("not an integer"));
    }

    #[test]
    fn bad_labels_and_colons_are_named() {
        assert!(fails("a-b:(1)").message.contains("invalid label"));
        assert!(fails("(: 1)").message.contains("without a label"));
        assert!(fails("(a: )").message.contains("expected a node after label"));
        assert!(fails("").message.contains("empty input"));
        assert!(fails("# only a comment").message.contains("empty input"));
    }

    #[test]
    fn absurd_nesting_is_an_error_not_a_stack_overflow() {
        let deep = "(".repeat(100_000) + "1" + &")".repeat(100_000);
        assert!(fails(&deep).message.contains("deeper than"));
    }
}

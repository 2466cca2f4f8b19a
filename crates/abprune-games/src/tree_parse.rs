//! The parser of the tree text format (see [`crate::tree`]) and
//! [`Tree::parse`], which calls it: the parser builds a [`Tree`], so it
//! lives above the tree and the tree knows nothing of it.
//!
//! It keeps an explicit stack of open nodes instead of recursing, so that no
//! input, however deeply nested, can overflow the stack: depth beyond
//! [`MAX_TREE_DEPTH`] is an error like any other.

use crate::tree::{NodeId, ParseError, Tree, MAX_TREE_DEPTH};
use crate::tree_chance::{parse_probability, sum};
use crate::tree_lex::{Lexer, Position, Token};
use abprune::{Probability, Score};

/// A node whose `(` or `{` has been read and whose `)` or `}` has not.
struct OpenNode {
    id: NodeId,
    children: Vec<NodeId>,
    opened_at: Position,
    /// A chance node (`{`), whose outcomes each come after a probability.
    chance: bool,
    /// The probabilities of the outcomes read so far (chance nodes only).
    probabilities: Vec<Probability>,
    /// The probability read for the outcome that comes next.
    pending: Option<Probability>,
}

impl OpenNode {
    fn new(id: NodeId, opened_at: Position, chance: bool) -> Self {
        OpenNode { id, children: Vec::new(), opened_at, chance, probabilities: Vec::new(), pending: None }
    }

    /// True when the next token must be the probability of an outcome.
    fn wants_probability(&self) -> bool {
        self.chance && self.pending.is_none()
    }
}

fn error(at: Position, message: impl Into<String>) -> ParseError {
    ParseError { line: at.line, column: at.column, message: message.into() }
}

fn describe(token: &Token<'_>) -> String {
    match token {
        Token::Open => "'('".into(),
        Token::Close => "')'".into(),
        Token::OpenChance => "'{'".into(),
        Token::CloseChance => "'}'".into(),
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
    /// unbalanced parentheses or braces, an empty node `()` or `{}`, a leaf
    /// that is not an integer or does not fit the evaluation band, a bad
    /// label, a chance node's probability that is missing, malformed, zero
    /// or above one, probabilities that do not sum to exactly one, text
    /// after the root, or a tree nested deeper than [`MAX_TREE_DEPTH`].
    ///
    /// # Examples
    /// ```
    /// use abprune_games::tree::Tree;
    /// let tree = Tree::parse("a:( b:(3 12 8) c:(2 4 6) d:(14 5 2) )").unwrap();
    /// assert_eq!(tree.leaf_count(), 9);
    /// assert_eq!(tree.label(0), Some("a"));
    /// assert!(Tree::parse("(1 2").unwrap_err().to_string().contains("never closed"));
    /// let dice = Tree::parse("( 2  c:{ 1/2 3  1/3 (4 5)  1/3 -2 } )").unwrap_err();
    /// assert_eq!((dice.line, dice.column), (1, 8)); // at the chance node: sum 7/6, not 1
    /// assert!(Tree::parse("( 2  c:{ 1/2 3  1/3 (4 5)  1/6 -2 } )").unwrap().has_chance_nodes());
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
        // Step 0. Inside a chance node, each outcome starts with its probability.
        if let Some(node) = open.last_mut().filter(|node| node.wants_probability()) {
            read_probability(&mut lexer, node)?;
        }
        // Step 1. Read one node's start: an optional label, then '(', '{' or a
        // leaf, or, inside an open node, the ')' or '}' that closes it.
        let (token, at) = lexer.next();
        let (token, at, label) = match token {
            Token::Word(word) if lexer.peek().0 == Token::Colon => {
                let label = check_label(word, at)?;
                lexer.next();
                let (token, after) = lexer.next();
                if !matches!(token, Token::Open | Token::OpenChance | Token::Word(_)) {
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
            Token::Open | Token::OpenChance => {
                if open.len() >= MAX_TREE_DEPTH {
                    return Err(error(at, format!("the tree nests deeper than {MAX_TREE_DEPTH} levels")));
                }
                let id = tree.add_node(label);
                open.push(OpenNode::new(id, at, token == Token::OpenChance));
                continue;
            }
            Token::Word(word) => {
                let value = leaf_value(word, at)?;
                let id = tree.add_node(label);
                tree.set_leaf(id, value);
                id
            }
            Token::Close | Token::CloseChance => {
                let Some(node) = open.pop() else {
                    return Err(error(at, format!("unmatched {}: no node is open", describe(&token))));
                };
                close(&mut tree, node, token == Token::CloseChance, at)?
            }
            Token::Colon => return Err(error(at, "':' without a label before it")),
            Token::End => {
                return Err(match open.last() {
                    Some(node) => error(
                        node.opened_at,
                        format!(
                            "'{}' opened here is never closed ({} open at the end of the input)",
                            if node.chance { '{' } else { '(' },
                            open.len()
                        ),
                    ),
                    None => error(at, "empty input: expected a tree (an integer or '(')"),
                });
            }
        };
        // Step 2. A node is complete: hand it to its parent, or end at the root.
        match open.last_mut() {
            Some(parent) => {
                parent.children.push(finished);
                parent.probabilities.extend(parent.pending.take());
            }
            None => break,
        }
    }
    let (token, at) = lexer.next();
    if token != Token::End {
        return Err(error(at, format!("unexpected {} after the end of the tree", describe(&token))));
    }
    Ok(tree)
}

/// Step 0 of [`parse`]: reads the probability of the next outcome of the
/// open chance node `node` into its `pending`, unless the node ends here
/// (`}`, or the end of the input, which Step 1 reports).
fn read_probability(lexer: &mut Lexer<'_>, node: &mut OpenNode) -> Result<(), ParseError> {
    let (token, at) = lexer.peek().clone();
    let word = match token {
        Token::CloseChance | Token::Close | Token::End => return Ok(()),
        Token::Word(word) => word,
        other => {
            return Err(error(
                at,
                format!(
                    "missing probability before {}: each outcome of a chance node is preceded by its probability",
                    describe(&other)
                ),
            ))
        }
    };
    lexer.next();
    if lexer.peek().0 == Token::Colon {
        return Err(error(
            at,
            format!("missing probability before label '{word}:': each outcome of a chance node is preceded by its probability"),
        ));
    }
    node.pending = Some(parse_probability(word).map_err(|message| error(at, message))?);
    Ok(())
}

/// Closes `node` with the `)` (or, `chance_close`, the `}`) found at `at`:
/// the bracket must match, the node must have a child, and a chance node's
/// probabilities must sum to exactly one. Returns the node's id.
fn close(tree: &mut Tree, node: OpenNode, chance_close: bool, at: Position) -> Result<NodeId, ParseError> {
    let (opener, closer) = if node.chance { ('{', '}') } else { ('(', ')') };
    if node.chance != chance_close {
        let found = if chance_close { '}' } else { ')' };
        let message = format!(
            "'{found}' closes the '{opener}' opened at line {}, column {}: expected '{closer}'",
            node.opened_at.line, node.opened_at.column
        );
        return Err(error(at, message));
    }
    if let Some(probability) = node.pending {
        return Err(error(at, format!("probability {probability} has no outcome after it before '}}'")));
    }
    if node.children.is_empty() {
        let message = format!("empty node '{opener}{closer}': an interior node needs at least one child");
        return Err(error(node.opened_at, message));
    }
    if !node.chance {
        tree.attach_children(node.id, &node.children);
        return Ok(node.id);
    }
    match sum(&node.probabilities) {
        Some((1, 1)) => {}
        Some((numerator, denominator)) => {
            let total = if denominator == 1 { numerator.to_string() } else { format!("{numerator}/{denominator}") };
            let message = format!("the probabilities of this chance node sum to {total}, not 1");
            return Err(error(node.opened_at, message));
        }
        None => {
            let message = "the probabilities of this chance node have denominators too large to sum exactly";
            return Err(error(node.opened_at, message));
        }
    }
    tree.attach_outcomes(node.id, &node.children, &node.probabilities);
    Ok(node.id)
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

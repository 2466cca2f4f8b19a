//! The probabilities of the tree format's chance nodes, read exactly: a
//! fraction `a/b` or a decimal `0.25`, and their sum, which must be one.
//! Exact arithmetic throughout, so that `1/3 1/3 1/3` sums to one and
//! `0.33 0.33 0.34` does too, while `0.33 0.33 0.33` is refused.

use abprune::Probability;

/// The most digits after a decimal point: `10^18` still fits a `u64`
/// denominator.
pub const MAX_DECIMALS: usize = 18;

/// An exact sum of probabilities, `numerator / denominator` in lowest
/// terms; `None` once it no longer fits (many large, coprime denominators).
///
/// # Examples
/// ```
/// use abprune::Probability;
/// use abprune_games::tree::probability_sum;
/// let third = Probability::new(1, 3).unwrap();
/// assert_eq!(probability_sum(&[third, third, third]), Some((1, 1)));
/// assert_eq!(probability_sum(&[third, Probability::new(1, 2).unwrap()]), Some((5, 6)));
/// ```
pub fn sum(probabilities: &[Probability]) -> Option<(u128, u128)> {
    probabilities.iter().try_fold((0u128, 1u128), |(numerator, denominator), p| {
        let (p_numerator, p_denominator) = (u128::from(p.numerator()), u128::from(p.denominator()));
        let divisor = gcd(denominator, p_denominator);
        let common = (denominator / divisor).checked_mul(p_denominator)?;
        let left = numerator.checked_mul(common / denominator)?;
        let right = p_numerator.checked_mul(common / p_denominator)?;
        let total = left.checked_add(right)?;
        let divisor = gcd(total, common);
        Some((total / divisor, common / divisor))
    })
}

/// True when the probabilities sum to exactly one.
pub(crate) fn sum_is_one(probabilities: &[Probability]) -> bool {
    sum(probabilities) == Some((1, 1))
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Reads one probability exactly as the tree format writes it, a fraction
/// `a/b` or a decimal (`0.125` is `1/8`), or says what is wrong with it
/// (the caller adds where). The Python package reads `"1/6"` with it.
///
/// # Errors
/// A sentence naming the text: malformed, zero, above one, dividing by
/// zero, or more than [`MAX_DECIMALS`] decimals.
pub fn parse_probability(word: &str) -> Result<Probability, String> {
    let (numerator, denominator) = match word.split_once('/') {
        Some((numerator, denominator)) => fraction(word, numerator, denominator)?,
        None => decimal(word)?,
    };
    if numerator == 0 {
        return Err(format!("zero probability '{word}': an outcome that cannot happen is not listed"));
    }
    Probability::new(numerator, denominator).ok_or_else(|| format!("probability '{word}' is more than 1"))
}

fn whole_number(digits: &str) -> Option<u64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

fn fraction(word: &str, numerator: &str, denominator: &str) -> Result<(u64, u64), String> {
    let malformed =
        || format!("malformed fraction '{word}': expected a/b with whole numbers a and b (at most 20 digits)");
    let numerator = whole_number(numerator).ok_or_else(malformed)?;
    let denominator = whole_number(denominator).ok_or_else(malformed)?;
    if denominator == 0 {
        return Err(format!("probability '{word}' divides by zero"));
    }
    Ok((numerator, denominator))
}

fn decimal(word: &str) -> Result<(u64, u64), String> {
    let (whole, decimals) = word.split_once('.').unwrap_or((word, ""));
    let digits_only = |text: &str| text.bytes().all(|b| b.is_ascii_digit());
    if !digits_only(whole) || !digits_only(decimals) || whole.len() + decimals.len() == 0 {
        let integer = word.strip_prefix(['-', '+']).is_some_and(|rest| !rest.is_empty() && digits_only(rest));
        return Err(if integer {
            format!("missing probability before '{word}': each outcome of a chance node is preceded by its probability")
        } else {
            format!("expected the probability of an outcome (a fraction a/b or a decimal such as 0.25), found '{word}'")
        });
    }
    if decimals.len() > MAX_DECIMALS {
        return Err(format!("probability '{word}' has more than {MAX_DECIMALS} decimals"));
    }
    let denominator = 10u64.pow(decimals.len() as u32);
    let whole = if whole.is_empty() { Some(0) } else { whole_number(whole) };
    let decimals = if decimals.is_empty() { Some(0) } else { whole_number(decimals) };
    let numerator =
        whole.zip(decimals).and_then(|(whole, decimals)| whole.checked_mul(denominator)?.checked_add(decimals));
    match numerator {
        // A whole number other than 0 and 1 is a leaf whose probability was left out.
        Some(n) if denominator == 1 && n > 1 => Err(format!(
            "missing probability before '{word}': each outcome of a chance node is preceded by its probability"
        )),
        Some(n) => Ok((n, denominator)),
        None => Err(format!("probability '{word}' is more than 1")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(numerator: u64, denominator: u64) -> Probability {
        Probability::new(numerator, denominator).unwrap()
    }

    #[test]
    fn fractions_and_decimals_are_exact() {
        assert_eq!(parse_probability("0.125"), Ok(p(1, 8)));
        assert_eq!(parse_probability(".5"), Ok(p(1, 2)));
        assert_eq!(parse_probability("2/6"), Ok(p(1, 3)));
        assert_eq!(parse_probability("1"), Ok(Probability::ONE));
        assert_eq!(parse_probability("1.000"), Ok(Probability::ONE));
        assert_eq!(parse_probability("0.000000000000000001"), Ok(p(1, 1_000_000_000_000_000_000)));
    }

    #[test]
    fn bad_probabilities_say_why() {
        let error = |word| parse_probability(word).unwrap_err();
        assert!(error("0").contains("zero probability"));
        assert!(error("0/3").contains("zero probability"));
        assert!(error("0.0").contains("zero probability"));
        assert!(error("4/3").contains("more than 1"));
        assert!(error("1.5").contains("more than 1"));
        assert!(error("1/0").contains("divides by zero"));
        for malformed in ["1/", "/2", "a/b", "1/2/3", "-1/2", "1/2.0"] {
            assert!(error(malformed).contains("malformed fraction"), "{malformed}: {}", error(malformed));
        }
        assert!(error("3").contains("missing probability"));
        assert!(error("-2").contains("missing probability"));
        assert!(error("x").contains("expected the probability"));
        assert!(error(".").contains("expected the probability"));
        assert!(error("0.1234567890123456789").contains("more than 18 decimals"));
    }

    #[test]
    fn sums_are_exact() {
        assert!(sum_is_one(&[p(1, 3), p(1, 3), p(1, 3)]));
        assert!(sum_is_one(&[p(1, 2), p(1, 3), p(1, 6)]));
        assert!(!sum_is_one(&[p(1, 2), p(1, 3)]));
        assert_eq!(sum(&[p(1, 2), p(1, 3)]), Some((5, 6)));
        let coprime = [p(1, u64::MAX), p(1, u64::MAX - 1), p(1, u64::MAX - 2)];
        assert_eq!(sum(&coprime), None);
    }
}

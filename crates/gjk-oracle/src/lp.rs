//! An exact two-phase simplex method with Bland's anti-cycling rule.
//!
//! Problems are in standard form: minimise `c · x` subject to `M x = b`,
//! `x ≥ 0`. Phase 1 minimises the sum of one artificial variable per row
//! (after flipping rows so that `b ≥ 0`), which is zero exactly when the
//! problem is feasible; phase 2 then minimises `c · x` from the feasible basis
//! phase 1 ends in.
//!
//! **Termination.** Every pivot uses Bland's rule (Bland, *New finite pivoting
//! rules for the simplex method*, Math. Oper. Res. 2(2), 1977): the entering
//! variable is the lowest-indexed one with a negative reduced cost, the leaving
//! one the lowest-indexed basic variable among the rows that tie in the ratio
//! test. With exact arithmetic no basis repeats, so each phase ends after at
//! most `C(columns, rows)` pivots — degenerate pivots (the common case here:
//! most right-hand sides are zero) included. There is no iteration cap to
//! reach and nothing is rounded.

use std::cmp::Ordering;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::OracleError;
use gjk::scalar::Rational;

/// Minimise `c · x` subject to `m x = b`, `x ≥ 0`.
pub struct Problem {
    /// The constraint rows.
    pub m: Vec<Vec<Rational>>,
    /// The right-hand side.
    pub b: Vec<Rational>,
    /// The costs.
    pub c: Vec<Rational>,
}

/// How a [`Problem`] ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Solution {
    /// No `x ≥ 0` satisfies the constraints.
    Infeasible,
    /// The cost is unbounded below.
    Unbounded,
    /// An optimal basic solution.
    Optimal {
        /// The optimal point.
        x: Vec<Rational>,
        /// `c · x` there.
        value: Rational,
    },
}

/// One row of a [`Tableau`] over the integers: the values `num[j] / den`,
/// `den > 0`, with no factor common to `den` and every `num[j]`.
///
/// A pivot updates a row as whole integer vectors and removes the row's
/// common factor once, where rational entries would each be put in lowest
/// terms after every operation (a gcd or two per entry, most of the LP's
/// time under a fuzzer's instrumentation). The values, so the comparisons
/// and Bland's choices, are the same (the unit test
/// `the_integer_tableau_is_the_rational_one` holds the two to each other).
#[derive(Clone, Debug)]
struct Row {
    num: Vec<BigInt>,
    den: BigInt,
}

impl Row {
    /// The row of the values `xs`, over their least common denominator.
    fn new(xs: &[Rational]) -> Row {
        let den = xs.iter().fold(BigInt::one(), |l, x| l.lcm(x.denom()));
        let num = xs.iter().map(|x| x.numer() * (&den / x.denom())).collect();
        let mut row = Row { num, den };
        row.reduce();
        row
    }

    /// The value in column `j`.
    fn value(&self, j: usize) -> Rational {
        Rational::new(self.num[j].clone(), self.den.clone())
    }

    /// The sign of the value in column `j` (`den > 0`).
    fn sign(&self, j: usize) -> Sign {
        self.num[j].sign()
    }

    /// Divides the row by the gcd of `den` and its entries (stopping at 1).
    fn reduce(&mut self) {
        let mut g = self.den.clone();
        for x in self.num.iter().filter(|x| !x.is_zero()) {
            if g.is_one() {
                return;
            }
            g = g.gcd(x);
        }
        if !g.is_one() {
            for x in self.num.iter_mut().filter(|x| !x.is_zero()) {
                *x /= &g;
            }
            self.den /= &g;
        }
    }

    /// `self − f · pivot` where `f` is this row's value in column `c` and
    /// `pivot`'s value there is 1: `(nᵢ d_r − nᵢ[c] n_r) / (dᵢ d_r)`.
    fn eliminate(&mut self, pivot: &Row, c: usize) {
        let f = self.num[c].clone();
        if f.is_zero() {
            return;
        }
        for (x, y) in self.num.iter_mut().zip(&pivot.num) {
            if !x.is_zero() {
                *x *= &pivot.den;
            }
            if !y.is_zero() {
                *x -= &f * y;
            }
        }
        self.den *= &pivot.den;
        self.reduce();
    }
}

/// A simplex tableau: constraint rows with the right-hand side as the last
/// column, the basic variable of each row, and the reduced costs of the
/// cost being minimised (updated by every pivot, as a row).
struct Tableau {
    rows: Vec<Row>,
    basis: Vec<usize>,
    reduced: Row,
}

impl Tableau {
    /// The tableau of `rows` (rationals, the right-hand side last) in
    /// `basis`, minimising `cost` (one entry per column but the last).
    fn new(rows: &[Vec<Rational>], basis: Vec<usize>, cost: &[Rational]) -> Tableau {
        let rows: Vec<Row> = rows.iter().map(|r| Row::new(r)).collect();
        let reduced = reduced_costs(&rows, &basis, cost);
        Tableau {
            rows,
            basis,
            reduced,
        }
    }

    fn rhs(&self, i: usize) -> Rational {
        let r = &self.rows[i];
        r.value(r.num.len() - 1)
    }

    fn pivot(&mut self, r: usize, c: usize) {
        // Row r divided by its entry in column c: `n_r / n_r[c]`.
        let pivot = {
            let row = &self.rows[r];
            let p = &row.num[c];
            let num = if p.is_negative() {
                row.num.iter().map(|x| -x).collect()
            } else {
                row.num.clone()
            };
            let mut row = Row { num, den: p.abs() };
            row.reduce();
            row
        };
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i != r {
                row.eliminate(&pivot, c);
            }
        }
        self.reduced.eliminate(&pivot, c);
        self.rows[r] = pivot;
        self.basis[r] = c;
    }

    /// Minimises the tableau's cost over the first `cols` columns from the
    /// current (feasible) basis. Returns `false` if the cost is unbounded
    /// below.
    fn run(&mut self, cols: usize) -> bool {
        loop {
            // Bland: the first negative reduced cost enters (a basic
            // column's is zero).
            let entering = (0..cols).find(|&j| self.reduced.sign(j) == Sign::Minus);
            let Some(j) = entering else {
                return true;
            };
            // Ratio test `rhsᵢ / T[i][j]` over `T[i][j] > 0`, compared
            // across rows by cross-multiplying the numerators (the rows'
            // denominators cancel); ties go to the lowest-indexed basic
            // variable.
            let last = self.reduced.num.len() - 1;
            let mut leave: Option<usize> = None;
            for i in 0..self.rows.len() {
                if self.rows[i].sign(j) != Sign::Plus {
                    continue;
                }
                let better = match leave {
                    None => true,
                    Some(l) => {
                        let (ri, rl) = (&self.rows[i].num, &self.rows[l].num);
                        match (&ri[last] * &rl[j]).cmp(&(&rl[last] * &ri[j])) {
                            Ordering::Less => true,
                            Ordering::Equal => self.basis[i] < self.basis[l],
                            Ordering::Greater => false,
                        }
                    }
                };
                if better {
                    leave = Some(i);
                }
            }
            let Some(i) = leave else {
                return false;
            };
            self.pivot(i, j);
        }
    }
}

/// The reduced costs `c_j − Σᵢ c_{basis(i)} T[i][j]` of `cost` in `basis`,
/// as a row (0 in the right-hand side's column).
fn reduced_costs(rows: &[Row], basis: &[usize], cost: &[Rational]) -> Row {
    let values: Vec<Rational> = (0..=cost.len())
        .map(|j| {
            let mut r = cost.get(j).cloned().unwrap_or_else(Rational::zero);
            if j < cost.len() {
                for (row, &bi) in rows.iter().zip(basis) {
                    if !row.num[j].is_zero() && !cost[bi].is_zero() {
                        r -= cost[bi].clone() * row.value(j);
                    }
                }
            }
            r
        })
        .collect();
    Row::new(&values)
}

/// Phase 1's rows and costs: one artificial column per row (cost 1), rows
/// flipped so that `b ≥ 0`, the right-hand side last.
fn phase_one(p: &Problem) -> (Vec<Vec<Rational>>, Vec<Rational>) {
    let (rows, n) = (p.m.len(), p.c.len());
    let mut start: Vec<Vec<Rational>> = Vec::with_capacity(rows);
    for (i, (row, bi)) in p.m.iter().zip(&p.b).enumerate() {
        let flip = *bi < Rational::zero();
        let mut r: Vec<Rational> = row
            .iter()
            .map(|x| if flip { -x.clone() } else { x.clone() })
            .collect();
        r.extend((0..rows).map(|k| Rational::from_integer((k == i).into())));
        r.push(if flip { -bi.clone() } else { bi.clone() });
        start.push(r);
    }
    let costs = (0..n + rows)
        .map(|j| Rational::from_integer((j >= n).into()))
        .collect();
    (start, costs)
}

/// Solves `p` exactly.
///
/// Errors: [`OracleError::MalformedLp`] when `b` does not have one entry per
/// row or a row does not have one entry per cost.
pub fn minimise(p: &Problem) -> Result<Solution, OracleError> {
    let (rows, n) = (p.m.len(), p.c.len());
    if p.b.len() != rows {
        return Err(OracleError::MalformedLp {
            what: format!("{} rows but {} right-hand sides", rows, p.b.len()),
        });
    }
    if let Some(i) = p.m.iter().position(|r| r.len() != n) {
        return Err(OracleError::MalformedLp {
            what: format!("row {i} has {} entries for {n} costs", p.m[i].len()),
        });
    }
    let (start, phase1) = phase_one(p);
    let mut t = Tableau::new(&start, (n..n + rows).collect(), &phase1);
    // Phase 1 is bounded below by 0, so `run` cannot report unboundedness.
    t.run(n + rows);
    let infeasibility = (0..t.rows.len())
        .filter(|&i| t.basis[i] >= n)
        .fold(Rational::zero(), |s, i| s + t.rhs(i));
    if !infeasibility.is_zero() {
        return Ok(Solution::Infeasible);
    }
    // Drive the (zero-valued) artificials out of the basis; a row where no
    // original column can enter is a redundant constraint and is dropped.
    let mut i = 0;
    while i < t.rows.len() {
        if t.basis[i] >= n {
            if let Some(j) = (0..n).find(|&j| !t.rows[i].num[j].is_zero()) {
                t.pivot(i, j);
            } else {
                t.rows.remove(i);
                t.basis.remove(i);
                continue;
            }
        }
        i += 1;
    }
    for row in t.rows.iter_mut() {
        row.num.drain(n..n + rows);
    }
    // Phase 2.
    t.reduced = reduced_costs(&t.rows, &t.basis, &p.c);
    if !t.run(n) {
        return Ok(Solution::Unbounded);
    }
    let mut x = vec![Rational::zero(); n];
    for (i, &bi) in t.basis.iter().enumerate() {
        x[bi] = t.rhs(i);
    }
    let value = x
        .iter()
        .zip(&p.c)
        .fold(Rational::zero(), |s, (xi, ci)| s + xi.clone() * ci.clone());
    Ok(Solution::Optimal { x, value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gjk::scalar::{integer, ratio};

    fn q(rows: &[&[i64]]) -> Vec<Vec<Rational>> {
        rows.iter()
            .map(|r| r.iter().map(|&x| integer(x)).collect())
            .collect()
    }
    fn v(xs: &[i64]) -> Vec<Rational> {
        xs.iter().map(|&x| integer(x)).collect()
    }

    #[test]
    fn small_problems() {
        // min −x − y  s.t. x + 2y + s1 = 4, 3x + y + s2 = 6  →  x = 8/5, y = 6/5.
        let p = Problem {
            m: q(&[&[1, 2, 1, 0], &[3, 1, 0, 1]]),
            b: v(&[4, 6]),
            c: v(&[-1, -1, 0, 0]),
        };
        match minimise(&p).unwrap() {
            Solution::Optimal { x, value } => {
                assert_eq!(x[0], ratio(8, 5).unwrap());
                assert_eq!(x[1], ratio(6, 5).unwrap());
                assert_eq!(value, ratio(-14, 5).unwrap());
            }
            other => panic!("{other:?}"),
        }
        // x + y = 1 and x + y = 2: infeasible.
        let p = Problem {
            m: q(&[&[1, 1], &[1, 1]]),
            b: v(&[1, 2]),
            c: v(&[0, 0]),
        };
        assert_eq!(minimise(&p), Ok(Solution::Infeasible));
        // min −x s.t. x − y = 1: unbounded.
        let p = Problem {
            m: q(&[&[1, -1]]),
            b: v(&[1]),
            c: v(&[-1, 0]),
        };
        assert_eq!(minimise(&p), Ok(Solution::Unbounded));
        // Redundant rows and a negative right-hand side.
        let p = Problem {
            m: q(&[&[1, 1], &[2, 2], &[-1, 0]]),
            b: v(&[1, 2, -1]),
            c: v(&[0, 1]),
        };
        assert_eq!(
            minimise(&p),
            Ok(Solution::Optimal {
                x: v(&[1, 0]),
                value: integer(0)
            })
        );
        // Malformed problems are errors, not panics.
        for bad in [
            Problem {
                m: q(&[&[1, 1]]),
                b: v(&[1, 2]),
                c: v(&[0, 0]),
            },
            Problem {
                m: q(&[&[1, 1, 1]]),
                b: v(&[1]),
                c: v(&[-1]),
            },
            Problem {
                m: q(&[&[1]]),
                b: v(&[1]),
                c: v(&[0, -1]),
            },
        ] {
            assert!(matches!(
                minimise(&bad),
                Err(OracleError::MalformedLp { .. })
            ));
        }
    }

    fn beale() -> (Vec<Vec<Rational>>, Vec<Rational>) {
        let r = |p, q| ratio(p, q).unwrap();
        let (z, one) = (|| integer(0), || integer(1));
        // Beale's example in the form of Bertsimas & Tsitsiklis, Example 3.6:
        // min −3/4 x3 + 20 x4 − 1/2 x5 + 6 x6, slacks x0, x1, x2.
        let rows = vec![
            vec![
                one(),
                z(),
                z(),
                r(1, 4),
                integer(-8),
                integer(-1),
                integer(9),
                z(),
            ],
            vec![
                z(),
                one(),
                z(),
                r(1, 2),
                integer(-12),
                r(-1, 2),
                integer(3),
                z(),
            ],
            vec![z(), z(), one(), z(), z(), one(), z(), one()],
        ];
        let cost = vec![z(), z(), z(), r(-3, 4), integer(20), r(-1, 2), integer(6)];
        (rows, cost)
    }

    /// Beale's example cycles under the textbook rule (most negative reduced
    /// cost enters, first tied row leaves) and ends under Bland's rule.
    #[test]
    fn beales_cycling_example_needs_blands_rule() {
        let (rows, cost) = beale();
        // The textbook rule, from the slack basis: the basis repeats.
        let mut t = Tableau::new(&rows, vec![0, 1, 2], &cost);
        let mut seen = vec![t.basis.clone()];
        let mut cycled = false;
        for _ in 0..50 {
            let reduced: Vec<Rational> = (0..7).map(|j| t.reduced.value(j)).collect();
            let j = (0..7)
                .filter(|&j| reduced[j] < integer(0))
                .min_by(|&a, &b| reduced[a].cmp(&reduced[b]).then(a.cmp(&b)));
            let Some(j) = j else { break };
            let mut leave: Option<(usize, Rational)> = None;
            for i in 0..3 {
                if t.rows[i].value(j) > integer(0) {
                    let ratio = t.rhs(i) / t.rows[i].value(j);
                    if leave.as_ref().is_none_or(|(_, b)| ratio < *b) {
                        leave = Some((i, ratio));
                    }
                }
            }
            let Some((i, _)) = leave else { break };
            t.pivot(i, j);
            let mut b = t.basis.clone();
            b.sort_unstable();
            if seen.contains(&b) {
                cycled = true;
                break;
            }
            seen.push(b);
        }
        assert!(
            cycled,
            "the textbook rule did not cycle: the example is wrong"
        );
        // Bland's rule, from the same basis: optimal at −5/4.
        let mut t = Tableau::new(&rows, vec![0, 1, 2], &cost);
        assert!(t.run(7));
        let value = t
            .basis
            .iter()
            .enumerate()
            .fold(integer(0), |s, (i, &bi)| s + cost[bi].clone() * t.rhs(i));
        assert_eq!(value, ratio(-5, 4).unwrap());
        // And through the public two-phase entry point.
        let (rows, cost) = beale();
        let p = Problem {
            m: rows.iter().map(|r| r[..7].to_vec()).collect(),
            b: rows.iter().map(|r| r[7].clone()).collect(),
            c: cost,
        };
        match minimise(&p).unwrap() {
            Solution::Optimal { value, .. } => assert_eq!(value, ratio(-5, 4).unwrap()),
            other => panic!("{other:?}"),
        }
    }

    /// The oracle's LP as it was until the integer tableau: every entry a
    /// rational in lowest terms, reduced costs recomputed at each step.
    /// The reference of `the_integer_tableau_is_the_rational_one`.
    mod rational {
        use super::super::{Problem, Solution};
        use gjk::scalar::Rational;
        use num_traits::{One, Zero};

        struct Tableau {
            rows: Vec<Vec<Rational>>,
            basis: Vec<usize>,
        }

        impl Tableau {
            fn rhs(&self, i: usize) -> &Rational {
                let r = &self.rows[i];
                &r[r.len() - 1]
            }

            fn pivot(&mut self, r: usize, c: usize) {
                let p = self.rows[r][c].clone();
                if !p.is_one() {
                    for x in self.rows[r].iter_mut() {
                        *x /= p.clone();
                    }
                }
                let pivot_row = self.rows[r].clone();
                for (i, row) in self.rows.iter_mut().enumerate() {
                    if i == r || row[c].is_zero() {
                        continue;
                    }
                    let f = row[c].clone();
                    for (x, y) in row.iter_mut().zip(&pivot_row) {
                        *x -= f.clone() * y.clone();
                    }
                }
                self.basis[r] = c;
            }

            fn run(&mut self, cost: &[Rational], cols: usize) -> bool {
                loop {
                    let entering = (0..cols).find(|&j| {
                        if self.basis.contains(&j) {
                            return false;
                        }
                        let mut r = cost[j].clone();
                        for (row, &bi) in self.rows.iter().zip(&self.basis) {
                            r -= cost[bi].clone() * row[j].clone();
                        }
                        r < Rational::zero()
                    });
                    let Some(j) = entering else {
                        return true;
                    };
                    let mut leave: Option<(usize, Rational)> = None;
                    for i in 0..self.rows.len() {
                        let a = &self.rows[i][j];
                        if *a <= Rational::zero() {
                            continue;
                        }
                        let ratio = self.rhs(i).clone() / a.clone();
                        let better = match &leave {
                            None => true,
                            Some((l, best)) => {
                                ratio < *best || (ratio == *best && self.basis[i] < self.basis[*l])
                            }
                        };
                        if better {
                            leave = Some((i, ratio));
                        }
                    }
                    let Some((i, _)) = leave else {
                        return false;
                    };
                    self.pivot(i, j);
                }
            }
        }

        pub fn minimise(p: &Problem) -> Solution {
            let (rows, n) = (p.m.len(), p.c.len());
            let (start, phase1) = super::super::phase_one(p);
            let mut t = Tableau {
                rows: start,
                basis: (n..n + rows).collect(),
            };
            t.run(&phase1, n + rows);
            let infeasibility = (0..rows)
                .filter(|&i| t.basis[i] >= n)
                .fold(Rational::zero(), |s, i| s + t.rhs(i).clone());
            if !infeasibility.is_zero() {
                return Solution::Infeasible;
            }
            let mut i = 0;
            while i < t.rows.len() {
                if t.basis[i] >= n {
                    if let Some(j) = (0..n).find(|&j| !t.rows[i][j].is_zero()) {
                        t.pivot(i, j);
                    } else {
                        t.rows.remove(i);
                        t.basis.remove(i);
                        continue;
                    }
                }
                i += 1;
            }
            for row in t.rows.iter_mut() {
                row.drain(n..n + rows);
            }
            if !t.run(&p.c, n) {
                return Solution::Unbounded;
            }
            let mut x = vec![Rational::zero(); n];
            for (i, &bi) in t.basis.iter().enumerate() {
                x[bi] = t.rhs(i).clone();
            }
            let value = x
                .iter()
                .zip(&p.c)
                .fold(Rational::zero(), |s, (xi, ci)| s + xi.clone() * ci.clone());
            Solution::Optimal { x, value }
        }
    }

    /// The integer tableau takes Bland's path of the rational one: the same
    /// solution, `x` included (a degenerate LP has several optimal bases,
    /// so a different path could end at another), on random problems:
    /// small integer and fractional entries, most right-hand sides zero,
    /// redundant and negative rows, feasible, infeasible and unbounded.
    #[test]
    fn the_integer_tableau_is_the_rational_one() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut int = |lo: i64, hi: i64| -> i64 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            lo + ((state >> 33) % ((hi - lo + 1) as u64)) as i64
        };
        let mut kinds = [0usize; 3];
        for case in 0..600 {
            let rows = int(1, 6) as usize;
            let n = int(1, 9) as usize;
            let mut entry = |zero_one_in: i64| {
                if int(1, zero_one_in) == 1 {
                    integer(0)
                } else {
                    ratio(int(-9, 9), int(1, 4)).unwrap()
                }
            };
            let mut m: Vec<Vec<Rational>> = (0..rows)
                .map(|_| (0..n).map(|_| entry(3)).collect())
                .collect();
            if rows > 1 && case % 5 == 0 {
                // A redundant row: twice another.
                m[rows - 1] = m[0].iter().map(|x| x * integer(2)).collect();
            }
            let mut b: Vec<Rational> = (0..rows).map(|_| entry(2)).collect();
            if rows > 1 && case % 5 == 0 {
                b[rows - 1] = &b[0] * integer(2);
            }
            let c: Vec<Rational> = (0..n).map(|_| entry(2)).collect();
            let p = Problem { m, b, c };
            let want = rational::minimise(&p);
            kinds[match want {
                Solution::Infeasible => 0,
                Solution::Unbounded => 1,
                Solution::Optimal { .. } => 2,
            }] += 1;
            assert_eq!(
                minimise(&p).unwrap(),
                want,
                "case {case}: m = {:?}, b = {:?}, c = {:?}",
                p.m,
                p.b,
                p.c
            );
        }
        // Each kind of ending is exercised.
        assert!(kinds.iter().all(|&k| k >= 20), "{kinds:?}");
        // The oracle's own LPs on overlapping point clouds: a zero cost
        // (`common_point`, where every feasible point is optimal, so `x`
        // is where the path ends) and the relation's `max t`.
        for case in 0..300 {
            let dim = int(1, 4) as usize;
            let mut cloud = |k: i64| -> Vec<Vec<Rational>> {
                (0..int(1, k))
                    .map(|_| {
                        (0..dim)
                            .map(|_| ratio(int(-4, 4), int(1, 2)).unwrap())
                            .collect()
                    })
                    .collect()
            };
            let (a, b) = (cloud(5), cloud(5));
            for weight_column in [false, true] {
                let (m, rhs) = crate::constraints(&a, &b, dim, weight_column);
                let mut c = vec![integer(0); m[0].len()];
                if weight_column {
                    c[m[0].len() - 1] = integer(-1);
                }
                let p = Problem { m, b: rhs, c };
                assert_eq!(
                    minimise(&p).unwrap(),
                    rational::minimise(&p),
                    "cloud case {case}: A = {a:?}, B = {b:?}"
                );
            }
        }
    }
}

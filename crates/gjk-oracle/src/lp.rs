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

use num_traits::{One, Zero};

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

/// A simplex tableau: constraint rows with the right-hand side as the last
/// column, and the basic variable of each row.
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
        // Zero entries are skipped (the tableau is sparse: an identity
        // block, zero right-hand sides): the same values, fewer gcds.
        let p = self.rows[r][c].clone();
        if !p.is_one() {
            for x in self.rows[r].iter_mut().filter(|x| !x.is_zero()) {
                *x /= p.clone();
            }
        }
        let pivot_row = self.rows[r].clone();
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i == r || row[c].is_zero() {
                continue;
            }
            let f = row[c].clone();
            for (x, y) in row.iter_mut().zip(&pivot_row).filter(|(_, y)| !y.is_zero()) {
                *x -= f.clone() * y.clone();
            }
        }
        self.basis[r] = c;
    }

    /// Minimises `cost · x` over the first `cols` columns from the current
    /// (feasible) basis. Returns `false` if the cost is unbounded below.
    fn run(&mut self, cost: &[Rational], cols: usize) -> bool {
        loop {
            // Reduced costs r_j = c_j − Σ_i c_{basis(i)} T[i][j]; Bland: the
            // first negative one enters.
            let entering = (0..cols).find(|&j| {
                if self.basis.contains(&j) {
                    return false;
                }
                let mut r = cost[j].clone();
                for (row, &bi) in self.rows.iter().zip(&self.basis) {
                    if !row[j].is_zero() && !cost[bi].is_zero() {
                        r -= cost[bi].clone() * row[j].clone();
                    }
                }
                r < Rational::zero()
            });
            let Some(j) = entering else {
                return true;
            };
            // Ratio test; ties go to the lowest-indexed basic variable.
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
    // Phase 1: one artificial column per row, rows flipped so that b ≥ 0.
    let mut t = Tableau {
        rows: Vec::with_capacity(rows),
        basis: (n..n + rows).collect(),
    };
    for (i, (row, bi)) in p.m.iter().zip(&p.b).enumerate() {
        let flip = *bi < Rational::zero();
        let mut r: Vec<Rational> = row
            .iter()
            .map(|x| if flip { -x.clone() } else { x.clone() })
            .collect();
        r.extend((0..rows).map(|k| Rational::from_integer((k == i).into())));
        r.push(if flip { -bi.clone() } else { bi.clone() });
        t.rows.push(r);
    }
    let phase1: Vec<Rational> = (0..n + rows)
        .map(|j| Rational::from_integer((j >= n).into()))
        .collect();
    // Phase 1 is bounded below by 0, so `run` cannot report unboundedness.
    t.run(&phase1, n + rows);
    let infeasibility = (0..rows)
        .filter(|&i| t.basis[i] >= n)
        .fold(Rational::zero(), |s, i| s + t.rhs(i).clone());
    if !infeasibility.is_zero() {
        return Ok(Solution::Infeasible);
    }
    // Drive the (zero-valued) artificials out of the basis; a row where no
    // original column can enter is a redundant constraint and is dropped.
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
    // Phase 2.
    if !t.run(&p.c, n) {
        return Ok(Solution::Unbounded);
    }
    let mut x = vec![Rational::zero(); n];
    for (i, &bi) in t.basis.iter().enumerate() {
        x[bi] = t.rhs(i).clone();
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
        let mut t = Tableau {
            rows: rows.clone(),
            basis: vec![0, 1, 2],
        };
        let mut seen = vec![t.basis.clone()];
        let mut cycled = false;
        for _ in 0..50 {
            let reduced: Vec<Rational> = (0..7)
                .map(|j| {
                    let mut r = cost[j].clone();
                    for (row, &bi) in t.rows.iter().zip(&t.basis) {
                        r -= cost[bi].clone() * row[j].clone();
                    }
                    r
                })
                .collect();
            let j = (0..7)
                .filter(|&j| reduced[j] < integer(0))
                .min_by(|&a, &b| reduced[a].cmp(&reduced[b]).then(a.cmp(&b)));
            let Some(j) = j else { break };
            let mut leave: Option<(usize, Rational)> = None;
            for i in 0..3 {
                if t.rows[i][j] > integer(0) {
                    let ratio = t.rhs(i).clone() / t.rows[i][j].clone();
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
        let mut t = Tableau {
            rows,
            basis: vec![0, 1, 2],
        };
        assert!(t.run(&cost, 7));
        let value = t.basis.iter().enumerate().fold(integer(0), |s, (i, &bi)| {
            s + cost[bi].clone() * t.rhs(i).clone()
        });
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
}

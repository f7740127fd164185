//! Known answers for the oracle (the randomised cross-checks between its two
//! methods are in `tests/oracle.rs`).

use std::cmp::Ordering;

use super::*;
use gjk::scalar::{integer, ratio};

fn pts(rows: &[&[i64]]) -> Vec<Vec<Rational>> {
    rows.iter()
        .map(|r| r.iter().map(|&x| integer(x)).collect())
        .collect()
}

fn square(x: i64, y: i64, s: i64) -> Vec<Vec<Rational>> {
    pts(&[&[x, y], &[x + s, y], &[x + s, y + s], &[x, y + s]])
}

fn cube(x: i64, y: i64, z: i64, s: i64) -> Vec<Vec<Rational>> {
    let mut out = Vec::new();
    for i in 0..8 {
        out.push(vec![
            integer(x + s * (i & 1)),
            integer(y + s * ((i >> 1) & 1)),
            integer(z + s * ((i >> 2) & 1)),
        ]);
    }
    out
}

#[test]
fn relations_of_squares_and_cubes() {
    let a = square(0, 0, 2);
    assert_eq!(relation(&a, &square(1, 1, 2)), Ok(Relation::Penetrating));
    // Vertex–vertex, edge–edge (full edge and partial) touching.
    assert_eq!(relation(&a, &square(2, 2, 2)), Ok(Relation::Touching));
    assert_eq!(relation(&a, &square(2, 0, 2)), Ok(Relation::Touching));
    assert_eq!(relation(&a, &square(2, 1, 2)), Ok(Relation::Touching));
    assert_eq!(relation(&a, &square(3, 0, 2)), Ok(Relation::Separated));
    // Identical shapes penetrate; a point inside penetrates only if A − B is
    // full-dimensional, which it is (A is a square).
    assert_eq!(relation(&a, &a), Ok(Relation::Penetrating));
    assert_eq!(relation(&a, &pts(&[&[1, 1]])), Ok(Relation::Penetrating));
    // A point on the boundary touches.
    assert_eq!(relation(&a, &pts(&[&[2, 1]])), Ok(Relation::Touching));
    // Face–face, edge–edge and vertex–vertex cubes.
    let c = cube(0, 0, 0, 1);
    assert_eq!(relation(&c, &cube(0, 0, 1, 1)), Ok(Relation::Touching));
    assert_eq!(relation(&c, &cube(1, 1, 0, 1)), Ok(Relation::Touching));
    assert_eq!(relation(&c, &cube(1, 1, 1, 1)), Ok(Relation::Touching));
    assert_eq!(relation(&c, &cube(0, 0, 2, 1)), Ok(Relation::Separated));
    assert!(penetrating(&cube(0, 0, 0, 2), &cube(1, 1, 1, 2)).unwrap());
    assert!(touching(&c, &cube(1, 0, 0, 1)).unwrap());
    assert!(intersects(&c, &cube(1, 0, 0, 1)).unwrap());
}

#[test]
fn flat_shapes() {
    // Two triangles in 3D piercing each other (openGJK #3's situation): flat
    // shapes, but A − B is full-dimensional and the origin interior to it —
    // no small translation pulls them apart.
    let t1 = pts(&[&[-2, 0, 0], &[2, 0, 0], &[0, 2, 0]]);
    let t2 = pts(&[&[0, 1, -2], &[0, 1, 2], &[0, -1, 0]]);
    assert_eq!(relation(&t1, &t2), Ok(Relation::Penetrating));
    // Coplanar overlapping triangles: A − B is flat, so they only touch.
    let t3 = pts(&[&[-1, 1, 0], &[3, 1, 0], &[0, 3, 0]]);
    assert_eq!(relation(&t1, &t3), Ok(Relation::Touching));
    // Moved off the plane by one unit: separated.
    let t4 = pts(&[&[-1, 1, 1], &[3, 1, 1], &[0, 3, 1]]);
    assert_eq!(relation(&t1, &t4), Ok(Relation::Separated));
    // Two segments crossing in 2D: A − B is a parallelogram with the origin
    // inside, so they penetrate.
    let s1 = pts(&[&[-1, 0], &[1, 0]]);
    let s2 = pts(&[&[0, -1], &[0, 1]]);
    assert_eq!(relation(&s1, &s2), Ok(Relation::Penetrating));
    // Collinear overlapping segments in 2D: A − B is a segment.
    let s3 = pts(&[&[0, 0], &[2, 0]]);
    assert_eq!(relation(&s1, &s3), Ok(Relation::Touching));
    // The same parallel but one unit apart.
    assert_eq!(
        relation(&s1, &pts(&[&[0, 1], &[2, 1]])),
        Ok(Relation::Separated)
    );
}

#[test]
fn common_points_are_convex_combinations() {
    let a = square(0, 0, 2);
    let b = pts(&[&[2, 2], &[5, 5], &[2, 7]]);
    let cp = common_point(&a, &b).unwrap().unwrap();
    assert_eq!(cp.point, vec![integer(2), integer(2)]);
    let one = integer(1);
    assert_eq!(cp.lambda.iter().sum::<Rational>(), one);
    assert_eq!(cp.mu.iter().sum::<Rational>(), one);
    assert!(cp.lambda.iter().chain(&cp.mu).all(|w| *w >= integer(0)));
    assert_eq!(common_point(&a, &square(5, 5, 1)), Ok(None));
}

#[test]
fn exact_distances_and_witnesses() {
    // fcl #508: unit cubes 4 apart along x are at distance exactly 3.
    let d = distance_squared(&cube(0, 0, 0, 1), &cube(4, 0, 0, 1)).unwrap();
    assert_eq!(d.dist2, integer(9));
    assert_eq!(d.witness_a[0], integer(1));
    assert_eq!(d.witness_b[0], integer(4));
    // A point and a segment: (0, 2) to the segment (−1, 0)–(3, 0) is 2 away;
    // to (5, 2)–(7, 4), (0,0) is √29 from (5,2).
    let p = pts(&[&[0, 2]]);
    assert_eq!(
        distance_squared(&p, &pts(&[&[-1, 0], &[3, 0]]))
            .unwrap()
            .dist2,
        integer(4)
    );
    assert_eq!(
        distance_squared(&pts(&[&[0, 0]]), &pts(&[&[5, 2], &[7, 4]]))
            .unwrap()
            .dist2,
        integer(29)
    );
    // A non-axis edge: the origin to the segment (2, 0)–(0, 1) is 2/√5.
    let d = distance_squared(&pts(&[&[0, 0]]), &pts(&[&[2, 0], &[0, 1]])).unwrap();
    assert_eq!(d.dist2, ratio(4, 5).unwrap());
    assert_eq!(
        d.witness_b,
        vec![ratio(2, 5).unwrap(), ratio(4, 5).unwrap()]
    );
    assert_eq!(
        d.closest,
        vec![ratio(-2, 5).unwrap(), ratio(-4, 5).unwrap()]
    );
    // Touching and overlapping: zero.
    let c = cube(0, 0, 0, 1);
    assert!(distance_squared(&c, &cube(1, 1, 1, 1))
        .unwrap()
        .dist2
        .is_zero());
    assert!(distance_squared(&c, &c).unwrap().dist2.is_zero());
    // A gap of 2⁻⁴⁰ is not zero.
    let tiny = Rational::new(1.into(), num_bigint::BigInt::from(1u64 << 40));
    let b: Vec<Vec<Rational>> = cube(0, 0, 1, 1)
        .into_iter()
        .map(|mut p| {
            p[2] += tiny.clone();
            p
        })
        .collect();
    assert_eq!(distance_squared(&c, &b).unwrap().dist2, tiny.clone() * tiny);
}

#[test]
fn the_region_oracle_on_named_cases() {
    // A triangle in 2D with the origin beyond edge AB (the facet opposite C).
    let t = pts(&[&[-1, 1], &[1, 1], &[0, 3]]);
    let r = closest_feature(&t).unwrap();
    assert_eq!(r.feature, vec![0, 1]);
    assert_eq!(r.closest, vec![integer(0), integer(1)]);
    assert_eq!(r.dist2, integer(1));
    assert_eq!(r.barycentric[2], integer(0));
    assert_eq!(r.facet_sides[2].side, Ordering::Greater);
    assert_eq!(r.facet_sides[0].side, Ordering::Less);
    // The origin inside: the whole triangle, distance 0.
    let r = closest_feature(&pts(&[&[-1, -1], &[2, -1], &[0, 2]])).unwrap();
    assert_eq!(r.feature, vec![0, 1, 2]);
    assert!(r.contains_origin);
    // The origin on an edge: the edge, distance 0, and that facet "Equal".
    let r = closest_feature(&pts(&[&[-1, 0], &[1, 0], &[0, 2]])).unwrap();
    assert_eq!(r.feature, vec![0, 1]);
    assert!(r.contains_origin);
    assert_eq!(r.facet_sides[2].side, Ordering::Equal);
    // A vertex region.
    let r = closest_feature(&pts(&[&[1, 1], &[3, 1], &[1, 4]])).unwrap();
    assert_eq!(r.feature, vec![0]);
    // A triangle in 3D above the origin: face region, and the side of its plane.
    let tri = pts(&[&[-1, -1, 1], &[2, -1, 1], &[-1, 2, 1]]);
    let r = closest_feature(&tri).unwrap();
    assert_eq!(r.feature, vec![0, 1, 2]);
    assert_eq!(r.dist2, integer(1));
    // (AB × AC) · AO = (0, 0, 9) · (1, 1, −1) < 0: the origin is below.
    assert_eq!(r.plane_side, Some(Ordering::Less));
    let swapped = vec![tri[0].clone(), tri[2].clone(), tri[1].clone()];
    assert_eq!(
        closest_feature(&swapped).unwrap().plane_side,
        Some(Ordering::Greater)
    );
    // A segment in 2D: plane_side is the sign of AB × AO.
    let r = closest_feature(&pts(&[&[-1, 1], &[1, 1]])).unwrap();
    assert_eq!(r.plane_side, Some(Ordering::Less));
    // A tetrahedron with the origin beyond face BCD (opposite A).
    let tet = pts(&[&[0, 0, 5], &[-1, -1, 1], &[2, -1, 1], &[-1, 2, 1]]);
    let r = closest_feature(&tet).unwrap();
    assert_eq!(r.feature, vec![1, 2, 3]);
    assert_eq!(r.facet_sides[0].side, Ordering::Greater);
    // Points of dimension 5 are fine.
    let r = closest_feature(&pts(&[&[1, 1, 1, 1, 1]])).unwrap();
    assert_eq!(r.dist2, integer(5));
}

#[test]
fn separating_axes() {
    let a = square(0, 0, 2);
    let b = square(2, 0, 2);
    let x = vec![integer(1), integer(0)];
    let y = vec![integer(0), integer(1)];
    assert_eq!(separates(&a, &b, &x), Ok(true));
    assert_eq!(strictly_separates(&a, &b, &x), Ok(false));
    assert_eq!(separates(&a, &b, &y), Ok(false));
    assert_eq!(strictly_separates(&a, &square(3, 0, 2), &x), Ok(true));
    // The zero axis separates nothing; a reversed axis neither.
    let zero = vec![integer(0), integer(0)];
    assert_eq!(separates(&a, &b, &zero), Ok(false));
    assert_eq!(strictly_separates(&a, &b, &zero), Ok(false));
    assert_eq!(separates(&b, &a, &x), Ok(false));
}

#[test]
fn bad_input_is_a_typed_error() {
    let a = square(0, 0, 1);
    assert_eq!(
        intersects(&[], &a),
        Err(OracleError::Empty { which: Which::A })
    );
    assert_eq!(
        relation(&a, &[]),
        Err(OracleError::Empty { which: Which::B })
    );
    assert_eq!(
        intersects(&a, &pts(&[&[1, 2, 3]])),
        Err(OracleError::MixedDimensions {
            which: Which::B,
            expected: 2,
            index: 0,
            found: 3
        })
    );
    assert_eq!(
        distance_squared(&pts(&[&[1, 2], &[1]]), &a),
        Err(OracleError::MixedDimensions {
            which: Which::A,
            expected: 2,
            index: 1,
            found: 1
        })
    );
    assert_eq!(
        intersects(&[vec![]], &a),
        Err(OracleError::ZeroDimension { which: Which::A })
    );
    assert!(separates(&a, &a, &[integer(1)]).is_err());
    assert_eq!(
        closest_feature(&pts(&[&[0, 1], &[1, 0], &[2, 2], &[3, 3]])),
        Err(OracleError::TooManyVertices { count: 4, dim: 2 })
    );
    for dependent in [
        pts(&[&[1, 1], &[1, 1]]),
        pts(&[&[0, 1], &[1, 2], &[2, 3]]),
        pts(&[&[0, 0, 1], &[1, 0, 1], &[0, 1, 1], &[1, 1, 1]]),
    ] {
        assert_eq!(
            closest_feature(&dependent),
            Err(OracleError::AffinelyDependent)
        );
    }
    // Past the enumeration cost: 3D, 20 × 20 distinct differences.
    let big: Vec<Vec<Rational>> = (0..20).map(|i| pts(&[&[i, i * i, 1]])[0].clone()).collect();
    assert!(matches!(
        distance_squared(&big, &big),
        Err(OracleError::TooLarge { .. })
    ));
    // Past the LP size: 1D needs (|A| + |B|) · 3 > MAX_LP_SIZE.
    let many = vec![vec![integer(0)]; MAX_LP_SIZE / 3];
    assert!(matches!(
        intersects(&many, &many[..1]),
        Err(OracleError::TooLarge { .. })
    ));
    assert!(intersects(&many[..MAX_LP_SIZE / 3 - 1], &many[..1]).unwrap());
    let wide = vec![vec![integer(0); MAX_LP_SIZE]];
    assert!(matches!(
        relation(&wide, &wide),
        Err(OracleError::TooLarge { .. })
    ));
    // Past the number of differences.
    let cloud: Vec<Vec<Rational>> = (0..65).map(|i| vec![integer(i)]).collect();
    assert!(matches!(
        distance_squared(&cloud, &cloud),
        Err(OracleError::TooLarge { .. })
    ));
    // Past the simplex dimension.
    let big_simplex = vec![vec![integer(1); MAX_SIMPLEX_DIM + 1]];
    assert!(matches!(
        closest_feature(&big_simplex),
        Err(OracleError::TooLarge { .. })
    ));
    assert!(!OracleError::AffinelyDependent.to_string().is_empty());
}

/// The depth's answer when penetrating: `(depth², penetration, normal, number
/// of minimal facets)`.
fn depth_of(
    a: &[Vec<Rational>],
    b: &[Vec<Rational>],
) -> (Rational, Vec<Rational>, Vec<Rational>, usize) {
    match penetration_depth(a, b).unwrap() {
        PenetrationDepth::Penetrating {
            depth2,
            penetration,
            normal,
            facets,
        } => (depth2, penetration, normal, facets.len()),
        other => panic!("expected penetrating: {other:?}"),
    }
}

#[test]
fn penetration_depths_of_boxes_and_intervals() {
    // 1D: [0, 3] and [2, 5] overlap by 1; A − B = [−5, 1].
    let (d2, p, n, k) = depth_of(&pts(&[&[0], &[3]]), &pts(&[&[2], &[5]]));
    assert_eq!((d2, p, k), (integer(1), vec![integer(1)], 1));
    assert!(n[0] > integer(0));
    // 2D: A − B = [0,4]² − [3,5]×[1,2] = [−5, 1] × [−2, 3]: depth 1 along +x.
    let b = pts(&[&[3, 1], &[5, 1], &[5, 2], &[3, 2]]);
    let (d2, p, n, k) = depth_of(&square(0, 0, 4), &b);
    assert_eq!(
        (d2, p.clone(), k),
        (integer(1), vec![integer(1), integer(0)], 1)
    );
    assert!(n[0] > integer(0) && n[1].is_zero());
    // Translating A by −p makes the pair touch.
    let moved: Vec<Vec<Rational>> = square(0, 0, 4).iter().map(|x| sub(x, &p)).collect();
    assert_eq!(relation(&moved, &b), Ok(Relation::Touching));
    // Two squares overlapping in a unit square: a tie between +x and +y.
    let (d2, _, _, k) = depth_of(&square(0, 0, 2), &square(1, 1, 2));
    assert_eq!((d2, k), (integer(1), 2));
    // Identical unit cubes: A − B = [−1, 1]³, six facets at distance 1.
    let (d2, _, _, k) = depth_of(&cube(0, 0, 0, 1), &cube(0, 0, 0, 1));
    assert_eq!((d2, k), (integer(1), 6));
    // The triangle (0,0), (4,0), (0,4) against the point (1, 1): the legs
    // of A − B are at distance 1 (a tie), the hypotenuse x + y = 2 at √2.
    let (d2, _, _, k) = depth_of(&pts(&[&[0, 0], &[4, 0], &[0, 4]]), &pts(&[&[1, 1]]));
    assert_eq!((d2, k), (integer(1), 2));
    // A diagonal facet wins: A − B = (−6,−6), (8,−6), (−6,8) has the
    // hypotenuse x + y = 2 at distance √2 and the legs at 6.
    let (d2, p, n, k) = depth_of(&pts(&[&[-6, -6], &[8, -6], &[-6, 8]]), &pts(&[&[0, 0]]));
    assert_eq!((d2, p, k), (integer(2), vec![integer(1), integer(1)], 1));
    assert!(n[0] > integer(0) && n[0] == n[1]);
}

#[test]
fn penetration_depth_of_non_penetrating_pairs_and_bad_input() {
    let a = square(0, 0, 2);
    for (b, rel) in [
        (square(2, 2, 2), Relation::Touching),
        (square(3, 0, 2), Relation::Separated),
        (pts(&[&[1, 0]]), Relation::Touching),
    ] {
        assert_eq!(
            penetration_depth(&a, &b),
            Ok(PenetrationDepth::NotPenetrating { relation: rel })
        );
    }
    // Coplanar triangles in 3D overlap but A − B is flat: touching.
    let t1 = pts(&[&[-2, 0, 0], &[2, 0, 0], &[0, 2, 0]]);
    let t3 = pts(&[&[-1, 1, 0], &[3, 1, 0], &[0, 3, 0]]);
    assert_eq!(
        penetration_depth(&t1, &t3),
        Ok(PenetrationDepth::NotPenetrating {
            relation: Relation::Touching
        })
    );
    assert_eq!(
        penetration_depth(&[], &a),
        Err(OracleError::Empty { which: Which::A })
    );
    assert!(matches!(
        penetration_depth(&a, &pts(&[&[1, 2, 3]])),
        Err(OracleError::MixedDimensions { .. })
    ));
    // 126 distinct points in 3D: past the facet enumeration's cost.
    let big: Vec<Vec<Rational>> = (0..126)
        .map(|i| pts(&[&[i, i * i, i * i * i]])[0].clone())
        .collect();
    assert!(matches!(
        penetration_depth(&big, &pts(&[&[1, 1, 1]])),
        Err(OracleError::TooLarge { what, .. }) if what.contains("facet")
    ));
}

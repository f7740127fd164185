use gjk::contact::{contact, Contact};
use gjk::gjk::{gjk, Options};
use gjk::{Rational, Support, Vector};
use num_traits::FromPrimitive;

struct Cloud<const N: usize>(Vec<Vector<Rational, N>>);
impl<const N: usize> Support<Rational, N> for Cloud<N> {
    fn support(&self, d: &Vector<Rational, N>) -> Vector<Rational, N> {
        let mut best = &self.0[0];
        let mut bd = best.dot(d);
        for p in &self.0[1..] {
            let x = p.dot(d);
            if x > bd {
                bd = x;
                best = p;
            }
        }
        best.clone()
    }
}
fn q(x: f64) -> Rational {
    Rational::from_f64(x).unwrap()
}
fn cube(c: [f64; 3], h: f64) -> Cloud<3> {
    let mut v = vec![];
    for i in 0..8 {
        v.push(Vector::<Rational, 3>::new(
            q(c[0] + if i & 1 == 0 { -h } else { h }),
            q(c[1] + if i & 2 == 0 { -h } else { h }),
            q(c[2] + if i & 4 == 0 { -h } else { h }),
        ));
    }
    Cloud(v)
}

#[test]
fn cubes() {
    for (c, expect) in [
        ([3.0, 0.0, 0.0], "separated"),
        ([2.0, 0.0, 0.0], "touching"),
        ([2.0, 2.0, 0.0], "touching"),
        ([2.0, 2.0, 2.0], "touching"),
        ([1.0, 0.5, 0.25], "penetrating"),
        ([0.0, 0.0, 0.0], "penetrating"),
        ([0.0, 2.0, 0.0], "touching"),
        ([2.0, 1.0, 0.0], "touching"),
    ] {
        let a = cube([0.0; 3], 1.0);
        let b = cube(c, 1.0);
        let r = gjk(&a, &b, &Options::default()).unwrap();
        let k = contact(&a, &b, &Options::default()).unwrap();
        println!(
            "{c:?}: {} {} iters {}",
            r.outcome.name(),
            k.contact.name(),
            k.iterations
        );
        assert_eq!(k.contact.name(), expect, "{c:?}");
        if let Contact::Touching { normal } = &k.contact {
            println!("  normal {normal:?}");
        }
    }
}

// CGAL 5.5's Polytope_distance_d (Debian's libcgal-dev) with an exact
// rational kernel, Cartesian_d<Gmpq>, and exact rational arithmetic in its
// quadratic programs (ET = NT = Gmpq): the squared distance of the convex
// hulls of two point sets in any dimension, as an exact p/q. Every double
// of the input converts to Gmpq exactly. (With a double or Gmpzf kernel
// the answer is not exact: on a near-touching pair it was wrong.)
// See runner.hpp for the protocol; the answer goes in the distance field.
#include <CGAL/Cartesian_d.h>
#include <CGAL/Gmpq.h>
#include <CGAL/Polytope_distance_d.h>
#include <CGAL/Polytope_distance_d_traits_d.h>

#include <sstream>

#include "runner.hpp"

namespace {

typedef CGAL::Gmpq Q;
typedef CGAL::Cartesian_d<Q> Kernel;
typedef CGAL::Polytope_distance_d_traits_d<Kernel, Q, Q> Traits;
typedef CGAL::Polytope_distance_d<Traits> Distance;
typedef Kernel::Point_d Point;

std::vector<Point> points(int dim, const std::vector<std::vector<double>> &rows) {
    std::vector<Point> out;
    for (auto &r : rows) {
        std::vector<Q> q(r.begin(), r.end());
        out.emplace_back(dim, q.begin(), q.end());
    }
    return out;
}

peer::Answer squared_distance(const peer::Case &c) {
    auto p = points(c.dim, c.a), q = points(c.dim, c.b);
    Distance pd(p.begin(), p.end(), q.begin(), q.end());
    if (!pd.is_valid()) throw std::runtime_error("Polytope_distance_d::is_valid() is false");
    Q d2 = pd.squared_distance_numerator() / pd.squared_distance_denominator();
    std::ostringstream s;
    s << d2.numerator();
    if (d2.denominator() != 1) s << "/" << d2.denominator();
    peer::Answer ans;
    ans.exact = s.str();
    ans.intersects = d2 == 0;
    return ans;
}

}  // namespace

int main(int argc, char **argv) {
    std::vector<peer::Setting> settings = {
        {"Polytope_distance_d", "distance_squared",
         "Polytope_distance_d<Polytope_distance_d_traits_d<Cartesian_d<Gmpq>, Gmpq, Gmpq>>: "
         "distance_squared = squared_distance_numerator() / squared_distance_denominator(), exact",
         squared_distance},
    };
    return peer::main(argc, argv, settings);
}

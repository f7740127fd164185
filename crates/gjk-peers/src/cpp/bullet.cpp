// Bullet 3.24 (Debian's libbullet-dev, its double-precision build:
// bullet-float64, BT_USE_DOUBLE_PRECISION) on point clouds: see runner.hpp
// for the protocol. Each shape is a btConvexHullShape of the case's points
// with its collision margin set to 0; both at the identity transform.
#include <btBulletCollisionCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpa2.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkEpaPenetrationDepthSolver.h>
#include <BulletCollision/NarrowPhaseCollision/btGjkPairDetector.h>
#include <BulletCollision/NarrowPhaseCollision/btPointCollector.h>
#include <BulletCollision/NarrowPhaseCollision/btVoronoiSimplexSolver.h>

#include <memory>
#include <stdexcept>

#include "runner.hpp"

namespace {

std::unique_ptr<btConvexHullShape> hull(const std::vector<std::vector<double>> &pts) {
    auto shape = std::make_unique<btConvexHullShape>();
    for (auto &p : pts) shape->addPoint(btVector3(p[0], p[1], p[2]), false);
    shape->recalcLocalAabb();
    shape->setMargin(0);
    return shape;
}

btTransform identity() {
    btTransform t;
    t.setIdentity();
    return t;
}

// btGjkPairDetector with the Voronoi simplex solver and the GJK-EPA
// penetration solver: m_distance > 0 separated, <= 0 intersecting (its
// negative the depth).
peer::Answer pair_detector(const peer::Case &c) {
    auto a = hull(c.a), b = hull(c.b);
    btVoronoiSimplexSolver simplex;
    btGjkEpaPenetrationDepthSolver epa;
    btGjkPairDetector detector(a.get(), b.get(), &simplex, &epa);
    btDiscreteCollisionDetectorInterface::ClosestPointInput input;
    input.m_transformA = identity();
    input.m_transformB = identity();
    btPointCollector out;
    detector.getClosestPoints(input, out, nullptr);
    peer::Answer ans;
    if (!out.m_hasResult) throw std::runtime_error("getClosestPoints reported no result");
    double d = out.m_distance;
    ans.intersects = d <= 0;
    ans.distance = d > 0 ? d : 0.0;
    ans.depth = d < 0 ? -d : 0.0;
    return ans;
}

// btGjkEpaSolver2::Distance: true when separated, with the distance.
peer::Answer epa2_distance(const peer::Case &c) {
    auto a = hull(c.a), b = hull(c.b);
    btGjkEpaSolver2::sResults r;
    bool separated = btGjkEpaSolver2::Distance(a.get(), identity(), b.get(), identity(),
                                               btVector3(1, 0, 0), r);
    peer::Answer ans;
    ans.intersects = !separated;
    ans.distance = separated ? (double)r.distance : 0.0;
    return ans;
}

// btGjkEpaSolver2::Penetration: true when penetrating, the depth being
// -results.distance.
peer::Answer epa2_penetration(const peer::Case &c) {
    auto a = hull(c.a), b = hull(c.b);
    btGjkEpaSolver2::sResults r;
    bool penetrating = btGjkEpaSolver2::Penetration(a.get(), identity(), b.get(), identity(),
                                                    btVector3(1, 0, 0), r, true);
    peer::Answer ans;
    ans.intersects = penetrating;
    ans.depth = penetrating ? -(double)r.distance : 0.0;
    return ans;
}

// btGjkEpaSolver2::SignedDistance: Distance, then Penetration without
// margins when Distance finds an intersection; true when either answered,
// results.distance the signed distance (negative inside).
peer::Answer epa2_signed(const peer::Case &c) {
    auto a = hull(c.a), b = hull(c.b);
    btGjkEpaSolver2::sResults r;
    bool answered = btGjkEpaSolver2::SignedDistance(a.get(), identity(), b.get(), identity(),
                                                    btVector3(1, 0, 0), r);
    if (!answered) throw std::runtime_error("SignedDistance returned false (status " + std::to_string((int)r.status) + ")");
    peer::Answer ans;
    double d = r.distance;
    ans.intersects = d <= 0;
    ans.distance = d > 0 ? d : 0.0;
    ans.depth = d < 0 ? -d : 0.0;
    return ans;
}

}  // namespace

int main(int argc, char **argv) {
    static_assert(sizeof(btScalar) == sizeof(double), "the double-precision build of Bullet");
    std::string shapes =
        "btConvexHullShape of the points, setMargin(0), identity transforms, btScalar=double";
    std::vector<peer::Setting> settings = {
        {"btGjkPairDetector", "intersects,distance,penetration_depth",
         "btGjkPairDetector(btVoronoiSimplexSolver, btGjkEpaPenetrationDepthSolver)."
         "getClosestPoints with ClosestPointInput defaults (m_maximumDistanceSquared=BT_LARGE_FLOAT): "
         "intersects = (m_distance <= 0), distance = max(0, m_distance), penetration_depth = "
         "max(0, -m_distance); " + shapes,
         pair_detector},
        {"btGjkEpa2::Distance", "intersects,distance",
         "intersects = !Distance(.., guess=(1,0,0)), distance = results.distance when separated; " + shapes,
         epa2_distance},
        {"btGjkEpa2::Penetration", "intersects,penetration_depth",
         "intersects = Penetration(.., guess=(1,0,0), usemargins=true), penetration_depth = "
         "-results.distance when penetrating; " + shapes,
         epa2_penetration},
        {"btGjkEpa2::SignedDistance", "intersects,distance,penetration_depth",
         "SignedDistance(.., guess=(1,0,0)) (false: no answer), d = results.distance: "
         "intersects = (d <= 0), distance = max(0, d), penetration_depth = max(0, -d); " + shapes,
         epa2_signed},
    };
    return peer::main(argc, argv, settings);
}

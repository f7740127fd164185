// FCL 0.7 (Debian's libfcl-dev) on point clouds: see runner.hpp for the
// protocol. Each shape is an fcl::Convexd of the case's points with no
// faces: FCL's mesh check then finds it "not watertight" and its support
// function scans every vertex (convex-inl.h), so no hull has to be built
// for it. Both objects at the identity pose. Requests are FCL's defaults
// but for the GJK solver (GST_LIBCCD or GST_INDEP) and, for the depth,
// enable_contact.
#include <fcl/fcl.h>

#include <memory>

#include "runner.hpp"

namespace {

std::shared_ptr<fcl::Convexd> convex(const std::vector<std::vector<double>> &pts) {
    auto vertices = std::make_shared<std::vector<fcl::Vector3d>>();
    for (auto &p : pts) vertices->emplace_back(p[0], p[1], p[2]);
    auto faces = std::make_shared<std::vector<int>>();
    return std::make_shared<fcl::Convexd>(vertices, 0, faces);
}

const char *solver_name(fcl::GJKSolverType t) { return t == fcl::GST_LIBCCD ? "GST_LIBCCD" : "GST_INDEP"; }

peer::Answer collide(fcl::GJKSolverType solver, bool contact, const peer::Case &c) {
    fcl::CollisionObjectd a(convex(c.a)), b(convex(c.b));
    fcl::CollisionRequestd request;
    request.gjk_solver_type = solver;
    request.enable_contact = contact;
    fcl::CollisionResultd result;
    fcl::collide(&a, &b, request, result);
    peer::Answer ans;
    ans.intersects = result.isCollision();
    if (contact) {
        ans.depth = result.numContacts() > 0 ? result.getContact(0).penetration_depth : 0.0;
        if (!result.isCollision()) ans.depth = 0.0;
    }
    return ans;
}

peer::Answer distance(fcl::GJKSolverType solver, const peer::Case &c) {
    fcl::CollisionObjectd a(convex(c.a)), b(convex(c.b));
    fcl::DistanceRequestd request;
    request.gjk_solver_type = solver;
    fcl::DistanceResultd result;
    fcl::distance(&a, &b, request, result);
    peer::Answer ans;
    // FCL returns a negative distance (-1) for colliding shapes unless
    // signed distances are asked for: read it as 0.
    ans.distance = result.min_distance < 0 ? 0.0 : result.min_distance;
    return ans;
}

}  // namespace

int main(int argc, char **argv) {
    std::vector<peer::Setting> settings;
    for (auto solver : {fcl::GST_LIBCCD, fcl::GST_INDEP}) {
        std::string s = solver_name(solver);
        fcl::CollisionRequestd cr;
        fcl::DistanceRequestd dr;
        std::string cdef = "CollisionRequest defaults (num_max_contacts=" + std::to_string(cr.num_max_contacts) +
                           ", gjk_tolerance=" + peer::field(cr.gjk_tolerance) + ") but gjk_solver_type=" + s;
        std::string ddef = "DistanceRequest defaults (enable_nearest_points=false, rel_err=" +
                           peer::field(dr.rel_err) + ", abs_err=" + peer::field(dr.abs_err) +
                           ", distance_tolerance=" + peer::field(dr.distance_tolerance) +
                           ", enable_signed_distance=false) but gjk_solver_type=" + s;
        settings.push_back({"collide/" + s, "intersects", "intersects = collide(..).isCollision(); " + cdef,
                            [solver](const peer::Case &c) { return collide(solver, false, c); }});
        settings.push_back({"collide+contact/" + s, "penetration_depth",
                            "penetration_depth = the first contact's penetration_depth (0 without "
                            "collision); " + cdef + ", enable_contact=true",
                            [solver](const peer::Case &c) { return collide(solver, true, c); }});
        settings.push_back({"distance/" + s, "distance", "distance = max(0, distance(..).min_distance); " + ddef,
                            [solver](const peer::Case &c) { return distance(solver, c); }});
    }
    return peer::main(argc, argv, settings);
}

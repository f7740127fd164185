// libccd 2.1 (Debian's libccd-dev) on point clouds: see runner.hpp for the
// protocol. Each shape is the convex hull of its points: the support
// function is a linear scan (the first point of largest dot product), the
// center (MPR) the mean of the points. Every setting uses CCD_INIT's
// defaults, untouched.
#include <ccd/ccd.h>
#include <ccd/vec3.h>

#include "runner.hpp"

namespace {

void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const auto &pts = *static_cast<const std::vector<std::vector<double>> *>(obj);
    size_t best = 0;
    double best_dot = -INFINITY;
    for (size_t i = 0; i < pts.size(); i++) {
        double d = pts[i][0] * dir->v[0] + pts[i][1] * dir->v[1] + pts[i][2] * dir->v[2];
        if (d > best_dot) {
            best_dot = d;
            best = i;
        }
    }
    ccdVec3Set(out, pts[best][0], pts[best][1], pts[best][2]);
}

void center(const void *obj, ccd_vec3_t *out) {
    const auto &pts = *static_cast<const std::vector<std::vector<double>> *>(obj);
    double s[3] = {0, 0, 0};
    for (auto &p : pts)
        for (int k = 0; k < 3; k++) s[k] += p[k];
    double n = (double)pts.size();
    ccdVec3Set(out, s[0] / n, s[1] / n, s[2] / n);
}

ccd_t init() {
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = support;
    ccd.support2 = support;
    ccd.center1 = center;
    ccd.center2 = center;
    return ccd;
}

const char *kDefaults =
    "CCD_INIT defaults: first_dir=ccdFirstDirDefault max_iterations=unbounded "
    "epa_tolerance=1e-4 mpr_tolerance=1e-4 dist_tolerance=1e-6; support: linear scan; "
    "center: mean of the points";

peer::Answer intersect(bool mpr, const peer::Case &c) {
    ccd_t ccd = init();
    peer::Answer a;
    a.intersects = (mpr ? ccdMPRIntersect(&c.a, &c.b, &ccd) : ccdGJKIntersect(&c.a, &c.b, &ccd)) != 0;
    return a;
}

// 0: intersecting, with a depth; -1: not intersecting (libccd's contract).
peer::Answer penetration(bool mpr, const peer::Case &c) {
    ccd_t ccd = init();
    ccd_real_t depth = 0;
    ccd_vec3_t dir, pos;
    int r = mpr ? ccdMPRPenetration(&c.a, &c.b, &ccd, &depth, &dir, &pos)
                : ccdGJKPenetration(&c.a, &c.b, &ccd, &depth, &dir, &pos);
    peer::Answer a;
    a.intersects = r == 0;
    a.depth = r == 0 ? (double)depth : 0.0;
    return a;
}

}  // namespace

int main(int argc, char **argv) {
    std::string d = kDefaults;
    std::vector<peer::Setting> settings = {
        {"ccdGJKIntersect", "intersects", "intersects = ccdGJKIntersect(..) != 0; " + d,
         [](const peer::Case &c) { return intersect(false, c); }},
        {"ccdMPRIntersect", "intersects", "intersects = ccdMPRIntersect(..) != 0; " + d,
         [](const peer::Case &c) { return intersect(true, c); }},
        {"ccdGJKPenetration", "intersects,penetration_depth",
         "intersects = (ccdGJKPenetration(..) == 0), penetration_depth = its depth (0 when it "
         "returns -1); " + d,
         [](const peer::Case &c) { return penetration(false, c); }},
        {"ccdMPRPenetration", "intersects,penetration_depth",
         "intersects = (ccdMPRPenetration(..) == 0), penetration_depth = its depth (0 when it "
         "returns -1); " + d,
         [](const peer::Case &c) { return penetration(true, c); }},
    };
    return peer::main(argc, argv, settings);
}

/* libccd's ccdGJKIntersect on two point clouds, for benches/versus.rs
 * (built by build.rs only with the `libccd` feature; Debian's libccd-dev,
 * double precision). The support function is the same linear scan as
 * this crate's ConvexHull (the first point of largest dot product); every
 * other setting is CCD_INIT's default, as in crates/gjk-peers. */
#include <math.h>
#include <stddef.h>
#include <ccd/ccd.h>
#include <ccd/vec3.h>

typedef struct {
    const double *xyz; /* n points, x y z each */
    size_t n;
} cloud_t;

static void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const cloud_t *c = (const cloud_t *)obj;
    size_t best = 0;
    double best_dot = -INFINITY;
    for (size_t i = 0; i < c->n; i++) {
        const double *p = c->xyz + 3 * i;
        double d = p[0] * dir->v[0] + p[1] * dir->v[1] + p[2] * dir->v[2];
        if (d > best_dot) {
            best_dot = d;
            best = i;
        }
    }
    const double *p = c->xyz + 3 * best;
    ccdVec3Set(out, p[0], p[1], p[2]);
}

/* 1 if libccd's GJK says the hulls intersect, 0 otherwise. */
int gjk_bench_ccd_gjk_intersect(const double *a, size_t na, const double *b, size_t nb) {
    cloud_t ca = {a, na}, cb = {b, nb};
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = support;
    ccd.support2 = support;
    return ccdGJKIntersect(&ca, &cb, &ccd) != 0;
}

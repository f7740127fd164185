// libFuzzer harness: the crate's generated hard pairs (through the C ABI,
// gjk_gen_pair) fed to libccd 2.1, each answer compared with the crate's
// exact one (gjk_certify for the relation, gjk_query for the depth).
//
// Built and run by `gjk-peers fuzz` (crates/gjk-peers/src/fuzz.rs):
//   clang++ -fsanitize=fuzzer -O1 ccd_fuzz.cpp libgjk_capi.a -lccd ...
//
// A disagreement does not stop the campaign: it is counted by kind
// ("bucket": setting, exact relation, libccd's answer, family) and the
// first case of each bucket is appended to $GJK_FUZZ_OUT/findings-<pid>.jsonl
// as a case line with libccd's answer in `expect`; the counts go to
// $GJK_FUZZ_OUT/counts-<pid>.txt every 100 executions and at exit. Each
// bucket is also its own branch below, so libFuzzer's coverage sees a new
// kind of disagreement as new coverage and keeps the input.
//
// libccd's settings: CCD_INIT's defaults (first_dir ccdFirstDirDefault,
// epa_tolerance 1e-4, mpr_tolerance 1e-4, dist_tolerance 1e-6) except
// max_iterations = 1000 (the default is unbounded: one endless loop would
// end the campaign). Supports: a linear scan over the points; centers: the
// mean of the points (MPR needs one).
#include <ccd/ccd.h>
#include <ccd/vec3.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

extern "C" {
#include "gjk.h"
}

namespace {

struct Cloud {
    std::vector<double> xyz;  // 3 per point
    size_t n() const { return xyz.size() / 3; }
};

void support(const void *obj, const ccd_vec3_t *dir, ccd_vec3_t *out) {
    const Cloud *c = static_cast<const Cloud *>(obj);
    size_t best = 0;
    double best_dot = -INFINITY;
    for (size_t i = 0; i < c->n(); i++) {
        double d = c->xyz[3 * i] * dir->v[0] + c->xyz[3 * i + 1] * dir->v[1] +
                   c->xyz[3 * i + 2] * dir->v[2];
        if (d > best_dot) {
            best_dot = d;
            best = i;
        }
    }
    ccdVec3Set(out, c->xyz[3 * best], c->xyz[3 * best + 1], c->xyz[3 * best + 2]);
}

void center(const void *obj, ccd_vec3_t *out) {
    const Cloud *c = static_cast<const Cloud *>(obj);
    double s[3] = {0, 0, 0};
    for (size_t i = 0; i < c->n(); i++)
        for (int k = 0; k < 3; k++) s[k] += c->xyz[3 * i + k];
    ccdVec3Set(out, s[0] / c->n(), s[1] / c->n(), s[2] / c->n());
}

// Kinds of disagreement, by setting.
enum Setting { GJK_INTERSECT, MPR_INTERSECT, GJK_PENETRATION, MPR_PENETRATION, SETTINGS };
const char *kSettingName[SETTINGS] = {"ccdGJKIntersect", "ccdMPRIntersect", "ccdGJKPenetration",
                                      "ccdMPRPenetration"};

std::map<std::string, uint64_t> counts;
uint64_t executions = 0, disagreements = 0;

std::string out_path(const char *what) {
    const char *dir = getenv("GJK_FUZZ_OUT");
    return std::string(dir ? dir : ".") + "/" + what + "-" + std::to_string(getpid()) +
           (std::string(what) == "findings" ? ".jsonl" : ".txt");
}

void dump_counts() {
    FILE *f = fopen(out_path("counts").c_str(), "w");
    if (!f) return;
    fprintf(f, "executions %llu\n", (unsigned long long)executions);
    for (auto &kv : counts) fprintf(f, "%s %llu\n", kv.first.c_str(), (unsigned long long)kv.second);
    fclose(f);
}

std::string points_json(const double *p, size_t n, size_t dim) {
    std::string s = "[";
    char buf[64];
    for (size_t i = 0; i < n; i++) {
        s += i ? ",[" : "[";
        for (size_t k = 0; k < dim; k++) {
            snprintf(buf, sizeof buf, "%s%.17g", k ? "," : "", p[dim * i + k]);
            s += buf;
        }
        s += "]";
    }
    return s + "]";
}

// The coverage trick: one branch per (setting, relation, answer).
__attribute__((noinline)) void mark(int setting, int relation, int answer) {
    static volatile int sink;
    switch (setting * 6 + relation * 2 + answer) {
#define CASE(n) \
    case n: sink = n; break;
        CASE(0) CASE(1) CASE(2) CASE(3) CASE(4) CASE(5) CASE(6) CASE(7) CASE(8) CASE(9) CASE(10)
        CASE(11) CASE(12) CASE(13) CASE(14) CASE(15) CASE(16) CASE(17) CASE(18) CASE(19)
        CASE(20) CASE(21) CASE(22) CASE(23)
#undef CASE
        default: break;
    }
}

const char *kRelation[3] = {"separated", "touching", "penetrating"};

void record(Setting s, GjkVerdict exact, bool theirs, const char *family, const GjkGenParams &p,
            const GjkPair &pair, const char *why, double their_depth, double exact_depth) {
    disagreements++;
    mark(s, (int)exact, theirs ? 1 : 0);
    std::string bucket = std::string(kSettingName[s]) + "/" + why + "/" + kRelation[exact] + "/" + family;
    if (counts[bucket]++ == 0) {
        FILE *f = fopen(out_path("findings").c_str(), "a");
        if (!f) return;
        char depth[160] = "";
        if (their_depth >= 0)
            snprintf(depth, sizeof depth, ",\"penetration_depth\":%.17g,\"exact_depth\":%.17g",
                     their_depth, exact_depth);
        fprintf(f,
                "{\"id\":\"fuzz-%s\",\"category\":\"%s\",\"a\":%s,\"b\":%s,\"expect\":{\"intersects\":%s%s},"
                "\"params\":{\"family\":\"%s\",\"dim\":%zu,\"seed\":%llu,\"scale_exp\":%d,\"spread\":%u,"
                "\"extra\":%zu,\"gap\":%lld,\"gap_bits\":%u}}\n",
                bucket.c_str(), bucket.c_str(), points_json(pair.a, pair.a_points, 3).c_str(),
                points_json(pair.b, pair.b_points, 3).c_str(), theirs ? "true" : "false", depth,
                family, p.dim, (unsigned long long)p.seed, p.scale_exp, p.spread, p.extra,
                (long long)p.gap, p.gap_bits);
        fclose(f);
    }
}

double ratio(const char *s) {
    const char *slash = strchr(s, '/');
    long double num = strtold(s, nullptr);
    long double den = slash ? strtold(slash + 1, nullptr) : 1.0L;
    return (double)(num / den);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
    atexit(dump_counts);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 16) return 0;
    GjkGenParams p;
    p.family = data[0] % gjk_gen_family_count();
    p.dim = 3;
    uint64_t seed = 0;
    memcpy(&seed, data + 1, 8);
    p.seed = seed;
    p.scale_exp = (int)(data[9] % 61) - 30;
    p.spread = 1 + data[10] % 10;
    p.extra = data[11] % 7;
    p.gap_bits = data[12] % 25;
    p.gap = 1 + (int64_t)((data[13] | (data[14] << 8)) % (1u << p.spread));
    GjkPair pair;
    if (gjk_gen_pair(&p, &pair) != GJK_STATUS_OK) {
        gjk_pair_free(&pair);
        return 0;
    }
    executions++;
    const char *family = gjk_gen_family_name(p.family);
    GjkVerdict exact;
    if (gjk_certify(pair.a, pair.a_points, pair.b, pair.b_points, 3, &exact) != GJK_STATUS_OK) {
        gjk_pair_free(&pair);
        return 0;
    }
    bool intersects = exact != GJK_VERDICT_SEPARATED;
    Cloud a{std::vector<double>(pair.a, pair.a + 3 * pair.a_points)};
    Cloud b{std::vector<double>(pair.b, pair.b + 3 * pair.b_points)};
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = support;
    ccd.support2 = support;
    ccd.center1 = center;
    ccd.center2 = center;
    ccd.max_iterations = 1000;

    bool gjk = ccdGJKIntersect(&a, &b, &ccd) != 0;
    if (gjk != intersects)
        record(GJK_INTERSECT, exact, gjk, family, p, pair, gjk ? "false-positive" : "false-negative", -1, 0);
    bool mpr = ccdMPRIntersect(&a, &b, &ccd) != 0;
    if (mpr != intersects)
        record(MPR_INTERSECT, exact, mpr, family, p, pair, mpr ? "false-positive" : "false-negative", -1, 0);

    // The penetration queries: their yes/no, and for penetrating pairs the
    // depth against the exact one (relative 1e-6).
    double exact_depth = 0;
    if (exact == GJK_VERDICT_PENETRATING) {
        GjkAnswer ans;
        if (gjk_query(pair.a, pair.a_points, pair.b, pair.b_points, 3, &ans) == GJK_STATUS_OK &&
            ans.penetration_depth_squared)
            exact_depth = std::sqrt(ratio(ans.penetration_depth_squared));
        gjk_answer_free(&ans);
    }
    for (Setting s : {GJK_PENETRATION, MPR_PENETRATION}) {
        ccd_real_t depth = 0;
        ccd_vec3_t dir, pos;
        int r = s == GJK_PENETRATION ? ccdGJKPenetration(&a, &b, &ccd, &depth, &dir, &pos)
                                     : ccdMPRPenetration(&a, &b, &ccd, &depth, &dir, &pos);
        bool says = r == 0;
        if (says != intersects) {
            record(s, exact, says, family, p, pair, says ? "false-positive" : "false-negative", -1, 0);
        } else if (exact == GJK_VERDICT_PENETRATING && exact_depth > 0 &&
                   std::fabs(depth - exact_depth) > 1e-6 * exact_depth) {
            record(s, exact, says, family, p, pair, depth < exact_depth ? "depth-too-small" : "depth-too-large",
                   depth, exact_depth);
        }
    }
    if (executions % 100 == 0) dump_counts();
    gjk_pair_free(&pair);
    return 0;
}

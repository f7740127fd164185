/* The C ABI from C and from C++: this file is compiled as both
 * (tests/c_abi.rs) and prints one line per check, then "N passed, M failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gjk.h"

static int passed = 0, failed = 0;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAILED: %s\n", what);
    }
}

static int is(const char *s, const char *want) { return s != NULL && strcmp(s, want) == 0; }

int main(void) {
    GjkAnswer ans;
    GjkVerdict v;
    GjkStatus st;
    printf("gjk-capi %s\n", gjk_version());

    /* Two tetrahedra: B is A moved by (1,1,1); the closest pair is the face
     * x+y+z = 1 of A and the vertex (1,1,1) of B: squared distance 4/3. */
    {
        double a[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        double b[] = {1, 1, 1, 2, 1, 1, 1, 2, 1, 1, 1, 2};
        st = gjk_query(a, 4, b, 4, 3, &ans);
        check(st == GJK_STATUS_OK, "tetrahedra: status ok");
        check(ans.verdict == GJK_VERDICT_SEPARATED, "tetrahedra: separated");
        check(is(ans.distance_squared, "4/3"), "tetrahedra: distance squared 4/3");
        check(ans.distance > 1.1547 && ans.distance < 1.1548, "tetrahedra: distance");
        check(ans.axis != NULL && ans.dim == 3, "tetrahedra: an axis");
        check(ans.penetration_depth_squared == NULL, "tetrahedra: no depth");
        check(ans.message == NULL, "tetrahedra: no message");
        printf("tetrahedra: %s, axis (%s, %s, %s)\n", ans.distance_squared, ans.axis[0],
               ans.axis[1], ans.axis[2]);
        gjk_answer_free(&ans);
        gjk_answer_free(&ans); /* twice is harmless */
        st = gjk_certify(a, 4, b, 4, 3, &v);
        check(st == GJK_STATUS_OK && v == GJK_VERDICT_SEPARATED, "tetrahedra: certified separated");
    }

    /* Unit squares sharing the edge x = 1: touching, normal along +x. */
    {
        double a[] = {0, 0, 1, 0, 1, 1, 0, 1};
        double b[] = {1, 0, 2, 0, 2, 1, 1, 1};
        st = gjk_query(a, 4, b, 4, 2, &ans);
        check(st == GJK_STATUS_OK && ans.verdict == GJK_VERDICT_TOUCHING, "squares: touching");
        check(is(ans.distance_squared, "0"), "squares: distance 0");
        check(ans.axis != NULL && is(ans.axis[1], "0") && ans.axis[0][0] != '-' &&
                  !is(ans.axis[0], "0"),
              "squares: normal along +x");
        gjk_answer_free(&ans);
        st = gjk_certify(a, 4, b, 4, 2, &v);
        check(st == GJK_STATUS_OK && v == GJK_VERDICT_TOUCHING, "squares: certified touching");
    }

    /* A cube of side 4 and a box sticking 1 into it: penetrating, depth^2 1. */
    {
        double a[] = {0, 0, 0, 4, 0, 0, 0, 4, 0, 4, 4, 0, 0, 0, 4, 4, 0, 4, 0, 4, 4, 4, 4, 4};
        double b[] = {3, 1, 1, 7, 1, 1, 3, 3, 1, 7, 3, 1, 3, 1, 3, 7, 1, 3, 3, 3, 3, 7, 3, 3};
        st = gjk_query(a, 8, b, 8, 3, &ans);
        check(st == GJK_STATUS_OK && ans.verdict == GJK_VERDICT_PENETRATING, "boxes: penetrating");
        check(is(ans.penetration_depth_squared, "1"), "boxes: depth squared 1");
        gjk_answer_free(&ans);
    }

    /* Doubles are read exactly: two segments 0.1 apart are at the square of
     * the double nearest 0.1, not at 1/100. */
    {
        double a[] = {0, 0, 0, 1};
        double b[] = {0.1, 0, 0.1, 1};
        st = gjk_query(a, 2, b, 2, 2, &ans);
        check(st == GJK_STATUS_OK && ans.verdict == GJK_VERDICT_SEPARATED, "0.1: separated");
        check(is(ans.distance_squared,
                 "12980742146337070512478121581609/1298074214633706907132624082305024"),
              "0.1: the exact square of the double 0.1");
        gjk_answer_free(&ans);
    }

    /* Errors: a status and a message, never a crash. */
    {
        double a[] = {0, 0};
        double nan_point[] = {0, 0};
        st = gjk_query(a, 1, a, 1, 9, &ans);
        check(st == GJK_STATUS_BAD_DIMENSION && ans.message != NULL, "dimension 9: bad dimension");
        gjk_answer_free(&ans);
        st = gjk_query(a, 0, a, 1, 2, &ans);
        check(st == GJK_STATUS_BAD_INPUT && ans.message != NULL, "no points: bad input");
        printf("no points: %s\n", ans.message);
        gjk_answer_free(&ans);
        st = gjk_query(NULL, 1, a, 1, 2, &ans);
        check(st == GJK_STATUS_NULL_POINTER, "null points: null pointer");
        gjk_answer_free(&ans);
        check(gjk_query(a, 1, a, 1, 2, NULL) == GJK_STATUS_NULL_POINTER, "null answer");
        nan_point[0] = strtod("nan", NULL);
        st = gjk_query(a, 1, nan_point, 1, 2, &ans);
        check(st == GJK_STATUS_BAD_INPUT, "NaN: bad input");
        gjk_answer_free(&ans);
    }

    /* The generators: a vertex touching a facet in 3D is touching. */
    {
        GjkGenParams p;
        GjkPair pair;
        size_t i, vf = gjk_gen_family_count();
        for (i = 0; i < gjk_gen_family_count(); i++) {
            if (strcmp(gjk_gen_family_name(i), "vertex-face") == 0) vf = i;
        }
        check(vf < gjk_gen_family_count(), "generators: vertex-face exists");
        check(gjk_gen_family_name(gjk_gen_family_count()) == NULL, "generators: null past the last");
        p.family = vf;
        p.dim = 3;
        p.seed = 7;
        p.scale_exp = 30;
        p.spread = 6;
        p.extra = 2;
        p.gap = 1;
        p.gap_bits = 0;
        st = gjk_gen_pair(&p, &pair);
        check(st == GJK_STATUS_OK && pair.a_points > 0 && pair.b_points > 0, "generators: a pair");
        st = gjk_certify(pair.a, pair.a_points, pair.b, pair.b_points, 3, &v);
        check(st == GJK_STATUS_OK && v == GJK_VERDICT_TOUCHING, "generators: vertex-face touches");
        gjk_pair_free(&pair);
        gjk_pair_free(&pair);
        p.spread = 99;
        check(gjk_gen_pair(&p, &pair) == GJK_STATUS_BAD_INPUT, "generators: bad params refused");
    }

    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

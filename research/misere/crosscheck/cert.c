/* Independent re-check of a misere quotient (Q, P, phi) given as data:
 * faithful for every sum of the heaps listed iff the misere rule
 *   Phi(w) in P  <=>  w has a move and no option of w has its Phi in P
 * holds on every state (Phi(w), D(w), hasmove(w)) reachable by adding heaps.
 * Input (stdin):
 *   CODE order ident pre per nimg
 *   table: order*order ints (row-major)
 *   nP then the P indices
 *   images phi(0..nimg-1)   (phi(n) for n >= nimg: phi(pre + (n - pre) % per))
 *   nheaps then the heaps to cover (any size; long long)
 * Output: number of distinct gammas, states, and the first violation if any.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

static int Q, ident, nimg;
static long long pre, per;
static int *tab, *img, isP[64];
static int t, dig[64];

static int phi(long long n) {
    if (n < nimg) return img[n];
    return img[pre + (n - pre) % per];
}
static int mul(int a, int b) { return tab[a * Q + b]; }

typedef struct { int e; uint64_t D; int mv; } Gam;

static Gam gamma_of(long long n) {
    uint64_t E = 0; int mv = 0;
    for (int k = 1; k <= t && k <= n; k++) {
        int d = dig[k]; long long r = n - k;
        if ((d & 1) && r == 0) { E |= 1ULL << ident; mv = 1; }
        if ((d & 2) && r >= 1) { E |= 1ULL << phi(r); mv = 1; }
        if ((d & 4) && r >= 2) {
            mv = 1;
            for (long long a = 1; a <= r / 2; a++) E |= 1ULL << mul(phi(a), phi(r - a));
        }
    }
    uint64_t D = 0;
    for (int e = 0; e < Q; e++) if (E >> e & 1)
        for (int z = 0; z < Q; z++) if (isP[mul(e, z)]) D |= 1ULL << z;
    Gam g = { phi(n), D, mv };
    return g;
}

/* state set */
typedef struct { int e; uint64_t D; int mv; } St;
static St *st; static uint64_t nst, stcap;
static uint64_t hcap; static int64_t *ht;
static uint64_t hs(St s) {
    uint64_t h = s.D * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)s.e << 1 | s.mv) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29; return h;
}
static int add(St s) {
    uint64_t i = hs(s) & (hcap - 1);
    while (ht[i] >= 0) {
        St *o = &st[ht[i]];
        if (o->e == s.e && o->D == s.D && o->mv == s.mv) return 0;
        i = (i + 1) & (hcap - 1);
    }
    if (nst >= stcap || nst * 2 > hcap) { fprintf(stderr, "too many states\n"); exit(3); }
    st[nst] = s; ht[i] = (int64_t)nst; nst++;
    return 1;
}

int main(void) {
    char code[80];
    if (scanf("%79s %d %d %lld %lld %d", code, &Q, &ident, &pre, &per, &nimg) != 6) return 2;
    if (Q > 64) { printf("order > 64 unsupported\n"); return 2; }
    t = (int)strlen(code + 2);
    for (int k = 1; k <= t; k++) dig[k] = code[1 + k] - '0';
    tab = malloc(sizeof(int) * Q * Q);
    for (int i = 0; i < Q * Q; i++) if (scanf("%d", &tab[i]) != 1) return 2;
    int nP; if (scanf("%d", &nP) != 1) return 2;
    for (int i = 0; i < nP; i++) { int x; if (scanf("%d", &x) != 1) return 2; isP[x] = 1; }
    img = malloc(sizeof(int) * nimg);
    for (int i = 0; i < nimg; i++) if (scanf("%d", &img[i]) != 1) return 2;
    int nh; if (scanf("%d", &nh) != 1) return 2;
    long long *heaps = malloc(sizeof(long long) * nh);
    for (int i = 0; i < nh; i++) if (scanf("%lld", &heaps[i]) != 1) return 2;
    /* monoid sanity: identity, commutative, associative */
    for (int a = 0; a < Q; a++) {
        if (mul(ident, a) != a || mul(a, ident) != a) { printf("FAIL identity\n"); return 1; }
        for (int b = 0; b < Q; b++) {
            if (mul(a, b) != mul(b, a)) { printf("FAIL commutative %d %d\n", a, b); return 1; }
            for (int c = 0; c < Q; c++)
                if (mul(mul(a, b), c) != mul(a, mul(b, c))) { printf("FAIL assoc %d %d %d\n", a, b, c); return 1; }
        }
    }
    /* distinct gammas */
    Gam *gs = malloc(sizeof(Gam) * (nh + 1)); int ng = 0;
    for (int i = 0; i < nh; i++) {
        Gam g = gamma_of(heaps[i]);
        int seen = 0;
        for (int j = 0; j < ng; j++) if (gs[j].e == g.e && gs[j].D == g.D && gs[j].mv == g.mv) { seen = 1; break; }
        if (!seen) gs[ng++] = g;
    }
    stcap = 1ULL << 23; hcap = 1ULL << 24;
    st = malloc(sizeof(St) * stcap); ht = malloc(8 * hcap); memset(ht, 0xff, 8 * hcap);
    St s0 = { ident, 0, 0 }; add(s0);
    for (uint64_t i = 0; i < nst; i++) {
        St s = st[i];
        /* rule */
        int p = isP[s.e], rule = s.mv && !(s.D >> ident & 1);
        if (p != rule) { printf("FAIL rule at state %llu: e=%d mv=%d D=%llx P=%d\n", (unsigned long long)i, s.e, s.mv, (unsigned long long)s.D, p); return 1; }
        for (int j = 0; j < ng; j++) {
            Gam g = gs[j];
            St n; n.e = mul(s.e, g.e); n.mv = s.mv | g.mv; n.D = 0;
            for (int z = 0; z < Q; z++) {
                if ((s.D >> mul(g.e, z) & 1) || (g.D >> mul(s.e, z) & 1)) n.D |= 1ULL << z;
            }
            add(n);
        }
    }
    printf("OK gammas %d states %llu\n", ng, (unsigned long long)nst);
    return 0;
}

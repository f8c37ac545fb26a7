/* Independent exhaustive misere solver for octal games.
 * usage: brute CODE  < positions (one per line, heaps separated by spaces)
 * prints N or P per line (N: player to move wins; terminal position = N in misere).
 * Octal code 0.d1d2...dt : d_k bit1 = take k leaving nothing, bit2 = take k leaving one
 * non-empty heap, bit4 = take k leaving two non-empty heaps.
 * Canonical position: heaps ascending, heaps with no legal move dropped (they are the
 * game 0, which changes no outcome).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define MAXH 255
#define MAXLEN 256
static int t;               /* number of digits */
static int dig[64];         /* dig[k] for k=1..t */
static int nomove[MAXH + 1];

/* hash table */
static uint64_t cap;        /* power of two */
static uint64_t *hkeys;     /* hash value (0 = empty) */
static uint32_t *hoff;      /* offset into arena of key, key[0]=len */
static uint8_t *hval;
static uint8_t *arena;
static uint64_t arena_used, arena_cap, nstates;

static uint64_t hashpos(const uint8_t *p, int n) {
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)n;
    for (int i = 0; i < n; i++) { h ^= p[i]; h *= 1099511628211ULL; }
    h ^= h >> 31; h *= 0x9E3779B97F4A7C15ULL; h ^= h >> 29;
    return h ? h : 1;
}

static int lookup(const uint8_t *p, int n, uint64_t h, uint64_t *slot) {
    uint64_t i = h & (cap - 1);
    for (;;) {
        if (hkeys[i] == 0) { *slot = i; return -1; }
        if (hkeys[i] == h) {
            const uint8_t *k = arena + hoff[i];
            if (k[0] == n && memcmp(k + 1, p, n) == 0) return hval[i];
        }
        i = (i + 1) & (cap - 1);
    }
}

static void store(uint64_t slot, const uint8_t *p, int n, uint64_t h, int v) {
    if (arena_used + n + 1 > arena_cap || nstates * 10 > cap * 7) {
        fprintf(stderr, "out of memo space (%llu states)\n", (unsigned long long)nstates);
        exit(3);
    }
    hkeys[slot] = h; hoff[slot] = (uint32_t)arena_used; hval[slot] = (uint8_t)v;
    arena[arena_used] = (uint8_t)n; memcpy(arena + arena_used + 1, p, n);
    arena_used += n + 1; nstates++;
}

/* build child: pos without index i, plus heaps a (and b if b>0), canonical */
static int child(const uint8_t *p, int n, int i, int a, int b, uint8_t *out) {
    int m = 0;
    uint8_t add[2]; int na = 0;
    if (a > 0 && !nomove[a]) add[na++] = (uint8_t)a;
    if (b > 0 && !nomove[b]) add[na++] = (uint8_t)b;
    if (na == 2 && add[0] > add[1]) { uint8_t x = add[0]; add[0] = add[1]; add[1] = x; }
    int j = 0;
    for (int k = 0; k < n; k++) {
        if (k == i) continue;
        while (j < na && add[j] <= p[k]) out[m++] = add[j++];
        out[m++] = p[k];
    }
    while (j < na) out[m++] = add[j++];
    return m;
}

/* returns 1 if player to move wins */
static int win(const uint8_t *p, int n) {
    if (n == 0) return 1; /* no move at all: misere, mover wins */
    uint64_t h = hashpos(p, n), slot;
    int v = lookup(p, n, h, &slot);
    if (v >= 0) return v;
    uint8_t buf[MAXLEN + 2];
    int res = 0;
    for (int i = 0; i < n && !res; i++) {
        if (i > 0 && p[i] == p[i - 1]) continue;
        int x = p[i];
        for (int k = 1; k <= t && k <= x && !res; k++) {
            int d = dig[k], r = x - k;
            if ((d & 1) && r == 0) {
                int m = child(p, n, i, 0, 0, buf);
                if (!win(buf, m)) res = 1;
            }
            if (!res && (d & 2) && r >= 1) {
                int m = child(p, n, i, r, 0, buf);
                if (!win(buf, m)) res = 1;
            }
            if ((d & 4) && r >= 2) {
                for (int a = 1; a <= r / 2 && !res; a++) {
                    int m = child(p, n, i, a, r - a, buf);
                    if (!win(buf, m)) res = 1;
                }
            }
        }
    }
    /* n>0 and all heaps have moves (canonical), so there was at least one move */
    /* but recompute lookup slot: table unchanged except by inserts; redo */
    v = lookup(p, n, h, &slot);
    if (v >= 0) return v;
    store(slot, p, n, h, res);
    return res;
}

static int cmpu8(const void *a, const void *b) { return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage\n"); return 2; }
    const char *code = argv[1];
    if (code[0] != '0' || code[1] != '.') { fprintf(stderr, "bad code\n"); return 2; }
    t = (int)strlen(code + 2);
    for (int k = 1; k <= t; k++) dig[k] = code[1 + k] - '0';
    int logcap = argc > 2 ? atoi(argv[2]) : 24;
    cap = 1ULL << logcap;
    hkeys = calloc(cap, 8); hoff = malloc(cap * 4); hval = malloc(cap);
    arena_cap = cap * 24; if (arena_cap > 0xF0000000ULL) arena_cap = 0xF0000000ULL;
    arena = malloc(arena_cap);
    if (!hkeys || !hoff || !hval || !arena) { fprintf(stderr, "alloc\n"); return 2; }
    for (int n = 0; n <= MAXH; n++) {
        int any = 0;
        for (int k = 1; k <= t && k <= n; k++) {
            int d = dig[k], r = n - k;
            if ((d & 1) && r == 0) any = 1;
            if ((d & 2) && r >= 1) any = 1;
            if ((d & 4) && r >= 2) any = 1;
        }
        nomove[n] = !any;
    }
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        uint8_t p[MAXLEN]; int n = 0;
        char *s = line, *e;
        for (;;) {
            long v = strtol(s, &e, 10);
            if (e == s) break;
            s = e;
            if (v < 0 || v > MAXH) { fprintf(stderr, "heap too big\n"); return 2; }
            if (v > 0 && !nomove[v]) p[n++] = (uint8_t)v;
        }
        qsort(p, n, 1, cmpu8);
        putchar(win(p, n) ? 'N' : 'P'); putchar('\n');
        fflush(stdout);
    }
    fprintf(stderr, "states %llu\n", (unsigned long long)nstates);
    return 0;
}

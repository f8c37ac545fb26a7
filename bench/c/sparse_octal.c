/* Reference: Grundy values G(0..N-1) of an octal game (or Grundy's game) by the
   sparse-space method exactly as nimlab's first kernel did it (kernels/sparse.py
   before issue 14): one core, int64 stamps, a (mask, domain, sigma) classification
   chosen on the first 128 values and re-chosen when rare heaps keep appearing, the
   splits with a rare heap enumerated, the missing dense values looked for among all
   splits 32 at a time in a bitset (one split digit) or one by one (several).
   Usage: sparse_octal CODE N, CODE an octal code such as 0.6 or 0.77, or "grundy".
   Prints the checksum sum((i+1)*G[i]) mod 2^64 and the seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WARM_UP 128
#define MASK_BITS 12

static int parity(long v) { return __builtin_parityl((unsigned long)v); }

static long digits[64], t, whole_k[64], one_k[64], split_k[64], n_whole, n_one, n_split;
static int unequal;

static void naive(uint32_t *out, long count) {
    static int64_t seen[1 << 16];
    memset(seen, -1, sizeof seen);
    for (long n = 0; n < count; n++) {
        for (long i = 0; i < n_whole; i++)
            if (whole_k[i] == n) seen[0] = n;
        for (long i = 0; i < n_one; i++)
            if (one_k[i] < n) seen[out[n - one_k[i]]] = n;
        for (long i = 0; i < n_split; i++) {
            long m = n - split_k[i];
            for (long a = 1; 2 * a <= m; a++) {
                if (unequal && 2 * a == m) continue;
                seen[out[a] ^ out[m - a]] = n;
            }
        }
        uint32_t g = 0;
        while (seen[g] == n) g++;
        out[n] = g;
    }
}

static void choose(const uint32_t *out, long n, long *mask_o, int *domain_o, int *sigma_o) {
    long top = 0;
    for (long a = 1; a < n; a++)
        if (out[a] > top) top = out[a];
    int bits = 0;
    while ((1L << bits) <= top) bits++;
    if (bits > MASK_BITS) bits = MASK_BITS;
    long size = 1L << bits;
    int64_t *hist = calloc(2 * size, sizeof *hist);
    for (long a = 1; a < n; a++) hist[2 * (out[a] & (size - 1)) + (a & 1)]++;
    int domain_sigma = -1;
    if (n_split > 0) {
        domain_sigma = split_k[0] & 1;
        for (long i = 0; i < n_split; i++)
            if ((split_k[i] & 1) != domain_sigma) domain_sigma = -1;
    }
    long best_rare = n + 1, best_mask = 0;
    int best_domain = 0, best_sigma = 0;
    for (long mask = 1; mask < size; mask++)
        for (int domain = 0; domain < 2; domain++) {
            if (domain && domain_sigma < 0) continue;
            int sigma = domain ? domain_sigma : 0;
            long rare = 0;
            for (long v = 0; v < size; v++) {
                int pv = parity(v & mask);
                for (int par = 0; par < 2; par++)
                    if ((pv ^ (domain ? par : 0)) == sigma) rare += hist[2 * v + par];
            }
            if (rare < best_rare) {
                best_rare = rare;
                best_mask = mask;
                best_domain = domain;
                best_sigma = sigma;
            }
        }
    free(hist);
    *mask_o = best_mask;
    *domain_o = best_domain;
    *sigma_o = best_sigma;
}

static int is_rare(long value, long a, long mask, int domain, int sigma) {
    return (parity(value & mask) ^ (domain ? (a & 1) : 0)) == sigma;
}

static long witnesses_one(const uint32_t *out, int64_t *stamp, long stamp_len, long n, long m,
                          long c) {
    long half = m / 2;
    if (unequal && 2 * half == m) half--;
    long words = (stamp_len >> 6) + 1;
    uint64_t *needed = calloc(words, 8), *seen = calloc(words, 8);
    for (long v = 0; v < c; v++)
        if (stamp[v] != n) needed[v >> 6] |= 1ULL << (v & 63);
    long top_word = (c >> 6) + 1;
    long a = 1;
    while (a <= half) {
        long stop = a + 32 < half + 1 ? a + 32 : half + 1;
        for (long i = a; i < stop; i++) {
            uint64_t x = out[i] ^ out[m - i];
            seen[x >> 6] |= 1ULL << (x & 63);
        }
        a = stop;
        int done = 1;
        for (long w = 0; w < top_word; w++)
            if (needed[w] & ~seen[w]) {
                done = 0;
                break;
            }
        if (done) break;
    }
    for (long v = 0; v < c; v++)
        if (seen[v >> 6] & (1ULL << (v & 63))) stamp[v] = n;
    free(needed);
    free(seen);
    return a;
}

static void witnesses(const uint32_t *out, int64_t *stamp, long n, long c, long missing) {
    for (long a = 1; missing > 0 && 2 * a <= n; a++)
        for (long i = 0; i < n_split; i++) {
            long m = n - split_k[i];
            if (2 * a > m || (unequal && 2 * a == m)) continue;
            long x = out[a] ^ out[m - a];
            if (x < c && stamp[x] != n) {
                stamp[x] = n;
                missing--;
            }
        }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: sparse_octal CODE N\n");
        return 2;
    }
    long count = atol(argv[2]);
    if (strcmp(argv[1], "grundy") == 0) {
        t = 1;
        digits[0] = 4;
        unequal = 1;
    } else {
        const char *s = argv[1];
        digits[0] = s[0] - '0';
        t = 1;
        for (s += 2; *s; s++) digits[t++] = *s - '0';
    }
    for (long k = 0; k < t; k++) {
        if (k >= 1 && (digits[k] & 1)) whole_k[n_whole++] = k;
        if (k >= 1 && (digits[k] & 2)) one_k[n_one++] = k;
        if (digits[k] & 4) split_k[n_split++] = k;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint32_t *out = calloc(count, sizeof *out);
    long warm = count < WARM_UP ? count : WARM_UP;
    naive(out, warm);
    long top = 0;
    for (long a = 0; a < warm; a++)
        if (out[a] > top) top = out[a];
    long limit = 1;
    while (limit <= top) limit *= 2;
    long stamp_len = limit + 1;
    int64_t *stamp = malloc(stamp_len * sizeof *stamp);
    for (long v = 0; v < stamp_len; v++) stamp[v] = -1;
    long mask;
    int domain, sigma;
    choose(out, warm, &mask, &domain, &sigma);
    long rare_cap = 64, n_rare = 0;
    long *rare = malloc(rare_cap * sizeof *rare);
    for (long a = 1; a < warm; a++)
        if (is_rare(out[a], a, mask, domain, sigma)) {
            if (n_rare == rare_cap) rare = realloc(rare, (rare_cap *= 2) * sizeof *rare);
            rare[n_rare++] = a;
        }
    long chosen_at = warm, rare_at_choice = n_rare;
    for (long n = warm; n < count; n++) {
        for (long i = 0; i < n_whole; i++)
            if (whole_k[i] == n) stamp[0] = n;
        for (long i = 0; i < n_one; i++)
            if (one_k[i] < n) stamp[out[n - one_k[i]]] = n;
        for (long i = 0; i < n_split; i++) {
            long m = n - split_k[i];
            for (long j = 0; j < n_rare; j++) {
                long a = rare[j];
                if (a >= m) break;
                if (unequal && 2 * a == m) continue;
                stamp[out[a] ^ out[m - a]] = n;
            }
        }
        long missing = 0, c = limit;
        for (long v = 0; v < limit; v++) {
            if (stamp[v] == n) continue;
            int dense = 0, pv = parity(v & mask);
            for (long i = 0; i < n_split; i++) {
                long m = n - split_k[i];
                if (m >= (unequal ? 3 : 2) && pv == (domain ? (m & 1) : 0)) dense = 1;
            }
            if (!dense) {
                c = v;
                break;
            }
            missing++;
        }
        if (missing > 0) {
            if (n_split == 1)
                witnesses_one(out, stamp, stamp_len, n, n - split_k[0], c);
            else
                witnesses(out, stamp, n, c, missing);
        }
        long g = c;
        for (long v = 0; v < c; v++)
            if (stamp[v] != n) {
                g = v;
                break;
            }
        out[n] = (uint32_t)g;
        if (g >= limit) {
            limit *= 2;
            stamp = realloc(stamp, (limit + 1) * sizeof *stamp);
            for (long v = stamp_len; v < limit + 1; v++) stamp[v] = -1;
            stamp_len = limit + 1;
        }
        if (is_rare(g, n, mask, domain, sigma)) {
            if (n_rare == rare_cap) rare = realloc(rare, (rare_cap *= 2) * sizeof *rare);
            rare[n_rare++] = n;
            if (n_rare > 2 * rare_at_choice + 32 && n >= 2 * chosen_at) {
                choose(out, n + 1, &mask, &domain, &sigma);
                n_rare = 0;
                for (long a = 1; a <= n; a++)
                    if (is_rare(out[a], a, mask, domain, sigma)) {
                        if (n_rare == rare_cap)
                            rare = realloc(rare, (rare_cap *= 2) * sizeof *rare);
                        rare[n_rare++] = a;
                    }
                chosen_at = n;
                rare_at_choice = n_rare;
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uint64_t sum = 0;
    for (long i = 0; i < count; i++) sum += (uint64_t)out[i] * (uint64_t)(i + 1);
    printf("%llu %.4f\n", (unsigned long long)sum,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    free(out);
    free(stamp);
    free(rare);
    return 0;
}

/* Reference: Grundy table of Wythoff's game, N x N, by line and diagonal bitsets
   (cells in order of a + b; mex = first zero bit of the union). Usage: wythoff N.
   Prints the checksum sum((i+1)·G[i]) mod 2^64 and the seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    long top = n - 1, words = (3 * top + 2) / 64 + 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint16_t *g = malloc(n * n * sizeof(uint16_t));
    uint64_t *lines = calloc(n * words, 8), *diags = calloc(n * words, 8);
    for (long total = 0; total <= 2 * top; total++) {
        long lo = total - top > 0 ? total - top : 0;
        for (long a = lo; a <= total / 2; a++) {
            long b = total - a;
            uint64_t *la = lines + a * words, *lb = lines + b * words, *d = diags + (b - a) * words;
            long v = words * 64;
            for (long i = 0; i < words; i++) {
                uint64_t w = la[i] | lb[i] | d[i];
                if (w != ~0ULL) { v = i * 64 + __builtin_ctzll(~w); break; }
            }
            g[a * n + b] = g[b * n + a] = (uint16_t)v;
            uint64_t bit = 1ULL << (v & 63);
            la[v >> 6] |= bit; lb[v >> 6] |= bit; d[v >> 6] |= bit;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uint64_t sum = 0;
    for (long i = 0; i < n * n; i++) sum += (uint64_t)g[i] * (uint64_t)(i + 1);
    printf("%llu %.4f\n", (unsigned long long)sum,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    return 0;
}

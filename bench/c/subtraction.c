/* Reference: Grundy values G(0..N-1) of a subtraction game, bitset mex, uint8 values.
   Usage: subtraction N s1 s2 ... (S sorted, |S| <= 63). Prints the checksum sum((i+1)·G[i]) mod 2^64 and the seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    int k = argc - 2;
    long s[64];
    for (int i = 0; i < k; i++) s[i] = atol(argv[i + 2]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint8_t *g = malloc(n);
    long top = s[k - 1];
    for (long i = 0; i < n && i < top; i++) {
        uint64_t seen = 0;
        for (int j = 0; j < k && s[j] <= i; j++) seen |= 1ULL << g[i - s[j]];
        g[i] = (uint8_t)__builtin_ctzll(~seen);
    }
    for (long i = top; i < n; i++) {
        uint64_t seen = 0;
        for (int j = 0; j < k; j++) seen |= 1ULL << g[i - s[j]];
        g[i] = (uint8_t)__builtin_ctzll(~seen);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    uint64_t sum = 0;
    for (long i = 0; i < n; i++) sum += (uint64_t)g[i] * (uint64_t)(i + 1);
    printf("%llu %.4f\n", (unsigned long long)sum,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    free(g);
    return 0;
}

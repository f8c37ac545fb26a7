/* Reference: the proven (preperiod, period) of every 3-element subtraction set ⊆ {1..M},
   the algorithm of nimlab.kernels.subtraction_sets (bitset mex; values in doubling lengths
   from max(64, 4·max S); the least period p whose run G(n+p) = G(n) from the end covers
   max S values; its least divisor that is a period of one block).
   Usage: subtraction_sets M. Prints the checksum sum over sets of (preperiod·7 + period)
   mod 2^64 and the seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint8_t g[1 << 20];

static void extend(const long *s, int k, long from, long to) {
    long top = s[k - 1];
    for (long n = from; n < to; n++) {
        uint64_t seen = 0;
        for (int j = 0; j < k; j++)
            if (s[j] <= n || n >= top) seen |= 1ULL << g[n - s[j]];
        g[n] = (uint8_t)__builtin_ctzll(~seen);
    }
}

static void period(const long *s, int k, long *pre, long *per) {
    long top = s[k - 1], length = top * 4 > 64 ? top * 4 : 64, done = 0;
    for (;;) {
        extend(s, k, done, length);
        done = length;
        for (long p = 1; p <= length / 2; p++) {
            long n = length - p - 1;
            while (n >= 0 && g[n + p] == g[n]) n--;
            long n0 = n + 1;
            if (length - p - n0 >= top) {
                long d = p;
                for (long e = 1; e < p; e++) {
                    if (p % e) continue;
                    int ok = 1;
                    for (long i = 0; i < p && ok; i++) ok = g[n0 + i] == g[n0 + (i + e) % p];
                    if (ok) { d = e; break; }
                }
                *pre = n0;
                *per = d;
                return;
            }
        }
        length *= 2;
    }
}

int main(int argc, char **argv) {
    long m = atol(argv[1]);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t sum = 0;
    for (long a = 1; a <= m; a++)
        for (long b = a + 1; b <= m; b++)
            for (long c = b + 1; c <= m; c++) {
                long s[3] = {a, b, c}, pre, per;
                period(s, 3, &pre, &per);
                sum += (uint64_t)pre * 7 + (uint64_t)per;
            }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%llu %.4f\n", (unsigned long long)sum,
           (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    return 0;
}

/* Reference: P-positions <a,b,c>, 1 <= a <= b <= c <= N, of 3-heap Split-and-delete Nim
   (split one heap in two, delete one heap). Positions in order of c, then a + b; a move is
   checked in O(1): reducing a heap against partner[pair] (Proposition 4 of seed 001: at most
   one partner), splitting heap h while keeping u against keeps[h][u] (a P-position with a pair
   summing to h and third heap u). Usage: split_delete3 N. Prints the count and the seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    long top = atol(argv[1]), n = top + 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int32_t *partner = calloc(n * n, 4);
    uint8_t *keeps = calloc(n * n, 1), *kept = calloc(n * n, 1);
    long count = 0, checksum = 0;
#define P(x, y) partner[(x) * n + (y)]
#define K(x, y) keeps[(x) * n + (y)]
#define T(x, y) kept[(x) * n + (y)]
    for (long c = 1; c <= top; c++)
        for (long s = 2; s <= 2 * c; s++)
            for (long a = (s - c > 1 ? s - c : 1); a <= s / 2; a++) {
                long b = s - a;
                if (P(a, b) || P(c, a) || P(c, b)) continue;
                if (K(a, b) || K(a, c) || T(a, b) || T(c, b) || K(c, a) || K(c, b)) continue;
                count++;
                checksum = checksum * 31 + a * 1000003 + b * 1009 + c;
                P(a, b) = P(b, a) = c; P(a, c) = P(c, a) = b; P(b, c) = P(c, b) = a;
                if (a + b <= top) K(a + b, c) = T(c, a + b) = 1;
                if (a + c <= top) K(a + c, b) = T(b, a + c) = 1;
                if (b + c <= top) K(b + c, a) = T(a, b + c) = 1;
            }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%ld %.4f\n", count, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    return 0;
}

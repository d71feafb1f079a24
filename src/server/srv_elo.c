/*
 * srv_elo.c - the ladder's rating formula (docs/SERVER.md "The ladder"): Elo, taken
 * pairwise over a game's final ranking, so that a game of several players counts as
 * one game against each other seat, scaled so that a whole game moves a rating by at
 * most K as a two-player game does.
 *
 *   E(i, j)  = 1 / (1 + 10^((R_j - R_i) / 400))        i's expected result against j
 *   S(i, j)  = 1 if i scored more than j, 1/2 if as much, 0 if less
 *   delta_i  = round(K / (n - 1) * sum over j != i of (S(i, j) - E(i, j)))
 *
 * Ratings are integers; rounding is half away from zero. A pure function: the server
 * and its tests compute the same numbers.
 */
#include <math.h>

#include "srv_int.h"

void srv_elo_deltas(int n, const int *rating, const int *score, int k, int *delta, int *rank)
{
    for (int i = 0; i < n; i++) {
        double sum = 0;
        rank[i] = 1;
        for (int j = 0; j < n; j++) {
            if (j == i)
                continue;
            double e = 1.0 / (1.0 + pow(10.0, (rating[j] - rating[i]) / 400.0));
            double s = score[i] > score[j] ? 1.0 : score[i] == score[j] ? 0.5 : 0.0;
            sum += s - e;
            rank[i] += score[j] > score[i];
        }
        double d = n > 1 ? k * sum / (n - 1) : 0;
        delta[i] = (int)(d < 0 ? d - 0.5 : d + 0.5);
    }
}

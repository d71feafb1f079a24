/*
 * match_stats.c - the statistics of a match between computer players (`carc arena`):
 * pure functions of counts, no state, so that a known sequence of results has a
 * known answer (tests/test_match_stats.c).
 *
 * A two-player match is counted in units: a game (trinomial: the first player's
 * points 0, 1/2 for a shared victory, 1), or with seats swapped a pair of games on
 * one seed (pentanomial: 0, 1/2, 1, 3/2 or 2 points of 2). The score of a unit is
 * its points over its games, x in [0, 1]; the Elo is the logistic one of the mean
 * score, 400 log10(mu / (1 - mu)); its interval is mu +- 1.96 sigma / sqrt(N), with
 * sigma the standard deviation of the units' scores, mapped through the same curve.
 * The sequential test is the GSPRT of chess engine testing (M. Van den Bergh's
 * normal approximation, as in fishtest and cutechess-cli, with logistic Elo bounds):
 *
 *     LLR = N (mu1 - mu0) (2 mu - mu0 - mu1) / (2 sigma^2)
 *
 * where mu0, mu1 are the scores that ELO0 and ELO1 imply; it accepts H1 when LLR
 * reaches log((1 - beta) / alpha), H0 when it falls to log(beta / (1 - alpha)).
 * Pairs keep the tile luck two games share out of sigma, so the test decides with
 * fewer games. A count of 0 is taken as 0.001 in mu and sigma (fishtest's
 * regularisation), so that a match won every time has a finite Elo and LLR; but
 * the test decides nothing while a single kind of outcome has been seen (one game
 * won would otherwise carry an LLR of 11: sigma would be the regularisation's), nor
 * before CARC_SPRT_MIN_UNITS units (3 pairs, one shared, once refused +50 with an
 * LLR of -3.07: the spread of so few units says little).
 */
#include <math.h>
#include "ai_int.h"

static const double z95 = 1.96;

void carc_wilson(double p, double n, double *lo, double *hi)
{
    const double z2 = z95 * z95;
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z95 / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    *lo = fmax(0, centre - half);
    *hi = fmin(1, centre + half);
}

double carc_share_elo(double wins, double n, int players)
{
    double q = (wins + 1.0 / players) / (n + 1);
    return 400.0 * log10(q * (players - 1) / (1 - q));
}

double carc_logistic_elo(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return 400.0 * log10(score / (1 - score));
}

double carc_elo_score(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

/* How many outcomes a unit has: 3 for a game, 5 for a pair. */
static int stats_kinds(const carc_match_tally *t)
{
    return t->paired ? 5 : 3;
}

long carc_tally_units(const carc_match_tally *t)
{
    long n = 0;
    for (int i = 0; i < stats_kinds(t); i++)
        n += t->count[i];
    return n;
}

/* The regularised mean and variance of the units' scores; 0 when there is no unit. */
static int stats_moments(const carc_match_tally *t, double *mu, double *var)
{
    int k = stats_kinds(t);
    double n = 0, sum = 0, sq = 0;
    if (carc_tally_units(t) == 0)
        return 0;
    for (int i = 0; i < k; i++) {
        double c = t->count[i] > 0 ? (double)t->count[i] : 1e-3;
        double x = (double)i / (k - 1);
        n += c;
        sum += c * x;
        sq += c * x * x;
    }
    *mu = sum / n;
    *var = fmax(sq / n - *mu * *mu, 1e-12);
    return 1;
}

int carc_match_elo(const carc_match_tally *t, carc_elo_estimate *out)
{
    double mu, var;
    if (!stats_moments(t, &mu, &var))
        return -1;
    double half = z95 * sqrt(var / (double)carc_tally_units(t));
    out->score = mu;
    out->elo = carc_logistic_elo(mu);
    out->elo_lo = carc_logistic_elo(mu - half);
    out->elo_hi = carc_logistic_elo(mu + half);
    return 0;
}

int carc_sprt_check(const carc_sprt *s, const carc_match_tally *t, carc_sprt_state *out)
{
    double mu, var;
    out->lower = log(s->beta / (1 - s->alpha));
    out->upper = log((1 - s->beta) / s->alpha);
    out->llr = 0;
    out->decision = 0;
    if (!stats_moments(t, &mu, &var))
        return 0;
    double mu0 = carc_elo_score(s->elo0), mu1 = carc_elo_score(s->elo1);
    out->llr = (double)carc_tally_units(t) * (mu1 - mu0) * (2 * mu - mu0 - mu1) / (2 * var);
    int kinds = 0;
    for (int i = 0; i < stats_kinds(t); i++)
        kinds += t->count[i] > 0;
    /* sigma is still the regularisation's, not the match's, or a guess from a handful
     * of units on which the normal approximation decides on little */
    if (kinds < 2 || carc_tally_units(t) < CARC_SPRT_MIN_UNITS)
        return 0;
    if (out->llr >= out->upper)
        out->decision = 1;
    else if (out->llr <= out->lower)
        out->decision = -1;
    return out->decision;
}

void carc_mean_interval(double sum, double sumsq, long n, double *mean, double *half)
{
    if (n <= 0) {
        *mean = 0;
        *half = INFINITY;
        return;
    }
    *mean = sum / (double)n;
    if (n < 2) {
        *half = INFINITY;
        return;
    }
    double var = (sumsq - sum * sum / (double)n) / (double)(n - 1);
    *half = z95 * sqrt(fmax(var, 0) / (double)n);
}

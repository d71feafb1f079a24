/*
 * cmd_tiles.c - `carc tiles [--json] [--expansions LIST]`: the tile catalogue, as a
 * table built from carc_tile_def_of, or as the JSON of carc_tiles_json; with
 * --expansions only the kinds a game of that set plays with, counted in that set
 * (carc_tile_count, carc_tiles_json_set).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static const char tiles_usage[] =
    "usage: carc tiles [--json] [--expansions LIST]\n"
    "\n"
    "Prints the tile kinds: the base game's 24 (A..X, docs/RULES.md §0), then those of\n"
    "Inns & Cathedrals (IC/...), Traders & Builders (TB/...), The River (RI/s, RI.1/...)\n"
    "and the garden tiles of The Abbot (names ending in g or G: Eg, IC/CCCCG).\n"
    "\n"
    "  --json              the catalogue as one JSON array (the record layer's\n"
    "                      carc_tiles_json)\n"
    "  --expansions LIST   only the kinds a game with these expansions plays with\n"
    "                      (base, or any of gifts,christmas,inns,traders,river,\n"
    "                      abbot,dragon,tower,abbey), with their counts in that game\n"
    "  --help              this text\n"
    "\n"
    "The table shows per kind: name, count, edges N E S W (C city, R road, F field,\n"
    "W river), pennant, cloister and the segments as printed (rotation 0): city and\n"
    "road segments by their edges ('*' marks a road that ends on the tile), field\n"
    "segments by their half-edges with the city segments they border ('>c0'), the\n"
    "inner field as I, a garden as G; then in brackets an inn, a cathedral, a pennant\n"
    "or goods on the segment. A river is no segment: it shows only in the edges.\n";

/* Appends the ports of a segment ("N+E", "NW+NE") to sb. */
static void seg_ports(strbuf *sb, const carc_segment_def *s)
{
    int i, first = 1;
    if (s->type == CARC_FEAT_CLOISTER || s->type == CARC_FEAT_GARDEN) {
        sb_puts(sb, s->type == CARC_FEAT_CLOISTER ? "C" : "G");
        return;
    }
    for (i = 0; i < (s->type == CARC_FEAT_FIELD ? 8 : 4); i++) {
        if (!(s->mask & (1u << i)))
            continue;
        if (!first)
            sb_putc(sb, '+');
        sb_puts(sb, carc_port_name(s->type == CARC_FEAT_FIELD ? CARC_PORT_NW + i : i));
        first = 0;
    }
}

/* Appends " [inn]", " [cathedral,wine]"... for a segment's marks. */
static void seg_marks(strbuf *sb, const carc_segment_def *s)
{
    const char *marks[4];
    int n = 0, i;
    if (s->flags & CARC_SEG_INN)
        marks[n++] = "inn";
    if (s->flags & CARC_SEG_CATHEDRAL)
        marks[n++] = "cathedral";
    if (s->flags & CARC_SEG_PENNANT)
        marks[n++] = "pennant";
    if (s->goods > 0 && carc_goods_name(s->goods - 1))
        marks[n++] = carc_goods_name(s->goods - 1);
    for (i = 0; i < n; i++)
        sb_printf(sb, "%s%s", i ? "," : "[", marks[i]);
    if (n)
        sb_putc(sb, ']');
}

/* The table: every kind (all), or those of the set with their counts in it. */
static void print_table(int all, unsigned expansions)
{
    static const char edge_ch[] = {'F', 'C', 'R', 'W'};
    int k, i;
    printf("%-9s %2s  %-7s  %-3s %-3s  %s\n", "id", "#", "N E S W", "pen", "clo",
           "segments; description");
    for (k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        int city = 0, inner = 0, count;
        strbuf sb;
        if (!d)
            continue;
        count = all ? d->count : carc_tile_count(expansions, k);
        if (count == 0 && !all)  /* the catalogue lists a kind never in a stack (AM/A) */
            continue;
        sb_init(&sb, 0);
        for (i = 0; i < d->nseg; i++) {
            const carc_segment_def *s = &d->seg[i];
            sb_puts(&sb, i ? " " : "");
            sb_puts(&sb, carc_feature_name(s->type));
            sb_putc(&sb, ':');
            seg_ports(&sb, s);
            if (s->type == CARC_FEAT_FIELD && s->mask == 0)  /* I, then I2 (AM12) */
                sb_puts(&sb, carc_port_name(inner++ ? CARC_PORT_I2 : CARC_PORT_I));
            if (s->type == CARC_FEAT_CITY)
                sb_printf(&sb, "=c%d", city++);
            if (s->type == CARC_FEAT_ROAD && s->ends)
                sb_putc(&sb, '*');
            if (s->type == CARC_FEAT_FIELD && s->cities) {
                int c, first = 1;
                sb_putc(&sb, '>');
                for (c = 0; c < 8; c++)
                    if (s->cities & (1u << c)) {
                        sb_printf(&sb, "%sc%d", first ? "" : ",", c);
                        first = 0;
                    }
            }
            seg_marks(&sb, s);
        }
        printf("%-9s %2d  %c %c %c %c  %-3s %-3s  %s; %s\n", d->name, count,
               edge_ch[d->edges[0] % 4], edge_ch[d->edges[1] % 4], edge_ch[d->edges[2] % 4],
               edge_ch[d->edges[3] % 4], d->pennant ? "yes" : "-", d->cloister ? "yes" : "-",
               sb_str(&sb) ? sb_str(&sb) : "", d->description ? d->description : "");
        sb_free(&sb);
    }
}

int cmd_tiles(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},
        {"expansions", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int json = 0, opt, all = 1;
    unsigned expansions = 0;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":je:h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'j': json = 1; break;
        case 'e':
            if (cli_expansions("tiles", "--expansions", optarg, &expansions))
                return EXIT_USAGE;
            all = 0;
            break;
        case 'h': fputs(tiles_usage, stdout); return 0;
        default: cli_bad_option("tiles", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_extra_arg("tiles", argv[optind]);
        return EXIT_USAGE;
    }
    if (json) {
        char *s = all ? carc_tiles_json() : carc_tiles_json_set(expansions);
        if (!s) {
            cli_error("tiles", "out of memory");
            return 1;
        }
        puts(s);
        free(s);
    } else {
        print_table(all, expansions);
    }
    return 0;
}

/*
 * cmd_tiles.c - `carc tiles [--json]`: the tile catalogue, as a table built from
 * carc_tile_def_of, or as the JSON of carc_tiles_json.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static const char tiles_usage[] =
    "usage: carc tiles [--json]\n"
    "\n"
    "Prints the 24 tile kinds of the base game (docs/RULES.md §0).\n"
    "\n"
    "  --json    the catalogue as one JSON array (the record layer's carc_tiles_json)\n"
    "  --help    this text\n"
    "\n"
    "The table shows per kind: letter, count, edges N E S W (C city, R road, F field),\n"
    "pennant, cloister and the segments as printed (rotation 0): city and road\n"
    "segments by their edges ('*' marks a road that ends on the tile), field segments\n"
    "by their half-edges with the city segments they border ('>c0').\n";

/* Appends the ports of a segment ("N+E", "NW+NE") to sb. */
static void seg_ports(strbuf *sb, const carc_segment_def *s)
{
    int i, first = 1;
    if (s->type == CARC_FEAT_CLOISTER) {
        sb_puts(sb, "C");
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

static void print_table(void)
{
    static const char edge_ch[] = {'F', 'C', 'R'};
    int k, i;
    printf("%-2s %2s  %-7s  %-3s %-3s  %s\n", "id", "#", "N E S W", "pen", "clo",
           "segments; description");
    for (k = 0; k < CARC_TILE_KINDS; k++) {
        const carc_tile_def *d = carc_tile_def_of(k);
        int city = 0;
        strbuf sb;
        if (!d)
            continue;
        sb_init(&sb, 0);
        for (i = 0; i < d->nseg; i++) {
            const carc_segment_def *s = &d->seg[i];
            sb_puts(&sb, i ? " " : "");
            sb_puts(&sb, carc_feature_name(s->type));
            sb_putc(&sb, ':');
            seg_ports(&sb, s);
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
        }
        printf("%-2c %2d  %c %c %c %c  %-3s %-3s  %s; %s\n", d->letter, d->count,
               edge_ch[d->edges[0] % 3], edge_ch[d->edges[1] % 3], edge_ch[d->edges[2] % 3],
               edge_ch[d->edges[3] % 3], d->pennant ? "yes" : "-", d->cloister ? "yes" : "-",
               sb_str(&sb) ? sb_str(&sb) : "", d->description ? d->description : "");
        sb_free(&sb);
    }
}

int cmd_tiles(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int json = 0, opt;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":jh", longopts, NULL)) != -1) {
        switch (opt) {
        case 'j': json = 1; break;
        case 'h': fputs(tiles_usage, stdout); return 0;
        default: cli_bad_option("tiles", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_extra_arg("tiles", argv[optind]);
        return EXIT_USAGE;
    }
    if (json) {
        char *s = carc_tiles_json();
        if (!s) {
            cli_error("tiles", "out of memory");
            return 1;
        }
        puts(s);
        free(s);
    } else {
        print_table();
    }
    return 0;
}

/*
 * cmd_cards.c - `carc cards [--json]`: every gift and Christmas card with its name,
 * deck, timing and what it does, from the record layer's one table (card_text.c).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

static const char cards_usage[] =
    "usage: carc cards [--json]\n"
    "\n"
    "Prints every card of The Gifts and of Christmas Present: its id (as moves and\n"
    "records write it), its name, its deck, when it is played and what it does.\n"
    "\n"
    "  --json    the same as one JSON array of {id, name, deck, timing, text}\n"
    "  --help    this text\n"
    "\n"
    "Timings: gift (opened before placing your tile, not in the turn it was received),\n"
    "lightning (resolves as soon as it is drawn), anytime (kept in hand and played in\n"
    "your own turn), end (kept and applied when the game ends).\n";

/* Writes text wrapped at `width` columns, each line after the first indented. */
static void print_wrapped(const char *text, int indent, int width)
{
    int col = indent;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (col > indent && col + 1 + (int)word > width) {
            printf("\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            putchar(' ');
            col++;
        }
        fwrite(text, 1, word, stdout);
        col += (int)word;
        text += word;
        while (*text == ' ')
            text++;
    }
    putchar('\n');
}

static void print_table(void)
{
    static const char *const decks[] = {"gift", "cloister", "roadside"};
    static const char *const titles[] = {"The Gifts", "Christmas Present, Cloister deck",
                                         "Christmas Present, Roadside deck"};
    for (int d = 0; d < 3; d++) {
        printf("%s%s\n", d ? "\n" : "", titles[d]);
        for (int c = CARC_CARD_NONE + 1; c < CARC_CARDS; c++) {
            const carc_card_info *ci = carc_card_info_of(c);
            if (ci == NULL || strcmp(ci->deck, decks[d]) != 0)
                continue;
            printf("  %-23s %s (%s)\n", carc_card_name(c), ci->name, ci->timing);
            printf("%*s", 4, "");
            print_wrapped(ci->text, 4, 78);
        }
    }
}

int cmd_cards(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int opt, json = 0;

    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'j': json = 1; break;
        case 'h': fputs(cards_usage, stdout); return 0;
        default: cli_bad_option("cards", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("cards", "unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (json) {
        char *text = carc_cards_json();
        if (!text) {
            cli_error("cards", "out of memory");
            return 1;
        }
        puts(text);
        free(text);
    } else {
        print_table();
    }
    return 0;
}

/*
 * main.c - the carc binary: dispatches to a subcommand. Each subcommand parses
 * its own options (argv[0] is then the subcommand's name) and returns the exit
 * code: 0 success, 1 failure, 2 bad usage.
 *
 * Whatever a subcommand printed, main closes standard output itself and reports a
 * write that failed (a full disk, `> /dev/full`): output lost without a word would
 * look like success to a script.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"

static const struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} subcommands[] = {
    {"play", cmd_play, "play a game on the terminal against computers or people"},
    {"demo", cmd_demo, "play one seeded game between random players and show it"},
    {"tiles", cmd_tiles, "print the tile catalogue (--json for JSON)"},
    {"cards", cmd_cards, "what every gift and Christmas card does (--json for JSON)"},
    {"sim", cmd_sim, "play many random games; score statistics; records"},
    {"replay", cmd_replay, "check a file of game records against the engine"},
    {"engine", cmd_engine, "the line protocol on stdin/stdout (docs/PROTOCOL.md)"},
    {"bench", cmd_bench, "speed figures and a behaviour signature"},
    {"arena", cmd_arena, "computer players against each other: win rates, Elo"},
    {"serve", cmd_serve, "the online game server: HTTP, WebSocket, SQLite (docs/SERVER.md)"},
};

enum { NSUB = sizeof subcommands / sizeof subcommands[0] };

static void usage(FILE *out)
{
    int i;
    fputs("usage: carc COMMAND [OPTIONS]\n\ncommands:\n", out);
    for (i = 0; i < NSUB; i++)
        fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fputs("\n'carc COMMAND --help' describes a command's options.\n", out);
}

/* Closes stdout after subcommand `name` returned rc; a failed write turns a
 * success into exit code 1 with one line on stderr (a subcommand that failed has
 * said why already). */
static int finish(const char *name, int rc)
{
    int bad = ferror(stdout);
    if (fclose(stdout) != 0)
        bad = 1;
    if (bad && rc == 0) {
        cli_error(name, "error writing to standard output: %s",
                  errno ? strerror(errno) : "write failed");
        rc = 1;
    }
    return rc;
}

int main(int argc, char **argv)
{
    int i;
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return finish("--help", 0);
    }
    for (i = 0; i < NSUB; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return finish(subcommands[i].name, subcommands[i].run(argc - 1, argv + 1));
    fprintf(stderr, "carc: unknown command '%s' (see 'carc --help')\n", argv[1]);
    return EXIT_USAGE;
}

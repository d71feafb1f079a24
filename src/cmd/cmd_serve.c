/*
 * cmd_serve.c - `carc serve`: options, signals, then the server (src/server/,
 * docs/SERVER.md). The stop flag lives here, in the executable, because a signal
 * handler needs a global and the server library keeps none.
 */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cmd.h"
#include "server.h"

static volatile sig_atomic_t serve_stop;

static void serve_on_signal(int sig)
{
    (void)sig;
    serve_stop = 1;
}

/* The pages next to the running binary: <dir>/../web (a build directory in a
 * checkout: build/carc -> web/) or <dir>/../share/carc/web (an installed binary), the
 * first that holds index.html, so that a copied or moved checkout serves its own
 * pages. 1 with the folder in buf, or 0 (the default compiled in stays). */
static int serve_web_near_binary(char *buf, size_t size)
{
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    static const char *const tries[] = {"/../web", "/../share/carc/web"};
    for (size_t i = 0; i < sizeof tries / sizeof *tries; i++) {
        char index[4200];
        snprintf(index, sizeof index, "%s%s/index.html", exe, tries[i]);
        size_t a = strlen(exe), b = strlen(tries[i]);
        if (access(index, R_OK) == 0 && a + b < size) {
            memcpy(buf, exe, a);
            memcpy(buf + a, tries[i], b + 1);
            return 1;
        }
    }
    return 0;
}

static const char serve_usage[] =
    "usage: carc serve [--host ADDR] [--port N] [--db FILE|URI] [--web DIR] [--workers N]\n"
    "                  [--max-think-ms MS] [--max-per-ip N] [--games-per-minute N]\n"
    "                  [--bot-games-per-ip N] [--unjoined-per-ip N] [--max-conns-per-ip N]\n"
    "                  [--replays-per-minute N] [--idle-evict SEC] [--expire-days N]\n"
    "                  [--request-timeout SEC] [--trusted-proxy ADDR[,ADDR...]]\n"
    "                  [--absent-after SEC] [--undo-seconds SEC] [--quiet]\n\n"
    "Serves games over HTTP and WebSocket (docs/SERVER.md); stores every move in SQLite\n"
    "(or PostgreSQL) before anyone hears of it, and resumes every unfinished game when\n"
    "started again.\n\n"
    "  --host ADDR       address to listen on (default 127.0.0.1)\n"
    "  --port N          port (default 8080; 0 picks a free one, printed at start)\n"
    "  --db FILE|URI     the game database: a SQLite file, created if missing (default\n"
    "                    carc-games.sqlite), or a postgresql:// URI (several servers\n"
    "                    may share one PostgreSQL database)\n"
    "  --web DIR         the web pages (default: web/ beside the binary's folder,\n"
    "                    as build/carc finds the checkout's web/; else the source\n"
    "                    tree it was built from)\n"
    "  --workers N       threads for computer players' searches (default 2; random\n"
    "                    and greedy seats have one more of their own)\n"
    "  --max-think-ms MS  the largest budget of a computer seat (mcts:MS; default\n"
    "                    10000): games asking for more are refused\n"
    "  --max-per-ip N    WebSocket connections one address may hold (default 64)\n"
    "  --max-conns-per-ip N  connections of any kind one peer address may hold\n"
    "                    (default 256; a --trusted-proxy is not counted)\n"
    "  --games-per-minute N  games one address may create a minute, in bursts of N\n"
    "                    (default 60; more get 429)\n"
    "  --bot-games-per-ip N  unfinished games of computers only one address may have\n"
    "                    at once (default 8; more get 429)\n"
    "  --unjoined-per-ip N  games with a person that one address may have created\n"
    "                    and nobody joined, within --idle-evict seconds (default 50;\n"
    "                    more get 429)\n"
    "  --idle-evict SEC  an unfinished game nobody has touched for SEC seconds leaves\n"
    "                    memory; it stays stored and comes back when asked for\n"
    "                    (default 900; 0: never)\n"
    "  --replays-per-minute N  POST /api/replay one address may make a minute, in\n"
    "                    bursts of N (default 30; more get 429)\n"
    "  --expire-days N   an unfinished game nobody has moved in for N days expires:\n"
    "                    it takes no more moves and no longer loads at start\n"
    "                    (default 30; 0: never)\n"
    "  --request-timeout SEC  each stage of an HTTP request (headers, body, answer)\n"
    "                    and a WebSocket handshake must be over within SEC seconds\n"
    "                    (default 30)\n"
    "  --trusted-proxy ADDR[,ADDR...]  reverse proxies whose X-Forwarded-For names\n"
    "                    the client: the per-address limits then count the client's\n"
    "                    address (default none: every limit counts the peer)\n"
    "  --absent-after SEC  a seat of people away from its turn for SEC seconds may be\n"
    "                    handed to a computer player by a vote of the other people\n"
    "                    (default 60)\n"
    "  --undo-seconds SEC  the other people have SEC seconds to answer a request to\n"
    "                    take a move back (default 60)\n"
    "  --quiet           log only errors\n"
    "  --help            this text\n";

/* --trusted-proxy: IPv4 addresses (the server listens on IPv4), comma-separated, each
 * written as the server will see it. 0, or -1 with a usage error. */
static int serve_check_proxies(const char *list)
{
    char one[64];
    const char *p = list;
    do {
        size_t len = strcspn(p, ",");
        struct in_addr a;
        char back[INET_ADDRSTRLEN];
        if (len == 0 || len >= sizeof one) {
            cli_error("serve", "--trusted-proxy: an empty or too long address in '%s'", list);
            return -1;
        }
        memcpy(one, p, len);
        one[len] = '\0';
        if (inet_pton(AF_INET, one, &a) != 1 || !inet_ntop(AF_INET, &a, back, sizeof back) ||
            strcmp(back, one)) {
            cli_error("serve", "--trusted-proxy: '%s' is not an IPv4 address such as 127.0.0.1",
                      one);
            return -1;
        }
        p += len;
    } while (*p++ == ',');
    return 0;
}

int cmd_serve(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"host", required_argument, NULL, 'H'},
        {"port", required_argument, NULL, 'p'},
        {"db", required_argument, NULL, 'd'},
        {"web", required_argument, NULL, 'w'},
        {"workers", required_argument, NULL, 'k'},
        {"max-per-ip", required_argument, NULL, 'm'},
        {"games-per-minute", required_argument, NULL, 'g'},
        {"bot-games-per-ip", required_argument, NULL, 'B'},
        {"unjoined-per-ip", required_argument, NULL, 'U'},
        {"max-conns-per-ip", required_argument, NULL, 'C'},
        {"idle-evict", required_argument, NULL, 'i'},
        {"request-timeout", required_argument, NULL, 't'},
        {"max-think-ms", required_argument, NULL, 'T'},
        {"trusted-proxy", required_argument, NULL, 'P'},
        {"expire-days", required_argument, NULL, 'E'},
        {"replays-per-minute", required_argument, NULL, 'r'},
        {"absent-after", required_argument, NULL, 'A'},
        {"undo-seconds", required_argument, NULL, 'u'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    srv_options o;
    long v;
    int opt;
    char web[4096];
    srv_options_init(&o);
    if (serve_web_near_binary(web, sizeof web))
        o.web = web;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":H:p:d:w:k:m:g:B:U:C:i:t:r:T:P:E:A:u:qh", longopts, NULL)) != -1) {
        switch (opt) {
        case 'H': o.host = optarg; break;
        case 'p':
            if (cli_int("serve", "--port", optarg, 0, 65535, &v)) return EXIT_USAGE;
            o.port = (int)v;
            break;
        case 'd': o.db = optarg; break;
        case 'w': o.web = optarg; break;
        case 'k':
            if (cli_int("serve", "--workers", optarg, 1, 64, &v)) return EXIT_USAGE;
            o.workers = (int)v;
            break;
        case 'm':
            if (cli_int("serve", "--max-per-ip", optarg, 1, 100000, &v)) return EXIT_USAGE;
            o.max_per_ip = (int)v;
            break;
        case 'g':
            if (cli_int("serve", "--games-per-minute", optarg, 1, 1000000, &v)) return EXIT_USAGE;
            o.games_per_minute = (int)v;
            break;
        case 'B':
            if (cli_int("serve", "--bot-games-per-ip", optarg, 1, 1000000, &v))
                return EXIT_USAGE;
            o.bot_games_per_ip = (int)v;
            break;
        case 'C':
            if (cli_int("serve", "--max-conns-per-ip", optarg, 1, 1000000, &v))
                return EXIT_USAGE;
            o.max_conns_per_ip = (int)v;
            break;
        case 'U':
            if (cli_int("serve", "--unjoined-per-ip", optarg, 1, 1000000, &v))
                return EXIT_USAGE;
            o.unjoined_per_ip = (int)v;
            break;
        case 'i':
            if (cli_int("serve", "--idle-evict", optarg, 0, 86400 * 365, &v)) return EXIT_USAGE;
            o.idle_evict = (int)v;
            break;
        case 't':
            if (cli_int("serve", "--request-timeout", optarg, 1, 3600, &v)) return EXIT_USAGE;
            o.request_timeout = (int)v;
            break;
        case 'r':
            if (cli_int("serve", "--replays-per-minute", optarg, 1, 1000000, &v))
                return EXIT_USAGE;
            o.replays_per_minute = (int)v;
            break;
        case 'T':
            if (cli_int("serve", "--max-think-ms", optarg, 1, 60000, &v)) return EXIT_USAGE;
            o.max_think_ms = (int)v;
            break;
        case 'P':
            if (serve_check_proxies(optarg)) return EXIT_USAGE;
            o.trusted_proxies = optarg;
            break;
        case 'E':
            if (cli_int("serve", "--expire-days", optarg, 0, 36500, &v)) return EXIT_USAGE;
            o.expire_days = (int)v;
            break;
        case 'A':
            if (cli_int("serve", "--absent-after", optarg, 1, 86400 * 30, &v)) return EXIT_USAGE;
            o.absent_after = (int)v;
            break;
        case 'u':
            if (cli_int("serve", "--undo-seconds", optarg, 1, 3600, &v)) return EXIT_USAGE;
            o.undo_seconds = (int)v;
            break;
        case 'q': o.quiet = 1; break;
        case 'h': fputs(serve_usage, stdout); return 0;
        default: cli_bad_option("serve", opt, argv); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_error("serve", "unexpected argument '%s'", argv[optind]);
        return EXIT_USAGE;
    }
    if (!*o.host || !*o.db || !*o.web) {
        cli_error("serve", "--host, --db and --web must not be empty");
        return EXIT_USAGE;
    }
    /* every session is a descriptor: take all the kernel allows */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = serve_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    o.stop = &serve_stop;
    return srv_run(&o);
}

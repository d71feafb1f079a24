# A PostgreSQL server of the tests' own (sourced after lib.sh): initdb into $DIR/pg, a
# Unix socket in $DIR/pgsock, no TCP; stopped by pg_stop (and on exit). As root the
# cluster belongs to the user postgres (initdb refuses root). Sets PG_BIN.
# pg_start; pg_uri NAME (creates database NAME, prints its URI); pg_stop. The tests run
# it with fsync=off (their figures need no disk flush); PG_FSYNC=on turns it on (the
# scale benchmark, bench/serve_scale.sh, can ask for it).
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
PG_AS=
pg_start() {
    if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
        echo "SKIP: no PostgreSQL server (scripts/deps.sh installs postgresql)"; exit 77
    fi
    mkdir -p "$DIR/pg" "$DIR/pgsock"
    if [ "$(id -u)" -eq 0 ]; then
        chmod 755 "$DIR"
        chown postgres "$DIR/pg" "$DIR/pgsock"
        PG_AS="runuser -u postgres --"
    fi
    $PG_AS "$PG_BIN/initdb" -D "$DIR/pg" -A trust -U postgres --no-sync > "$DIR/initdb.log" 2>&1 ||
        { echo "FAIL: initdb"; cat "$DIR/initdb.log"; exit 1; }
    $PG_AS "$PG_BIN/pg_ctl" -D "$DIR/pg" -l "$DIR/pgsock/pg.log" -w \
        -o "-k $DIR/pgsock -c listen_addresses= -c fsync=${PG_FSYNC:-off} -c max_connections=${PG_MAX_CONNECTIONS:-100}" start > /dev/null ||
        { echo "FAIL: PostgreSQL did not start"; cat "$DIR/pgsock/pg.log"; exit 1; }
    trap 'kill_server; pg_stop; rm -rf "$DIR"' EXIT
}
pg_uri() {
    "$PG_BIN/createdb" -h "$DIR/pgsock" -U postgres "$1" ||
        { echo "FAIL: createdb $1"; exit 1; }
    echo "postgresql:///$1?host=$DIR/pgsock&user=postgres"
}
pg_stop() {
    if [ -f "$DIR/pg/postmaster.pid" ]; then
        $PG_AS "$PG_BIN/pg_ctl" -D "$DIR/pg" -m immediate stop > /dev/null 2>&1 || true
    fi
}

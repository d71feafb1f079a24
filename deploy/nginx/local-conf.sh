#!/bin/sh
# Writes an nginx configuration that runs the shipped routing and locations on this
# machine, for the tests and benchmarks (tests/server/nginx_lib.sh,
# bench/serve_multi.sh) or to try them out: the upstream's ports replaced by the
# given ones (each line's attributes kept), nginx's files under DIR, listening on
# 127.0.0.1:LISTEN. Start it with `nginx -p DIR -c DIR/nginx.conf`.
# More ports than the shipped upstream has servers get lines like its last one. Each
# worker takes NGINX_WORKER_CONNECTIONS connections (default 4096; a proxied WebSocket
# is two: bench/serve_scale.sh asks for more).
# Usage: deploy/nginx/local-conf.sh DIR LISTEN WORKERS PORT...
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
dir=$1 listen=$2 workers=$3
shift 3
conns=${NGINX_WORKER_CONNECTIONS:-4096}
# descriptors: two a connection, within what this machine lets a process open
files=$((2 * conns))
hard=$(ulimit -Hn)
[ "$hard" = unlimited ] || [ "$files" -le "$hard" ] || files=$hard
mkdir -p "$dir/tmp"
shipped=$(grep -c '^ *server 127\.0\.0\.1:808[0-9]' "$HERE/carc-routing.conf")
awk -v ports="$*" -v shipped="$shipped" '
    BEGIN { n = split(ports, p, " ") }
    /^ *server 127\.0\.0\.1:808[0-9]/ {
        k++
        if (k > n) next
        line = $0
        sub(/:808[0-9]/, ":" p[k])
        print
        if (k == shipped)
            for (i = k + 1; i <= n; i++) { extra = line; sub(/:808[0-9]/, ":" p[i], extra); print extra }
        next
    }
    { print }' "$HERE/carc-routing.conf" > "$dir/carc-routing.conf"
[ "$(grep -c '^    server 127' "$dir/carc-routing.conf")" -eq $# ] ||
    { echo "local-conf.sh: the upstream does not have $# servers" >&2; exit 1; }
cat > "$dir/nginx.conf" <<CONF
worker_processes $workers;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections $conns; }
worker_rlimit_nofile $files;
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    include $dir/carc-routing.conf;
    server {
        listen 127.0.0.1:$listen;
        include $HERE/carc-locations.conf;
    }
}
CONF

#!/bin/sh
# Writes an nginx configuration that runs the shipped routing and locations on this
# machine, for the tests and benchmarks (tests/server/nginx_lib.sh,
# bench/serve_multi.sh) or to try them out: the upstream's ports replaced by the
# given ones (each line's attributes kept), nginx's files under DIR, listening on
# 127.0.0.1:LISTEN. Start it with `nginx -p DIR -c DIR/nginx.conf`.
# Usage: deploy/nginx/local-conf.sh DIR LISTEN WORKERS PORT...
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
dir=$1 listen=$2 workers=$3
shift 3
mkdir -p "$dir/tmp"
awk -v ports="$*" '
    BEGIN { n = split(ports, p, " ") }
    /^ *server 127\.0\.0\.1:808[0-9]/ { k++; if (k > n) next; sub(/:808[0-9]/, ":" p[k]) }
    { print }' "$HERE/carc-routing.conf" > "$dir/carc-routing.conf"
[ "$(grep -c '^    server 127' "$dir/carc-routing.conf")" -eq $# ] ||
    { echo "local-conf.sh: the shipped upstream has fewer than $# servers" >&2; exit 1; }
cat > "$dir/nginx.conf" <<CONF
worker_processes $workers;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
worker_rlimit_nofile 8192;
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

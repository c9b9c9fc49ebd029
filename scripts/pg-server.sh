#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests and the benchmark: initdb in a temporary folder,
# a free port on 127.0.0.1, password sign-in over TCP (scram-sha-256), run as the `postgres`
# user when this machine's user is root (PostgreSQL refuses to run as root).
#
#   scripts/pg-server.sh start FOLDER    starts a server whose data lives in FOLDER (made anew) and
#                                        writes FOLDER/env: ALMANAC_TEST_POSTGRES (the superuser's
#                                        URL), PGPASSWORD and ALMANAC_TEST_PG_FOLDER
#   scripts/pg-server.sh restart FOLDER  restarts it (the tests' "server restarted" fault)
#   scripts/pg-server.sh stop FOLDER     stops it and removes FOLDER
#   scripts/pg-server.sh run CMD…        start, run CMD with the env, stop — CMD's status, or 1 when
#                                        the server cannot start (never a silent skip)
set -euo pipefail

bin_dir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/initdb" ] && { echo "$d"; return; }; done
  command -v initdb >/dev/null && { dirname "$(command -v initdb)"; return; }
  echo "pg-server: PostgreSQL's initdb is not installed (run \`make deps\`)" >&2; return 1
}

as_owner() {   # runs a command as the server's owner
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start() {
  local folder=$1 bin port password
  bin=$(bin_dir)
  rm -rf "$folder"; mkdir -p "$folder"
  [ "$(id -u)" = 0 ] && chown postgres "$folder"
  password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
  printf '%s\n' "$password" > "$folder/pwfile"; chmod 600 "$folder/pwfile"
  [ "$(id -u)" = 0 ] && chown postgres "$folder/pwfile"
  as_owner "$bin/initdb" -D "$folder/data" -U postgres --pwfile="$folder/pwfile" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$folder/initdb.log" 2>&1 \
    || { echo "pg-server: initdb failed:" >&2; tail -5 "$folder/initdb.log" >&2; return 1; }
  port=$(free_port)
  printf 'port = %s\nlisten_addresses = %s\nunix_socket_directories = %s\nmax_connections = 300\n' \
    "$port" "'127.0.0.1'" "'$folder'" >> "$folder/data/postgresql.conf"
  as_owner "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 30 start </dev/null >/dev/null 2>&1 \
    || { echo "pg-server: the server did not start:" >&2; tail -5 "$folder/server.log" >&2; return 1; }
  cat > "$folder/env" <<ENV
export ALMANAC_TEST_POSTGRES='postgres://postgres@127.0.0.1:$port/postgres'
export PGPASSWORD='$password'
export ALMANAC_TEST_PG_FOLDER='$folder'
ENV
  echo "pg-server: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $folder" >&2
}

restart() { as_owner "$(bin_dir)/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 30 -m fast restart </dev/null >/dev/null 2>&1; }

stop() {
  local folder=$1
  [ -d "$folder/data" ] && as_owner "$(bin_dir)/pg_ctl" -D "$folder/data" -w -t 30 -m fast stop >/dev/null 2>&1 || true
  rm -rf "$folder"
}

case "${1:-}" in
  start) start "$2" ;;
  restart) restart "$2" ;;
  stop) stop "$2" ;;
  run)
    shift
    folder=$(mktemp -d /tmp/almanac-pg.XXXXXX)
    trap 'stop "$folder"' EXIT
    start "$folder" || exit 1
    # shellcheck disable=SC1091
    . "$folder/env"
    set +e; "$@"; status=$?; set -e
    exit $status ;;
  *) echo "usage: $0 start|restart|stop FOLDER | run COMMAND…" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# Checks, and on request starts, the two servers the service needs: Redis and PostgreSQL.
#   scripts/services.sh check   exit 0 when both answer at REDIS_URL / DATABASE_URL (defaults: local ports)
#   scripts/services.sh start   start the machine's own Redis / PostgreSQL when they do not answer, then check
# Used by .ci/run and named by `npm run demo` / `npm test` when a server is down. With Docker instead:
#   docker compose up -d redis postgres
set -u
REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
DATABASE_URL=${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/sda}

hostport() { # URL -> "host port" (default port $2)
  local rest=${1#*://}; rest=${rest#*@}; rest=${rest%%/*}; rest=${rest%%\?*}
  local host=${rest%%:*} port=${rest##*:}
  [ "$port" = "$rest" ] && port=$2
  echo "$host $port"
}
answers() { # host port
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}
read -r RHOST RPORT <<<"$(hostport "$REDIS_URL" 6379)"
read -r PHOST PPORT <<<"$(hostport "$DATABASE_URL" 5432)"

check() {
  local ok=0
  answers "$RHOST" "$RPORT" || { echo "Redis is not answering at $RHOST:$RPORT (REDIS_URL)"; ok=1; }
  answers "$PHOST" "$PPORT" || { echo "PostgreSQL is not answering at $PHOST:$PPORT (DATABASE_URL)"; ok=1; }
  return $ok
}

start() {
  if ! answers "$RHOST" "$RPORT"; then
    echo "starting Redis on $RPORT"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$RPORT" --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log || echo "could not start redis-server"
  fi
  if ! answers "$PHOST" "$PPORT"; then
    echo "starting PostgreSQL on $PPORT"
    if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || echo "could not start PostgreSQL"
    else
      echo "no local PostgreSQL cluster found; use: docker compose up -d postgres"
    fi
  fi
  for _ in $(seq 1 30); do check >/dev/null && return 0; sleep 1; done
  check
}

case "${1:-check}" in
  check) check || { echo "start them with: bash scripts/services.sh start   (or: docker compose up -d redis postgres)"; exit 1; } ;;
  start) start ;;
  *) echo "usage: $0 check|start"; exit 2 ;;
esac

#!/usr/bin/env bash
# Starts a throwaway PostgreSQL for the server's tests and prints its DATABASE_URL on the last line.
# Idempotent: a second run reuses the cluster and the running server. Needs the Debian
# postgresql package (installed elsewhere) and root, or the postgres user itself.
#
#   export DATABASE_URL="$(bash server/scripts/ci-postgres.sh | tail -n 1)"
#   pnpm --filter @app/server test
#
# PGTEST_DIR (default /tmp/pgtest) and PGTEST_PORT (default 55432) move it elsewhere.
set -euo pipefail

PGDATA_DIR="${PGTEST_DIR:-/tmp/pgtest}"
PORT="${PGTEST_PORT:-55432}"
SOCKET_DIR="/tmp"
LOG_FILE="${PGDATA_DIR}.log"

BIN_DIR="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
if [[ -z "${BIN_DIR}" || ! -x "${BIN_DIR}/initdb" ]]; then
  echo "ci-postgres: no initdb under /usr/lib/postgresql/*/bin; install the postgresql package first." >&2
  exit 1
fi

as_postgres() {
  if [[ "$(id -un)" == "postgres" ]]; then
    bash -c "$1"
  else
    su postgres -c "$1"
  fi
}

if [[ ! -s "${PGDATA_DIR}/PG_VERSION" ]]; then
  rm -rf "${PGDATA_DIR}"
  mkdir -p "${PGDATA_DIR}"
  chown postgres:postgres "${PGDATA_DIR}" 2>/dev/null || true
  # trust auth on a private port: a test database only, never reachable from outside.
  as_postgres "'${BIN_DIR}/initdb' -D '${PGDATA_DIR}' -U postgres -A trust -E UTF8 >/dev/null"
fi

if ! as_postgres "'${BIN_DIR}/pg_ctl' -D '${PGDATA_DIR}' status" >/dev/null 2>&1; then
  touch "${LOG_FILE}" && chown postgres:postgres "${LOG_FILE}" 2>/dev/null || true
  as_postgres "'${BIN_DIR}/pg_ctl' -D '${PGDATA_DIR}' -o \"-p ${PORT} -k ${SOCKET_DIR} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" -l '${LOG_FILE}' -w start" >/dev/null
fi

for _ in $(seq 1 30); do
  if "${BIN_DIR}/pg_isready" -h 127.0.0.1 -p "${PORT}" -q; then
    echo "postgres://postgres@127.0.0.1:${PORT}/postgres"
    exit 0
  fi
  sleep 1
done
echo "ci-postgres: PostgreSQL did not become ready; see ${LOG_FILE}" >&2
exit 1

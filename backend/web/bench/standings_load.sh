#!/usr/bin/env bash
# Load benchmark of the public standings page of a 500-player event (issue #5: target p99 under
# 50 ms at 500 requests/s, no errors).
#
# Builds the release binary and the `swiss_trf` example, generates a Swiss event (500 players,
# 9 rounds, every round paired by the Dutch engine, seeded results), imports it into a new
# SQLite database (`arbiter import`), serves it (`arbiter serve`, release) on a free port, warms
# up, then measures GET /tournaments/{id}/standings (no If-None-Match: every request renders the
# page):
#   1. at a fixed rate with oha (`-q RATE`, latency corrected for coordinated omission), which
#      the script installs with `cargo install oha` into target/bench-tools unless `oha` is on
#      PATH (building it needs libssl-dev and pkg-config);
#   2. at full speed with wrk (Debian package `wrk`; closed loop: the throughput ceiling).
# Prints requests/s, p50, p99 and errors for each, and the server's CPU time.
#
# Settings (environment): PLAYERS=500 ROUNDS=9 RATE=500 DURATION=30 (seconds) CONNECTIONS=50
# WARMUP=5 (seconds) SEED=20260521. Run from anywhere: backend/web/bench/standings_load.sh
set -euo pipefail

cd "$(dirname "$0")/../../.."
ROOT=$(pwd)
PLAYERS=${PLAYERS:-500}
ROUNDS=${ROUNDS:-9}
RATE=${RATE:-500}
DURATION=${DURATION:-30}
CONNECTIONS=${CONNECTIONS:-50}
WARMUP=${WARMUP:-5}
SEED=${SEED:-20260521}
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}

need() { command -v "$1" >/dev/null 2>&1 || { echo "standings_load: needs $1 ($2)" >&2; exit 1; }; }
need cargo "https://rustup.rs"
need curl "Debian package curl"
need wrk "Debian package wrk"

WORK=$(mktemp -d)
SERVER_PID=
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "== building (release)"
cargo build --release -p arbiter-cli --bin arbiter --example swiss_trf
ARBITER=$TARGET_DIR/release/arbiter
SWISS=$TARGET_DIR/release/examples/swiss_trf

OHA=$(command -v oha || true)
if [ -z "$OHA" ]; then
  OHA=$TARGET_DIR/bench-tools/bin/oha
  if [ ! -x "$OHA" ]; then
    echo "== installing oha (cargo install, into $TARGET_DIR/bench-tools)"
    # Plain HTTP is all it needs here; its default rustls build pulls a C crypto library, so build
    # it on OpenSSL (Debian: libssl-dev, pkg-config; libpq-dev already brings libssl-dev).
    cargo install oha --locked --no-default-features --features native-tls --root "$TARGET_DIR/bench-tools"
  fi
fi

echo "== generating a $PLAYERS-player, $ROUNDS-round Swiss event (seed $SEED)"
"$SWISS" --players "$PLAYERS" --rounds "$ROUNDS" --seed "$SEED" "$WORK/event.trf" >/dev/null
DB="sqlite://$WORK/bench.sqlite"
ID=$("$ARBITER" import "$WORK/event.trf" --database "$DB" 2>"$WORK/import.log") || {
  cat "$WORK/import.log" >&2; exit 1; }
echo "tournament $ID"

# A free port: the first of a few random ones nothing answers on.
PORT=
for _ in $(seq 50); do
  p=$((20000 + RANDOM % 40000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then PORT=$p; break; fi
done
[ -n "$PORT" ] || { echo "standings_load: no free port found" >&2; exit 1; }

"$ARBITER" serve --bind "127.0.0.1:$PORT" --database "$DB" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
URL="http://127.0.0.1:$PORT/tournaments/$ID/standings"
for _ in $(seq 200); do
  curl -sf -o /dev/null "$URL" && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; exit 1; }
  sleep 0.1
done
curl -sf -o "$WORK/page.html" "$URL" || { echo "standings_load: $URL does not answer" >&2; cat "$WORK/server.log" >&2; exit 1; }
ROWS=$(grep -o "/tournaments/$ID/players/[0-9]*\"" "$WORK/page.html" | sort -u | wc -l)
[ "$ROWS" -eq "$PLAYERS" ] || { echo "standings_load: the page lists $ROWS players, not $PLAYERS" >&2; exit 1; }
BYTES=$(wc -c <"$WORK/page.html")
GZIP=$(curl -s -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download}' "$URL")
echo "$URL: $ROWS players, $BYTES bytes ($GZIP gzipped)"

cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVER_PID/stat"; }
TICKS=$(getconf CLK_TCK)

echo "== warming up (${WARMUP} s)"
wrk -t2 -c"$CONNECTIONS" -d"${WARMUP}s" "$URL" >/dev/null

echo "== oha: fixed rate $RATE requests/s, $CONNECTIONS connections, ${DURATION} s"
before=$(cpu_ticks)
"$OHA" --no-tui --latency-correction -w -q "$RATE" -c "$CONNECTIONS" -z "${DURATION}s" \
  --output-format json "$URL" >"$WORK/oha.json" 2>"$WORK/oha.err" || {
  cat "$WORK/oha.err" >&2; exit 1; }
after=$(cpu_ticks)
OHA_CPU=$(awk -v t=$((after - before)) -v hz="$TICKS" -v d="$DURATION" 'BEGIN { printf "%.2f", t / hz / d }')
# The JSON's summary and latency percentiles (seconds), read without jq.
block() { tr -d '\n ' <"$WORK/oha.json" | grep -o "\"$1\":{[^}]*}" | head -1 | sed "s/\"$1\"://"; }
field() { grep -o "\"$1\":[-0-9.e+]*" | head -1 | sed 's/.*://'; }
OHA_RPS=$(block summary | field requestsPerSec)
OHA_SUCCESS=$(block summary | field successRate)
OHA_SIZE=$(block summary | field sizePerRequest)
OHA_P50=$(block latencyPercentiles | field p50)
OHA_P99=$(block latencyPercentiles | field p99)
OHA_ERRORS=$(block errorDistribution)
OHA_STATUS=$(block statusCodeDistribution)

echo "== wrk: as fast as it goes, 2 threads, $CONNECTIONS connections, ${DURATION} s"
before=$(cpu_ticks)
wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --latency "$URL" | tee "$WORK/wrk.txt"
after=$(cpu_ticks)
WRK_CPU=$(awk -v t=$((after - before)) -v hz="$TICKS" -v d="$DURATION" 'BEGIN { printf "%.2f", t / hz / d }')
WRK_RPS=$(awk '/^Requests\/sec:/ { print $2 }' "$WORK/wrk.txt")
WRK_P50=$(awk '$1 == "50%" { print $2 }' "$WORK/wrk.txt")
WRK_P99=$(awk '$1 == "99%" { print $2 }' "$WORK/wrk.txt")
WRK_ERRORS=$(awk '/Socket errors|Non-2xx/ { print }' "$WORK/wrk.txt" | tr '\n' ' ')

ms() { awk -v s="$1" 'BEGIN { printf "%.1f ms", s * 1000 }'; }
echo
echo "== summary: standings of $PLAYERS players after $ROUNDS rounds, $(nproc) cores"
echo "fixed rate (oha -q $RATE, gzip, $OHA_SIZE bytes a response): $OHA_RPS requests/s, p50 $(ms "$OHA_P50"), p99 $(ms "$OHA_P99"), success rate $OHA_SUCCESS, status codes $OHA_STATUS, errors ${OHA_ERRORS:-{\}}, server CPU $OHA_CPU cores"
echo "full speed (wrk): $WRK_RPS requests/s, p50 $WRK_P50, p99 $WRK_P99, errors: ${WRK_ERRORS:-none}, server CPU $WRK_CPU cores"
awk -v p="$OHA_P99" -v r="$OHA_RPS" -v rate="$RATE" -v s="$OHA_SUCCESS" 'BEGIN {
  ok = (p < 0.050 && r >= 0.95 * rate && s == 1);
  printf "target (p99 < 50 ms at %d requests/s, no errors): %s\n", rate, ok ? "met" : "MISSED" }'

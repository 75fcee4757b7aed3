#!/usr/bin/env bash
# The mixed soak (issue #19): arbiters entering results while the public reads standings and
# pairings, on PostgreSQL, two instances of `arbiter serve` on one database, for ten minutes.
# Target: no error, no lost update, p99 under 50 ms (reads and writes).
#
# Builds the release binary and the `swiss_trf` example, generates a Swiss event (PLAYERS
# players, ROUNDS rounds paired by the Dutch engine), imports it into a new PostgreSQL database
# (created on the server of SOAK_POSTGRES_URL, dropped at the end), starts two instances on free
# ports, then for DURATION seconds at once:
#   - the public: oha at a fixed rate (latency corrected for coordinated omission) on the
#     standings page and the last round's pairings page, on each instance (four oha processes,
#     READ_RATE requests/s in all); oha as standings_load.sh gets it (target/bench-tools);
#   - the arbiters: mixed_soak_writers.py, WRITERS threads entering results of the last round
#     through PUT /api/v1/games/{id}/result on both instances (WRITE_RATE results/s in all),
#     each naming the version it read; a 409 (another arbiter changed the game meanwhile) is
#     expected and counted; at the end every game is read back: its version grew by the number
#     of 200 answers, and its result is the last one answered (no lost update).
# Prints each part's requests/s, p50, p99 and errors, the servers' CPU, and whether the target
# is met; exits 1 when it is not.
#
# Settings (environment): PLAYERS=500 ROUNDS=9 DURATION=600 (seconds) READ_RATE=400 WRITE_RATE=20
# WRITERS=4 CONNECTIONS=8 (per oha) SEED=20260521
# SOAK_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres (a database to connect to in order
# to create the soak's). Run from anywhere: backend/web/bench/mixed_soak.sh
set -euo pipefail

cd "$(dirname "$0")/../../.."
ROOT=$(pwd)
PLAYERS=${PLAYERS:-500}
ROUNDS=${ROUNDS:-9}
DURATION=${DURATION:-600}
READ_RATE=${READ_RATE:-400}
WRITE_RATE=${WRITE_RATE:-20}
WRITERS=${WRITERS:-4}
CONNECTIONS=${CONNECTIONS:-8}
SEED=${SEED:-20260521}
ADMIN_URL=${SOAK_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}

need() { command -v "$1" >/dev/null 2>&1 || { echo "mixed_soak: needs $1 ($2)" >&2; exit 1; }; }
need cargo "https://rustup.rs"
need curl "Debian package curl"
need psql "Debian package postgresql-client"
need python3 "Debian package python3"

WORK=$(mktemp -d)
DBNAME="arbiter_soak_$$"
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  psql -q "$ADMIN_URL" -c "DROP DATABASE IF EXISTS $DBNAME" >/dev/null 2>&1 || true
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
    cargo install oha --locked --no-default-features --features native-tls --root "$TARGET_DIR/bench-tools"
  fi
fi

echo "== generating a $PLAYERS-player, $ROUNDS-round Swiss event (seed $SEED)"
"$SWISS" --players "$PLAYERS" --rounds "$ROUNDS" --seed "$SEED" "$WORK/event.trf" >/dev/null
psql -q "$ADMIN_URL" -c "CREATE DATABASE $DBNAME" >/dev/null
DB="${ADMIN_URL%/*}/$DBNAME"
ID=$("$ARBITER" import "$WORK/event.trf" --database "$DB" 2>"$WORK/import.log") || {
  cat "$WORK/import.log" >&2; exit 1; }
echo soak-password-1 | "$ARBITER" user create soak@example.org --database "$DB" >/dev/null
TOKEN=$("$ARBITER" token create soak@example.org --label soak --database "$DB" | tail -n 1)
echo "tournament $ID on PostgreSQL database $DBNAME"

free_port() {
  for _ in $(seq 50); do
    local p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "mixed_soak: no free port found" >&2; exit 1
}
SESSION_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
SEAL_KEY=$(python3 -c 'import secrets; print(secrets.token_hex(32))')
URLS=()
SERVERS=()
for i in 1 2; do
  port=$(free_port)
  # Both instances share the keys, as instances behind one load balancer do.
  ARBITER_SESSION_KEY=$SESSION_KEY ARBITER_SEAL_KEY=$SEAL_KEY \
    "$ARBITER" serve --bind "127.0.0.1:$port" --database "$DB" >"$WORK/server$i.log" 2>&1 &
  PIDS+=($!)
  SERVERS+=($!)
  URLS+=("http://127.0.0.1:$port")
  for _ in $(seq 200); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/tournaments/$ID/standings" && break
    kill -0 "${PIDS[-1]}" 2>/dev/null || { cat "$WORK/server$i.log" >&2; exit 1; }
    sleep 0.1
  done
done
READS=()
for u in "${URLS[@]}"; do
  READS+=("$u/tournaments/$ID/standings" "$u/tournaments/$ID/rounds/$ROUNDS")
done
for r in "${READS[@]}"; do
  curl -sf -o /dev/null "$r" || { echo "mixed_soak: $r does not answer" >&2; exit 1; }
done

cpu_ticks() { local t=0; for p in "${SERVERS[@]}"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
TICKS=$(getconf CLK_TCK)
PER_READER=$(awk -v r="$READ_RATE" -v n="${#READS[@]}" 'BEGIN { printf "%d", r / n }')

echo "== ${DURATION} s: $READ_RATE reads/s (${#READS[@]} oha, $PER_READER/s each) and $WRITE_RATE results/s ($WRITERS arbiters) on 2 instances"
before=$(cpu_ticks)
k=0
OHAS=()
for r in "${READS[@]}"; do
  k=$((k + 1))
  "$OHA" --no-tui --latency-correction -w -q "$PER_READER" -c "$CONNECTIONS" -z "${DURATION}s" \
    --output-format json "$r" >"$WORK/oha$k.json" 2>"$WORK/oha$k.err" &
  OHAS+=($!)
  PIDS+=($!)
done
writers_rc=0
python3 backend/web/bench/mixed_soak_writers.py "$TOKEN" "$ID" "$ROUNDS" "$DURATION" "$WRITERS" \
  "$WRITE_RATE" "$WORK/writers.json" "${URLS[@]}" || writers_rc=$?
for p in "${OHAS[@]}"; do wait "$p" || { echo "mixed_soak: oha failed" >&2; cat "$WORK"/oha*.err >&2; exit 1; }; done
after=$(cpu_ticks)
CPU=$(awk -v t=$((after - before)) -v hz="$TICKS" -v d="$DURATION" 'BEGIN { printf "%.2f", t / hz / d }')
for i in 1 2; do
  if grep -q "panicked" "$WORK/server$i.log"; then echo "mixed_soak: instance $i panicked" >&2; cat "$WORK/server$i.log" >&2; exit 1; fi
done

block() { tr -d '\n ' <"$1" | grep -o "\"$2\":{[^}]*}" | head -1 | sed "s/\"$2\"://"; }
field() { grep -o "\"$1\":[-0-9.e+]*" | head -1 | sed 's/.*://'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.1f ms", s * 1000 }'; }
echo
echo "== summary: $PLAYERS players, round $ROUNDS, PostgreSQL, 2 instances, $(nproc) cores, ${DURATION} s"
ok=1
k=0
for r in "${READS[@]}"; do
  k=$((k + 1))
  f="$WORK/oha$k.json"
  rps=$(block "$f" summary | field requestsPerSec)
  success=$(block "$f" summary | field successRate)
  p50=$(block "$f" latencyPercentiles | field p50)
  p99=$(block "$f" latencyPercentiles | field p99)
  codes=$(block "$f" statusCodeDistribution)
  errs=$(block "$f" errorDistribution)
  echo "read $r: $rps requests/s, p50 $(ms "$p50"), p99 $(ms "$p99"), success rate $success, status codes $codes, errors ${errs:-{\}}"
  awk -v p="$p99" -v s="$success" -v r="$rps" -v want="$PER_READER" 'BEGIN { exit !(p < 0.050 && s == 1 && r >= 0.95 * want) }' || ok=0
  case "$codes" in *'"200":'*) ;; *) ok=0 ;; esac
  [ "$(echo "$codes" | grep -o '"[0-9]*":' | grep -vc '"200":')" -eq 0 ] || ok=0
done
W="$WORK/writers.json"
python3 - "$W" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
print(f"results entered: {s['writes']} requests over {s['games']} games: {s['ok']} stored (200), "
      f"{s['conflict']} conflicts (409, expected), {s['error']} errors; p50 {s['p50_ms']} ms, "
      f"p99 {s['p99_ms']} ms, max {s['max_ms']} ms; lost updates: {len(s['lost'])}")
for e in s["errors"] + s["lost"]:
    print("  " + e)
PY
awk -v p="$(python3 -c "import json,sys; print(json.load(open('$W'))['p99_ms'])")" 'BEGIN { exit !(p < 50) }' || ok=0
[ "$writers_rc" -eq 0 ] || ok=0
echo "servers' CPU: $CPU cores"
if [ "$ok" -eq 1 ]; then echo "target (no error, no lost update, p99 < 50 ms): met"; else echo "target (no error, no lost update, p99 < 50 ms): MISSED"; exit 1; fi

#!/usr/bin/env bash
# bench/pools.sh BEFORE_REV [AFTER_REV]: cold start, search p50 and memory of
# the site built at two commits (default AFTER: HEAD), to measure what
# indexing every card of the format pools costs. Writes bench/pools.md, which
# bench/run.sh copies into BENCHMARKS.md.
#
# Per binary: 10 starts timed from the fork to the first 200 on / (curl every
# 5 ms); then 300 sequential /api/search requests per query (curl's
# time_total, so process spawning is not counted), p50 and p90; then VmRSS
# and VmHWM of the process from /proc.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BEFORE=${1:?usage: bench/pools.sh BEFORE_REV [AFTER_REV]}
AFTER=${2:-HEAD}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export GOFLAGS='-buildvcs=false -tags=sqlite_fts5'

build() { # rev out
  git -C "$ROOT" worktree add --detach -q "$TMP/src-$2" "$1"
  (cd "$TMP/src-$2" && go build -o "$TMP/$2" ./cmd/site)
  git -C "$ROOT" worktree remove --force "$TMP/src-$2"
}
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
pct() { sort -n | awk -v p="$1" '{ a[NR] = $1 } END { i = int(NR * p / 100); if (i < 1) i = 1; print a[i] }'; }

QUERIES=("Sangan" "Chaos Emperor Dragon - Envoy of the End" "CED" "damage step")

measure() { # name
  local bin=$TMP/$1 starts=() p pid url
  for _ in $(seq 10); do
    p=$(port)
    local t0; t0=$(date +%s%N)
    "$bin" -addr 127.0.0.1:"$p" -attempts "$TMP/a.db" -shares "$TMP/s.db" -rate-limit=false >/dev/null 2>&1 &
    pid=$!
    until curl -sf -o /dev/null "http://127.0.0.1:$p/"; do sleep 0.005; done
    starts+=($(( ($(date +%s%N) - t0) / 1000000 )))
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
  local cold; cold=$(printf '%s\n' "${starts[@]}" | median)
  p=$(port)
  "$bin" -addr 127.0.0.1:"$p" -attempts "$TMP/a.db" -shares "$TMP/s.db" -rate-limit=false >/dev/null 2>&1 &
  pid=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$p/"; do sleep 0.005; done
  local rss0; rss0=$(awk '/VmRSS/ { print $2 }' /proc/$pid/status)
  local row="| $1 | $cold ms | $(( rss0 / 1024 )) MB |"
  for q in "${QUERIES[@]}"; do
    url="http://127.0.0.1:$p/api/search?q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$q")"
    for _ in $(seq 20); do curl -s -o /dev/null "$url"; done
    local ts; ts=$(for _ in $(seq 300); do curl -s -o /dev/null -w '%{time_total}\n' "$url"; done)
    row+=" $(printf '%s\n' "$ts" | pct 50 | awk '{ printf "%.2f", $1 * 1000 }') / $(printf '%s\n' "$ts" | pct 90 | awk '{ printf "%.2f", $1 * 1000 }') ms |"
  done
  local hwm; hwm=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status)
  row+=" $(( hwm / 1024 )) MB |"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$row"
}

build "$BEFORE" before
build "$AFTER" after
B=$(measure before)
A=$(measure after)
{
  echo "## Card pools: before and after indexing every pool card"
  echo
  echo "\`bash bench/pools.sh $(git -C "$ROOT" rev-parse --short "$BEFORE") $(git -C "$ROOT" rev-parse --short "$AFTER")\` on $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs shared with other work (load average $(cut -d' ' -f1-3 /proc/loadavg))."
  echo "Cold start: median of 10 starts, fork to first 200 on /. Search: 300 sequential /api/search requests per query after 20 warm-ups, curl's time_total, p50 / p90. Memory: VmRSS after start, VmHWM after the searches."
  echo
  printf '| build | cold start | RSS at start |'
  for q in "${QUERIES[@]}"; do printf ' `%s` |' "$q"; done
  echo " peak RSS |"
  printf '| --- | ---: | ---: |'
  for _ in "${QUERIES[@]}"; do printf ' ---: |'; done
  echo " ---: |"
  echo "$B"
  echo "$A"
} >"$ROOT/bench/pools.md"
cat "$ROOT/bench/pools.md"

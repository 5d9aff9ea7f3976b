#!/usr/bin/env bash
# bench/run.sh: Substep's performance, measured side by side with its limits.
#
#   bash bench/run.sh            (or: make bench-load)
#
# In one run, on loopback only, it
#   1. builds the site and bench/ftsloop, and the content database (site build -o);
#   2. starts the site (rate limit off: the load must measure the server, not
#      the limiter) and fetches every rule page from it into a temp dir;
#   3. serves that dir with nginx (generated minimal nginx.conf, temp prefix,
#      current user, daemon off) on another loopback port;
#   4. drives both with the same wrk command over all rule pages, reading the
#      site's VmRSS during the load and VmHWM after it;
#   5. runs each search query with wrk against /api/search?q= and with
#      ftsloop (the same FTS5 MATCH statements in a loop on the built file);
#   6. runs the Go benchmarks (search, rendering, index build, cold start);
#   7. writes everything, with the exact commands, to BENCHMARKS.md.
# Every process it starts is stopped on exit (trap EXIT); every loop is bounded.
#
# Knobs (environment): BENCH_DURATION (wrk and ftsloop time per run, default
# 10s), BENCH_CONNECTIONS (page load, default 16), BENCH_SEARCH_CONNECTIONS
# (search load and ftsloop workers, default 4), BENCH_GO=0 to skip the Go
# benchmarks, BENCH_COLD_RUNS (process starts timed, default 10),
# BENCH_SITE_DB=1 to serve the built file (site serve -db) instead of the
# in-memory database, BENCH_OUT (default BENCHMARKS.md), SITE_BIN (use this
# site binary instead of building one).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

DURATION=${BENCH_DURATION:-10s}
CONNS=${BENCH_CONNECTIONS:-16}
SEARCH_CONNS=${BENCH_SEARCH_CONNECTIONS:-4}
THREADS=2
RUN_GO=${BENCH_GO:-1}
OUT=${BENCH_OUT:-BENCHMARKS.md}
export GOFLAGS="-buildvcs=false -tags=sqlite_fts5"

# The search queries: a common word, a card name, a misspelt card name and
# a 20-word question.
QUERIES=(
  "damage"
  "Sangan"
  "injection fairy lilly"
  "the turn player may activate an ignition effect during the battle phase before priority passes when the chain link resolves"
)
QUERY_NAMES=("common word" "card name" "misspelt card" "20 words")

log() { printf '%s\n' "bench: $*" >&2; }
die() { log "$*"; exit 1; }

# --- tools -----------------------------------------------------------------
if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then
  log "installing wrk and nginx"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq wrk nginx >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk nginx >/dev/null; }
fi
command -v curl >/dev/null || die "curl is needed"
NGINX=$(command -v nginx)

TMP=$(mktemp -d /tmp/substep-bench.XXXXXX)
PIDS=()
cleanup() {
  local p
  for p in "${PIDS[@]}"; do
    kill "$p" 2>/dev/null || true
  done
  for p in "${PIDS[@]}"; do
    wait "$p" 2>/dev/null || true
  done
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- build -----------------------------------------------------------------
SITE=${SITE_BIN:-$TMP/site}
if [ -z "${SITE_BIN:-}" ]; then
  log "building the site"
  go build -o "$SITE" ./cmd/site
fi
go build -o "$TMP/ftsloop" ./bench/ftsloop
SITE_HELP=$("$SITE" serve -h 2>&1 || true)
grep -q -- '-rate-limit' <<<"$SITE_HELP" ||
  die "site serve has no -rate-limit flag: the load would measure the rate limiter (see web/limits.go)"
"$SITE" build -o "$TMP/substep.db" >/dev/null
# BENCH_SITE_DB=1 serves the built file (site serve -db) instead of the
# default in-memory database.
SITE_ARGS=()
SITE_MODE="default: content database built in memory at start"
if [ "${BENCH_SITE_DB:-0}" = 1 ]; then
  SITE_ARGS=(-db "$TMP/substep.db")
  SITE_MODE="\`-db substep.db\`: the file from site build"
fi

# --- helpers ---------------------------------------------------------------
# wait_for CMD...: retry a command for up to 10 s.
wait_for() {
  local i
  for i in $(seq 1 1000); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.01
  done
  return 1
}

# mem PID FIELD: a /proc/PID/status field in MB.
mem() { awk -v f="$2:" '$1 == f { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

# to_ms VALUE: a wrk latency (850.00us, 3.79ms, 1.20s) in milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n += 0; else if (v ~ /m$/) n *= 60000; else if (v ~ /s$/) n *= 1000
    printf "%.2f", n }'
}

# cpu_ticks PID: CPU time (user + system, in clock ticks) used by PID and by
# its child processes (nginx's workers).
cpu_ticks() {
  local p t=0 f
  for p in "$1" $(cat /proc/"$1"/task/*/children 2>/dev/null); do
    # fields 14 and 15 after the command name, which is in parentheses
    f=$(sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null) || continue
    set -- $f
    t=$((t + ${12} + ${13}))
  done
  echo "$t"
}
HZ=$(getconf CLK_TCK)

# wrk_run NAME PID URL [ARGS...]: run wrk against the server PID, keep its
# output in $TMP/NAME.wrk and the server's CPU time per request (µs) in
# $TMP/NAME.cpu, sample the site's VmRSS every second meanwhile, and fail
# on any error.
RSS_MAX=0
wrk_run() {
  local name=$1 pid=$2 url=$3
  shift 3
  local t0
  t0=$(cpu_ticks "$pid")
  wrk --latency -d "$DURATION" "$@" "$url" >"$TMP/$name.wrk" 2>&1 &
  local w=$!
  PIDS+=("$w")
  while kill -0 "$w" 2>/dev/null; do
    local r
    r=$(mem "$SITE_PID" VmRSS)
    RSS_MAX=$(awk -v a="$RSS_MAX" -v b="$r" 'BEGIN { print (b > a ? b : a) }')
    sleep 1
  done
  wait "$w" || die "wrk failed: $(cat "$TMP/$name.wrk")"
  if grep -q 'Non-2xx\|Socket errors' "$TMP/$name.wrk"; then
    die "$name: errors under load: $(cat "$TMP/$name.wrk")"
  fi
  local n
  n=$(awk '/requests in/ { print $1 }' "$TMP/$name.wrk")
  awk -v a="$t0" -v b="$(cpu_ticks "$pid")" -v n="$n" -v hz="$HZ" 'BEGIN { printf "%.0f", (n > 0 ? (b - a) / hz * 1e6 / n : 0) }' >"$TMP/$name.cpu"
}
cpu() { cat "$TMP/$1.cpu"; }
rps() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$TMP/$1.wrk"; }
pct() { to_ms "$(awk -v p="$2%" '$1 == p { print $2 }' "$TMP/$1.wrk")"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# --- the site --------------------------------------------------------------
log "starting the site"
"$SITE" serve -addr 127.0.0.1:0 -attempts "$TMP/attempts.db" -shares "$TMP/shares.db" -rate-limit=false "${SITE_ARGS[@]}" >"$TMP/site.log" 2>&1 &
SITE_PID=$!
PIDS+=("$SITE_PID")
wait_for grep -q 'msg=serving' "$TMP/site.log" || die "site did not start: $(cat "$TMP/site.log")"
SITE_URL=$(sed -n 's/.*msg=serving url=\(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$TMP/site.log" | head -1)
[ -n "$SITE_URL" ] || die "no loopback URL in the site's log: $(cat "$TMP/site.log")"
RSS_IDLE=$(mem "$SITE_PID" VmRSS)

# Every rule page the format pages link to, fetched from the running site.
mkdir -p "$TMP/www/rules"
IDS=$(for f in goat hat edison domain general; do
  curl -sf "$SITE_URL/formats/$f" | grep -o 'href="/rules/[a-z0-9-]*"' || true
done | sed 's/.*\/rules\/\([a-z0-9-]*\)"/\1/' | sort -u)
[ -n "$IDS" ] || die "found no rule pages on $SITE_URL"
PAGES=0
BYTES=0
{
  echo 'local paths = {'
  for id in $IDS; do
    curl -sf "$SITE_URL/rules/$id" -o "$TMP/www/rules/$id" || die "GET /rules/$id failed"
    PAGES=$((PAGES + 1))
    BYTES=$((BYTES + $(stat -c %s "$TMP/www/rules/$id")))
    echo "  \"/rules/$id\","
  done
  echo '}'
  echo 'local i = 0'
  echo 'request = function()'
  echo '  i = i % #paths + 1'
  echo '  return wrk.format("GET", paths[i])'
  echo 'end'
} >"$TMP/pages.lua"
log "fetched $PAGES rule pages ($BYTES bytes)"

# --- nginx -----------------------------------------------------------------
USER_LINE=""
if [ "$(id -u)" = 0 ]; then
  USER_LINE="user $(id -un) $(id -gn);" # workers run as the current user, not nobody
fi
start_nginx() {
  mkdir -p "$TMP/nginx"
  cat >"$TMP/nginx/nginx.conf" <<EOF
$USER_LINE
worker_processes auto;
daemon off;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path $TMP/nginx/body;
  proxy_temp_path $TMP/nginx/proxy;
  fastcgi_temp_path $TMP/nginx/fastcgi;
  uwsgi_temp_path $TMP/nginx/uwsgi;
  scgi_temp_path $TMP/nginx/scgi;
  server {
    listen 127.0.0.1:$1;
    root $TMP/www;
    location / { try_files \$uri =404; }
  }
}
EOF
  "$NGINX" -p "$TMP/nginx" -e "$TMP/nginx/error.log" -c "$TMP/nginx/nginx.conf" &
  NGINX_PID=$!
  PIDS+=("$NGINX_PID")
}
NGINX_URL=""
for try in 1 2 3 4 5 6 7 8 9 10; do
  port=$((20000 + RANDOM % 40000))
  start_nginx "$port"
  for i in $(seq 1 500); do
    kill -0 "$NGINX_PID" 2>/dev/null || break # it exits at once when the port is taken
    if curl -sf -o /dev/null "http://127.0.0.1:$port/rules/$(echo "$IDS" | head -1)"; then
      NGINX_URL="http://127.0.0.1:$port"
      break 2
    fi
    sleep 0.01
  done
  kill "$NGINX_PID" 2>/dev/null || true
  wait "$NGINX_PID" 2>/dev/null || true
done
[ -n "$NGINX_URL" ] || die "nginx did not start: $(cat "$TMP/nginx/error.log" 2>/dev/null)"
cmp -s <(curl -sf "$NGINX_URL/rules/goat-10") "$TMP/www/rules/goat-10" || die "nginx does not serve the fetched pages"

# --- page load -------------------------------------------------------------
PAGE_CMD="wrk -t$THREADS -c$CONNS -d$DURATION --latency -s pages.lua URL"
log "page load: nginx"
wrk_run warm-nginx "$NGINX_PID" "$NGINX_URL" -t"$THREADS" -c"$CONNS" -s "$TMP/pages.lua"
wrk_run nginx "$NGINX_PID" "$NGINX_URL" -t"$THREADS" -c"$CONNS" -s "$TMP/pages.lua"
log "page load: site"
wrk_run warm-site "$SITE_PID" "$SITE_URL" -t"$THREADS" -c"$CONNS" -s "$TMP/pages.lua"
RSS_MAX=0
wrk_run site "$SITE_PID" "$SITE_URL" -t"$THREADS" -c"$CONNS" -s "$TMP/pages.lua"
RSS_PAGES=$RSS_MAX

# --- search load -----------------------------------------------------------
SEARCH_ROWS=""
SEARCH_HITS=""
SEARCH_OK=1
RSS_MAX=0
FTS_CMD="ftsloop -db substep.db -workers $SEARCH_CONNS -duration $DURATION -q QUERY"
API_CMD="wrk -t$THREADS -c$SEARCH_CONNS -d$DURATION --latency 'URL/api/search?q=QUERY'"
for i in "${!QUERIES[@]}"; do
  q=${QUERIES[$i]}
  enc=$(printf '%s' "$q" | sed 's/ /+/g; s/'"'"'/%27/g')
  log "search: $q"
  "$TMP/ftsloop" -db "$TMP/substep.db" -workers "$SEARCH_CONNS" -duration "$DURATION" -q "$q" >"$TMP/fts$i.out"
  fts=$(grep -v '^#' "$TMP/fts$i.out")
  fts_qps=$(cut -f2 <<<"$fts")
  fts_p50=$(cut -f3 <<<"$fts")
  fts_p99=$(cut -f4 <<<"$fts")
  fts_hits=$(cut -f5 <<<"$fts")
  fts_cards=$(cut -f6 <<<"$fts")
  fts_cpu=$(cut -f7 <<<"$fts")
  wrk_run "search$i" "$SITE_PID" "$SITE_URL/api/search?q=$enc" -t"$THREADS" -c"$SEARCH_CONNS"
  api_rps=$(rps "search$i")
  r=$(ratio "$api_rps" "$fts_qps")
  awk -v r="$r" 'BEGIN { exit !(r >= 0.5) }' || SEARCH_OK=0
  SEARCH_ROWS+="| ${QUERY_NAMES[$i]} | \`$q\` | $fts_qps | $fts_p50 | $fts_p99 | $fts_cpu | $api_rps | $(pct "search$i" 50) | $(pct "search$i" 99) | $(cpu "search$i") | $r |"$'\n'
  SEARCH_HITS+="${SEARCH_HITS:+; }${QUERY_NAMES[$i]}: $fts_hits hits, $fts_cards card candidates"
done
RSS_SEARCH=$RSS_MAX
HWM=$(mem "$SITE_PID" VmHWM)
RSS_AFTER=$(mem "$SITE_PID" VmRSS)

# --- cold start ------------------------------------------------------------
# Process start to the first 200 on /, and the CPU time the process used by
# then, over COLD_RUNS starts (curl polls every 5 ms, so the wall time may be
# up to 5 ms late; the Go benchmark below polls every millisecond).
COLD_RUNS=${BENCH_COLD_RUNS:-10}
COLD_WALL=()
COLD_CPU=()
for i in $(seq 1 "$COLD_RUNS"); do
  port=$((20000 + RANDOM % 40000))
  t0=$(date +%s%N)
  "$SITE" serve -addr "127.0.0.1:$port" -attempts "$TMP/cold$i.db" -shares "$TMP/cold-shares$i.db" "${SITE_ARGS[@]}" >"$TMP/cold.log" 2>&1 &
  cp=$!
  PIDS+=("$cp")
  ok=0
  for j in $(seq 1 2000); do
    if curl -sf -o /dev/null "http://127.0.0.1:$port/"; then ok=1; break; fi
    kill -0 "$cp" 2>/dev/null || break
    sleep 0.005
  done
  t1=$(date +%s%N)
  ticks=$(cpu_ticks "$cp")
  kill "$cp" 2>/dev/null || true
  wait "$cp" 2>/dev/null || true
  if [ "$ok" = 1 ]; then
    COLD_WALL+=($(((t1 - t0) / 1000000)))
    COLD_CPU+=($((ticks * 1000 / HZ)))
  fi
done
[ "${#COLD_WALL[@]}" -gt 0 ] || die "the site never answered: $(cat "$TMP/cold.log")"
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
COLD_MED=$(median "${COLD_WALL[@]}")
COLD_MIN=$(printf '%s\n' "${COLD_WALL[@]}" | sort -n | head -1)
COLD_CPU_MED=$(median "${COLD_CPU[@]}")

# --- Go benchmarks ---------------------------------------------------------
GO_BENCH_CMDS=(
  "go test -run '^\$' -bench 'BenchmarkSearch\$' -benchmem ./internal/search/"
  "go test -run '^\$' -bench RenderRulePage -benchmem ./internal/render/"
  "go test -run '^\$' -bench 'BuildIndex|LoadContent' -benchmem ./internal/app/"
  "go test -run '^\$' -bench ColdStart -benchtime 20x ./internal/app/"
  "go test -run '^\$' -bench 'WorstCase|ReplayAll' -benchtime 10x -benchmem ./rulings/"
)
GO_OUT=""
COLD=""
# BenchmarkColdStart's server writes attempts.db into its working directory:
# remove it afterwards unless it was there before.
STRAY=internal/app/attempts.db
STRAY_BEFORE=0
[ -e "$STRAY" ] && STRAY_BEFORE=1
if [ "$RUN_GO" = 1 ]; then
  for c in "${GO_BENCH_CMDS[@]}"; do
    log "$c"
    out=$(cd "$ROOT" && eval "$c" 2>&1) || die "$c failed: $out"
    GO_OUT+="\$ GOFLAGS='$GOFLAGS' $c"$'\n'"$(grep -E '^(Benchmark|goos|goarch|cpu|ok)' <<<"$out")"$'\n\n'
    [ "$STRAY_BEFORE" = 1 ] || rm -f "$STRAY" "$STRAY-wal" "$STRAY-shm"
    if [[ $c == *ColdStart* ]]; then
      COLD=$(awk '/BenchmarkColdStart/ { for (i = 1; i < NF; i++) if ($(i+1) == "ms-to-first-200") print $i }' <<<"$out")
    fi
  done
fi

# --- report ----------------------------------------------------------------
NG_RPS=$(rps nginx)
SITE_RPS=$(rps site)
PAGE_RATIO=$(ratio "$SITE_RPS" "$NG_RPS")
verdict() { if awk "BEGIN { exit !($1) }"; then echo met; else echo "**missed**"; fi; }
COLD_VERDICT=$(verdict "$COLD_MED < 300")
[ -n "$COLD" ] && COLD_VERDICT=$(verdict "$COLD < 300 && $COLD_MED < 300")
MEM_PEAK=$(awk -v a="$HWM" -v b="$RSS_PAGES" -v c="$RSS_SEARCH" 'BEGIN { m = a; if (b > m) m = b; if (c > m) m = c; print m }')
SEARCH_VERDICT="met"
[ "$SEARCH_OK" = 1 ] || SEARCH_VERDICT="**missed**"

SITE_FROM="built from this tree"
[ -n "${SITE_BIN:-}" ] && SITE_FROM="SITE_BIN=$SITE_BIN (prebuilt, not from this tree)"
{
  cat <<EOF
# Benchmarks

Regenerated by \`bash bench/run.sh\` (\`make bench-load\`); do not edit by hand.

- When: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (with uncommitted changes)')
- Machine: $(nproc) CPUs ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), load average at the end $(cut -d' ' -f1-3 /proc/loadavg); wrk, the servers and ftsloop share these CPUs
- Site binary: $SITE_FROM
- $(go version | cut -d' ' -f3), $("$NGINX" -v 2>&1 | cut -d' ' -f3), $(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2)
- Load: $DURATION per run after a $DURATION warm-up (pages), loopback only; the site runs with \`-rate-limit=false\`, $SITE_MODE

## Targets

| target | measured | verdict |
| --- | --- | --- |
| a rule page at ≥ 50% of nginx's throughput | $PAGE_RATIO × nginx | $(verdict "$PAGE_RATIO >= 0.5") |
| a search within 2× of the raw FTS5 query (throughput ≥ 0.5 ×) | $(printf '%s' "$SEARCH_ROWS" | awk -F'|' 'NF > 1 { gsub(/ /, "", $12); printf "%s%s", sep, $12; sep = ", " }') × | $SEARCH_VERDICT |
| cold start (process start to first 200) under 300 ms | ${COLD:-?} ms (Go benchmark); median $COLD_MED ms over ${#COLD_WALL[@]} starts here | $COLD_VERDICT |
| under 100 MB resident at the load above | peak $MEM_PEAK MB | $(verdict "$MEM_PEAK < 100") |

## Rule pages: the site against nginx serving the same pages as static files

Both are driven by the same command, $PAGE_CMD, where pages.lua cycles through
all $PAGES rule pages ($BYTES bytes in all, fetched from the running site into a temp dir
that nginx serves with a generated minimal nginx.conf: \`worker_processes auto\`,
\`sendfile on\`, \`access_log off\`).

| server | requests/s | p50 ms | p99 ms | server CPU µs/request |
| --- | ---: | ---: | ---: | ---: |
| nginx (static files) | $NG_RPS | $(pct nginx 50) | $(pct nginx 99) | $(cpu nginx) |
| site (\`site serve -rate-limit=false\`) | $SITE_RPS | $(pct site 50) | $(pct site 99) | $(cpu site) |
| **site / nginx** | **$PAGE_RATIO** | | | |

Server CPU µs/request is the server's own CPU time (user + system, from /proc/PID/stat,
nginx's workers included) over the run divided by the requests served: unlike requests/s it
does not depend on what else the machine is running.

## Search: /api/search against the raw FTS5 query loop

The limit is \`bench/ftsloop\` ($FTS_CMD) on the database from
\`site build -o substep.db\`: per query it runs the ranked MATCH over pages and
sections with FTS5's snippet() (LIMIT 50; the any-word MATCH when nothing has every word) and
the card-name trigram MATCH (skipped, as the site skips it, for input more than a quarter longer
than the longest card name), each statement prepared once, reading every row, with $SEARCH_CONNS
workers. The site also counts the hits and looks for an exact title, escapes the snippets,
re-ranks card names and writes JSON. It is driven by $API_CMD (the same concurrency).
Rows per query (raw loop): $SEARCH_HITS.

| query | text | raw q/s | raw p50 ms | raw p99 ms | raw CPU µs/q | API req/s | API p50 ms | API p99 ms | API CPU µs/req | API / raw |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
$SEARCH_ROWS
## Cold start

$COLD_RUNS starts of \`site serve\` ($SITE_MODE), each timed from the fork to the first 200 on /,
polled with curl every 5 ms: median $COLD_MED ms, fastest $COLD_MIN ms, all: ${COLD_WALL[*]} ms.
CPU time the process had used by its first 200 (user + system, all threads): median $COLD_CPU_MED ms,
all: ${COLD_CPU[*]} ms. The Go benchmark (below) gives ${COLD:-(not run)} ms.

## Memory (site process, from /proc/PID/status)

| when | MB |
| --- | ---: |
| idle after start (VmRSS) | $RSS_IDLE |
| peak VmRSS sampled each second under the page load | $RSS_PAGES |
| peak VmRSS sampled each second under the search load | $RSS_SEARCH |
| after all the load (VmRSS) | $RSS_AFTER |
| high-water mark after all the load (VmHWM) | $HWM |

EOF
  cat "$ROOT/bench/engine.md"
  cat <<EOF

## Go benchmarks

EOF
  if [ "$RUN_GO" = 1 ]; then
    printf '```\n%s```\n' "$GO_OUT"
  else
    echo "Not run (BENCH_GO=0)."
  fi
  # Measured separately (bench/pools.sh), kept across regenerations.
  if [ -f "$ROOT/bench/pools.md" ]; then
    echo
    cat "$ROOT/bench/pools.md"
  fi
} >"$TMP/BENCHMARKS.md"
case $OUT in
/*) DEST=$OUT ;;
*) DEST=$ROOT/$OUT ;;
esac
cp "$TMP/BENCHMARKS.md" "$DEST"
log "wrote $DEST"
cat "$DEST"

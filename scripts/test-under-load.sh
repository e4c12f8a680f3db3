#!/usr/bin/env bash
# The suite on a busy machine: `npm test` RUNS times in a row (default 3) while BUSY processes (default 2) keep the
# CPU busy beside it, as a loaded CI host or a developer's laptop would. Each busy process is a plain spin loop with
# its own time limit, stopped when this script ends however it ends. Exit 0 only when every run passed.
#   bash scripts/test-under-load.sh            # 3 runs beside 2 busy processes
#   RUNS=1 BUSY=4 bash scripts/test-under-load.sh
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
BUSY=${BUSY:-2}
LIMIT_SECONDS=${LIMIT_SECONDS:-7200}

pids=()
stop_busy() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done; }
# An interrupt ends the script (a trap alone would run the next `npm test`), and the busy processes with it.
trap stop_busy EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for _ in $(seq 1 "$BUSY"); do
  timeout "$LIMIT_SECONDS" node -e 'for (;;) {}' &
  pids+=("$!")
done
echo "test-under-load: $BUSY busy processes (${pids[*]}), $RUNS runs of npm test"

failed=0
for run in $(seq 1 "$RUNS"); do
  started=$(date +%s)
  if npm test; then result=passed; else result=failed; failed=$((failed + 1)); fi
  echo "test-under-load: run $run of $RUNS $result in $(($(date +%s) - started)) s"
done
echo "test-under-load: $((RUNS - failed)) of $RUNS runs passed beside $BUSY busy processes"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Records what every built-in implementation's run writes (the JSON lines with timings zeroed, and the text the
# command prints), so that a refactor can be checked byte for byte against the build before it.
#
#   Benchmarks/behaviour-baseline.sh .build/release/flowcheck /tmp/before
#   Benchmarks/behaviour-baseline.sh .build/release/flowcheck /tmp/after
#   diff -r /tmp/before /tmp/after && echo identical
#
# Each built-in sample and mutant runs with seed 1 (and 2 with --seed-2), then the Python example over the process
# protocol (batched and not), a spec-driven client run and a certification. Run it from the package's root.
set -uo pipefail
bin=${1:?usage: behaviour-baseline.sh FLOWCHECK OUTDIR}
out=${2:?usage: behaviour-baseline.sh FLOWCHECK OUTDIR}
mkdir -p "$out"
seeds=(1)
[[ "${3:-}" == "--seed-2" ]] && seeds=(1 2)

# Seconds are the only field that differs between two identical runs.
zero_timings() {
  python3 -c '
import json, sys
def zero(v):
    if isinstance(v, dict):
        return {k: (0 if k == "seconds" else zero(x)) for k, x in v.items()}
    if isinstance(v, list):
        return [zero(x) for x in v]
    return v
for line in sys.stdin:
    print(json.dumps(zero(json.loads(line)), sort_keys=True, ensure_ascii=False))
'
}

record() {
  local name=$1; shift
  "$@" --json "$out/$name.jsonl.raw" --no-html >"$out/$name.txt" 2>&1
  echo "exit $?" >>"$out/$name.txt"
  # Lines that quote a time ("in 0.4 s", "took 12 ms") vary run to run.
  sed -i -E 's/[0-9]+(\.[0-9]+)? ?(s|ms|µs)\b/T/g' "$out/$name.txt"
  # The folder written to is named in "wrote …" lines; two records of the same behaviour differ only in it.
  sed -i "s#$out/#OUT/#g" "$out/$name.txt"
  if [[ -f "$out/$name.jsonl.raw" ]]; then
    zero_timings <"$out/$name.jsonl.raw" >"$out/$name.jsonl"
    rm "$out/$name.jsonl.raw"
  fi
}

sut_names=$("$bin" list-mutants | grep '^builtin:' | sed 's/ .*//')
for seed in "${seeds[@]}"; do
  for sut in builtin:sample builtin:decoder $sut_names; do
    record "${sut//:/_}-seed$seed" "$bin" run --sut "$sut" --seed "$seed" --jobs 2
  done
  python=Tests/ProcessExample/navigator.py
  record "python-seed$seed" "$bin" run --sut "FLOWCHECK_EXAMPLE_NO_BATCH=1 python3 $python" --seed "$seed" --runs 100
  record "python-batch-seed$seed" "$bin" run --sut "python3 $python" --seed "$seed" --runs 100
  record "spec-client-seed$seed" "$bin" run --sut builtin:sample --suite client --spec Corpus/specs/shop.ruf.yaml \
    --seed "$seed"
  record "certify-seed$seed" "$bin" certify --sut builtin:sample --seed "$seed"
done

#!/usr/bin/env bash
# Fuzzes the kit's readers (JSON parser, flow decoder, YAML reader, spec reader, golden-case readers, record reader
# and the reports rendered from what it reads) with the in-repo mutation fuzzer:
# a million inputs per target by default, in a release build. A crash or a hang saves its input in Reports/fuzz/
# and exits 1; add that input to Tests/FuzzingTests/Regressions/<target>/ so it stays a test case.
#   Benchmarks/fuzz.sh [inputs per target] [seed]
set -euo pipefail
cd "$(dirname "$0")/.."
inputs="${1:-1000000}"
seed="${2:-1}"
mkdir -p Reports/fuzz
swift build -c release --product flowcheck-fuzz
.build/release/flowcheck-fuzz --target all --inputs "$inputs" --seed "$seed" --corpus Corpus --out Reports/fuzz

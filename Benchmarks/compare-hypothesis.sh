#!/usr/bin/env bash
# Runs the same stateful stack property with the kit and with Hypothesis, in one run, and prints both figures in
# steps per second, their ratio, a plain Python loop over the same model, and the date, machine and commands.
#
#   Benchmarks/compare-hypothesis.sh                    # builds flowcheck-bench in release first
#   FLOWCHECK_BENCH=path/to/flowcheck-bench Benchmarks/compare-hypothesis.sh   # a prebuilt binary, no build
#
# The kit side is `flowcheck-bench --only engine`: StatefulProperty(FlowStackMachine(buggy: false)), up to 50 steps
# a run. The Hypothesis side is Benchmarks/hypothesis_stack.py, the same machine as a RuleBasedStateMachine
# (what differs is noted at the top of that file). Hypothesis is installed with pip into a virtual environment in
# a temporary directory, removed at the end: it is never a dependency of the kit. Needs python3 with venv, and
# network access to the package index (or a pip configured for a mirror).
#
# Settings (environment):
#   FLOWCHECK_BENCH      a prebuilt flowcheck-bench; skips `swift build` (SKIP_BUILD=1 uses .build/release's)
#   KIT_RUNS             kit runs per measurement (default 200000, about 4 million steps)
#   KIT_REPEATS          kit measurements, the median reported (default 3)
#   HYPOTHESIS_EXAMPLES  Hypothesis max_examples (default 4000: about half a minute)
#   LOOP_RUNS            plain-loop runs (default 100000)
#   HYPOTHESIS_SPEC      what pip installs (default `hypothesis`; pin it, e.g. `hypothesis==6.170.17`, to compare)
# Exits 0 when every figure was measured, 1 when a measurement failed, 2 when the set-up failed.
set -euo pipefail
cd "$(dirname "$0")/.."

kit_runs="${KIT_RUNS:-200000}"
kit_repeats="${KIT_REPEATS:-3}"
examples="${HYPOTHESIS_EXAMPLES:-4000}"
loop_runs="${LOOP_RUNS:-100000}"
spec="${HYPOTHESIS_SPEC:-hypothesis}"

fail() { echo "compare-hypothesis: $2" >&2; exit "$1"; }
command -v python3 >/dev/null || fail 2 "python3 is not installed"

# 1. A throwaway virtual environment with Hypothesis.
workdir="$(mktemp -d "${TMPDIR:-/tmp}/flowcheck-hypothesis.XXXXXX")"
trap 'rm -rf "$workdir"' EXIT
echo "== Setting up Hypothesis in a throwaway virtual environment ($workdir/venv)"
python3 -m venv "$workdir/venv" >"$workdir/venv.log" 2>&1 || {
    cat "$workdir/venv.log" >&2
    fail 2 "python3 -m venv failed (on Debian or Ubuntu, install python3-venv)"
}
python="$workdir/venv/bin/python"
if ! "$python" -m pip install --disable-pip-version-check --quiet --timeout 20 --retries 1 "$spec" \
    >"$workdir/pip.log" 2>&1; then
    tail -n 5 "$workdir/pip.log" >&2
    fail 2 "pip could not install '$spec': no network access to the package index? (the comparison needs it)"
fi
hypothesis_version="$("$python" -c 'import hypothesis; print(hypothesis.__version__)')"
python_version="$("$python" -c 'import platform; print(platform.python_version())')"

# 2. The kit's benchmark binary.
if [[ -n "${FLOWCHECK_BENCH:-}" ]]; then
    bench="$FLOWCHECK_BENCH"
    build_command="(prebuilt: $bench)"
elif [[ "${SKIP_BUILD:-0}" == 1 ]]; then
    bench=".build/release/flowcheck-bench"
    build_command="(prebuilt: $bench)"
else
    build_command="swift build -c release --product flowcheck-bench"
    echo "== $build_command"
    $build_command || fail 2 "the release build failed"
    bench="$(swift build -c release --show-bin-path)/flowcheck-bench"
fi
# A prebuilt binary may be being rebuilt: wait a little for it to come back.
for _ in $(seq 1 30); do [[ -x "$bench" ]] && break; sleep 2; done
[[ -x "$bench" ]] || fail 2 "no flowcheck-bench at $bench"

# Reads the engine's generation rate, in steps per second, from flowcheck-bench's output. Tolerates the line's
# format changing: takes `= X steps/s`, else the first `X steps/s` not given as a target, else `S steps in T s`,
# else `X µs/step`.
kit_rate() {
    python3 -c '
import re, sys
text = sys.stdin.read()
lines = [l for l in text.splitlines() if "engine.generation" in l or re.search(r"engine\W+generation", l)]
if not lines:
    sys.exit("no engine.generation line in:\n" + text)
line = lines[0]
number = r"(\d[\d,_\x27]*(?:\.\d+)?)"
def value(s):
    return float(re.sub(r"[,_\x27]", "", s))
m = re.search(r"=\s*" + number + r"\s*steps/s", line)
if m:
    print(value(m.group(1))); sys.exit()
for m in re.finditer(number + r"\s*steps/s", line):
    before = line[max(0, m.start() - 16):m.start()].lower()
    if not any(t in before for t in ("target", "\u2265", ">=", "<", "\u2264", "goal")):
        print(value(m.group(1))); sys.exit()
m = re.search(number + r"\s*steps in\s*" + number + r"\s*s\b", line)
if m:
    print(value(m.group(1)) / value(m.group(2))); sys.exit()
m = re.search(number + r"\s*(?:\u00b5|u)s/step", line)
if m:
    print(1e6 / value(m.group(1))); sys.exit()
sys.exit("could not read a steps/s figure from: " + line)
'
}

kit_command="$bench --only engine --runs $kit_runs"
hypothesis_command="python Benchmarks/hypothesis_stack.py --examples $examples --loop-runs $loop_runs"
load_before="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

# 3. The kit.
echo "== The kit: $kit_command (x$kit_repeats)"
kit_rates=()
for _ in $(seq 1 "$kit_repeats"); do
    output="$($kit_command 2>&1)" || {
        sleep 2 # the binary may have been replaced under us: one retry
        output="$($kit_command 2>&1)" || { echo "$output" >&2; fail 1 "flowcheck-bench failed"; }
    }
    echo "$output" | sed 's/^/   /'
    rate="$(echo "$output" | kit_rate)" || fail 1 "could not read the kit's figure"
    kit_rates+=("$rate")
done
kit="$(printf '%s\n' "${kit_rates[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"

# 4. Hypothesis and the plain loop.
echo "== Hypothesis $hypothesis_version and a plain loop (Python $python_version): $hypothesis_command"
# Hypothesis's own files (it caches constants it finds in the source) go in the throwaway directory too.
python_output="$(HYPOTHESIS_STORAGE_DIRECTORY="$workdir/hypothesis" "$python" Benchmarks/hypothesis_stack.py --examples "$examples" --loop-runs "$loop_runs" 2>&1)" || {
    echo "$python_output" >&2
    fail 1 "Benchmarks/hypothesis_stack.py failed"
}
echo "$python_output" | sed 's/^/   /'
figure() { echo "$python_output" | grep "^$1:" | sed -E 's/.*= ([0-9]+) steps\/s.*/\1/'; }
hypothesis="$(figure hypothesis.stateful)"
loop="$(figure python.plain_loop)"
[[ -n "$hypothesis" && -n "$loop" ]] || fail 1 "could not read the Python figures"
load_after="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)"
[[ -n "$cpu" ]] || cpu="$(sed -n 's/^model name\s*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)"
echo
echo "== The stateful stack property (FlowStackMachine, up to 50 steps a run), steps per second"
python3 - "$kit" "$hypothesis" "$loop" <<'EOF'
import sys
kit, hypothesis, loop = (float(v) for v in sys.argv[1:])
print(f"   FlowCheck (Swift, release)   {kit:>12,.0f} steps/s")
print(f"   Hypothesis (stateful)        {hypothesis:>12,.0f} steps/s")
print(f"   plain Python loop            {loop:>12,.0f} steps/s")
print(f"   ratio FlowCheck / Hypothesis {kit / hypothesis:>12,.0f}x")
print(f"   ratio FlowCheck / plain loop {kit / loop:>12,.1f}x")
EOF
echo "   kit runs:   $(printf '%.0f ' "${kit_rates[@]}")steps/s (the median is reported)"
echo "   date:       $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "   machine:    ${cpu:-unknown CPU}, $(nproc) cores (nproc), $(uname -sm); load average $load_before before, $load_after after"
echo "   software:   $(swift --version 2>/dev/null | head -n 1 || echo 'no swift on PATH') (the swift on PATH); Python $python_version; Hypothesis $hypothesis_version"
echo "   commands:   $build_command"
echo "               $kit_command   (median of $kit_repeats)"
echo "               pip install $spec   (in a throwaway venv)"
echo "               $hypothesis_command"
# The rerun pins what was measured here: the Hypothesis version installed, and every setting.
echo "   rerun:      HYPOTHESIS_SPEC=hypothesis==$hypothesis_version KIT_RUNS=$kit_runs KIT_REPEATS=$kit_repeats \\"
echo "                 HYPOTHESIS_EXAMPLES=$examples LOOP_RUNS=$loop_runs Benchmarks/compare-hypothesis.sh"

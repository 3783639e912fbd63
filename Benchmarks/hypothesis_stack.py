#!/usr/bin/env python3
"""The kit's engine benchmark property, written for Hypothesis, and as a plain Python loop.

Mirrors Sources/PropertyTestingExamples/FlowStackMachine.swift, which `flowcheck-bench --only engine`
checks with `StatefulProperty(FlowStackMachine(buggy: false))`:

- the model and the system are both a stack of screen(flow) entries, bottom first, starting at [HOME(MAIN)];
- a step is PUSH screen flow KEEP|REMOVE_PREVIOUS (screen in A..D, flow in F..H) or POP;
- steps are weighted 4 push : 1 pop; within a push, screen, flow and the flag are uniform;
- POP only runs while the stack holds more than one entry (the precondition);
- every step is applied to the model and the system, which are then compared, and each step gets the kit's
  coverage labels (KEEP/REMOVE_PREVIOUS, "flow present"/"new flow"; POP);
- REMOVE_PREVIOUS removes every entry of the pushed flow (and puts HOME(MAIN) back if the stack empties)
  before pushing; `--buggy` plants the kit's bug (strip only the top run of the flow), for checking the mirror.

Run by Benchmarks/compare-hypothesis.sh in a throwaway virtual environment: Hypothesis is never a dependency
of the kit. Standalone:
    python3 Benchmarks/hypothesis_stack.py [--examples N] [--loop-runs N] [--skip-hypothesis] [--skip-loop]
Each figure is one line, `name: ... steps in T s = X steps/s`.

What could not be mirrored exactly (Hypothesis 6):
- Run length. The kit draws "one more step?" with probability 25/26 before every step, capped at 50 (about 21
  steps per run on average, with the rejected POPs). Hypothesis runs stateful_step_count (50) steps per
  example, stopping early only with probability 2**-16 per step (its mutations make some examples shorter: about
  44 steps per example on average). So Hypothesis runs about twice as many steps per example; its per-example
  cost (machine set-up, teardown) is spread over more steps, which favours it.
- Weights. Hypothesis picks uniformly among the rules whose preconditions hold, so 4 push : 1 pop is four copies
  of the same push rule (push_1..push_4) and one pop rule. Hypothesis's swarm testing also switches rules off
  at random for each example, so the 4 : 1 holds on average over examples, not within each one.
- Precondition. The kit draws a step, and if its precondition fails rewinds and draws again (up to 100
  times); Hypothesis leaves the rule out of the choice. Both give: a push, whenever the stack is [HOME(MAIN)].
- Labels. The kit's coverage labels are recorded with hypothesis.event(), Hypothesis's per-example statistics;
  `--no-events` leaves them out.
- The precondition is a named function rather than the usual lambda: Hypothesis describes a precondition on
  every check, and older versions extract a lambda's source each time (6.100.0 then ran about 100 steps/s, and
  about 2,800 with a named function; 6.170.17 runs the same either way).
- The comparison runs in the rule body, as the kit's run(_:model:system:) does, not as an @invariant (which
  Hypothesis would also run once before the first step).
"""

import argparse
import platform
import random
import sys
import time

SCREENS = ["A", "B", "C", "D"]
FLOWS = ["F", "G", "H"]
HOME = ("HOME", "MAIN")
MAX_STEPS = 50


class Stack:
    """The system (and, with removes_only_top_run False, the model): entries are (screen, flow), bottom first."""

    __slots__ = ("entries", "removes_only_top_run")

    def __init__(self, entries, removes_only_top_run=False):
        self.entries = list(entries)
        self.removes_only_top_run = removes_only_top_run

    def pop(self):
        self.entries.pop()

    def push(self, screen, flow, remove_previous):
        if remove_previous:
            if self.removes_only_top_run:
                while len(self.entries) > 1 and self.entries[-1][1] == flow:
                    self.entries.pop()
            else:
                self.entries = [entry for entry in self.entries if entry[1] != flow]
                if not self.entries:
                    self.entries = [HOME]
        self.entries.append((screen, flow))


def push_labels(model, flow, remove_previous):
    return (
        "REMOVE_PREVIOUS" if remove_previous else "KEEP",
        "flow present" if any(entry[1] == flow for entry in model.entries) else "new flow",
    )


def describe(step):
    if step is None:
        return "POP"
    screen, flow, remove = step
    return f"PUSH {screen} {flow} {'REMOVE_PREVIOUS' if remove else 'KEEP'}"


def rate(name, what, steps, seconds, extra=""):
    print(f"{name}: {what}, {steps} steps in {seconds:.2f} s = {int(steps / seconds)} steps/s{extra}", flush=True)


# --- Hypothesis ---------------------------------------------------------------------------------------------


def run_hypothesis(examples, buggy, events):
    import hypothesis
    from hypothesis import HealthCheck, Verbosity, event, settings
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, precondition, rule, run_state_machine_as_test

    counts = {"steps": 0, "examples": 0}

    def push_rule(name):
        def push(self, screen, flow, remove_previous):
            counts["steps"] += 1
            if events:
                for label in push_labels(self.model, flow, remove_previous):
                    event(label)
            self.model.push(screen, flow, remove_previous)
            self.system.push(screen, flow, remove_previous)
            assert self.model.entries == self.system.entries, (
                f"after {describe((screen, flow, remove_previous))}: "
                f"model {self.model.entries}, system {self.system.entries}"
            )

        push.__name__ = push.__qualname__ = name
        return rule(screen=st.sampled_from(SCREENS), flow=st.sampled_from(FLOWS), remove_previous=st.booleans())(push)

    class FlowStackMachine(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            counts["examples"] += 1
            self.model = Stack([HOME])
            self.system = Stack([HOME], removes_only_top_run=buggy)

        # Four identical push rules against one pop rule: the kit's 4 : 1 (see the module's notes).
        push_1 = push_rule("push_1")
        push_2 = push_rule("push_2")
        push_3 = push_rule("push_3")
        push_4 = push_rule("push_4")

        def can_pop(self):
            return len(self.model.entries) > 1

        @precondition(can_pop)
        @rule()
        def pop(self):
            counts["steps"] += 1
            if events:
                event("POP")
            self.model.pop()
            self.system.pop()
            assert self.model.entries == self.system.entries, (
                f"after POP: model {self.model.entries}, system {self.system.entries}"
            )

    configured = settings(
        max_examples=examples,
        stateful_step_count=MAX_STEPS,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        verbosity=Verbosity.normal if buggy else Verbosity.quiet,
    )
    started = time.perf_counter()
    failure = None
    try:
        run_state_machine_as_test(FlowStackMachine, settings=configured)
    except AssertionError as error:
        failure = error
    elapsed = time.perf_counter() - started
    if buggy:
        if failure is None:
            print("hypothesis.stateful: the buggy stack passed; the mirror is wrong", file=sys.stderr)
            return False
        print(f"hypothesis.stateful: found the planted bug in {elapsed:.2f} s: {failure}")
        for note in getattr(failure, "__notes__", []):
            print(f"  {note}")
        return True
    if failure is not None:
        print(f"hypothesis.stateful: the correct stack failed: {failure}", file=sys.stderr)
        return False
    rate(
        "hypothesis.stateful",
        f"{counts['examples']} examples (max_examples={examples}, stateful_step_count={MAX_STEPS})",
        counts["steps"],
        elapsed,
        f" (Hypothesis {hypothesis.__version__}, Python {platform.python_version()})",
    )
    return True


# --- A plain loop -------------------------------------------------------------------------------------------


def run_plain_loop(runs, seed=1):
    """Random steps on the same model and system, drawn the kit's way, with no framework at all."""
    rng = random.Random(seed)
    uniform = rng.random
    choice = rng.choice
    average = MAX_STEPS / 2
    more = average / (average + 1)
    steps = 0
    labels = {}
    started = time.perf_counter()
    for _ in range(runs):
        model = Stack([HOME])
        system = Stack([HOME])
        count = rejected = 0
        while count < MAX_STEPS and uniform() < more:
            if uniform() < 0.8:  # frequency 4 : 1
                step = (choice(SCREENS), choice(FLOWS), uniform() < 0.5)
            else:
                step = None
            if step is None:
                if len(model.entries) <= 1:  # the precondition: draw again
                    rejected += 1
                    if rejected > 100:
                        break
                    continue
                labels["POP"] = labels.get("POP", 0) + 1
                model.pop()
                system.pop()
            else:
                for label in push_labels(model, step[1], step[2]):
                    labels[label] = labels.get(label, 0) + 1
                model.push(*step)
                system.push(*step)
            count += 1
            steps += 1
            if model.entries != system.entries:
                raise AssertionError(f"after {describe(step)}: model {model.entries}, system {system.entries}")
    elapsed = time.perf_counter() - started
    rate("python.plain_loop", f"{runs} runs", steps, elapsed, f" (Python {platform.python_version()})")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=1500, help="Hypothesis max_examples (default 1500)")
    parser.add_argument("--loop-runs", type=int, default=100_000, help="runs of the plain loop (default 100000)")
    parser.add_argument("--skip-hypothesis", action="store_true")
    parser.add_argument("--skip-loop", action="store_true")
    parser.add_argument("--no-events", action="store_true", help="leave the coverage labels out of the Hypothesis rules")
    parser.add_argument("--buggy", action="store_true", help="plant the top-run bug; Hypothesis must find it")
    arguments = parser.parse_args()
    ok = True
    if not arguments.skip_loop and not arguments.buggy:
        ok = run_plain_loop(arguments.loop_runs) and ok
    if not arguments.skip_hypothesis:
        ok = run_hypothesis(arguments.examples, arguments.buggy, not arguments.no_events) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""An example navigation implementation for FlowCheck's process protocol, version 1.

It keeps the stack as a flat list of entries and applies the rules of
Sources/NavigationModel/NavigationModel.docc/Semantics.md directly. It is written
independently of the Swift reference model, so that the kit checks something real.

Set FLOWCHECK_EXAMPLE_BUG=remove-previous-top-run to plant a bug: REMOVE_PREVIOUS
then removes only the run of the flow's screens at the top of the stack.
Set FLOWCHECK_EXAMPLE_NO_BATCH=1 to answer one command per line only.
Set FLOWCHECK_EXAMPLE_DECODER_ONLY=1 to be a decoder only: hello then declares the decoding suite alone,
with no modes, behaviors or nesting, as a flow-document library that does not navigate would.
The decode command is answered by flow_decoder.py, beside this file, and the client suite's clientReset and
client commands by the RUF client in ruf_client.py (FLOWCHECK_EXAMPLE_ACTION_QUEUE=latest declares and keeps only
the newest waiting action; its planted bugs, FLOWCHECK_EXAMPLE_BUG=client-..., are listed there).
"""
import copy
import json
import os
import sys

from flow_decoder import COMPONENT_TYPES, decode
from ruf_client import MERGE_STRATEGIES, QUEUE, Client

BUG = os.environ.get("FLOWCHECK_EXAMPLE_BUG", "")
BATCH = os.environ.get("FLOWCHECK_EXAMPLE_NO_BATCH", "") != "1"
DECODER_ONLY = os.environ.get("FLOWCHECK_EXAMPLE_DECODER_ONLY", "") == "1"
MODES = ["PUSH", "REPLACE", "RESET", "POP", "FAILED", "PRESENT", "DISMISS", "POP_TO", "POP_TO_ROOT"]
DESTINATION = ["PUSH", "REPLACE", "RESET", "PRESENT"]
BEHAVIORS = ["KEEP", "REMOVE_PREVIOUS", "START_NEW"]


class Rejected(Exception):
    def __init__(self, reason):
        self.reason = reason


def text(value):
    """A non-empty string, or None (a field of the wrong type counts as absent)."""
    return value if isinstance(value, str) and value else None


class Navigator:
    def __init__(self):
        self.stack = []
        self.nesting = "owned"
        self.pending = None  # (id, directive, stack before)

    def top_start(self):
        for index in range(len(self.stack) - 1, 0, -1):
            if self.stack[index]["presentation"] == "modal":
                return index
        return 0

    def validate(self, d):
        mode = d.get("mode")
        if mode not in MODES:
            raise Rejected("unknownMode")
        if mode in DESTINATION:
            flow = d.get("flow") if isinstance(d.get("flow"), dict) else {}
            if text(d.get("screen")) is None:
                raise Rejected("missingScreen")
            if text(flow.get("name")) is None:
                raise Rejected("missingFlow")
            if flow.get("behavior") not in BEHAVIORS:
                raise Rejected("unknownBehavior")
        if mode == "POP_TO" and text(d.get("screen")) is None:
            raise Rejected("missingScreen")

    def apply(self, d):
        self.validate(d)
        mode = d["mode"]
        if mode in ("PUSH", "REPLACE"):
            self.push(d, replace=(mode == "REPLACE"))
        elif mode == "RESET":
            self.stack = [entry(d["screen"], d["flow"]["name"], True, "root")]
        elif mode == "POP":
            if len(self.stack) == 1:
                raise Rejected("cannotPopRoot")
            self.stack.pop()
        elif mode == "PRESENT":
            self.stack.append(entry(d["screen"], d["flow"]["name"], True, "modal"))
        elif mode == "DISMISS":
            start = self.top_start()
            if start == 0:
                raise Rejected("nothingToDismiss")
            del self.stack[start:]
        elif mode == "POP_TO":
            low = self.top_start() if self.nesting == "owned" else 0
            for index in range(len(self.stack) - 1, low - 1, -1):
                if self.stack[index]["screen"] == d["screen"]:
                    del self.stack[index + 1:]
                    return
            if BUG == "assert-pop-to-missing":
                # A planted crash: an SDK assertion that the target is always there, as a Swift SDK would trip.
                sys.stderr.write("Navigator.swift:88: Assertion failed: POP_TO target %s is on the stack\n" % d["screen"])
                sys.stderr.flush()
                os.abort()
            raise Rejected("targetNotFound")
        elif mode == "POP_TO_ROOT":
            keep = self.top_start() + 1 if self.nesting == "owned" else 1
            del self.stack[keep:]
        # FAILED with nothing pending: stay where we are.

    def push(self, d, replace):
        start = self.top_start()
        base = self.stack[start]["presentation"]
        flow, behavior = d["flow"]["name"], d["flow"]["behavior"]
        layer = self.stack[start:]
        if replace:
            layer.pop()
        had = any(e["flow"] == flow for e in layer)
        if behavior != "KEEP":
            if BUG == "remove-previous-top-run":
                while layer and layer[-1]["flow"] == flow:
                    layer.pop()
            else:
                layer = [e for e in layer if e["flow"] != flow]
        layer.append(entry(d["screen"], flow, behavior == "START_NEW" or not had, "push"))
        # When the layer's first entry was removed, the first one left takes over its presentation.
        layer[0] = dict(layer[0], presentation=base)
        self.stack = self.stack[:start] + layer

    def navigate(self, d):
        if self.pending is None:
            if d is not None:
                self.apply(d)
            return
        pending_id, pending_directive, before = self.pending
        self.pending = None
        if d is None:
            return
        same = all(d.get(key) == pending_directive.get(key) for key in ("mode", "screen", "flow"))
        if d.get("id") == pending_id and same:
            return
        self.stack = before
        if d.get("mode") == "FAILED":
            return
        self.apply(d)

    def optimistic(self, d):
        if self.pending is not None:
            raise Rejected("actionInFlight")
        if d.get("mode") not in ("PUSH", "REPLACE", "RESET"):
            raise Rejected("notOptimistic")
        if text(d.get("id")) is None:
            raise Rejected("missingId")
        before = copy.deepcopy(self.stack)
        self.apply(d)
        self.pending = (d["id"], d, before)


def entry(screen, flow, flow_root, presentation):
    return {"screen": screen, "flow": flow, "flowRoot": flow_root, "presentation": presentation}


def clean_directive(d):
    """Keeps the fields the rules read: unknown fields are ignored."""
    if not isinstance(d, dict):
        return None
    return {key: d[key] for key in ("id", "mode", "screen", "flow") if key in d}


def client_of(nav):
    """The RUF client, which moves the navigator's stack as a server's directives and the user's actions ask."""
    if not hasattr(nav, "client"):
        nav.client = Client(nav, Rejected)
    return nav.client


def handle(nav, request):
    seq = request.get("seq")
    cmd = request.get("cmd")
    if BUG == "assert-pop-to-missing":
        # Chatty, as a debug build is: the assertion line comes last, after many of these.
        sys.stderr.write("debug: handling %s (seq %s)\n" % (cmd, seq))
    if cmd == "hello" and DECODER_ONLY:
        return {"seq": seq, "protocol": 1,
                "implementation": {"name": "python-example-decoder", "version": "1.0", "language": "Python"},
                "capabilities": {"suites": ["decoding"], "componentTypes": COMPONENT_TYPES, "migrations": True}}
    if cmd == "hello":
        return {"seq": seq, "protocol": 1,
                "implementation": {"name": "python-example", "version": "1.0", "language": "Python"},
                # Under flowcheck serve it is an SDK's client harness, the client suite alone.
                "capabilities": {"suites": ["client"] if os.environ.get("FLOWCHECK_SERVER_URL") else
                                 ["navigation", "session", "decoding", "client"], "modes": MODES,
                                 "behaviors": BEHAVIORS, "nesting": ["owned", "shared"], "reasons": True,
                                 "batch": BATCH, "componentTypes": COMPONENT_TYPES, "migrations": True,
                                 "mergeStrategies": MERGE_STRATEGIES, "metrics": True, "optimisticComponents": True,
                                 "actionQueue": QUEUE}}
    if cmd == "reset":
        nav.stack = copy.deepcopy(request["stack"])
        nav.nesting = request["profile"]["nesting"]
        nav.pending = None
        return {"seq": seq, "ok": True}
    if cmd in ("navigate", "optimistic"):
        reply = {"seq": seq}
        try:
            if cmd == "navigate":
                nav.navigate(clean_directive(request.get("directive")))
            else:
                nav.optimistic(clean_directive(request.get("directive")) or {})
            reply["outcome"] = "applied"
        except Rejected as rejection:
            reply["outcome"] = "rejected"
            reply["reason"] = rejection.reason
        # A snapshot: in a batch, later commands must not change an earlier reply.
        reply["state"] = {"stack": copy.deepcopy(nav.stack), "pending": {"id": nav.pending[0]} if nav.pending else None}
        return reply
    if cmd == "clientReset":
        client_of(nav).reset(request["stack"], request["profile"]["nesting"])
        return {"seq": seq, "ok": True}
    if cmd == "client":
        return dict(client_of(nav).apply(request["input"], request.get("delivered")), seq=seq)
    if cmd == "decode":
        return dict(decode(request.get("text", "")), seq=seq)
    if cmd == "batch" and BATCH:
        return {"seq": seq, "replies": [handle(nav, inner) for inner in request["commands"]]}
    return {"seq": seq, "errored": True, "message": "unknown command %r" % cmd}


def main():
    nav = Navigator()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "stop":
            return
        sys.stdout.write(json.dumps(handle(nav, request), sort_keys=True) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

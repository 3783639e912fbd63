"""An example RUF client for FlowCheck's client suite, written from the Client article
(Sources/RUFClientModel/RUFClientModel.docc/Client.md), independently of the Swift reference client.

The client keeps a component cache (screen -> rel -> behavior, locale, payload), the SessionMeta, the screen the
last response named, one request in flight and a queue of actions waiting for it. Navigation, optimistic changes
included, is the example navigator's (navigator.py), which the client is given rather than imports: navigator.py
runs as __main__, and importing it again would make a second copy of its classes.

Set FLOWCHECK_EXAMPLE_BUG to plant a bug: client-append-replaces (APPEND replaces the cached lists),
client-meta-deep-merge (a meta patch merges nested objects), client-no-component-rollback (a rejected action's
optimistic component update stays).
Set FLOWCHECK_EXAMPLE_ACTION_QUEUE=latest to keep only the newest waiting action (the capability
"actionQueue": "latest"); by default every waiting action is sent in turn.

Under `flowcheck serve`, FLOWCHECK_SERVER_URL is the kit's base URL: the client then sends its requests over HTTP as
the api-contract page says (on a thread of their own, as an app does), and a response input marked "delivered" is
not applied from the command but awaited from the network. Its networking bugs, FLOWCHECK_EXAMPLE_BUG=http-...:
http-request-id-reused (every request of a session carries the first one's x-request-id), http-meta-not-whole (an
action sends only the last meta patch), http-wrong-endpoint (actions go to /session/actions),
http-screen-params-dropped (a create leaves out its screenParams), http-no-content-type (no Content-Type header),
http-action-never-sent (an action request is reported but never sent). FLOWCHECK_EXAMPLE_HTTP chooses conforming
ways to use the network: unreported (the harness reports no request events; the kit reads them off the network),
retry (each request is first written on a connection closed at once, then sent again with its x-request-id on a new
one, as a client retries after a timeout).
"""
import copy
import http.client
import json
import os
import queue
import threading
import urllib.parse
import uuid

BUG = os.environ.get("FLOWCHECK_EXAMPLE_BUG", "")
QUEUE = os.environ.get("FLOWCHECK_EXAMPLE_ACTION_QUEUE", "fifo")
SERVER = os.environ.get("FLOWCHECK_SERVER_URL", "")
HTTP_MODE = os.environ.get("FLOWCHECK_EXAMPLE_HTTP", "")
# Requests still being written, of whichever client: a reset waits for them.
SENDING = []
MERGE_STRATEGIES = ["REPLACE", "APPEND", "MATCH"]
# The actionResult types that reject the action; a TOAST rejects it only with severity ERROR.
REJECTING_RESULTS = ("ERROR", "FORM_ERROR")


def same(a, b):
    """JSON equality: true is not 1, and 1 is 1.0 (Python's == says True == 1)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) or isinstance(b, (int, float)):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    return type(a) is type(b) and a == b


def as_object(value):
    return value if isinstance(value, dict) else None


def as_list(value):
    return value if isinstance(value, list) else []


def as_string(value):
    return value if isinstance(value, str) else None


def directive_of(value):
    """A directive as the navigator reads it: its own fields when they are strings, the flow's name and behavior;
    everything else (transition, screenParams, fields of the wrong type) ignored."""
    d = {key: value[key] for key in ("id", "mode", "screen") if isinstance(value.get(key), str)}
    flow = as_object(value.get("flow"))
    if flow is not None:
        d["flow"] = {key: flow[key] for key in ("name", "behavior") if isinstance(flow.get(key), str)}
    return d


def component_of(value):
    """A received component as the cache keeps it; a field of the wrong kind counts as absent."""
    value = as_object(value) or {}
    locale = as_object(value.get("locale"))
    return {"behavior": as_string(value.get("behavior")), "locale": {} if locale is None else locale,
            "payload": value.get("payload")}


def strategy_of(value):
    """REPLACE, APPEND, MATCH, or another name (merged as REPLACE). {"type": "APPEND"} or a bare string."""
    strategy = (as_object(value) or {}).get("mergeStrategy")
    if strategy is None:
        return "REPLACE"
    if isinstance(strategy, str):
        return strategy
    if isinstance(strategy, dict) and isinstance(strategy.get("type"), str):
        return strategy["type"]
    return "?"


def match(items, cached):
    """MATCH on one list: an item replaces, in place, the first cached item with an equal id; the rest go last."""
    result = list(cached)
    for item in items:
        at = None
        if isinstance(item, dict) and item.get("id") is not None:
            at = next((index for index, old in enumerate(result)
                       if isinstance(old, dict) and "id" in old and same(old["id"], item["id"])), None)
        if at is None:
            result.append(item)
        else:
            result[at] = item
    return result


def merge(strategy, incoming, cached):
    received = component_of(incoming)
    if cached is None or strategy not in ("APPEND", "MATCH"):
        return received
    old, new = cached["payload"], received["payload"]
    incoming_object = as_object(incoming) or {}
    behavior, locale = as_string(incoming_object.get("behavior")), as_object(incoming_object.get("locale"))
    behavior = cached["behavior"] if behavior is None else behavior
    locale = cached["locale"] if locale is None else locale
    if not isinstance(old, dict) or not isinstance(new, dict):
        # Nothing to merge field by field: a payload sent replaces the cached one, none keeps it.
        return {"behavior": behavior, "locale": locale, "payload": old if new is None else new}
    fields = dict(old)
    for key, value in new.items():
        if isinstance(fields.get(key), list) and isinstance(value, list):
            if strategy == "APPEND":
                fields[key] = value if BUG == "client-append-replaces" else fields[key] + value
            else:
                fields[key] = match(value, fields[key])
        else:
            fields[key] = value
    return {"behavior": behavior, "locale": locale, "payload": fields}


def rejects(session):
    navigation = as_object(session.get("navigation"))
    if navigation is not None and navigation.get("mode") == "FAILED":
        return True
    result = as_object(session.get("actionResult")) or {}
    kind = result.get("type")
    return kind in REJECTING_RESULTS or (kind == "TOAST" and result.get("severity") == "ERROR")


class Client:
    def __init__(self, navigator, rejected):
        self.nav = navigator
        self.rejected = rejected
        self.reset(navigator.stack, navigator.nesting)

    def reset(self, stack, nesting):
        # A request still being sent belongs to the run that ends: it goes out before the reset is answered.
        # (Kept by the module: a reset may come to a new client.)
        for sent in SENDING:
            sent.wait(timeout=2)
        SENDING.clear()
        self.nav.stack = copy.deepcopy(stack)
        self.nav.nesting = nesting
        self.nav.pending = None
        self.cache = {}
        self.meta = {}
        self.current_screen = None
        self.in_flight = None
        self.flight = None  # what the answer to the request in flight needs: active screen before, optimistic update
        self.waiting = []
        # Under flowcheck serve: the answers the network brought, and what the last patch was (for a planted bug).
        self.answers = queue.Queue()
        self.first_id = None
        self.last_patch = {}

    def active(self, stack=None):
        stack = self.nav.stack if stack is None else stack
        return stack[-1]["screen"] if stack else None

    def apply(self, inp, delivered=None):
        """One input; returns the reply's state and events. Over HTTP a response comes from the network, when the
        kit delivered one."""
        events = []
        kind = inp.get("kind")
        if kind == "create":
            self.submit(("create", inp.get("screen"), inp.get("screenParams", {})), events)
        elif kind == "action":
            self.submit(("action", inp), events)
        elif kind == "response":
            if SERVER:
                if not delivered:
                    return {"state": self.state(), "events": events}
                session = self.answers.get(timeout=10)
            else:
                session = inp.get("session")
            self.process(as_object(session) or {}, events)
            if self.waiting:
                self.send(self.waiting.pop(0), events)
        return {"state": self.state(), "events": events}

    def post(self, request, request_id):
        """Sends one request to the kit on a thread of its own, and returns once it is written: the answer is put
        in self.answers when it comes."""
        if BUG == "http-action-never-sent" and request[0] == "action":
            return
        if BUG == "http-request-id-reused":
            self.first_id = self.first_id or request_id
            request_id = self.first_id
        if request[0] == "create":
            path = "/session/create"
            body = {"screen": request[1], "context": {"os": "python", "version": "1.0.0"}}
            if BUG != "http-screen-params-dropped":
                body["screenParams"] = request[2]
        else:
            inp = request[1]
            action = as_object(inp.get("action")) or {}
            path = "/session/actions" if BUG == "http-wrong-endpoint" else "/session/action"
            meta = self.last_patch if BUG == "http-meta-not-whole" else self.meta
            body = {"screen": inp.get("screen"), "action": {"type": action.get("type"),
                                                            "payload": action.get("payload", {})},
                    "meta": copy.deepcopy(meta)}
        headers = {"x-request-id": request_id}
        if BUG != "http-no-content-type":
            headers["Content-Type"] = "application/json"
        url = urllib.parse.urlparse(SERVER)
        written = threading.Event()
        answers = self.answers

        sent = threading.Event()
        SENDING.append(sent)

        def exchange():
            try:
                if HTTP_MODE == "retry":
                    lost = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
                    lost.request("POST", url.path.rstrip("/") + path, body=json.dumps(body), headers=headers)
                    lost.close()
                connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
                connection.request("POST", url.path.rstrip("/") + path, body=json.dumps(body), headers=headers)
                written.set()
                sent.set()
                response = connection.getresponse()
                data = response.read()
                if response.status == 200:
                    answers.put(json.loads(data))
                connection.close()
            except (OSError, ValueError, http.client.HTTPException):
                written.set()
                sent.set()

        threading.Thread(target=exchange, daemon=True).start()
        written.wait(timeout=5)

    def submit(self, request, events):
        if self.in_flight is None:
            self.send(request, events)
            return
        if QUEUE == "latest":
            self.waiting = []
        self.waiting.append(request)

    def send(self, request, events):
        self.in_flight = str(uuid.uuid4())
        if SERVER:
            self.post(request, self.in_flight)
        # The stack before any optimistic change: a screen becomes active when the answer leaves the stack otherwise.
        # A create has none: no screen was active before the session.
        self.flight = {"stack": copy.deepcopy(self.nav.stack), "update": None, "before": None}
        # Under serve a harness may leave its requests to the network.
        reported = events if not (SERVER and HTTP_MODE == "unreported") else []
        if request[0] == "create":
            self.flight["stack"] = None
            reported.append({"event": "request", "kind": "create", "id": self.in_flight, "screen": request[1],
                           "screenParams": request[2]})
            return
        inp = request[1]
        action = as_object(inp.get("action")) or {}
        reported.append({"event": "request", "kind": "action", "id": self.in_flight, "screen": inp.get("screen"),
                       "action": {"type": action.get("type"), "payload": action.get("payload", {})},
                       "meta": copy.deepcopy(self.meta)})
        optimistic = as_object(inp.get("optimistic")) or {}
        navigation = as_object(optimistic.get("navigation"))
        if navigation is not None:
            d = directive_of(navigation)
            try:
                self.nav.optimistic(d)
                outcome = "optimistic"
            except self.rejected:
                outcome = "rejected"
            events.append({"event": "navigation", "outcome": outcome, "id": d.get("id")})
        update = as_object(optimistic.get("component"))
        if update is not None and isinstance(update.get("screen"), str) and isinstance(update.get("rel"), str):
            screen, rel = update["screen"], update["rel"]
            self.flight["update"] = (screen, rel)
            self.flight["before"] = copy.deepcopy(self.cache.get(screen, {}).get(rel))
            self.cache.setdefault(screen, {})[rel] = component_of(update.get("component", {}))

    def process(self, session, events):
        flight, self.flight, self.in_flight = self.flight, None, None
        # 1. Meta: a shallow merge.
        self.last_patch = copy.deepcopy(as_object(session.get("meta")) or {})
        for key, value in (as_object(session.get("meta")) or {}).items():
            if BUG == "client-meta-deep-merge" and isinstance(self.meta.get(key), dict) and isinstance(value, dict):
                value = dict(self.meta[key], **value)
            self.meta[key] = value
        # 2. The cache: a rejected action's optimistic component goes back first, then each component is merged.
        screens = as_object(session.get("screens")) or {}
        rejected = rejects(session)
        if flight and flight["update"] and rejected and BUG != "client-no-component-rollback":
            screen, rel = flight["update"]
            if flight["before"] is None:
                self.cache.get(screen, {}).pop(rel, None)
                if screen in self.cache and not self.cache[screen]:
                    del self.cache[screen]
            else:
                self.cache.setdefault(screen, {})[rel] = flight["before"]
        for name, screen in screens.items():
            for rel, component in (as_object((as_object(screen) or {}).get("components")) or {}).items():
                cached = self.cache.get(name, {}).get(rel)
                self.cache.setdefault(name, {})[rel] = merge(strategy_of(component), component, cached)
        # 3. Metrics: the screen that becomes active (once navigated), every loaded screen, a successful action.
        navigation = as_object(session.get("navigation"))
        directive = directive_of(navigation) if navigation is not None else None
        # A copy of the navigator to see where the directive leads, sharing nothing it may change.
        after = copy.copy(self.nav)
        after.stack, after.pending = copy.deepcopy(self.nav.stack), copy.deepcopy(self.nav.pending)
        try:
            after.navigate(directive)
        except self.rejected:
            pass
        became = self.active(after.stack)
        changed = (flight["stack"] != after.stack) if flight else (self.nav.stack != after.stack)
        if became is not None and changed and became in screens:
            for metric in as_list((as_object(screens[became]) or {}).get("navigationMetrics")):
                events.append({"event": "metric", "point": "navigation", "screen": became, "metric": metric})
        for name, screen in screens.items():
            for metric in as_list((as_object(screen) or {}).get("metrics")):
                events.append({"event": "metric", "point": "screen", "screen": name, "metric": metric})
        result = as_object(session.get("actionResult"))
        if not rejected:
            for metric in as_list((result or {}).get("actionMetrics")):
                events.append({"event": "metric", "point": "action", "screen": None, "metric": metric})
        # 4. Navigation.
        if directive is None:
            self.nav.navigate(None)
        else:
            pending = self.nav.pending
            if directive.get("mode") == "FAILED":
                outcome = "rolledBack" if pending else "failed"
            elif pending and directive.get("id") == pending[0] and all(
                    directive.get(key) == pending[1].get(key) for key in ("mode", "screen", "flow")):
                outcome = "confirmed"
            else:
                outcome = None
            try:
                self.nav.navigate(directive)
                outcome = outcome or "applied"
            except self.rejected:
                outcome = outcome or "rejected"
            events.append({"event": "navigation", "outcome": outcome, "id": directive.get("id")})
        # 5. The actionResult, whatever its type.
        if result is not None:
            events.append({"event": "actionResult", "result": result})
        if isinstance(session.get("currentScreen"), str):
            self.current_screen = session["currentScreen"]

    def state(self):
        """A snapshot: in a batch, later inputs must not change an earlier reply."""
        return copy.deepcopy({
            "stack": self.nav.stack, "pending": {"id": self.nav.pending[0]} if self.nav.pending else None,
            "cache": self.cache, "meta": self.meta, "currentScreen": self.current_screen,
            "inFlight": self.in_flight, "queued": len(self.waiting)})

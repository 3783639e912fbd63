#!/usr/bin/env python3
"""A flow runtime for FlowCheck's runtime suite, in plain Python 3.

Written from two documents alone: the FlowRuntimeModel's Runtime article (the
RUN-* rules, the FlowExpression language, Set Variable's operations, abTest
draws) and the process protocol, version 1 (its runtime suite). It shares no
code with the reference model.

It reads one JSON request per line on stdin and answers one JSON line per
request on stdout: hello, start, state, act, batch and stop.

Values follow the article's four variable types: strings (str), numbers
(float, always a double), booleans (bool) and lists (list). `NO_VALUE` stands
for "has no value" (RUN-EXPR-NOVALUE); it is never stored in a variable.
"""

import json
import math
import sys

NO_VALUE = object()

MAX_LOGIC_NODES = 100      # RUN-CYCLE: more than this many logic nodes in one walk is an error
MAX_DEPTH = 32             # RUN-EXPR-DEPTH and RUN-COND-LOGIC
MAX_OPERATIONS = 1000      # the FlowExpression language: operators, parentheses and calls in all
MAX_TEXT = 10000           # RUN-EXPR-CONCAT: the longest text + may make, in Unicode scalars

ZERO = {"string": "", "number": 0.0, "boolean": False, "list": []}


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------

def is_number(v):
    # bool is a subclass of int in Python; a boolean is never a number here.
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def type_of(v):
    if isinstance(v, bool):
        return "boolean"
    if is_number(v):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "list"
    return None


def display(v):
    """The display string (RUN-INTERP): whole numbers without a fraction, lists joined by ', '."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if is_number(v):
        v = float(v)
        if v.is_integer():
            return str(int(v))
        return repr(v)
    if isinstance(v, list):
        return ", ".join(display(item) for item in v)
    return str(v)


def same_value(a, b):
    """== in expressions and equals in conditions: values of different types are unequal."""
    ta, tb = type_of(a), type_of(b)
    if ta != tb:
        return False
    if ta == "list":
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if ta == "number":
        return float(a) == float(b)
    return a == b


def to_json(v):
    """Whole numbers are written as JSON integers, as a double would print them."""
    if is_number(v):
        f = float(v)
        return int(f) if f.is_integer() and abs(f) < 2 ** 53 else f
    if isinstance(v, list):
        return [to_json(x) for x in v]
    return v


def parse_number(s):
    """A numeric string: the FlowExpression number syntax with an optional sign."""
    t = s[1:] if s[:1] in "+-" else s
    whole, dot, frac = t.partition(".")
    if not whole.isdigit() or not whole.isascii() or (dot and not (frac.isdigit() and frac.isascii())):
        return NO_VALUE
    return float(s)


def convert(value, vtype, item_type=None):
    """RUN-VAR-COERCE: convert a value to a variable's type, or NO_VALUE when it does not convert."""
    if value is NO_VALUE or value is None:
        return NO_VALUE
    if vtype == "string":
        if isinstance(value, str):
            return value
        if is_number(value) or isinstance(value, bool):
            return display(value)
        return NO_VALUE
    if vtype == "number":
        if is_number(value):
            return float(value)
        if isinstance(value, str):
            return parse_number(value)
        return NO_VALUE
    if vtype == "boolean":
        if isinstance(value, bool):
            return value
        if is_number(value):
            return value != 0  # a number is true when it is not zero
        if isinstance(value, str):
            return {"true": True, "1": True, "yes": True,
                    "false": False, "0": False, "no": False}.get(value.lower(), NO_VALUE)
        return NO_VALUE
    if vtype == "list":
        if not isinstance(value, list):
            return NO_VALUE
        items = [convert(x, item_type or "string") for x in value]
        return NO_VALUE if any(x is NO_VALUE for x in items) else items
    return NO_VALUE


# ---------------------------------------------------------------------------
# The FlowExpression language
# ---------------------------------------------------------------------------

class ParseError(Exception):
    pass


def is_name_start(c):
    return c.isalpha() or c == "_"


def tokenize(text):
    """Tokens are (kind, value): num, str, name, op; spaces, tabs and newlines separate them."""
    tokens, i, n = [], 0, len(text)
    escapes = {"\\": "\\", "'": "'", '"': '"', "n": "\n"}
    while i < n:
        c = text[i]
        if c in " \t\n\r":
            i += 1
        elif c.isdigit() and c.isascii():
            j = i
            while j < n and text[j].isdigit() and text[j].isascii():
                j += 1
            if j < n and text[j] == ".":
                k = j + 1
                while k < n and text[k].isdigit() and text[k].isascii():
                    k += 1
                if k == j + 1:
                    raise ParseError("a fraction needs digits")
                j = k
            tokens.append(("num", float(text[i:j])))
            i = j
        elif c in "'\"":
            j, out = i + 1, []
            while True:
                if j >= n:
                    raise ParseError("unterminated string")
                if text[j] == c:
                    break
                if text[j] == "\\":
                    if j + 1 >= n or text[j + 1] not in escapes:
                        raise ParseError("bad escape")
                    out.append(escapes[text[j + 1]])
                    j += 2
                else:
                    out.append(text[j])
                    j += 1
            tokens.append(("str", "".join(out)))
            i = j + 1
        elif is_name_start(c):
            j = i + 1
            while j < n and (text[j].isalnum() or text[j] in "_."):
                j += 1
            word = text[i:j]
            tokens.append(("bool", word == "true") if word in ("true", "false") else ("name", word))
            i = j
        elif text[i:i + 2] in ("||", "&&", "==", "!=", "<=", ">="):
            tokens.append(("op", text[i:i + 2]))
            i += 2
        elif c in "<>+-*/%!(),":
            tokens.append(("op", c))
            i += 1
        else:
            raise ParseError("unexpected character %r" % c)
    return tokens


# Binary operators from the loosest; every level groups left to right.
LEVELS = [("||",), ("&&",), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"), ("*", "/", "%")]


class Parser:
    """Recursive descent into a small tree: ('lit', v), ('var', name), ('un', op, e),
    ('bin', op, l, r), ('call', name, args)."""

    def __init__(self, text):
        self.tokens = tokenize(text)
        self.pos = 0
        self.depth = 0
        self.operations = 0

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else (None, None)

    def take_op(self, ops):
        kind, value = self.peek()
        if kind == "op" and value in ops:
            self.pos += 1
            return value
        return None

    def expect(self, op):
        if not self.take_op((op,)):
            raise ParseError("expected %r" % op)

    def count(self):
        self.operations += 1
        if self.operations > MAX_OPERATIONS:
            raise ParseError("too many operations")

    def nest(self):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError("nested too deep")

    def parse(self):
        tree = self.binary(0)
        if self.pos != len(self.tokens):
            raise ParseError("trailing tokens")
        return tree

    def binary(self, level):
        if level == len(LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while True:
            op = self.take_op(LEVELS[level])
            if not op:
                return left
            self.count()
            left = ("bin", op, left, self.binary(level + 1))

    def unary(self):
        op = self.take_op(("!", "-"))
        if op:
            self.count()
            self.nest()
            operand = self.unary()
            self.depth -= 1
            return ("un", op, operand)
        return self.primary()

    def primary(self):
        kind, value = self.peek()
        if kind is None:
            raise ParseError("unexpected end")
        self.pos += 1
        if kind in ("num", "str", "bool"):
            return ("lit", value)
        if kind == "op" and value == "(":
            self.count()
            self.nest()
            inner = self.binary(0)
            self.expect(")")
            self.depth -= 1
            return inner
        if kind == "name":
            if self.take_op(("(",)):
                return self.call(value)
            return ("var", value)
        raise ParseError("unexpected %r" % (value,))

    def call(self, name):
        self.count()
        self.nest()
        args = []
        if not self.take_op((")",)):
            args.append(self.binary(0))
            while self.take_op((",",)):
                args.append(self.binary(0))
            self.expect(")")
        self.depth -= 1
        return ("call", name, args)


def evaluate(text, variables):
    """The value of a FlowExpression string, or NO_VALUE (RUN-EXPR-NOVALUE)."""
    if not isinstance(text, str):
        return NO_VALUE
    try:
        tree = Parser(text).parse()
    except (ParseError, ValueError):
        return NO_VALUE
    return eval_tree(tree, variables)


def eval_tree(node, variables):
    tag = node[0]
    if tag == "lit":
        return node[1]
    if tag == "var":
        return variables.get(node[1], NO_VALUE)
    if tag == "un":
        v = eval_tree(node[2], variables)
        if node[1] == "!":
            return (not v) if isinstance(v, bool) else NO_VALUE
        return -v if is_number(v) else NO_VALUE
    if tag == "call":
        args = [eval_tree(a, variables) for a in node[2]]
        if any(a is NO_VALUE for a in args):
            return NO_VALUE
        return call_function(node[1], args)
    op, left_node, right_node = node[1], node[2], node[3]
    left = eval_tree(left_node, variables)
    if op in ("&&", "||"):
        # RUN-EXPR-LOGIC: the right side is looked at only when the left does not decide.
        if not isinstance(left, bool):
            return NO_VALUE
        if (op == "&&" and not left) or (op == "||" and left):
            return left
        right = eval_tree(right_node, variables)
        return right if isinstance(right, bool) else NO_VALUE
    right = eval_tree(right_node, variables)
    if left is NO_VALUE or right is NO_VALUE:
        return NO_VALUE
    return binary(op, left, right)


def binary(op, a, b):
    if op == "==":
        return same_value(a, b)
    if op == "!=":
        return not same_value(a, b)
    if op in ("<", "<=", ">", ">="):
        comparable = (is_number(a) and is_number(b)) or (isinstance(a, str) and isinstance(b, str))
        if not comparable:
            return NO_VALUE
        # Python compares str by code points, which are the Unicode scalars.
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
    if op == "+" and (isinstance(a, str) or isinstance(b, str)):
        # RUN-EXPR-CONCAT: a string on either side joins display strings; lists have no value.
        if isinstance(a, list) or isinstance(b, list):
            return NO_VALUE
        joined = display(a) + display(b)
        # A text past 10,000 scalars has no value: a loop doubling it stays bounded.
        return joined if len(joined) <= MAX_TEXT else NO_VALUE
    if not (is_number(a) and is_number(b)):
        return NO_VALUE
    a, b = float(a), float(b)
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        return NO_VALUE  # division and remainder by zero have no value
    if op == "/":
        return a / b
    return math.fmod(a, b)  # % keeps the sign of the dividend


def call_function(name, args):
    """RUN-EXPR-FUNCTION: each function has a fixed arity and argument types."""
    if name == "length" and len(args) == 1:
        if isinstance(args[0], (str, list)):
            return float(len(args[0]))  # a Python str's length counts Unicode scalars
    elif name in ("lower", "upper") and len(args) == 1:
        if isinstance(args[0], str):
            return args[0].lower() if name == "lower" else args[0].upper()
    elif name == "contains" and len(args) == 2:
        whole, part = args
        if isinstance(whole, str) and isinstance(part, str):
            return part in whole
        if isinstance(whole, list):
            return any(same_value(item, part) for item in whole)
    elif name in ("min", "max") and len(args) == 2:
        if is_number(args[0]) and is_number(args[1]):
            return float(min(args) if name == "min" else max(args))
    elif name == "abs" and len(args) == 1:
        if is_number(args[0]):
            return abs(float(args[0]))
    return NO_VALUE


# ---------------------------------------------------------------------------
# Condition objects (the conditions page)
# ---------------------------------------------------------------------------

NEGATIONS = ("not_equals", "not_contains")


def condition_holds(cond, variables, depth=1):
    """RUN-COND-*: a FlowExpression string must give true; an object is tested by its operator."""
    if isinstance(cond, str):
        return evaluate(cond, variables) is True  # RUN-COND-EXPRESSION
    if not isinstance(cond, dict) or depth > MAX_DEPTH:
        return False
    op = cond.get("op")
    if op in ("and", "or"):
        parts = cond.get("conditions")
        if not isinstance(parts, list):
            return False
        results = (condition_holds(c, variables, depth + 1) for c in parts)
        return all(results) if op == "and" else any(results)
    if op == "not":
        if "condition" not in cond:
            return False
        return not condition_holds(cond.get("condition"), variables, depth + 1)
    left = cond.get("left")
    key = left.get("var") if isinstance(left, dict) else None
    if key not in variables:
        # RUN-COND-MISSING-VAR: an undeclared variable is empty.
        return op in ("is_empty",) + NEGATIONS
    return compare(op, variables[key], cond.get("right", NO_VALUE))


def compare(op, value, right):
    """One operator on a declared variable's value; a type mismatch is false (RUN-COND-MISMATCH)."""
    if op in NEGATIONS:
        return not compare(op[4:], value, right)
    if op == "is_empty":
        return isinstance(value, (str, list)) and len(value) == 0
    if op == "is_not_empty":
        return isinstance(value, (str, list)) and len(value) > 0
    if op == "equals":
        if isinstance(value, list):
            return isinstance(right, list) and same_value(value, right)
        return type_of(value) == type_of(right) and same_value(value, right)
    if op == "contains":
        if isinstance(value, str):
            return isinstance(right, str) and right in value
        if isinstance(value, list):
            return any(same_value(item, right) for item in value)
        return False
    if op in ("starts_with", "ends_with"):
        if not (isinstance(value, str) and isinstance(right, str)):
            return False
        return value.startswith(right) if op == "starts_with" else value.endswith(right)
    orders = {"greater_than": ">", "greater_than_or_equals": ">=",
              "less_than": "<", "less_than_or_equals": "<="}
    if op in orders:
        if not (is_number(value) and is_number(right)):
            return False
        return binary(orders[op], value, right)
    return False  # RUN-COND-UNKNOWN-OP: operators are case-sensitive and never throw


# ---------------------------------------------------------------------------
# The runtime
# ---------------------------------------------------------------------------


class Ended(Exception):
    """Raised inside a walk once the flow has ended; the action list stops (RUN-CLOSE-REST)."""


class Runtime:
    def __init__(self, flow, context, draws):
        self.flow_id = flow.get("id")
        self.nodes = [n for n in flow.get("nodes") or [] if isinstance(n, dict)]
        self.by_id = {}
        for n in self.nodes:
            self.by_id.setdefault(n.get("id"), n)
        self.edges = [e for e in flow.get("edges") or [] if isinstance(e, dict)]
        self.screens = [n.get("id") for n in self.nodes if n.get("kind") == "screen"]
        self.draws = [d for d in draws or [] if is_number(d)]
        self.draw_index = 0
        self.events = []
        self.history = []
        self.screen = None
        self.outcome = None
        self.shown_any = False
        self.assignments = {}
        self.declare(flow.get("variables") or [], context or {})
        self.start(flow.get("entryNodeId"))

    # --- variables -------------------------------------------------------

    def declare(self, declarations, context):
        self.vars, self.types, self.item_types = {}, {}, {}
        self.writable, self.initial = {}, {}
        for d in declarations:
            if not isinstance(d, dict) or d.get("type") not in ZERO or d.get("key") in self.vars:
                continue
            key, vtype = d.get("key"), d["type"]
            self.types[key] = vtype
            self.item_types[key] = d.get("listItemType") or "string"
            self.writable[key] = d.get("writable", True) is not False
            value = self.convert(key, self.source_value(d.get("source"), context))
            if value is NO_VALUE:  # RUN-VAR-FALLBACK
                value = self.convert(key, d.get("defaultValue", NO_VALUE))
            if value is NO_VALUE:
                value = list(ZERO[vtype]) if vtype == "list" else ZERO[vtype]
            self.vars[key] = value
            self.initial[key] = value

    @staticmethod
    def source_value(source, context):
        if not isinstance(source, dict):
            return NO_VALUE
        if source.get("kind") == "constant":
            return source.get("value", NO_VALUE)
        if source.get("kind") == "sdk":
            # RUN-VAR-CONTEXT-KEY: the path is one flat key, dots included.
            return context.get(source.get("path"), NO_VALUE)
        return NO_VALUE

    def convert(self, key, value):
        return convert(value, self.types[key], self.item_types[key])

    # --- events and endings ----------------------------------------------

    def fire(self, name, **fields):
        self.events.append({"name": name, "fields": fields})

    def show(self, node):
        self.screen = node["id"]
        self.shown_any = True
        self.history.append(node["id"])
        self.fire("screen_view", screen_id=node["id"], screen_name=node.get("name"),
                  screen_index=self.screens.index(node["id"]))

    def leave_screen(self):
        # The article names no field for screen_exit but the screen left.
        self.fire("screen_exit", screen_id=self.screen)
        self.screen = None

    def end(self, outcome):
        # RUN-OUTCOME: one outcome, set once; RUN-EVENT-END: flow_complete / flow_exit last.
        self.outcome = outcome
        self.screen = None
        raise Ended()

    # --- edges -----------------------------------------------------------

    def choose_edge(self, node_id, kinds):
        """RUN-EDGE-*: of the node's edges of these kinds whose guard holds and whose
        target exists, the highest priority, first in document order among equals."""
        best, best_priority = None, None
        for e in self.edges:
            if e.get("fromNodeId") != node_id or (e.get("kind") or "normal") not in kinds:
                continue
            if e.get("toNodeId") not in self.by_id:
                continue  # RUN-EDGE-DANGLING
            guard = e.get("guard")
            if guard is not None and evaluate(guard, self.vars) is not True:
                continue  # RUN-EDGE-GUARD
            priority = e.get("priority")
            priority = float(priority) if is_number(priority) else 0.0
            if best is None or priority > best_priority:
                best, best_priority = e, priority
        return best["toNodeId"] if best else None

    # --- the walk --------------------------------------------------------

    def walk(self, node_id):
        """Run logic nodes from node_id until a screen shows or the flow ends."""
        visited = 0
        while True:
            node = self.by_id.get(node_id)
            if node is None:
                self.finish_walk()
            if node.get("kind") == "screen":
                self.show(node)
                return
            visited += 1
            if visited > MAX_LOGIC_NODES:
                self.end("error")  # RUN-CYCLE: never hang
            node_id = self.run_logic(node)
            if node_id is None:
                self.finish_walk()

    def finish_walk(self):
        # RUN-COMPLETE / RUN-NO-SCREEN: no edge to follow.
        if self.shown_any:
            self.fire("flow_complete")
            self.end("completed")
        self.end("error")

    def run_logic(self, node):
        """Run one logic node and return the id of the node it leads to, or None."""
        kind = node.get("kind")
        if kind == "condition":
            holds = condition_holds(node.get("condition"), self.vars)
            target = self.choose_edge(node["id"], ("conditionTrue",) if holds else ("conditionFalse",))
            # RUN-COND-MISSING-EDGE: without a branch edge, the normal edges.
            return target or self.choose_edge(node["id"], ("normal",))
        if kind == "assign":
            for a in node.get("assignments") or []:
                if isinstance(a, dict):
                    self.assign(a.get("variableKey"), evaluate(a.get("expression"), self.vars))
        elif kind == "abTest":
            target = self.ab_test(node)
            if target is not None:
                return target
        # assign, an abTest without variants, and unsupported kinds (RUN-UNSUPPORTED)
        return self.choose_edge(node["id"], ("normal",))

    def assign(self, key, value):
        # RUN-ASSIGN-NOVALUE / RUN-SET-UNKNOWN: no value or an unknown key writes nothing.
        if key not in self.vars:
            return
        value = self.convert(key, value)
        if value is not NO_VALUE:
            self.vars[key] = value

    def next_draw(self):
        if not self.draws:
            return 0.0
        d = self.draws[self.draw_index % len(self.draws)]
        self.draw_index += 1
        return float(d)

    def ab_test(self, node):
        """RUN-AB-*: the sticky variant, else one drawn by the cumulative split."""
        variants = [v for v in node.get("variants") or []
                    if isinstance(v, dict) and v.get("targetNodeId") in self.by_id]
        # RUN-EDGE-DANGLING: a variant whose target names no node is left out before
        # the split, as if it were not there; with none left, RUN-AB-EMPTY applies.
        if not variants:
            return None
        key = node.get("experimentKey")
        if key in self.assignments:
            for v in variants:
                if v.get("id") == self.assignments[key]:
                    return v["targetNodeId"]
            # The article is silent on a later node without the assigned variant. An
            # exposure fires once per key (RUN-AB-EXPOSURE), so nothing is drawn or
            # reassigned: the node leads on by its default edge, as one without variants.
            return None
        chosen = self.pick(variants, self.next_draw())
        self.assignments[key] = chosen.get("id")
        self.fire("experiment_exposure", experiment_id=key,
                  variant_id=chosen.get("id"), variant_name=chosen.get("label"))
        return chosen["targetNodeId"]

    @staticmethod
    def pick(variants, draw):
        weights = [max(float(v.get("weight")), 0.0) if is_number(v.get("weight")) else 0.0
                   for v in variants]
        total = sum(weights)
        if total == 0:
            # RUN-AB-ZERO: equal shares.
            return variants[min(int(draw * len(variants)), len(variants) - 1)]
        point, cumulative = draw * total, 0.0
        for v, w in zip(variants, weights):
            cumulative += w
            if point < cumulative:
                return v
        return variants[-1]

    # --- starting and actions ----------------------------------------------

    def start(self, entry):
        self.fire("flow_start", flow_id=self.flow_id)
        if entry not in self.by_id:
            # RUN-START-FALLBACK: the first screen, else the first node.
            entry = self.screens[0] if self.screens else (self.nodes[0].get("id") if self.nodes else None)
        try:
            self.walk(entry)
        except Ended:
            pass

    def act(self, actions):
        for action in actions or []:
            if self.outcome is not None:
                break  # RUN-ENDED / RUN-CLOSE-REST
            try:
                self.perform(action if isinstance(action, dict) else {})
            except Ended:
                break

    def perform(self, action):
        kind = action.get("kind")
        if kind == "goNext":
            target = self.choose_edge(self.screen, ("normal",))
            self.leave_screen()
            if target is None:
                self.fire("flow_complete")
                self.end("completed")
            self.walk(target)
        elif kind == "goBack":
            current = self.screen
            self.leave_screen()
            if len(self.history) <= 1:
                self.fire("flow_exit", screen_id=current)
                self.end("dismissed")  # RUN-BACK-DISMISS
            self.history.pop()
            # RUN-BACK: show the previous screen again without running logic nodes.
            self.show(self.by_id[self.history.pop()])
        elif kind == "navigate":
            target = action.get("target")
            if target not in self.by_id:
                return  # RUN-NAVIGATE-UNKNOWN
            self.leave_screen()
            self.walk(target)
        elif kind == "closeFlow":
            self.leave_screen()
            self.fire("flow_complete")
            self.end("completed")  # RUN-CLOSE
        elif kind == "setVariable":
            self.set_variable(action.get("variable"), action.get("operation"),
                              action.get("value", NO_VALUE))

    def set_variable(self, key, operation, value):
        """RUN-SET-*: Set Variable's operations; one that does not fit changes nothing."""
        if key not in self.vars or not self.writable[key]:
            return
        vtype, current = self.types[key], self.vars[key]
        new = NO_VALUE
        if operation == "set":
            new = self.convert(key, value)
        elif operation == "reset":
            new = self.initial[key]
        elif operation == "toggle" and vtype == "boolean":
            new = not current
        elif operation in ("increment", "decrement", "multiply", "divide") and vtype == "number":
            if value is NO_VALUE and operation in ("increment", "decrement"):
                value = 1.0
            amount = convert(value, "number")
            if amount is not NO_VALUE:
                new = {"increment": lambda: current + amount,
                       "decrement": lambda: current - amount,
                       "multiply": lambda: current * amount,
                       "divide": lambda: current / amount if amount != 0 else NO_VALUE,
                       }[operation]()
        elif operation in ("append", "remove") and vtype == "list":
            item = convert(value, self.item_types[key])
            if item is not NO_VALUE:
                if operation == "append":
                    new = current + [item]
                else:
                    new = [x for x in current if not same_value(x, item)]
        if new is not NO_VALUE:
            self.vars[key] = list(new) if isinstance(new, list) else new

    # --- what the runtime shows --------------------------------------------

    def texts(self):
        if self.screen is None:
            return []
        found = []
        collect_texts(self.by_id[self.screen].get("layout"), found)
        return [interpolate(t, self.vars) for t in found]

    def state(self):
        return {
            "screen": self.screen,
            "history": list(self.history),
            "texts": self.texts(),
            "variables": {k: to_json(v) for k, v in self.vars.items()},
            "assignments": dict(self.assignments),
            "outcome": self.outcome,
        }

    def take_events(self):
        events, self.events = self.events, []
        return events


def collect_texts(component, found):
    """The texts of a screen's layout: text components' props.text, in tree order."""
    if not isinstance(component, dict):
        return
    props = component.get("props")
    if component.get("type") == "text" and isinstance(props, dict) and isinstance(props.get("text"), str):
        found.append(props["text"])
    for child in component.get("children") or []:
        collect_texts(child, found)


def interpolate(text, variables):
    """RUN-INTERP: {{key}} shows the variable's display string; an unknown key shows
    nothing (RUN-INTERP-UNKNOWN); a {{ without }} stays as written."""
    out, i = [], 0
    while True:
        start = text.find("{{", i)
        end = text.find("}}", start + 2) if start >= 0 else -1
        if start < 0 or end < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:start])
        key = text[start + 2:end].strip()
        if key in variables:
            out.append(display(variables[key]))
        i = end + 2


# ---------------------------------------------------------------------------
# The protocol
# ---------------------------------------------------------------------------

CAPABILITIES = {
    "suites": ["runtime"],
    "batch": True,
    "runtimeNodes": ["condition", "assign", "abTest"],
    "runtimeActions": ["goNext", "goBack", "navigate", "closeFlow", "setVariable"],
    "injectableRandom": True,
}


class Server:
    def __init__(self):
        self.runtime = None

    def handle(self, request):
        seq, cmd = request.get("seq"), request.get("cmd")
        if cmd == "hello":
            return {"seq": seq, "protocol": 1, "capabilities": CAPABILITIES,
                    "implementation": {"name": "flow_runner.py", "version": "1.0.0",
                                       "language": "Python"}}
        if cmd == "batch":
            return {"seq": seq, "replies": [self.handle(c) for c in request.get("commands") or []]}
        if cmd == "start":
            # A start keeps nothing from the previous run.
            self.runtime = Runtime(request.get("flow") or {}, request.get("context"), request.get("draws"))
            return {"seq": seq, "ok": True}
        if cmd in ("state", "act"):
            if self.runtime is None:
                return {"seq": seq, "errored": True, "message": "no flow started"}
            if cmd == "act":
                self.runtime.act(request.get("actions"))
            return {"seq": seq, "state": self.runtime.state(), "events": self.runtime.take_events()}
        return {"seq": seq, "errored": True, "message": "unknown command %r" % cmd}


def main():
    server = Server()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "stop":
            return
        try:
            reply = server.handle(request)
        except Exception as error:  # a bug here is a breakdown the kit should show, not a hang
            reply = {"seq": request.get("seq"), "errored": True, "message": repr(error)}
        sys.stdout.write(json.dumps(reply, sort_keys=True) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

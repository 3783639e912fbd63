"""An independent lenient decoder of flow documents for FlowCheck's decoding suite.

It returns the canonical form described in the ProcessProtocol article: the decoded flow,
or the error code. Set FLOWCHECK_EXAMPLE_BUG=decoder-unknown-drops-siblings to plant a bug:
an unknown component type then drops its siblings.
"""
import json
import math
import os

BUG = os.environ.get("FLOWCHECK_EXAMPLE_BUG", "")
COMPONENT_TYPES = ["screenRoot", "stack", "text", "image", "button", "input", "toggle", "progress", "ringProgress",
                   "icon", "slider", "lottie", "comparisonChart", "custom"]
EDGE_KINDS = ["normal", "conditionTrue", "conditionFalse", "error", "event", "abVariant"]
STRIPPED = ["carousel", "video", "lottie", "chart", "spacer", "divider"]
MAX_DEPTH = 200


class Invalid(Exception):
    def __init__(self, code, message):
        self.code, self.message = code, message


def is_str(value):
    return isinstance(value, str)


def is_whole(value):
    """A JSON number with no fraction; 1e400 (read as infinity) is not one."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
        and value == int(value)


def schema_major(value):
    if value is None:
        return 1
    if is_whole(value) and value >= 0:
        return int(value)
    if is_str(value):
        parts = value.split(".")
        if 1 <= len(parts) <= 3 and all(p and all("0" <= c <= "9" for c in p) for p in parts):
            return int(parts[0])
        raise Invalid("invalid_flow_schema", "schema_version %r is not N, N.M or N.M.P" % value)
    raise Invalid("invalid_flow_schema", "schema_version is neither a number nor a version string")


def component(value, version, depth, path):
    """The canonical component, or None when it is malformed or removed by a migration."""
    if not isinstance(value, dict) or not is_str(value.get("id")) or not is_str(value.get("type")):
        return None
    children = value.get("children")
    props = value.get("props")
    if children is not None and not isinstance(children, list):
        return None
    if props is not None and not isinstance(props, dict):
        return None
    if depth >= MAX_DEPTH:
        raise Invalid("invalid_flow_schema", "%s nests components too deeply" % path)
    kind = value["type"]
    checkbox = isinstance(props, dict) and props.get("variant") == "checkbox"
    if version <= 2 and kind == "checkbox":
        kind, checkbox = "toggle", True
    if version <= 3 and kind in STRIPPED:
        return None
    if version <= 4 and kind == "toggle" and checkbox:
        kind = "stack"
    if version <= 6 and kind == "card":
        kind = "stack"
    if version <= 7 and kind == "chip":
        kind = "stack"
    if kind not in COMPONENT_TYPES:
        return {"id": value["id"], "type": "unknown", "children": []}
    decoded = []
    for index, child in enumerate(children or []):
        result = component(child, version, depth + 1, "%s.children[%d]" % (path, index))
        if result is not None:
            decoded.append(result)
    if BUG == "decoder-unknown-drops-siblings" and any(c["type"] == "unknown" for c in decoded):
        decoded = [c for c in decoded if c["type"] == "unknown"]
    return {"id": value["id"], "type": kind, "children": decoded}


def not_json(constant):
    # Python reads NaN, Infinity and -Infinity by default; JSON has no such numbers.
    raise ValueError("%s is not a JSON number" % constant)


def decode_flow(text):
    try:
        root = json.loads(text, parse_constant=not_json)
    except ValueError as error:
        raise Invalid("invalid_flow_schema", "not JSON: %s" % error)
    if not isinstance(root, dict):
        raise Invalid("invalid_flow_schema", "not a JSON object")
    flow = root
    if "flow_schema" in root:
        major = schema_major(root.get("schema_version"))
        if major > 1:
            raise Invalid("unsupported_schema_version", "schema_version major %d" % major)
        flow = root["flow_schema"]
        if not isinstance(flow, dict):
            raise Invalid("invalid_flow_schema", "flow_schema is not an object")
    if not is_str(flow.get("id")) or not isinstance(flow.get("nodes"), list) or not is_str(flow.get("entryNodeId")):
        raise Invalid("invalid_flow_schema", "id, nodes or entryNodeId missing")
    version = flow.get("version")
    version = min(int(version), 9) if is_whole(version) and version >= 1 else 1
    migrate = min(version, 8)

    nodes, ids = [], []
    for index, node in enumerate(flow["nodes"]):
        if not isinstance(node, dict) or not is_str(node.get("id")) or not is_str(node.get("kind")) or node["id"] in ids:
            continue
        kind = node["kind"]
        if kind == "screen":
            settings = node.get("screenSettings") if isinstance(node.get("screenSettings"), dict) else None
            if settings is None and isinstance(node.get("chromeOverrides"), dict):
                settings = node["chromeOverrides"]
            props = node.get("props") if isinstance(node.get("props"), dict) else {}
            hides = (settings or {}).get("hideAllZones") is True or props.get("hideChrome") is True
            layout = component(node.get("layout"), migrate, 0, "$.nodes[%d].layout" % index)
            nodes.append({"id": node["id"], "kind": "screen", "supported": True, "layout": layout, "hidesZones": hides})
        elif kind in ("condition", "assign", "abTest"):
            nodes.append({"id": node["id"], "kind": kind, "supported": True})
        elif kind in ("api", "event", "subflow"):
            nodes.append({"id": node["id"], "kind": kind, "supported": False})
        else:
            continue
        ids.append(node["id"])

    screens = [n for n in nodes if n["kind"] == "screen"]
    if not screens:
        raise Invalid("invalid_flow_schema", "no screen node")
    entry = flow["entryNodeId"] or screens[0]["id"]
    if entry not in ids:
        raise Invalid("invalid_flow_schema", "entryNodeId names no node")

    edges, edge_ids = [], set()
    for edge in flow.get("edges") if isinstance(flow.get("edges"), list) else []:
        if not isinstance(edge, dict) or not all(is_str(edge.get(k)) for k in ("id", "fromNodeId", "toNodeId")):
            continue
        kind = edge.get("kind")
        kind = "normal" if kind is None else kind
        if kind not in EDGE_KINDS or edge["fromNodeId"] not in ids or edge["toNodeId"] not in ids:
            continue
        if edge["id"] in edge_ids:
            continue
        edge_ids.add(edge["id"])
        edges.append({"id": edge["id"], "from": edge["fromNodeId"], "to": edge["toNodeId"], "kind": kind})

    zones = []
    persistent = flow.get("persistentUI")
    if persistent is not None:
        if isinstance(persistent, dict):
            zones = [z for z in ("navigationBar", "footer", "overlay") if isinstance(persistent.get(z), dict)]
    elif isinstance(flow.get("chrome"), dict):
        chrome = flow["chrome"]
        zones = (["navigationBar"] if isinstance(chrome.get("header"), dict) else []) \
            + (["footer"] if isinstance(chrome.get("footer"), dict) else [])

    variables = []
    for v in flow.get("variables") if isinstance(flow.get("variables"), list) else []:
        if not isinstance(v, dict) or not is_str(v.get("key")) or not v["key"] or v["key"] in variables:
            continue
        if v.get("type") not in ("string", "number", "boolean", "list"):
            continue
        if v["type"] == "list" and v.get("listItemType") not in ("string", "number", "boolean"):
            continue
        variables.append(v["key"])
    return {"id": flow["id"], "version": 8, "entry": entry, "nodes": nodes, "edges": edges, "zones": zones, "variables": variables}


def decode(text):
    """The decode reply's payload: {"ok": true, "flow": ...} or {"ok": false, "error": {...}}."""
    try:
        return {"ok": True, "flow": decode_flow(text)}
    except Invalid as error:
        return {"ok": False, "error": {"code": error.code, "message": error.message}}
    except RecursionError:
        return {"ok": False, "error": {"code": "invalid_flow_schema", "message": "nested too deeply"}}

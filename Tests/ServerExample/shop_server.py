#!/usr/bin/env python3
"""A RUF backend for Corpus/specs/shop.ruf.yaml, written from the RUF protocol's pages and the spec alone, with the
Python standard library: the sample the server suite certifies.

    python3 Tests/ServerExample/shop_server.py [--port N] [--bug NAME]

It listens on 127.0.0.1 (port 0 picks a free one) and prints `listening on http://127.0.0.1:<port>` once ready.
`--bug NAME` (or FLOWCHECK_SERVER_BUG) plants one of the bugs in BUGS, for the kit's own tests.

The kit's decisions it follows (Sources/RUFServerModel/RUFServerModel.docc/Server.md): a session's client version is
the one its create sent, remembered here by the meta's token (the spec's meta has no field for it); a failing action
that declares destinations answers FAILED; every action answer carries an actionResult; a request repeated with the
same x-request-id and body gets the same answer.
"""

import json
import os
import sys
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BUGS = {
    "undeclared-component": "HOME's answer carries a component the spec does not declare",
    "wrong-type": "the product list's hasMore is a string",
    "no-navigation-id": "navigation directives carry no id",
    "meta-not-patch": "meta carries cartCount as a string",
    "version-off-by-one": "the price's 2.1.9 variant is served only below 2.1.9",
    "failed-omitted": "a failing PLACE_ORDER answers without a navigation",
    "idempotency-broken": "a repeated request is answered anew",
    "undeclared-destination": "OPEN_CART navigates to CHECKOUT",
    "undeclared-error": "ADD_TO_CART fails with an undeclared error code",
    "wrong-merge-strategy": "the product list is sent with REPLACE",
    "no-current-screen": "the answer to create names no currentScreen",
    "undeclared-screen": "HOME's answer carries a screen the spec does not declare",
    "undeclared-behavior": "an empty cart is sent with a behavior its component does not declare",
    "undeclared-metric": "PRODUCT fires a metric the spec does not declare",
    "bad-navigation-mode": "GO_HOME navigates with a mode the protocol does not define",
    "no-action-result": "LOAD_MORE answers without an actionResult",
    "stale-current-screen": "OPEN_PRODUCT navigates to PRODUCT but names HOME as currentScreen",
    "undeclared-field": "the app bar's locale carries a subtitle the spec does not declare",
    "reused-navigation-id": "every navigation directive has the same id",
    "error-status": "REMOVE_ITEM is answered with HTTP 500",
    "errors-to-old-clients": "ADD_TO_CART sends its error to clients whose variant declares none",
    "missing-field": "the price's currency is left out for new clients",
    "crash-on-remove": "REMOVE_ITEM closes the connection with no answer, as a crashing handler does",
}

BUG = os.environ.get("FLOWCHECK_SERVER_BUG", "")

SEMANTIC = True


def version_tuple(text):
    core = text.split("+", 1)[0]
    try:
        return tuple(int(part) for part in core.split("."))
    except ValueError:
        return (999, 0, 0)


def resolves(client, keys):
    """The declared version the resolution algorithm picks: exact, else the lowest above, else None (latest)."""
    mine = version_tuple(client)
    above = sorted(version_tuple(key) for key in keys if version_tuple(key) >= mine)
    return above[0] if above else None


class Sessions:
    """Per token: the client's version and the cart. Answers by x-request-id, for repeated requests."""

    def __init__(self):
        self.lock = threading.Lock()
        self.versions = {}
        self.carts = {}
        self.answers = {}


SESSIONS = Sessions()


# The meta fields each client version's meta shape declares (the spec's meta versions, resolved as for any construct).
META_VERSIONS = [((1, 0, 0), {"token"}), ((2, 0, 0), {"token", "cartCount"})]


def meta_for(version, meta):
    """The meta patch with only the fields the client's meta shape declares."""
    mine = version_tuple(version)
    for key, fields in META_VERSIONS:
        if mine <= key:
            return {name: value for name, value in meta.items() if name in fields}
    return meta


def navigation(mode, screen=None, flow=None, behavior=None):
    directive = {"mode": "BACK" if BUG == "bad-navigation-mode" and screen == "HOME" else mode}
    if BUG == "reused-navigation-id":
        directive["id"] = "nav-1"
    elif BUG != "no-navigation-id":
        directive["id"] = "nav-" + uuid.uuid4().hex[:12]
    if screen:
        directive["screen"] = screen
        directive["flow"] = {"name": flow, "behavior": behavior}
    return directive


def appbar(title, back):
    locale = {"title": title}
    if BUG == "undeclared-field":
        locale["subtitle"] = "Today's picks"
    return {"behavior": "VISIBLE", "locale": locale, "payload": {"showBack": back, "badges": {"cart": 0}}}


def products(page):
    items = [{"id": "p%d" % (page * 2 + index), "name": "Product %d" % (page * 2 + index)} for index in range(2)]
    has_more = page < 3
    strategy = "REPLACE" if BUG == "wrong-merge-strategy" else "APPEND"
    return {
        "behavior": "VISIBLE",
        "locale": {"empty_message": "Nothing here", "load_more_label": "More"},
        "payload": {"items": items, "hasMore": "yes" if BUG == "wrong-type" else has_more},
        "mergeStrategy": {"type": strategy},
    }


def screen_content(name, version, cart):
    if name == "HOME":
        components = {"appbar": appbar("Shop", False), "product_list": products(0)}
        if BUG == "undeclared-component":
            components["banner"] = {"behavior": "VISIBLE", "locale": {}, "payload": {}}
        return {"components": components, "metrics": [],
                "navigationMetrics": [{"rel": "screen_view", "type": "FIREBASE", "name": "screen_view",
                                       "payload": {"screen_name": "HOME"}}]}
    if name == "PRODUCT":
        cutoff = (2, 1, 8) if BUG == "version-off-by-one" else (2, 1, 9)
        if version_tuple(version) <= cutoff:
            price = {"behavior": "VISIBLE", "payload": {"amount": "12.50"}}
        else:
            price = {"behavior": "VISIBLE", "locale": {"currency_label": "EUR"},
                     "payload": {"amount": 12.5, "currency": "EUR"}}
            if BUG == "missing-field":
                del price["payload"]["currency"]
        metrics = [{"rel": "product_impression", "type": "FIREBASE", "name": "view_item",
                    "payload": {"item_id": "p1", "price": 12.5}}]
        if BUG == "undeclared-metric":
            metrics.append({"rel": "wishlist_view", "type": "FIREBASE", "name": "wishlist_view", "payload": {}})
        return {"components": {"appbar": appbar("Product", True), "price": price},
                "metrics": metrics,
                "navigationMetrics": [{"rel": "screen_view", "type": "FIREBASE", "name": "screen_view",
                                       "payload": {"screen_name": "PRODUCT"}}]}
    if name == "CART":
        if cart:
            items = [{"id": item, "quantity": 1} for item in cart]
            cart_items = {"behavior": "VISIBLE", "locale": {"remove_label": "Remove"},
                          "payload": {"items": items, "total": 12.5 * len(cart)}, "mergeStrategy": {"type": "MATCH"}}
        else:
            behavior = "COLLAPSED" if BUG == "undeclared-behavior" else "EMPTY"
            cart_items = {"behavior": behavior, "locale": {"empty_message": "Your cart is empty"}, "payload": {}}
        return {"components": {"cart_items": cart_items}, "metrics": [], "navigationMetrics": []}
    if name == "CHECKOUT":
        if version_tuple(version) <= (2, 1, 9):
            method = {"behavior": "VISIBLE", "locale": {"card_label": "Card"}, "payload": {"type": "visa", "last4": "4242"}}
            begin = {"total": 12.5}
        else:
            method = {"behavior": "VISIBLE", "locale": {"brand_label": "Brand"},
                      "payload": {"brand": "visa", "last4": "4242"}}
            begin = {"value": 12.5, "currency": "EUR"}
        return {"components": {"payment_method": method},
                "metrics": [{"rel": "begin_checkout", "type": "FIREBASE", "name": "begin_checkout",
                             "payload": begin}], "navigationMetrics": []}
    if name == "ORDER_CONFIRMATION":
        return {"components": {"summary": {"behavior": "VISIBLE", "locale": {"thanks": "Thank you"},
                                           "payload": {"orderId": "o-1"}}},
                "metrics": [], "navigationMetrics": [{"rel": "purchase_complete", "type": "FIREBASE",
                                                      "name": "purchase", "payload": {"value": 12.5,
                                                                                      "currency": "EUR",
                                                                                      "item_id": "p1"}}]}
    if name == "SIGN_IN":
        return {"components": {"form": {"behavior": "VISIBLE",
                                        "locale": {"email_label": "Email", "password_label": "Password"},
                                        "payload": {"providers": ["email", "apple"]}}},
                "metrics": [], "navigationMetrics": []}
    return {"components": {}, "metrics": [], "navigationMetrics": []}


def go(screen, flow, behavior, version, cart, mode="PUSH"):
    return {"currentScreen": screen, "screens": {screen: screen_content(screen, version, cart)},
            "navigation": navigation(mode, screen, flow, behavior), "actionResult": {"type": "SUCCESS"}}


def failed(result):
    answer = {"actionResult": result}
    if BUG != "failed-omitted":
        answer["navigation"] = navigation("FAILED")
    return answer


def create(body):
    context = body.get("context") or {}
    version = str(context.get("version", "2.2.1"))
    token = uuid.uuid4().hex
    platform = context.get("os") if context.get("os") in ("ios", "android", "web") else "web"
    with SESSIONS.lock:
        SESSIONS.versions[token] = version
        SESSIONS.carts[token] = []
    screen = body.get("screen") if body.get("screen") in ("HOME", "PRODUCT", "CART", "SIGN_IN") else "HOME"
    answer = {"currentScreen": screen, "screens": {screen: screen_content(screen, version, [])},
              "meta": {"token": token, "cartCount": "0" if BUG == "meta-not-patch" else 0, "platform": platform}}
    if BUG == "no-current-screen":
        del answer["currentScreen"]
    if BUG == "undeclared-screen" and screen == "HOME":
        answer["screens"]["RECOMMENDED"] = {"components": {}, "metrics": [], "navigationMetrics": []}
    return answer


def act(body):
    meta = body.get("meta") or {}
    token = meta.get("token")
    with SESSIONS.lock:
        version = SESSIONS.versions.get(token, "2.2.1")
        cart = SESSIONS.carts.setdefault(token, [])
    screen = body.get("screen")
    action = body.get("action") or {}
    kind = action.get("type")
    payload = action.get("payload") or {}
    if kind == "LOAD_MORE" and screen == "HOME":
        page = payload.get("page") if isinstance(payload.get("page"), (int, float)) else 1
        answer = {"screens": {"HOME": {"components": {"product_list": products(int(page))}}}}
        if BUG != "no-action-result":
            answer["actionResult"] = {"type": "SUCCESS"}
        return answer
    if kind == "OPEN_PRODUCT" and screen == "HOME":
        answer = go("PRODUCT", "DISCOVERY", "KEEP", version, cart)
        if BUG == "stale-current-screen":
            answer["currentScreen"] = "HOME"
        return answer
    if kind == "OPEN_CART" and screen == "HOME":
        if BUG == "undeclared-destination":
            return go("CHECKOUT", "CHECKOUT", "START_NEW", version, cart)
        return go("CART", "CHECKOUT", "START_NEW", version, cart)
    if kind == "SIGN_IN" and screen == "HOME":
        return go("SIGN_IN", "AUTH", "START_NEW", version, cart)
    if kind == "RELATED_PRODUCT" and screen == "PRODUCT":
        return go("PRODUCT", "DISCOVERY", "KEEP", version, cart)
    if kind == "ADD_TO_CART" and screen == "PRODUCT":
        product = payload.get("productId")
        # The 1.9.0 variant (clients up to 1.9.0) declares no errors: a full redefinition, so none is sent to them.
        declares_errors = version_tuple(version) > (1, 9, 0) or BUG == "errors-to-old-clients"
        if declares_errors and (not isinstance(product, str) or product == ""):
            code = "EB999" if BUG == "undeclared-error" else "EB010"
            return failed({"type": "TOAST", "severity": "ERROR", "code": code, "message": "No such product"})
        cart.append(product)
        behavior = "START_NEW" if version_tuple(version) <= (1, 9, 0) else "KEEP"
        answer = go("CART", "CHECKOUT", behavior, version, cart)
        answer["meta"] = {"cartCount": len(cart)}
        return answer
    if kind == "GO_HOME" and screen in ("PRODUCT", "ORDER_CONFIRMATION"):
        return go("HOME", "DISCOVERY", "START_NEW", version, cart)
    if kind == "REMOVE_ITEM" and screen == "CART" and BUG == "error-status":
        return None
    if kind == "REMOVE_ITEM" and screen == "CART":
        item = payload.get("itemId")
        if item in cart:
            cart.remove(item)
        return {"screens": {"CART": screen_content("CART", version, cart)}, "meta": {"cartCount": len(cart)},
                "actionResult": {"type": "SUCCESS"}}
    if kind == "CHECKOUT" and screen == "CART":
        return go("CHECKOUT", "CHECKOUT", "KEEP", version, cart)
    if kind == "PLACE_ORDER" and screen == "CHECKOUT":
        method = payload.get("paymentMethodId")
        # Likewise the 2.1.9 variant of PLACE_ORDER (clients up to 2.1.9) declares no errors.
        declares_errors = version_tuple(version) > (2, 1, 9)
        if declares_errors and (not isinstance(method, str) or method == ""):
            return failed({"type": "FORM_ERROR",
                           "fields": {"payment_method": {"message": "Choose a payment method", "value": ""}}})
        behavior = "KEEP" if version_tuple(version) <= (2, 1, 9) else "REMOVE_PREVIOUS"
        answer = go("ORDER_CONFIRMATION", "CHECKOUT", behavior, version, cart)
        cart.clear()
        answer["meta"] = {"cartCount": 0}
        return answer
    if kind == "CREATE_ACCOUNT" and screen == "SIGN_IN":
        return go("SIGN_UP", "AUTH", "KEEP", version, cart)
    if kind == "SUBMIT" and screen == "SIGN_IN":
        if not payload.get("password"):
            return failed({"type": "FORM_ERROR", "code": "EV020",
                           "fields": {"password": {"message": "Enter a password", "value": ""}}})
        return go("CART", "AUTH", "REMOVE_PREVIOUS", version, cart)
    if kind == "SUBMIT" and screen == "SIGN_UP":
        return go("HOME", "AUTH", "REMOVE_PREVIOUS", version, cart)
    # An action the screen does not declare: nothing happens, and it is said.
    return {"actionResult": {"type": "ERROR", "code": "ES404", "message": "unknown action"}}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        request_id = self.headers.get("x-request-id", "")
        key = (request_id, raw)
        with SESSIONS.lock:
            known = SESSIONS.answers.get(key) if request_id and BUG != "idempotency-broken" else None
        if known is None:
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                self.reply(400, {"error": "the body is not JSON"})
                return
            if self.path == "/session/create":
                answer = create(body)
            elif self.path == "/session/action":
                if BUG == "crash-on-remove" and (body.get("action") or {}).get("type") == "REMOVE_ITEM":
                    self.close_connection = True
                    return
                answer = act(body)
                if answer is None:
                    self.reply(500, {"error": "internal error"})
                    return
            else:
                self.reply(404, {"error": "no such endpoint"})
                return
            if isinstance(answer.get("meta"), dict):
                answer["meta"] = meta_for(self.client_version(body), answer["meta"])
            known = json.dumps(answer, sort_keys=True).encode()
            with SESSIONS.lock:
                SESSIONS.answers[key] = known
        self.reply(200, None, known)

    def client_version(self, body):
        if self.path == "/session/create":
            return str((body.get("context") or {}).get("version", "2.2.1"))
        with SESSIONS.lock:
            return SESSIONS.versions.get((body.get("meta") or {}).get("token"), "2.2.1")

    def reply(self, status, value, data=None):
        data = data if data is not None else json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main():
    global BUG
    port = 0
    arguments = sys.argv[1:]
    while arguments:
        flag = arguments.pop(0)
        if flag == "--port":
            port = int(arguments.pop(0))
        elif flag == "--bug":
            BUG = arguments.pop(0)
    if BUG and BUG not in BUGS:
        sys.exit("unknown bug %r; bugs are %s" % (BUG, ", ".join(sorted(BUGS))))
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print("listening on http://127.0.0.1:%d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()

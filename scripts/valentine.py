#!/usr/bin/env python3
"""A Valentine's morning against a running shop: shoppers buying without pause while two people
at the studio work through the orders, then a check that nothing was lost or given twice.

Run by scripts/valentine.sh, which starts the shop (issue 28's benchmark). Standard library only.

Shoppers: SHOPPERS keep-alive connections from the loopback, each request carrying an
X-Forwarded-For address (the shop trusts 127.0.0.1 as its proxy), looping without think time
over: the list, a product, a new cart, an add, the florist's choice (delivery or collection),
check_intent twice (the checkout page's, and the one just before paying, as the spec's checkout
makes them), the simulated card, the order; every tenth journey also sends an enquiry. Each
journey is a new shopper with an address of its own (an IPv4 address for even connections, an
IPv6 /64 for odd ones), so the per-address limits (holds, payment attempts, enquiries) see a
crowd of people rather than 64 people buying hundreds of times each.

The studio: ADMINS signed-in connections, each looping without think time over the day's work's
new orders (a few marked confirmed at once), moving an order to its next step, refunding one of a line (now and then sent twice, as a double-click or a
retried slow answer does), cancelling an order with everything back in stock, raising a stock
count, editing a product's description, and replying to an enquiry; each from what it has just
read, as a careful client does. The two work on the same newest orders, so they collide.

The API is read from the shop's own /api/openapi.json: a field the shop's version asks for that
this script does not know (the stock a product save saw, a refund's key, the amount already
refunded) is filled from what was just read when its name says what it is (printed at the
start), or as told by --field SCHEMA.FIELD=SOURCE.

Afterwards: every stock row is initial - sold + restocked; the refunds the shop and its card
provider hold are the refunds asked (a retried one counted once); every paid payment has one
order (or was refunded when its order could not be made). Prints requests, p50, p99 and errors
(5xx or socket failures) per kind, the server's peak RSS, and PASS or FAIL for each of issue
28's targets. Exits 0 whatever the figures (speed is reported here, not asserted); 2 when the
bench itself could not run.
"""

import argparse
import collections
import datetime
import json
import os
import random
import subprocess
import sys
import threading
import time
import uuid

import shop_client

# Where a request field this script does not know can be filled from (see `read_api`).
SOURCES = ("seen_stock", "key", "refunded", "refunded_pence", "version", "status", "omit")

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--pid", type=int, required=True, help="the server's process, for its peak RSS")
parser.add_argument("--label", default="", help="what is measured, for the heading")
parser.add_argument("--seconds", type=float, default=60)
parser.add_argument("--shoppers", type=int, default=64)
parser.add_argument("--admins", type=int, default=2)
parser.add_argument("--admin-username", required=True)
parser.add_argument("--admin-password", required=True)
parser.add_argument("--sqlite", help="the shop's SQLite file, for the checks after the run")
parser.add_argument("--postgres", help="the shop's PostgreSQL URL, for the checks after the run")
parser.add_argument("--start-stock", type=int, default=3000,
                    help="every stock row is set to this before the run, so the morning does not sell out")
parser.add_argument("--address-per", choices=["journey", "connection"], default="journey",
                    help="a new shopper address for each journey (default) or one per connection")
parser.add_argument("--field", action="append", default=[], metavar="SCHEMA.FIELD=SOURCE",
                    help="fill a request field the script does not know, e.g. "
                         "StockChange.expected_stock=seen_stock; SOURCE is one of: " + ", ".join(SOURCES))
parser.add_argument("--p99-ms", type=float, default=50.0, help="issue 28's target for every kind")
parser.add_argument("--rss-budget-mb", type=float, default=80.0, help="issue 28's target")
args = parser.parse_args()

# Shorter GIL turns: 66 threads wait on sockets most of the time, and a thread whose answer has
# arrived should not wait 5 ms (the default) behind another's JSON before it stops its clock.
sys.setswitchinterval(0.0005)

BILLING = {"name": "Jo Bloom", "email": "jo@example.com", "phone": "0117 496 0123",
           "address": {"line1": "12 Wells Road", "city": "Bristol", "postal_code": "BS14 9AB",
                       "country": "GB"}}


class Broken(Exception):
    """The bench itself cannot go on (the shop refused its setup): exit 2."""


# ---------------------------------------------------------------------------------------------
# Figures


class Tally:
    """One thread's figures, merged at the end (no lock on the hot path)."""

    def __init__(self):
        self.latency = collections.defaultdict(list)  # kind -> seconds
        self.status = collections.defaultdict(collections.Counter)  # kind -> status or "socket"
        self.samples = collections.Counter()  # errors by what they said, to print

    def add(self, kind, status, seconds, detail):
        self.latency[kind].append(seconds)
        self.status[kind]["socket" if status is None else status] += 1
        if status is None or status >= 500:
            self.samples[f"{kind}: {status} {detail[:160]!r}"] += 1


tallies = []
tallies_lock = threading.Lock()


def new_tally():
    tally = Tally()
    with tallies_lock:
        tallies.append(tally)
    return tally


# What the studio and the shoppers did that the checks need, each under the lock.
ledger_lock = threading.Lock()
restocked = collections.Counter()  # (product, size or None) -> units the studio added
stock_unsure = collections.Counter()  # same key -> stock changes whose answer was an error
refund_keys_done = set()  # the refunds the shop said yes to (a retried one is one)
refund_keys_unsure = set()  # refunds whose every answer was an error
refunds_sent_twice = 0  # refunds sent twice in a row that the shop answered 200 both times
refunds_given_twice = 0  # ... of which the second answer shows a second refund
paid_by_bench = set()  # payment intents the simulated card said succeeded
ordered_by_bench = 0
placed = collections.deque(maxlen=400)  # the newest order ids, for the studio to work on
enquiries_sent = 0
bulk_not_moved = collections.Counter()  # what a bulk move said of each order it did not move


class Client(shop_client.Client):
    """One keep-alive connection with the shop's cookies, timed into `tally`."""

    def __init__(self, tally, forwarded_for=None):
        def record(kind, status, seconds, detail):
            if kind:
                tally.add(kind, status, seconds, detail[:300])

        super().__init__(args.port, record, forwarded_for)


# ---------------------------------------------------------------------------------------------
# The API as this shop describes it: fields this script does not know are filled from what was
# just read, by what their names say.

# The studio's writes this script makes, each by the name its body's schema has today, with the
# call it is sent to and the fields the script fills itself. The shop's own description says what
# the body is now (by the call, so a renamed schema is still found).
CALLS = {
    "StockChange": ("post", "/api/admin/products/{id}/stock/", {"stock", "size_id"}),
    "ProductChangeBody": ("put", "/api/admin/products/{id}/",
                          {"name", "description", "category_id", "price", "stock", "lead_days",
                           "visible", "sizes"}),
    "RefundBody": ("post", "/api/admin/orders/{id}/refund/",
                   {"quantities", "restock", "delivery", "cancel", "reason"}),
    "StatusChange": ("post", "/api/admin/orders/{id}/status/", {"from", "to"}),
    "BulkMove": ("post", "/api/admin/orders/moves/", {"to", "orders"}),
    "EnquiryReply": ("post", "/api/admin/enquiries/{id}/reply/", {"greeting", "body", "signature"}),
}
# A product's sizes, inside ProductChangeBody.
SIZE_FIELDS = {"id", "size", "price", "stock"}


def guess(role, name, prop):
    """What an unknown field of `role`'s body is, by its name (and type): a source, or None."""
    words = name.lower().replace("-", "_")
    kind = prop.get("type")
    if "key" in words or "idempot" in words or (role == "RefundBody" and words in ("token", "request_id", "nonce")):
        return "key"
    if "refund" in words:
        return "refunded_pence" if kind == "integer" else "refunded"
    if "version" in words:
        return "version"
    if "stock" in words or words in ("seen", "was", "expected", "before", "previous"):
        return "seen_stock"
    if role in ("RefundBody", "StatusChange", "BulkMove") and ("status" in words or words == "from"):
        return "status"
    return None


def schema_name(ref):
    return (ref or "").rsplit("/", 1)[-1]


def read_api(client):
    """Which fields and headers each studio write needs beyond what the script fills itself, and
    where each comes from: (fields by role, headers by role)."""
    status, spec = client.request("GET", "/api/openapi.json")
    if status != 200 or not spec:
        raise Broken(f"the shop's API description did not come ({status})")
    schemas = spec.get("components", {}).get("schemas", {})
    told = {}
    for item in args.field:
        where, _, source = item.partition("=")
        role, _, field = where.partition(".")
        if source not in SOURCES or not field:
            raise Broken(f"--field {item}: give SCHEMA.FIELD=SOURCE with SOURCE one of {', '.join(SOURCES)}")
        told[(role, field)] = source
    fill = collections.defaultdict(dict)  # role -> field -> source
    headers = collections.defaultdict(dict)  # role -> header -> source

    def consider(role, described, known, label):
        required = set(described.get("required", []))
        for field, prop in described.get("properties", {}).items():
            if field in known and (role, field) not in told:
                continue
            source = told.get((role, field)) or guess(role, field, prop)
            if source is None:
                mark = "required, " if field in required else ""
                print(f"  note: {label}.{field} ({mark}{prop.get('description', 'no description')!r}) "
                      f"is not sent: name its source with --field {role}.{field}=SOURCE")
            elif source != "omit":
                fill[role][field] = source
                print(f"  sending {label}.{field} from {source}")

    for role, (method, path, known) in CALLS.items():
        operation = spec.get("paths", {}).get(path, {}).get(method)
        if not operation:
            print(f"  note: the shop has no {method.upper()} {path}; those calls will be refused")
            continue
        content = (operation.get("requestBody") or {}).get("content", {})
        name = schema_name(content.get("application/json", {}).get("schema", {}).get("$ref"))
        described = schemas.get(name, {})
        consider(role, described, known, name)
        if role == "ProductChangeBody":
            sizes = described.get("properties", {}).get("sizes", {}).get("items", {})
            size_name = schema_name(sizes.get("$ref"))
            if size_name in schemas:
                consider("SizeChangeBody", schemas[size_name], SIZE_FIELDS, size_name)
        # Header parameters (an Idempotency-Key, say) are filled the same way.
        for parameter in operation.get("parameters", []):
            if parameter.get("in") == "header":
                source = told.get((role, parameter["name"])) or guess(role, parameter["name"], parameter.get("schema", {}))
                if source and source != "omit":
                    headers[role][parameter["name"]] = source
                    print(f"  sending header {parameter['name']} of {method.upper()} {path} from {source}")
                elif parameter.get("required"):
                    print(f"  note: header {parameter['name']} of {method.upper()} {path} is required and not sent")
    return fill, headers


def extras(fill, role, seen):
    """The fields of `role`'s body the script does not know, from `seen`: the values just read,
    by source. (Used for headers too.)"""
    return {field: seen[source] for field, source in fill.get(role, {}).items() if source in seen}


def as_headers(headers, role, seen):
    return {name: str(value) for name, value in extras(headers, role, seen).items()}


def pence(text):
    pounds, _, pennies = str(text).replace("£", "").replace(",", "").partition(".")
    return int(pounds or 0) * 100 + int((pennies + "00")[:2])


# ---------------------------------------------------------------------------------------------
# The florist's choice: a day the studio is open, far enough ahead for the cart's notice.

def london_today():
    """The studio's today (its date rules are on Bristol's clock)."""
    try:
        from zoneinfo import ZoneInfo
        return datetime.datetime.now(ZoneInfo("Europe/London")).date()
    except Exception:  # noqa: BLE001 - no time zone data: UTC is the same day most of the time
        return datetime.datetime.now(datetime.timezone.utc).date()


WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


class Days:
    def __init__(self, delivery):
        settings = delivery["settings"]
        self.settings = settings
        self.today = london_today()
        hours = settings.get("opening_hours") or {}
        self.open = {day: hours.get(day) for day in WEEKDAYS}
        # `12-25` and `2027-02-15`.
        self.closed_yearly = {c.get("day", "")[-5:] for c in settings.get("closed_every_year", [])}
        self.closed_on = {c.get("date", "") for c in settings.get("closed_on", [])}
        self.slots = [slot["name"] for slot in settings.get("slots", [])]
        zones = settings.get("zones", [])
        self.district = zones[0]["districts"][0] if zones and zones[0].get("districts") else "BS14"

    def candidates(self, lead):
        day = self.today + datetime.timedelta(days=max(2, lead))
        for _ in range(60):
            hours = self.open.get(WEEKDAYS[day.weekday()])
            closed = (day.isoformat() in self.closed_on
                      or f"{day.month:02}-{day.day:02}" in self.closed_yearly)
            if hours and not closed:
                yield day, hours
            day += datetime.timedelta(days=1)

    def choice(self, cart_id, method, day, hours, shopper):
        base = {"cart_id": cart_id, "method": method, "date": day.isoformat(),
                "card_message": "Happy Valentine's Day\nWith love", "card_from": shopper}
        if method == "delivery":
            base.update({"slot": random.choice(self.slots) if self.slots else "",
                         "recipient_name": "Sam de Rosa", "recipient_phone": "0117 496 0000",
                         "address_line1": "4 Wells Road", "city": "Bristol",
                         "postcode": f"{self.district} 9AB", "instructions": "Ring twice"})
        else:
            opens = datetime.time.fromisoformat(hours["open"])
            at = (datetime.datetime.combine(day, opens) + datetime.timedelta(hours=2)).time()
            base["collection_time"] = at.strftime("%H:%M")
        return base


# ---------------------------------------------------------------------------------------------
# The shoppers


def address(connection, journey):
    if args.address_per == "connection":
        journey = 0
    if connection % 2 == 0:
        return f"10.{connection % 256}.{(journey >> 8) % 256}.{journey % 256}"
    return f"2001:db8:{connection:x}:{journey % 65536:x}::1"


def shopper(number, deadline, days):
    global ordered_by_bench, enquiries_sent
    tally = new_tally()
    client = Client(tally)
    journey = 0
    while time.time() < deadline:
        journey += 1
        client.forwarded_for = address(number, journey)
        # A new shopper: her own cookies (the shop sets the CSRF one on her first call).
        client.cookies = {}
        name = f"Shopper {number}-{journey}"
        status, products = client.request("GET", "/api/products/", kind="list")
        if status != 200 or not products:
            continue
        on_sale = [p for p in products if p.get("stock", 0) > 0]
        if not on_sale:
            continue
        product = random.choice(on_sale)
        status, detail = client.request("GET", f"/api/products/{product['id']}/", kind="product")
        if status != 200 or not detail:
            continue
        status, cart = client.request("GET", "/api/cart/", kind="cart")
        if status != 200 or not cart:
            continue
        line = {"cart_id": cart["id"], "product_id": detail["id"], "quantity": random.randint(1, 3)}
        sizes = [v for v in detail.get("variations") or [] if v.get("stock", 0) > 0]
        if detail.get("variations"):
            if not sizes:
                continue
            line["variation_id"] = random.choice(sizes)["id"]
        status, cart = client.request("POST", "/api/cart/add_item/", line, kind="add")
        if status != 200 or not cart:
            continue
        method = "delivery" if random.random() < 0.7 else "collection"
        lead = int(cart.get("lead_days") or 0)
        chosen = False
        # The first open day far enough ahead; a refused one (a cut-off passed) for the next.
        for _, (day, hours) in zip(range(3), days.candidates(lead)):
            body = days.choice(cart["id"], method, day, hours, name)
            status, _ = client.request("PUT", "/api/cart/fulfilment/", body, kind="choice")
            if status == 200:
                chosen = True
                break
            if status != 400:
                break
        if not chosen:
            continue
        # The checkout page's check_intent, then the one just before the card is confirmed.
        status, intent = client.request("GET", f"/api/payment/check_intent/?cart_id={cart['id']}",
                                        kind="check_intent")
        if status != 200 or not intent:
            continue
        status, intent = client.request("GET", f"/api/payment/check_intent/?cart_id={cart['id']}",
                                        kind="check_intent")
        if status != 200 or not intent:
            continue
        billing = dict(BILLING, name=name)
        status, paid = client.request("POST", "/api/payment/simulated/confirm/", {
            "client_secret": intent["client_secret"], "card_number": "4242 4242 4242 4242",
            "expiry": "12/34", "cvc": "123", "billing_details": billing}, kind="card")
        paid_intent = (paid or {}).get("payment_intent") or {}
        if status != 200 or paid_intent.get("status") != "succeeded":
            continue
        with ledger_lock:
            paid_by_bench.add(paid_intent["id"])
        status, order = client.request("POST", "/api/orders/", {
            "payment_intent_id": paid_intent["id"], "cart_id": cart["id"],
            "email": f"shopper{number}.{journey}@example.com", "first_name": "Shopper",
            "last_name": f"{number}-{journey}", "address": "12 Wells Road", "city": "Bristol",
            "postcode": "BS14 9AB", "phone": "0117 496 0123"}, kind="order")
        if status == 200 and order:
            with ledger_lock:
                ordered_by_bench += 1
                placed.append(order["id"])
        if journey % 10 == 0:
            status, _ = client.request("POST", "/api/contact/", {
                "name": name, "email": f"shopper{number}.{journey}@example.com", "phone": "",
                "enquiryType": random.choice(["wedding", "event", "bouquet", "general"]),
                "message": "Could you make the Valentine's bouquet with more red roses?"},
                kind="enquiry")
            if status == 200:
                with ledger_lock:
                    enquiries_sent += 1


# ---------------------------------------------------------------------------------------------
# The studio


def sign_in(client):
    client.request("GET", "/api/products/")
    status, answer = client.request("POST", "/api/auth/login/", {
        "username": args.admin_username, "password": args.admin_password})
    if status != 200:
        raise Broken(f"the admin could not sign in ({status}): {answer}")


def pick_order(client):
    """One of the newest orders, as the studio's page shows it."""
    with ledger_lock:
        if not placed:
            return None
        order_id = random.choice(list(placed)[-40:])
    status, order = client.request("GET", f"/api/admin/orders/{order_id}/", kind="admin order")
    return order if status == 200 else None


def move_along(client, fill, headers):
    order = pick_order(client)
    if not order or not (order.get("moves") or {}).get("next"):
        return
    to = order["moves"]["next"]["status"]
    body = {"from": order["status"], "to": to}
    seen = {"version": order.get("version"), "status": order["status"], "key": str(uuid.uuid4())}
    body.update(extras(fill, "StatusChange", seen))
    client.request("POST", f"/api/admin/orders/{order['id']}/status/", body, kind="admin move",
                   headers=as_headers(headers, "StatusChange", seen))


def day_work(client, fill, headers):
    """The day's work's new orders, a few of them marked confirmed at once."""
    status, book = client.request("GET", "/api/admin/orders/?status=new", kind="admin day")
    if status != 200 or not book:
        return
    new = [line for day in book.get("days", []) for line in day.get("orders", [])
           if line.get("status") == "new" and line.get("next")]
    if not new:
        return
    chosen = random.sample(new[:50], min(5, len(new[:50])))
    body = {"to": chosen[0]["next"]["status"],
            "orders": [{"id": line["id"], "from": line["status"]} for line in chosen
                       if line["next"]["status"] == chosen[0]["next"]["status"]]}
    seen = {"key": str(uuid.uuid4())}
    body.update(extras(fill, "BulkMove", seen))
    status, moved = client.request("POST", "/api/admin/orders/moves/", body, kind="admin bulk move",
                                   headers=as_headers(headers, "BulkMove", seen))
    if status == 200 and isinstance(moved, dict):
        with ledger_lock:
            for outcome in moved.get("orders", []):
                if not outcome.get("moved"):
                    # `FS-000123: it could not be moved just now. Please try again.`
                    bulk_not_moved[outcome.get("said", "").partition(": ")[2]] += 1


def refund(client, fill, headers, number, cancel=False):
    global refunds_sent_twice, refunds_given_twice
    order = pick_order(client)
    if not order or not order.get("can_refund"):
        return
    items = order.get("items") or []
    left = [i for i, item in enumerate(items) if item["quantity"] - item.get("refunded_quantity", 0) > 0]
    if not left:
        return
    if cancel:
        if not order.get("can_cancel"):
            return
        quantities = [item["quantity"] - item.get("refunded_quantity", 0) for item in items]
    else:
        quantities = [0] * len(items)
        quantities[random.choice(left)] = 1
    key = str(uuid.uuid4())
    refunded = (order.get("payment") or {}).get("refunded", "0.00")
    body = {"quantities": quantities, "restock": [True] * len(items), "delivery": cancel,
            "cancel": cancel, "reason": "Valentine's bench: " + ("cancelled by phone" if cancel else "one was damaged")}
    seen = {"key": key, "refunded": refunded, "refunded_pence": pence(refunded),
            "version": order.get("version"), "status": order.get("status")}
    body.update(extras(fill, "RefundBody", seen))
    sent_headers = as_headers(headers, "RefundBody", seen)
    # One refund in four is sent twice in a row: a double-click, or a slow answer retried. With a
    # key the shop keeps, the second gets the first's answer and gives nothing more.
    times = 2 if number % 4 == 0 else 1
    answers, orders = [], []
    for _ in range(times):
        status, answer = client.request("POST", f"/api/admin/orders/{order['id']}/refund/", body,
                                        kind="admin cancel" if cancel else "admin refund",
                                        headers=sent_headers)
        answers.append(status)
        orders.append(answer if status == 200 and isinstance(answer, dict) else None)
    with ledger_lock:
        if 200 in answers:
            refund_keys_done.add(key)
        elif all(s is None or s >= 500 for s in answers):
            refund_keys_unsure.add(key)
        if times == 2 and all(orders):
            # Both said yes: the second answer's order has one refund more when it was given
            # twice, the same refunds when the shop knew the retry for what it was.
            refunds_sent_twice += 1
            if len(orders[1].get("refunds") or []) > len(orders[0].get("refunds") or []):
                refunds_given_twice += 1


def products_page(client):
    status, products = client.request("GET", "/api/admin/products/", kind="admin products")
    return [p for p in products or [] if not p.get("archived")] if status == 200 else []


def restock(client, fill, headers):
    products = products_page(client)
    if not products:
        return
    product = random.choice(products)
    sizes = product.get("sizes") or []
    size = random.choice(sizes) if sizes else None
    seen_stock = size["stock"] if size else product["stock"]
    more = random.randint(5, 20)
    body = {"stock": min(seen_stock + more, 9999)}
    if size:
        body["size_id"] = size["id"]
    seen = {"seen_stock": seen_stock, "version": product.get("version"), "key": str(uuid.uuid4())}
    body.update(extras(fill, "StockChange", seen))
    status, _ = client.request("POST", f"/api/admin/products/{product['id']}/stock/", body,
                               kind="admin stock", headers=as_headers(headers, "StockChange", seen))
    row = (product["id"], size["id"] if size else None)
    with ledger_lock:
        if status == 200:
            restocked[row] += body["stock"] - seen_stock
        elif status is None or status >= 500:
            stock_unsure[row] += 1


def edit(client, fill, headers, number):
    """A typo fixed in a description: the stock is sent as the editor loaded it."""
    products = products_page(client)
    if not products:
        return
    product = random.choice(products)
    description = product["description"].rstrip(" .") + ("." if number % 2 else " .")
    sizes = []
    for size in product.get("sizes") or []:
        entry = {"id": size["id"], "size": size["size"], "price": size["price"], "stock": size["stock"]}
        entry.update(extras(fill, "SizeChangeBody", {"seen_stock": size["stock"]}))
        sizes.append(entry)
    body = {"name": product["name"], "description": description,
            "category_id": product["category_id"], "price": product["price"],
            "stock": product["stock"] if not sizes else 0, "lead_days": product["lead_days"],
            "visible": product["visible"], "sizes": sizes}
    seen = {"seen_stock": product["stock"], "version": product.get("version"), "key": str(uuid.uuid4())}
    body.update(extras(fill, "ProductChangeBody", seen))
    client.request("PUT", f"/api/admin/products/{product['id']}/", body, kind="admin edit",
                   headers=as_headers(headers, "ProductChangeBody", seen))


def reply(client, fill, headers):
    status, enquiries = client.request("GET", "/api/admin/enquiries/", kind="admin enquiries")
    waiting = [e for e in enquiries or [] if not e.get("replies")]
    if status != 200 or not waiting:
        return
    enquiry = random.choice(waiting[:20])
    body = {"greeting": enquiry.get("greeting") or "Dear customer,",
            "body": "Thank you: yes, we can make it with more red roses.",
            "signature": enquiry.get("sign_off") or "The studio"}
    seen = {"version": enquiry.get("version"), "key": str(uuid.uuid4())}
    body.update(extras(fill, "EnquiryReply", seen))
    client.request("POST", f"/api/admin/enquiries/{enquiry['id']}/reply/", body, kind="admin reply",
                   headers=as_headers(headers, "EnquiryReply", seen))


def studio(deadline, fill, headers):
    tally = new_tally()
    client = Client(tally)
    sign_in(client)
    number = 0
    while time.time() < deadline:
        number += 1
        step = number % 8
        if step == 0:
            day_work(client, fill, headers)
        elif step in (1, 2):
            move_along(client, fill, headers)
        elif step == 3:
            refund(client, fill, headers, number // 8)
        elif step == 4:
            restock(client, fill, headers)
        elif step == 5:
            edit(client, fill, headers, number)
        elif step == 6:
            reply(client, fill, headers)
        else:
            refund(client, fill, headers, number // 8, cancel=number % 24 == 7)


# ---------------------------------------------------------------------------------------------
# The checks


def sql(statement):
    """Rows of `statement` from the shop's database, as tuples of strings."""
    if args.sqlite:
        import sqlite3
        connection = sqlite3.connect(args.sqlite, timeout=30)
        try:
            return [tuple("" if v is None else str(v) for v in row) for row in connection.execute(statement)]
        finally:
            connection.close()
    if args.postgres:
        done = subprocess.run(["psql", "-X", "-q", "-tA", "-F", "\t", args.postgres, "-c", statement],
                              check=True, capture_output=True, text=True)
        return [tuple(line.split("\t")) for line in done.stdout.splitlines() if line]
    raise RuntimeError("no database to check (--sqlite or --postgres)")


def stock_rows(client):
    """(product, size or None) -> stock, as the studio's product list shows it."""
    status, products = client.request("GET", "/api/admin/products/")
    if status != 200:
        raise Broken(f"the studio's product list did not come ({status})")
    rows = {}
    for product in products:
        if product.get("sizes"):
            for size in product["sizes"]:
                rows[(product["id"], size["id"])] = size["stock"]
        else:
            rows[(product["id"], None)] = product["stock"]
    return rows, products


def sold_and_given_back():
    """(product, size) -> (units ordered, units refunded) over every order line."""
    totals = {}
    for product, size, quantity, refunded in sql(
            "SELECT product_id, variation_id, SUM(quantity), SUM(refunded_quantity) "
            "FROM order_items GROUP BY product_id, variation_id"):
        if product == "":
            continue
        totals[(int(product), int(size) if size else None)] = (int(quantity), int(refunded))
    return totals


def count(statement):
    rows = sql(statement)
    return int(rows[0][0]) if rows and rows[0][0] != "" else 0


def percentile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def memory_mb(pid):
    """The server's memory now, from /proc: VmHWM (peak resident), RssAnon (its own heap and
    stacks) and RssFile (pages of files it maps, mostly the SQLite database read through
    `mmap_size`: the kernel's file cache, shared and dropped under pressure), in MB."""
    figures = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmHWM", "RssAnon", "RssFile"):
                figures[name] = int(value.split()[0]) / 1024
    return figures


class MemoryWatch(threading.Thread):
    """Samples the server's memory every quarter second for the peaks of RssAnon and RssFile
    (the kernel keeps only the peak of their sum, VmHWM)."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, collections.Counter(), threading.Event()

    def run(self):
        while not self.done.wait(0.25):
            for name, mb in memory_mb(self.pid).items():
                self.peak[name] = max(self.peak[name], mb)

    def stop(self):
        self.done.set()
        self.join()
        for name, mb in memory_mb(self.pid).items():
            self.peak[name] = max(self.peak[name], mb)
        return self.peak


def main():
    setup = Client(new_tally())
    sign_in(setup)
    print(f"valentine: {args.label or 'the shop'} at 127.0.0.1:{args.port}")
    fill, headers = read_api(setup)
    status, delivery = setup.request("GET", "/api/delivery/")
    if status != 200:
        raise Broken(f"the delivery settings did not come ({status})")
    days = Days(delivery)

    # Every stock row to --start-stock, so that the run measures a busy shop, not a sold-out one.
    rows, products = stock_rows(setup)
    for product in products:
        if product.get("archived"):
            continue
        for size in product.get("sizes") or [None]:
            body = {"stock": args.start_stock}
            seen = size["stock"] if size else product["stock"]
            if size:
                body["size_id"] = size["id"]
            read = {"seen_stock": seen, "version": product.get("version"), "key": str(uuid.uuid4())}
            body.update(extras(fill, "StockChange", read))
            status, answer = setup.request("POST", f"/api/admin/products/{product['id']}/stock/", body,
                                           headers=as_headers(headers, "StockChange", read))
            if status != 200:
                raise Broken(f"could not set {product['name']}'s stock ({status}): {answer}")
    initial, _ = stock_rows(setup)
    # What the database held before the run (a fresh shop has no orders; counted all the same).
    baseline = {}
    for name, read in (("lines", sold_and_given_back),
                       ("order refunds", lambda: count("SELECT COUNT(*) FROM order_refunds")),
                       ("provider refunds", lambda: count("SELECT COUNT(*) FROM simulated_refunds")),
                       ("checkout refunds", lambda: count("SELECT COUNT(*) FROM refunds"))):
        try:
            baseline[name] = read()
        except Exception as err:  # noqa: BLE001 - a schema the script does not know: not checked
            print(f"  note: {name} cannot be read, so not checked after the run: {err}")

    print(f"valentine: {args.seconds:g} s of {args.shoppers} shoppers and {args.admins} at the studio "
          f"({len(initial)} stock rows at {args.start_stock}; shoppers' addresses: one per {args.address_per})")
    cpu_before = os.times()
    memory = MemoryWatch(args.pid)
    memory.start()
    started = time.time()
    deadline = started + args.seconds
    threads = [threading.Thread(target=shopper, args=(n, deadline, days), daemon=True)
               for n in range(args.shoppers)]
    failures = []

    def studio_thread():
        try:
            studio(deadline, fill, headers)
        except Broken as err:
            failures.append(str(err))

    threads += [threading.Thread(target=studio_thread, daemon=True) for _ in range(args.admins)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.time() - started
    cpu_after = os.times()
    if failures:
        raise Broken(failures[0])
    peak = memory.stop()
    rss = peak["RssAnon"]

    # Refunds are asked of the card provider after they are written; give the last ones a moment.
    time.sleep(3)

    # Figures per kind.
    latency = collections.defaultdict(list)
    statuses = collections.defaultdict(collections.Counter)
    samples = collections.Counter()
    for tally in tallies:
        for kind, values in tally.latency.items():
            latency[kind].extend(values)
        for kind, counter in tally.status.items():
            statuses[kind].update(counter)
        samples.update(tally.samples)
    order_of_kinds = ["list", "product", "cart", "add", "choice", "check_intent", "card", "order",
                      "enquiry", "admin day", "admin bulk move", "admin order", "admin move",
                      "admin refund", "admin cancel",
                      "admin products", "admin stock", "admin edit", "admin enquiries", "admin reply"]
    kinds = [k for k in order_of_kinds if k in latency] + sorted(k for k in latency if k not in order_of_kinds)
    total = sum(len(v) for v in latency.values())
    print(f"\n{'kind':16} {'requests':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>6}  answers")
    slow, errors_total = [], 0
    for kind in kinds:
        values = latency[kind]
        counter = statuses[kind]
        errors = sum(n for s, n in counter.items() if s == "socket" or s >= 500)
        errors_total += errors
        p50, p99 = percentile(values, 50) * 1000, percentile(values, 99) * 1000
        if p99 > args.p99_ms:
            slow.append(f"{kind} {p99:.0f} ms")
        answers = "  ".join(f"{s}×{n}" for s, n in sorted(counter.items(), key=lambda i: str(i[0])))
        print(f"{kind:16} {len(values):8} {p50:8.1f} {p99:8.1f} {max(values) * 1000:8.1f} {errors:6}  {answers}")
    shopper_kinds = [k for k in kinds if not k.startswith("admin")]
    journeys = ordered_by_bench
    print(f"\n{total} requests in {elapsed:.1f} s ({total / elapsed:.0f}/s); {journeys} orders placed "
          f"({journeys / elapsed:.1f}/s), {len(refund_keys_done)} refunds, {enquiries_sent} enquiries; "
          f"shopper requests {sum(len(latency[k]) for k in shopper_kinds)}")
    cpu = (cpu_after.user - cpu_before.user) + (cpu_after.system - cpu_before.system)
    print(f"the bench's own CPU: {cpu:.1f} s over {elapsed:.0f} s (it shares the machine with the shop)")
    print(f"server peak memory: {rss:.1f} MB of its own (RssAnon), {peak['RssFile']:.1f} MB of mapped "
          f"files (RssFile: the database through mmap, the kernel's cache), {peak['VmHWM']:.1f} MB in all "
          f"at the peak (VmHWM)")
    # A bulk move answers 200 with each order's outcome: the ones the shop failed to move (its
    # database, not a page out of date) are errors inside that 200, counted with the others.
    bulk_failed = sum(n for said, n in bulk_not_moved.items() if "could not be moved just now" in said)
    errors_total += bulk_failed
    for said, n in bulk_not_moved.most_common(4):
        print(f"  bulk move, an order not moved ×{n}: {said}")
    for sample, n in samples.most_common(8):
        print(f"  error ×{n}: {sample}")

    # Checks.
    print("\nafter the run:")
    lost = []
    checks_broken = []
    final, _ = stock_rows(setup)
    before = baseline.get("lines")
    try:
        after = sold_and_given_back() if before is not None else None
    except Exception as err:  # noqa: BLE001 - a schema the script does not know is reported
        after = None
        checks_broken.append(f"order lines could not be read: {err}")
    if after is not None:
        for row in sorted(initial, key=lambda r: (r[0], r[1] or 0)):
            sold = after.get(row, (0, 0))[0] - before.get(row, (0, 0))[0]
            back = after.get(row, (0, 0))[1] - before.get(row, (0, 0))[1]
            expected = initial[row] - sold + back + restocked[row]
            got = final.get(row)
            if got != expected:
                unsure = f", {stock_unsure[row]} stock changes unanswered" if stock_unsure[row] else ""
                lost.append(f"product {row[0]}{f' size {row[1]}' if row[1] else ''}: {got}, expected "
                            f"{expected} = {initial[row]} - {sold} sold + {back} refunded back + "
                            f"{restocked[row]} restocked ({'+' if got > expected else ''}{got - expected}{unsure})")
        print(f"  stock: {len(initial) - len(lost)} of {len(initial)} rows are initial - sold + restocked")
        for line in lost:
            print("    " + line)
    refunds_ok = None
    try:
        order_refunds = count("SELECT COUNT(*) FROM order_refunds") - baseline["order refunds"]
        checkout_refunds = count("SELECT COUNT(*) FROM refunds") - baseline["checkout refunds"]
        provider_refunds = count("SELECT COUNT(*) FROM simulated_refunds") - baseline["provider refunds"]
        asked = len(refund_keys_done)
        unsure = f" (and {len(refund_keys_unsure)} answered only with errors)" if refund_keys_unsure else ""
        # The provider is asked after the refund is written; one it has not made yet is retried
        # by the shop (pending), one it made twice is money given twice.
        owed = order_refunds + checkout_refunds
        pending = f", {owed - provider_refunds} not yet made (the shop retries them)" if provider_refunds < owed else ""
        print(f"  refunds: {asked} asked{unsure}, {order_refunds} on the orders; the card provider "
              f"made {provider_refunds} (those and the checkout's own, {checkout_refunds}){pending}")
        if order_refunds != asked and refund_keys_unsure and asked <= order_refunds <= asked + len(refund_keys_unsure):
            print("    (the difference is within the refunds whose answers were errors: "
                  "a refund written, then a 500)")
        if refunds_sent_twice:
            print(f"  refunds sent twice in a row (a double-click) and answered 200 both times: "
                  f"{refunds_sent_twice}, of which given twice: {refunds_given_twice}")
        refunds_ok = order_refunds == asked and provider_refunds <= owed and refunds_given_twice == 0
    except Exception as err:  # noqa: BLE001
        checks_broken.append(f"refunds could not be counted: {err!r}")
    payments_ok = None
    try:
        rows = sql("SELECT p.id, p.refunded, (SELECT COUNT(*) FROM orders o WHERE o.payment_intent_id = p.id) "
                   "FROM simulated_payments p WHERE p.status = 'succeeded'")
        outcome = collections.Counter()
        for intent, refunded, orders in rows:
            orders = int(orders)
            if orders == 1:
                outcome["one order"] += 1
            elif orders > 1:
                outcome["more than one order"] += 1
            elif refunded in ("1", "t", "true", "True"):
                outcome["no order, refunded"] += 1
            else:
                outcome["no order, not refunded"] += 1
        missing = len(paid_by_bench - {row[0] for row in rows})
        print(f"  paid payments: {len(rows)} ({', '.join(f'{n} {k}' for k, n in sorted(outcome.items()))}); "
              f"the bench was told {len(paid_by_bench)} succeeded{f', {missing} of them not paid in the shop' if missing else ''}, "
              f"and placed {ordered_by_bench} orders")
        payments_ok = (outcome["more than one order"] == 0 and outcome["no order, not refunded"] == 0
                       and missing == 0)
    except Exception as err:  # noqa: BLE001
        checks_broken.append(f"payments could not be checked: {err}")
    for line in checks_broken:
        print("  could not check:", line)

    def verdict(ok):
        return "PASS" if ok else ("FAIL" if ok is False else "NOT CHECKED")

    print(f"\ntargets ({args.label or 'this run'}):")
    print(f"  {verdict(errors_total == 0)}  0 errors (5xx or socket): {errors_total}"
          f"{f', of which {bulk_failed} orders of bulk moves that failed inside a 200' if bulk_failed else ''}")
    updates_ok = None if after is None or refunds_ok is None or payments_ok is None else (
        not lost and refunds_ok and payments_ok)
    print(f"  {verdict(updates_ok)}  0 lost or doubled updates: {len(lost)} stock rows off, "
          f"refunds {'match' if refunds_ok else 'do not match' if refunds_ok is False else 'not counted'}, "
          f"payments {'each one order' if payments_ok else 'not each one order' if payments_ok is False else 'not checked'}")
    print(f"  {verdict(not slow)}  p99 <= {args.p99_ms:g} ms for every kind"
          f"{': over it: ' + ', '.join(slow) if slow else ''}")
    print(f"  {verdict(rss <= args.rss_budget_mb)}  peak RSS of its own (RssAnon) <= {args.rss_budget_mb:g} MB: "
          f"{rss:.1f} MB (with mapped files: {peak['VmHWM']:.1f} MB)")


try:
    main()
except Broken as err:
    print(f"valentine: the bench could not run: {err}", file=sys.stderr)
    raise SystemExit(2)

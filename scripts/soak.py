#!/usr/bin/env python3
"""Mixed traffic against a running shop, then a crowd of checkouts for a few in stock.

Run by scripts/soak.sh, which starts the shop. Standard library only. Prints requests per kind,
errors (5xx answers or socket failures) and the server's peak RSS; exits non-zero on any error,
on a stock that does not add up, or on a peak RSS over the budget.
"""

import argparse
import collections
import json
import os
import random
import subprocess
import threading
import time
import uuid

import shop_client

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--pid", type=int, required=True, help="the server's process, for its RSS")
parser.add_argument("--seconds", type=int, default=60)
parser.add_argument("--connections", type=int, default=50)
parser.add_argument("--photo", required=True, help="a 12-megapixel JPEG to upload now and then")
parser.add_argument("--admin-password", required=True)
parser.add_argument("--sql", required=True, help="a command that runs the SQL given as its last argument and prints the first value")
parser.add_argument("--rss-budget-mb", type=int, default=100)
args = parser.parse_args()

lock = threading.Lock()
counts = collections.Counter()  # (kind, status class)
errors = collections.Counter()  # kind -> 5xx or socket failures
samples = []  # kinds of errors, a few, to print


class Client(shop_client.Client):
    """One keep-alive connection with the shop's CSRF cookie, counted by `record`."""

    def __init__(self):
        super().__init__(args.port, record)
        self.request("GET", "/api/products/")


def record(kind, status, _seconds, detail):
    detail = detail[:200]
    with lock:
        if status is None or status >= 500:
            errors[kind] += 1
            if len(samples) < 10:
                samples.append(f"{kind}: {status} {detail!r}")
        counts[(kind, "socket" if status is None else f"{status // 100}xx")] += 1


def products(client):
    _, found = client.request("GET", "/api/products/", kind="catalogue")
    return found or []


def plain_product(found):
    """A product without sizes that is in stock."""
    for product in found:
        if not product.get("variations") and product.get("stock", 0) > 0:
            return product
    raise SystemExit("soak: no product without sizes in stock")


def new_cart(client):
    _, cart = client.request("GET", "/api/cart/", kind="cart read")
    return cart["id"] if cart else None


def multipart(field, filename, content, kind="image/jpeg"):
    boundary = uuid.uuid4().hex
    body = (
        f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\n"
        f"Content-Type: {kind}\r\n\r\n"
    ).encode() + content + f"\r\n--{boundary}--\r\n".encode()
    return body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def shopper(deadline, catalogue):
    client = Client()
    cart, line = None, None
    while time.time() < deadline:
        roll = random.random()
        if roll < 0.40:
            if random.random() < 0.5:
                client.request("GET", "/api/products/", kind="catalogue")
            else:
                client.request("GET", f"/api/products/{random.choice(catalogue)['id']}/", kind="catalogue")
        elif roll < 0.65:
            if cart is None:
                cart = new_cart(client)
            product = random.choice(catalogue)
            body = {"cart_id": cart, "product_id": product["id"], "quantity": 1}
            if product.get("variations"):
                body["variation_id"] = product["variations"][0]["id"]
            if line is None or random.random() < 0.5:
                _, answer = client.request("POST", "/api/cart/add_item/", body, kind="cart add")
                if answer and answer.get("items"):
                    line = answer["items"][0]["id"]
            else:
                client.request("POST", "/api/cart/update_quantity/",
                               {"cart_id": cart, "item_id": line, "quantity": random.randint(1, 3)},
                               kind="cart update")
        elif roll < 0.75:
            if cart is not None:
                client.request("GET", f"/api/payment/check_intent/?cart_id={cart}", kind="check_intent")
        elif roll < 0.85:
            client.request("POST", "/api/contact/", {
                "name": "Soak Test", "email": "soak@example.com", "phone": "",
                "enquiryType": "general", "message": "Just testing the shop under load.",
            }, kind="contact")
        else:
            client.request("POST", "/api/auth/login/",
                           {"username": f"nobody{random.randint(1, 20)}", "password": "wrong password!"},
                           kind="failed sign-in")


def uploader(deadline, album, photo):
    client = Client()
    status, _ = client.request("POST", "/api/auth/login/",
                               {"username": "soak", "password": args.admin_password}, kind="sign-in")
    if status != 200:
        raise SystemExit(f"soak: the admin could not sign in ({status})")
    while time.time() < deadline:
        raw, headers = multipart("images", "peonies.jpg", photo)
        client.request("POST", f"/api/albums/{album}/upload_images/", raw=raw, headers=headers,
                       kind="photo upload")
        time.sleep(5)


def sql(statement):
    """The first value `statement` gives, through the database's own command line."""
    done = subprocess.run([*args.sql.split(), statement], check=True, capture_output=True, text=True)
    return done.stdout.strip()


def checkout(product_id, outcomes):
    client = Client()
    cart = new_cart(client)
    status, _ = client.request("POST", "/api/cart/add_item/",
                               {"cart_id": cart, "product_id": product_id, "quantity": 1},
                               kind="checkout add")
    if status != 200:
        outcomes["not added"] += 1
        return
    status, intent = client.request("GET", f"/api/payment/check_intent/?cart_id={cart}",
                                    kind="checkout intent")
    if status != 200:
        with lock:
            outcomes[f"intent refused ({status})"] += 1
        return
    status, paid = client.request("POST", "/api/payment/simulated/confirm/", {
        "client_secret": intent["client_secret"], "card_number": "4242 4242 4242 4242",
        "expiry": "12/34", "cvc": "123",
        "billing_details": {"name": "Jo Bloom", "email": "jo@example.com",
                            "address": {"line1": "12 Wells Road", "city": "Bristol",
                                        "postal_code": "BS14 9AB", "country": "GB"}},
    }, kind="checkout pay")
    intent_id = (paid or {}).get("payment_intent", {}) or {}
    if intent_id.get("status") != "succeeded":
        with lock:
            outcomes["card not taken"] += 1
        return
    status, placed = client.request("POST", "/api/orders/", {
        "payment_intent_id": intent_id["id"], "cart_id": cart, "email": "jo@example.com",
        "first_name": "Jo", "last_name": "Bloom", "address": "12 Wells Road", "city": "Bristol",
        "postcode": "BS14 9AB", "phone": "0117 496 0123",
    }, kind="checkout order")
    with lock:
        outcomes["ordered" if status == 200 else f"refunded ({status})"] += 1


def main():
    setup = Client()
    catalogue = products(setup)
    status, album = setup.request("POST", "/api/auth/login/",
                                  {"username": "soak", "password": args.admin_password}, kind="sign-in")
    _, album = setup.request("POST", "/api/albums/", {"title": "Soak", "description": ""}, kind="setup")
    if not album or "id" not in album:
        raise SystemExit(f"soak: could not make an album: {album}")
    with open(args.photo, "rb") as f:
        photo = f.read()

    print(f"soak: {args.seconds} s of mixed traffic on {args.connections} connections")
    deadline = time.time() + args.seconds
    threads = [threading.Thread(target=shopper, args=(deadline, catalogue))
               for _ in range(args.connections - 1)]
    threads.append(threading.Thread(target=uploader, args=(deadline, album["id"], photo)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    product = plain_product(products(setup))
    sql(f"UPDATE products SET stock = 10 WHERE id = {product['id']}")
    print(f"soak: 100 checkouts at once for 10 of {product['name']}")
    outcomes = collections.Counter()
    crowd = [threading.Thread(target=checkout, args=(product["id"], outcomes)) for _ in range(100)]
    for t in crowd:
        t.start()
    for t in crowd:
        t.join()
    left = int(sql(f"SELECT stock FROM products WHERE id = {product['id']}"))
    orders = int(sql(f"SELECT COUNT(*) FROM order_items WHERE product_id = {product['id']}"))

    kinds = sorted({kind for kind, _ in counts})
    total = sum(counts.values())
    print(f"\n{'kind':18} {'requests':>9}  by status")
    for kind in kinds:
        by = {cls: n for (k, cls), n in counts.items() if k == kind}
        line = "  ".join(f"{cls} {n}" for cls, n in sorted(by.items()))
        print(f"{kind:18} {sum(by.values()):9}  {line}")
    rss = shop_client.peak_rss_mb(args.pid)
    bad = sum(errors.values())
    print(f"\nrequests {total}, errors (5xx or socket) {bad}, peak RSS {rss:.1f} MB")
    print(f"checkouts: {dict(outcomes)}; stock left {left}")
    for sample in samples:
        print("  error:", sample)
    failed = False
    if bad:
        print("soak: FAILED: errors")
        failed = True
    if outcomes["ordered"] + left != 10 or orders != outcomes["ordered"]:
        print(f"soak: FAILED: {outcomes['ordered']} ordered ({orders} order lines) and {left} left of 10")
        failed = True
    if rss > args.rss_budget_mb:
        print(f"soak: FAILED: peak RSS {rss:.1f} MB is over {args.rss_budget_mb} MB")
        failed = True
    raise SystemExit(1 if failed else 0)


main()

"""Seeds ORDERS orders into a shop's SQLite database and times the back office's order calls.

A year of orders, as a busy florist has them: most delivered or collected, a few cancelled, a
handful of past days' orders never finished (overdue), and two weeks ahead still to make.
Run by scripts/orders-bench.sh, which starts the shop.
"""
import datetime, http.cookiejar, json, os, random, sqlite3, statistics, sys, time, urllib.request

db_path, base, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(7)
today = datetime.date.today()
names = ["Jo Bloom", "Sam de Rosa", "Margaret Hale", "Peggy Olsen", "Ann Smith", "Ravi Patel",
         "Lucy Gray", "Tom Reed", "Aisha Khan", "Bea Long"]
postcodes = ["BS3 4AA", "BS4 1AB", "BS14 9AB", "BS13 7TT", "BS31 1AA", "BS8 1QU", "BS6 5BE"]
slots = ["Morning", "Afternoon", "Evening"]
db = sqlite3.connect(db_path)
products = db.execute("SELECT id, name, price_pence FROM products").fetchall()
now = int(time.time())
orders, items, events = [], [], []
next_id = (db.execute("SELECT COALESCE(MAX(id), 0) FROM orders").fetchone()[0]) + 1
for n in range(count):
    oid = next_id + n
    # 3% two weeks ahead, 1% overdue (last week, unfinished), the rest over the past year.
    roll = random.random()
    if roll < 0.03:
        day = today + datetime.timedelta(days=random.randint(0, 13))
        status = random.choice(["new", "new", "confirmed", "ready"])
    elif roll < 0.04:
        day = today - datetime.timedelta(days=random.randint(1, 7))
        status = random.choice(["confirmed", "ready"])
    else:
        day = today - datetime.timedelta(days=random.randint(1, 365))
        status = "cancelled" if random.random() < 0.03 else None
    delivery = random.random() < 0.7
    if status is None:
        status = "delivered" if delivery else "collected"
    first, last = random.choice(names).split(" ", 1)
    postcode = random.choice(postcodes)
    choice = {"method": "delivery" if delivery else "collection", "date": day.isoformat(),
              "slot": random.choice(slots) if delivery else "",
              "collection_time": "" if delivery else "14:00",
              "recipient_name": random.choice(names) if delivery else "",
              "recipient_phone": "0117 496 0000" if delivery else "",
              "address_line1": f"{random.randint(1, 200)} Wells Road" if delivery else "",
              "address_line2": "", "city": "Bristol" if delivery else "",
              "postcode": postcode if delivery else "", "instructions": "",
              "card_message": "Happy birthday!\nWith love", "card_from": first}
    lines = random.sample(products, random.randint(1, 3))
    total = 0
    for product_id, name, price in lines:
        quantity = random.randint(1, 2)
        total += price * quantity
        items.append((oid, product_id, name, quantity, price))
    fee = 500 if delivery else 0
    placed = int(datetime.datetime.combine(day - datetime.timedelta(days=2), datetime.time(10)).timestamp())
    orders.append((oid, f"bench-{oid}", f"pi_bench_{oid}", f"{first.lower()}{oid}@example.com",
                   first, last, "12 Wells Road", "Bristol", "BS14 9AB", "0117 496 0123",
                   total + fee, placed, json.dumps(choice), fee,
                   "delivery" if delivery else "collection", day.isoformat(),
                   choice["slot"] or None, status))
db.executemany(
    "INSERT INTO orders (id, cart_id, payment_intent_id, email, first_name, last_name, address, "
    "city, postcode, phone, total_pence, created_at, check_details, fulfilment, "
    "delivery_fee_pence, surcharge_pence, fulfil_method, fulfil_date, fulfil_slot, status) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, 0, ?, ?, ?, ?)", orders)
db.executemany(
    "INSERT INTO order_items (order_id, product_id, product_name, quantity, unit_price_pence) "
    "VALUES (?, ?, ?, ?, ?)", items)
db.commit()
db.close()

jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
opener.open(base + "/api/products/").read()
csrf = next(c.value for c in jar if c.name == "csrftoken")
login = urllib.request.Request(
    base + "/api/auth/login/", method="POST",
    data=json.dumps({"username": os.environ["POSY_ADMIN_USERNAME"],
                     "password": os.environ["POSY_ADMIN_PASSWORD"]}).encode(),
    headers={"content-type": "application/json", "x-csrftoken": csrf})
opener.open(login).read()

def timed(path, runs=60):
    took, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        body = opener.open(base + path).read()
        took.append((time.perf_counter() - start) * 1000)
        size = len(body)
    took.sort()
    p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
    print(f"  {path:<48} median {statistics.median(took):6.1f} ms  p99 {p99:6.1f} ms  {size / 1024:6.1f} KiB")

book = json.load(opener.open(base + "/api/admin/orders/"))
shown = sum(len(d["orders"]) for d in book["days"])
print(f"{count} orders seeded; the day's work shows {shown} of them over {len(book['days'])} days")
timed("/api/admin/orders/")
timed("/api/admin/orders/?q=margaret")
timed("/api/admin/orders/?q=BS3%204AA")
timed(f"/api/admin/orders/{next_id + count // 2}/")
timed(f"/api/admin/orders/sheet/?date={today.isoformat()}")

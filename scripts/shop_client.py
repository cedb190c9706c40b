"""What the load scripts (soak.py, valentine.py) share: a keep-alive connection to the shop on
this machine that carries its cookies as a browser does, and the server's peak memory.
Standard library only."""

import http.client
import json
import time

# A kept-alive connection the server closed while idle is tried again on a new one, as browsers
# do; any other socket failure counts as an error.
IDLE_CLOSED = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class Client:
    """One keep-alive connection with the shop's cookies (CSRF, and an admin's session).

    `record(kind, status, seconds, detail)` is told of every request sent with a `kind` (None:
    setup or checking, not counted); `status` is None when the socket failed, and `detail` is
    the answer's body or the failure."""

    def __init__(self, port, record, forwarded_for=None):
        self.port = port
        self.record = record
        self.forwarded_for = forwarded_for
        self.conn = self.connect()
        self.cookies = {}

    def connect(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def request(self, method, path, body=None, kind=None, headers=None, raw=None):
        """Sends one request, `body` as JSON or the bytes `raw`; answers (status, parsed JSON or
        None), status None on a socket failure."""
        headers = dict(headers or {})
        if self.forwarded_for:
            headers["X-Forwarded-For"] = self.forwarded_for
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.perf_counter()
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                payload = response.read()
                break
            except Exception as err:  # noqa: BLE001 - any socket failure is counted, not raised
                self.conn.close()
                self.conn = self.connect()
                if attempt == 2 or not isinstance(err, IDLE_CLOSED):
                    if kind is not None:
                        self.record(kind, None, time.perf_counter() - started, repr(err))
                    return None, None
                started = time.perf_counter()
        elapsed = time.perf_counter() - started
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";")[0]
        if kind is not None:
            self.record(kind, response.status, elapsed, payload)
        try:
            return response.status, json.loads(payload) if payload else None
        except ValueError:
            return response.status, None


def peak_rss_mb(pid):
    """The process's peak resident memory so far, in MB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0

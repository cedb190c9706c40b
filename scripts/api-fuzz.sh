#!/usr/bin/env bash
# Fuzzes every operation of the API with schemathesis, all checks on, against a fresh server
# (debug build, a temporary data folder, a free port, an admin made for the run). Unsafe calls
# carry the CSRF cookie and header (and an Origin); admin calls an admin session, signed in
# again whenever the run has signed it out. The only configuration is schemathesis.toml.
#
#   scripts/api-fuzz.sh [--max-examples N]   (any other schemathesis option passes through)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# schemathesis from PyPI, in a venv of its own.
venv="$HOME/.cache/posy/schemathesis-venv"
if [[ ! -x "$venv/bin/schemathesis" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'schemathesis>=4,<5'
fi

source scripts/fresh-shop.sh
# Schemathesis links GET /api/auth/me/'s username into POST /api/auth/login/'s body, so with
# drawn passwords it fails to sign in as the run's own admin, and past the lockout the hook
# below could no longer sign in. The lockout has its own tests; here it is set out of reach.
export POSY_SIGN_IN_FAILURES=1000000
start_fresh_shop "$root/web/dist" fuzz
export POSY_FUZZ_URL="$SHOP_URL"
data=$SHOP_DATA

# The session and CSRF token as a browser holds them; signed in again after a sign-out (or a
# sign-out everywhere).
cat >"$data/posy_fuzz_hooks.py" <<'PY'
import os
import requests
import schemathesis

BASE = os.environ["POSY_FUZZ_URL"]
state = {"csrf": None, "session": None}


def csrf_token():
    if state["csrf"] is None:
        state["csrf"] = requests.get(f"{BASE}/api/products/", timeout=30).cookies["csrftoken"]
    return state["csrf"]


@schemathesis.auth()
class AdminSession:
    """The admin's posy_session cookie, from signing in as a browser does."""

    def get(self, case, context):
        if state["session"] is None:
            token = csrf_token()
            answer = requests.post(
                f"{BASE}/api/auth/login/",
                json={"username": os.environ["POSY_ADMIN_USERNAME"], "password": os.environ["POSY_ADMIN_PASSWORD"]},
                headers={"X-CSRFToken": token, "Origin": BASE},
                cookies={"csrftoken": token},
                timeout=30,
            )
            answer.raise_for_status()
            state["session"] = answer.cookies["posy_session"]
        return state["session"]

    def set(self, case, data, context):
        case.cookies = {**(case.cookies or {}), "posy_session": data}


@schemathesis.hook
def before_call(context, case, **kwargs):
    token = csrf_token()
    case.cookies = {**(case.cookies or {}), "csrftoken": token}
    case.headers = {**(case.headers or {}), "X-CSRFToken": token, "Origin": BASE}


@schemathesis.hook
def after_call(context, case, response):
    if case.path.startswith(("/api/auth/logout", "/api/admin/account/sign-out-everywhere")):
        state["session"] = None
PY

export SCHEMATHESIS_HOOKS=posy_fuzz_hooks PYTHONPATH="$data"
status=0
(cd "$data" && "$venv/bin/schemathesis" --config-file "$root/schemathesis.toml" run \
  "$POSY_FUZZ_URL/api/openapi.json" --url "$POSY_FUZZ_URL" "$@") || status=$?
if grep -q "request failed" "$data/server.log"; then
  echo "--- server errors logged during the run"
  grep "request failed" "$data/server.log" | tail -20
  status=1
fi
exit $status

#!/usr/bin/env bash
# The tests' own Python, from PyPI in a venv of its own: schemathesis for scripts/api-fuzz.sh,
# aiosmtpd for the server's mail tests (a real SMTP server on loopback). Made by
# `scripts/setup.sh test`; prints the venv's folder. Safe to run again.
set -euo pipefail
venv="${POSY_PYTHON_VENV:-$HOME/.cache/posy/python-venv}"
if [[ ! -x "$venv/bin/schemathesis" || ! -d "$venv/lib" ]] || ! "$venv/bin/python" -c 'import aiosmtpd' 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q 'schemathesis>=4,<5' 'aiosmtpd>=1.4,<2' >&2
fi
echo "$venv"

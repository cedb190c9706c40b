"""A real SMTP server for the mail tests (aiosmtpd, from the tests' venv: scripts/python-venv.sh).

    smtp_server.py MODE CERT KEY USER PASSWORD OUTBOX

MODE is `tls` (implicit TLS, as on port 465) or `starttls` (STARTTLS required, as on 587).
Login is required, over TLS, with USER and PASSWORD; each message received is written to
OUTBOX as a numbered .eml file. Listens on a free port of 127.0.0.1 and prints
`listening PORT` once it does; stops when its standard input closes.
"""

import asyncio
import logging
import os
import ssl
import sys
import warnings

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def main():
    # aiosmtpd logs a warning of its own deprecated Session.login_data as it fills it.
    logging.getLogger("mail.log").setLevel(logging.ERROR)
    # Over implicit TLS, AUTH without STARTTLS is safe, which aiosmtpd cannot tell.
    warnings.filterwarnings("ignore", "Requiring AUTH while not requiring TLS")
    mode, cert, key, user, password, outbox = sys.argv[1:7]
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    received = []

    class Handler:
        async def handle_DATA(self, server, session, envelope):
            received.append(1)
            path = os.path.join(outbox, f"{len(received):03}.eml")
            with open(path + ".partial", "wb") as f:
                f.write(envelope.original_content)
            os.rename(path + ".partial", path)
            return "250 OK"

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == user
            and auth_data.password.decode() == password
        )
        # Not "handled": aiosmtpd then answers a refusal with 535 itself.
        return AuthResult(success=ok, handled=False)

    def protocol():
        return SMTP(
            Handler(),
            hostname="localhost",
            tls_context=context if mode == "starttls" else None,
            require_starttls=mode == "starttls",
            authenticator=authenticator,
            auth_required=True,
            # Over implicit TLS every byte is encrypted already; aiosmtpd cannot tell.
            auth_require_tls=mode == "starttls",
        )

    async def serve():
        loop = asyncio.get_running_loop()
        server = await loop.create_server(
            protocol, "127.0.0.1", 0, ssl=context if mode == "tls" else None
        )
        print("listening", server.sockets[0].getsockname()[1], flush=True)
        # Stops when the test lets go of standard input.
        await loop.run_in_executor(None, sys.stdin.read)
        server.close()

    asyncio.run(serve())


if __name__ == "__main__":
    main()

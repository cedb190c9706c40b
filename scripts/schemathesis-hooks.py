"""Files for the upload forms, loaded by scripts/api-fuzz.sh (SCHEMATHESIS_HOOKS).

The description publishes the media types each file part takes (its `encoding`): the shop judges
a file by its content. schemathesis makes a part of a listed media type only when it is taught
how, so each type it can be taught here gets the smallest well-formed file of that format.
"""

import base64

import schemathesis
from hypothesis import strategies as st

# 1 × 1 pixel each.
PICTURES = {
    "image/png": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==",
    "image/gif": "R0lGODdhAQABAIEAAAAAAAAAAAAAAAAAACwAAAAAAQABAAAIBAABBAQAOw==",
    "image/webp": "UklGRhoAAABXRUJQVlA4TA4AAAAvAAAAAAcQEf0PRET/Aw==",
    "image/jpeg": (
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAFA3PEY8MlBGQUZaVVBfeMiCeG5uePWvuZHI////////////////////"
        "////////////////////////////////wAALCAABAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL"
        "/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJico"
        "KSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKz"
        "tLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AKVf/9k="
    ),
}

for media_type, encoded in PICTURES.items():
    schemathesis.openapi.media_type(media_type, st.just(base64.b64decode(encoded)))

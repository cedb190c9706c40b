#!/usr/bin/env python3
"""Runs one SQL statement on a SQLite file and prints the first value: soak.py's view of the
database, as psql -tA is on PostgreSQL."""
import sqlite3
import sys

connection = sqlite3.connect(sys.argv[1], timeout=30)
rows = connection.execute(sys.argv[2]).fetchall()
connection.commit()
print(rows[0][0] if rows and rows[0] else "")

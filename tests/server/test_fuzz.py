"""API fuzzing from the server's own OpenAPI schema (schemathesis, its command line) against
a real server: whatever is sent, no answer is a server error (5xx), and every answer
matches the schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx


def test_no_request_makes_the_server_fail(any_server, tmp_path):
    with httpx.Client(base_url=any_server.url) as http:  # a table, for the paths that name one
        assert http.post("/api/tables", json={"game": "novelist", "players": 2}).status_code == 201
    st = Path(sys.executable).with_name("schemathesis")
    run = subprocess.run(
        [str(st), "run", f"{any_server.url}/openapi.json", "--checks",
         "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
         "--max-examples", "40", "--workers", "2", "--seed", "1", "--no-color"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]

"""The API keeps its OpenAPI schema: a schema-based fuzzer (Schemathesis) sends
generated requests to a real server (``meeple serve``) and checks every answer:
no 5xx, statuses, content types and bodies as the schema states them.

The examples are bounded (``EXAMPLES`` per operation, for requests the schema
allows and for requests it does not); most of them are sent to a
real table with a real seat's token, so they go past the 404 and 403 into the
handlers. The figures are printed (``pytest -s``) for the record.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from server_support import RELAXED_ARGS, Server, sqlite_url

from meeple.server.app import create_app

EXAMPLES = 15  # per operation and mode (valid requests, and invalid ones)
SEEN: Counter[int] = Counter()
TURN = itertools.count()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A running server with two tables (a seat's token on each) to aim at."""
    url = sqlite_url(Path(tmp_path_factory.mktemp("schema")))
    running = Server(url, args=RELAXED_ARGS)
    running.start()
    targets = []
    for game in ("namibia", "africa1880"):
        body = {"game": game, "players": 3, "seats": ["human"] * 3, "seed": 3}
        made = running.http.post("/api/tables", json=body).json()
        targets.append((made["id"], made["tokens"]))
    yield {"base": running.base, "targets": targets}
    running.stop()
    total = sum(SEEN.values())
    server_errors = sum(n for status, n in SEEN.items() if status >= 500)
    print(f"\nschemathesis: {total} requests, {server_errors} answered 5xx; {dict(SEEN)}")


def aim(case: Any, targets: list[tuple[str, dict[str, str]]]) -> None:
    """Two cases in three go to a real table, with one of its seats' tokens."""
    turn = next(TURN)
    if turn % 3 == 0:
        return
    table_id, tokens = targets[turn % len(targets)]
    if case.path_parameters and "table_id" in case.path_parameters:
        case.path_parameters["table_id"] = table_id
    token = tokens[str(turn % 3)]
    if isinstance(case.body, dict) and "token" in case.body:
        case.body["token"] = token
    if case.query and "token" in case.query:
        case.query["token"] = token


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def test_the_api_keeps_its_schema(server: dict[str, Any]) -> None:
    schema = schemathesis.openapi.from_dict(create_app("sqlite://").openapi())
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12

    for operation, mode in itertools.product(operations, GenerationMode):

        @given(case=operation.as_strategy(mode))
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            aim(case, server["targets"])
            response = case.call(base_url=server["base"])
            SEEN[response.status_code] += 1
            case.validate_response(response, checks=CHECKS)

        try:
            check()
        except Unsatisfiable:
            # Nothing to break: no parameter or body, or only strings without bounds.
            assert mode is GenerationMode.NEGATIVE
    assert not [status for status in SEEN if status >= 500]


def test_docs_work_without_internet(client: Any) -> None:
    page = client.get("/docs").text
    assert "cdn" not in page.lower() and "http://" not in page and "https://" not in page
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        assert f"/docs-assets/{asset}" in page
        r = client.get(f"/docs-assets/{asset}")
        assert r.status_code == 200 and len(r.content) > 10_000


def test_error_bodies_are_as_documented(client: Any) -> None:
    spec = client.get("/openapi.json").json()
    action = spec["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    for status in ("400", "403", "404", "409", "413", "422", "429", "431", "503"):
        assert action[status]["content"]["application/json"]["schema"]["$ref"].endswith("ErrorBody")
    r = client.post("/api/tables", json={"game": "namibia"})
    body = r.json()
    assert r.status_code == 422 and isinstance(body["detail"], str)
    assert {e["loc"][-1] for e in body["errors"]} >= {"players", "seats"}
    assert httpx.codes.is_client_error(r.status_code)

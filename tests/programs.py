"""Programs some tests run (php, node): found on PATH, else the test skips saying how to get it, or fails
when the environment says it is required (`.ci/run` sets REQUIRE_PHP=1 and REQUIRE_NODE=1)."""
from __future__ import annotations

import os
import shutil

import pytest


def program(name: str, required_by: str, install: str) -> str:
    found = shutil.which(name)
    if found is None:
        if os.environ.get(required_by) == "1":
            pytest.fail(f"{required_by}=1 but {name} is not installed")
        pytest.skip(f"{name} is not installed ({install}, or run .ci/run)")
    return found


def php() -> str:
    return program("php", "REQUIRE_PHP", "apt-get install php-cli")


def node() -> str:
    return program("node", "REQUIRE_NODE", "apt-get install nodejs")

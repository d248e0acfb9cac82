"""Exported BGA projects checked with PHP: `php -l` on each file, then `bga_stub/check.php`, which
loads the project on a stand-in of BGA's framework and reports what it finds (see its header)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.programs import php

CHECK = Path(__file__).parent / "bga_stub" / "check.php"


def php_lint(path: Path) -> None:
    result = subprocess.run([php(), "-l", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def check_project(folder: Path, project: str) -> dict:
    """The stand-in's report on an exported project (its `problems` empty when BGA would load it)."""
    result = subprocess.run([php(), str(CHECK), str(folder), project], capture_output=True, text=True, timeout=60)
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        raise AssertionError(f"check.php failed: {result.stdout}{result.stderr}") from None
    assert (result.returncode == 0) == (not report["problems"]), result.stderr
    return report

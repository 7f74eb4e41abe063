"""What the user documentation shows matches what the tools accept."""
from __future__ import annotations

import json
import re
from pathlib import Path

DOCS = Path(__file__).parent.parent / "docs"


def test_the_launch_json_example_has_vs_codes_schema_version():
    """A ``launch.json`` carries the version of VS Code's launch schema, "0.2.0" (VS Code
    docs, "Debugging": launch.json), not the project's version it was bumped along with."""
    text = (DOCS / "debugging.md").read_text()
    block = re.search(r"```jsonc\n(\{.*?\n\})\n```", text, re.S).group(1)
    assert json.loads(block)["version"] == "0.2.0"

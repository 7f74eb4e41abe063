"""Diagnostics: what the front end and the runtime report about a script.

A diagnostic has a stable code (``E...`` for errors, ``W...`` for warnings, ``R...`` for
runtime crashes), a severity, a position (file, 1-based line, 1-based column) and a message.
"""
from __future__ import annotations

from enum import Enum

from .records import record


class Severity(str, Enum):
    """How bad a diagnostic is: ``error`` refuses the program, ``warning`` does not."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@record(frozen=True, slots=False)
class Diagnostic:
    """One finding at a source position.

    ``line`` and ``col`` are 1-based; ``col`` counts characters of the decoded line.
    """

    code: str
    severity: Severity
    message: str
    file: str = "<input>"
    line: int = 0
    col: int = 0

    def format(self) -> str:
        """``file:line:col: severity[CODE]: message`` as `jass check` prints it."""
        return f"{self.file}:{self.line}:{self.col}: {self.severity.value}[{self.code}]: {self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


class JassError(Exception):
    """A user-facing failure that carries diagnostics (never shown as a traceback)."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic | str):
        if isinstance(diagnostics, str):
            diagnostics = [Diagnostic("E000", Severity.ERROR, diagnostics)]
        elif isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))

"""The JASS language: source -> checked program -> bytecode -> running threads.

This package knows no native and no game object (DESIGN.md section 2).
"""
__version__ = "0.5.0"

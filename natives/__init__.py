"""The Warcraft III API: natives bound to a compact game-state model (DESIGN.md section 5)."""

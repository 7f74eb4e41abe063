"""Map files and scenarios: archives, map formats, the runner and the bundled demo (DESIGN.md section 6)."""

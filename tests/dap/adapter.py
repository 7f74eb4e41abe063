"""`jass debug --dap` for the end-to-end test: DebugClient starts its adapter as
``runtime executable`` (one argument), so the test runs ``python adapter.py``."""
import sys

from cli import main

sys.exit(main(["debug", "--dap"], prog_name="jass"))

"""The JASS debugger: a UI-agnostic core (``engine``) over the VM's hooks and per-VM
instrumentation (``jassvm.hooks``, ``jassvm.instrument``), value inspection (``inspect``),
expression evaluation in a frame (``evaluate``), and its front ends: ``terminal``
(``jass debug``) and ``dap`` (``jass debug --dap``, the Debug Adapter Protocol).

Layering: ``cli -> debugger -> maps -> natives -> jassvm``.
"""

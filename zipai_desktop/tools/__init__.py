"""The ``zipai`` command's tools, one module per sub-command (``score``, ``sim``, ``replay``, ``ladder``,
``tournament``, and the 包厢's ``host``, ``join`` and ``rooms``), each with ``main(argv) -> exit status`` that
:mod:`zipai_desktop.cli` dispatches to; :mod:`.args` and :mod:`.stats` hold what they share: argument types and the
95% intervals they report."""

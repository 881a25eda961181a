"""The rules engine: pure Python, standard library only (never imports pygame)."""

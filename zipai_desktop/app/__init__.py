"""The pygame-ce application (never imported by the engine)."""

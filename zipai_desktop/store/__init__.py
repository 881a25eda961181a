"""Where the game keeps its files: settings, the autosave, the history database (no pygame here).

Every loader reports problems as readable messages and never raises on a damaged file: the file is moved aside
(``<name>.damaged-<timestamp>``), never deleted, and the game goes on with defaults.
"""

"""比赛: competitions against a field of named bots; the pure logic is :mod:`zipai_desktop.engine.tournament`."""

"""字牌 Desktop: 桂林字牌 and 秀山博胡 on one rules engine."""

__version__ = "0.1.0"

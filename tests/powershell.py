"""A PowerShell syntax check for tests on machines without pwsh (it cannot be installed here): the tree-sitter
PowerShell grammar parses the script and every error or missing node is reported."""

from __future__ import annotations


def powershell_errors(source: bytes) -> list[str]:
    """Where the PowerShell grammar fails to parse ``source``: one "line N: text" entry per error; [] when it parses."""
    import tree_sitter
    import tree_sitter_powershell

    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_powershell.language()))
    errors: list[str] = []
    stack = [parser.parse(source).root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            line = node.start_point[0] + 1
            errors.append(f"line {line}: {source[node.start_byte : node.end_byte][:60]!r}")
        stack.extend(node.children)
    return errors

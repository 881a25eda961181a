"""Every word the window shows, in Chinese (zh, the default) and English (en).

The texts live in one catalog file per language, ``assets/i18n/zh.json`` and ``assets/i18n/en.json`` (key -> text);
``tr(key, lang, **fields)`` looks a key up and fills its ``{fields}``. The bundled font is a subset: after adding or
changing a string, run ``python build/make_font_subset.py`` (it reads the catalogs) and commit the new fonts;
``tests/app/ui/test_font_and_strings.py`` fails while a character is missing from the font or a key from a catalog.

English text writes "..." rather than "…": the Chinese font draws U+2026 centred, as Chinese text wants it.

Card glyphs (一..十, 壹..拾) come from the engine and are never translated. Game terms that have no English word keep
their Chinese name in the English text (胡, 舵, 醒, 番) so players can match them with the rules pages.
"""

from __future__ import annotations

import json

from .assets import asset_path

LANGUAGES: tuple[str, ...] = ("zh", "en")
DEFAULT_LANG = "zh"


def _load_catalogs() -> dict[str, dict[str, str]]:
    """Read one catalog file per language (``assets/i18n/<lang>.json``: key -> text) into key -> {lang: text}."""
    catalogs: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        path = asset_path("i18n", f"{lang}.json")
        catalogs[lang] = json.loads(path.read_text(encoding="utf-8"))
    keys = list(catalogs[DEFAULT_LANG])
    # A key missing from a catalog stays missing here (tr falls back to Chinese; a test reports the gap).
    return {key: {lang: catalogs[lang][key] for lang in LANGUAGES if key in catalogs[lang]} for key in keys}


STRINGS: dict[str, dict[str, str]] = _load_catalogs()


def tr(key: str, lang: str = DEFAULT_LANG, **fmt: object) -> str:
    """The text of ``key`` in ``lang`` (an unknown language falls back to Chinese), with ``{fields}`` filled from fmt.

    Raises KeyError for an unknown key, or when the text needs a field that was not given.
    """
    try:
        entry = STRINGS[key]
    except KeyError:
        raise KeyError(f"unknown i18n key {key!r} (see zipai_desktop/app/ui/i18n.py)") from None
    text = entry.get(lang, entry[DEFAULT_LANG])
    try:
        return text.format(**fmt)
    except KeyError as exc:
        raise KeyError(f"i18n key {key!r} needs the field {exc.args[0]!r}") from None

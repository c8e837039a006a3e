"""``python -m tracer.words.compile``: every language's catalogue (``.po``) compiled to the
``.mo`` tracer loads, the same bytes from the same ``.po`` (``make messages`` runs it).

``pybabel compile`` stamps the compiled file with the time it ran when the ``.po`` has no
``POT-Creation-Date`` (``make messages`` leaves dates out so that unchanged messages give
unchanged files), so the committed ``.mo`` would change at every run; here the catalogue's
own ``PO-Revision-Date`` stands in for it. A catalogue whose header is marked fuzzy is
refused, as ``pybabel compile`` leaves it out (and then a fresh clone would have no
translation at all). Untranslated messages are left out of the ``.mo``: they read in English.
"""

from __future__ import annotations

import io
import sys
from datetime import datetime
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tracer.words.catalog import DOMAIN, LOCALE_DIR

__all__ = ["compiled", "main"]


def compiled(po: Path) -> bytes:
    """The ``.mo`` of the catalogue ``po``."""
    with open(po, "rb") as file:
        catalogue = read_po(file, locale=po.parent.parent.name)
    if catalogue.fuzzy:
        raise SystemExit(f"{po}: the header is marked fuzzy (#, fuzzy): check the catalogue and remove the mark")
    revised = catalogue.revision_date
    catalogue.creation_date = revised if isinstance(revised, (datetime, str)) else str(revised)
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def main(locale_dir: Path = LOCALE_DIR) -> None:
    for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.is_file() or mo.read_bytes() != data:
            mo.write_bytes(data)
            print(f"compiled {po} to {mo.name}", file=sys.stderr)


if __name__ == "__main__":
    main()

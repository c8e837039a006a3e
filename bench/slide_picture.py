"""The README's picture of a generated slide: site/img/fig-5-2-slide.png.

Run: ``python bench/slide_picture.py [OUT.png]``. It writes the PowerPoint deck of AIMA's
Figure 5.2 (``tracer render fig-5-2.json --steps key --slide 16:9 --pptx deck.pptx``), has
LibreOffice Impress convert it to PDF, headless, and draws the slide of C's cutoff as a
1280 x 720 PNG with pdftoppm (poppler-utils): the slide as Impress shows it, picture, caption
and title. tests/render/test_decks.py runs it and checks the committed picture's size.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tracer
from tracer.render import select_steps, write_pptx
from tracer.search.events import kind_of, node_of

REPO = Path(__file__).resolve().parents[1]
PICTURE = REPO / "site" / "img" / "fig-5-2-slide.png"
AIMA = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
SIZE = (1280, 720)
"""The picture's pixels: a 13.33 x 7.5 in slide at 96 pixels per inch."""


def cutoff_at_c(trace: tracer.Trace) -> int:
    """The step of the first cutoff at C (node (1,)), found by kind and node."""
    for index, raw in enumerate(trace.raw_events):
        if kind_of(raw) == "cutoff" and node_of(raw) == (1,):
            return index + 1
    raise LookupError("no cutoff at C")


def slide_picture(out: Path) -> Path:
    """Write the picture of the slide of C's cutoff to ``out``."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None or shutil.which("pdftoppm") is None:
        raise SystemExit("needs LibreOffice Impress and pdftoppm (Debian: apt-get install libreoffice-impress poppler-utils)")
    trace = tracer.alphabeta(AIMA)
    page = 2 + select_steps(trace, "key").index(cutoff_at_c(trace))  # after the title slide
    with tempfile.TemporaryDirectory(prefix="tracer-slide-") as folder:
        work = Path(folder)
        write_pptx(trace, work / "deck.pptx", steps="key", slide="16:9")
        subprocess.run(
            [soffice, f"-env:UserInstallation={(work / 'profile').as_uri()}", "--headless", "--convert-to", "pdf", "--outdir", str(work),
             str(work / "deck.pptx")],
            capture_output=True, timeout=300, check=True,
        )
        subprocess.run(
            ["pdftoppm", "-png", "-singlefile", "-scale-to-x", str(SIZE[0]), "-scale-to-y", str(SIZE[1]), "-f", str(page), "-l", str(page),
             str(work / "deck.pdf"), str(work / "slide")],
            check=True,
        )
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(work / "slide.png", out)
    return out


if __name__ == "__main__":
    print(slide_picture(Path(sys.argv[1]) if len(sys.argv) > 1 else PICTURE))

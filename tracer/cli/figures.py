"""Figures from the command line: ``tracer render``."""

from __future__ import annotations

import sys
from typing import Any, Self

import click

from tracer.cli.app import fail_cleanly, input_options, language_option, main, search_options, trace_for
from tracer.words import plural

__all__ = ["render_command"]


@main.command("render")
@input_options
@search_options
@click.option("-o", "--output", "folder", metavar="DIR", required=True, help="Folder for the figures (created if missing).")
@click.option("--format", "formats", metavar="LIST", default="svg", show_default=True, help="Comma-separated formats: svg, png, pdf (SVG is always written).")
@click.option("--html", is_flag=True, help="Also write DIR/index.html, a self-contained player of the steps --steps chooses (all with final).")
@click.option("--beamer", is_flag=True, help="Also write one PDF per step and DIR/frames.tex, Beamer overlays (\\includegraphics<n>).")
@click.option("--steps", default="all", show_default=True, metavar="SPEC", help="Frames to write: all, final (none), FROM-TO, every:N, or one step.")
@click.option("--theme", type=click.Choice(["light", "dark"]), default="light", show_default=True, help="Colours for light or dark slides.")
@click.option("--labels", type=click.Choice(["letters", "paths", "none"]), default="letters", show_default=True, help="Node names: the tree's labels (A, B, ...), paths (0.1) or none.")
@click.option("--max-depth", type=click.IntRange(min=0), metavar="N", help="Draw nodes down to depth N only; deeper ones are counted (+N) under their ancestor.")
@click.option("--collapse/--no-collapse", default=None, help="Draw each subtree the search never entered as its root alone (default: when the tree has over 200 nodes).")
@click.option("--order-numbers", is_flag=True, help="Number the static evaluations (#1, #2, ...) under the nodes, in the order they happen.")
@language_option
@fail_cleanly
def render_command(folder: str, formats: str, html: bool, beamer: bool, steps: str, theme: str, labels: str,
                   max_depth: int | None, collapse: bool | None, order_numbers: bool, **options: Any) -> None:
    """Draw a search of INPUT: one figure per step, a final figure, a manifest.

    Writes DIR/step-0000.svg ... (step 0 is before the search), DIR/final.svg and
    DIR/manifest.json (frames, steps and captions); PNG and PDF of each with --format,
    an HTML player with --html, Beamer overlays with --beamer. Every frame of a trace
    has the same canvas and every node the same place. A tree too large to draw is
    collapsed or cut (--max-depth), with a note of what was left out.

    \b
    Examples:
      tracer render tree.json -o figs
      tracer render tree.json -o figs --format svg,png,pdf --html
      tracer render tree.json -o figs --beamer --no-prune-on-equal --theme dark
      tracer render trace.json -o figs --steps every:5 --labels paths
      tracer render --game tictactoe --position XO.X..O.. --depth 2 -o figs --steps final
    """
    from tracer.render.output import parse_formats, render_to_directory

    chosen = parse_formats(formats)
    trace = trace_for(options)

    def progress(label: str, length: int) -> Any:
        return click.progressbar(length=length, label=f"drawing {label}", file=sys.stderr) if sys.stderr.isatty() and length > 20 else None

    result = render_to_directory(
        trace, folder, steps=steps, formats=chosen, html=html, beamer=beamer, theme=theme, labels=labels,
        max_depth=max_depth, collapse="auto" if collapse is None else collapse, order_numbers=order_numbers,
        progress=lambda label, length: progress(label, length) or _NoBar(),
    )
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    click.echo(f"wrote {plural(result.frames, 'frame')} and the final figure to {folder}", err=True)


class _NoBar:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, count: int) -> None:
        return None

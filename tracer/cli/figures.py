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
@click.option("--format", "formats", metavar="LIST", default="svg", show_default=True,
              help="Comma-separated formats: svg, png, pdf, dot (Graphviz sources; SVG is always written).")
@click.option("--html", is_flag=True, help="Also write DIR/index.html, a self-contained player of the steps --steps chooses (all with final).")
@click.option("--beamer", is_flag=True, help="Also write one PDF per chosen step and DIR/frames.tex, Beamer overlays ending with the final figure.")
@click.option("--steps", default=None, metavar="SPEC",
              help="Frames to write: all (default), final (none), key (the builds a lecture shows), every:N (with every cutoff "
                   "and the last step), FROM-TO, N, or a list such as 0,24,40-45.")
@click.option("--storyboard", is_flag=True, help="Also write DIR/storyboard.svg: the chosen steps as lettered panels (a), (b), ... (--steps key unless given).")
@click.option("--slide", type=click.Choice(["16:9", "4:3"]), default=None,
              help="Shape and size every figure for a slide: values at least 14 pt, other text 11 pt when it fills the slide.")
@click.option("--no-header", "no_header", is_flag=True, help="Leave out the band above the tree (step number, algorithm and conventions).")
@click.option("--no-caption", "no_caption", is_flag=True, help="Print no captions in the figures (they stay in manifest.json and the Beamer notes).")
@click.option("--font-scale", type=click.FloatRange(0.5, 4.0), default=1.0, show_default=True, metavar="X",
              help="Make every text X times larger (shapes keep their size).")
@click.option("--legend", is_flag=True, help="Draw a one-line legend of the marks on every step frame.")
@click.option("--pruned-values", type=click.Choice(["show", "hide"]), default="show", show_default=True,
              help="Show pruned nodes' values (grey, not bold) or hide them.")
@click.option("--focus", metavar="NODE", default=None,
              help="Draw the path to NODE (a label such as B, a path such as 0.1, or auto: the best move) and its subtree in full, "
                   "the rest as '… +n more'.")
@click.option("--compact", is_flag=True, default=None, help="Write values and windows under the nodes, not beside them (narrower levels).")
@click.option("--wrap", is_flag=True, default=None, help="Put the leaves of wide levels on two staggered rows (narrower levels).")
@click.option("--theme", type=click.Choice(["light", "dark"]), default="light", show_default=True, help="Colours for light or dark slides.")
@click.option("--labels", type=click.Choice(["letters", "paths", "none"]), default="letters", show_default=True, help="Node names: the tree's labels (A, B, ...), paths (0.1) or none.")
@click.option("--max-depth", type=click.IntRange(min=0), metavar="N", help="Draw nodes down to depth N only; deeper ones are counted ('… +n more') under their ancestor.")
@click.option("--collapse/--no-collapse", default=None, help="Draw each subtree the search never entered as its root alone (default: when the tree has over 200 nodes).")
@click.option("--order-numbers", is_flag=True, help="Number the static evaluations (#1, #2, ...) under the nodes, in the order they happen.")
@language_option
@fail_cleanly
def render_command(folder: str, formats: str, html: bool, beamer: bool, steps: str | None, storyboard: bool, slide: str | None,
                   no_header: bool, no_caption: bool, font_scale: float, legend: bool, pruned_values: str, focus: str | None,
                   compact: bool | None, wrap: bool | None, theme: str, labels: str, max_depth: int | None, collapse: bool | None, order_numbers: bool,
                   **options: Any) -> None:
    """Draw a search of INPUT: one figure per step, a final figure, a manifest.

    Writes DIR/step-0000.svg ... (step 0 is before the search), DIR/final.svg and
    DIR/manifest.json (frames, steps and captions); PNG, PDF and DOT of each with
    --format, a storyboard with --storyboard, an HTML player with --html, Beamer
    overlays with --beamer. Every frame of a trace has the same canvas and every node
    the same place. A tree too large to draw is collapsed or cut (--max-depth), with a
    note of what was left out; with --slide, a figure too wide for the slide gets a
    note naming the options that make it fit.

    \b
    Examples:
      tracer render tree.json -o figs
      tracer render tree.json -o figs --steps key --storyboard --format svg,pdf
      tracer render tree.json -o figs --steps key --slide 16:9 --beamer
      tracer render tree.json -o figs --format svg,png,pdf --html
      tracer render trace.json -o figs --steps every:5 --labels paths
      tracer render --game tictactoe --depth 2 -o figs --steps final --slide 16:9 --focus auto
    """
    from tracer.render.output import parse_formats, render_to_directory

    chosen = parse_formats(formats)
    trace = trace_for(options)

    def progress(label: str, length: int) -> Any:
        return click.progressbar(length=length, label=f"drawing {label}", file=sys.stderr) if sys.stderr.isatty() and length > 20 else None

    result = render_to_directory(
        trace, folder, steps=steps or ("key" if storyboard else "all"), formats=chosen, html=html, beamer=beamer,
        storyboard=storyboard, theme=theme, labels=labels, max_depth=max_depth,
        collapse="auto" if collapse is None else collapse, order_numbers=order_numbers, slide=slide, header=not no_header,
        captions=not no_caption, legend=legend, font_scale=font_scale, pruned_values=pruned_values, focus=focus,
        compact=compact or None, wrap=wrap or None, progress=lambda label, length: progress(label, length) or _NoBar(),
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

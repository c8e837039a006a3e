"""Figures from the command line: ``tracer render``."""

from __future__ import annotations

import sys
from typing import Any, Self

import click

from tracer.cli.app import NumberRange, fail_cleanly, input_options, language_option, main, search_options, trace_for
from tracer.files import named
from tracer.words import count, say, say_n

__all__ = ["render_command"]


@main.command("render")
@input_options
@search_options
@click.option("-o", "--output", "folder", metavar="DIR", default=None,
              help="Folder for the figures (created if missing); needed unless --pptx or --revealjs names where to write.")
@click.option("--format", "formats", metavar="LIST", default="svg", show_default=True,
              help="Comma-separated formats: svg, png, pdf, dot (Graphviz sources) of every figure (SVG is always written), and "
                   "pptx (DIR/slides.pptx), gif and mp4 (DIR/steps.gif, DIR/steps.mp4; mp4 needs ffmpeg) of the chosen steps.")
@click.option("--pptx", "pptx_file", metavar="FILE", default=None,
              help="Write a PowerPoint deck to FILE: a title slide, a slide per chosen step (figure, editable caption, notes with the "
                   "caption and pseudocode line), the final figure and the storyboard; 16:9 unless --slide 4:3.")
@click.option("--pptx-template", "pptx_template", metavar="FILE", default=None,
              help="Make the PowerPoint deck in this .pptx's size, masters and layouts (its slides are left out).")
@click.option("--revealjs", "revealjs_folder", metavar="DIR", default=None,
              help="Write a reveal.js deck into DIR (offline, reveal.js included): one fragment per chosen step, captions and "
                   "pseudocode lines as speaker notes (S), print to PDF from DIR/index.html?print-pdf.")
@click.option("--pace", type=NumberRange(0.1, 60.0), default=None, metavar="SECONDS",
              help="Seconds each step of a gif or mp4 animation is shown (default 1.5; the last step three times as long).")
@click.option("--html", is_flag=True, help="Also write DIR/index.html, a self-contained player of the steps --steps chooses (all with final).")
@click.option("--beamer", is_flag=True, help="Also write one PDF per chosen step and DIR/frames.tex, Beamer overlays ending with the final figure.")
@click.option("--steps", default=None, metavar="SPEC",
              help="Frames to write: all (default; key with --storyboard, decks and animations), final (none), key (the builds a "
                   "lecture shows), every:N (with every cutoff and the last step), FROM-TO, N, or a list such as 0,24,40-45.")
@click.option("--storyboard", is_flag=True, help="Also write DIR/storyboard.svg: the chosen steps as lettered panels (a), (b), ... (--steps key unless given).")
@click.option("--slide", type=click.Choice(["16:9", "4:3"]), default=None,
              help="Shape and size every figure for a slide: values at least 14 pt, other text 11 pt when it fills the slide.")
@click.option("--no-header", "no_header", is_flag=True, help="Leave out the band above the tree (step number, algorithm and conventions).")
@click.option("--no-caption", "no_caption", is_flag=True, help="Print no captions in the figures (they stay in manifest.json and the Beamer notes).")
@click.option("--font-scale", type=NumberRange(0.5, 4.0), default=1.0, show_default=True, metavar="X",
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
def render_command(folder: str | None, formats: str, pptx_file: str | None, pptx_template: str | None, revealjs_folder: str | None,
                   pace: float | None, html: bool, beamer: bool, steps: str | None, storyboard: bool, slide: str | None,
                   no_header: bool, no_caption: bool, font_scale: float, legend: bool, pruned_values: str, focus: str | None,
                   compact: bool | None, wrap: bool | None, theme: str, labels: str, max_depth: int | None, collapse: bool | None, order_numbers: bool,
                   **options: Any) -> None:
    """Draw a search of INPUT: one figure per step, a final figure, a manifest;
    slide decks and animations of the chosen steps.

    Writes DIR/step-0000.svg ... (step 0 is before the search), DIR/final.svg and
    DIR/manifest.json (frames, steps and captions); PNG, PDF and DOT of each with
    --format, a storyboard with --storyboard, an HTML player with --html, Beamer
    overlays with --beamer; a PowerPoint deck (--pptx FILE, or pptx in --format), a
    reveal.js deck (--revealjs DIR), a GIF or MP4 animation (gif, mp4 in --format).
    Every frame of a trace has the same canvas and every node the same place. A tree
    too large to draw is collapsed or cut (--max-depth), with a note of what was left
    out; with --slide, a figure too wide for the slide gets a note naming the options
    that make it fit.

    \b
    Examples:
      tracer render tree.json -o figs
      tracer render tree.json -o figs --steps key --storyboard --format svg,pdf
      tracer render tree.json -o figs --steps key --slide 16:9 --beamer
      tracer render tree.json --steps key --slide 16:9 --pptx deck.pptx
      tracer render tree.json --pptx deck.pptx --pptx-template course.pptx
      tracer render tree.json --revealjs deck
      tracer render tree.json -o figs --steps key --slide 16:9 --format gif,mp4 --pace 2
      tracer render tree.json -o figs --format svg,png,pdf --html
      tracer render trace.json -o figs --steps every:5 --labels paths
      tracer render --game tictactoe --depth 2 -o figs --steps final --slide 16:9 --focus auto
    """
    from tracer.render.output import WHOLE_FORMATS, parse_formats, render_to_directory

    chosen = parse_formats(formats)
    if folder is None and pptx_file is None and revealjs_folder is None:
        raise click.UsageError(say("cli.render.where", "name where to write: -o DIR for the figures, --pptx FILE or --revealjs DIR for a deck"))
    for place in (folder, pptx_file, revealjs_folder):
        if place is not None:
            named(place)  # -o '' is refused before the search, not read as the working folder
    if folder is None and len(chosen) > 1:
        raise click.UsageError(say("cli.render.format_folder", "--format writes into the folder -o DIR names: add -o DIR"))
    if pptx_template is not None and pptx_file is None and "pptx" not in chosen:
        raise click.UsageError(say("cli.render.template", "--pptx-template is for a PowerPoint deck: add --pptx FILE (or pptx to --format)"))
    if pace is not None and not ({"gif", "mp4"} & set(chosen)):
        raise click.UsageError(say("cli.render.pace", "--pace is the pace of an animation: add gif or mp4 to --format"))
    decks = pptx_file is not None or revealjs_folder is not None or any(fmt in chosen for fmt in WHOLE_FORMATS)
    spec = steps if steps is not None else ("key" if storyboard or decks else "all")  # --steps "" is refused, not taken as the default
    trace = trace_for(options)
    figure_options: dict[str, Any] = dict(
        theme=theme, labels=labels, max_depth=max_depth, collapse="auto" if collapse is None else collapse, order_numbers=order_numbers,
        legend=legend, font_scale=font_scale, pruned_values=pruned_values, focus=focus, compact=compact or None, wrap=wrap or None,
    )
    if pptx_file is not None:
        from tracer.render.powerpoint import check_pptx

        check_pptx()  # before anything is written

    def progress(label: str, length: int) -> Any:
        return click.progressbar(length=length, label=say("cli.render.drawing", "drawing {what}", what=label), file=sys.stderr) if sys.stderr.isatty() and length > 20 else None

    printed: list[str] = []

    def tell(notes: list[str], wrote: str) -> None:
        """The notes not said yet, then what was written (the notes first, as before decks)."""
        for note in notes:
            if note not in printed:
                click.echo(say("cli.note", "note: {note}", note=note), err=True)
                printed.append(note)
        click.echo(wrote, err=True)

    if folder is not None:
        result = render_to_directory(
            trace, folder, steps=spec, formats=chosen, html=html, beamer=beamer, storyboard=storyboard, slide=slide,
            header=not no_header, captions=not no_caption, pace=pace, pptx_template=pptx_template if "pptx" in chosen else None,
            progress=lambda label, length: progress(label, length) or _NoBar(), **figure_options,
        )
        tell(result.notes, say_n("cli.render.wrote", "wrote {n} frame and the final figure to {folder}",
                                "wrote {n} frames and the final figure to {folder}", result.frames, n=count(result.frames), folder=folder))
    if pptx_file is not None:
        from tracer.render.powerpoint import write_pptx

        deck = write_pptx(trace, pptx_file, steps=spec, slide=slide, template=pptx_template, captions=not no_caption, **figure_options)
        tell(deck.notes, say_n("cli.render.pptx", "wrote a PowerPoint deck of {n} slide to {path}", "wrote a PowerPoint deck of {n} slides to {path}",
                               deck.slides, n=deck.slides, path=pptx_file))
    if revealjs_folder is not None:
        from tracer.render.revealjs import write_revealjs

        deck = write_revealjs(trace, revealjs_folder, steps=spec, slide=slide, captions=not no_caption, **figure_options)
        tell(deck.notes, say_n("cli.render.revealjs", "wrote a reveal.js deck of {n} step to {path}", "wrote a reveal.js deck of {n} steps to {path}",
                               deck.steps, n=deck.steps, path=str(deck.path)))


class _NoBar:
    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, count: int) -> None:
        return None

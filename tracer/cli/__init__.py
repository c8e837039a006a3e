"""The ``tracer`` command: a thin layer of options over the library's functions.

Its group and what the commands share are in :mod:`tracer.cli.app`; the commands are in
:mod:`tracer.cli.search` (trace, key, games, schema), :mod:`tracer.cli.figures` (render)
:mod:`tracer.cli.exercises` (exercise new), :mod:`tracer.cli.checking` (check) and
:mod:`tracer.cli.lessons` (imperfect, learn) and :mod:`tracer.cli.play` (play).
"""

from tracer.cli.app import command_line_words, main  # each command's module loads when the command is run

__all__ = ["command_line_words", "main"]

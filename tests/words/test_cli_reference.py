"""The command-line reference (site/reference/cli.md) and `--help` name the same options,
and the languages they list are the languages tracer has catalogues for."""

from __future__ import annotations

import re
from pathlib import Path

import click
from click.testing import CliRunner

from tracer.cli import main
from tracer.words import available_languages

REFERENCE = Path(__file__).resolve().parents[2] / "site" / "reference" / "cli.md"


def commands(group: click.Group = main, prefix: str = "tracer") -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    context = click.Context(group)
    for name in group.list_commands(context):  # the group loads a command's module when asked for it
        command = group.get_command(context, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            found.update(commands(command, f"{prefix} {name}"))
        else:
            found[f"{prefix} {name}"] = command
    return found


def long_options(command: click.Command) -> set[str]:
    return {opt for param in command.params if isinstance(param, click.Option)
            for opt in (*param.opts, *param.secondary_opts) if opt.startswith("--") and opt != "--help"}


def documented(option: str, reference: set[str], command: click.Command) -> bool:
    """Whether the reference names ``option``: as itself, ``--output`` as ``-o``, ``--no-X`` with ``--X``."""
    if option in reference:
        return True
    if option == "--output":
        return any("-o" in param.opts for param in command.params if isinstance(param, click.Option))
    return option.startswith("--no-") and "--" + option[5:] in reference


def test_every_option_of_help_is_in_the_reference_and_back():
    text = REFERENCE.read_text(encoding="utf-8")
    reference = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", text))
    missing = {name: sorted(o for o in long_options(command) if not documented(o, reference, command))
               for name, command in commands().items()}
    assert {name: options for name, options in missing.items() if options} == {}
    every = set().union(*(long_options(command) for command in commands().values()))
    assert reference - every - {"--help"} == set()


def test_the_languages_of_help_and_the_reference_are_the_catalogues():
    text = REFERENCE.read_text(encoding="utf-8")
    section = " ".join(text[text.index("`--lang LANG`"):].split("\n\n", 1)[0].split())  # the paragraph on --lang
    sentence = re.search(r"the words the command writes: (.*?)\.", section).group(1)  # "`en` (default) or `tr`"
    in_reference = set(re.findall(r"`([a-z]{2})`", sentence))
    assert in_reference == set(available_languages())
    shown = " ".join(CliRunner().invoke(main, ["key", "--help"], terminal_width=200).output.split())
    listed = re.search(r"--lang LANG .*?messages: (.*?); TRACER_LANG", shown).group(1)  # "en (default) or tr"
    assert set(re.split(r", | or ", listed.replace(" (default)", ""))) == set(available_languages())
    users = sorted(name for name, command in commands().items() if "--lang" in long_options(command))
    for name in users:
        assert f"`{name.removeprefix('tracer ')}`" in section, name

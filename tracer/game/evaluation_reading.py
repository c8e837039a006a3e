"""Reading an evaluation a course writes: from the command line (``open_lines=1,centre=0.5``,
``material:turing``) or from a YAML file (``--eval weights.yaml``)::

    game: tictactoe            # optional: refused when it names another game
    features:
      open_lines: 1
      centre: 0.5

Files are read through :mod:`tracer.reading` (size limit, no tags, no alias bombs); each
error names the file, the line and column where known, and the fix.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tracer.errors import InputError, Option
from tracer.game.evaluation import EvaluationSpec, WeightedFeature, _number_text, _title, feature_groups_of, features_of
from tracer.game.features import FeatureGroup
from tracer.reading import compose_yaml, read_input
from tracer.words import say

__all__ = ["load_evaluation", "parse_evaluation", "read_evaluation"]

_FILE_SUFFIXES = (".yaml", ".yml", ".json")
_TOP_KEYS = ("game", "features")


def _known(game: Any) -> str:
    names = list(features_of(game))
    for group in feature_groups_of(game).values():
        names.append(f"{group.name}:{'|'.join(group.presets)}")
    return ", ".join(names) if names else say("game.eval.none", "none")


def _unknown_feature(name: str, game: Any, **where: Any) -> InputError:
    if not features_of(game) and not feature_groups_of(game) and game.name == "tree":
        return InputError(say("game.eval.tree", "a tree has no features to weigh"),
                          hint=say("game.eval.tree.hint", "write each node's static value as value: in the tree, or search without {{0}}"),
                          options=(Option("evaluation"),), **where)
    if not features_of(game) and not feature_groups_of(game):
        return InputError(say("game.eval.no_features", "{game} has no features to weigh", game=_title(game)),
                          hint=say("game.eval.no_features.hint", "give the game a features table, or search without {{0}}"),
                          options=(Option("evaluation"),), **where)
    return InputError(say("game.eval.unknown", "unknown feature {name} for {game}", name=repr(name), game=_title(game)),
                      hint=say("game.eval.unknown.hint", "known features: {names}", names=_known(game)), **where)


class _Names:
    """Resolves what a spec writes (a feature, a group member's letter, a group) to features."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.features = features_of(game)
        self.groups = feature_groups_of(game)
        self.letters = {letter: member for group in self.groups.values() for letter, member in zip(group.letters, group.members)}

    def feature(self, name: str) -> str | None:
        if name in self.features:
            return name
        member = self.letters.get(name)
        return member if member in self.features else None


# -- reading a spec from text ---------------------------------------------------------------
def parse_evaluation(text: str, game: Any) -> EvaluationSpec:
    """A spec from a command-line string such as ``open_lines=1,centre=0.5`` or ``material:turing``."""
    names = _Names(game)
    terms: list[WeightedFeature] = []
    seen: dict[str, str] = {}
    items = text.split(",")
    if not text.strip():
        raise InputError(say("game.eval.empty", "the evaluation is empty"),
                         hint=say("game.eval.empty.hint", "write features with weights, e.g. {example}", example=_example(game)))
    for raw in items:
        item = raw.strip()
        if not item:
            raise InputError(say("game.eval.empty_item", "an empty item in the evaluation {text}", text=repr(text)),
                             hint=say("game.eval.empty_item.hint", "separate name=weight items with single commas"))
        head, has_weight, weight_text = item.partition("=")
        name, has_set, set_name = head.strip().partition(":")
        name = name.strip()
        weight = _number(weight_text.strip(), item) if has_weight else 1
        group = names.groups.get(name)
        if group is not None:
            values = _preset(group, set_name.strip() if has_set else group.default)
            label = f"{name}:{set_name.strip() if has_set else group.default}" + (f"={_number_text(weight)}" if has_weight else "")
            for member, value in zip(group.members, values):
                _add(terms, seen, WeightedFeature(member, weight * value, label), item)
            continue
        feature = names.feature(name)
        if feature is None:
            raise _unknown_feature(name, game)
        if has_set:
            raise InputError(say("game.eval.no_set", "{name} takes no set of weights (in {item})", name=name, item=repr(item)),
                             hint=say("game.eval.no_set.hint", "write {name}=<weight>", name=name))
        _add(terms, seen, WeightedFeature(feature, weight), item)
    return EvaluationSpec(game.name, tuple(terms))


def _add(terms: list[WeightedFeature], seen: dict[str, str], term: WeightedFeature, item: str, **where: Any) -> None:
    earlier = seen.get(term.feature)
    if earlier is not None:
        if earlier == item:
            message = say("game.eval.twice", "{feature} is weighted twice", feature=term.feature)
        else:
            message = say("game.eval.twice.also", "{feature} is weighted twice (also in {earlier})", feature=term.feature, earlier=repr(earlier))
        raise InputError(message, hint=_one_weight(), **where)
    seen[term.feature] = item
    terms.append(term)


def _preset(group: FeatureGroup, name: str, **where: Any) -> tuple[float, ...]:
    values = group.presets.get(name)
    if values is None:
        raise InputError(say("game.eval.unknown_set", "unknown set of weights {name} for {group}", name=repr(name), group=group.name),
                         hint=say("game.eval.unknown_set.hint", "known sets: {names}", names=", ".join(group.presets)), **where)
    return values


def _number(text: str, item: str, **where: Any) -> float:
    try:
        value: float = int(text)
    except ValueError:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
    try:
        finite = math.isfinite(value)
    except OverflowError:  # a whole number past the largest float (over 308 digits)
        finite = False
    if not finite:
        raise _not_a_weight(item, where)
    return value


def _not_a_weight(item: str, where: dict[str, Any]) -> InputError:
    return InputError(say("game.eval.weight", "the weight in {item} is not a number", item=repr(item)),
                      hint=say("game.eval.weight.hint", "write a number such as 2, 0.5 or -1"), **where)


def _one_weight() -> str:
    return say("game.eval.one_weight", "give each feature one weight")


def _example(game: Any) -> str:
    names = list(features_of(game))[:2]
    return ",".join(f"{name}={weight}" for name, weight in zip(names, ("1", "0.5"))) or "name=1"


# -- reading a spec from a file ----------------------------------------------------------------
def read_evaluation(argument: str, game: Any) -> EvaluationSpec:
    """A spec from what a user gave: a ``*.yaml``/``*.yml``/``*.json`` file, else a command-line string."""
    if argument.strip().lower().endswith(_FILE_SUFFIXES):
        return load_evaluation(argument.strip(), game)
    return parse_evaluation(argument, game)


def load_evaluation(path: str | Path, game: Any) -> EvaluationSpec:
    """A spec from a YAML (or JSON) file."""
    source = str(path)
    return _from_yaml(read_input(path, kind="evaluation", what=say("game.eval.file", "the evaluation file"),
                                 missing_hint=say("game.eval.file.hint", "give a *.yaml file")), game, source)


def _from_yaml(text: str, game: Any, source: str) -> EvaluationSpec:
    import yaml  # heavy import only when a file is read

    def at(node: Any) -> dict[str, Any]:
        return {"source": source, "line": node.start_mark.line + 1, "column": node.start_mark.column + 1}

    root = compose_yaml(text, source)
    example = say("game.eval.file.example", "write game: {game} and features: {{{features}}}", game=game.name,
                  features=_example(game).replace("=", ": "))
    if not isinstance(root, yaml.MappingNode):
        where = at(root) if root is not None else {"source": source}
        raise InputError(say("game.eval.file.mapping", "an evaluation file is a mapping with a features entry"), hint=example, **where)
    entries = _entries(root, at)
    for key, (key_node, _) in entries.items():
        if key not in _TOP_KEYS:
            raise InputError(say("game.eval.file.key", "unknown key {key}", key=repr(key)),
                             hint=say("game.eval.file.key.hint", "an evaluation file has the keys {first} and {second}", first=_TOP_KEYS[0],
                                      second=_TOP_KEYS[1]), **at(key_node))
    if "game" in entries:
        node = entries["game"][1]
        if not isinstance(node, yaml.ScalarNode) or node.value.strip().lower() != game.name:
            raise InputError(
                say("game.eval.other_game", "this evaluation is for {other}, not {game}", game=game.name,
                    other=node.value if isinstance(node, yaml.ScalarNode) else say("game.eval.another", "another game")),
                hint=say("game.eval.other_game.hint", "search that game, or write game: {game}", game=game.name),
                **at(node),
            )
    if "features" not in entries:
        raise InputError(say("game.eval.file.none", "the file gives no features"), source=source, hint=example)
    features_node = entries["features"][1]
    if not isinstance(features_node, yaml.MappingNode) or not features_node.value:
        raise InputError(say("game.eval.file.features", "features is a mapping of feature names to weights"), hint=example, **at(features_node))
    names = _Names(game)
    terms: list[WeightedFeature] = []
    seen: dict[str, str] = {}
    for name, (key_node, value_node) in _entries(features_node, at).items():
        where = at(key_node)
        group = names.groups.get(name)
        if group is not None:
            for term in _group_terms(group, value_node, at, yaml):
                _add(terms, seen, term, name, **where)
            continue
        feature = names.feature(name)
        if feature is None:
            raise _unknown_feature(name, game, **where)
        weight = _yaml_number(value_node, f"{name}: {value_node.value}", at, yaml)
        _add(terms, seen, WeightedFeature(feature, weight), name, **where)
    return EvaluationSpec(game.name, tuple(terms), source)


def _entries(node: Any, at: Callable[[Any], dict[str, Any]]) -> dict[str, tuple[Any, Any]]:
    out: dict[str, tuple[Any, Any]] = {}
    for key_node, value_node in node.value:
        key = str(key_node.value).strip()
        if key in out:
            raise InputError(say("game.eval.key.twice", "{key} is given twice", key=repr(key)), hint=say("game.eval.key.twice.hint", "give each key once"),
                             **at(key_node))
        out[key] = (key_node, value_node)
    return out


def _yaml_number(node: Any, item: str, at: Callable[[Any], dict[str, Any]], yaml: Any) -> float:
    if not isinstance(node, yaml.ScalarNode) or node.style is not None:  # a quoted "2" is text, not a weight
        raise _not_a_weight(item, at(node))
    return _number(node.value, item, **at(node))


def _group_terms(group: FeatureGroup, node: Any, at: Callable[[Any], dict[str, Any]], yaml: Any) -> list[WeightedFeature]:
    """A group's terms from ``turing`` (a set), a number (the default set scaled) or ``{P: 1, ...}``."""
    if isinstance(node, yaml.ScalarNode) and node.style is None and _is_number(node.value):
        weight = _number(node.value, group.name, **at(node))
        label = f"{group.name}:{group.default}={_number_text(weight)}"
        return [WeightedFeature(m, weight * v, label) for m, v in zip(group.members, _preset(group, group.default))]
    if isinstance(node, yaml.ScalarNode):
        values = _preset(group, node.value.strip(), **at(node))
        return [WeightedFeature(m, v, f"{group.name}:{node.value.strip()}") for m, v in zip(group.members, values)]
    hint = say("game.eval.group.hint", "write {group}: {sets}, or one weight per piece: {{{pieces}}}", group=group.name,
               sets="|".join(group.presets), pieces=", ".join(f"{x}: 1" for x in group.letters))
    if not isinstance(node, yaml.MappingNode):
        raise InputError(say("game.eval.group.set", "{group} takes a set of weights", group=group.name), hint=hint, **at(node))
    by_name = {**dict(zip(group.letters, group.members)), **{m: m for m in group.members}}
    weights: dict[str, float] = {}
    for key, (key_node, value_node) in _entries(node, at).items():
        member = by_name.get(key)
        if member is None:
            raise InputError(say("game.eval.group.member", "{key} is not one of {group}'s features", key=repr(key), group=group.name), hint=hint,
                             **at(key_node))
        if member in weights:
            raise InputError(say("game.eval.group.twice", "{member} is weighted twice in {group}", member=member, group=group.name), hint=_one_weight(),
                             **at(key_node))
        weights[member] = _yaml_number(value_node, f"{key}: {value_node.value}", at, yaml)
    missing = [letter for letter, member in zip(group.letters, group.members) if member not in weights]
    if missing:
        raise InputError(say("game.eval.group.missing", "{group} misses {members}", group=group.name, members=", ".join(missing)), hint=hint, **at(node))
    return [WeightedFeature(member, weights[member]) for member in group.members]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True



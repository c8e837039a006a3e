"""The trace of a search: its data, its file format, its replay, its captions and its answer key
(each name loads when first used: :mod:`tracer._lazy`)."""

from typing import TYPE_CHECKING

from tracer._lazy import lazy_names

if TYPE_CHECKING:
    from tracer.trace.io import load_trace, read_trace, save_trace
    from tracer.trace.key import AnswerKey, answer_key
    from tracer.trace.key_text import key_markdown, key_text
    from tracer.trace.model import Trace, TraceVisitor
    from tracer.trace.replay import Replayer, replay
    from tracer.trace.state import SearchState

__getattr__, __dir__ = lazy_names(__name__, {
    "tracer.trace.io": ("load_trace", "read_trace", "save_trace"),
    "tracer.trace.key": ("AnswerKey", "answer_key"),
    "tracer.trace.key_text": ("key_markdown", "key_text"),
    "tracer.trace.model": ("Trace", "TraceVisitor"),
    "tracer.trace.replay": ("Replayer", "replay"),
    "tracer.trace.state": ("SearchState",),
})

__all__ = [
    "AnswerKey", "Replayer", "SearchState", "Trace", "TraceVisitor", "answer_key", "key_markdown", "key_text", "load_trace",
    "read_trace", "replay", "save_trace",
]

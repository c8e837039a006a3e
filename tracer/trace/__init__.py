"""The trace of a search: its data, its file format, its replay, its captions and its answer key."""

from tracer.trace.io import load_trace, read_trace, save_trace
from tracer.trace.key import AnswerKey, answer_key
from tracer.trace.key_text import key_markdown, key_text
from tracer.trace.model import Trace, TraceVisitor
from tracer.trace.replay import Replayer, replay
from tracer.trace.state import SearchState

__all__ = [
    "AnswerKey", "Replayer", "SearchState", "Trace", "TraceVisitor", "answer_key", "key_markdown", "key_text", "load_trace",
    "read_trace", "replay", "save_trace",
]

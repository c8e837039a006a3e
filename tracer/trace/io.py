"""Trace files: writing them (:mod:`tracer.trace.writer`, format version 2, streamed) and reading
them back, checked (:mod:`tracer.trace.reader`, versions 1 and 2); the format's table of
field types is :mod:`tracer.trace.schema`, and version 2's events :mod:`tracer.trace.codec`."""

from tracer.files import atomic_write
from tracer.trace.json_values import decode_value, encode_value, to_json_data
from tracer.trace.reader import TraceFile, load_trace, open_trace, read_trace
from tracer.trace.writer import dump_trace, save_search, save_trace, trace_header, write_search

__all__ = [
    "TraceFile",
    "atomic_write",
    "decode_value",
    "dump_trace",
    "encode_value",
    "load_trace",
    "open_trace",
    "read_trace",
    "save_search",
    "save_trace",
    "to_json_data",
    "trace_header",
    "write_search",
]

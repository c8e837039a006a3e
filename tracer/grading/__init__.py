"""Checking answers: read students' answer files, score them against keys, report.

In Python, as ``tracer check hw3 submissions/ --format csv`` does::

    from tracer.grading import KeySource, check_paths, gradebook, settle
    keys = KeySource("hw3")
    results = settle(check_paths(keys, ["submissions/"]), roster=keys.students())
    print(gradebook(results, keys).csv())

:mod:`tracer.grading.homework` finds each submission's key (one key.json, or a homework's folder);
:mod:`tracer.grading.identity` says who handed each file in and which file counts;
:mod:`tracer.grading.gradebook` makes the per-student gradebook (CSV, Canvas, Moodle);
:mod:`tracer.grading.report` the per-file reports (text, JSON, CSV, Gradescope).
"""

from tracer.grading.answers import AnswerError, Claim, Submission, parse_claim, parse_submission, read_documents, read_submission
from tracer.grading.check import Points, Result, TestResult, check_file, check_paths, check_submission, collect_files, load_points
from tracer.grading.gradebook import GRADEBOOK_FORMATS, Gradebook, gradebook
from tracer.grading.homework import KeySource
from tracer.grading.identity import POLICIES, read_gradescope_metadata, settle
from tracer.grading.keys import PreparedKey, load_key
from tracer.grading.report import REPORT_FORMATS, report

__all__ = [
    "GRADEBOOK_FORMATS", "POLICIES", "REPORT_FORMATS", "AnswerError", "Claim", "Gradebook", "KeySource", "Points", "PreparedKey", "Result",
    "Submission", "TestResult", "check_file", "check_paths", "check_submission", "collect_files", "gradebook", "load_key", "load_points",
    "parse_claim", "parse_submission", "read_documents", "read_gradescope_metadata", "read_submission", "report", "settle",
]

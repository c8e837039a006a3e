"""Checking answers: read students' answer files, score them against keys, report.

In Python, as ``tracer check hw3 submissions/ --format csv`` does::

    from tracer.grading import KeySource, check_paths, report
    results = check_paths(KeySource("hw3"), ["submissions/"])
    print(report(results, "csv"))
"""

from tracer.grading.answers import AnswerError, Claim, Submission, parse_claim, parse_submission, read_submission
from tracer.grading.check import Points, Result, TestResult, check_file, check_paths, check_submission, load_points
from tracer.grading.keys import KeySource, PreparedKey, load_key
from tracer.grading.report import REPORT_FORMATS, report

__all__ = [
    "REPORT_FORMATS", "AnswerError", "Claim", "KeySource", "Points", "PreparedKey", "Result", "Submission", "TestResult",
    "check_file", "check_paths", "check_submission", "load_key", "load_points", "parse_claim", "parse_submission",
    "read_submission", "report",
]

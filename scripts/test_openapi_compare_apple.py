"""Unit tests of openapi_compare_apple's pure parts: `python3 -m unittest discover -s scripts -p 'test_*.py'`.

The measurements themselves are checked by running the comparison (BENCHMARKS.md); these pin what the table says
about them: which tool runs first, what counts as handled, how a failure is reported and how ratios are formed.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openapi_compare_apple as compare  # noqa: E402


class Step:
    def __init__(self, seconds=None, rss_mb=None, status=0, output="", cause=None):
        self.seconds, self.rss_mb, self.status, self.output, self.cause = seconds, rss_mb, status, output, cause


class Corpus:
    EXIT_REFUSED = 65


def comparison(file, courier_compiles, apple_compiles, apple_failure=None):
    result = compare.Comparison({"file": file, "operations": "3"})
    result.courier.generates, result.courier.compiles, result.courier.lines = [Step(0.1, 30)], courier_compiles, 100
    result.apple.generates, result.apple.compiles, result.apple.lines = [Step(0.05, 30)], apple_compiles, 900
    result.apple.failure = apple_failure
    result.rounds = max(len(courier_compiles), 1)
    return result


class RunOrderTests(unittest.TestCase):
    def test_alternates_per_document_and_round(self):
        self.assertEqual(compare.run_order(0, 0), ("courier", "apple"))
        self.assertEqual(compare.run_order(1, 0), ("apple", "courier"))
        self.assertEqual(compare.run_order(0, 1), ("apple", "courier"))
        self.assertEqual(compare.run_order(1, 1), ("courier", "apple"))


class FailureTests(unittest.TestCase):
    def test_apple_error_line_after_the_configuration_dump(self):
        output = "- Additional file comments: <none>Error: Failed to satisfy: Operations contain at least one " \
                 "response at path: .paths['/users'].get\n"
        self.assertEqual(compare.generate_failure(Step(status=1, output=output), Corpus()),
                         "generate failed: Failed to satisfy: Operations contain at least one response at path: "
                         ".paths['/users'].get")

    def test_apple_error_keeps_the_file_name_not_its_directory(self):
        output = "Error: /work/specs/v2.yaml: error: No key named openapi found.\n"
        self.assertEqual(compare.generate_failure(Step(status=1, output=output), Corpus()),
                         "generate failed: v2.yaml: No key named openapi found.")

    def test_courier_swagger_refusal(self):
        output = "error: v2.yaml:1:1: swagger: v2.yaml is Swagger 2.0 [swagger2]\n"
        self.assertEqual(compare.generate_failure(Step(status=65, output=output), Corpus()), "refused (Swagger 2.0)")

    def test_compile_errors_make_a_document_not_handled(self):
        side = compare.Side("apple")
        compare.record_compile(side, Step(10, 500, status=1, output="Types.swift:1:2: error: x\nT.swift:3:4: error: y\n"))
        self.assertFalse(side.handled)
        self.assertEqual(side.failure, "2 compile errors")
        self.assertEqual(compare.handled_cell(side), "no: 2 compile errors")

    def test_warnings_alone_still_handled(self):
        side = compare.Side("apple")
        compare.record_compile(side, Step(1, 100, output="Client.swift:1:1: warning: public import unused\n"))
        self.assertTrue(side.handled)
        self.assertEqual(compare.handled_cell(side), "yes (1 warning)")


class TableTests(unittest.TestCase):
    def test_medians_and_ratio_range_over_documents_both_handle(self):
        both = comparison("a.yaml", [Step(1.0, 150), Step(1.2, 152), Step(0.9, 149)],
                          [Step(3.0, 300), Step(2.0, 310), Step(4.0, 290)])
        other = comparison("b.yaml", [Step(2.0, 200)], [Step(3.0, 260)])
        failed = comparison("c.yaml", [Step(1.0, 100)], [], apple_failure="generate failed: boom")
        self.assertEqual(both.courier.compile_seconds, 1.0)
        self.assertEqual(both.apple.compile_rss_mb, 300)
        text = compare.block([both, other, failed], "cmd", "swift-6.3.1-RELEASE")
        self.assertIn("| a.yaml | 3 | yes | 0.10 | 100 | 1.00 | 150 | yes | 0.05 | 900 | 3.00 | 300 | 3.0× | 2.0× | 3 |",
                      text)
        self.assertIn("| c.yaml | 3 | yes | 0.10 | 100 | 1.00 | 100 | no: generator error | 0.05 | 900 | - | - | - | - |",
                      text)
        summary = " ".join(text.split())
        self.assertIn("Handled: Courier 3 of 3, Apple 2 of 3.", summary)
        self.assertIn("compile time 1.5–3.0× (median 2.2×)", summary)
        self.assertIn("peak memory 1.3–2.0× (median 1.6×)", summary)
        self.assertIn("- c.yaml, Apple: `boom`", text)
        self.assertTrue(text.startswith(compare.BEGIN) and text.endswith(compare.END))


if __name__ == "__main__":
    unittest.main()

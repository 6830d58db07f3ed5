"""Tests of check-architecture.py: `python3 -m unittest discover -s scripts -p 'test_*.py'`, or
`scripts/check-architecture.py --self-test`.

Each test writes a small package (Package.swift, a few Swift files, docs/architecture.md) into a temporary directory,
breaks one rule and expects that rule's message; the same package unbroken has no violation. The last test runs the
check on this repository.
"""

import importlib.util
import os
import shutil
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("check_architecture", os.path.join(HERE, "check-architecture.py"))
architecture = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(architecture)

PACKAGE = """\
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Courier",
    products: [.library(name: "Courier", targets: ["Courier"])],
    targets: [
        .target(
            name: "Courier",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Emits Swift text; it does not link Courier.
        .target(name: "CourierGenerator", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(
            name: "CourierAsyncHTTPClient",
            dependencies: ["Courier", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .executableTarget(name: "courier", dependencies: ["CourierGenerator", "CourierAsyncHTTPClient"]),
        .testTarget(name: "CourierTests", dependencies: ["Courier"], path: "Tests/Unit"),
    ]
)
"""

DOCUMENT = """\
# Architecture

## Modules

| Module | Folder | Targets | Other packages | What it is |
| --- | --- | --- | --- | --- |
| `Courier` | `Sources/Courier/` | — | `HTTPTypes`, `Logging` | the core |
| `CourierGenerator` | `Sources/CourierGenerator/` | — | `Yams` | the generator |
| `CourierAsyncHTTPClient` | `Sources/CourierAsyncHTTPClient/` | `Courier` | `NIOCore` | a transport |
| `courier` | `Sources/courier/` | `CourierGenerator`, `CourierAsyncHTTPClient` | — | the CLI |
| `CourierTests` | `Tests/Unit/` | `Courier` | — | tests |

## The core's folders

`Sources/Courier/Core/`, `Sources/Courier/Errors/`, `Sources/Courier/Middleware/`, `Sources/Courier/Middleware/Retry/`.

## Rules

None here.
"""

FILES = {
    "Sources/Courier/Core/Client.swift": """\
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        @_exported import HTTPTypes

        /// Sends requests. Example: `Client(transport: URLSessionTransport())`.
        public struct Client {}
        public protocol Transport {}
        """,
    "Sources/Courier/Core/URLSessionTransport.swift": """\
        import Logging
        public final class URLSessionTransport: Transport {}
        """,
    "Sources/Courier/Middleware/Retry/Retrying.swift": """\
        /// let client = Client(transport: URLSessionTransport()).retrying()
        struct Retrying {
            // Not URLSessionTransport: any transport.
            let note = "over URLSessionTransport or AsyncHTTPClientTransport"
            /* a block comment /* nested */ naming URLSessionTransport */
        }
        """,
    "Sources/Courier/Core/RequestOptions+Core.swift": """\
        enum TimeoutKey: RequestOptionKey { static let defaultValue: Duration? = nil }
        extension RequestOptions {
            /// Read by the transports and by the retry layer.
            public var timeout: Duration? {
                get { self[TimeoutKey.self] }
                set { var ignored = newValue; self[TimeoutKey.self] = ignored }
            }
        }
        """,
    "Sources/Courier/Middleware/Retry/RetryPolicy.swift": """\
        extension RequestOptions {
            public var retryPolicy: Int {
                get { 0 }
                set {}
            }
            func attemptsLeft() -> Int { let local = 1; return local }
        }
        struct Reading {
            func read(_ request: ClientRequest) { _ = (request.options.retryPolicy, request.options.timeout) }
        }
        """,
    "Sources/Courier/Errors/NetworkError.swift": """\
        public struct NetworkError: Error {}
        """,
    "Sources/CourierGenerator/Emit.swift": '''\
        import Foundation
        import Yams

        let header = """
            import Courier
            import NIOCore
            """
        let raw = #"import Courier"#
        ''',
    "Sources/CourierAsyncHTTPClient/Transport.swift": """\
        import Courier
        import NIOCore
        public final class AsyncHTTPClientTransport: Transport {}
        """,
    "Sources/courier/Generate/GenerateCommand.swift": """\
        import CourierGenerator
        import Foundation
        """,
    "Sources/courier/Send/SendCommand.swift": """\
        import Courier
        import CourierAsyncHTTPClient
        import NIOCore
        """,
    "Tests/Unit/ClientTests.swift": """\
        @testable import Courier
        import HTTPTypes
        import Testing
        """,
}


class ArchitectureCheckTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="check-architecture-")
        self.write("Package.swift", PACKAGE)
        self.write("docs/architecture.md", DOCUMENT)
        for path, text in FILES.items():
            self.write(path, textwrap.dedent(text))

    def tearDown(self):
        shutil.rmtree(self.root)

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)

    def edit(self, path, old, new):
        full = os.path.join(self.root, path)
        with open(full, encoding="utf-8") as handle:
            text = handle.read()
        self.assertIn(old, text)
        self.write(path, text.replace(old, new))

    def problems(self):
        return architecture.check(self.root)

    def assertOneProblem(self, *fragments):
        problems = self.problems()
        self.assertEqual(len(problems), 1, problems)
        for fragment in fragments:
            self.assertIn(fragment, problems[0])

    def test_a_package_that_keeps_the_rules_has_no_violation(self):
        # Names in comments and strings, and `import` lines inside string literals, are not code.
        self.assertEqual(self.problems(), [])

    def test_the_core_importing_nio_is_reported_with_its_line(self):
        self.edit("Sources/Courier/Core/Client.swift", "import Foundation\n", "import Foundation\nimport NIOCore\n")
        problems = self.problems()
        self.assertIn("Sources/Courier/Core/Client.swift:2: the core imports NIOCore; it imports only Foundation and "
                      "HTTPTypes, HTTPTypesFoundation, Logging, Metrics, Tracing, never NIO (rule 1)", problems)
        self.assertIn("Sources/Courier/Core/Client.swift:2: Courier imports NIOCore, which it does not declare in "
                      "Package.swift (rule 4)", problems)

    def test_the_core_depending_on_nio_in_the_manifest_is_reported(self):
        self.edit("Package.swift", '.product(name: "Logging", package: "swift-log"),',
                  '.product(name: "Logging", package: "swift-log"),\n.product(name: "NIOCore", package: "swift-nio"),')
        self.edit("docs/architecture.md", "`HTTPTypes`, `Logging` | the core", "`HTTPTypes`, `Logging`, `NIOCore` | the core")
        self.assertOneProblem("Package.swift: Courier depends on NIOCore", "(rule 1)")

    def test_a_middleware_naming_a_transport_in_code_is_reported(self):
        self.edit("Sources/Courier/Middleware/Retry/Retrying.swift", "struct Retrying {",
                  "struct Retrying {\n    let fallback = URLSessionTransport()")
        self.assertOneProblem("Sources/Courier/Middleware/Retry/Retrying.swift:3: names the transport URLSessionTransport",
                              "(rule 2)")

    def test_any_type_declared_as_a_transport_counts_as_one(self):
        self.write("Sources/Courier/Core/LoopbackTransport.swift", "struct LoopbackTransport: Sendable, Transport {}\n")
        self.write("Sources/Courier/Middleware/Retry/Fallback.swift", "let fallback = LoopbackTransport()\n")
        self.assertOneProblem("Fallback.swift:1: names the transport LoopbackTransport")

    def test_the_generator_depending_on_courier_is_reported(self):
        self.edit("Package.swift", '.target(name: "CourierGenerator", dependencies: [',
                  '.target(name: "CourierGenerator", dependencies: ["Courier", ')
        self.edit("docs/architecture.md", "| `Sources/CourierGenerator/` | — |", "| `Sources/CourierGenerator/` | `Courier` |")
        self.assertOneProblem("Package.swift: CourierGenerator depends on Courier; the generator never links it (rule 3)")

    def test_the_generator_linking_courier_through_another_target_is_reported(self):
        self.edit("Package.swift", '.target(name: "CourierGenerator", dependencies: [',
                  '.target(name: "CourierGenerator", dependencies: ["CourierAsyncHTTPClient", ')
        self.edit("docs/architecture.md", "| `Sources/CourierGenerator/` | — |",
                  "| `Sources/CourierGenerator/` | `CourierAsyncHTTPClient` |")
        self.assertOneProblem("CourierGenerator links Courier through CourierAsyncHTTPClient")

    def test_the_clis_generator_part_importing_courier_is_reported(self):
        self.edit("Sources/courier/Generate/GenerateCommand.swift", "import Foundation", "import Foundation\nimport Courier")
        self.assertOneProblem("Sources/courier/Generate/GenerateCommand.swift:3: the CLI's generator part imports Courier")

    def test_an_undeclared_import_is_reported_and_a_transitive_target_one_is_not(self):
        # `courier` reaches Courier (and its HTTPTypes) through CourierAsyncHTTPClient: allowed.
        self.write("Sources/courier/Send/Headers.swift", "import HTTPTypes\nimport Courier\n")
        self.assertEqual(self.problems(), [])
        self.edit("Sources/courier/Send/SendCommand.swift", "import NIOCore", "import NIOCore\nimport Hummingbird")
        self.assertOneProblem("Sources/courier/Send/SendCommand.swift:4: courier imports Hummingbird, which it does not "
                              "declare in Package.swift (rule 4)")

    def test_a_target_missing_from_the_document_is_reported(self):
        self.edit("docs/architecture.md", "| `CourierTests` | `Tests/Unit/` | `Courier` | — | tests |\n", "")
        self.assertOneProblem("the target CourierTests of Package.swift is not in the table of modules (rule 5)")

    def test_a_module_the_manifest_lacks_is_reported(self):
        self.edit("docs/architecture.md", "| `CourierTests` |", "| `CourierOld` | `Tests/Unit/` | `Courier` | — | old |\n| `CourierTests` |")
        self.assertOneProblem("the table of modules lists CourierOld, which Package.swift does not have")

    def test_a_wrong_folder_or_dependency_in_the_document_is_reported(self):
        self.edit("docs/architecture.md", "| `CourierTests` | `Tests/Unit/` |", "| `CourierTests` | `Tests/CourierTests/` |")
        self.assertIn("docs/architecture.md: CourierTests's folder is `Tests/Unit/`, not `Tests/CourierTests/` (rule 5)",
                      self.problems())
        self.setUp()
        self.edit("docs/architecture.md", "| `Sources/courier/` | `CourierGenerator`, `CourierAsyncHTTPClient` |",
                  "| `Sources/courier/` | `CourierGenerator` |")
        self.assertOneProblem("courier depends on the targets CourierAsyncHTTPClient, CourierGenerator in Package.swift, "
                              "but the table says CourierGenerator (rule 5)")

    def test_a_folder_of_the_core_the_document_does_not_describe_is_reported(self):
        self.write("Sources/Courier/Middleware/Hedging/Hedging.swift", "struct Hedging {}\n")
        self.assertOneProblem("does not describe the folder `Sources/Courier/Middleware/Hedging/` (rule 5)")

    def test_a_path_the_document_names_that_does_not_exist_is_reported(self):
        self.edit("docs/architecture.md", "`Sources/Courier/Core/`,", "`Sources/Courier/Core/`, `Sources/Courier/Observability/`,")
        self.assertOneProblem("names `Sources/Courier/Observability`, which does not exist (rule 5)")

    def test_the_script_exits_non_zero_on_a_violation(self):
        import subprocess
        import sys
        script = os.path.join(HERE, "check-architecture.py")
        clean = subprocess.run([sys.executable, script, "--root", self.root], capture_output=True, text=True)
        self.assertEqual(clean.returncode, 0, clean.stderr)
        self.edit("Sources/Courier/Core/Client.swift", "import Foundation\n", "import NIOCore\n")
        broken = subprocess.run([sys.executable, script, "--root", self.root], capture_output=True, text=True)
        self.assertEqual(broken.returncode, 1)
        self.assertIn("check-architecture: Sources/Courier/Core/Client.swift:1: the core imports NIOCore", broken.stderr)


    def test_an_option_declared_by_a_built_in_and_read_elsewhere_is_reported(self):
        # The built-in's own folder and the core's options are fine (the clean package reads both).
        self.write("Sources/Courier/Errors/NetworkError.swift", "let policy = request.options.retryPolicy\n")
        self.assertOneProblem("Sources/Courier/Errors/NetworkError.swift:1: reads the option retryPolicy, which "
                              "`Sources/Courier/Middleware/Retry/` declares; an option read outside its folder is "
                              "declared in `Sources/Courier/Core/` (rule 6)")

    def test_another_built_in_or_module_reading_a_built_ins_option_is_reported(self):
        self.write("Sources/Courier/Middleware/Retry/Hedge.swift", "let own = options?.retryPolicy\n")
        self.write("Sources/CourierAsyncHTTPClient/Policy.swift", "let policy = request.options.retryPolicy\n")
        problems = self.problems()
        self.assertEqual([p.split(":")[0] for p in problems], ["Sources/CourierAsyncHTTPClient/Policy.swift"], problems)

    def test_an_option_key_declared_outside_the_core_and_read_by_subscript_elsewhere_is_reported(self):
        self.write("Sources/Courier/Errors/Slot.swift", "enum SlotKey: RequestOptionKey { static let defaultValue = 0 }\n"
                   "let own = request.options[SlotKey.self]\n")
        self.write("Sources/Courier/Middleware/Retry/Reader.swift", "let slot = request.options[SlotKey.self]\n")
        self.assertOneProblem("Sources/Courier/Middleware/Retry/Reader.swift:1: reads the option SlotKey, which "
                              "`Sources/Courier/Errors/` declares; an option read outside its folder is "
                              "declared in `Sources/Courier/Core/` (rule 6)")

    def test_a_transport_declared_through_the_module_or_a_composition_counts_as_one(self):
        self.write("Sources/CourierAsyncHTTPClient/Pipe.swift", "final class PipeTransport: Courier.Transport & Sendable {}\n")
        self.write("Sources/Courier/Middleware/Retry/Uses.swift", "let t = PipeTransport()\n")
        self.assertOneProblem("Sources/Courier/Middleware/Retry/Uses.swift:1: names the transport PipeTransport; a "
                              "middleware works over any transport (rule 2)")

    def test_the_traits_of_a_dependency_condition_are_not_dependencies(self):
        self.edit("Package.swift", '.product(name: "Yams", package: "Yams")',
                  '.product(name: "Yams", package: "Yams", condition: .when(traits: ["CourierGenerator"]))')
        self.assertEqual(self.problems(), [])

    def test_the_proof_target_importing_with_testable_is_reported(self):
        self.edit("Package.swift", '        .testTarget(name: "CourierTests"',
                  '        .testTarget(name: "MiddlewareToolkitTests", dependencies: ["Courier"]),\n        .testTarget(name: "CourierTests"')
        self.edit("docs/architecture.md", "| `CourierTests` |",
                  "| `MiddlewareToolkitTests` | `Tests/MiddlewareToolkitTests/` | `Courier` | — | the proof |\n| `CourierTests` |")
        self.write("Tests/MiddlewareToolkitTests/Throttle.swift", "@testable import Courier\n")
        self.assertOneProblem("Tests/MiddlewareToolkitTests/Throttle.swift:1: MiddlewareToolkitTests imports Courier with "
                              "@testable; the proof uses public API only (rule 7)")

    def test_the_proof_target_naming_a_package_type_of_the_core_is_reported(self):
        self.edit("Package.swift", '        .testTarget(name: "CourierTests"',
                  '        .testTarget(name: "MiddlewareToolkitTests", dependencies: ["Courier"]),\n        .testTarget(name: "CourierTests"')
        self.edit("docs/architecture.md", "| `CourierTests` |",
                  "| `MiddlewareToolkitTests` | `Tests/MiddlewareToolkitTests/` | `Courier` | — | the proof |\n| `CourierTests` |")
        self.write("Sources/Courier/Core/Locked.swift", "package final class Locked<Value> {}\n")
        self.write("Tests/MiddlewareToolkitTests/Throttle.swift", "import Courier\nlet gate = Locked(0)\n")
        self.assertOneProblem("Tests/MiddlewareToolkitTests/Throttle.swift:2: MiddlewareToolkitTests names Locked, which "
                              "the core declares `package`; the proof uses public API only (rule 7)")

    def test_only_members_of_the_extension_count_as_options(self):
        # `local` and `ignored` are locals of accessor and function bodies, not options.
        self.write("Sources/Courier/Errors/Locals.swift", "let a = options.local\nlet b = options.ignored\n")
        self.assertEqual(self.problems(), [])

    def test_a_built_in_using_an_internal_declaration_of_the_core_is_reported(self):
        self.write("Sources/Courier/Core/FastPath.swift", "struct FastPath { static func hop() {} }\n"
                                                           "public struct Open { public func go() {} }\n")
        self.write("Sources/Courier/Middleware/Retry/Retry.swift", "func retry() { Open().go() }\nlet x = FastPath.hop()\n")
        self.assertOneProblem("Sources/Courier/Middleware/Retry/Retry.swift:2: a built-in uses FastPath, an internal "
                              "declaration of Sources/Courier/Core/FastPath.swift; a built-in uses only public API, or "
                              "the exception is listed with its reason (rule 8)")

    def test_an_internal_member_of_the_core_used_by_a_built_in_is_reported_but_a_local_of_the_same_name_is_not(self):
        self.write("Sources/Courier/Core/Marks.swift", "public struct Options {}\nextension Options {\n"
                                                       "    var secretMark: Bool { false }\n}\n")
        self.write("Sources/Courier/Middleware/Retry/Retry.swift", "func f(o: Options) -> Bool { o.secretMark }\n")
        self.assertOneProblem("Sources/Courier/Middleware/Retry/Retry.swift:1: a built-in uses secretMark, an internal "
                              "declaration of Sources/Courier/Core/Marks.swift; a built-in uses only public API, or "
                              "the exception is listed with its reason (rule 8)")
        self.write("Sources/Courier/Middleware/Retry/Retry.swift", "func f() -> Bool { let secretMark = true; return secretMark }\n")
        self.assertEqual(self.problems(), [])

    def test_the_core_naming_a_built_in_is_reported(self):
        self.write("Sources/Courier/Middleware/Retry/Retry.swift", "public struct RetryPolicy {}\n"
                                                                   "extension Client {\n    public func retrying() -> Client { self }\n}\n")
        self.write("Sources/Courier/Errors/Uses.swift", "let p: RetryPolicy? = nil\n")
        self.assertOneProblem("Sources/Courier/Errors/Uses.swift:1: the core names the built-in RetryPolicy (declared in "
                              "Sources/Courier/Middleware/Retry/Retry.swift); the core knows no built-in (rule 9)")
        self.write("Sources/Courier/Errors/Uses.swift", "func standard(c: Client) -> Client { c.retrying() }\n")
        self.assertOneProblem("Sources/Courier/Errors/Uses.swift:1: the core calls the built-in retrying (declared in "
                              "Sources/Courier/Middleware/Retry/Retry.swift); the core knows no built-in (rule 9)")


class ThisRepositoryTests(unittest.TestCase):
    def test_this_repository_keeps_the_rules(self):
        self.assertEqual(architecture.check(os.path.join(HERE, "..")), [])


if __name__ == "__main__":
    unittest.main()

// corelibs-xctest (Linux, Windows) reports every failure through XCTestCase.recordFailure, which a test case
// can override to catch the one it expects; Apple's XCTest has XCTExpectFailure for that instead.
#if !canImport(Darwin)
import Courier
import CourierTesting
import Foundation
import XCTest

/// Under XCTest, a request no stub matches calls XCTFail at the line that created the stub transport,
/// even when the error is swallowed; `StubTransport(unmatched: .expected)` only throws.
final class FailLoudStubXCTests: XCTestCase {
    /// A failure this case caught instead of reporting.
    struct CaughtFailure: Sendable {
        let description: String
        let filePath: String
        let line: Int
    }

    /// The stub transports' failures, caught (no assertion below prints this text); every other failure is reported.
    let caught = Locked<[CaughtFailure]>([])
    let server = Server(host: "api.example.com")

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if description.contains("no stub matches") {
            caught.withLock { $0.append(CaughtFailure(description: description, filePath: filePath, line: lineNumber)) }
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testSwallowedUnmatchedRequestFailsTheTestWhereTheTransportWasCreated() async {
        let (stubs, line) = (StubTransport().stub(.get, "/other", with: .status(204)), #line)  // one line: the failure points here
        _ = try? await Client(transport: stubs).targeting(server).send(Endpoint<Data>(path: "/articles"))
        let failures = caught.withLock { $0 }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.first.map { URL(fileURLWithPath: $0.filePath).lastPathComponent }, "FailLoudStubXCTests.swift")
        let message = "no stub matches GET /articles. Stubs, newest first:\n  - GET /other: path /articles does not match /other"
        XCTAssertTrue(failures.first?.description.contains(message) ?? false)
        XCTAssertTrue(failures.first?.description.contains("StubTransport(unmatched: .expected)") ?? false)
    }

    func testExpectedUnmatchedRequestOnlyThrows() async throws {
        let stubs = StubTransport(unmatched: .expected).stub(.get, "/other", with: .status(204))
        var kind: NetworkError.Kind?
        do {
            _ = try await Client(transport: stubs).targeting(server).send(Endpoint<Data>(path: "/articles"))
        } catch let error as NetworkError {
            kind = error.kind
        }
        XCTAssertEqual(kind, .transportFailed)
        XCTAssertEqual(caught.withLock { $0.count }, 0)
    }
}
#endif

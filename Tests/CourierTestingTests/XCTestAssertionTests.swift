import Courier
import CourierTesting
import Foundation
import XCTest

/// The assertions under XCTest: a passing one is silent, a failing one throws, and XCTest reports the
/// thrown ``AssertionFailure`` (with its diff) as the test's failure.
final class XCTestAssertionTests: XCTestCase {
    let client = Client(transport: StubTransport().stub(.get, "/articles", with: .json(#"[{"id":1,"title":"One"}]"#)))
        .targeting(Server(host: "api.example.com"))

    func testPassingAssertionIsSilent() async throws {
        try await assertSucceeds(Endpoint<[Article]>(path: "/articles"), on: client, with: [Article(id: 1, title: "One")])
    }

    func testFailingAssertionThrowsItsDiff() async {
        do {
            try await assertSucceeds(Endpoint<[Article]>(path: "/articles"), on: client, with: [])
            XCTFail("a wrong value must throw")
        } catch let failure as AssertionFailure {
            XCTAssertTrue(failure.message.contains("(-) expected, (+) actual") && failure.message.contains("Article(") && failure.message.contains("\"One\""), failure.message)
        } catch {
            XCTFail("unexpected \(error)")
        }
    }
}

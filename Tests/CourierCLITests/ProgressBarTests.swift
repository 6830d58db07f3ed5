import Courier
import Foundation
import Testing
@testable import courier

@Suite("The download progress bar")
struct ProgressBarTests {
    let start = ContinuousClock.now

    @Test("a known length draws the bar, percentage, bytes, rate and time left, replacing the line whole")
    func known() {
        let bar = ProgressBar(width: 10, start: start)
        let line = bar.line(for: TransferProgress(direction: .download, completedBytes: 4 * 1024 * 1024, expectedBytes: 8 * 1024 * 1024), now: start + .seconds(2))
        #expect(line == "\r\u{1B}[K█████░░░░░  50%  4.0 MiB / 8.0 MiB  2.0 MiB/s  ETA 0:02")
    }

    @Test("an unknown length shows bytes and rate only")
    func unknown() {
        let bar = ProgressBar(width: 10, start: start)
        let line = bar.line(for: TransferProgress(direction: .download, completedBytes: 1536, expectedBytes: nil), now: start + .seconds(1))
        #expect(line == "\r\u{1B}[K1.5 KiB  1.5 KiB/s")
    }

    @Test("exit codes are distinct per failure kind")
    func exitCodes() {
        #expect(SendExitCode.forError(NetworkError(.timedOut, message: "")) == .timedOut)
        #expect(SendExitCode.forError(NetworkError(.cannotConnect, message: "")) == .connection)
        #expect(SendExitCode.forError(NetworkError(.tooManyRedirects, message: "")) == .redirect)
        #expect(SendExitCode.forError(NetworkError(.invalidURL, message: "")) == .usage)
        #expect(SendExitCode.forStatus(404) == .clientError && SendExitCode.forStatus(503) == .serverError && SendExitCode.forStatus(302) == .success)
        #expect(Set(SendExitCode.allCases.map(\.rawValue)).count == SendExitCode.allCases.count)
    }

    @Test("items parse as HTTPie's: the first separator decides, := and == before : and =")
    func items() throws {
        #expect(try SendItem.parse("X-Test:a=b") == .header(name: "X-Test", value: "a=b"))
        #expect(try SendItem.parse("q==a:b") == .query(name: "q", value: "a:b"))
        #expect(try SendItem.parse("n=a@b") == .field(name: "n", value: "a@b"))
        #expect(try SendItem.parse("n:=[1]") == .jsonField(name: "n", json: "[1]"))
        #expect(try SendItem.parse("f@/tmp/x=y") == .file(name: "f", path: "/tmp/x=y"))
        #expect(throws: SendFailure.self) { try SendItem.parse("novalue") }
    }
}

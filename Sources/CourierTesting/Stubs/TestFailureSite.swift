import Foundation
// NOTE: on Apple platforms an app that links XCTest or Testing does not launch outside a test ("Library not
// loaded: @rpath/XCTest.framework"), and apps link CourierTesting for `client.stubbing` in previews and demo
// builds. So only the toolchains that ship both as plain libraries (Linux, Windows) import them; Apple
// platforms find XCTest's `XCTFail` at run time, when a test run has loaded it.
#if !canImport(Darwin)
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif
#endif

/// A place in a test's source, where a ``StubTransport`` was created, and the failure a stub transport
/// records there in the test that is running.
///
/// NOTE: the failure points at the transport's creation, not at the request. The request is sent from the
/// code under test (a repository, a view model, a client's layers), a place no default argument can capture;
/// the creation is in the test or its fixture, one click from the stubs to add, and the message names the
/// request.
struct TestFailureSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// Records `message` as a failure of the test that is running, at this site: an issue when a Swift
    /// Testing test runs this task, else an XCTest failure; outside a test, nothing.
    func recordFailure(_ message: String) {
        #if canImport(Darwin)
        // NOTE: XCTest only. A Swift Testing test on an Apple platform gets the thrown error but no recorded issue:
        // recording one needs Swift Testing's types, and importing it would keep apps from launching.
        Self.loadedXCTFail?(message, filePath, line)
        #else
        #if canImport(Testing)
        // NOTE: `Test.current` is a task local: set in a test's task and in the tasks it starts, child or
        // unstructured (not detached ones), so it names the test that sent the request.
        if Testing.Test.current != nil {
            let location = Testing.SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
            Testing.Issue.record(Testing.Comment(rawValue: message), severity: .error, sourceLocation: location)
            return
        }
        #endif
        #if canImport(XCTest)
        // NOTE: XCTest has no public "test case running now". corelibs-xctest keeps one of its own and drops a
        // failure recorded while none runs ("failures outside of a test method will not be reported",
        // XCTAssert.swift), so XCTFail is the check.
        XCTFail(message, file: filePath, line: line)
        #endif
        #endif
    }

    #if canImport(Darwin)
    private typealias XCTFailFunction = @convention(thin) (String, StaticString, UInt) -> Void

    /// `XCTFail(_:file:line:)` when XCTest is loaded in this process (a test run), else `nil`: looked up by its
    /// symbol so that CourierTesting never links XCTest.
    ///
    /// `nonisolated(unsafe)`: written once, by the lazy initialisation of a static, and a thin function
    /// pointer holds no state.
    nonisolated(unsafe) private static let loadedXCTFail: XCTFailFunction? = {
        // RTLD_DEFAULT: every image loaded in the process.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF") else {
            return nil
        }
        return unsafeBitCast(symbol, to: XCTFailFunction.self)
    }()
    #endif
}

import Courier
import CustomDump
import Foundation
import HTTPTypes

/// Throws an ``AssertionFailure`` unless sending `endpoint` on `client` gives `expected`; its message
/// shows a diff of the values, or the error that came instead.
///
/// The assertions throw rather than record an issue, so they fail a test the same way under XCTest and
/// Swift Testing with nothing else linked: a thrown error fails either, and its message is the diff.
///
/// ```swift
/// try await assertSucceeds(.articles(tag: "swift"), on: client, with: [])
/// ```
public func assertSucceeds<Value: Equatable & Sendable>(
    _ endpoint: Endpoint<Value>, on client: Client, with expected: Value,
    fileID: StaticString = #fileID, line: UInt = #line
) async throws {
    let value: Value
    do {
        value = try await client.send(endpoint)
    } catch {
        throw AssertionFailure("The endpoint failed instead of succeeding with \(String(customDumping: expected)):\n\(error)", fileID: fileID, line: line)
    }
    if value != expected {
        let difference = diff(expected, value).map { "\n\n\($0)" } ?? ""
        throw AssertionFailure("The endpoint succeeded with a different value: (-) expected, (+) actual\(difference)", fileID: fileID, line: line)
    }
}

/// Throws an ``AssertionFailure`` unless sending `endpoint` on `client` fails with a
/// `NetworkError` of `kind`.
///
/// ```swift
/// try await assertFails(.article(id: 404), on: client, with: .unacceptableStatus(404))
/// ```
public func assertFails<Value: Sendable>(
    _ endpoint: Endpoint<Value>, on client: Client, with kind: NetworkError.Kind,
    fileID: StaticString = #fileID, line: UInt = #line
) async throws {
    let failure: NetworkError
    do {
        let value = try await client.send(endpoint)
        throw AssertionFailure("The endpoint succeeded with \(String(customDumping: value)), expected a failure of kind \(kind).", fileID: fileID, line: line)
    } catch let error as NetworkError {
        failure = error
    }
    if failure.kind != kind {
        let difference = diff(kind, failure.kind).map { "\n\n\($0)" } ?? ""
        throw AssertionFailure("The endpoint failed with another kind: (-) expected, (+) actual\(difference)\n\n\(failure)", fileID: fileID, line: line)
    }
}

/// Throws an ``AssertionFailure`` unless `request` (typically `stubs.requests.last`) was sent with each
/// of the given parts; the parts left `nil` are not checked. The message shows a diff of the parts
/// checked.
///
/// - Parameters:
///   - request: the request the stub saw; `nil` (no request sent) fails.
///   - method: the method, when given.
///   - path: the path without the query, as sent, when given.
///   - query: the query items in order, decoded, when given (`[]`: none).
///   - headers: fields that must be present with these values (names are case-insensitive); others may
///     be present too.
///   - json: a JSON body, compared as JSON (key order and spacing do not matter).
///   - body: a body, compared as UTF-8 text exactly.
///   - fileID: where the assertion is written, for the failure's message.
///   - line: the line of the assertion.
public func assertRequest(
    _ request: StubbedRequest?,
    method: HTTPRequest.Method? = nil, path: String? = nil, query: [URLQueryItem]? = nil,
    headers: [String: String] = [:], json: String? = nil, body: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
) throws {
    guard let request else {
        throw AssertionFailure("No request was sent.", fileID: fileID, line: line)
    }
    var expected = SentRequest()
    var actual = SentRequest()
    if let method {
        expected.method = method.rawValue
        actual.method = request.method.rawValue
    }
    if let path {
        expected.path = path
        actual.path = request.path
    }
    if let query {
        expected.query = query.map { "\($0.name)=\($0.value ?? "")" }
        actual.query = request.query.map { "\($0.name)=\($0.value ?? "")" }
    }
    if !headers.isEmpty {
        expected.headers = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        actual.headers = Dictionary(uniqueKeysWithValues: headers.keys.map { ($0.lowercased(), request.header($0) ?? "<missing>") })
    }
    if let json {
        expected.json = SentRequest.normalizedJSON(Data(json.utf8)) ?? "<not JSON: \(json)>"
        actual.json = SentRequest.normalizedJSON(request.body) ?? "<not JSON: \(String(decoding: request.body, as: UTF8.self))>"
    }
    if let body {
        expected.body = body
        actual.body = String(decoding: request.body, as: UTF8.self)
    }
    if let difference = diff(expected, actual) {
        throw AssertionFailure("The request differs: (-) expected, (+) actual\n\n\(difference)", fileID: fileID, line: line)
    }
}

/// The parts of a request an assertion checks, so that the diff shows only those.
struct SentRequest: Equatable {
    var method: String?
    var path: String?
    var query: [String]?
    var headers: [String: String]?
    var json: String?
    var body: String?

    /// JSON with sorted keys and one member per line, so a diff points at the member that differs.
    static func normalizedJSON(_ data: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let normalized = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .fragmentsAllowed])
        else { return nil }
        return String(decoding: normalized, as: UTF8.self)
    }
}

/// A failed assertion: thrown, so that XCTest and Swift Testing both report it as the test's failure,
/// with ``message`` (a diff where there is one) and where the assertion was written.
public struct AssertionFailure: Error, CustomStringConvertible, Sendable {
    /// What differed.
    public let message: String
    /// The file of the assertion.
    public let fileID: String
    /// The line of the assertion.
    public let line: UInt

    init(_ message: String, fileID: StaticString, line: UInt) {
        self.message = message
        self.fileID = "\(fileID)"
        self.line = line
    }

    public var description: String {
        "\(fileID):\(line): \(message)"
    }
}

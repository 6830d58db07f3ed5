import Courier
import CourierTestSupport
import Foundation
import HTTPTypes
import Testing

/// The `Range` and `If-Range` of one request a download sent.
struct SentRange: Sendable, Equatable {
    var range: String?
    var ifRange: String?

    /// N of `bytes=N-`.
    var offset: Int? {
        guard let range, range.hasPrefix("bytes="), range.hasSuffix("-") else { return nil }
        return Int(range.dropFirst(6).dropLast())
    }
}

/// Records the `Range` and `If-Range` of every request that passes, in order: put it inside the retry
/// layer to see each attempt as it goes to the wire.
struct RangeRecorder: Middleware {
    let sent = Recorded<SentRange>()

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        sent.append(SentRange(range: request.head.headerFields[.range], ifRange: request.head.headerFields[.ifRange]))
        return try await next(request)
    }
}

/// A new empty directory for one test's downloads.
struct DownloadDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-resume-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Every name in the directory, hidden ones included, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The size of the file `name`, or `nil` when there is none.
    func size(of name: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file(name).path)[.size] as? NSNumber)?.intValue
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

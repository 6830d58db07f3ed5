import Courier
import Foundation

/// A request body as far as a recorder may read it without changing what the transport sends.
enum RecordedRequestBody: Sendable, Hashable {
    /// No body.
    case empty
    /// The body's bytes.
    case bytes(Data)
    /// The body exists but was not read; the reason goes into the file.
    case notRecorded(reason: String)

    /// Reads `body` without spending it: bytes in memory as they are, a replayable stream or a file by
    /// reading it once more, a single-pass stream only when `consumingSinglePass` (the caller is the
    /// one who would have sent it).
    ///
    /// - Parameter limit: the most bytes to hold; a larger body is not recorded.
    static func read(_ body: RequestBody, limit: Int, consumingSinglePass: Bool) async -> RecordedRequestBody {
        if body.isEmpty { return .empty }
        if let data = body.bufferedData { return .bytes(data) }
        guard body.isReplayable || consumingSinglePass else {
            return .notRecorded(reason: "a single-pass stream, which only the transport may read; use RequestBody.stream(length:_:) to record it.")
        }
        if let length = body.length, length > limit {
            return .notRecorded(reason: "\(length) bytes, over the limit of \(limit).")
        }
        do {
            var data = Data()
            for try await chunk in try body.chunks() {
                guard data.count + chunk.count <= limit else {
                    return .notRecorded(reason: "over the limit of \(limit) bytes.")
                }
                data.append(chunk)
            }
            return data.isEmpty ? .empty : .bytes(data)
        } catch {
            return .notRecorded(reason: "reading it failed: \(error)")
        }
    }
}

import CourierTestSupport
import Foundation
@testable import courier

/// A ``ByteSink`` that keeps what is written, for tests of what would reach a stream.
final class CollectingSink: ByteSink, Sendable {
    private let chunks = Recorded<Data>()

    func write(_ bytes: Data) throws {
        chunks.append(Data(bytes))
    }

    var data: Data { chunks.all.reduce(into: Data()) { $0.append($1) } }
    var text: String { String(decoding: data, as: UTF8.self) }
    /// How many separate writes there were.
    var writes: Int { chunks.all.count }
}

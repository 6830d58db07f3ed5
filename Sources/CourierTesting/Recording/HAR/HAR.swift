import Courier
import Foundation

/// An HTTP Archive (HAR 1.2): the exchanges a ``RecordingTransport`` recorded, in the format browsers,
/// proxies and HAR viewers read, so a recording can be inspected, diffed and committed as a fixture.
///
/// The field names follow the HAR 1.2 specification exactly (`log.entries[].request.queryString`, …);
/// optional fields are left out when absent. Custom fields start with `_`, as the specification asks.
/// Decoding ignores fields this model does not know, so a HAR saved by a browser can be replayed too.
///
/// ```swift
/// let har = try HAR(data: Data(contentsOf: URL(fileURLWithPath: "fixtures/articles.har")))
/// for entry in har.log.entries {
///     print(entry.request.method, entry.request.url, entry.response.status)
/// }
/// ```
public struct HAR: Codable, Sendable, Hashable {
    /// The archive's only member.
    public var log: Log

    /// Creates an archive from its log.
    public init(log: Log) {
        self.log = log
    }

    /// Decodes an archive from its JSON text.
    ///
    /// - Throws: `NetworkError` of kind `NetworkError.Kind.decodingFailed(codingPath:)` naming the
    ///   field that is missing or of the wrong type.
    public init(data: Data) throws {
        do {
            self = try JSONDecoder().decode(HAR.self, from: data)
        } catch {
            throw NetworkError.wrapping(error, request: nil)
        }
    }

    /// The archive as JSON text: keys sorted and pretty-printed, so that the same exchanges always give
    /// the same bytes and a recording diffs well under version control.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch {
            throw NetworkError(.encodingFailed, message: "the HAR archive could not be encoded.", underlying: error)
        }
    }
}

extension HAR {
    /// The archive's content: who wrote it and the recorded exchanges.
    public struct Log: Codable, Sendable, Hashable {
        /// The format's version; `1.2` for what Courier writes.
        public var version: String
        /// The program that wrote the archive.
        public var creator: Creator
        /// The exchanges, in the order their requests started.
        public var entries: [Entry]
        /// A note from the writer.
        public var comment: String?

        /// Creates a log.
        public init(version: String = "1.2", creator: Creator = .courier, entries: [Entry] = [], comment: String? = nil) {
            self.version = version
            self.creator = creator
            self.entries = entries
            self.comment = comment
        }
    }

    /// The program that wrote an archive, so a reader knows what to expect of it.
    public struct Creator: Codable, Sendable, Hashable {
        /// The program's name.
        public var name: String
        /// The program's version.
        public var version: String
        /// A note from the writer.
        public var comment: String?

        /// Creates a creator.
        public init(name: String, version: String, comment: String? = nil) {
            self.name = name
            self.version = version
            self.comment = comment
        }

        /// Courier's ``RecordingTransport``.
        public static let courier = Creator(name: "Courier RecordingTransport", version: "1.0")
    }
}

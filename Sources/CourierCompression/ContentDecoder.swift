import Courier
import Foundation

/// Decodes a body compressed with a ``ContentCoding``, piece by piece: for the test server's route that checks
/// what a compressing client sent, and for tests. Not public: Courier's transports decode responses themselves.
package final class ContentDecoder {
    private let zlib: ZlibStream

    /// A decoder for `coding`.
    package init(_ coding: ContentCoding) throws {
        zlib = try ZlibStream(.decompress(coding))
    }

    /// Decodes the next `bytes` (`isLast` for the end of the body), handing the output to `output` in pieces
    /// of at most 64 KiB.
    ///
    /// - Throws: ``Courier/NetworkError/Kind/invalidBody`` when the bytes are not valid compressed data, are
    ///   truncated, or go on past the end of the compressed stream.
    package func decode(_ bytes: Data, isLast: Bool, output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try zlib.process(bytes, finish: isLast, output: output)
        if isLast, !zlib.isFinished {
            throw NetworkError(.invalidBody, message: "the body does not decompress: the compressed stream is truncated.")
        }
    }

    /// All of `data`, decoded: for tests.
    package static func decode(_ data: Data, as coding: ContentCoding) throws -> Data {
        var decoded = Data()
        try ContentDecoder(coding).decode(data, isLast: true) { decoded.append($0) }
        return decoded
    }
}

import Courier
import Foundation

/// A request body's chunks, compressed as they are read: the body is never held whole, compressed or not.
///
/// NOTE: memory per iteration is one input chunk, one compressed chunk and zlib's state (about 256 KiB at
/// level 6), whatever the body's size. Each iteration starts a fresh zlib stream over a fresh read of the
/// body, so a replayable body stays replayable.
struct CompressedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let body: RequestBody
    let coding: ContentCoding
    let level: CompressionLevel

    func makeAsyncIterator() -> Iterator {
        Iterator(body: body, coding: coding, level: level)
    }

    struct Iterator: AsyncIteratorProtocol {
        let body: RequestBody
        let coding: ContentCoding
        let level: CompressionLevel
        private var source: BodyChunks.AsyncIterator?
        private var zlib: ZlibStream?
        private var finished = false

        init(body: RequestBody, coding: ContentCoding, level: CompressionLevel) {
            self.body = body
            self.coding = coding
            self.level = level
        }

        mutating func next() async throws -> Data? {
            guard !finished else { return nil }
            if source == nil {
                // Started on the first read, not before: a single-pass body is claimed only when sent.
                source = try body.chunks().makeAsyncIterator()
                zlib = try ZlibStream(.compress(coding, level))
            }
            while true {
                let chunk = try await source?.next()
                var compressed = Data()
                try zlib?.process(chunk ?? Data(), finish: chunk == nil) { compressed.append($0) }
                if chunk == nil {
                    finished = true
                    zlib = nil
                    return compressed.isEmpty ? nil : compressed
                }
                if !compressed.isEmpty { return compressed }
            }
        }
    }
}

extension RequestBody {
    /// This body compressed with `coding`, as replayable as it was. A body in memory is compressed at once
    /// (its length stays known, so `Content-Length` is sent); `nil` when that would not make it smaller.
    /// A stream or file is compressed while it is sent, its length unknown until then.
    func compressed(with coding: ContentCoding, level: CompressionLevel) throws -> RequestBody? {
        if let data = bufferedData {
            var compressed = Data()
            let zlib = try ZlibStream(.compress(coding, level))
            try zlib.process(data, finish: true) { compressed.append($0) }
            return compressed.count < data.count ? .bytes(compressed) : nil
        }
        let chunks = CompressedChunks(body: self, coding: coding, level: level)
        return isReplayable ? .stream { chunks } : .singlePass(chunks)
    }
}

import CCourierZlib
import Courier
import Foundation

/// One zlib compression or decompression stream, fed in pieces.
///
/// NOTE: not `Sendable`, and need not be: each stream belongs to one iteration of one body, which runs in one
/// task. Its `z_stream` lives at a fixed address (zlib keeps a pointer back to it) and is freed with the object.
final class ZlibStream {
    enum Mode {
        case compress(ContentCoding, CompressionLevel)
        case decompress(ContentCoding)
    }

    /// The most output produced per call into zlib.
    static let outputPieceSize = 64 * 1024

    private let stream: UnsafeMutablePointer<z_stream>
    private let compresses: Bool
    private let outputPiece: UnsafeMutableBufferPointer<UInt8>
    /// Whether zlib reported the end of the stream (`Z_STREAM_END`).
    private(set) var isFinished = false

    init(_ mode: Mode) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        outputPiece = .allocate(capacity: Self.outputPieceSize)
        let status: Int32
        switch mode {
        case .compress(let coding, let level):
            compresses = true
            status = CCourierZlib_deflateInit2(stream, level.value, coding.windowBits)
        case .decompress(let coding):
            compresses = false
            status = CCourierZlib_inflateInit2(stream, coding.windowBits)
        }
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            outputPiece.deallocate()
            throw NetworkError(.encodingFailed, message: "zlib could not start a stream (status \(status)).")
        }
    }

    deinit {
        if compresses { deflateEnd(stream) } else { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        outputPiece.deallocate()
    }

    /// Feeds `input` (the last of it when `finish`) and hands each piece of output, at most 64 KiB, to `output`
    /// as it is made, so a stream that expands greatly never needs its whole output in memory.
    ///
    /// - Throws: ``NetworkError/Kind/encodingFailed`` when zlib fails, or what `output` throws; for
    ///   decompression, ``NetworkError/Kind/invalidBody`` when the input is not valid compressed data.
    func process(_ input: Data, finish: Bool, output: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard !isFinished else {
            // Bytes after the end of a compressed stream are not part of it.
            if !input.isEmpty { throw failure("data after the end of the compressed stream") }
            return
        }
        // zlib counts input in 32 bits: a larger body (a 4 GiB `Data`) is fed a piece at a time.
        let largestPiece = 1 << 30
        if input.count > largestPiece {
            var start = input.startIndex
            while start < input.endIndex {
                let end = input.index(start, offsetBy: largestPiece, limitedBy: input.endIndex) ?? input.endIndex
                try process(input[start..<end], finish: finish && end == input.endIndex, output: output)
                start = end
            }
            return
        }
        try input.withUnsafeBytes { raw in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: raw.bindMemory(to: Bytef.self).baseAddress)
            stream.pointee.avail_in = uInt(raw.count)
            defer {
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
            while true {
                stream.pointee.next_out = outputPiece.baseAddress
                stream.pointee.avail_out = uInt(outputPiece.count)
                let status = compresses
                    ? deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
                    : inflate(stream, Z_NO_FLUSH)
                let produced = outputPiece.count - Int(stream.pointee.avail_out)
                if produced > 0 {
                    try output(UnsafeBufferPointer(rebasing: outputPiece[..<produced]))
                }
                switch status {
                case Z_STREAM_END:
                    isFinished = true
                    if stream.pointee.avail_in > 0 { throw failure("data after the end of the compressed stream") }
                    return
                case Z_OK, Z_BUF_ERROR:
                    // Z_BUF_ERROR: no progress was possible, which only means zlib wants more input.
                    if stream.pointee.avail_out == 0 { continue }
                    if compresses && finish {
                        // Finishing always makes progress when there is room for output; guard against a loop.
                        if status == Z_BUF_ERROR && produced == 0 { throw failure("zlib made no progress") }
                        continue
                    }
                    if !compresses && finish { throw failure("the compressed stream is truncated") }
                    return
                default:
                    throw failure("zlib failed with status \(status)")
                }
            }
        }
    }

    private func failure(_ reason: String) -> NetworkError {
        compresses
            ? NetworkError(.encodingFailed, message: "compressing the body failed: \(reason).")
            : NetworkError(.invalidBody, message: "the body does not decompress: \(reason).")
    }
}

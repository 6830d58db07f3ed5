import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension TestServer {
    /// The bytes `GET /random/{n}?seed=S` sends: `n` pseudo-random bytes from
    /// ``SeededRandomNumberGenerator``, the same for the same seed on every run, so a test can compare a
    /// binary download byte for byte without the server or the test holding a file.
    public static func randomBytes(count: Int, seed: UInt64) -> Data {
        var generator = SeededRandomNumberGenerator(seed: seed)
        return generator.bytes(count)
    }
}

extension SeededRandomNumberGenerator {
    /// The next `count` bytes, eight from each 64-bit value (little-endian), the last value cut short.
    /// Taken in pieces whose sizes are multiples of 8, they are the same bytes as taken at once.
    mutating func bytes(_ count: Int) -> Data {
        var data = Data(capacity: count + 8)
        while data.count < count {
            withUnsafeBytes(of: next().littleEndian) { data.append(contentsOf: $0) }
        }
        return data.prefix(count)
    }
}

extension TestServerRoutes {
    /// `GET /random/{n}?seed=S&hold=KEY`: ``TestServer/randomBytes(count:seed:)`` as
    /// `application/octet-stream` with a `Content-Length`, streamed in 64 KiB chunks, so a body of any size
    /// costs the server one chunk of memory. With `hold`, the server sends every byte (chunked), then keeps the
    /// body open until ``TestServer/release(_:)`` releases KEY: the client is still running, its body whole, when
    /// a test measures it.
    static func randomRoute(_ router: Router<Context>, state: TestServerState) {
        router.get("/random/{n}") { request, context in
            let count = min(max(Int(try context.parameters.require("n")) ?? 0, 0), 1 << 30)
            let parameters = request.uri.queryParameters
            let seed = parameters["seed"].flatMap { UInt64($0) } ?? 0
            let hold = parameters["hold"].map(String.init)
            // Held, the body is chunked: with a Content-Length it would be complete at its last byte.
            let body = ResponseBody(contentLength: hold == nil ? count : nil) { writer in
                var generator = SeededRandomNumberGenerator(seed: seed)
                var remaining = count
                while remaining > 0 {
                    let size = min(remaining, 64 * 1024)
                    try await writer.write(ByteBuffer(bytes: generator.bytes(size)))
                    remaining -= size
                }
                if let hold { await state.hold(hold) }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
        }
    }
}

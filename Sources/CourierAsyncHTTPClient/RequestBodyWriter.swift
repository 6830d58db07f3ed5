import AsyncHTTPClient
import Courier
import Foundation
import NIOCore

/// Turns a Courier ``Courier/RequestBody`` into an AsyncHTTPClient body.
enum RequestBodyWriter {
    static func body(for body: RequestBody, eventLoop: any EventLoop) throws -> HTTPClient.Body? {
        if let data = body.bufferedData {
            return data.isEmpty ? nil : .byteBuffer(ByteBuffer(bytes: data))
        }
        let chunks = try body.chunks()
        return .stream(contentLength: body.length) { writer in
            // NOTE: the writer's futures apply back-pressure: each chunk is written only once the
            // previous one was accepted. The task ends when the stream does or when a write fails
            // (the request was cancelled or failed), so it does not outlive the request.
            let promise = eventLoop.makePromise(of: Void.self)
            promise.completeWithTask {
                for try await chunk in chunks {
                    try await writer.write(.byteBuffer(ByteBuffer(bytes: chunk))).get()
                }
            }
            return promise.futureResult
        }
    }
}

import Courier
import Foundation
import HTTPTypes

/// The layer behind ``Courier/Client/compressingRequests(_:minimumSize:level:)``.
struct RequestCompressing: Middleware {
    let coding: ContentCoding
    let minimumSize: Int
    let level: CompressionLevel

    func send(_ request: ClientRequest, next: Next) async throws -> ClientResponse {
        guard RequestCompressionDecision.skipReason(for: request, minimumSize: minimumSize) == nil,
              let body = try compressedBody(of: request)
        else {
            return try await next(request)
        }
        var compressed = request
        compressed.body = body
        compressed.head.headerFields[.contentEncoding] = coding.token
        // The transport frames the new body: its own length when known, else chunked.
        compressed.head.headerFields[.contentLength] = nil
        let response = try await next(compressed)
        // RFC 7694 §3: a server that cannot decode the coding answers 415 and lists what it accepts in
        // Accept-Encoding; the body is then sent again as it was, when it can be.
        guard response.status == .unsupportedMediaType,
              let accepted = response.head.headerFields[.acceptEncoding],
              !Self.lists(accepted, coding),
              request.body.isReplayable
        else {
            return response
        }
        // The refusal's body is read (a large one stopped) so its connection is free before the body goes
        // out again.
        _ = try? await response.body.collect(upTo: 64 * 1024)
        return try await next(request)
    }

    private func compressedBody(of request: ClientRequest) throws -> RequestBody? {
        do {
            return try request.body.compressed(with: coding, level: level)
        } catch {
            throw NetworkError.wrapping(error, request: request)
        }
    }

    /// Whether an `Accept-Encoding` value lists `coding` with a weight above 0.
    static func lists(_ acceptEncoding: String, _ coding: ContentCoding) -> Bool {
        acceptEncoding.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == coding.token || parts.first == "*" else { return false }
            let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return weight > 0
        }
    }
}

/// Why a request's body is sent as it is, for ``Courier/Client/compressingRequests(_:minimumSize:level:)``.
enum RequestCompressionDecision: Equatable {
    case emptyBody
    case alreadyEncoded
    case alreadyCompressedType
    case smallerThanMinimum
    case turnedOff

    /// Why `request`'s body must not be compressed; `nil` when it may be.
    static func skipReason(for request: ClientRequest, minimumSize: Int) -> RequestCompressionDecision? {
        let fields = request.head.headerFields
        if request.body.isEmpty { return .emptyBody }
        if !request.options.allowsBodyCompression { return .turnedOff }
        // Already encoded by the caller (or an inner layer's caller): never encode twice.
        if fields[.contentEncoding] != nil { return .alreadyEncoded }
        if let type = fields[.contentType], AlreadyCompressedTypes.contains(type) { return .alreadyCompressedType }
        if let length = request.body.length, length < Int64(minimumSize) { return .smallerThanMinimum }
        return nil
    }
}

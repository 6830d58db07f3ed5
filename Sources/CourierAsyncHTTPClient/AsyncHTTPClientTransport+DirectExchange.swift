import AsyncHTTPClient
import Courier
import Foundation
import Logging
import NIOCore
import NIOHTTP1

extension AsyncHTTPClientTransport {
    /// Whether `request` can take the direct path: a body that is empty or in memory, no upload progress
    /// to report, and no timeout. Streamed bodies and watched uploads need the delegate's hooks (early
    /// answers, part-by-part progress); a timeout must cover the body too, and AsyncHTTPClient's async
    /// API stops watching its deadline once the head has arrived (measured: a body dripping past it was
    /// delivered whole), while its delegate API watches until the end.
    static func takesDirectPath(_ request: ClientRequest) -> Bool {
        request.options.timeout == nil
            && request.body.bufferedData != nil
            && (request.options.onProgress == nil || request.body.isEmpty)
    }

    /// Sends `request` through AsyncHTTPClient's async API (`HTTPClient.execute(_:deadline:)`), which runs
    /// the exchange on its connection's event loop and hands the body over with back-pressure.
    ///
    /// NOTE: measured against raw AsyncHTTPClient on loopback nginx (Benchmarks/load, one request at a
    /// time), Courier over the delegate API — whose callbacks run on a loop picked before the connection
    /// is, so that with two loops every other request's callbacks and demand hop threads — made 0.58× the
    /// raw throughput (+29 µs of CPU per request); over this path, 0.83–0.90× (+4–10 µs).
    /// What it gives up: telling a request none of whose bytes were written from one that reached the
    /// server. A write that failed on a pooled connection the server had closed fails with
    /// `connectionClosed`, for `Client.retrying(_:)` to repeat when its method allows; `logger` tells
    /// ``send(_:)`` whether the connection was reused, for a safe request to go out once more.
    func exchangeDirectly(_ request: ClientRequest, logger: Logger, timeline: ExchangeTimeline) async throws -> ClientResponse {
        guard let scheme = request.head.scheme, let authority = request.head.authority else {
            throw NetworkError(.invalidURL, message: "the request has no scheme and host.", request: request)
        }
        // The URL string from the head's parts, already valid: no Foundation `URL` is built on the way.
        var outgoing = HTTPClientRequest(url: "\(scheme)://\(authority)\(request.head.path ?? "/")")
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        outgoing.headers = Self.headers(of: request)
        if let data = request.body.bufferedData, !data.isEmpty {
            outgoing.body = .bytes(ByteBuffer(bytes: data))
        }
        let response = try await client(for: request).execute(outgoing, deadline: .distantFuture, logger: logger)
        timeline.mark(.responseStart, over: response.version)
        let head = try responseHead(HTTPResponseHead(version: response.version, status: response.status, headers: response.headers))
        let length = ResponseBody.announcedLength(of: head, for: request.head)
        let chunks = BodyChunks.reading(response.body, owner: self, timeline: timeline) { [weak self] error in
            NetworkError.fromAsyncHTTPClient(error, request: request, cancelled: Task.isCancelled, shutDown: self?.isShutDown ?? true)
        }
        var exchanged = ClientResponse(head: head, body: ResponseBody(length: length, chunks: chunks), request: request)
        exchanged.timeline = timeline
        return exchanged
    }

    /// A deadline `timeout` from now; a span past the clock's range is no deadline.
    static func deadline(after timeout: Duration) -> NIODeadline {
        let now = NIODeadline.now()
        let span = TimeAmount(timeout)
        return span.nanoseconds > Int64.max - Int64(now.uptimeNanoseconds) ? NIODeadline.distantFuture : now + span
    }

    /// The request's fields as HTTP/1 headers, its cookies joined on one line.
    static func headers(of request: ClientRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.head.headerFields.count)
        var cookies: [String] = []
        for field in request.head.headerFields {
            if field.name == .cookie {
                cookies.append(field.value)
            } else {
                headers.add(name: field.name.rawName, value: field.value)
            }
        }
        // HTTPFields keeps each cookie as its own field (the HTTP/2 form); HTTP/1.1 allows one `Cookie` line
        // (RFC 6265 §5.4), so they go out joined the way the browser joins them.
        if !cookies.isEmpty {
            headers.add(name: "Cookie", value: cookies.joined(separator: "; "))
        }
        return headers
    }
}

extension ExchangeTimeline {
    /// Marks `milestone` now and notes the protocol the response came over, as ALPN names it.
    func mark(_ milestone: Milestone, over version: HTTPVersion) {
        mark(milestone)
        let name = switch (version.major, version.minor) {
        case (2, _): "h2"
        default: "http/\(version.major).\(version.minor)"
        }
        update { $0.networkProtocol = name }
    }
}

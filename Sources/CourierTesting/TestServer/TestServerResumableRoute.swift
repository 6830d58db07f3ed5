// Only the date formatter: Courier's other names (ResponseBody, Server) would clash with Hummingbird's here.
import enum Courier.HTTPDate
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension TestServer {
    /// The bytes `GET /resumable/{key}?size=N` serves in its `version` (1 until the first
    /// `POST /resumable/{key}`): ``randomBytes(count:seed:)`` seeded by the key and version.
    public static func resumableBytes(key: String, version: Int = 1, size: Int = 1 << 20) -> Data {
        randomBytes(count: size, seed: key.utf8.reduce(UInt64(version)) { $0 &* 31 &+ UInt64($1) })
    }
}

extension TestServerRoutes {
    /// `GET|HEAD /resumable/{key}`: a file-like resource for resumable downloads. Its bytes are
    /// ``TestServer/randomBytes(count:seed:)`` (`size` of them, 1 MiB by default, at most 64 MiB), seeded
    /// by its key and version, served with `Accept-Ranges: bytes` and a validator, honouring `Range:
    /// bytes=N-` / `bytes=N-M` and `If-Range` as RFC 9110 says. `POST /resumable/{key}` makes a new version
    /// (other bytes, another validator); `POST /resumable/{key}?ranges=MODE` sets how later requests for the
    /// key answer ranges (the URL a download resumes must stay the same); both answer `{"version":V}`.
    ///
    /// Query items choose how it behaves:
    /// - `validator=etag` (default, a strong `ETag` and a `Last-Modified`), `weak` (`W/"…"` only), `date`
    ///   (`Last-Modified` only), `none`;
    /// - `ranges=honour` (default), `ignore` (always the whole body, `200`), `wrong` (a `206` whose
    ///   `Content-Range` starts one byte after the offset asked for), `noIfRange` (ranges served
    ///   whatever `If-Range` says);
    /// - `cutAt=N`: the first `cuts` (1 by default) responses for the key stop after N bytes of their body;
    ///   with `cut=close` (default) the connection is then closed, with `cut=stall` the rest trickles out
    ///   one byte every 20 ms, so that the client can be cancelled half way.
    static func resumableRoutes(_ router: Router<Context>, state: TestServerState) {
        router.get("/resumable/{key}") { request, context in try await resumable(request, context: context, state: state) }
        router.on("/resumable/{key}", method: .head) { request, context in try await resumable(request, context: context, state: state) }
        router.post("/resumable/{key}") { request, context in
            let key = try context.parameters.require("key")
            let version: Int
            if let mode = request.uri.queryParameters["ranges"] {
                await state.setResumableRanges(key, String(mode))
                version = await state.resumableVersion(key)
            } else {
                version = await state.changeResumable(key)
            }
            return json(Data(#"{"version":\#(version)}"#.utf8))
        }
    }

    private static func resumable(_ request: Request, context: Context, state: TestServerState) async throws -> Response {
        let key = try context.parameters.require("key")
        let query = request.uri.queryParameters
        let size = min(max(query["size"].flatMap { Int($0) } ?? 1 << 20, 0), 64 << 20)
        let version = await state.resumableVersion(key)
        let entityTag = "\"\(key)-v\(version)\""
        let lastModified = HTTPDate.format(Date(timeIntervalSince1970: 1_767_225_600 + Double(version) * 86_400))
        var headers: HTTPFields = [.contentType: "application/octet-stream", .acceptRanges: "bytes"]
        switch query["validator"].map(String.init) ?? "etag" {
        case "weak": headers[.eTag] = "W/\(entityTag)"
        case "date": headers[.lastModified] = lastModified
        case "none": break
        default:
            headers[.eTag] = entityTag
            headers[.lastModified] = lastModified
        }
        var ranges = query["ranges"].map(String.init) ?? "honour"
        if let mode = await state.resumableRanges(key) { ranges = mode }

        var range: ClosedRange<Int>?
        if let value = request.headers[.range], ranges != "ignore" {
            let ifRange = request.headers[.ifRange]
            let current = ifRange == nil || ifRange == headers[.eTag] || ifRange == headers[.lastModified]
            if current || ranges == "noIfRange" {
                guard let asked = byteRange(value, size: size) else {
                    headers[.contentRange] = "bytes */\(size)"
                    return Response(status: .rangeNotSatisfiable, headers: headers)
                }
                range = asked
            }
        }
        var status = HTTPResponse.Status.ok
        let slice = range ?? 0...(size - 1)
        if let range {
            status = .partialContent
            let start = ranges == "wrong" ? range.lowerBound + 1 : range.lowerBound
            headers[.contentRange] = "bytes \(start)-\(range.upperBound)/\(size)"
        }
        guard request.method != .head, size > 0 else {
            headers[.contentLength] = String(range.map { $0.count } ?? size)
            return Response(status: status, headers: headers)
        }

        let cutAt = query["cutAt"].flatMap { Int($0) }
        let cuts = query["cuts"].flatMap { Int($0) } ?? 1
        let cut = cutAt != nil ? await state.takeResumableCut(key, cuts: cuts) : false
        let stall = query["cut"] == "stall"
        let bytes = TestServer.resumableBytes(key: key, version: version, size: size)[slice]
        let path = request.uri.path
        let body = ResponseBody(contentLength: bytes.count) { writer in
            var finished = false
            defer {
                // A client gone before the end (not a cut of ours) is recorded, as `/drip` does.
                if !finished, !cut || stall { Task { await state.recordDisconnect(path) } }
            }
            var offset = bytes.startIndex
            let stop = cut ? min(bytes.endIndex, max(offset, cutAt ?? 0)) : bytes.endIndex
            while offset < stop {
                let end = min(stop, offset + 64 * 1024)
                try await writer.write(ByteBuffer(bytes: bytes[offset..<end]))
                offset = end
            }
            if cut, stall {
                while offset < bytes.endIndex {
                    try await Task.sleep(for: .milliseconds(20))
                    try await writer.write(ByteBuffer(bytes: bytes[offset..<offset + 1]))
                    offset += 1
                }
            } else if cut {
                // Throwing from the body closes the connection with the body incomplete.
                throw ResumableCut()
            }
            try await writer.finish(nil)
            finished = true
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// `bytes=N-` or `bytes=N-M` within `size`, else `nil` (unsatisfiable here).
    private static func byteRange(_ value: String, size: Int) -> ClosedRange<Int>? {
        guard value.hasPrefix("bytes=") else { return nil }
        let parts = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first < size else { return nil }
        let last = parts[1].isEmpty ? size - 1 : min(Int(parts[1]) ?? -1, size - 1)
        guard last >= first else { return nil }
        return first...last
    }
}

/// Thrown by the resumable route's body to cut its connection.
struct ResumableCut: Error {}

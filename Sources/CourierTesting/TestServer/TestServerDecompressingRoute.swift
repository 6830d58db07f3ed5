import Courier
import CourierCompression
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension TestServer {
    /// What the test server's `/upload/decoded` route answers: the body as it arrived, and as it decoded.
    public struct DecodedUpload: Codable, Sendable, Equatable {
        /// The request's `Content-Encoding`, if it had one.
        public var contentEncoding: String?
        /// The request's `Content-Length`, if it had one.
        public var contentLength: String?
        /// The number of bytes that arrived, still encoded.
        public var receivedBytes: Int
        /// The decoded bytes: their count and checksum, to compare with ``UploadSummary/of(_:)`` of what was sent.
        public var decoded: UploadSummary
    }
}

extension TestServerRoutes {
    /// `POST` or `PUT /upload/decoded`: decodes a body sent with `Content-Encoding: gzip` or `deflate` (zlib's
    /// decoder, as it arrives: the server holds neither body) and answers a ``TestServer/DecodedUpload``. A body
    /// without `Content-Encoding` is summarised as it is; another coding is 415 with `Accept-Encoding: gzip,
    /// deflate` (RFC 7694); bytes that do not decode are 400.
    static func decompressingRoutes(_ router: Router<Context>) {
        for method in [HTTPRequest.Method.post, .put] {
            router.on("/upload/decoded", method: method, use: decodedUpload)
        }
    }

    @Sendable static func decodedUpload(_ request: Request, context: Context) async throws -> Response {
        let encoding = request.headers[.contentEncoding]
        var decoder: ContentDecoder?
        if let encoding {
            guard let coding = ContentCoding(rawValue: encoding.lowercased()) else {
                return Response(status: .unsupportedMediaType, headers: [.acceptEncoding: "gzip, deflate"])
            }
            decoder = try ContentDecoder(coding)
        }
        var upload = TestServer.DecodedUpload(
            contentEncoding: encoding,
            contentLength: request.headers[.contentLength],
            receivedBytes: 0,
            decoded: TestServer.UploadSummary(bytes: 0, checksum: TestServer.UploadSummary.fnvOffset)
        )
        do {
            for try await buffer in request.body {
                upload.receivedBytes += buffer.readableBytes
                let bytes = Data(buffer.readableBytesView)
                if let decoder {
                    try decoder.decode(bytes, isLast: false) { upload.decoded.add($0) }
                } else {
                    upload.decoded.add(bytes)
                }
            }
            try decoder?.decode(Data(), isLast: true) { upload.decoded.add($0) }
        } catch let error as NetworkError {
            return json(Data(#"{"error":"\#(error.message ?? "does not decode")"}"#.utf8), status: .badRequest)
        }
        return json(try JSONEncoder().encode(upload))
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

extension TestServer {
    /// One value of the test server's JSON stream routes (`/stream/jsonl`, `/stream/ndjson`,
    /// `/stream/json-seq`): `{"id":1,"text":"item 1"}`.
    public struct StreamItem: Codable, Sendable, Equatable {
        /// The item's number, from 1.
        public var id: Int
        /// `item <id>`.
        public var text: String

        /// Creates an item.
        public init(id: Int, text: String) {
            self.id = id
            self.text = text
        }

        /// Item `id` as the server sends it.
        public static func numbered(_ id: Int) -> StreamItem {
            StreamItem(id: id, text: "item \(id)")
        }
    }
}

extension TestServerRoutes {
    /// `GET /stream/{jsonl|ndjson|json-seq}`: a stream of ``TestServer/StreamItem`` values, one chunk per value,
    /// as `application/jsonl`, `application/x-ndjson` or `application/json-seq` (RS before, LF after each).
    ///
    /// Query: `count` (3), `crlf=1` (CRLF line ends), `blank=1` (an empty line after each value), `bad=K` (value
    /// K has a string `id`), `truncate=K` (value K is cut short: for json-seq, with its LF missing),
    /// `hold=KEY&after=N` (after N values the body stays open until ``TestServer/release(_:)`` releases KEY),
    /// `endless=1` (after the values, one line that never ends, until the client goes away).
    static func streamRoutes(_ router: Router<Context>, state: TestServerState) {
        // The blog document's `getArticleFeed` (Tests/OpenAPIFixtures/blog-platform-3.0.yaml): the articles as
        // JSON Lines, one chunk each.
        router.get("/articles/feed") { _, _ in
            let body = ResponseBody { writer in
                for article in TestArticle.fixtures {
                    var line = try JSONEncoder().encode(article)
                    line.append(UInt8(ascii: "\n"))
                    try await writer.write(ByteBuffer(bytes: line))
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "application/jsonl"], body: body)
        }
        router.get("/stream/{format}") { request, context in
            let format = try context.parameters.require("format")
            let contentType: String
            switch format {
            case "jsonl": contentType = "application/jsonl"
            case "ndjson": contentType = "application/x-ndjson; charset=utf-8"
            case "json-seq": contentType = "application/json-seq"
            default: return Response(status: .notFound)
            }
            let options = StreamOptions(request.uri.queryParameters, sequence: format == "json-seq")
            let body = ResponseBody { writer in
                for id in stride(from: 1, through: options.count, by: 1) {
                    if let hold = options.hold, id == options.holdAfter + 1 { await state.hold(hold) }
                    try await writer.write(ByteBuffer(bytes: options.record(id)))
                }
                if let hold = options.hold, options.holdAfter >= options.count { await state.hold(hold) }
                if options.endless {
                    let filler = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
                    try await writer.write(ByteBuffer(string: options.sequence ? "\u{1E}\"" : "\""))
                    // Until the client stops reading: the write fails once the connection is closed.
                    while true { try await writer.write(filler) }
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: contentType], body: body)
        }
    }

    /// The query of a stream route.
    private struct StreamOptions: Sendable {
        var sequence: Bool
        var count: Int
        var crlf: Bool
        var blank: Bool
        var bad: Int?
        var truncate: Int?
        var hold: String?
        var holdAfter: Int
        var endless: Bool

        init(_ parameters: Parameters, sequence: Bool) {
            self.sequence = sequence
            count = min(parameters["count"].flatMap { Int($0) } ?? 3, 1_000_000)
            crlf = parameters["crlf"] == "1"
            blank = parameters["blank"] == "1"
            bad = parameters["bad"].flatMap { Int($0) }
            truncate = parameters["truncate"].flatMap { Int($0) }
            hold = parameters["hold"].map(String.init)
            holdAfter = parameters["after"].flatMap { Int($0) } ?? 0
            endless = parameters["endless"] == "1"
        }

        /// The bytes of value `id`, framed.
        func record(_ id: Int) -> [UInt8] {
            var text = id == bad
                ? #"{"id":"\#(id)","text":"item \#(id)"}"#
                : #"{"id":\#(id),"text":"item \#(id)"}"#
            let end = crlf ? "\r\n" : "\n"
            if id == truncate {
                text = String(text.dropLast(3))
                // A json-seq record cut short has lost its LF too; a line keeps its LF, its JSON broken.
                return Array(((sequence ? "\u{1E}" : "") + text + (sequence ? "" : end)).utf8)
            }
            var framed = (sequence ? "\u{1E}" : "") + text + end
            if blank { framed += end }
            return Array(framed.utf8)
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird

extension TestServerRoutes {
    /// Server-Sent Events routes, for the event stream tests and the demo.
    ///
    /// - `GET /events/{key}?count=N&dropAfter=K&retry=MS&interval=MS`: a `text/event-stream` of the events
    ///   `1…N` (10 by default), each `id: i`, `event: tick`, `data: {"n":i,"lastEventID":"…","stamp":"…"}` — the
    ///   `Last-Event-ID` and `X-Stamp` the connection was opened with, so a test sees what each
    ///   reconnection sent. A `Last-Event-ID` of `j` resumes after event `j`; once every event was sent the
    ///   response ends, and a reconnection that has nothing left to send is answered 204 (the standard's
    ///   "stop reconnecting"). With `dropAfter`, the first connection (no `Last-Event-ID`) is dropped (no
    ///   end of the chunked body) right after event `K` is written; whether that last event reached the
    ///   client before the close is up to the network. With `retry`, the first event
    ///   carries `retry: MS`; with `interval`, events are `MS` apart.
    /// - `GET /events-wrong-type`: a 200 whose `Content-Type` is `application/json`.
    static func eventRoutes(_ router: Router<Context>) {
        router.get("/events/{key}") { request, _ in events(request) }
        router.get("/events-wrong-type") { _, _ in json(Data(#"{"not":"an event stream"}"#.utf8)) }
    }

    /// Thrown from a body writer to drop the connection mid-body.
    private struct DroppedOnPurpose: Error {}

    private static func events(_ request: Request) -> Response {
        let parameters = request.uri.queryParameters
        let count = parameters["count"].flatMap { Int($0) }.map { min(max($0, 0), 1_000_000) } ?? 10
        let dropAfter = parameters["dropAfter"].flatMap { Int($0) }
        let retry = parameters["retry"].flatMap { Int($0) }
        let interval = parameters["interval"].flatMap { Int($0) }.map { min(max($0, 0), 10_000) } ?? 0
        let lastEventID = request.headers[HTTPField.Name("Last-Event-ID")!] ?? ""
        let stamp = request.headers[HTTPField.Name("X-Stamp")!] ?? ""
        let first = (Int(lastEventID) ?? 0) + 1
        guard first <= count else { return Response(status: .noContent) }
        let body = ResponseBody { writer in
            for n in first...count {
                var block = "id: \(n)\nevent: tick\n"
                if n == first, let retry { block += "retry: \(retry)\n" }
                let data = try JSONSerialization.data(withJSONObject: ["n": n, "lastEventID": lastEventID, "stamp": stamp], options: .sortedKeys)
                block += "data: \(String(decoding: data, as: UTF8.self))\n\n"
                try await writer.write(ByteBuffer(string: block))
                if let dropAfter, n == dropAfter, lastEventID.isEmpty { throw DroppedOnPurpose() }
                if interval > 0 { try await Task.sleep(for: .milliseconds(interval)) }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }
}

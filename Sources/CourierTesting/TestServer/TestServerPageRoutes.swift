import Foundation
import HTTPTypes
import Hummingbird

extension TestServerRoutes {
    /// `GET /pages/…`: the numbers `1…total` in pages of `size` (defaults: `size=10`, `total=25`), one
    /// route per pagination style, for pagination tests. Every page of a route counts as a hit on its
    /// path, so hits are pages.
    ///
    /// - `/pages/numbered?page=N&first=F`: a JSON array, page N counting from F (0 or 1, 1 by default;
    ///   page F when `page` is absent); a page past the end is `[]`.
    /// - `/pages/cursor?cursor=C`: a ``TestServer/CursorPage`` whose `next` is the cursor of the next page (`nil`
    ///   on the last one); `loop=1` makes every `next` the cursor of the first page.
    /// - `/pages/linked?page=N`: a JSON array, with `Link` fields: `first` and `prev` in one, `next`
    ///   and `last` in another. `form=absolute|path|relative|query` chooses how targets are written
    ///   (`path`, `/pages/linked?…`, by default); `loop=1` makes `next` the page itself; `foreign=1`
    ///   makes it the next page on another origin (`localhost` at the same port).
    static func pageRoutes(_ router: Router<Context>) {
        router.get("/pages/numbered") { request, _ in try numberedPage(request) }
        router.get("/pages/cursor") { request, _ in try cursorPage(request) }
        router.get("/pages/linked") { request, _ in try linkedPage(request) }
    }

    /// The size and total of a paginated list, from the query.
    private struct PageWindow {
        var size: Int
        var total: Int

        init?(_ request: Request) {
            let parameters = request.uri.queryParameters
            guard let size = Int(parameters["size"] ?? "10"), (1...1000).contains(size),
                  let total = Int(parameters["total"] ?? "25"), (0...100_000).contains(total) else { return nil }
            self.size = size
            self.total = total
        }

        /// The numbers from `offset + 1` on, at most `size` of them.
        func items(from offset: Int) -> [Int] {
            offset < total ? Array((offset + 1)...min(offset + size, total)) : []
        }
    }

    private static func numberedPage(_ request: Request) throws -> Response {
        let parameters = request.uri.queryParameters
        guard let window = PageWindow(request), let first = Int(parameters["first"] ?? "1"), (0...1).contains(first) else {
            return Response(status: .badRequest)
        }
        let page = parameters["page"].map { Int($0) } ?? first
        guard let page, (first...(first + 100_000)).contains(page) else { return Response(status: .badRequest) }
        return json(try JSONEncoder().encode(window.items(from: (page - first) * window.size)))
    }

    private static func cursorPage(_ request: Request) throws -> Response {
        let parameters = request.uri.queryParameters
        guard let window = PageWindow(request) else { return Response(status: .badRequest) }
        var offset = 0
        if let cursor = parameters["cursor"] {
            guard cursor.hasPrefix("c"), let value = Int(cursor.dropFirst()), value >= 0 else { return Response(status: .badRequest) }
            offset = value
        }
        let next: String?
        if parameters["loop"] == "1" {
            next = "c0"
        } else {
            next = offset + window.size < window.total ? "c\(offset + window.size)" : nil
        }
        return json(try JSONEncoder().encode(TestServer.CursorPage(items: window.items(from: offset), next: next)))
    }

    private static func linkedPage(_ request: Request) throws -> Response {
        let parameters = request.uri.queryParameters
        guard let window = PageWindow(request), let page = Int(parameters["page"] ?? "1"), (1...100_000).contains(page) else {
            return Response(status: .badRequest)
        }
        let authority = request.head.authority ?? "127.0.0.1"
        let form = parameters["form"].map(String.init) ?? "path"
        var kept = "size=\(window.size)&total=\(window.total)"
        for flag in ["form", "loop", "foreign"] {
            if let value = parameters[Substring(flag)] { kept += "&\(flag)=\(value)" }
        }
        func target(_ number: Int) -> String {
            let query = "page=\(number)&\(kept)"
            switch form {
            case "absolute": return "http://\(authority)/pages/linked?\(query)"
            case "relative": return "linked?\(query)"
            case "query": return "?\(query)"
            default: return "/pages/linked?\(query)"
            }
        }
        let last = max(1, (window.total + window.size - 1) / window.size)
        var response = json(try JSONEncoder().encode(window.items(from: (page - 1) * window.size)))
        let linkField = HTTPField.Name("Link")!
        response.headers.append(HTTPField(name: linkField, value: #"<\#(target(1))>; rel="first""# + (page > 1 ? #", <\#(target(page - 1))>; rel="prev""# : "")))
        var following = #"<\#(target(last))>; rel="last""#
        if page < last {
            var next = target(page + 1)
            if parameters["loop"] == "1" {
                next = target(page)
            } else if parameters["foreign"] == "1" {
                let port = authority.split(separator: ":").last.map(String.init) ?? "80"
                next = "http://localhost:\(port)/pages/linked?page=\(page + 1)&\(kept)"
            }
            following = #"<\#(next)>; rel="next"; title="page \#(page + 1)", "# + following
        }
        response.headers.append(HTTPField(name: linkField, value: following))
        return response
    }
}

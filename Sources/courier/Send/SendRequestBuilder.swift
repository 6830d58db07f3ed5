import Courier
import Foundation
import HTTPTypes

/// How `courier send` encodes its data fields.
enum SendBodyStyle {
    case json
    case form
    case multipart
}

/// Turns `courier send`'s method, URL and items into a ``ClientRequest``.
struct SendRequestBuilder {
    var method: HTTPRequest.Method?
    var url: String
    var items: [SendItem]
    var style: SendBodyStyle?

    /// `[METHOD] URL [items…]`: a first word in capitals followed by more is the method.
    init(arguments: [String], style: SendBodyStyle?) throws {
        var arguments = arguments[...]
        if arguments.count > 1, let first = arguments.first, first.allSatisfy({ $0.isUppercase && $0.isLetter }) {
            method = HTTPRequest.Method(first)
            arguments = arguments.dropFirst()
        }
        guard let url = arguments.popFirst() else {
            throw SendFailure.usage("a URL is required: courier send [METHOD] URL [items…]")
        }
        self.url = SendURL.normalized(url)
        items = try arguments.map(SendItem.parse)
        self.style = style
    }

    /// Whether any item is a data field (text, JSON or file), which makes a body of its own.
    var hasDataItems: Bool {
        items.contains { item in
            switch item {
            case .field, .jsonField, .file: true
            case .header, .query: false
            }
        }
    }

    /// The request, with its body encoded in the chosen style (JSON unless a file item asks for
    /// multipart) or `body` (standard input) when there are no data items, `Accept: application/json,
    /// */*` unless given, and `GET` unless a body makes it `POST`.
    func request(body: RequestBody? = nil) throws -> ClientRequest {
        var headers: [(String, String)] = []
        var query: [URLQueryItem] = []
        var fields: [SendItem] = []
        for item in items {
            switch item {
            case .header(let name, let value): headers.append((name, value))
            case .query(let name, let value): query.append(URLQueryItem(name: name, value: value))
            case .field, .jsonField, .file: fields.append(item)
            }
        }
        let hasFile = fields.contains { if case .file = $0 { true } else { false } }
        let style = self.style ?? (hasFile ? .multipart : .json)
        let sendsBody = !fields.isEmpty || body != nil
        var request = try ClientRequest(method ?? (sendsBody ? .post : .get), url: Self.appending(query, to: url))
        if !fields.isEmpty {
            try encode(fields, style: style, into: &request)
        } else if let body {
            request.body = body
            try request.setHeader("Content-Type", try Self.contentType(ofRawBodyIn: style))
        }
        try request.setHeader("Accept", "application/json, */*;q=0.5")
        // A header item replaces a default set above (Accept, Content-Type); the same name twice sends both.
        var given: Set<String> = []
        for (name, value) in headers {
            if given.insert(name.lowercased()).inserted {
                try request.setHeader(name, value)
            } else {
                try request.addHeader(name, value)
            }
        }
        return request
    }

    /// A body from standard input is sent as it is, labelled as the style says (JSON by default, as HTTPie).
    private static func contentType(ofRawBodyIn style: SendBodyStyle) throws -> String {
        switch style {
        case .json: "application/json"
        case .form: "application/x-www-form-urlencoded"
        case .multipart: throw SendFailure.usage("a body from standard input cannot be multipart: give the parts as items.")
        }
    }

    private func encode(_ fields: [SendItem], style: SendBodyStyle, into request: inout ClientRequest) throws {
        switch style {
        case .json:
            var tree = JSONBodyTree()
            for field in fields {
                switch field {
                case .field(let name, let text):
                    try tree.insert(.scalar(text), at: JSONPath(parsing: name), item: "\(name)=\(text)")
                case .jsonField(let name, let json):
                    let item = "\(name):=\(json)"
                    try tree.insert(JSONBodyTree.node(parsing: json, item: item), at: JSONPath(parsing: name), item: item)
                case .file(let name, _):
                    throw SendFailure.usage("'\(name)@…' is a file: use --multipart (or leave out --json).")
                default:
                    break
                }
            }
            request.body = .bytes(try tree.data())
            try request.setHeader("Content-Type", "application/json")
        case .form:
            // Pairs in the order given, a repeated name repeated (`tag=a&tag=b`), as HTML forms send them.
            let pairs = try fields.map { field -> String in
                guard case .field(let name, let text) = field else {
                    throw SendFailure.usage("'\(Self.name(of: field))' is not a text field: --form sends name=value fields only.")
                }
                return "\(PercentEncoding.encodeComponent(name))=\(PercentEncoding.encodeComponent(text))"
            }
            request.body = .text(pairs.joined(separator: "&"))
            try request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        case .multipart:
            var form = Multipart()
            for field in fields {
                switch field {
                case .field(let name, let text): form.append(text, name: name)
                case .jsonField(let name, let json): form.append(Data(json.utf8), name: name, filename: nil, contentType: "application/json")
                case .file(let name, let path): try form.append(fileAt: URL(fileURLWithPath: path), name: name)
                default: break
                }
            }
            try request.setMultipartBody(form)
        }
    }

    private static func name(of item: SendItem) -> String {
        switch item {
        case .header(let name, _), .query(let name, _), .field(let name, _), .jsonField(let name, _), .file(let name, _): name
        }
    }

    /// `url` with `query` appended, escaped as Courier escapes query items everywhere.
    private static func appending(_ query: [URLQueryItem], to url: String) -> String {
        guard !query.isEmpty else { return url }
        let encoded = query.map { item in
            "\(PercentEncoding.encodeComponent(item.name))=\(PercentEncoding.encodeComponent(item.value ?? ""))"
        }.joined(separator: "&")
        // Before a `#fragment`, which is never sent: items after it would be lost with it.
        let fragment = url.firstIndex(of: "#").map { url[$0...] } ?? ""
        let base = url.dropLast(fragment.count)
        return base + (base.contains("?") ? "&" : "?") + encoded + fragment
    }
}

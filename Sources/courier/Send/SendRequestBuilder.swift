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
    /// The URL's `user:password@`, percent-decoded, taken off the URL to be sent as basic credentials.
    var urlCredentials: String?

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
        (self.url, urlCredentials) = SendURL.withoutCredentials(SendURL.normalized(url))
        items = try arguments.map(SendItem.parse)
        self.style = style
    }

    /// Whether any item is a data field (text, JSON or file), which makes a body of its own.
    var hasDataItems: Bool {
        items.contains { item in
            switch item {
            case .field, .jsonField, .file, .fieldFromFile, .jsonFieldFromFile: true
            case .header, .emptyHeader, .query: false
            }
        }
    }

    /// The request, with its body encoded in the chosen style (JSON unless a file item asks for
    /// multipart) or `body` (standard input) when there are no data items, `Accept: application/json,
    /// */*` unless given, and `GET` unless a body makes it `POST`.
    ///
    /// `Name:` with no value removes the header, a default one included (HTTPie's rule); `Name;` sends it
    /// empty. `name=@file` and `name:=@file` read the file now, as text and as JSON.
    func request(body: RequestBody? = nil) throws -> ClientRequest {
        var headers: [(String, String?)] = []
        var query: [URLQueryItem] = []
        var fields: [SendItem] = []
        for item in items {
            switch item {
            case .header(let name, let value): headers.append((name, value.isEmpty ? nil : value))
            case .emptyHeader(let name): headers.append((name, ""))
            case .query(let name, let value): query.append(URLQueryItem(name: name, value: value))
            case .fieldFromFile(let name, let path): fields.append(.field(name: name, value: try Self.text(ofFile: path, item: "\(name)=@\(path)")))
            case .jsonFieldFromFile(let name, let path): fields.append(.jsonField(name: name, json: try Self.text(ofFile: path, item: "\(name):=@\(path)")))
            case .field, .jsonField, .file: fields.append(item)
            }
        }
        let hasFile = fields.contains { if case .file = $0 { true } else { false } }
        // HTTPie's `-f` with a file item sends multipart/form-data, as an HTML form with a file input does.
        let style = self.style == .form && hasFile ? .multipart : self.style ?? (hasFile ? .multipart : .json)
        let sendsBody = !fields.isEmpty || body != nil
        var request = try ClientRequest(method ?? (sendsBody ? .post : .get), url: Self.appending(query, to: url))
        if !fields.isEmpty {
            try encode(fields, style: style, into: &request)
        } else if let body {
            request.body = body
            try request.setHeader("Content-Type", try Self.contentType(ofRawBodyIn: style))
        }
        try request.setHeader("Accept", "application/json, */*;q=0.5")
        // A header item replaces a default set above (Accept, Content-Type); the same name twice sends both;
        // `Name:` alone removes it.
        var given: Set<String> = []
        for (name, value) in headers {
            guard let value else {
                guard let fieldName = HTTPField.Name(name) else { throw SendFailure.usage("'\(name):' does not name a header (RFC 9110 token).") }
                request.head.headerFields[fieldName] = nil
                continue
            }
            if given.insert(name.lowercased()).inserted {
                try request.setHeader(name, value)
            } else {
                try request.addHeader(name, value)
            }
        }
        return request
    }

    /// The names of the headers `Name:` items removed: defaults added later (User-Agent,
    /// Accept-Encoding) stay out too.
    var removedHeaderNames: Set<String> {
        Set(items.compactMap { item in
            if case .header(let name, let value) = item, value.isEmpty { HTTPField.Name(name)?.canonicalName } else { nil }
        })
    }

    /// A file's content as text, for `name=@file` and `name:=@file`; a missing or unreadable file, or one
    /// that is not UTF-8, is a usage error naming the item.
    private static func text(ofFile path: String, item: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SendFailure.usage("'\(item)': cannot read the file \(path).")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SendFailure.usage("'\(item)': \(path) is not UTF-8 text; send a binary file as a part with name@file.")
        }
        return text
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
                    throw SendFailure.usage(
                        "'\(Self.name(of: field))' holds raw JSON, which a form cannot carry: write \(Self.name(of: field))=text, or send JSON with --json."
                    )
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
        case .header(let name, _), .query(let name, _), .field(let name, _), .jsonField(let name, _), .file(let name, _),
             .fieldFromFile(let name, _), .jsonFieldFromFile(let name, _), .emptyHeader(let name): name
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

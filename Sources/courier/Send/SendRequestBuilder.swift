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
        self.url = url.contains("://") ? url : "http://" + url
        items = try arguments.map(SendItem.parse)
        self.style = style
    }

    /// The request, with its body encoded in the chosen style (JSON unless a file item asks for
    /// multipart), `Accept: application/json, */*` unless given, and `GET` unless data makes it `POST`.
    func request() throws -> ClientRequest {
        var headers: [(String, String)] = []
        var query: [URLQueryItem] = []
        var fields: [(String, SendFieldValue)] = []
        for item in items {
            switch item {
            case .header(let name, let value): headers.append((name, value))
            case .query(let name, let value): query.append(URLQueryItem(name: name, value: value))
            case .field(let name, let value): fields.append((name, .text(value)))
            case .jsonField(let name, let json): fields.append((name, .json(json)))
            case .file(let name, let path): fields.append((name, .file(path)))
            }
        }
        let style = self.style ?? (fields.contains { if case .file = $0.1 { true } else { false } } ? .multipart : .json)
        var request = try ClientRequest(method ?? (fields.isEmpty ? .get : .post), url: Self.appending(query, to: url))
        if !fields.isEmpty {
            try encode(fields, style: style, into: &request)
        }
        if !headers.contains(where: { $0.0.lowercased() == "accept" }) {
            try request.setHeader("Accept", "application/json, */*;q=0.5")
        }
        for (name, value) in headers {
            try request.addHeader(name, value)
        }
        return request
    }

    private func encode(_ fields: [(String, SendFieldValue)], style: SendBodyStyle, into request: inout ClientRequest) throws {
        switch style {
        case .json:
            var object: [String: Any] = [:]
            for (name, value) in fields {
                switch value {
                case .text(let text): object[name] = text
                case .json(let json):
                    guard let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
                        throw SendFailure.usage("'\(name):=\(json)' is not JSON.")
                    }
                    object[name] = parsed
                case .file:
                    throw SendFailure.usage("'\(name)@…' is a file: use --multipart (or leave out --json).")
                }
            }
            request.body = .bytes(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            try request.setHeader("Content-Type", "application/json")
        case .form:
            var pairs: [String: String] = [:]
            var order: [String] = []
            for (name, value) in fields {
                guard case .text(let text) = value else {
                    throw SendFailure.usage("'\(name)' is not a text field: --form sends name=value fields only.")
                }
                if pairs[name] == nil { order.append(name) }
                pairs[name] = text
            }
            try request.setFormBody(OrderedFields(names: order, values: pairs))
        case .multipart:
            var form = Multipart()
            for (name, value) in fields {
                switch value {
                case .text(let text): form.append(text, name: name)
                case .json(let json): form.append(Data(json.utf8), name: name, filename: nil, contentType: "application/json")
                case .file(let path): try form.append(fileAt: URL(fileURLWithPath: path), name: name)
                }
            }
            try request.setMultipartBody(form)
        }
    }

    /// `url` with `query` appended, escaped as Courier escapes query items everywhere.
    private static func appending(_ query: [URLQueryItem], to url: String) -> String {
        guard !query.isEmpty else { return url }
        let encoded = query.map { item in
            "\(PercentEncoding.encodeComponent(item.name))=\(PercentEncoding.encodeComponent(item.value ?? ""))"
        }.joined(separator: "&")
        return url + (url.contains("?") ? "&" : "?") + encoded
    }
}

/// A data field's value before it is encoded.
enum SendFieldValue {
    case text(String)
    case json(String)
    case file(String)
}

/// Text fields in the order they were given, for ``FormURLEncoder``.
struct OrderedFields: Encodable {
    let names: [String]
    let values: [String: String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for name in names {
            try container.encode(values[name], forKey: FieldKey(stringValue: name))
        }
    }

    struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

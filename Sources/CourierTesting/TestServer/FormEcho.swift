import Foundation

extension TestServer {
    /// What the test server's `POST /form` route read from an `application/x-www-form-urlencoded` body.
    public struct FormEcho: Codable, Sendable, Equatable {
        /// Each `name=value` pair, in order, percent-decoded with `+` read as a space.
        public var pairs: [[String]]
        /// The body as Hummingbird's `URLEncodedFormDecoder` reads it (nested names and `[]` arrays), or
        /// `nil` when it could not.
        public var decoded: TestServer.FormValue?
        /// Why Hummingbird's decoder could not read the body.
        public var decodingError: String?
        /// The request's `Content-Type`.
        public var contentType: String?
    }
}

extension TestServer {
    /// A form field's value as a server's form decoder sees it: text, a list, or named fields.
    public indirect enum FormValue: Codable, Sendable, Equatable {
        case text(String)
        case list([TestServer.FormValue])
        case object([String: TestServer.FormValue])

        /// Reads whatever shape the decoder holds: named fields, else a list, else text.
        public init(from decoder: any Decoder) throws {
            if let container = try? decoder.container(keyedBy: AnyFormKey.self) {
                var members: [String: TestServer.FormValue] = [:]
                for key in container.allKeys {
                    members[key.stringValue] = try container.decode(TestServer.FormValue.self, forKey: key)
                }
                self = .object(members)
            } else if var container = try? decoder.unkeyedContainer() {
                var elements: [TestServer.FormValue] = []
                while !container.isAtEnd {
                    elements.append(try container.decode(TestServer.FormValue.self))
                }
                self = .list(elements)
            } else {
                self = .text(try decoder.singleValueContainer().decode(String.self))
            }
        }

        /// Writes the same shape.
        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .text(let text):
                var container = encoder.singleValueContainer()
                try container.encode(text)
            case .list(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(element) }
            case .object(let members):
                var container = encoder.container(keyedBy: AnyFormKey.self)
                for (key, value) in members { try container.encode(value, forKey: AnyFormKey(stringValue: key)) }
            }
        }
    }
}

/// Any field name.
struct AnyFormKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

extension TestServer {
    /// What the test server's `POST /multipart` route read from a `multipart/form-data` body, parsed as it
    /// streamed by vapor/multipart-kit's parser (not Courier's code).
    public struct MultipartEcho: Codable, Sendable, Equatable {
        /// One part.
        public struct Part: Codable, Sendable, Equatable {
            /// The part's headers as `[name, value]`, in order.
            public var headers: [[String]]
            /// The `name` parameter as multipart-kit reads it from `Content-Disposition`.
            public var name: String?
            /// The raw `Content-Disposition` header value.
            public var contentDisposition: String?
            /// The part's `Content-Type`.
            public var contentType: String?
            /// The part's content: byte count and FNV-1a checksum.
            public var content: TestServer.UploadSummary
            /// The content as text, when it is UTF-8 and at most 64 KiB.
            public var text: String?
        }

        /// The parts, in order.
        public var parts: [Part]
        /// The whole body's byte count and checksum.
        public var body: TestServer.UploadSummary
        /// The boundary the request's `Content-Type` announced.
        public var boundary: String?
    }
}

import NIOCore

/// Reads HTTP/1.1 requests from a connection's bytes, one after another: the head, then a body framed
/// by `Content-Length` or chunked encoding, counted but not kept.
struct RequestReader {
    struct Head {
        var method: String
        var target: String
        var path: String
        var query: [String: String]
        var headers: [(name: String, value: String)]
        /// The head's bytes exactly as they arrived, up to and including the blank line.
        var raw: [UInt8] = []
    }

    enum Event {
        case head(Head)
        case body(Int)
        case end
    }

    private enum State {
        case head
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
    }

    private var buffer = ByteBuffer()
    private var state = State.head

    /// Whether a request's body is being read.
    var inBody: Bool {
        if case .head = state { return false }
        return true
    }

    mutating func append(_ bytes: ByteBuffer) {
        var bytes = bytes
        buffer.writeBuffer(&bytes)
    }

    /// The next event the buffered bytes make, or `nil` until more arrive.
    mutating func next() -> Event? {
        switch state {
        case .head:
            guard let end = find("\r\n\r\n") else { return nil }
            let raw = buffer.readBytes(length: end + 4) ?? []
            var head = Self.parseHead(String(decoding: raw, as: UTF8.self))
            head.raw = raw
            let headers = head.headers
            if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }) {
                state = .chunkSize
            } else if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value.trimmingSpaces) }), length > 0 {
                state = .fixed(remaining: length)
            } else {
                state = .fixed(remaining: 0)
            }
            return .head(head)
        case .fixed(let remaining):
            if remaining == 0 {
                state = .head
                return .end
            }
            guard buffer.readableBytes > 0 else { return nil }
            let count = min(remaining, buffer.readableBytes)
            buffer.moveReaderIndex(forwardBy: count)
            state = .fixed(remaining: remaining - count)
            return .body(count)
        case .chunkSize:
            guard let end = find("\r\n") else { return nil }
            let line = buffer.readString(length: end + 2) ?? ""
            let size = Int(line.split(separator: ";").first.map(String.init)?.trimmingSpaces ?? "", radix: 16) ?? 0
            state = size == 0 ? .trailers : .chunkData(remaining: size)
            return next()
        case .chunkData(let remaining):
            guard buffer.readableBytes > 0 else { return nil }
            let count = min(remaining, buffer.readableBytes)
            buffer.moveReaderIndex(forwardBy: count)
            state = count == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - count)
            return .body(count)
        case .chunkDataEnd:
            guard buffer.readableBytes >= 2 else { return nil }
            buffer.moveReaderIndex(forwardBy: 2)
            state = .chunkSize
            return next()
        case .trailers:
            guard let end = find("\r\n") else { return nil }
            buffer.moveReaderIndex(forwardBy: end + 2)
            if end == 0 {
                state = .head
                return .end
            }
            return next()
        }
    }

    private func find(_ needle: String) -> Int? {
        let bytes = Array(needle.utf8)
        let view = buffer.readableBytesView
        guard view.count >= bytes.count else { return nil }
        var index = view.startIndex
        while index <= view.endIndex - bytes.count {
            if view[index] == bytes[0], view[index..<(index + bytes.count)].elementsEqual(bytes) {
                return index - view.startIndex
            }
            index += 1
        }
        return nil
    }

    private static func parseHead(_ text: String) -> Head {
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
        let parts = (lines.first ?? "").split(separator: " ")
        let method = parts.first.map(String.init) ?? "GET"
        let target = parts.count > 1 ? String(parts[1]) : "/"
        let pieces = target.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if pieces.count > 1 {
            for item in pieces[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1)
                query[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
            }
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingSpaces)
        }
        return Head(method: method, target: target, path: String(pieces.first ?? "/"), query: query, headers: headers)
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}

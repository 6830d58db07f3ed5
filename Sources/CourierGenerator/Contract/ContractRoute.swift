import Foundation
import OpenAPIKit

/// A documented path template, matched segment by segment against a request's path.
///
/// A segment is literal (`pets`) or made of literals and parameters (`{id}`, `{name}.{ext}`); a parameter takes the
/// shortest text up to the literal after it, never a `/`.
struct ContractRoute: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let template: String
    let pathItem: OpenAPI.PathItem
    let segments: [[Piece]]

    init(template: String, pathItem: OpenAPI.PathItem) {
        self.template = template
        self.pathItem = pathItem
        segments = Self.split(template).map(Self.pieces)
    }

    var parameterCount: Int {
        segments.reduce(0) { count, pieces in count + pieces.filter { if case .parameter = $0 { true } else { false } }.count }
    }

    /// The parameters' values (percent-decoded) when `path` matches, else `nil`.
    func match(_ path: String) -> [String: String]? {
        let parts = Self.split(path)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (part, pieces) in zip(parts, segments) {
            guard Self.match(part, pieces, into: &values) else { return nil }
        }
        return values
    }

    private static func match(_ part: String, _ pieces: [Piece], into values: inout [String: String]) -> Bool {
        var rest = Substring(part)
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                if rest.hasPrefix(literal) {
                    rest = rest.dropFirst(literal.count)
                } else if pieces.count == 1, (rest.removingPercentEncoding ?? String(rest)) == literal {
                    rest = ""
                } else {
                    return false
                }
            case .parameter(let name):
                let end: Substring.Index
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                    guard let found = rest.range(of: next) else { return false }
                    end = found.lowerBound
                } else {
                    end = rest.endIndex
                }
                let raw = rest[..<end]
                guard !raw.isEmpty else { return false }
                values[name] = raw.removingPercentEncoding ?? String(raw)
                rest = rest[end...]
            }
        }
        return rest.isEmpty
    }

    private static func split(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func pieces(_ segment: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(segment)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}

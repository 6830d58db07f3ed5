import Foundation
import Yams

/// An RFC 6901 pointer (the part of a `$ref` after `#`), as unescaped segments.
struct JSONPointer: Hashable {
    var segments: [String]

    init(segments: [String]) {
        self.segments = segments
    }

    /// Parses `/components/responses/Conflict/content/application~1json/schema` (percent-encoding allowed, as in
    /// a URI fragment). An empty fragment is the whole document.
    init(fragment: Substring) {
        let trimmed = fragment.hasPrefix("/") ? fragment.dropFirst() : fragment
        segments = trimmed.isEmpty ? [] : trimmed.split(separator: "/", omittingEmptySubsequences: false).map {
            let decoded = String($0).removingPercentEncoding ?? String($0)
            return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    var fragment: String {
        segments.isEmpty ? "" : "/" + segments.map {
            $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }.joined(separator: "/")
    }

    /// `#/components/<kind>/<name>`: the only internal reference shape OpenAPIKit decodes.
    var componentKind: String? {
        segments.count == 3 && segments[0] == "components" ? segments[1] : nil
    }

    /// The node the pointer names, or nil.
    func resolve(in root: Node) -> Node? {
        var node = root
        for segment in segments {
            switch node {
            case .mapping:
                guard let child = node.value(forKey: segment) else { return nil }
                node = child
            case .sequence(let sequence):
                guard let index = Int(segment), sequence.indices.contains(index) else { return nil }
                node = sequence[index]
            case .scalar, .alias:
                return nil
            }
        }
        return node
    }

    static func component(_ kind: String, _ name: String) -> String {
        "#" + JSONPointer(segments: ["components", kind, name]).fragment
    }
}

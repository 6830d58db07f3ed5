import Yams

/// Finds the file, line and column of a dotted document path (`components.schemas.Pet.properties.tag`,
/// `paths./pets/{id}.get`) by walking the loaded (bundled and repaired) node tree, which keeps every parsed node's
/// `Mark`.
///
/// Keys may contain dots, so a walk tries the longest matching key first and backs off. A path that goes deeper
/// than the tree (a node the loader inserted, or a path a later stage made up) gets the deepest node's position.
/// Components hoisted from other files report that file.
final class SourceMap {
    typealias Place = (file: String?, line: Int?, column: Int?)

    private let root: Node
    private let fileName: String
    /// Dotted path of a hoisted or inlined subtree → the file it came from.
    private let origins: [String: String]

    init(root: Node, fileName: String, origins: [String: String] = [:]) {
        self.root = root
        self.fileName = fileName
        self.origins = origins
    }

    func locate(_ path: String) -> Place {
        let mark = Self.deepestMark(in: root, remaining: Substring(path), best: root.mark).mark
        return (file(for: path), mark?.line, mark?.column)
    }

    private func file(for path: String) -> String {
        var best: (length: Int, file: String)?
        for (prefix, file) in origins where path == prefix || path.hasPrefix(prefix + ".") {
            if prefix.count > (best?.length ?? -1) { best = (prefix.count, file) }
        }
        return best?.file ?? fileName
    }

    /// The mark of the deepest node along `remaining`, and how much of the path it consumed (more is better).
    private static func deepestMark(in node: Node, remaining: Substring, best: Mark?) -> (mark: Mark?, left: Int) {
        if remaining.isEmpty { return (best, 0) }
        var result: (mark: Mark?, left: Int) = (best, remaining.count)
        func consider(_ child: Node, keyMark: Mark?, length: Int) {
            let rest = remaining.dropFirst(length).drop { $0 == "." }
            let found = deepestMark(in: child, remaining: rest, best: keyMark ?? child.mark ?? best)
            if found.left < result.left { result = found }
        }
        switch node {
        case .mapping(let mapping):
            let matches = mapping.filter { pair in
                guard let key = pair.key.text, remaining.hasPrefix(key) else { return false }
                return remaining.count == key.count || remaining.dropFirst(key.count).first == "."
            }
            for pair in matches.sorted(by: { ($0.key.text?.count ?? 0) > ($1.key.text?.count ?? 0) }) {
                consider(pair.value, keyMark: pair.key.mark, length: pair.key.text?.count ?? 0)
                if result.left == 0 { break }
            }
        case .sequence(let sequence):
            let segment = remaining.prefix { $0 != "." }
            if let index = Int(segment), sequence.indices.contains(index) {
                consider(sequence[index], keyMark: nil, length: segment.count)
            }
        case .scalar, .alias:
            break
        }
        return result
    }
}

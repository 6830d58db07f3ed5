import Foundation

/// An `Encodable` value as a tree of named fields, before a form encoder writes it out.
indirect enum FormNode: Sendable {
    case text(String)
    case file(MultipartFile)
    /// `nil`: written as nothing.
    case absent
    case list([FormNode])
    /// Fields in the order the value encoded them, so output is deterministic.
    case object([(key: String, value: FormNode)])

    /// The leaves with their full field names, depth first, in encoding order.
    func fields(style arrays: FormEncoding.ArrayStyle, nesting: FormEncoding.NestingStyle) -> [(name: String, value: FormLeaf)] {
        var fields: [(name: String, value: FormLeaf)] = []
        collect(into: &fields, name: "", arrays: arrays, nesting: nesting)
        return fields
    }

    private func collect(
        into fields: inout [(name: String, value: FormLeaf)], name: String,
        arrays: FormEncoding.ArrayStyle, nesting: FormEncoding.NestingStyle
    ) {
        switch self {
        case .absent:
            break
        case .text(let text):
            fields.append((name, .text(text)))
        case .file(let file):
            fields.append((name, .file(file)))
        case .object(let members):
            for (key, value) in members {
                let child: String
                if name.isEmpty {
                    child = key
                } else {
                    switch nesting {
                    case .brackets: child = "\(name)[\(key)]"
                    case .dots: child = "\(name).\(key)"
                    }
                }
                value.collect(into: &fields, name: child, arrays: arrays, nesting: nesting)
            }
        case .list(let elements):
            for (index, element) in elements.enumerated() {
                let child: String
                switch (arrays, element.isScalar) {
                case (.brackets, true): child = "\(name)[]"
                case (.repeated, true): child = name
                case (.indexed, _), (_, false): child = "\(name)[\(index)]"
                }
                element.collect(into: &fields, name: child, arrays: arrays, nesting: nesting)
            }
        }
    }

    private var isScalar: Bool {
        switch self {
        case .text, .file, .absent: true
        case .list, .object: false
        }
    }
}

/// One field's value: text, or (for multipart only) a file.
enum FormLeaf: Sendable {
    case text(String)
    case file(MultipartFile)
}

import Foundation

/// One `courier send` request item, written as HTTPie writes them.
enum SendItem: Equatable {
    /// `Name:Value`
    case header(name: String, value: String)
    /// `name==value`
    case query(name: String, value: String)
    /// `name=value`: a text field; `name` may be nested (`user[name]=ada`, see ``JSONPath``).
    case field(name: String, value: String)
    /// `name:=json`: a field holding raw JSON.
    case jsonField(name: String, json: String)
    /// `name@path`: a file field (multipart).
    case file(name: String, path: String)
    /// `name=@path`: a text field holding the file's content.
    case fieldFromFile(name: String, path: String)
    /// `name:=@path`: a field holding the file's content as raw JSON.
    case jsonFieldFromFile(name: String, path: String)
    /// `Name;`: a header sent with an empty value (`Name:` with nothing after removes the header instead).
    case emptyHeader(name: String)

    /// The separators, longest first, so that `:=@` wins over `:=` and `:`, and `=@` over `=`, at the same place.
    private static let separators = [":=@", ":=", "==", "=@", "=", "@", ":", ";"]

    /// Parses an item; the separator that appears first in the text decides its kind.
    static func parse(_ text: String) throws -> SendItem {
        var best: (range: Range<String.Index>, separator: String)?
        for separator in separators {
            guard let range = text.range(of: separator) else { continue }
            if best == nil || range.lowerBound < best!.range.lowerBound {
                best = (range, separator)
            }
        }
        guard let (range, separator) = best, range.lowerBound > text.startIndex else {
            throw SendFailure.usage(
                "'\(text)' is not a request item: use Header:Value, Header; (empty), name==query, name=text, name:=json, name@file, name=@file or name:=@file.json."
            )
        }
        let name = String(text[..<range.lowerBound])
        let value = String(text[range.upperBound...])
        switch separator {
        case ":=@": return .jsonFieldFromFile(name: name, path: value)
        case "=@": return .fieldFromFile(name: name, path: value)
        case ";":
            guard value.isEmpty else {
                throw SendFailure.usage("'\(text)' is not a request item: 'Name;' sends the header Name with an empty value, and nothing may follow the ';'.")
            }
            return .emptyHeader(name: name)
        case ":=": return .jsonField(name: name, json: value)
        case "==": return .query(name: name, value: value)
        case "=": return .field(name: name, value: value)
        case "@": return .file(name: name, path: value)
        default:
            // `courier send FILE URL` (the old `--download FILE`) would otherwise send a header named `http`.
            if ["http", "https"].contains(name.lowercased()), value.hasPrefix("//") {
                throw SendFailure.usage("'\(text)' looks like a second URL; a request has one (save the body with -o FILE).")
            }
            return .header(name: name, value: value.trimmingCharacters(in: .whitespaces))
        }
    }
}

import Foundation

/// Text for a terminal: JSON pretty-printed (keys sorted, slashes unescaped) with its keys coloured,
/// anything else as it came; always ending with a newline.
struct TextFormatter {
    var palette: Palette

    func formatted(_ data: Data, as kind: ContentKind) -> Data {
        var text: Data = (kind == .json ? prettyJSON(data) : nil) ?? data
        if text.last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
        return text
    }

    /// The pretty-printed JSON, or `nil` when `data` is not JSON (then it is shown as it came).
    private func prettyJSON(_ data: Data) -> Data? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let pretty = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        let text = String(decoding: pretty, as: UTF8.self)
        guard palette.enabled else { return pretty }
        let painted = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let colon = line.range(of: "\" : ") ?? line.range(of: "\": ") else { return String(line) }
            let key = line[..<colon.lowerBound] + "\""
            return palette.paint(String(key), .blue) + line[colon.lowerBound...].dropFirst()
        }.joined(separator: "\n")
        return Data(painted.utf8)
    }
}

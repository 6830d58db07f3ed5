/// The WHATWG path start and path states for http and https (URL §4.4): `\` separates segments like
/// `/`, `.` and `..` segments (also written `%2e`) are resolved, and bytes of the path percent-encode
/// set are encoded.
enum URLPathParser {
    /// Appends the serialized path of `input` from `start` (the end of the authority) to `output`, and
    /// returns where it stopped: at the `?` or `#` that ends the path, or at the end of the input.
    static func parse(_ input: [UInt8], from start: Int, into output: inout [UInt8]) -> Int {
        var index = start
        if index < input.count, isSeparator(input[index]) { index += 1 }
        let pathStart = output.count
        // `output[segmentStart]` is the `/` before the segment being read; the segment follows it.
        var segmentStart = output.count
        output.append(UInt8(ascii: "/"))
        let encodeSet = URLEncodeSet.path
        while true {
            let byte: UInt8? = index < input.count ? input[index] : nil
            guard let byte, !isSeparator(byte), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") else {
                let endsPath = byte.map { !isSeparator($0) } ?? true
                let segment = output[(segmentStart + 1)...]
                if isDoubleDot(segment) {
                    output.removeSubrange(segmentStart...)
                    // `..` removes the segment before it, if there is one.
                    if let previous = output[pathStart...].lastIndex(of: UInt8(ascii: "/")) {
                        output.removeSubrange(previous...)
                    }
                    if endsPath { output.append(UInt8(ascii: "/")) }
                } else if isSingleDot(segment) {
                    output.removeSubrange(segmentStart...)
                    if endsPath { output.append(UInt8(ascii: "/")) }
                }
                if endsPath { return index }
                index += 1
                segmentStart = output.count
                output.append(UInt8(ascii: "/"))
                continue
            }
            encodeSet.append(byte, to: &output)
            index += 1
        }
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
    }

    /// `.` or `%2e` (either case).
    private static func isSingleDot(_ segment: ArraySlice<UInt8>) -> Bool {
        switch segment.count {
        case 1: segment.first == UInt8(ascii: ".")
        case 3: isEncodedDot(segment)
        default: false
        }
    }

    /// `..`, `.%2e`, `%2e.` or `%2e%2e` (either case).
    private static func isDoubleDot(_ segment: ArraySlice<UInt8>) -> Bool {
        let start = segment.startIndex
        switch segment.count {
        case 2: return segment[start] == UInt8(ascii: ".") && segment[start + 1] == UInt8(ascii: ".")
        case 4:
            return (segment[start] == UInt8(ascii: ".") && isEncodedDot(segment[(start + 1)...]))
                || (isEncodedDot(segment[..<(start + 3)]) && segment[start + 3] == UInt8(ascii: "."))
        case 6: return isEncodedDot(segment[..<(start + 3)]) && isEncodedDot(segment[(start + 3)...])
        default: return false
        }
    }

    /// Exactly three bytes `%2e` or `%2E`.
    private static func isEncodedDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        return bytes.count == 3 && bytes[start] == UInt8(ascii: "%") && bytes[start + 1] == UInt8(ascii: "2")
            && bytes[start + 2] | 0x20 == UInt8(ascii: "e")
    }
}

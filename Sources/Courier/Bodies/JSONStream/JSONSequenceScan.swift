/// Where a JSON text sequence (RFC 7464) record stands, byte by byte: enough of JSON's structure (strings,
/// nesting, bare scalars) to tell when a top-level value has ended, without parsing it. This lets a record be
/// handed over at the LF that ends it instead of waiting for the next RS, which on a live stream may come much
/// later. Whether the text is valid JSON is left to the decoder.
struct JSONSequenceScan: Sendable {
    /// Whether an RS has opened a record that has not been handed over yet. Bytes outside a record are junk.
    var inRecord = false
    private(set) var depth = 0
    private var inString = false
    private var escaped = false
    /// A number, `true`, `false` or `null` at the top level, not yet ended by white space.
    private(set) var inScalar = false
    /// The top-level value has ended (its closing bracket or quote, or white space after a scalar).
    private(set) var valueEnded = false
    /// Something other than white space where none may be: before the value's RS, or after the value.
    private(set) var isJunk = false
    /// Any byte other than white space was seen.
    private(set) var hasContent = false

    /// Whether the record so far holds exactly one whole top-level value.
    var holdsWholeValue: Bool { valueEnded && !isJunk && !inString && depth == 0 && !inScalar }

    /// Takes one byte that is not RS.
    mutating func take(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == ASCIIByte.backslash {
                escaped = true
            } else if byte == ASCIIByte.quote {
                inString = false
                if depth == 0 { valueEnded = true }
            }
            return
        }
        if ASCIIByte.isJSONWhitespace(byte) {
            if inScalar {
                inScalar = false
                valueEnded = true
            }
            return
        }
        hasContent = true
        guard inRecord else {
            isJunk = true
            return
        }
        let topLevelTaken = depth == 0 && (valueEnded || inScalar)
        switch byte {
        case ASCIIByte.quote:
            if topLevelTaken { isJunk = true }
            inString = true
        case ASCIIByte.openBrace, ASCIIByte.openBracket:
            if topLevelTaken { isJunk = true }
            depth += 1
        case ASCIIByte.closeBrace, ASCIIByte.closeBracket:
            if depth == 0 {
                isJunk = true
            } else {
                depth -= 1
                if depth == 0 { valueEnded = true }
            }
        default:
            if depth == 0 {
                if valueEnded { isJunk = true } else { inScalar = true }
            }
        }
    }
}

/// The bytes the JSON stream splitters look for.
enum ASCIIByte {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let recordSeparator: UInt8 = 0x1E
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D

    /// JSON's white space (RFC 8259 §2): space, tab, LF, CR.
    static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == lineFeed || byte == carriageReturn
    }
}

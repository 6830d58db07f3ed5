@testable import Courier
import Testing

@Suite("Content-Range parsing (RFC 9110 §14.4)")
struct ContentRangeTests {
    @Test("a range with a complete length")
    func rangeWithLength() {
        #expect(ContentRange("bytes 100-199/1000") == ContentRange(range: 100...199, completeLength: 1000))
        #expect(ContentRange("bytes 0-0/1") == ContentRange(range: 0...0, completeLength: 1))
        #expect(ContentRange("bytes 999-999/1000")?.partLength == 1)
    }

    @Test("the unit is case-insensitive and surrounding whitespace is not part of the value")
    func unitAndWhitespace() {
        #expect(ContentRange("  BYTES 5-9/10\t") == ContentRange(range: 5...9, completeLength: 10))
    }

    @Test("an unknown complete length is *")
    func unknownLength() {
        #expect(ContentRange("bytes 10-19/*") == ContentRange(range: 10...19, completeLength: nil))
    }

    @Test("an unsatisfied range gives the length alone")
    func unsatisfied() {
        #expect(ContentRange("bytes */1000") == ContentRange(range: nil, completeLength: 1000))
        #expect(ContentRange("bytes */*") == nil, "*/* says nothing")
    }

    @Test(
        "malformed values are refused",
        arguments: [
            "", "bytes", "bytes ", "bytes 1-2", "items 1-2/3", "bytes=1-2/3", "bytes  1-2/3", "bytes 1 - 2/3",
            "bytes -1-2/3", "bytes +1-2/3", "bytes 1-/3", "bytes -2/3", "bytes 2-1/3", "bytes 0-3/3", "bytes 0-9/5",
            "bytes 1-2/3/4", "bytes 1-2/x", "bytes 0x1-2/3", "bytes 1-2,4-5/9", "bytes 1-1234567890123456789/*",
            "bytes 0-1/1234567890123456789",
        ]
    )
    func malformed(_ value: String) {
        #expect(ContentRange(value) == nil)
    }

    @Test("the largest 18-digit positions parse without overflow")
    func largeNumbers() {
        let big: Int64 = 999_999_999_999_999_998
        #expect(ContentRange("bytes 0-\(big)/\(big + 1)") == ContentRange(range: 0...big, completeLength: big + 1))
    }
}

@testable import Courier
import Testing

/// RFC 9111 §4.1's normalisations of the values `Vary` names: the same string exactly when no server
/// could tell the requests apart.
@Suite("Vary values are normalised as RFC 9111 §4.1 allows, and no further")
struct VaryValuesTests {
    @Test("same after normalising", arguments: [
        ("accept-encoding", ["gzip, br"], ["BR,gzip"]),
        ("accept-encoding", ["gzip", "br"], ["br, gzip"]),                          // lines combined
        ("accept", ["text/html;q=0.9, application/json"], ["Application/JSON , TEXT/HTML ; q=0.9"]),
        ("accept-language", ["en-US, fr;q=0.5"], ["fr;q=0.5,EN-us"]),               // weights differ: sorted
        ("accept-language", ["en-US,, fr"], ["en-us, fr"]),                         // empty members dropped
        ("x-custom", ["a  b\tc"], ["a b c"]),                                       // unknown: whitespace runs
    ])
    func same(_ field: String, _ first: [String], _ second: [String]) {
        #expect(VaryValues.normalized(first, field: field) == VaryValues.normalized(second, field: field))
    }

    @Test("different after normalising", arguments: [
        ("accept-language", ["en, fr"], ["fr, en"]),                       // equal weights: order may be a preference
        ("accept", ["text/html;level=A"], ["text/html;level=a"]),          // parameter values keep their case
        ("x-custom", ["A"], ["a"]),                                        // unknown fields keep their case
        ("cache-control", ["max-age=1, no-cache"], ["no-cache, max-age=1"]),
        ("accept", [#"text/plain;x="a,b""#], [#"text/plain;x="a", b"#]),   // a comma inside quotes splits nothing
    ])
    func different(_ field: String, _ first: [String], _ second: [String]) {
        #expect(VaryValues.normalized(first, field: field) != VaryValues.normalized(second, field: field))
    }
}

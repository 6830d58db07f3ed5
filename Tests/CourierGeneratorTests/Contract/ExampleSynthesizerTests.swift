import OpenAPIKit
import Testing

@testable import CourierGenerator

/// The mock's made-up examples at the edges: bounds at the ends of `Int`, huge minimum sizes, a maximum alone.
@Suite("Example synthesizer")
struct ExampleSynthesizerTests {
    private let synthesizer = ExampleSynthesizer(validator: JSONSchemaValidator(components: .noComponents))

    @Test("an exclusive bound at Int.max or Int.min gives the bound, not an overflow trap")
    func integerEdges() {
        #expect(synthesizer.value(for: .integer(minimum: (Int.max, exclusive: true))) == .int(Int.max))
        #expect(synthesizer.value(for: .integer(maximum: (Int.min, exclusive: true))) == .int(Int.min))
        #expect(synthesizer.value(for: .integer(minimum: (Int.max - 1, exclusive: true))) == .int(Int.max))
        #expect(synthesizer.value(for: .integer(maximum: (-3, exclusive: true))) == .int(-4))
        #expect(synthesizer.value(for: .integer(maximum: (5, exclusive: false))) == .int(0))
    }

    @Test("a number respects its maximum, and an exclusive minimum stays under the maximum")
    func numberBounds() {
        #expect(synthesizer.value(for: .number(maximum: (-5, exclusive: false))) == .double(-5))
        #expect(synthesizer.value(for: .number(maximum: (-5, exclusive: true))) == .double(-6))
        #expect(synthesizer.value(for: .number(maximum: (0, exclusive: true))) == .double(-1))
        #expect(synthesizer.value(for: .number(maximum: (3, exclusive: false))) == .double(0))
        #expect(synthesizer.value(for: .number(maximum: (0.5, exclusive: false), minimum: (0, exclusive: true))) == .double(0.25))
        #expect(synthesizer.value(for: .number(minimum: (2, exclusive: true))) == .double(3))
    }

    @Test("a huge minItems or minLength is capped, so a document cannot make the mock build a huge value")
    func sizesAreCapped() {
        #expect(synthesizer.value(for: .array(minItems: 3, items: .boolean)) == .array([.bool(true), .bool(true), .bool(true)]))
        #expect(synthesizer.value(for: .array(minItems: Int.max, items: .boolean)) == .array(Array(repeating: .bool(true), count: ExampleSynthesizer.maximumItems)))
        #expect(synthesizer.value(for: .string(minLength: 8)) == .string("stringxx"))
        #expect(synthesizer.value(for: .string(minLength: Int.max)) == .string("string" + String(repeating: "x", count: ExampleSynthesizer.maximumLength - 6)))
        #expect(synthesizer.value(for: .string(maxLength: 3)) == .string("str"))
    }
}

import Courier
import Foundation
import Testing

/// A model coded the way the generator writes one with a tri-state property.
private struct TaskUpdate: Codable, Hashable, Sendable {
    var title: String?
    var assignee: Nullable<String> = .absent

    enum CodingKeys: String, CodingKey {
        case title
        case assignee
    }

    init(title: String? = nil, assignee: Nullable<String> = .absent) {
        self.title = title
        self.assignee = assignee
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        assignee = try container.decodeNullable(String.self, forKey: .assignee)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeUnlessAbsent(assignee, forKey: .assignee)
    }
}

private func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decode(_ text: String) throws -> TaskUpdate {
    try JSONDecoder().decode(TaskUpdate.self, from: Data(text.utf8))
}

@Suite struct NullableTests {
    @Test func absentOmitsTheKeyNullWritesNullAValueWritesTheValue() throws {
        #expect(try json(TaskUpdate(assignee: .absent)) == "{}")
        #expect(try json(TaskUpdate(assignee: .null)) == #"{"assignee":null}"#)
        #expect(try json(TaskUpdate(assignee: .value("ana"))) == #"{"assignee":"ana"}"#)
    }

    @Test func decodingTellsMissingFromNullFromAValue() throws {
        #expect(try decode("{}").assignee == .absent)
        #expect(try decode(#"{"assignee": null}"#).assignee == .null)
        #expect(try decode(#"{"assignee": "ana"}"#).assignee == .value("ana"))
    }

    @Test func aValueOfTheWrongTypeIsADecodingError() throws {
        #expect(throws: DecodingError.self) { try decode(#"{"assignee": 3}"#) }
    }

    /// `nil` must not pass for `.null`: an `X?` property that became `Nullable<X>` would silently send `null` where
    /// existing code meant "leave it out" (see `nilNoLongerCompilesForATriStateProperty` in the generator's tests).
    @Test func nilIsNotANullable() {
        #expect(!(Nullable<String>.self is any ExpressibleByNilLiteral.Type))
        #expect(!(Nullable<Int>.self is any ExpressibleByNilLiteral.Type))
    }

    @Test func literalsAreValuesAndTheOptionalInitializerMapsNilToNull() {
        let cleared: Nullable<String> = .null
        let named: Nullable<String> = "ana"
        let count: Nullable<Int> = 3
        let ratio: Nullable<Double> = 0.5
        let flag: Nullable<Bool> = true
        let tags: Nullable<[String]> = ["a", "b"]
        #expect(cleared == .null)
        #expect(named == .value("ana"))
        #expect(count == .value(3))
        #expect(ratio == .value(0.5))
        #expect(flag == .value(true))
        #expect(tags == .value(["a", "b"]))
        #expect(Nullable<String>(nil) == .null)
        #expect(Nullable<String>("x") == .value("x"))
    }

    @Test func accessorsAndMap() {
        let value: Nullable<Int> = .value(2)
        #expect(value.optional == 2 && !value.isAbsent && !value.isNull)
        #expect(Nullable<Int>.null.optional == nil && Nullable<Int>.null.isNull)
        #expect(Nullable<Int>.absent.optional == nil && Nullable<Int>.absent.isAbsent)
        #expect(value.map { $0 * 10 } == .value(20))
        #expect(Nullable<Int>.null.map { $0 * 10 } == .null)
        #expect(Nullable<Int>.absent.map { $0 * 10 } == .absent)
        #expect("\(value) \(Nullable<Int>.null) \(Nullable<Int>.absent)" == "2 null absent")
    }

    /// Without a key to leave out, a lone `absent` can only be written as `null` (an array element, the root).
    @Test func aLoneNullableHasNoKeyToOmit() throws {
        #expect(try json([Nullable<Int>.absent, .null, .value(1)]) == "[null,null,1]")
        #expect(try JSONDecoder().decode([Nullable<Int>].self, from: Data("[null,1]".utf8)) == [.null, .value(1)])
    }

    /// Issue 25 review: a form has no `null`, so `.null` sends the field empty (`assignee=`, Stripe's way of
    /// clearing a field) where `.absent` sends nothing; multipart and `deepObject` query parameters alike.
    @Test func nullIsAnEmptyFieldInFormsMultipartAndDeepObjectQueries() throws {
        #expect(try FormURLEncoder().encode(TaskUpdate(title: "x", assignee: .null)) == "title=x&assignee=")
        #expect(try FormURLEncoder().encode(TaskUpdate(title: "x", assignee: .absent)) == "title=x")
        #expect(try FormURLEncoder().encode(TaskUpdate(title: nil, assignee: .value("ana"))) == "assignee=ana")

        #expect(try !MultipartFormEncoder().encode(TaskUpdate(assignee: .null)).isEmpty)
        #expect(try MultipartFormEncoder().encode(TaskUpdate(assignee: .absent)).isEmpty)

        var parameters = OperationParameters()
        parameters.query("filter", TaskUpdate(title: "x", assignee: .null), style: .deepObject)
        parameters.query("other", TaskUpdate(assignee: .absent), style: .deepObject)
        #expect(parameters.queryItems.map { "\($0.name)=\($0.value ?? "-")" } == ["filter[title]=x", "filter[assignee]="])
    }
}

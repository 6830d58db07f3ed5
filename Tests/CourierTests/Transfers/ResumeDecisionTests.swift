@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// A response head with `status` and `fields`.
private func head(_ status: Int, _ fields: [HTTPField.Name: String] = [:]) -> HTTPResponse {
    var head = HTTPResponse(status: .init(code: status))
    for (name, value) in fields { head.headerFields[name] = value }
    return head
}

@Suite("Resumable downloads: validators and what to do with the answer to a range request")
struct ResumeDecisionTests {
    static let tag = ResumeValidator.entityTag("\"v1\"")

    // MARK: Validators

    @Test("a strong ETag is the validator, even beside a Last-Modified")
    func strongEntityTag() {
        let fields: HTTPFields = [.eTag: "\"v1\"", .lastModified: "Thu, 01 Jan 2026 00:00:00 GMT", .date: "Wed, 25 Nov 2026 03:00:00 GMT"]
        #expect(ResumeValidator(of: fields) == .entityTag("\"v1\""))
        #expect(ResumeValidator(of: fields)?.ifRangeValue == "\"v1\"")
    }

    @Test("a weak ETag cannot be used with If-Range, and with one present neither can a date")
    func weakEntityTag() {
        let fields: HTTPFields = [.eTag: "W/\"v1\"", .lastModified: "Thu, 01 Jan 2026 00:00:00 GMT", .date: "Wed, 25 Nov 2026 03:00:00 GMT"]
        #expect(ResumeValidator(of: fields) == nil)
    }

    @Test("an ETag that is not a quoted string is not a validator", arguments: ["v1", "\"v1", "\"a\"b\"", "\""])
    func malformedEntityTag(_ tag: String) {
        #expect(ResumeValidator(of: [.eTag: tag]) == nil)
    }

    @Test("Last-Modified is used without an ETag when it is a second or more before Date")
    func strongDate() {
        let fields: HTTPFields = [.lastModified: "Thu, 01 Jan 2026 00:00:00 GMT", .date: "Thu, 01 Jan 2026 00:00:01 GMT"]
        #expect(ResumeValidator(of: fields) == .lastModified("Thu, 01 Jan 2026 00:00:00 GMT"))
    }

    @Test("Last-Modified within the second of Date, without Date, or unreadable is weak")
    func weakDates() {
        #expect(ResumeValidator(of: [.lastModified: "Thu, 01 Jan 2026 00:00:00 GMT", .date: "Thu, 01 Jan 2026 00:00:00 GMT"]) == nil)
        #expect(ResumeValidator(of: [.lastModified: "Thu, 01 Jan 2026 00:00:00 GMT"]) == nil)
        #expect(ResumeValidator(of: [.lastModified: "yesterday", .date: "Thu, 01 Jan 2026 00:00:01 GMT"]) == nil)
        #expect(ResumeValidator(of: [:]) == nil)
    }

    @Test("a validator is contradicted by another tag or date, not by silence")
    func contradiction() {
        #expect(Self.tag.isContradicted(by: [.eTag: "\"v2\""]))
        #expect(!Self.tag.isContradicted(by: [.eTag: "\"v1\""]))
        #expect(!Self.tag.isContradicted(by: [:]))
        let date = ResumeValidator.lastModified("Thu, 01 Jan 2026 00:00:00 GMT")
        #expect(date.isContradicted(by: [.lastModified: "Fri, 02 Jan 2026 00:00:00 GMT"]))
        #expect(!date.isContradicted(by: [.lastModified: "Thursday, 01-Jan-26 00:00:00 GMT"]), "the same date in another form")
    }

    // MARK: Decisions

    @Test("a 206 starting at the offset is appended, with the known length")
    func append() {
        let decision = ResumeDecision.decide(head(206, [.contentRange: "bytes 400-999/1000"]), offset: 400, validator: Self.tag, knownLength: 1000)
        #expect(decision == .append(part: 400...999, completeLength: 1000))
        let unknown = ResumeDecision.decide(head(206, [.contentRange: "bytes 400-999/*"]), offset: 400, validator: Self.tag, knownLength: nil)
        #expect(unknown == .append(part: 400...999, completeLength: nil))
        let learned = ResumeDecision.decide(head(206, [.contentRange: "bytes 400-999/*"]), offset: 400, validator: Self.tag, knownLength: 1000)
        #expect(learned == .append(part: 400...999, completeLength: 1000))
    }

    @Test("a 206 elsewhere than the offset, of another length, malformed, missing or multipart is rejected")
    func reject() {
        func decide(_ fields: [HTTPField.Name: String]) -> ResumeDecision {
            ResumeDecision.decide(head(206, fields), offset: 400, validator: Self.tag, knownLength: 1000)
        }
        for fields: [HTTPField.Name: String] in [
            [.contentRange: "bytes 401-999/1000"],
            [.contentRange: "bytes 0-999/1000"],
            [.contentRange: "bytes 400-1999/2000"],
            [.contentRange: "bytes 400-999"],
            [.contentRange: "bytes */1000"],
            [:],
            [.contentType: "multipart/byteranges; boundary=x", .contentRange: "bytes 400-999/1000"],
        ] {
            guard case .reject = decide(fields) else {
                Issue.record("\(fields) gave \(decide(fields)), not a rejection")
                continue
            }
        }
    }

    @Test("a 206 carrying another validator starts over (a server that ignores If-Range)")
    func changedValidatorIn206() {
        let decision = ResumeDecision.decide(head(206, [.contentRange: "bytes 400-999/1000", .eTag: "\"v2\""]), offset: 400, validator: Self.tag, knownLength: 1000)
        guard case .startOver = decision else {
            Issue.record("expected startOver, got \(decision)")
            return
        }
    }

    @Test("a 200 replaces the partial file")
    func replace() {
        #expect(ResumeDecision.decide(head(200, [.eTag: "\"v2\""]), offset: 400, validator: Self.tag, knownLength: 1000) == .replace)
        #expect(ResumeDecision.decide(head(200), offset: 400, validator: Self.tag, knownLength: nil) == .replace)
    }

    @Test("a 416 for exactly the partial file's length means it is complete; any other 416 starts over")
    func unsatisfiable() {
        #expect(ResumeDecision.decide(head(416, [.contentRange: "bytes */1000"]), offset: 1000, validator: Self.tag, knownLength: 1000) == .alreadyComplete)
        #expect(ResumeDecision.decide(head(416, [.contentRange: "bytes */1000"]), offset: 1000, validator: Self.tag, knownLength: nil) == .alreadyComplete)
        for (fields, offset, known) in [
            ([HTTPField.Name.contentRange: "bytes */900"], Int64(1000), Int64?(1000)),
            ([.contentRange: "bytes */1000"], 1000, 1200),
            ([:], 1000, 1000),
            ([.contentRange: "bytes 0-1/1000"], 1000, 1000),
        ] {
            guard case .startOver = ResumeDecision.decide(head(416, fields), offset: offset, validator: Self.tag, knownLength: known) else {
                Issue.record("\(fields) at \(offset) of \(String(describing: known)) did not start over")
                continue
            }
        }
    }

    @Test("other statuses are left to the acceptable statuses", arguments: [204, 304, 404, 412, 500])
    func other(_ status: Int) {
        #expect(ResumeDecision.decide(head(status), offset: 1, validator: Self.tag, knownLength: nil) == .other)
    }
}

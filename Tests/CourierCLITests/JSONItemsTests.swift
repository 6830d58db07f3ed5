import Foundation
import Testing
@testable import courier

@Suite("Nested JSON items and repeated names")
struct JSONItemsTests {
    /// The JSON body `items` build, as text.
    func body(_ items: String...) throws -> String {
        let request = try SendRequestBuilder(arguments: ["example.com"] + items, style: nil).request()
        return String(decoding: try #require(request.body.bufferedData), as: UTF8.self)
    }

    @Test("paths: a key, an index, a plain name, escapes and the body itself as an array")
    func paths() throws {
        #expect(try JSONPath(parsing: "user[name]").steps == [.key("user"), .key("name")])
        #expect(try JSONPath(parsing: "tags[]").steps == [.key("tags"), .append])
        #expect(try JSONPath(parsing: "a[0][b]").steps == [.key("a"), .index(0), .key("b")])
        #expect(try JSONPath(parsing: "[]").steps == [.append])
        #expect(try JSONPath(parsing: #"a\[b\]"#).steps == [.key("a[b]")])
        #expect(try JSONPath(parsing: "plain").steps == [.key("plain")])
        #expect(throws: SendFailure.self) { try JSONPath(parsing: "a[b") }
        #expect(throws: SendFailure.self) { try JSONPath(parsing: "a[b]c") }
    }

    @Test("user[name]=ada, tags[]:=1, a[0]=x and deeper nesting build objects and arrays")
    func nesting() throws {
        #expect(try body("user[name]=ada") == #"{"user":{"name":"ada"}}"#)
        #expect(try body("tags[]:=1") == #"{"tags":[1]}"#)
        #expect(try body("a[0]=x") == #"{"a":["x"]}"#)
        #expect(try body("a[2]=x") == #"{"a":[null,null,"x"]}"#)
        #expect(try body("user[name]=ada", "user[langs][]=swift", "user[langs][]=c", "user[age]:=36") == #"{"user":{"age":36,"langs":["swift","c"],"name":"ada"}}"#)
        #expect(try body("points[0][x]:=1", "points[0][y]:=2", "points[1][x]:=3") == #"{"points":[{"x":1,"y":2},{"x":3}]}"#)
        #expect(try body("[]:=1", "[]=two") == #"[1,"two"]"#)
        #expect(try body("user:={\"name\":\"ada\"}", "user[age]:=36") == #"{"user":{"age":36,"name":"ada"}}"#)
    }

    @Test("a name given twice collects its values in an array")
    func repeated() throws {
        #expect(try body("tag=a", "tag=b") == #"{"tag":["a","b"]}"#)
        #expect(try body("tag=a", "tag=b", "tag:=3") == #"{"tag":["a","b",3]}"#)
        #expect(try body("user[tag]=a", "user[tag]=b") == #"{"user":{"tag":["a","b"]}}"#)
    }

    @Test("items that contradict each other are usage errors that name the item")
    func conflicts() throws {
        #expect(throws: SendFailure.usage("'a[b]=2' does not fit the JSON body the items before it built: 'b' is a key, but this place holds a value.")) {
            try body("a=1", "a[b]=2")
        }
        #expect(throws: SendFailure.self) { try body("a[b]=1", "a=2") }
        #expect(throws: SendFailure.self) { try body("a[b]=1", "a[]=2") }
        #expect(throws: SendFailure.self) { try body("a[0]=1", "a[0]=2") }
        #expect(throws: SendFailure.self) { try body("[]=1", "a=2") }
        #expect(throws: SendFailure.usage("'n:=nope' is not JSON after ':='.")) { try body("n:=nope") }
    }

    @Test("--form keeps brackets in names and repeats a repeated name")
    func form() throws {
        let request = try SendRequestBuilder(arguments: ["example.com", "tag=a", "tag=b", "user[name]=Zoë & co"], style: .form).request()
        #expect(String(decoding: try #require(request.body.bufferedData), as: UTF8.self) == "tag=a&tag=b&user%5Bname%5D=Zo%C3%AB%20%26%20co")
        #expect(request.head.headerFields[.contentType] == "application/x-www-form-urlencoded")
    }
}

import Courier
import HTTPTypes
import Testing

@Suite("LinkHeader: RFC 8288 Link field parsing")
struct LinkHeaderTests {
    @Test("one link: its target, its quoted rel and its other parameters")
    func oneLink() {
        let links = WebLink.parse(#"<https://api.example.com/items?page=2>; rel="next"; title="Page 2""#)
        #expect(links == [WebLink(
            target: "https://api.example.com/items?page=2",
            relations: ["next"],
            parameters: ["rel": "next", "title": "Page 2"]
        )])
    }

    @Test("several links in one field, with commas and semicolons inside targets and quoted values")
    func severalInOneField() {
        let field = #"</a?x=1,2;3>; rel="prev"; title="a, b; c", </b>;rel=next , </c> ; rel = "last""#
        let links = WebLink.parse(field)
        #expect(links.map(\.target) == ["/a?x=1,2;3", "/b", "/c"])
        #expect(links.map(\.relations) == [["prev"], ["next"], ["last"]])
        #expect(links.first?.parameters["title"] == "a, b; c")
    }

    @Test("links across several Link fields are read in order")
    func acrossFields() throws {
        let link = try #require(HTTPField.Name("Link"))
        var fields = HTTPFields()
        fields.append(HTTPField(name: link, value: #"</first>; rel="first", </prev>; rel="prev""#))
        fields.append(HTTPField(name: .contentType, value: "application/json"))
        fields.append(HTTPField(name: link, value: #"</next>; rel="next""#))
        let links = WebLink.links(in: fields)
        #expect(links.map(\.target) == ["/first", "/prev", "/next"])
        #expect(links.filter { $0.hasRelation("next") }.map(\.target) == ["/next"])
    }

    @Test("rel holds several space-separated types, compared case-insensitively, quoted or not", arguments: [
        #"</n>; rel="prefetch NEXT""#,
        #"</n>; REL="Next""#,
        #"</n>; rel=NeXt"#,
        "</n>; rel=\"alternate\tnext\"",
    ])
    func relationTypes(_ field: String) throws {
        let link = try #require(WebLink.parse(field).first)
        #expect(link.hasRelation("next"))
        #expect(link.hasRelation("NEXT"))
        #expect(!link.hasRelation("prev"))
    }

    @Test("a second rel parameter is ignored (RFC 8288 §3.3)")
    func secondRelIgnored() {
        let links = WebLink.parse(#"</p>; rel="prev"; rel="next""#)
        #expect(links.map(\.relations) == [["prev"]])
    }

    @Test("a quoted value keeps escaped quotes and backslashes")
    func quotedEscapes() {
        let links = WebLink.parse(#"</x>; title="say \"hi\" \\ bye"; rel=next"#)
        #expect(links.first?.parameters["title"] == #"say "hi" \ bye"#)
        #expect(links.first?.relations == ["next"])
    }

    @Test("a malformed link is skipped and the links after it are kept", arguments: [
        #"no-brackets; rel="next", </ok>; rel="next""#,
        #"</bad>; rel="next" garbage, </ok>; rel="next""#,
        #"</bad>; ="next", </ok>; rel="next""#,
        #"</bad> rel="next", </ok>; rel="next""#,
    ])
    func malformedSkipped(_ field: String) {
        let links = WebLink.parse(field)
        #expect(links.map(\.target) == ["/ok"])
    }

    @Test("an unclosed quote or target yields no link, not a wrong one", arguments: [
        #"</x>; rel="next"#,
        #"</x; rel="next""#,
    ])
    func unclosed(_ field: String) {
        #expect(WebLink.parse(field).isEmpty)
    }

    @Test("an empty field, commas and spaces alone hold no link", arguments: ["", " ", ", ,", "\t"])
    func empty(_ field: String) {
        #expect(WebLink.parse(field).isEmpty)
    }

    @Test("a link without rel has no relation types; a parameter without value is empty")
    func noRel() {
        let links = WebLink.parse("</x>; crossorigin")
        #expect(links == [WebLink(target: "/x", relations: [], parameters: ["crossorigin": ""])])
    }
}

@testable import Courier
import Testing

@Suite("The public suffix list")
struct PublicSuffixListTests {
    @Test("ICANN and private suffixes are public suffixes", arguments: ["com", "uk", "co.uk", "github.io", "blogspot.com", "s3.amazonaws.com", "xn--55qx5d.cn"])
    func publicSuffixes(_ domain: String) {
        #expect(PublicSuffixList.isPublicSuffix(domain))
    }

    @Test("registrable domains and the names below them are not", arguments: ["example.com", "www.example.com", "example.co.uk", "octocat.github.io", "amazonaws.com"])
    func registrableDomains(_ domain: String) {
        #expect(!PublicSuffixList.isPublicSuffix(domain))
    }

    @Test("a wildcard makes every label below it a suffix, except where an exception says otherwise")
    func wildcardsAndExceptions() {
        // `*.ck` and `!www.ck`; `*.kawasaki.jp` and `!city.kawasaki.jp`.
        #expect(PublicSuffixList.isPublicSuffix("ck"))
        #expect(PublicSuffixList.isPublicSuffix("anything.ck"))
        #expect(!PublicSuffixList.isPublicSuffix("www.ck"))
        #expect(!PublicSuffixList.isPublicSuffix("site.anything.ck"))
        #expect(PublicSuffixList.isPublicSuffix("town.kawasaki.jp"))
        #expect(!PublicSuffixList.isPublicSuffix("city.kawasaki.jp"))
    }

    @Test("a single label the list does not name is a suffix by the implicit '*' rule")
    func implicitRule() {
        #expect(PublicSuffixList.isPublicSuffix("localhost"))
        #expect(PublicSuffixList.isPublicSuffix("internal"))
        #expect(!PublicSuffixList.isPublicSuffix("corp.internal"))
    }

    @Test("a trailing dot (the absolute form of a name) changes nothing")
    func trailingDot() {
        #expect(PublicSuffixList.isPublicSuffix("com."))
        #expect(PublicSuffixList.isPublicSuffix("co.uk."))
        #expect(!PublicSuffixList.isPublicSuffix("example.com."))
    }

    @Test("the generated rules are all there, and say where they came from")
    func generatedRules() {
        let rules = PublicSuffixList.rules
        #expect(rules.exact.count + rules.wildcardParents.count + rules.exceptions.count > 9000)
        #expect(rules.exceptions.contains("www.ck"))
        #expect(PublicSuffixList.version.contains("publicsuffix"))
    }
}

@testable import Courier
import HTTPTypes
import Testing

@Suite("Cache-Control parsing")
struct CacheControlTests {
    static func control(_ values: String...) -> CacheControl {
        var fields = HTTPFields()
        for value in values { fields.append(HTTPField(name: .cacheControl, value: value)) }
        return CacheControl(fields)
    }

    @Test("directives across fields, in any case, with quoted values that contain commas")
    func directives() {
        let control = Self.control(#"Max-Age=60, PRIVATE, no-cache="Set-Cookie, X-Other""#, "must-revalidate, stale-if-error=30")
        #expect(control.maxAge == 60)
        #expect(control.isPrivate)
        #expect(control.noCache)
        #expect(control.mustRevalidate)
        #expect(control.staleIfError == 30)
        #expect(!control.noStore)
        #expect(!control.isPublic)
    }

    @Test("an unreadable max-age counts as 0 (stale); other unreadable values count as absent")
    func malformed() {
        let control = Self.control("max-age=soon, stale-if-error=later, s-maxage=-5")
        #expect(control.maxAge == 0)
        #expect(control.staleIfError == nil)
        #expect(control.sharedMaxAge == nil)
        #expect(Self.control("max-age=1e400").maxAge == 0)
        #expect(Self.control("max-age=+5").maxAge == 0)
        #expect(Self.control("max-age=99999999999999999999999").maxAge == 2_147_483_648)
        #expect(Self.control("max-age=\"60\"").maxAge == 60)
    }

    @Test("delta-seconds: digits only, capped at 2^31")
    func deltaSeconds() {
        #expect(CacheControl.deltaSeconds("120") == 120)
        #expect(CacheControl.deltaSeconds(" 7 ") == 7)
        #expect(CacheControl.deltaSeconds("inf") == nil)
        #expect(CacheControl.deltaSeconds("-1") == nil)
        #expect(CacheControl.deltaSeconds("1.5") == nil)
        #expect(CacheControl.deltaSeconds("") == nil)
        #expect(CacheControl.deltaSeconds("4294967296") == 2_147_483_648)
    }

    @Test("proxy-revalidate is for shared caches and does not bind this one")
    func proxyRevalidate() {
        #expect(!Self.control("proxy-revalidate").mustRevalidate)
        #expect(Self.control("must-revalidate").mustRevalidate)
    }

    @Test("request directives: max-stale with and without a value, min-fresh, only-if-cached, no-store")
    func requestDirectives() {
        #expect(Self.control("max-stale").maxStale == Int.max)
        #expect(Self.control("max-stale=10, min-fresh=5").maxStale == 10)
        #expect(Self.control("min-fresh=5").minFresh == 5)
        #expect(Self.control("only-if-cached").onlyIfCached)
        #expect(Self.control("no-store").noStore)
    }

    @Test("Pragma: no-cache counts only when there is no Cache-Control")
    func pragma() {
        var fields: HTTPFields = [.pragma: "no-cache"]
        #expect(CacheControl(fields).noCache)
        fields[.cacheControl] = "max-age=10"
        #expect(!CacheControl(fields).noCache)
    }
}

@Suite("SHA-256")
struct SHA256Tests {
    @Test("the FIPS 180-4 test vectors")
    func vectors() {
        #expect(SHA256.hex(of: "") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: "abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(of: String(repeating: "a", count: 1000))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}

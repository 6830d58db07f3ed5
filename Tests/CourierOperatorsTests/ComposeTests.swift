import Courier
import CourierOperators
import CourierTestSupport
import Foundation
import Testing

@Suite(">=> composes functions that may fail: the first failure stops the rest")
struct ComposeTests {
    struct Limit: Codable, Sendable, Equatable {
        var value: Int
    }

    struct Negative: Error {}

    @Test("throwing functions: the composition throws the first error and never calls the next function")
    func throwing() throws {
        let seen = Recorded<Int>()
        let positive: @Sendable (Limit) throws -> Int = { limit in
            seen.append(limit.value)
            guard limit.value >= 0 else { throw Negative() }
            return limit.value
        }
        let parse = decodeJSON(Limit.self) >=> positive
        #expect(try parse(Data(#"{"value":3}"#.utf8)) == 3)
        #expect(throws: Negative.self) { try parse(Data(#"{"value":-1}"#.utf8)) }
        let error = try #require(throws: NetworkError.self) { try parse(Data(#"{"limit":3}"#.utf8)) }
        #expect(error.kind == .decodingFailed(codingPath: "value"))
        #expect(seen.all == [3, -1])
    }

    @Test("call-making functions (Kleisli): the second call runs on the first one's value, and not after a failure")
    func calls() async throws {
        let seen = Recorded<Int>()
        let lookUp: @Sendable (String) -> Call<Int> = { text in
            Call {
                guard let number = Int(text) else { throw NetworkError(.invalidURL) }
                return number
            }
        }
        let describe: @Sendable (Int) -> Call<String> = { number in
            Call {
                seen.append(number)
                return "#\(number)"
            }
        }
        let both = lookUp >=> describe
        let value = try await both("7").run()
        #expect(value == "#7")
        let error = await failure(of: both("seven"))
        #expect(error?.kind == .invalidURL)
        #expect(seen.all == [7])
    }
}

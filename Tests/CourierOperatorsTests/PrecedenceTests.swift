import Courier
import CourierOperators
import Testing

/// Small pure functions with the shapes of a pipeline's steps, so that each test shows one parse.
enum Steps {
    /// `(String) -> Int?`, like `URL.init(string:)`.
    @Sendable static func parse(_ text: String) -> Int? { Int(text) }
    /// `(Int) -> Int?`, like `request(timeout:)`: odd numbers have no half.
    @Sendable static func half(_ number: Int) -> Int? { number.isMultiple(of: 2) ? number / 2 : nil }
    /// `(Int?) -> Call<Int>`, like `client.requestCall`.
    @Sendable static func call(_ number: Int?) -> Call<Int> {
        number.map { .value($0) } ?? .failure(NetworkError(.invalidURL))
    }
    @Sendable static func add(_ a: Int, _ b: Int) -> Int { a + b }
    @Sendable static func append(_ suffix: String) -> @Sendable (String) -> String { { $0 + suffix } }
}

@Suite("Precedence: the seed's pipelines parse as intended, without parentheses")
struct PrecedenceTests {
    @Test("|> is left-associative: each step is applied to everything before it, in reading order")
    func pipeReadsLeftToRight() {
        let text = "a" |> Steps.append("b") |> Steps.append("c")
        #expect(text == "abc")
    }

    @Test(">=> binds tighter than |>: the functions are composed, then the value piped in")
    func compositionBeforePipe() {
        let piped = "8" |> Steps.parse >=> Steps.half
        let explicit = "8" |> (Steps.parse >=> Steps.half)
        #expect(piped == 4)
        #expect(piped == explicit)
        let odd = "7" |> Steps.parse >=> Steps.half
        #expect(odd == nil)
    }

    @Test("the ageGuess shape: text |> f >=> g |> makeCall <&> transform is ((text |> (f >=> g)) |> makeCall) <&> transform")
    func seedPipeline() async throws {
        let pipeline = "8" |> Steps.parse >=> Steps.half |> Steps.call <&> { $0 * 10 }
        let explicit = (("8" |> (Steps.parse >=> Steps.half)) |> Steps.call) <&> { $0 * 10 }
        let value = try await pipeline.run()
        let expected = try await explicit.run()
        #expect(value == 40)
        #expect(value == expected)
        // A step that yields nothing reaches the call as nil, which fails it.
        let failed = await failure(of: "7" |> Steps.parse >=> Steps.half |> Steps.call <&> { $0 * 10 })
        #expect(failed?.kind == .invalidURL)
    }

    @Test(">>- and <&> share |>'s group and read left to right")
    func bindThenMap() async throws {
        let call = Call.value(2) >>- { Call.value($0 + 1) } <&> { $0 * 10 } >>- { Call.value("\($0)") }
        let value = try await call.run()
        #expect(value == "30")
    }

    @Test("<*> binds tighter than <&> and is left-associative: the arguments are applied, then the result mapped")
    func applyBeforeMap() async throws {
        let call = curry(Steps.add) <*> Call.value(1) <*> Call.value(2) <&> { $0 * 10 }
        let value = try await call.run()
        #expect(value == 30)
    }

    @Test(">=> binds tighter than <*>: a composed function is applied to a call")
    func compositionBeforeApply() async throws {
        let call = Steps.parse >=> Steps.half <*> Call.value("8")
        let value = try await call.run()
        #expect(value == 4)
    }

    @Test("<&> and >>- over Optional and Result, inside a pipeline")
    func optionalAndResult() throws {
        let doubled = "21" |> Steps.parse <&> { $0 * 2 }
        #expect(doubled == 42)
        let halved = "12" |> Steps.parse >>- Steps.half >>- Steps.half
        #expect(halved == 3)
        let none = "12" |> Steps.parse >>- Steps.half >>- Steps.half >>- Steps.half
        #expect(none == nil)

        let result = Result<Int, NetworkError>.success(2) <&> { $0 + 1 } >>- { .success($0 * 2) }
        let six = try result.get()
        #expect(six == 6)
        let failure = Result<Int, NetworkError>.failure(NetworkError(.timedOut)) <&> { $0 + 1 }
        #expect(throws: NetworkError.self) { try failure.get() }
    }
}

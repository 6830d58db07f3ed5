import Courier
import Foundation

/// A function that decodes JSON data as `type`, for the last step of a pipeline (FunNetworking's
/// `decodeJsonData`); bring your own `decoder` for dates, keys or other strategies.
///
/// ```swift
/// let guess = … |> client.requestCall <&> decodeJSON(AgeGuess.self)                 // Call<AgeGuess>
/// let dated = … |> client.requestCall <&> decodeJSON(Event.self, decoder: iso8601)   // own decoder
/// ```
///
/// The type can also be inferred: `<&> decodeJSON()`.
///
/// - Returns: a function that throws `NetworkError` of kind `NetworkError.Kind.emptyBody` for no
///   data and `NetworkError.Kind.decodingFailed(codingPath:)` (naming where) for JSON that does not
///   match. The decoder must not be changed once handed over: calls may decode concurrently.
public func decodeJSON<T: Decodable & Sendable>(
    _ type: T.Type = T.self,
    decoder: JSONDecoder = JSONDecoder()
) -> @Sendable (Data) throws -> T {
    { data in
        guard !data.isEmpty else {
            throw NetworkError(.emptyBody, message: "expected JSON for \(T.self), but the body is empty.")
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw NetworkError.wrapping(error, request: nil)
        }
    }
}

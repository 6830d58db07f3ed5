extension Endpoint {
    /// `headers` with `Accept: accept` added, unless they already have an `Accept` of their own (the
    /// caller's choice wins; names compare without case).
    static func headers(_ headers: [String: String], defaultAccept accept: String) -> [String: String] {
        guard !headers.keys.contains(where: { $0.lowercased() == "accept" }) else { return headers }
        var headers = headers
        headers["Accept"] = accept
        return headers
    }
}

import Courier
import CourierTesting
import Foundation

/// The demo's caching step: fresh hits, a revalidation, a reload, an invalidation and offline mode,
/// counted at the server.
struct DemoCaching {
    let shared: Client
    let server: TestServer

    func run(_ steps: inout DemoSteps) async throws {
        steps.step("An HTTP cache (RFC 9111)", "`.caching(in: MemoryCacheStore())`: fresh answers cost no request, stale ones a 304, a POST invalidates.")
        let client = shared.caching(in: MemoryCacheStore()).targeting(server.server)

        func query(_ path: String) -> [URLQueryItem] {
            [URLQueryItem(name: "cc", value: path.hasSuffix("fresh") ? "max-age=60" : "no-cache"), URLQueryItem(name: "etag", value: "1")]
        }
        func get(_ path: String, _ note: String, policy: CachePolicy = .useCache) async throws {
            var endpoint = Endpoint<TestServer.CacheReply>(path: RequestPath(path), query: query(path))
            endpoint.options.cachePolicy = policy
            let (reply, response) = try await client.response(endpoint)
            let hits = await server.hits(path)
            let status = "\(response.cacheStatus)".padding(toLength: 11, withPad: " ", startingAt: 0)
            steps.say("\(status) version \(reply.version), answer #\(reply.serial), server hits: \(hits)   \(note)")
        }
        try await get("/cache/fresh", "max-age=60: stored")
        try await get("/cache/fresh", "fresh: no request")
        try await get("/cache/fresh", "cachePolicy = .reloadIgnoringCache", policy: .reloadIgnoringCache)
        _ = try await client.send(Endpoint<Data>(method: .post, path: "/cache/fresh", query: query("/cache/fresh")))
        steps.say("POST /cache/fresh → the entry is invalidated")
        try await get("/cache/fresh", "after the POST: a new version from the server")
        try await get("/cache/checked", "no-cache: stored, but…")
        try await get("/cache/checked", "…revalidated: If-None-Match → 304, the stored body")
        do {
            try await get("/cache/never-loaded", "", policy: .onlyFromCache)
        } catch let error as NetworkError {
            steps.say("cachePolicy = .onlyFromCache on an uncached URL → \(error.kind), nothing sent")
        }
    }
}

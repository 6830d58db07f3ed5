import Clocks
import Courier
import CourierOperators
import CourierTesting
import Foundation

/// What api.ipify.org answers.
struct Host: Codable, Sendable {
    var ip: String
}

/// What the README's second request gives back; here, the path the test server saw.
struct IpInfo: Sendable, Equatable {
    var ip: String
    var path: String
}

/// The `ip` fixture, standing in for api.ipify.org.
let ipFixtures: [String: TestServer.Fixture] = [
    "ip": .json(#"{"ip":"203.0.113.7"}"#),
]

/// FunNetworking's chaining example against the test server: the first call finds the IP number, the
/// second asks about it (here `/echo/{ip}/geo`, whose echo shows the IP arrived in the path).
struct IpLookup: Sendable {
    let base: String
    let client: Client
    let clock: TestClock<Duration>

    var fetchIpNumber: Call<Host> {
        "\(base)/fixtures/ip"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  client.requestCall
            <&> decodeJSON(Host.self)
    }

    func fetchHostInfo(_ host: Host) -> Call<IpInfo> {
        "\(base)/echo/\(host.ip)/geo"
            |>  URL.init(string:)
            >=> request(timeout: .seconds(30))
            |>  retry(client.requestCall, policy: .constant(.seconds(2), maxAttempts: 3), clock: clock)
            <&> decodeJSON(TestServer.Echo.self)
            <&> { echo in IpInfo(ip: host.ip, path: echo.path) }
    }
}

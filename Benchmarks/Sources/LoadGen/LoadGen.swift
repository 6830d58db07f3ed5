import Foundation

/// `swift run -c release --package-path Benchmarks LoadGen --client NAME --url URL [--concurrency C] [--requests N] [--pool P]`
///
/// One client per process (issue #21): sends N requests (default 20,000) to URL from C concurrent tasks,
/// after a warm-up, and prints one JSON line: requests per second, p50 and p99 latency in µs, CPU µs per
/// request (getrusage, user + system, of this process only) and peak RSS. `Benchmarks/load/run.py` pairs
/// and alternates these processes against one nginx and writes the ratios to BENCHMARKS.md.
///
/// Clients: see ``LoadClient``. For transfers, `--client` ends in `-download` or `-upload` and `--bytes`
/// gives the upload size; the line then carries MiB/s.
@main
struct LoadGen {
    static func main() async throws {
        var options = LoadOptions()
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = arguments.next() {
            let value = arguments.next() ?? ""
            switch argument {
            case "--client": options.client = value
            case "--url": options.url = value
            case "--concurrency": options.concurrency = max(1, Int(value) ?? 1)
            case "--requests": options.requests = max(1, Int(value) ?? options.requests)
            case "--pool": options.pool = max(1, Int(value) ?? options.pool)
            case "--bytes": options.bytes = Int(value) ?? options.bytes
            case "--path": options.path = value
            default:
                FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
        guard let client = LoadClient(rawValue: options.client) else {
            let names = LoadClient.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("unknown client \(options.client); one of: \(names)\n".utf8))
            exit(2)
        }
        let result = try await LoadRun(client: client, options: options).run()
        print(result.json)
    }
}

/// What one process runs.
struct LoadOptions: Sendable {
    var client = ""
    var url = ""
    var concurrency = 1
    var requests = 20_000
    /// Connections per host on both AsyncHTTPClient sides and both URLSession sides.
    var pool = 64
    /// The upload size, for `-upload` clients.
    var bytes = 1 << 30
    /// The document `-download` clients fetch.
    var path = "/big.bin"
}

/// Writes the testing module (`<M>Testing`: the document's examples as stubs) and the example-based tests
/// (`Tests/<M>Tests`). (Skeleton: P5 fills in §5.6.)
struct StubEmitter {
    let model: APIModel

    func files() -> [GeneratedFile] {
        []
    }
}

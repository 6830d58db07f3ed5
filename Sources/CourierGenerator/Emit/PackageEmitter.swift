/// Lays out the generated package: `Package.swift`, the library module, the testing module and its tests.
/// (Skeleton: P4 fills in §5.7.)
struct PackageEmitter {
    let model: APIModel
    let options: GeneratorOptions

    func files() -> [GeneratedFile] {
        ModelEmitter(moduleName: model.moduleName, shardSize: options.shardSize).files(for: model.types)
            + (options.includeTests ? StubEmitter(model: model).files() : [])
    }
}

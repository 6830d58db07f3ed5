/// Writes the model types, a bounded number per file (`Sources/<M>/Models/Models+NNN.swift`).
/// (Skeleton: P3 fills in §5.3/§5.7.)
struct ModelEmitter {
    let moduleName: String
    let shardSize: Int

    func files(for types: [TypeDecl]) -> [GeneratedFile] {
        []
    }
}

/// Gives each operation's top-level types (`<Op>Error`, `<Op>Response`) a name no model type, group or
/// namespace already has; a clash gets a number (`GetPetError2`), in operation order.
enum OperationTypeNames {
    static func resolved(_ model: APIModel) -> APIModel {
        var names = UniqueNames(
            reserved: model.types.map(\.name) + model.operations.map(\.groupType) + ["API", model.moduleName + "Coders"])
        var resolved = model
        resolved.operations = model.operations.map { operation in
            var operation = operation
            if case .enumeration(let name, let cases) = operation.success {
                operation.success = .enumeration(name: names.claim(name), cases: cases)
            }
            if !operation.errors.isEmpty { operation.errorTypeName = names.claim(operation.errorTypeName) }
            return operation
        }
        return resolved
    }
}

import Testing
@testable import CourierGenerator

/// `--tag`, `--operation` and `--path` (§5.7): combined with "and", each repeatable.
@Suite struct FilterTests {
    private func ids(_ options: GeneratorOptions) throws -> ([String], [Diagnostic]) {
        let (output, diagnostics) = try OperationTestSupport.map(OperationTestSupport.petShop, options: options)
        return (output.operations.map(\.operationID).sorted(), diagnostics)
    }

    @Test func byTag() throws {
        let (kept, _) = try ids(GeneratorOptions(tags: ["pets"]))
        #expect(kept == ["createPet", "getPet"])
    }

    @Test func byOperationIdOrMethodAndPath() throws {
        let (kept, _) = try ids(GeneratorOptions(operationIDs: ["getPet", "GET /pets/{id}/toys"]))
        #expect(kept == ["GET /pets/{id}/toys", "getPet"])
    }

    @Test func byPathPrefixOnSegmentBoundaries() throws {
        let (kept, _) = try ids(GeneratorOptions(pathPrefixes: ["/pets/{id}"]))
        #expect(kept == ["GET /pets/{id}/toys"])
        let (all, _) = try ids(GeneratorOptions(pathPrefixes: ["/pets"]))
        #expect(all.count == 3)
        let (none, _) = try ids(GeneratorOptions(pathPrefixes: ["/pe"]))
        #expect(none.isEmpty)
    }

    @Test func filtersCombineAndReportWhenNothingMatches() throws {
        let (kept, _) = try ids(GeneratorOptions(tags: ["pets"], pathPrefixes: ["/pets/{pet_id}"]))
        #expect(kept == ["getPet"])
        let (none, diagnostics) = try ids(GeneratorOptions(tags: ["nope"]))
        #expect(none.isEmpty)
        #expect(diagnostics.map(\.code).contains("filter-empty"))
    }
}

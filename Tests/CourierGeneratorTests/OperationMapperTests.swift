import Testing
@testable import CourierGenerator

/// Operations → IR (§5.5): names, groups, parameter order and styles, a function per body media type, success and
/// error shapes, servers and security.
@Suite struct OperationMapperTests {
    private func operation(_ id: String, in output: OperationMapper.Output) throws -> OperationDecl {
        try #require(output.operations.first { $0.operationID == id })
    }

    @Test func namesAndGroupsComeFromOperationIdAndFirstTagOrMethodAndPath() throws {
        let (output, _) = try OperationTestSupport.map(OperationTestSupport.petShop)
        let names = output.operations.map { "\($0.group).\($0.swiftName) \($0.groupType)" }
        #expect(names.sorted() == [
            "general.getPetsByIdToys GeneralOperations", "pets.createPet PetsOperations", "pets.getPet PetsOperations",
        ])
        let toys = try operation("GET /pets/{id}/toys", in: output)
        #expect(toys.method == "GET")
        #expect(toys.errorTypeName == "GetPetsByIdToysError")
    }

    @Test func parametersArePathThenRequiredThenOptionalWithStyles() throws {
        let (output, diagnostics) = try OperationTestSupport.map(OperationTestSupport.petShop)
        let getPet = try operation("getPet", in: output)
        let summary = getPet.parameters.map {
            "\($0.swiftName):\($0.wireName):\($0.location.rawValue):\($0.required):\($0.style.rawValue):\($0.explode)"
        }
        #expect(summary == [
            "petId:pet_id:path:true:simple:false",
            "fields:fields:query:true:pipeDelimited:false",
            "session:session:cookie:false:form:true",
            "accept:Accept:header:false:simple:false",
        ])
        #expect(!diagnostics.contains { $0.code == "header-parameter-ignored" })
    }

    @Test func aPathVariableWithoutParameterBecomesAStringWithAWarning() throws {
        let (output, diagnostics) = try OperationTestSupport.map(OperationTestSupport.petShop)
        let toys = try operation("GET /pets/{id}/toys", in: output)
        #expect(toys.parameters.map(\.swiftName) == ["id"])
        #expect(toys.parameters.first?.type == .primitive(.string))
        #expect(diagnostics.contains { $0.code == "path-parameter-missing" })
    }

    @Test func sameNameInTwoLocationsGetsTheLocationAsSuffix() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /items/{id}:
                get:
                  operationId: item
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                    - {name: id, in: query, schema: {type: string}}
                    - {name: parameters, in: query, schema: {type: string}}
                  responses:
                    '200': {description: ok}
            """
        let (output, _) = try OperationTestSupport.map(yaml)
        let item = try operation("item", in: output)
        #expect(item.parameters.map(\.swiftName) == ["id", "idQuery", "parameters2"])
    }

    @Test func oneBodyPerMediaTypeJSONFirstWithTheSameModelType() throws {
        let (output, _) = try OperationTestSupport.map(OperationTestSupport.petShop)
        let createPet = try operation("createPet", in: output)
        #expect(createPet.bodies.map(\.functionSuffix) == ["", "Form", "Multipart"])
        #expect(createPet.bodies.map(\.encoding) == [.json, .form(deepObject: false), .multipart])
        let types = createPet.bodies.map(\.type)
        #expect(types.allSatisfy { $0 == types[0] })
        #expect(createPet.bodies.allSatisfy { $0.required })
    }

    @Test func deepObjectFormEncodingAndRawBodies() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /charges:
                post:
                  operationId: createCharge
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: {type: object, properties: {metadata: {type: object}}}
                        encoding:
                          metadata: {style: deepObject, explode: true}
                      image/png: {schema: {type: string, format: binary}}
                      text/plain: {schema: {type: string}}
                  responses:
                    '200': {description: ok}
            """
        let (output, _) = try OperationTestSupport.map(yaml)
        let charge = try operation("createCharge", in: output)
        #expect(charge.bodies.map(\.encoding) == [
            .form(deepObject: true), .data(contentType: "image/png"), .text(contentType: "text/plain"),
        ])
        #expect(charge.bodies.map(\.functionSuffix) == ["", "Data", "Text"])
        #expect(charge.bodies.allSatisfy { !$0.required })
    }

    @Test func successAndErrorShapes() throws {
        let (output, _) = try OperationTestSupport.map(OperationTestSupport.petShop)
        let getPet = try operation("getPet", in: output)
        #expect(getPet.success == .single(.json(.named("Pet")), statuses: [.code(200)]))
        #expect(getPet.errors.map(\.swiftName) == ["notFound", "unprocessableContent", "clientError"])
        #expect(getPet.errors.map(\.status) == [.code(404), .code(422), .range(400)])
        #expect(getPet.errors.map(\.body) == [.none, .json(.named("HTTPValidationError")), .none])

        let createPet = try operation("createPet", in: output)
        guard case .enumeration(let name, let cases) = createPet.success else {
            Issue.record("expected an enumeration, got \(createPet.success)")
            return
        }
        #expect(name == "CreatePetResponse")
        #expect(cases.map(\.swiftName) == ["ok", "created"])
        // A success body that is not JSON is its bytes.
        #expect(cases.map(\.body) == [.json(.named("Pet")), .data])
        #expect(createPet.errors.map(\.swiftName) == ["other"])
        #expect(createPet.errors.map(\.body) == [.data])

        let toys = try operation("GET /pets/{id}/toys", in: output)
        #expect(toys.success == .single(.none, statuses: [.code(204)]))
        #expect(toys.errors.isEmpty)
    }

    @Test func defaultIsTheSuccessValueOnlyWithoutA2xx() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /ping:
                get:
                  operationId: ping
                  responses:
                    '418': {description: I'm a teapot}
                    default: {description: pong, content: {text/plain: {schema: {type: string}}}}
            """
        let (output, _) = try OperationTestSupport.map(yaml)
        let ping = try operation("ping", in: output)
        #expect(ping.success == .single(.data, statuses: [.default]))
        #expect(ping.errors.map(\.swiftName) == ["imATeapot"])
    }

    @Test func statusPhrasesBecomeCaseNames() {
        #expect(StatusNames.caseName(for: 404) == "notFound")
        #expect(StatusNames.caseName(for: 422) == "unprocessableContent")
        #expect(StatusNames.caseName(for: 418) == "imATeapot")
        #expect(StatusNames.caseName(for: 505) == "httpVersionNotSupported")
        #expect(StatusNames.caseName(for: 499) == "status499")
    }

    @Test func securityPerOperationAndSchemes() throws {
        let (output, _) = try OperationTestSupport.map(OperationTestSupport.petShop)
        #expect(output.security == [["bearerAuth"]])
        let createPet = try operation("createPet", in: output)
        let getPet = try operation("getPet", in: output)
        let toys = try operation("GET /pets/{id}/toys", in: output)
        #expect(createPet.security == [[]])
        #expect(getPet.security == [])
        #expect(toys.security == [["api_key"], ["session"]])
        #expect(output.securitySchemes.map(\.swiftName) == ["bearerAuth", "apiKey", "session"])
        #expect(output.securitySchemes.map(\.kind) == [.bearer, .apiKeyHeader("X-API-Key"), .apiKeyCookie("sid")])
    }

    @Test func serversWithVariablesAndRelativeURLs() throws {
        let (output, _) = try OperationTestSupport.map(OperationTestSupport.petShop)
        #expect(output.servers.map(\.swiftName) == ["petShop", "petShop2"])
        let production = try #require(output.servers.first)
        #expect(production.parts == .init(scheme: "https", host: "{region}.api.example.com", port: nil, basePath: "/v1"))
        #expect(production.variables.map(\.swiftName) == ["region"])
        #expect(output.servers.last?.parts == nil)
    }
}

@testable import CourierGenerator

/// Runs the loader, schema mapper and operation mapper over an inline document, as the generator does.
enum OperationTestSupport {
    static func map(_ yaml: String, options: GeneratorOptions = GeneratorOptions()) throws
        -> (output: OperationMapper.Output, diagnostics: [Diagnostic])
    {
        let diagnostics = DiagnosticCollector()
        let loaded = try DocumentLoader(diagnostics: diagnostics).load(text: yaml, fileName: "test.yaml")
        let document = OperationFilter(options: options).apply(to: loaded, diagnostics: diagnostics)
        let schemas = SchemaMapper(document: document, moduleName: "PetShop", diagnostics: diagnostics)
        var mapper = OperationMapper(document: document, schemas: schemas, moduleName: "PetShop", diagnostics: diagnostics)
        let output = mapper.map()
        return (output, diagnostics.diagnostics)
    }

    /// A document exercising parameters, several body media types, typed responses, servers and security.
    static let petShop = """
        openapi: 3.1.0
        info: {title: Pet Shop, version: "1"}
        servers:
          - url: https://{region}.api.example.com/v1
            description: Production
            variables:
              region: {default: eu}
          - url: /api/v3
        security:
          - bearerAuth: []
        components:
          securitySchemes:
            bearerAuth: {type: http, scheme: bearer}
            api_key: {type: apiKey, in: header, name: X-API-Key}
            session: {type: apiKey, in: cookie, name: sid}
          schemas:
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer}
            HTTPValidationError:
              type: object
              properties:
                detail: {type: string}
        paths:
          /pets/{pet_id}:
            parameters:
              - {name: pet_id, in: path, required: true, schema: {type: integer}}
            get:
              operationId: getPet
              tags: [pets]
              summary: Get Pet
              parameters:
                - {name: session, in: cookie, schema: {type: string}}
                - {name: fields, in: query, required: true, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
                - {name: Accept, in: header, schema: {type: string}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '404': {description: not found}
                '422': {description: Validation Error, content: {application/json: {schema: {$ref: '#/components/schemas/HTTPValidationError'}}}}
                4XX: {description: other client errors}
          /pets:
            post:
              operationId: createPet
              tags: [pets]
              security: []
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/json: {schema: {$ref: '#/components/schemas/Pet'}}
                  multipart/form-data: {schema: {$ref: '#/components/schemas/Pet'}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
                '201': {description: created, content: {text/plain: {schema: {type: string}}}}
                default: {description: error}
          /pets/{id}/toys:
            get:
              security: [{api_key: []}, {session: []}]
              responses:
                '204': {description: none}
        """
}

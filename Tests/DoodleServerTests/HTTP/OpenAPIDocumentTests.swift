import DoodleTestSupport
import Foundation
import Testing

/// The checker the route tests rely on, and the document against the live router.
@Suite("OpenAPI document and its checker")
struct OpenAPIDocumentTests {
    private func document() throws -> OpenAPIDocument { try TestServer.apiDocument.get() }

    private func problems(_ json: String, _ schema: String, schemas: [String: String] = [:]) throws -> [String] {
        let components = try schemas.mapValues { try JSONValue.parse(Data($0.utf8)) }
        return JSONSchemaValidator(schemas: components)
            .problems(with: try JSONValue.parse(Data(json.utf8)), against: try JSONValue.parse(Data(schema.utf8)))
    }

    @Test("the schema checker refuses each kind of mismatch it claims to check")
    func validatorRefusesMismatches() throws {
        let player = #"{"type":"object","required":["id","rank"],"additionalProperties":false,"properties":{"id":{"type":"string"},"rank":{"type":"integer","minimum":1,"maximum":9},"tag":{"type":["string","null"],"enum":["a",null]}}}"#
        #expect(try problems(#"{"id":"p","rank":1,"tag":null}"#, player).isEmpty)
        #expect(try problems(#"{"id":"p","rank":1,"tag":"a"}"#, player).isEmpty)
        #expect(try !problems(#"{"id":"p"}"#, player).isEmpty, "missing required")
        #expect(try !problems(#"{"id":"p","rank":1,"extra":0}"#, player).isEmpty, "additional property")
        #expect(try !problems(#"{"id":7,"rank":1}"#, player).isEmpty, "wrong type")
        #expect(try !problems(#"{"id":"p","rank":true}"#, player).isEmpty, "a boolean is not an integer")
        #expect(try !problems(#"{"id":"p","rank":1.5}"#, player).isEmpty, "a fraction is not an integer")
        #expect(try !problems(#"{"id":"p","rank":0}"#, player).isEmpty, "below minimum")
        #expect(try !problems(#"{"id":"p","rank":10}"#, player).isEmpty, "above maximum")
        #expect(try !problems(#"{"id":"p","rank":1,"tag":"b"}"#, player).isEmpty, "not in enum")
        let list = ##"{"type":"array","items":{"$ref":"#/components/schemas/Player"}}"##
        #expect(try problems(#"[{"id":"p","rank":2}]"#, list, schemas: ["Player": player]).isEmpty)
        #expect(try !problems(#"[{"id":"p","rank":2},{"rank":2}]"#, list, schemas: ["Player": player]).isEmpty, "bad item via $ref")
        #expect(try !problems("[]", ##"{"$ref":"#/components/schemas/Missing"}"##).isEmpty, "unresolvable $ref")
        let nullable = #"{"type":"string","nullable":true}"#
        #expect(try problems("null", nullable).isEmpty)
        #expect(try !problems("null", #"{"type":"string"}"#).isEmpty)
        let colour = #"{"type":"string","pattern":"^#[0-9a-f]{6}$","minLength":7}"#
        #expect(try problems(##""#1a2b3c""##, colour).isEmpty)
        #expect(try !problems(##""#1A2B3C""##, colour).isEmpty, "pattern")
        let either = #"{"oneOf":[{"type":"object"},{"type":"null"}]}"#
        #expect(try problems("null", either).isEmpty)
        #expect(try !problems("3", either).isEmpty)
    }

    @Test("an undocumented route, method or status, or a wrong media type, is a problem")
    func documentRefusesTheUndocumented() throws {
        let document = try document()
        let errorBody = Data(#"{"error":{"code":"not_found","message":"no"}}"#.utf8)
        #expect(document.problems(method: "GET", path: "/v1/games/g1", status: 404, contentType: "application/json", body: errorBody).isEmpty)
        #expect(!document.problems(method: "GET", path: "/v1/nothing", status: 404, contentType: "application/json", body: errorBody).isEmpty)
        #expect(!document.problems(method: "POST", path: "/v1/games/g1", status: 404, contentType: "application/json", body: errorBody).isEmpty)
        #expect(!document.problems(method: "GET", path: "/v1/games/g1", status: 418, contentType: "application/json", body: errorBody).isEmpty)
        #expect(!document.problems(method: "GET", path: "/v1/games/g1", status: 404, contentType: "text/plain", body: errorBody).isEmpty)
        #expect(!document.problems(method: "GET", path: "/v1/games/g1", status: 404, contentType: "application/json", body: Data("{}".utf8)).isEmpty)
        #expect(!document.problems(method: "DELETE", path: "/v1/me", status: 204, contentType: nil, body: Data("x".utf8)).isEmpty)
        #expect(document.template(for: "/v1/drawings/d1.svg") == "/v1/drawings/{id}.svg")
        #expect(document.template(for: "/v1/drawings/d1?x=1") == "/v1/drawings/{id}")
    }

    @Test("every documented operation is served: none answers the router's 'no route'")
    func everyDocumentedOperationIsServed() async throws {
        let document = try document()
        try await TestServer.with { server in
            for (method, template) in document.operations {
                let path = template.replacingOccurrences(of: "{code}", with: "ABCDEF")
                    .replacingOccurrences(of: "{id}", with: "x1")
                let answer = try await server.send(method, path)
                let message = answer.json?["error"]?["message"]?.stringValue ?? ""
                #expect(!message.hasPrefix("no route") && answer.status != 405, "\(method) \(template) → \(answer.status) \(message)")
                #expect(document.problems(method: method, path: path, status: answer.status, contentType: answer.contentType, body: answer.body).isEmpty,
                        "\(method) \(path) → \(answer.status)")
            }
        }
    }
}

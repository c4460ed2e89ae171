import DoodleCore
import DoodleStorage
import Hummingbird

/// `GET /v1/admin/audit?limit=&before=`: every operator action, newest first, a keyset page at a
/// time: `{"entries":[{"id","action","arguments","address","at"}],"nextBefore"}`, `arguments`
/// being the JSON object the action was called with.
extension AdminRoutes {
    func registerAudit(on admin: RouterGroup<DoodleRequestContext>) {
        admin.get("audit") { request, _ -> AuditPageAnswer in
            let (limit, before) = try request.query { fields throws(QueryFieldError) in
                (try Self.pageLimit(in: fields), try fields.integer64("before", in: 1...AuditCursor.max, meaning: "a nextBefore value from an earlier page"))
            }
            return AuditPageAnswer(try await storage { try await store.auditLog(limit: limit, before: before) })
        }
    }
}

struct AuditPageAnswer: ResponseEncodable {
    let page: AuditPage

    init(_ page: AuditPage) {
        self.page = page
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKeys.self)
        var entries = c.nestedUnkeyedContainer(forKey: "entries")
        for entry in page.entries {
            var e = entries.nestedContainer(keyedBy: JSONKeys.self)
            try e.encode(entry.id, forKey: "id")
            try e.encode(entry.action, forKey: "action")
            try e.encode(JSONText(parsing: entry.arguments), forKey: "arguments")
            try e.encode(entry.address, forKey: "address")
            try e.encode(entry.at, forKey: "at")
        }
        try c.encode(page.nextBefore, forKey: "nextBefore")
    }
}

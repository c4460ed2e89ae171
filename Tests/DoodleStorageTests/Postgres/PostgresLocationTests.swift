import DoodleStorage
import Testing

@Suite("PostgreSQL URLs")
struct PostgresLocationTests {
    @Test("a full URL gives host, port, user, password and database; user and password are percent-decoded")
    func parsesFullURL() throws {
        let location = try PostgresLocation(url: "postgres://doo%40dle:p%3Ass%2Fword@db.example:6543/doodle_prod?sslmode=require")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.username == "doo@dle")
        #expect(location.password == "p:ss/word")
        #expect(location.database == "doodle_prod")
        #expect(location.tls == .require)
    }

    @Test("the port defaults to 5432, TLS to prefer, and postgresql:// and an IPv6 host are accepted")
    func defaults() throws {
        let location = try PostgresLocation(url: "postgresql://doodle@[::1]/doodle")
        #expect(location.host == "::1")
        #expect(location.port == 5432)
        #expect(location.password == nil)
        #expect(location.tls == .prefer)
        #expect(location.description == "postgres://doodle@[::1]:5432/doodle")
    }

    @Test("the description never shows the password")
    func descriptionHidesPassword() throws {
        let location = try PostgresLocation(url: "postgres://doodle:hunter2@127.0.0.1:5433/doodle?sslmode=disable")
        #expect(location.description == "postgres://doodle@127.0.0.1:5433/doodle?sslmode=disable")
    }

    @Test(
        "a bad URL is refused with what is wrong with it",
        arguments: [
            ("mysql://doodle@host/doodle", "has the scheme 'mysql', not postgres://"),
            ("postgres://host/doodle", "names no user"),
            ("postgres://doodle@host", "names no database"),
            ("postgres://doodle@host/", "names no database"),
            ("postgres://doodle@host/doodle/extra", "has the path '/doodle/extra'"),
            ("postgres://doodle@host:0/doodle", "has the port 0, outside 1–65535"),
            ("postgres://doodle@host:70000/doodle", "outside 1–65535"),
            ("postgres://doodle@/doodle", "names no host"),
            ("postgres://doodle@host/doodle?sslmode=sometimes", "has sslmode 'sometimes'; use one of disable, prefer, require, verify-full"),
            ("postgres://doodle@host/doodle?timeout=5", "has the parameter 'timeout'; only sslmode is understood"),
            ("postgres://doodle@host:port/doodle", "is not a URL"),
        ])
    func refusesBadURLs(url: String, problem: String) {
        #expect {
            try PostgresLocation(url: url)
        } throws: { error in
            guard let error = error as? PostgresLocationError else { return false }
            return error.description.contains(problem)
        }
    }

    @Test("an error about a URL hides its password")
    func errorHidesPassword() {
        #expect {
            try PostgresLocation(url: "postgres://doodle:hunter2@host")
        } throws: { error in
            "\(error)" == "the database URL postgres://doodle:***@host names no database (postgres://user:password@host/database)"
        }
    }

    @Test("postgres:// and postgresql:// select PostgreSQL; paths do not")
    func tellsURLsFromPaths() {
        #expect(PostgresLocation.isPostgresURL("postgres://doodle@host/doodle"))
        #expect(PostgresLocation.isPostgresURL("PostgreSQL://doodle@host/doodle"))
        #expect(!PostgresLocation.isPostgresURL("./doodle.sqlite"))
        #expect(!PostgresLocation.isPostgresURL(":memory:"))
        #expect(!PostgresLocation.isPostgresURL("/var/lib/postgres.sqlite"))
    }
}

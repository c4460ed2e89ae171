import Testing

@testable import DoodleServer

@Suite struct ProviderSpecTests {
    private func expectProblem(
        _ problem: OIDCProviderSpecError.Problem, _ spec: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(sourceLocation: sourceLocation) {
            _ = try OIDCProvider.parse(spec)
        } throws: { error in
            (error as? OIDCProviderSpecError)?.problem == problem
        }
    }

    @Test func appleAndGoogleNeedOnlyTheAudience() throws {
        #expect(
            try OIDCProvider.parse("apple=,com.example.doodle")
                == OIDCProvider(
                    name: "apple", issuers: ["https://appleid.apple.com"], audience: "com.example.doodle",
                    keysURL: "https://appleid.apple.com/auth/keys"))
        #expect(
            try OIDCProvider.parse("google=,123.apps.googleusercontent.com")
                == OIDCProvider(
                    name: "google", issuers: ["https://accounts.google.com", "accounts.google.com"],
                    audience: "123.apps.googleusercontent.com", keysURL: "https://www.googleapis.com/oauth2/v3/certs"))
    }

    @Test func aFullSpecNamesIssuerAudienceAndKeys() throws {
        #expect(
            try OIDCProvider.parse(" my-idp2 = https://idp.example.com , doodle , https://idp.example.com/jwks ")
                == OIDCProvider(name: "my-idp2", issuers: ["https://idp.example.com"], audience: "doodle", keysURL: "https://idp.example.com/jwks"))
        // apple and google may be spelled out in full too (a staging issuer, say).
        #expect(try OIDCProvider.parse("apple=https://apple.test,aud,https://apple.test/keys").issuers == ["https://apple.test"])
    }

    @Test func plainHTTPIsForThisMachineOnly() throws {
        #expect(try OIDCProvider.parse("local=https://local,aud,http://127.0.0.1:8080/keys").keysURL == "http://127.0.0.1:8080/keys")
        #expect(try OIDCProvider.parse("local=https://local,aud,http://localhost/keys").name == "local")
        expectProblem(.insecureKeysURL, "idp=https://idp,aud,http://idp.example.com/keys")
        expectProblem(.insecureKeysURL, "idp=https://idp,aud,ftp://idp.example.com/keys")
    }

    @Test func eachBadPartIsNamed() {
        expectProblem(.missingEquals, "apple")
        expectProblem(.invalidName, "=,aud")
        expectProblem(.invalidName, "Apple=,aud")
        expectProblem(.invalidName, "my_idp=https://idp,aud,https://idp/keys")
        expectProblem(.noPreset, "facebook=,aud")
        expectProblem(.missingAudience, "apple=,")
        expectProblem(.missingAudience, "idp=https://idp,,https://idp/keys")
        expectProblem(.missingIssuer, "idp=,aud,https://idp/keys")
        expectProblem(.wrongFieldCount(1), "idp=https://idp")
        expectProblem(.wrongFieldCount(2), "idp=https://idp,aud")
        expectProblem(.wrongFieldCount(4), "idp=https://idp,aud,https://idp/keys,extra")
        expectProblem(.invalidKeysURL, "idp=https://idp,aud,keys.json")
    }

    @Test func errorsDescribeTheSpecAndTheProblem() {
        let error = OIDCProviderSpecError(spec: "Apple=,aud", problem: .invalidName)
        #expect(error.description == "OpenID Connect provider 'Apple=,aud': the name must be lowercase letters, digits and '-'")
        #expect("\(OIDCProviderSpecError(spec: "x=a,b", problem: .wrongFieldCount(2)))".contains("found 2 field(s)"))
    }

    @Test func anEnvironmentListIsSplitOnSemicolons() throws {
        let providers = try OIDCProvider.parseList("apple=,com.example.doodle; google=,123.apps ;idp=https://idp,aud,https://idp/keys;")
        #expect(providers.map(\.name) == ["apple", "google", "idp"])
        #expect(providers[1].audience == "123.apps")
        #expect(try OIDCProvider.parseList("").isEmpty)
        #expect(try OIDCProvider.parseList(" ; ").isEmpty)
    }

    @Test func anEnvironmentListRefusesDuplicatesAndBadSpecs() {
        #expect {
            _ = try OIDCProvider.parseList("apple=,one;apple=https://a,two,https://a/keys")
        } throws: { error in
            (error as? OIDCProviderSpecError) == OIDCProviderSpecError(spec: "apple=https://a,two,https://a/keys", problem: .duplicateName)
        }
        #expect {
            _ = try OIDCProvider.parseList("apple=,one;google")
        } throws: { error in
            (error as? OIDCProviderSpecError) == OIDCProviderSpecError(spec: "google", problem: .missingEquals)
        }
    }
}

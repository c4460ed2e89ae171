import Crypto
import DoodleCore
import DoodleServer
import DoodleTestSupport
import Foundation
import NIOSSL
import SwiftASN1
import Testing
import X509

@Suite("TLS")
struct TLSTests {
    @Test("with a certificate and key the server speaks wss:// and https://")
    func servesOverTLS() async throws {
        try await withCertificate { files, client in
            try await TestServer.with(tls: files) { server in
                try await RawWebSocket.with(port: server.port, tls: client) { socket, reader in
                    try await socket.sendText(#"{"type":"hello","protocol":1,"name":"Ada"}"#)
                    let welcome = try #require(try await reader.nextData())
                    #expect(String(decoding: welcome.payload, as: UTF8.self).contains(#""type":"welcome""#))
                }
                let health = try await RawWebSocket.get("/v1/health", port: server.port, tls: client)
                #expect(health.hasPrefix("HTTP/1.1 200"))
                #expect(health.contains(#"{"status":"ok"}"#))
            }
        }
    }

    @Test("over TLS an invite QR code links to the https page")
    func inviteQRCodeIsHTTPS() async throws {
        try await withCertificate { files, client in
            try await TestServer.with(tls: files) { server in
                try await RawWebSocket.with(port: server.port, tls: client) { socket, reader in
                    try await socket.sendText(#"{"type":"hello","protocol":1,"name":"Ada"}"#)
                    _ = try await reader.nextData()
                    try await socket.sendText(#"{"type":"createRoom","mode":"party"}"#)
                    let state = try #require(try await reader.nextData())
                    let room = try #require(try JSONSerialization.jsonObject(with: Data(state.payload)) as? [String: Any])
                    let code = try #require(room["code"] as? String)
                    let answer = try await RawWebSocket.get("/v1/rooms/\(code)/qr.svg", port: server.port, tls: client)
                    #expect(answer.hasPrefix("HTTP/1.1 200"))
                    #expect(answer.hasSuffix(QRCodeSVG.render(try QRCode(text: "https://127.0.0.1/#\(code)"))))
                }
            }
        }
    }

    @Test("an unreadable certificate stops start-up with a message naming the file")
    func unreadableCertificate() async throws {
        let files = ServerConfiguration.TLSFiles(certificateChainPath: "/nonexistent/cert.pem", privateKeyPath: "/nonexistent/key.pem")
        do {
            try await TestServer.with(tls: files) { _ in }
            Issue.record("the server started without its certificate")
        } catch {
            #expect(String(describing: error).contains("/nonexistent/cert.pem"), "\(error)")
        }
    }

    /// A fresh self-signed certificate for 127.0.0.1 in PEM files, and a client context that
    /// trusts it.
    private func withCertificate(_ body: (ServerConfiguration.TLSFiles, NIOSSLContext) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName { CommonName("127.0.0.1") }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(3600),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames([.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            },
            issuerPrivateKey: .init(key))
        let certificatePath = folder.appendingPathComponent("certificate.pem").path
        let keyPath = folder.appendingPathComponent("key.pem").path
        try certificate.serializeAsPEM().pemString.write(toFile: certificatePath, atomically: true, encoding: .utf8)
        try key.pemRepresentation.write(toFile: keyPath, atomically: true, encoding: .utf8)

        var client = TLSConfiguration.makeClientConfiguration()
        client.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificatePath))
        try await body(
            ServerConfiguration.TLSFiles(certificateChainPath: certificatePath, privateKeyPath: keyPath),
            try NIOSSLContext(configuration: client))
    }
}

import NIOSSL

/// Why the server could not set up TLS, naming the file at fault.
public struct TLSSetupError: Error, CustomStringConvertible {
    public let description: String
}

extension ServerConfiguration.TLSFiles {
    /// The server's TLS context: the certificate chain and key read from their PEM files.
    func makeContext() throws -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateChainPath)
        } catch {
            throw TLSSetupError(description: "cannot read the TLS certificate chain at \(certificateChainPath): \(error)")
        }
        guard !chain.isEmpty else {
            throw TLSSetupError(description: "no certificate in \(certificateChainPath)")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: privateKeyPath, format: .pem)
        } catch {
            throw TLSSetupError(description: "cannot read the TLS private key at \(privateKeyPath): \(error)")
        }
        do {
            let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSSetupError(description: "the TLS certificate and key do not make a usable context: \(error)")
        }
    }
}

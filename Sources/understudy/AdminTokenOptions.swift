import ArgumentParser
import Foundation

/// Where `serve` takes its admin token from: `--admin-token`, `--admin-token-file` or the
/// `UNDERSTUDY_ADMIN_TOKEN` environment variable. A file or the environment keeps the token
/// out of the process list. An empty token is refused: it would let any client that sends an
/// empty header in.
struct AdminTokenOptions: ParsableArguments {
    /// The environment variable read when neither option is given.
    static let environmentVariable = "UNDERSTUDY_ADMIN_TOKEN"

    @Option(help: ArgumentHelp(
        "Require this token (header X-Understudy-Admin-Token) on admin requests; without one, only clients on this machine may use them. Visible in the process list: prefer --admin-token-file or \(environmentVariable).",
        valueName: "token"))
    var adminToken: String?

    @Option(help: ArgumentHelp(
        "Read the admin token from this file (surrounding whitespace and the final newline ignored).", valueName: "path"))
    var adminTokenFile: String?

    func validate() throws {
        if adminToken != nil && adminTokenFile != nil { throw ValidationError("give --admin-token or --admin-token-file, not both") }
        if adminToken?.isEmpty == true { throw ValidationError("--admin-token is empty; give a token, or leave the option out to allow clients on this machine only") }
    }

    /// The token, `nil` for none; throws a clear error for an empty or unreadable one.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let adminToken { return adminToken }
        if let adminTokenFile {
            guard let data = FileManager.default.contents(atPath: adminTokenFile) else {
                throw ValidationError("--admin-token-file: cannot read '\(adminTokenFile)'")
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else { throw ValidationError("--admin-token-file: '\(adminTokenFile)' holds no token (it is empty)") }
            return token
        }
        if let value = environment[Self.environmentVariable] {
            let token = value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !token.isEmpty else {
                throw ValidationError("\(Self.environmentVariable) is set but empty; give it a token, or unset it to allow clients on this machine only")
            }
            return token
        }
        return nil
    }
}

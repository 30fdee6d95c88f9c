import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// Every provider pack a server knows, and which one a request belongs to.
public final class Contracts: Sendable {
    /// The packs, by file name order.
    public let packs: [ProviderPack]

    /// A digest of the pack files these contracts were loaded from (their names and bytes, in
    /// order), `nil` for packs made in code: what is derived from the packs alone (fixtures'
    /// contract forms) may be kept across starts under it.
    package let sourceDigest: UInt64?

    public convenience init(packs: [ProviderPack]) {
        self.init(packs: packs, sourceDigest: nil)
    }

    private init(packs: [ProviderPack], sourceDigest: UInt64?) {
        self.packs = packs
        self.sourceDigest = sourceDigest
    }

    /// The pack named `provider`, if loaded.
    public func pack(named provider: String) -> ProviderPack? {
        packs.first { $0.provider == provider }
    }

    /// Loads every `*.openapi.json` in `directory`, or throws listing every problem by file and
    /// JSON path.
    public static func load(from directory: String) throws(FixtureLoadError) -> Contracts {
        let path = (directory as NSString).standardizingPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureLoadError(problems: [FixtureProblem(file: directory, message: "contracts folder not found")], kind: "contract")
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".openapi.json") }.sorted()
        var packs: [ProviderPack] = []
        var problems: [FixtureProblem] = []
        var digest = StableHash.mixing(UInt64(files.count), into: 0)
        let results = Parallel.map(files.count) { index -> Result<(pack: ProviderPack, digest: UInt64), FixtureLoadError> in
            let file = files[index]
            let bytes: [UInt8]
            do throws(FileBytes.IOError) { bytes = try FileBytes.read(path + "/" + file, maximumSize: FixtureLoader.maximumFixtureSize) } catch {
                return .failure(FixtureLoadError(problems: [FixtureProblem(file: file, message: "cannot be read: \(error.reason)")]))
            }
            var decoder = PackDecoder(file: file)
            guard let pack = decoder.decode(bytes) else { return .failure(FixtureLoadError(problems: decoder.problems)) }
            let named = StableHash.mixing(StableHash.fnv1a64(file.utf8), into: bytes.withUnsafeBytes(StableHash.words))
            return .success((pack, named))
        }
        for result in results {
            switch result {
            case .success(let loaded):
                packs.append(loaded.pack)
                digest = StableHash.mixing(loaded.digest, into: digest)
            case .failure(let failure): problems += failure.problems
            }
        }
        problems += overlaps(packs)
        guard problems.isEmpty else { throw FixtureLoadError(problems: problems, kind: "contract") }
        return Contracts(packs: packs, sourceDigest: digest)
    }

    /// Two packs claiming the same provider name or the same route.
    private static func overlaps(_ packs: [ProviderPack]) -> [FixtureProblem] {
        var problems: [FixtureProblem] = []
        var owners: [String: String] = [:]
        for pack in packs {
            if let other = packs.first(where: { $0 !== pack && $0.provider == pack.provider }), other.file < pack.file {
                problems.append(FixtureProblem(file: pack.file, message: "provider \"\(pack.provider)\" is also described by \(other.file)"))
            }
            for route in pack.routes {
                if let owner = owners[route], owner != pack.file {
                    problems.append(FixtureProblem(file: pack.file, message: "route \(route) is also claimed by \(owner)"))
                }
                owners[route] = pack.file
            }
        }
        return problems
    }

    /// Where a request goes: the provider whose routes hold its path (the longest route wins)
    /// and, when the contract has one, the operation.
    package func route(_ request: Request) -> ContractRoute? {
        route(method: request.method, path: request.path)
    }

    /// Where `method` on the decoded `path` goes. A fixture's template path (`/v3/businesses/{id}`)
    /// routes textually: its `{id}` segment fills the contract's placeholder like any value.
    package func route(method: String, path: String) -> ContractRoute? {
        var best: (pack: ProviderPack, path: String, length: Int)?
        for pack in packs {
            guard let (contractPath, length) = pack.contractPath(of: path) else { continue }
            if best == nil || length > best!.length { best = (pack, contractPath, length) }
        }
        guard let best else { return nil }
        let found = best.pack.operation(method: Self.upperCased(method), path: best.path)
        return ContractRoute(pack: best.pack, contractPath: best.path, operation: found?.0, pathParameters: found?.1 ?? [:])
    }

    /// `method.uppercased()`, without a copy for a method already upper-case ASCII (every one a client sends).
    private static func upperCased(_ method: String) -> String {
        method.utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) ? method : method.uppercased()
    }
}

/// A request placed in a provider's contract.
///
/// A class: a request's route is copied into its provider gate, its placement and the answer
/// timing, and as a struct every copy retained and released its four references.
package final class ContractRoute: Sendable {
    /// The provider's pack.
    public let pack: ProviderPack
    /// The path as the contract writes it (version prefix removed).
    public let contractPath: String
    /// The operation; `nil` when the contract has none for this method and path.
    package let operation: ContractOperation?
    /// The values of the operation's path placeholders.
    package let pathParameters: [String: String]

    package init(pack: ProviderPack, contractPath: String, operation: ContractOperation?, pathParameters: [String: String]) {
        self.pack = pack
        self.contractPath = contractPath
        self.operation = operation
        self.pathParameters = pathParameters
    }

    /// The operation's id, if one matched.
    public var operationID: String? { operation?.id }

    /// The real origin this request is recorded from: the operation's own server (an image
    /// CDN), else the pack's `upstream`.
    public var upstream: String? { operation?.server ?? pack.upstream }
}

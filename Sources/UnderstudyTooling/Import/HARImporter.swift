import Foundation
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Turns an HTTP Archive (HAR 1.2, as exported by browser devtools, Charles or Proxyman) into
/// fixture files, one per recorded exchange with a provider.
///
/// For an entry on a provider's host (as the packs say, see `ProviderHosts`), the import writes
/// `OUT/<provider>/<name>.json` and, when the response has a body,
/// `OUT/<provider>/<name>.body.<ext>` with the body bytes exactly as recorded. The name,
/// `get-v3-businesses-search-1a2b3c4d`, is stable, so importing again overwrites.
///
/// No credential reaches the disk: secret query parameters become `{"present": true}`
/// conditions, request headers are not written, credential response headers are dropped,
/// and bodies are scrubbed (see `BodyScrubber`; a body is re-serialised only when it held a
/// token). Entries on other hosts, failed requests and repeats of an earlier request are
/// skipped and listed in the summary; an archive that is not JSON or lacks a required member
/// is an error naming the place.
package enum HARImporter {
    /// Imports the archive at `harPath` into `outputDirectory` (created if needed), each entry
    /// into the folder of the provider whose host it was sent to.
    ///
    /// Everything is checked before the first file is written; files are then written on all
    /// cores, each atomically.
    public static func importArchive(at harPath: String, into outputDirectory: String, hosts: ProviderHosts) throws(HARImportError) -> HARImportSummary {
        let plan = try plan(try HARReader.read(harPath), archive: harPath, hosts: hosts)
        try createFolders(for: plan.fixtures, in: outputDirectory)
        try write(plan.fixtures, into: outputDirectory)
        var byProvider: [String: Int] = [:]
        for fixture in plan.fixtures { byProvider[fixture.provider, default: 0] += 1 }
        return HARImportSummary(written: plan.fixtures.count, skipped: plan.skipped, byProvider: byProvider)
    }

    /// The fixtures to write and the entries left out, in archive order.
    struct Plan {
        var fixtures: [ImportedFixture] = []
        var skipped: [HARSkippedEntry] = []
    }

    /// Decides, entry by entry in archive order, what is written and under which name: the
    /// first of several identical requests wins, and names that collide (case-insensitively,
    /// for macOS file systems) get a `-2`, `-3` suffix.
    static func plan(_ exchanges: [RecordedExchange], archive: String, hosts: ProviderHosts) throws(HARImportError) -> Plan {
        // Reading entries is independent work: done on all cores, then decided in order.
        let outcomes = Parallel.map(exchanges.count) { position in
            Result { () throws(HARImportError) in try ImportedFixture.make(from: exchanges[position], archive: archive, hosts: hosts) }
        }
        var plan = Plan()
        var firstByRequest: [String: Int] = [:]
        var usedNames: Set<String> = []
        for (exchange, outcome) in zip(exchanges, outcomes) {
            switch try outcome.get() {
            case .skipped(let reason):
                plan.skipped.append(HARSkippedEntry(index: exchange.index, url: RecordedURL.redacted(exchange.url), reason: reason))
            case .fixture(var fixture):
                let identity = fixture.provider + "/" + fixture.requestKey
                if let first = firstByRequest[identity] {
                    plan.skipped.append(HARSkippedEntry(
                        index: exchange.index, url: RecordedURL.redacted(exchange.url), reason: "duplicate of entry \(first)"))
                    continue
                }
                firstByRequest[identity] = exchange.index
                let base = ImportedFileName.base(method: fixture.method, path: fixture.path, requestKey: fixture.requestKey)
                var name = base
                var suffix = 1
                while !usedNames.insert("\(fixture.provider)/\(name.lowercased())").inserted {
                    suffix += 1
                    name = "\(base)-\(suffix)"
                }
                fixture.baseName = name
                plan.fixtures.append(fixture)
            }
        }
        return plan
    }

    private static func createFolders(for fixtures: [ImportedFixture], in outputDirectory: String) throws(HARImportError) {
        var folders = [outputDirectory]
        folders += Set(fixtures.map(\.provider)).sorted().map { (outputDirectory as NSString).appendingPathComponent($0) }
        for folder in folders {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw HARImportError(file: folder, message: "cannot create the folder: \(error.localizedDescription)")
            }
        }
    }

    /// Writes every fixture, on all cores. Each body file is written before its fixture, so a
    /// fixture never names a missing file. On failure, the error of the earliest entry is thrown.
    private static func write(_ fixtures: [ImportedFixture], into outputDirectory: String) throws(HARImportError) {
        let results = Parallel.map(fixtures.count) { position in
            Result { () throws(HARImportError) in try write(fixtures[position], into: outputDirectory) }
        }
        // Results are in entry order, so the first failure is the earliest entry's.
        for result in results { try result.get() }
        Platform.flushAllFileSystems()  // one flush for all files instead of one per file
    }

    private static func write(_ fixture: ImportedFixture, into outputDirectory: String) throws(HARImportError) {
        var body: [UInt8]?
        if fixture.body != nil {
            guard let scrubbed = fixture.scrubbedBody else {
                let path = ((outputDirectory as NSString).appendingPathComponent(fixture.folder) as NSString).appendingPathComponent(fixture.bodyFileName ?? "")
                throw HARImportError(file: path, message: "the body of entry \(fixture.index) is not valid base64")
            }
            body = scrubbed
        }
        do {
            try fixture.write(body: body, into: outputDirectory, durable: false)
        } catch {
            throw HARImportError(file: error.path, message: "cannot write: \(error.reason)")
        }
    }
}

import Foundation
import RestaurantCore
import Testing

/// The stores against a process killed mid-write (issue 8): `restaurant-store-writer` rewrites
/// favorites and the token in a loop, announcing each write before and after; the test kills
/// it with SIGKILL at varied moments and opens the stores as the next launch would.
///
/// A file that is corrupt on its own (garbage, a cut-off document) is set aside and reported:
/// see `FavoritesTests.aCorruptFileIsSetAsideReportedAndNeverOverwritten` and
/// `LoginTests.aCorruptTokenFileIsSetAsideAndTheUserLoggedOut`.
@Suite("Stores killed mid-write")
struct StoreKillTests {
    /// What a store may hold after a kill: what the writer last committed, or what it was writing.
    struct Allowed {
        var committed: String
        var writing: String?

        /// Reads the writer's lines about `store` (`favorites`, `token`) on top of `committed`.
        init(store: String, lines: [String], committed: String) {
            self.committed = committed
            for line in lines {
                if line.hasPrefix("writing \(store) ") {
                    writing = String(line.dropFirst("writing ".count))
                } else if line.hasPrefix("committed \(store) ") {
                    self.committed = String(line.dropFirst("committed ".count))
                    writing = nil
                }
            }
        }
    }

    /// `favorites 12...51` for the writer's restaurants 12 to 51, in order and nothing else.
    private func describe(_ favorites: [Restaurant]) -> String {
        let numbers = favorites.compactMap { Int($0.id.value.dropFirst("writer-".count)) }
        guard let first = numbers.first, let last = numbers.last else { return "favorites none" }
        let whole = numbers == Array(first...last) && favorites.map(\.name) == numbers.map { "Restaurant \($0)" }
        return whole ? "favorites \(first)...\(last)" : "favorites not as written: \(favorites.map(\.id))"
    }

    @Test func aKilledWriterLeavesTheLastCommittedStateOrTheOneBeingWritten() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kills = 20
        var onDisk = (favorites: "favorites none", token: "token none")
        var seen = (committed: 0, beingWritten: 0, killsMidTemporaryWrite: 0, temporaryFilesLeft: 0, lines: 0)

        for kill in 0..<kills {
            // From a kill at once (while it loads) to one some ten steps in, and from right after
            // a line to 3 ms later (about one step): reading a line takes the CPU from the writer,
            // so without the wait the kill would nearly always land just after a line.
            let writer = try await StoreWriterProcess.killed(folder: folder, afterLines: (kill * 13) % 50, thenRunning: Double(kill % 7) * 0.000_5)
            #expect(writer.termination == "signal \(SIGKILL)", "kill \(kill): \(writer.lines.suffix(3))")
            seen.lines += writer.lines.count

            let favorites = Favorites(file: folder.appendingPathComponent("favorites.json"))
            let tokens = TokenStore(file: folder.appendingPathComponent("token.json"))
            #expect(await favorites.loadProblem == nil, "kill \(kill)")
            #expect(await tokens.loadProblem == nil, "kill \(kill)")
            let loaded = (favorites: describe(await favorites.all), token: "token \(await tokens.token?.accessToken ?? "none")")

            for (store, state, before) in [("favorites", loaded.favorites, onDisk.favorites), ("token", loaded.token, onDisk.token)] {
                let allowed = Allowed(store: store, lines: writer.lines, committed: before)
                if state == allowed.committed {
                    seen.committed += 1
                } else if state == allowed.writing {
                    seen.beingWritten += 1
                } else {
                    Issue.record("kill \(kill): \(store) holds \(state); committed \(allowed.committed), writing \(allowed.writing ?? "nothing")")
                }
            }
            onDisk = loaded

            // Nothing set aside; besides the stores only the writer's temporary files, which no store reads.
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let temporary = files.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
            #expect(Set(files).subtracting(temporary).isSubset(of: ["favorites.json", "token.json"]), "kill \(kill): \(files)")
            if temporary.count > seen.temporaryFilesLeft { seen.killsMidTemporaryWrite += 1 }
            seen.temporaryFilesLeft = temporary.count
        }
        print("STORE KILLS: \(kills) kills after \(seen.lines) lines; per store, the last committed state \(seen.committed) times, "
            + "the state being written \(seen.beingWritten) times; \(seen.killsMidTemporaryWrite) kills left a temporary file "
            + "(\(seen.temporaryFilesLeft) in the end); at the end \(onDisk)")
    }

    @Test func everyCutOfAStoreFileIsSetAsideNeverReadAsLess() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let favoritesFile = folder.appendingPathComponent("favorites.json"), tokenFile = folder.appendingPathComponent("token.json")
        for n in 1...2 {
            try await Favorites(file: favoritesFile).add(Restaurant(id: RestaurantID(provider: .feed, value: "Cut \(n)"), name: "Cut \(n)"))
        }
        try await TokenStore(file: tokenFile).save(StoredToken(accessToken: "EAAUnderstudyLongLivedToken", expiresAt: Date(timeIntervalSince1970: 1_769_731_200)))

        // What a write that is not atomic leaves when it dies: the start of the file.
        for file in [favoritesFile, tokenFile] {
            let whole = try Data(contentsOf: file)
            for length in 0..<whole.count {
                try whole.prefix(length).write(to: file)
                let problem = file == favoritesFile ? await Favorites(file: file).loadProblem : await TokenStore(file: file).loadProblem
                guard case .corrupt(_, let setAside, _) = problem else {
                    Issue.record("\(file.lastPathComponent) cut at \(length) of \(whole.count) bytes: \(String(describing: problem))")
                    continue
                }
                try FileManager.default.removeItem(at: setAside)
            }
            try whole.write(to: file)
        }
        #expect(await Favorites(file: favoritesFile).all.count == 2)
        #expect(await TokenStore(file: tokenFile).token?.accessToken == "EAAUnderstudyLongLivedToken")
    }
}

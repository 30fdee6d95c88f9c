import Foundation
import RestaurantCore
import Testing
import UnderstudyTesting

@Suite("Favorites")
struct FavoritesTests {
    @Test(arguments: TestServer.Mode.allCases) func addRemoveToggleAcrossProvidersInOrderAndAfterARestart(_ mode: TestServer.Mode) async throws {
        try await withUnderstudy(fixtures: fixtures, contracts: contracts, mode: mode) { server in
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("favorites.json")
            let yelp = try await server.yelp.search(.coffeeOpenNow(in: "Cupertino, CA")).businesses.map(Restaurant.init(yelp:))
            let google = try await server.places.nearby(.around(civicCenter)).results.map { Restaurant(google: $0, photoURL: { _ in server.baseURL }) }
            guard case .modified(let lunch, _) = try await server.feed.restaurants() else {
                Issue.record("expected the feed")
                return
            }
            let feed = lunch.map(Restaurant.init(feed:))

            let favorites = Favorites(file: file)
            #expect(await favorites.all.isEmpty)
            #expect(await favorites.loadProblem == nil)
            try await favorites.add(yelp[0])
            try await favorites.add(google[3])
            try await favorites.add(feed[3])  // Pluckers: contact is null
            try await favorites.add(yelp[0])  // already there: stays in place
            #expect(try await favorites.toggle(yelp[1]) == true)
            #expect(try await favorites.toggle(google[3]) == false)
            try await favorites.remove(RestaurantID(provider: .yelp, value: "not-a-favorite"))
            #expect(await favorites.contains(yelp[0].id))
            #expect(await !favorites.contains(google[3].id))
            let expected = [yelp[0], feed[3], yelp[1]]
            #expect(await favorites.all == expected)

            // A restart: a new instance on the same file sees the same list.
            let restarted = Favorites(file: file)
            #expect(await restarted.all == expected)
            #expect(await restarted.loadProblem == nil)
            try await restarted.remove(feed[3].id)
            #expect(await Favorites(file: file).all == [yelp[0], yelp[1]])
            // Only the store itself is left in the folder: no temporary files.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["favorites.json"])
        }
    }

    @Test func aCorruptFileIsSetAsideReportedAndNeverOverwritten() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("favorites.json")
        let garbage = Data(#"{"version": 1, "favorites": [{"id": 42"#.utf8)
        try garbage.write(to: file)

        let favorites = Favorites(file: file)
        guard case .corrupt(let reported, let setAside, _) = await favorites.loadProblem else {
            Issue.record("expected a corrupt-file report, got \(String(describing: await favorites.loadProblem))")
            return
        }
        #expect(reported == file)
        #expect(setAside.lastPathComponent == "favorites.json.corrupt-1")
        #expect(try Data(contentsOf: setAside) == garbage)
        #expect(await favorites.all.isEmpty)

        // The store goes on working, and the set-aside file stays.
        let thai = Restaurant(id: RestaurantID(provider: .feed, value: "Thai Star"), name: "Thai Star")
        try await favorites.add(thai)
        #expect(await Favorites(file: file).all == [thai])
        #expect(try Data(contentsOf: setAside) == garbage)

        // A second corrupt file does not replace the first one set aside.
        try garbage.write(to: file)
        guard case .corrupt(_, let second, _) = await Favorites(file: file).loadProblem else {
            Issue.record("expected a second corrupt-file report")
            return
        }
        #expect(second.lastPathComponent == "favorites.json.corrupt-2")
    }
}

import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport

/// Fixtures that will start lying: answers holding absolute times the pack lists (`times`: a
/// token's expiry, a review's date) without `recordedAt`, whose times are already past. Replayed
/// on the real clock such an answer says its token expired, though nothing about the flow
/// changed; with `recordedAt` the times move with the clock instead. `lint` warns about them.
package enum TimeBombs {
    /// One past time in a fixture's answer.
    package struct Finding: Sendable, CustomStringConvertible {
        /// The fixture, relative to the fixtures root.
        package let file: String
        /// Where in its answer: `$.responses[1]` and the JSON pointer or header name.
        package let member: String
        /// The time it holds.
        package let time: Date

        package var description: String {
            "\(file): \(member) is \(ISO8601Time.string(from: time)), in the past, and the fixture has no recordedAt: replayed today it says so; add \"recordedAt\" (when its times were written for) so they move with the clock"
        }
    }

    /// The past times, at most one per fixture (its latest: an expiry before an issue time), in file order.
    package static func find(in fixtures: [Fixture], contracts: Contracts, now: Date) -> [Finding] {
        fixtures.filter { $0.recordedAt == nil }.sorted { $0.file < $1.file }.compactMap { fixture in
            guard let route = contracts.route(method: fixture.request.method, path: fixture.request.path.text), let operation = route.operation,
                let entry = route.pack.times.entry(for: operation.id)
            else { return nil }
            var past: [Finding] = []
            for (position, response) in fixture.responses.enumerated() {
                let place = fixture.responses.count == 1 ? "$.response" : "$.responses[\(position)]"
                for (name, format) in entry.headers {
                    for field in response.headers where field.hasName(name) {
                        if let time = format.date(of: .string(field.value)), time < now {
                            past.append(Finding(file: fixture.file, member: "\(place) header \(name)", time: time))
                        }
                    }
                }
                guard !entry.json.isEmpty, let json = body(of: response).flatMap({ try? JSONParser.parse($0) }) else { continue }
                for (pointer, format) in entry.json {
                    var found: [JSONValue] = []
                    _ = json.transforming(pointer[...]) { value in
                        found.append(value)
                        return nil
                    }
                    for time in found.compactMap(format.date(of:)) where time < now {
                        past.append(Finding(file: fixture.file, member: "\(place) /" + pointer.joined(separator: "/"), time: time))
                    }
                }
            }
            return past.max { $0.time < $1.time }
        }
    }

    /// The answer's body as served, when it is in the fixture or its file.
    private static func body(of response: FixtureResponse) -> [UInt8]? {
        switch response.body {
        case .bytes(let bytes): bytes
        case .file(let file): try? FileBytes.read(file.path)
        }
    }
}

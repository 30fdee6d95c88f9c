import UnderstudyFixtures
import UnderstudyContracts
import UnderstudySupport
/// A responder's named sessions, least recently used first: past `maximumSessions`, or while
/// all journals are over their byte budget, the least recently used one is forgotten.
final class SessionTable: Sendable {
    private struct Table {
        var byID: [String: ResponderSession] = [:]
        /// Ids by last use, oldest first; `uses` finds an id's place without a search.
        var order: [String: Int] = [:]
        var clock = 0
    }

    private let table = Locked(Table())
    private let maximumSessions: Int
    private let make: @Sendable (String) -> ResponderSession

    init(maximumSessions: Int, make: @escaping @Sendable (String) -> ResponderSession) {
        self.maximumSessions = maximumSessions
        self.make = make
    }

    /// Session `id`, created on first use; marks it used now.
    func session(_ id: String) -> ResponderSession {
        let (session, evicted) = table.withLock { table -> (ResponderSession, [ResponderSession]) in
            table.clock += 1
            table.order[id] = table.clock
            if let existing = table.byID[id] { return (existing, []) }
            let created = make(id)
            table.byID[id] = created
            var evicted: [ResponderSession] = []
            while table.byID.count > maximumSessions, let oldest = Self.leastRecentlyUsed(in: table, sparing: id) {
                evicted.append(Self.remove(oldest, from: &table))
            }
            return (created, evicted)
        }
        for old in evicted { old.detach() }
        return session
    }

    /// Forgets the least recently used sessions other than `current` while the journals are
    /// `over` their budget; `over` comes back from each detach's accounting.
    func relieve(over: Int, sparing current: ResponderSession, budget: JournalBudget) {
        var over = over
        while over > 0 {
            let evicted = table.withLock { table -> ResponderSession? in
                guard let oldest = Self.leastRecentlyUsed(in: table, sparing: current.id) else { return nil }
                return Self.remove(oldest, from: &table)
            }
            guard let evicted else { return }
            evicted.detach()
            over = budget.add(0)
        }
    }

    /// How many named sessions are kept.
    var count: Int { table.withLock { $0.byID.count } }

    /// The sessions kept, most recently used first.
    var sessions: [ResponderSession] {
        table.withLock { table in table.order.sorted { $0.value > $1.value }.compactMap { table.byID[$0.key] } }
    }

    private static func leastRecentlyUsed(in table: Table, sparing id: String?) -> String? {
        table.order.filter { $0.key != id }.min { $0.value < $1.value }?.key
    }

    private static func remove(_ id: String, from table: inout Table) -> ResponderSession {
        table.order[id] = nil
        return table.byID.removeValue(forKey: id)!
    }
}

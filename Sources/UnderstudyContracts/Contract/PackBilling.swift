import UnderstudyJSON

/// What a request costs (`x-understudy.billing`): Google bills a Places API (New) request at
/// the highest SKU among the fields its mask asks for, from a table per method. The table is
/// data in the pack, with the public page it was read from.
package struct PackBilling: Sendable {
    /// Where the table comes from, and when it was read.
    package let source: String
    /// The tiers, cheapest first (`Essentials`, `Pro`, …), shared by the methods.
    package let tiers: [String]
    package let operations: [String: Method]

    /// One method's table.
    package struct Method: Sendable {
        /// The SKU family, e.g. `Text Search`; a SKU's name is this and its tier.
        package let sku: String
        /// The path segments a place's fields sit under in the mask (`places.` for searches).
        package let prefix: [String]
        /// Each top-level field of the resource, with its tier's position in `tiers`.
        package let fields: [String: Int]
        /// The cheapest and the dearest tier `fields` names: what a mask asking for no priced
        /// field, and what `*`, is billed at (found once, not per request).
        package let cheapest: Int, dearest: Int

        package init(sku: String, prefix: [String], fields: [String: Int]) {
            self.sku = sku
            self.prefix = prefix
            self.fields = fields
            cheapest = fields.values.min() ?? 0
            dearest = fields.values.max() ?? 0
        }
    }

    package init(source: String, tiers: [String], operations: [String: Method]) {
        self.source = source
        self.tiers = tiers
        self.operations = operations
    }

    /// The SKU a request of `operation` asking for `mask` is billed at; `nil` for an operation
    /// the table does not price. Paths outside the method's prefix (`nextPageToken`) do not
    /// raise it; `*`, or the whole resource, asks for the method's most expensive field.
    package func charge(operation: String, mask: FieldMask) -> Charge? {
        guard let method = operations[operation], !method.fields.isEmpty else { return nil }
        let top = method.dearest
        var tier = method.cheapest
        var raisedBy: [String] = []
        for path in mask.segmentedPaths {
            let asked: Int
            if path == ["*"] || (path.starts(with: method.prefix) && (path.count == method.prefix.count || path[method.prefix.count] == "*")) {
                asked = top
            } else if path.starts(with: method.prefix), let known = method.fields[path[method.prefix.count]] {
                asked = known
            } else {
                continue
            }
            let written = path.joined(separator: ".")
            if asked > tier {
                tier = asked
                raisedBy = [written]
            } else if asked == tier {
                raisedBy.append(written)
            }
        }
        return Charge(sku: "\(method.sku) \(tiers[tier])", tier: tiers[tier], rank: tier, raisedBy: raisedBy.sorted())
    }

    /// The rank of tier `name` in `tiers`, compared ignoring case; `nil` for a tier the table
    /// does not name.
    package func rank(ofTier name: String) -> Int? {
        tiers.firstIndex { $0.lowercased() == name.lowercased() }
    }
}

/// The SKU one request is billed at.
package struct Charge: Sendable, Hashable {
    /// The SKU's name, e.g. `Text Search Pro`.
    package let sku: String
    /// Its tier, e.g. `Pro`.
    package let tier: String
    /// The tier's position among the pack's tiers, cheapest 0.
    package let rank: Int
    /// The mask's paths that asked for fields of this tier, sorted.
    package let raisedBy: [String]

    package init(sku: String, tier: String, rank: Int, raisedBy: [String]) {
        self.sku = sku
        self.tier = tier
        self.rank = rank
        self.raisedBy = raisedBy
    }
}

import UnderstudyJSON
import UnderstudyFixtures

/// Reading `x-understudy.billing`: the tiers and, per operation, each field's tier.
extension PackDecoder {
    package mutating func decodeBilling(_ value: JSONValue, at path: JSONPath, operations: [ContractOperation]) -> PackBilling? {
        guard let members = object(value, at: path) else { return nil }
        checkKeys(members, allowed: ["source", "tiers", "operations"], at: path)
        guard let source = requiredString(members, "source", at: path), let tiersValue = members["tiers"],
            let tiers = strings(tiersValue, at: path.appending("tiers"))
        else {
            if members["tiers"] == nil { report(path, "missing \"tiers\": the SKU tiers, cheapest first") }
            return nil
        }
        var methods: [String: PackBilling.Method] = [:]
        let operationsPath = path.appending("operations")
        guard let named = members["operations"].flatMap({ object($0, at: operationsPath) }) else {
            report(path, "missing \"operations\": each priced operation's table")
            return nil
        }
        for (id, methodValue) in named.sorted(by: { $0.key < $1.key }) {
            let methodPath = operationsPath.appending(id)
            guard let method = object(methodValue, at: methodPath) else { continue }
            checkKeys(method, allowed: ["sku", "prefix", "fields"], at: methodPath)
            guard let operation = operations.first(where: { $0.id == id }) else {
                report(methodPath, "no operation with operationId \"\(id)\"")
                continue
            }
            guard let sku = requiredString(method, "sku", at: methodPath) else { continue }
            let prefixText = method["prefix"].flatMap { string($0, at: methodPath.appending("prefix")) } ?? ""
            let prefix = prefixText.split(separator: ".").map(String.init)
            var fields: [String: Int] = [:]
            if let value = method["fields"], let table = object(value, at: methodPath.appending("fields")) {
                for (field, tierValue) in table.sorted(by: { $0.key < $1.key }) {
                    guard let tier = string(tierValue, at: methodPath.appending("fields").appending(field)) else { continue }
                    guard let rank = tiers.firstIndex(of: tier) else {
                        report(methodPath.appending("fields").appending(field), "unknown tier \"\(tier)\"; tiers: \(tiers.joined(separator: ", "))")
                        continue
                    }
                    fields[field] = rank
                }
            }
            if fields.isEmpty { report(methodPath, "missing \"fields\": each field of the answer with its tier") }
            // Every field a mask may name is priced: a field left out would bill as the cheapest.
            var level = operation.maskFields
            for segment in prefix { level = level?.members[segment] }
            let unpriced = (level?.members.keys.sorted() ?? []).filter { fields[$0] == nil }
            if !unpriced.isEmpty {
                report(methodPath.appending("fields"), "no tier for \(unpriced.joined(separator: ", ")), which \(id)'s answer can hold")
            }
            methods[id] = PackBilling.Method(sku: sku, prefix: prefix, fields: fields)
        }
        return PackBilling(source: source, tiers: tiers, operations: methods)
    }
}

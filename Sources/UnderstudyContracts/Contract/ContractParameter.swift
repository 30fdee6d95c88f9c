import Foundation
import UnderstudyJSON
import UnderstudyFixtures
import UnderstudySupport

/// One parameter of a contract operation: where it is read from, whether it must be there,
/// and the schema its value must fit. A class: every request's checks walk an operation's
/// parameters, and copying a value of eleven members per parameter was 5 % of the CPU.
package final class ContractParameter: Sendable {
    package enum Location: String, Sendable, CaseIterable {
        case query, path, header
    }

    package let name: String
    package let location: Location
    package let required: Bool
    /// The schema the value must fit, compiled; `nil` when the contract gives none.
    package let schema: JSONSchema?
    /// The JSON types a text value may be read as, most specific first.
    package let types: [String]
    /// For a list parameter (`type: array`): the separator between items (`nil`: the
    /// parameter repeated, OpenAPI's `explode: true`) and their types.
    package let list: (separator: String?, itemTypes: [String])?
    /// The value used when the parameter is absent (the schema's `default`).
    package let defaultValue: JSONValue?
    /// The provider's message when the value is invalid (`x-understudy-message`).
    package let message: String?
    /// The declared parameter this one is another spelling of (`x-understudy-aliasOf`):
    /// Google's `placeid` for `place_id`. Fixtures match either spelling.
    package let aliasOf: String?
    /// The texts the provider reads as booleans (`x-understudy.booleans`).
    package let booleans: BooleanSpellings
    /// Values the provider treats as if the parameter were absent (`x-understudy-ignoredValues`):
    /// placeholders clients send for unset options, e.g. googlemaps 4.10.0's `minprice=None`.
    package let ignoredValues: Set<String>

    package init(
        name: String, location: Location, required: Bool, schema: JSONSchema?, types: [String],
        list: (separator: String?, itemTypes: [String])?, defaultValue: JSONValue?, message: String?,
        aliasOf: String? = nil, booleans: BooleanSpellings = .standard, ignoredValues: Set<String> = []
    ) {
        self.name = name
        self.location = location
        self.required = required
        self.schema = schema
        self.types = types
        self.list = list
        self.defaultValue = defaultValue
        self.message = message
        self.aliasOf = aliasOf
        self.booleans = booleans
        self.ignoredValues = ignoredValues
    }

    /// The parameter's raw values in `request`; empty when absent.
    package func texts(in request: Request, pathParameters: [String: String]) -> [String] {
        let texts: [String] =
            switch location {
            case .query: request.query.values(name)
            case .path: pathParameters[name].map { [$0] } ?? []
            case .header: request.headerValues(name)
            }
        return ignoredValues.isEmpty ? texts : texts.filter { !ignoredValues.contains($0) }
    }

    /// The value as the schema sees it: query text read as the type the schema declares,
    /// so `limit=100` is checked as the integer 100 and `open_now=true` as a boolean.
    /// `texts` holds every value of the parameter (a repeated list parameter has several).
    package func value(of texts: [String]) -> JSONValue {
        guard let list else { return Self.convert(texts.first ?? "", as: types, booleans: booleans) }
        guard let separator = list.separator else { return .array(texts.map { Self.convert($0, as: list.itemTypes, booleans: booleans) }) }
        guard let text = texts.first, !text.isEmpty else { return .array([]) }
        return .array(text.components(separatedBy: separator).map { Self.convert($0, as: list.itemTypes, booleans: booleans) })
    }

    /// `text` as the first of `types` it can be read as; a string when none fits, so the
    /// schema reports the wrong type instead of the conversion hiding it.
    package static func convert(_ text: String, as types: [String], booleans: BooleanSpellings = .standard) -> JSONValue {
        for type in types {
            switch type {
            case "integer":
                if Int(text) != nil, let number = JSONNumber(text: text) { return .number(number) }
            case "number":
                if let number = JSONNumber(text: text) { return .number(number) }
            case "boolean":
                if let value = booleans.value(of: text) { return .bool(value) }
            default:
                break
            }
        }
        return .string(text)
    }

    /// The order conversions are tried in: the narrowest reading first, text last.
    package static func conversionOrder(_ types: [String]) -> [String] {
        let order = ["integer", "number", "boolean", "string"]
        return types.sorted { (order.firstIndex(of: $0) ?? order.count) < (order.firstIndex(of: $1) ?? order.count) }
    }
}

extension RoutesV2 {
    /// A `google.protobuf.Duration` as JSON writes it: seconds and a final `s` (`"527s"`,
    /// `"1.5s"`). Anything else does not decode.
    public struct Duration: Codable, Sendable, Hashable, CustomStringConvertible {
        /// The duration in seconds.
        public let seconds: Double

        /// A duration of `seconds`.
        public init(seconds: Double) {
            self.seconds = seconds
        }

        /// `text`'s seconds, or `nil` unless it is a number of seconds followed by `s`.
        public init?(_ text: String) {
            guard text.hasSuffix("s"), let seconds = Double(text.dropLast()), seconds.isFinite,
                  text.dropLast().allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
            else { return nil }
            self.seconds = seconds
        }

        /// The seconds, rounded to the nearest whole second.
        public var wholeSeconds: Int { Int(seconds.rounded()) }

        /// `"527s"`, as Google writes it.
        public var description: String {
            seconds == seconds.rounded() ? "\(Int(seconds))s" : "\(seconds)s"
        }

        /// Reads `"527s"`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let duration = Duration(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a duration such as \"527s\"")
            }
            self = duration
        }

        /// Writes `"527s"`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }
}

extension Graph {
    /// The answer to `/debug_token`: what Facebook knows about a token.
    public struct DebugToken: Codable, Sendable, Hashable {
        /// The token's state; `data` is an object.
        public struct Info: Codable, Sendable, Hashable {
            /// Why the token is invalid.
            public struct Problem: Codable, Sendable, Hashable {
                public let code: Int
                public let message: String
                public let subcode: Int?
            }

            public let appID: FlexibleID?
            /// `USER`, `PAGE` or `APP`.
            public let type: String?
            /// The app's name.
            public let application: String?
            public let dataAccessExpiresAt: Int?
            /// Unix seconds; 0 means never.
            public let expiresAt: Int?
            public let isValid: Bool
            /// Not returned for short-lived tokens.
            public let issuedAt: Int?
            public let metadata: [String: String]?
            public let scopes: [String]?
            public let userID: FlexibleID?
            public let error: Problem?

            enum CodingKeys: String, CodingKey {
                case type, application, metadata, scopes, error
                case appID = "app_id", dataAccessExpiresAt = "data_access_expires_at", expiresAt = "expires_at"
                case isValid = "is_valid", issuedAt = "issued_at", userID = "user_id"
            }
        }
        public let data: Info
    }

    /// An id Graph writes as a string or, in some examples, as a number.
    public struct FlexibleID: Codable, Sendable, Hashable, CustomStringConvertible {
        public let description: String

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                description = String(number)
            } else {
                description = try container.decode(String.self)
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }
}

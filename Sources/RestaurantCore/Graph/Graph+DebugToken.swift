extension Graph {
    /// The answer to `/debug_token`: what Facebook knows about a token.
    public struct DebugToken: Codable, Sendable, Hashable {
        /// The token's state; `data` is an object.
        public struct Info: Codable, Sendable, Hashable {
            /// Why the token is invalid.
            public struct Problem: Codable, Sendable, Hashable {
                /// `code`, as the provider sends it.
                public let code: Int
                /// `message`, as the provider sends it.
                public let message: String
                /// `subcode`, as the provider sends it.
                public let subcode: Int?
            }

            /// `app_id`, as the provider sends it.
            public let appID: FlexibleID?
            /// `USER`, `PAGE` or `APP`.
            public let type: String?
            /// The app's name.
            public let application: String?
            /// `data_access_expires_at`, as the provider sends it.
            public let dataAccessExpiresAt: Int?
            /// Unix seconds; 0 means never.
            public let expiresAt: Int?
            /// `is_valid`, as the provider sends it.
            public let isValid: Bool
            /// Not returned for short-lived tokens.
            public let issuedAt: Int?
            /// `metadata`, as the provider sends it.
            public let metadata: [String: String]?
            /// `scopes`, as the provider sends it.
            public let scopes: [String]?
            /// `user_id`, as the provider sends it.
            public let userID: FlexibleID?
            /// `error`, as the provider sends it.
            public let error: Problem?

            enum CodingKeys: String, CodingKey {
                case type, application, metadata, scopes, error
                case appID = "app_id", dataAccessExpiresAt = "data_access_expires_at", expiresAt = "expires_at"
                case isValid = "is_valid", issuedAt = "issued_at", userID = "user_id"
            }
        }
        /// `data`, as the provider sends it.
        public let data: Info
    }

    /// An id Graph writes as a string or, in some examples, as a number.
    public struct FlexibleID: Codable, Sendable, Hashable, CustomStringConvertible {
        /// `description`, as the provider sends it.
        public let description: String

        /// Reads a number or a string.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                description = String(number)
            } else {
                description = try container.decode(String.self)
            }
        }

        /// Writes a string.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(description)
        }
    }
}

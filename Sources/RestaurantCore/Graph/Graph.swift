/// Facebook login over the Graph API: the shapes of its answers, as `providers.md` §3
/// describes them.
public enum Graph {
    /// The answer to `/oauth/access_token` (code exchange, long-lived exchange).
    public struct AccessToken: Codable, Sendable, Hashable {
        /// `access_token`, as the provider sends it.
        public let accessToken: String
        /// `token_type`, as the provider sends it.
        public let tokenType: String
        /// Seconds from now; about 60 days for a long-lived token.
        public let expiresIn: Int?

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token", tokenType = "token_type", expiresIn = "expires_in"
        }
    }

    /// The logged-in user (`/me?fields=id,name,email,picture`).
    public struct User: Codable, Sendable, Hashable {
        /// The profile picture.
        public struct Picture: Codable, Sendable, Hashable {
            /// The picture's data.
            public struct Data: Codable, Sendable, Hashable {
                /// `height`, as the provider sends it.
                public let height: Int
                /// `width`, as the provider sends it.
                public let width: Int
                /// `is_silhouette`, as the provider sends it.
                public let isSilhouette: Bool
                /// `url`, as the provider sends it.
                public let url: String

                enum CodingKeys: String, CodingKey {
                    case height, width, url
                    case isSilhouette = "is_silhouette"
                }
            }
            /// `data`, as the provider sends it.
            public let data: Data
        }

        /// `id`, as the provider sends it.
        public let id: String
        /// `name`, as the provider sends it.
        public let name: String
        /// Absent when the user did not grant `email`.
        public let email: String?
        /// `picture`, as the provider sends it.
        public let picture: Picture?

        /// A user (for tests and previews).
        public init(id: String, name: String, email: String? = nil, picture: Picture? = nil) {
            self.id = id
            self.name = name
            self.email = email
            self.picture = picture
        }
    }

    /// The answer to `/me/permissions`.
    public struct Permissions: Codable, Sendable, Hashable {
        /// One permission and whether it is `granted`, `declined` or `expired`.
        public struct Permission: Codable, Sendable, Hashable {
            /// `permission`, as the provider sends it.
            public let permission: String
            /// `status`, as the provider sends it.
            public let status: String
        }
        /// `data`, as the provider sends it.
        public let data: [Permission]
    }

    /// The answer to a `DELETE` (revoking the app or a permission): `true`, as the docs say, or
    /// `{"success": true}`, as newer versions send.
    public struct Deleted: Decodable, Sendable, Hashable {
        /// Whether Graph did it.
        public let success: Bool

        enum CodingKeys: String, CodingKey {
            case success
        }

        public init(from decoder: any Decoder) throws {
            if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
                success = flag
            } else {
                success = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .success)
            }
        }
    }

    /// The `{"error": {...}}` envelope of Graph errors (HTTP 400 for token errors).
    public struct ErrorAnswer: Codable, Sendable, Hashable {
        /// The error itself.
        public struct Detail: Codable, Sendable, Hashable {
            /// `message`, as the provider sends it.
            public let message: String
            /// `OAuthException`, …
            public let type: String?
            /// 190: the token is invalid or expired.
            public let code: Int
            /// 463: expired; 460: password changed; …
            public let subcode: Int?
            /// `fbtrace_id`, as the provider sends it.
            public let traceID: String?
            /// `error_user_title`, as the provider sends it.
            public let userTitle: String?
            /// `error_user_msg`, as the provider sends it.
            public let userMessage: String?

            enum CodingKeys: String, CodingKey {
                case message, type, code
                case subcode = "error_subcode", traceID = "fbtrace_id", userTitle = "error_user_title", userMessage = "error_user_msg"
            }
        }
        /// `error`, as the provider sends it.
        public let error: Detail
    }
}

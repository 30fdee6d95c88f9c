extension Yelp {
    /// The answer to `GET /v3/businesses/search`.
    public struct SearchAnswer: Codable, Sendable, Hashable {
        /// The search's center.
        public struct Region: Codable, Sendable, Hashable {
            /// `center`, as the provider sends it.
            public let center: Coordinates
        }

        /// `businesses`, as the provider sends it.
        public let businesses: [Business]
        /// All matches, of which at most 240 can be paged through.
        public let total: Int
        /// `region`, as the provider sends it.
        public let region: Region?
    }

    /// The answer to `GET /v3/businesses/{id}/reviews`: up to three excerpts.
    public struct ReviewsAnswer: Codable, Sendable, Hashable {
        /// One review excerpt.
        public struct Review: Codable, Sendable, Hashable {
            /// Who wrote it.
            public struct User: Codable, Sendable, Hashable {
                /// `id`, as the provider sends it.
                public let id: String
                /// `profile_url`, as the provider sends it.
                public let profileURL: String
                /// May be `null`.
                public let imageURL: String?
                /// `name`, as the provider sends it.
                public let name: String

                enum CodingKeys: String, CodingKey {
                    case id, name
                    case profileURL = "profile_url", imageURL = "image_url"
                }
            }

            /// `id`, as the provider sends it.
            public let id: String
            /// `url`, as the provider sends it.
            public let url: String
            /// An excerpt of about 160 characters.
            public let text: String
            /// `rating`, as the provider sends it.
            public let rating: Int
            /// `YYYY-MM-DD HH:MM:SS`, Pacific time.
            public let timeCreated: String
            /// `user`, as the provider sends it.
            public let user: User

            enum CodingKeys: String, CodingKey {
                case id, url, text, rating, user
                case timeCreated = "time_created"
            }
        }

        /// `reviews`, as the provider sends it.
        public let reviews: [Review]
        /// All reviews of the business.
        public let total: Int
        /// `possible_languages`, as the provider sends it.
        public let possibleLanguages: [String]?

        enum CodingKeys: String, CodingKey {
            case reviews, total
            case possibleLanguages = "possible_languages"
        }
    }
}

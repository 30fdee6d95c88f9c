/// Google Places (legacy web service) and Directions: the shapes of their answers, as
/// `providers.md` §2 describes them. Errors come with HTTP 200 and a `status` other than `OK`.
public enum Google {
    /// `{"lat", "lng"}`.
    public struct LatLng: Codable, Sendable, Hashable {
        /// `lat`, as the provider sends it.
        public let lat: Double
        /// `lng`, as the provider sends it.
        public let lng: Double
    }

    /// A place's position.
    public struct Geometry: Codable, Sendable, Hashable {
        /// `location`, as the provider sends it.
        public let location: LatLng
    }

    /// A photo reference, to be fetched through the photo endpoint.
    public struct Photo: Codable, Sendable, Hashable {
        /// `height`, as the provider sends it.
        public let height: Int
        /// `width`, as the provider sends it.
        public let width: Int
        /// Credits that must be shown with the photo.
        public let htmlAttributions: [String]
        /// `photo_reference`, as the provider sends it.
        public let photoReference: String

        enum CodingKeys: String, CodingKey {
            case height, width
            case htmlAttributions = "html_attributions", photoReference = "photo_reference"
        }
    }

    /// Opening hours: search results carry only `open_now`.
    public struct OpeningHours: Codable, Sendable, Hashable {
        /// One opening; `day` 0 is Sunday, `time` is `HHMM`.
        public struct Period: Codable, Sendable, Hashable {
            /// A day and a time.
            public struct Moment: Codable, Sendable, Hashable {
                /// `day`, as the provider sends it.
                public let day: Int
                /// `time`, as the provider sends it.
                public let time: String
            }
            /// `open`, as the provider sends it.
            public let open: Moment
            /// Absent for a place open around the clock.
            public let close: Moment?
        }

        /// `open_now`, as the provider sends it.
        public let openNow: Bool?
        /// `periods`, as the provider sends it.
        public let periods: [Period]?
        /// `["Monday: 11:00 AM – 9:30 PM", …]`, Monday first.
        public let weekdayText: [String]?

        enum CodingKeys: String, CodingKey {
            case periods
            case openNow = "open_now", weekdayText = "weekday_text"
        }
    }

    /// A place review (details only, up to five).
    public struct Review: Codable, Sendable, Hashable {
        /// `author_name`, as the provider sends it.
        public let authorName: String
        /// `author_url`, as the provider sends it.
        public let authorURL: String?
        /// `profile_photo_url`, as the provider sends it.
        public let profilePhotoURL: String?
        /// `language`, as the provider sends it.
        public let language: String?
        /// `original_language`, as the provider sends it.
        public let originalLanguage: String?
        /// 1 to 5.
        public let rating: Int
        /// `relative_time_description`, as the provider sends it.
        public let relativeTimeDescription: String
        /// `text`, as the provider sends it.
        public let text: String
        /// Unix seconds.
        public let time: Int
        /// `translated`, as the provider sends it.
        public let translated: Bool?

        enum CodingKeys: String, CodingKey {
            case language, rating, text, time, translated
            case authorName = "author_name", authorURL = "author_url", profilePhotoURL = "profile_photo_url"
            case originalLanguage = "original_language", relativeTimeDescription = "relative_time_description"
        }
    }

    /// `status` and `error_message`: all an error answer is sure to have.
    public struct StatusAnswer: Codable, Sendable, Hashable {
        /// `status`, as the provider sends it.
        public let status: String
        /// `error_message`, as the provider sends it.
        public let errorMessage: String?

        enum CodingKeys: String, CodingKey {
            case status
            case errorMessage = "error_message"
        }
    }
}

/// An answer whose `status` says whether it succeeded.
protocol GoogleStatusAnswer: Decodable, Sendable {
    var status: String { get }
    var errorMessage: String? { get }
}

extension GoogleStatusAnswer {
    /// Throws the answer's status as a provider error unless it is `OK` (or one of `accepted`).
    func checked(accepting accepted: Set<String> = ["OK"]) throws(RestaurantError) -> Self {
        guard accepted.contains(status) else {
            throw .provider(ProviderError(provider: .google, status: 200, code: status, message: errorMessage))
        }
        return self
    }
}

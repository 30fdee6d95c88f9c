extension PlacesV1 {
    /// The answer to `POST /v1/places:searchNearby`: at most 20 places, no pages. Google sends
    /// `{}` when nothing is near.
    public struct SearchNearbyAnswer: Codable, Sendable, Hashable {
        /// `places`, as the provider sends it.
        public let places: [Place]?
    }

    /// The answer to `POST /v1/places:searchText`: a page of places and, unless this is the last
    /// page (and if the mask asked for it), the token of the next.
    public struct SearchTextAnswer: Codable, Sendable, Hashable {
        /// `places`, as the provider sends it.
        public let places: [Place]?
        /// Sent back as `pageToken` with the same search for the next page.
        public let nextPageToken: String?
    }

    /// The answer to the photo media endpoint asked with `skipHttpRedirect=true`.
    public struct PhotoMedia: Codable, Sendable, Hashable {
        /// `places/{placeId}/photos/{photoId}/media`.
        public let name: String?
        /// A short-lived URL of the image.
        public let photoUri: String
    }

    /// The answer to `POST /v1/places:autocomplete`.
    public struct AutocompleteAnswer: Codable, Sendable, Hashable {
        /// One suggestion: a place, or a query to search for.
        public struct Suggestion: Codable, Sendable, Hashable {
            /// `placePrediction`, as the provider sends it.
            public let placePrediction: PlacePrediction?
            /// `queryPrediction`, as the provider sends it.
            public let queryPrediction: QueryPrediction?
        }

        /// A place the input may name.
        public struct PlacePrediction: Codable, Sendable, Hashable {
            /// `places/{placeId}`.
            public let place: String?
            /// The place id, for Place Details (New).
            public let placeId: String
            /// The whole suggestion as one line.
            public let text: Text
            /// The name and the rest apart, for two-line rows.
            public let structuredFormat: StructuredFormat?
            /// `types`, as the provider sends it.
            public let types: [String]?
        }

        /// A query the input may be the start of.
        public struct QueryPrediction: Codable, Sendable, Hashable {
            /// `text`, as the provider sends it.
            public let text: Text
        }

        /// `{"text": "…"}` (the matched ranges are not kept).
        public struct Text: Codable, Sendable, Hashable {
            /// `text`, as the provider sends it.
            public let text: String
        }

        /// `mainText` (the name) and `secondaryText` (where it is).
        public struct StructuredFormat: Codable, Sendable, Hashable {
            /// `mainText`, as the provider sends it.
            public let mainText: Text
            /// `secondaryText`, as the provider sends it.
            public let secondaryText: Text?
        }

        /// Google sends `{}` when nothing matches.
        public let suggestions: [Suggestion]?
    }
}

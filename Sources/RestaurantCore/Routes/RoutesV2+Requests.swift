extension TravelMode {
    /// The Routes API's name of the mode.
    var routesV2: String {
        switch self {
        case .walking: "WALK"
        case .driving: "DRIVE"
        }
    }
}

extension RoutesV2 {
    /// A stop given by its coordinates: `{"location": {"latLng": {"latitude", "longitude"}}}`.
    struct Waypoint: Encodable {
        struct Location: Encodable {
            let latLng: PlacesV1.LatLng
        }

        let location: Location

        init(_ coordinate: Coordinate) {
            location = Location(latLng: PlacesV1.LatLng(coordinate))
        }
    }

    /// The body of `computeRoutes`.
    struct RouteBody: Encodable {
        let origin: Waypoint
        let destination: Waypoint
        let travelMode: String
    }

    /// An origin or a destination of a matrix: `{"waypoint": {…}}`.
    struct MatrixWaypoint: Encodable {
        let waypoint: Waypoint
    }

    /// The body of `computeRouteMatrix`.
    struct MatrixBody: Encodable {
        let origins: [MatrixWaypoint]
        let destinations: [MatrixWaypoint]
        let travelMode: String
    }
}

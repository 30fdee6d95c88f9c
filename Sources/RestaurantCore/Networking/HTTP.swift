import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests to one provider (GETs, Graph's DELETEs, and POSTs of a JSON body), with its errors
/// turned into `RestaurantError`.
struct HTTP: Sendable {
    let provider: Provider
    let baseURL: URL
    let session: URLSession

    /// The URL of `path` (as the provider writes it, starting with `/`) under the base URL.
    func url(_ path: String, query: [URLQueryItem] = []) -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return baseURL.appendingPathComponent(path) }
        let prefix = components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
        if !query.isEmpty {
            components.queryItems = query
            // URLComponents leaves `+` alone, which servers read as a space.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components.url ?? baseURL.appendingPathComponent(path)
    }

    /// The raw answer to a GET (or `method`) of `url`. Any HTTP status comes back; a fixture
    /// miss and a failed transport throw.
    func get(_ url: URL, method: String = "GET", headers: [String: String] = [:]) async throws(RestaurantError) -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    /// The raw answer to `request`. Any HTTP status comes back; a fixture miss and a failed
    /// transport throw.
    func send(_ request: URLRequest) async throws(RestaurantError) -> (Data, HTTPURLResponse) {
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            throw .transport(error.code)
        } catch {
            throw .transport(.unknown)
        }
        guard let http = response as? HTTPURLResponse else { throw .transport(.badServerResponse) }
        if http.statusCode == 404, http.value(forHTTPHeaderField: "X-Understudy-Miss") != nil {
            throw .unmatchedRequest(report: String(decoding: data, as: UTF8.self))
        }
        return (data, http)
    }

    /// The JSON answer to a GET (or `method`) of `path`, decoded; a non-2xx answer throws the provider's error.
    func json<Answer: Decodable>(
        _: Answer.Type, _ path: String, method: String = "GET", query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws(RestaurantError) -> Answer {
        let (data, response) = try await get(url(path, query: query), method: method, headers: headers)
        return try decoded(Answer.self, data, response)
    }

    /// The JSON answer to a POST of `body`, as JSON, to `path`, decoded; a non-2xx answer
    /// throws the provider's error.
    func json<Answer: Decodable, Body: Encodable>(
        _: Answer.Type, post path: String, body: Body, headers: [String: String] = [:]
    ) async throws(RestaurantError) -> Answer {
        var request = URLRequest(url: url(path))
        request.httpMethod = "POST"
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            request.httpBody = try encoder.encode(body)
        } catch {
            throw .decoding(detail: "\(Body.self) does not encode as JSON: \(error)")
        }
        let (data, response) = try await send(request)
        return try decoded(Answer.self, data, response)
    }

    private func decoded<Answer: Decodable>(_: Answer.Type, _ data: Data, _ response: HTTPURLResponse) throws(RestaurantError) -> Answer {
        guard (200..<300).contains(response.statusCode) else {
            throw ErrorEnvelope.error(from: data, provider: provider, status: response.statusCode)
        }
        return try JSON.decode(Answer.self, from: data)
    }
}

/// Decoding with errors that say where.
enum JSON {
    static func decode<Value: Decodable>(_: Value.Type, from data: Data) throws(RestaurantError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw .decoding(detail: "\(Value.self): \(path(context.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(type, context) {
            throw .decoding(detail: "\(Value.self): \(path(context.codingPath)) is not \(type)")
        } catch let DecodingError.valueNotFound(type, context) {
            throw .decoding(detail: "\(Value.self): \(path(context.codingPath)) is null, expected \(type)")
        } catch let DecodingError.dataCorrupted(context) {
            throw .decoding(detail: "\(Value.self): \(path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw .decoding(detail: "\(Value.self): \(error)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        "$" + keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}

import Foundation
import UnderstudyFixtures
import UnderstudySupport

/// One request's place in the contracts: its route, what its form in the contract's terms
/// changes, and whether its parameters surely pass. `TargetMemo` keeps it by method and target.
package final class ContractPlacement: Sendable {
    /// Where the request goes; `nil` when no provider's routes hold its path.
    package let route: ContractRoute?
    /// What its form in the contract's terms changes (`nil`: it is its own form).
    package let rewrite: ContractMatching.Rewrite?
    /// Whether the operation's parameter and rule checks surely find nothing: `false` when
    /// they find something or read the headers, and then they run for the request.
    package let parametersPass: Bool

    /// Places `request` the general way.
    package init(_ request: Request, in contracts: Contracts) {
        let route = contracts.route(request)
        self.route = route
        rewrite = route.flatMap { ContractMatching.rewrite(of: request, route: $0) }
        parametersPass = route.map { route in
            guard let operation = route.operation, !operation.readsHeaderParameters, operation.requestBody == nil else { return false }
            return RequestChecker(route: route, request: request).parameterFinding() == nil
        } ?? false
    }

    /// `request`'s form in the contract's terms, as `ContractMatching.form(of:route:)` gives it.
    package func form(of request: Request) -> (request: Request, version: String?) {
        rewrite?.form(of: request) ?? (request, nil)
    }
}

extension Contracts {
    /// Where `request` falls in the contracts, placed now.
    package func placement(of request: Request) -> ContractPlacement {
        ContractPlacement(request, in: self)
    }
}

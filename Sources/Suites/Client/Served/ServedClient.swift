public import FlowCheckCore
import Foundation
import HTTPWire
import JSON
public import NavigationModel
import ProcessProtocol
public import RUFClientModel

/// A RUF client whose requests the kit sees on the network: `flowcheck serve`.
///
/// The kit listens on 127.0.0.1 and starts the harness (an app's or SDK's test harness that speaks the process
/// protocol's client commands) with `FLOWCHECK_SERVER_URL` set to its base URL, which the harness gives its SDK as the
/// server. Inputs go to the harness as in a JSON-lines run; a response input is not applied by the harness but
/// answered by the kit on the network to the request still waiting (`"delivered": true` in the `client`
/// command; `false` when none waits), and the harness replies once its SDK has processed it. The requests of each
/// step's reply are those that arrived on the network, checked against the api-contract (RUF-REQUEST-WIRE), not the
/// ones the harness reports.
public final class ServedClient: ClientImplementation, TimeBoundImplementation, RecoveringImplementation {
    let harness: ProcessImplementation
    let server: HTTPServer
    let network: NetworkExchanges
    /// The parameters of the last create dispatched, which its request must carry.
    private var createParams: JSONValue?
    /// How many of the run's arrivals a step has read: those after it arrived when no step was waiting for them.
    private var consumed = 0

    /// How long a request the harness reports may take to arrive when it was not written before the reply: a
    /// harness that replies a moment before its SDK writes is given this much, and one not here by then is not coming.
    static let arrival = Duration.milliseconds(20)

    /// The kit's server on `port` (0: a free one), and the harness started with its URL.
    /// - Throws: ``PortUnavailable`` when the port cannot be bound; ``ProcessError`` when the harness does not start or
    ///   say hello.
    public init(
        harness commandLine: String, port: UInt16 = 0, stepTimeout: Duration = .seconds(5),
        helloTimeout: Duration? = nil
    ) throws {
        let network = NetworkExchanges(longestWait: .seconds(600))
        do {
            server = try HTTPServer(HTTPServer.Configuration(port: port), refused: network.refused) {
                network.arrived($0)
            }
        } catch {
            throw PortUnavailable(message: error.message)
        }
        self.network = network
        server.start()
        do {
            harness = try ProcessImplementation(
                commandLine: "FLOWCHECK_SERVER_URL=\(server.url) " + commandLine, stepTimeout: stepTimeout,
                helloTimeout: helloTimeout)
        } catch {
            network.stop()
            server.stop()
            throw error
        }
    }

    /// The base URL the harness was given.
    public var url: String { server.url }

    public var info: ImplementationInfo { harness.info }

    /// The harness's declaration, the client suite alone (the only one served), with the network seen.
    public var capabilities: Capabilities {
        var capabilities = harness.capabilities
        capabilities.suites = capabilities.suites.filter { $0 == .client }
        capabilities.client.overHTTP = true
        return capabilities
    }

    public var stopBy: ContinuousClock.Instant? {
        get { harness.stopBy }
        set { harness.stopBy = newValue }
    }

    public var stepLimit: Duration? { harness.stepLimit }

    public var breakdowns: [String] { harness.breakdowns }

    public func startAfresh() { harness.startAfresh() }

    /// Stops the harness and the server; every request still waiting is answered 503.
    public func stop() {
        network.stop()
        harness.stop()
        server.stop()
    }

    public func resetClient(to stack: ScreenStack, profile: NavigationProfile) throws {
        // The harness first: a request its SDK still sends for the run that ends goes out before it replies, and is
        // then answered 503 with the rest, not taken for the new run's.
        defer {
            catchUp()
            network.reset()
            (createParams, consumed) = (nil, 0)
        }
        try harness.reset(ServedClientWire(), to: (stack, profile))
    }

    /// Resets, then applies every input; a request that arrives after the harness replied to the step that sent
    /// it is added to that step, as departing from the protocol (RUF-REQUEST-WIRE).
    public func run(
        initial: ScreenStack, profile: NavigationProfile, inputs: [ClientInput]
    ) throws -> [ClientObservation] {
        try resetClient(to: initial, profile: profile)
        var observations: [ClientObservation] = []
        observations.reserveCapacity(inputs.count)
        for input in inputs {
            addLate(to: &observations)
            observations.append(try apply(input))
        }
        // What came after the last step's read: sent after its harness replied.
        addLate(to: &observations)
        return observations
    }

    /// Requests that arrived since the last step's were read: sent after its harness replied.
    private func addLate(to observations: inout [ClientObservation]) {
        let late = network.arrivals(from: consumed, to: network.count)
        consumed += late.count
        guard !observations.isEmpty else { return }
        for arrival in late {
            var request = ClientRequest(arrival, createParams: createParams)
            // Sending an answered request again is a retry, whenever it comes.
            guard !request.retried else { continue }
            let problem = "it arrived after the harness replied to the step that sent it"
            request.departs("late", problem, first: true)
            request.unreported = true
            observations[observations.count - 1].events.append(.request(request))
        }
    }

    public func apply(_ input: ClientInput) throws -> ClientObservation {
        let mark = consumed
        var delivered: Bool?
        switch input {
        case .create(_, let params): createParams = params
        case .dispatch: break
        case .respond(let session):
            let body = Data(JSONWriter.bytes(session.json, sortedKeys: false))
            var headers = HTTPHeaders()
            headers.add("Content-Type", "application/json")
            delivered = network.answerWaiting(with: HTTPResponse(status: 200, headers: headers, body: body))
        }
        var observation = try harness.step(ServedClientWire(), (input, delivered))
        catchUp()
        let claimed = observation.events.filter { $0.kind == "request" }.count
        let seen = network.arrivals(after: mark, expected: claimed, timeout: Self.arrival)
        consumed = mark + seen.count
        observation.events = Self.events(
            observation.events, requests: seen.map { ClientRequest($0, createParams: createParams) })
        return observation
    }

    /// Waits until every request the SDK wrote before its harness replied is among the arrivals: on a loaded
    /// machine the server's threads may not yet have read what the kernel holds.
    private func catchUp() {
        guard let handedOn = server.handedOn(until: .now + .seconds(1)) else { return }
        network.recorded(handedOn)
    }

    /// The harness's events with its requests replaced by those the network saw, in order: a request it reports
    /// that never arrived stays, marked as such (RUF-REQUEST-WIRE); one it does not report is added after the last
    /// it reports, marked unreported (a comparison places it where the reference client sends it).
    static func events(_ reported: [ClientEvent], requests: [ClientRequest]) -> [ClientEvent] {
        var remaining = requests[...]
        var result: [ClientEvent] = []
        var lastRequest = -1
        for event in reported {
            guard case .request(var claimed) = event else {
                result.append(event)
                continue
            }
            if let next = remaining.popFirst() {
                result.append(.request(next))
            } else {
                claimed.departs("never arrived", "the harness reports it, but it never arrived at the kit")
                result.append(.request(claimed))
            }
            lastRequest = result.count - 1
        }
        let unreported = remaining.map { request -> ClientEvent in
            var request = request
            request.unreported = true
            return .request(request)
        }
        result.insert(contentsOf: unreported, at: lastRequest + 1)
        return result
    }
}

/// The port the kit was to listen on could not be bound (taken, or not allowed).
public struct PortUnavailable: Error, CustomStringConvertible {
    /// Why, in one sentence.
    public var message: String
    public var description: String { message }
}

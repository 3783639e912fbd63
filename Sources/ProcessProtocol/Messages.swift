import ConformanceRules
import FlowCheckCore
import Foundation
import NavigationModel

/// A request of the process protocol, version 1. One JSON object per line.
enum Request {
    case hello(KitInfo)
    case reset(ScreenStack, Profile)
    case command(Command)
    case batch([BatchItem])
    case decode(String)
    case stop

    /// The request as a JSON object, with keys sorted.
    func json(seq: Int) -> [String: Any] {
        var object: [String: Any] = ["seq": seq]
        switch self {
        case .hello(let kit):
            object["cmd"] = "hello"
            object["protocol"] = 1
            object["kit"] = ["name": kit.name, "version": kit.version]
        case .reset(let stack, let profile):
            object["cmd"] = "reset"
            // The profile's own encoding: `flows` appears, as false, only for an implementation without flows.
            object["profile"] = JSONValue.object(of: profile)
            object["stack"] = JSONValue.object(of: stack)
        case .command(let command):
            for (key, value) in JSONValue.object(of: command) as? [String: Any] ?? [:] { object[key] = value }
        case .batch(let inner):
            object["cmd"] = "batch"
            object["commands"] = inner.map { $0.request.json(seq: $0.seq) }
        case .decode(let text):
            object["cmd"] = "decode"
            object["text"] = text
        case .stop:
            object["cmd"] = "stop"
        }
        return object
    }

    /// One line of sorted-key JSON.
    func line(seq: Int) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: json(seq: seq), options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

/// One request inside a batch, with its own `seq`.
final class BatchItem {
    let seq: Int
    let request: Request

    init(seq: Int, request: Request) {
        self.seq = seq
        self.request = request
    }
}

/// Converts Codable model values to JSON objects for `JSONSerialization`.
enum JSONValue {
    static func object<T: Encodable>(of value: T) -> Any {
        guard let data = try? JSONEncoder().encode(value),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return NSNull() }
        return object
    }
}

/// The hello reply's payload.
struct HelloReply: Decodable {
    var seq: Int
    var `protocol`: Int
    var implementation: ImplementationInfo
    var capabilities: Capabilities
}

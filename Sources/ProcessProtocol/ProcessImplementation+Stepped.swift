import FlowCheckCore
package import JSON

// A stepped suite's exchanges: the framing every suite shares, its messages from its `SteppedWire`.
extension ProcessImplementation {
    /// Resets the implementation for a run of `wire`'s suite.
    package func reset<Stepped: SteppedWire>(_ wire: Stepped, to start: Stepped.Start) throws(ProcessError) {
        try recover()
        step = 0
        request.removeAll()
        wire.writeReset(start, into: &request, seq: seq)
        try expectOK(try exchangeNext { wire.resetCommand }, wire.resetCommand)
    }

    /// One step of a run, with the implementation's reply.
    package func step<Stepped: SteppedWire>(
        _ wire: Stepped, _ input: Stepped.Input
    ) throws(ProcessError) -> Stepped.Output {
        let step = self.step
        defer { self.step += 1 }
        request.removeAll()
        wire.write(input, into: &request, seq: seq)
        // Contexts are built only for a message: a step's is a few strings, and a run has many steps.
        let seq = self.seq
        var scanned: Stepped.Output?
        let reply = try exchangeNext(context: { wire.context(input, step: step) }) { line in
            scanned = wire.scan(line, seq: seq)
            return scanned != nil
        }
        if let scanned { return scanned }
        return try read(wire, reply.pairs) { wire.context(input, step: step) }
    }

    /// A whole run: one batch when the implementation takes batches, else a reset and each step.
    package func run<Stepped: SteppedWire>(
        _ wire: Stepped, from start: Stepped.Start, inputs: [Stepped.Input]
    ) throws(ProcessError) -> [Stepped.Output] {
        try recover()
        guard capabilities.batch else {
            try reset(wire, to: start)
            var outputs: [Stepped.Output] = []
            outputs.reserveCapacity(inputs.count)
            for input in inputs { outputs.append(try step(wire, input)) }
            return outputs
        }
        step = 0
        // The batch, then its reset, then each step: one seq each.
        let batchSeq = seq
        seq += inputs.count + 2
        request.removeAll()
        wire.writeBatch(start, inputs, into: &request, seq: batchSeq)
        func context(_ index: Int) -> String {
            index == 0
                ? "the \(wire.resetCommand) of a batch"
                : "\(wire.context(inputs[index - 1], step: index - 1)) of a batch"
        }
        func batchContext() -> String { wire.batchContext(count: inputs.count) }
        var scanned: [Stepped.Output]?
        let reply = try exchange(seq: batchSeq, context: batchContext) { line in
            scanned = wire.scanBatch(line, seq: batchSeq, count: inputs.count + 1)
            return scanned != nil
        }
        if let scanned { return scanned }
        return try batchReplies(
            reply, seq: batchSeq, count: inputs.count + 1,
            reset: wire.resetCommand, batchContext: batchContext, context: context
        ) { (index, pairs) throws(ProcessError) in
            try read(wire, pairs, at: index) { context(index) }
        }
    }

    /// A step's reply; `index` is its place in a batch's `replies`, for the path.
    private func read<Stepped: SteppedWire>(
        _ wire: Stepped, _ pairs: Wire.Pairs, at index: Int? = nil, context: () -> String
    ) throws(ProcessError) -> Stepped.Output {
        do {
            return try wire.read(.object(pairs))
        } catch {
            let located = index.map { error.inside($0).inside("replies") } ?? error
            throw ProcessError(
                code: .malformedReply, message: "the reply to \(context()) is not \(wire.replyShape): \(located)",
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
    }
}

// A suite's request answered by one reply, outside any run.
extension ProcessImplementation {
    /// Sends a suite's request (a document to decode) with the next seq, and reads its one reply.
    /// - Parameters:
    ///   - context: the request in a few words, for messages: `decode (a document of 120 bytes)`.
    ///   - replyShape: what the reply is, for messages: `a decode reply ({"ok": true, "flow"} or …)`.
    ///   - write: writes the request with the seq it is given.
    ///   - read: reads the reply.
    package func exchange<Output>(
        context: () -> String, replyShape: String, write: (inout JSONOutput, Int) -> Void,
        read: (JSONValue) throws(WireError) -> Output
    ) throws(ProcessError) -> Output {
        try recover()
        request.removeAll()
        write(&request, seq)
        let reply = try exchangeNext(context: context)
        do {
            return try read(.object(reply.pairs))
        } catch {
            throw ProcessError(
                code: .malformedReply, message: "the reply to \(context()) is not \(replyShape): \(error)",
                offendingLine: output.lineText, stderrTail: errors.lines)
        }
    }
}

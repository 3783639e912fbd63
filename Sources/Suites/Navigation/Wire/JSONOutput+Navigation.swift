import JSON
package import NavigationModel
package import ProcessProtocol

// The navigation model's values and requests as the process protocol writes them, keys sorted; the client suite
// writes its stacks and its reset with them too.
extension JSONOutput {
    /// `{"flow","flowRoot","presentation","screen"}`, `flow` written as `null` when the entry has none.
    package mutating func entry(_ entry: StackEntry) {
        raw(#"{"flow":"#)
        if let flow = entry.flow { string(flow) } else { raw("null") }
        raw(#","flowRoot":"#)
        bool(entry.flowRoot)
        switch entry.presentation {
        case .root: raw(#","presentation":"root","screen":"#)
        case .push: raw(#","presentation":"push","screen":"#)
        case .modal: raw(#","presentation":"modal","screen":"#)
        }
        string(entry.screen)
        raw("}")
    }

    /// An array of entries, bottom first.
    package mutating func stack(_ stack: ScreenStack) {
        raw("[")
        for (index, entry) in stack.entries.enumerated() {
            if index > 0 { raw(",") }
            self.entry(entry)
        }
        raw("]")
    }

    /// `{"nesting"}`, with `"flows": false` only for a profile without flows.
    package mutating func profile(_ profile: NavigationProfile) {
        raw(profile.flows ? #"{"nesting":"# : #"{"flows":false,"nesting":"#)
        raw(profile.nesting == .owned ? #""owned"}"# : #""shared"}"#)
    }

    /// A directive's fields, its own and any others it carries, keys sorted; a field of its own that is absent is
    /// not written.
    package mutating func directive(_ directive: NavigationDirective) {
        guard directive.unknownFields.isEmpty else { return directiveWithOthers(directive) }
        raw("{")
        var first = true
        if let flow = directive.flow {
            first = false
            raw(#""flow":"#)
            self.flow(flow)
        }
        if let id = directive.id {
            if !first { raw(",") }
            first = false
            raw(#""id":"#)
            string(id)
        }
        if let mode = directive.mode {
            if !first { raw(",") }
            first = false
            raw(#""mode":"#)
            string(mode.rawValue)
        }
        if let screen = directive.screen {
            if !first { raw(",") }
            raw(#""screen":"#)
            string(screen)
        }
        raw("}")
    }

    /// A directive that carries fields beyond its own: they are merged with its own in key order. One named like a
    /// field of its own replaces it, as the model's own encoding does.
    private mutating func directiveWithOthers(_ directive: NavigationDirective) {
        var keys = Array(directive.unknownFields.keys)
        if directive.flow != nil, directive.unknownFields["flow"] == nil { keys.append("flow") }
        if directive.id != nil, directive.unknownFields["id"] == nil { keys.append("id") }
        if directive.mode != nil, directive.unknownFields["mode"] == nil { keys.append("mode") }
        if directive.screen != nil, directive.unknownFields["screen"] == nil { keys.append("screen") }
        keys.sort()
        raw("{")
        for (index, key) in keys.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            if let other = directive.unknownFields[key] {
                value(other)
                continue
            }
            switch key {
            case "flow": flow(directive.flow!)
            case "id": string(directive.id!)
            case "mode": string(directive.mode!.rawValue)
            default: string(directive.screen!)
            }
        }
        raw("}")
    }

    private mutating func flow(_ flow: NavigationDirective.Flow) {
        switch (flow.behavior, flow.name) {
        case (let behavior?, let name?):
            raw(#"{"behavior":"#)
            string(behavior.rawValue)
            raw(#","name":"#)
            string(name)
            raw("}")
        case (let behavior?, nil):
            raw(#"{"behavior":"#)
            string(behavior.rawValue)
            raw("}")
        case (nil, let name?):
            raw(#"{"name":"#)
            string(name)
            raw("}")
        case (nil, nil):
            raw("{}")
        }
    }

    /// A navigate or optimistic request.
    package mutating func command(_ command: NavigationCommand, seq: Int) {
        switch command {
        case .navigate(let directive?):
            raw(#"{"cmd":"navigate","directive":"#)
            self.directive(directive)
        case .navigate(nil):
            raw(#"{"cmd":"navigate","directive":null"#)
        case .optimistic(let directive):
            raw(#"{"cmd":"optimistic","directive":"#)
            self.directive(directive)
        }
        raw(#","seq":"#)
        int(seq)
        raw("}")
    }

    /// A reset request, `{"cmd","profile","seq","stack"}`; a suite whose reset has a command of its own
    /// (`clientReset`) names it.
    package mutating func reset(
        _ stack: ScreenStack, _ profile: NavigationProfile, seq: Int, command: StaticString = "reset"
    ) {
        raw(#"{"cmd":""#)
        raw(command)
        raw(#"","profile":"#)
        self.profile(profile)
        raw(#","seq":"#)
        int(seq)
        raw(#","stack":"#)
        self.stack(stack)
        raw("}")
    }
}

// MARK: Replies (what an implementation writes; the benchmark's echo and the tests use them)

extension JSONOutput {
    /// A navigation reply: `{"outcome","reason" (when rejected with one),"seq","state":{"pending","stack"}}`.
    package mutating func reply(_ reply: NavigationReply, seq: Int) {
        switch reply.outcome {
        case .applied: raw(#"{"outcome":"applied","#)
        case .rejected(let reason?):
            raw(#"{"outcome":"rejected","reason":"#)
            string(reason.rawValue)
            raw(",")
        case .rejected(nil): raw(#"{"outcome":"rejected","#)
        }
        raw(#""seq":"#)
        int(seq)
        raw(#","state":{"pending":"#)
        if let id = reply.state.pendingID {
            raw(#"{"id":"#)
            string(id)
            raw("}")
        } else {
            raw("null")
        }
        raw(#","stack":"#)
        stack(reply.state.stack)
        raw("}}")
    }
}

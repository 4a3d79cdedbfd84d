import CYAML

/// libyaml events turned into Swift values: the C event is deleted before `next()` returns.
extension YAMLParser {
    struct Event {
        enum Kind {
            case streamStart, streamEnd, documentStart, documentEnd
            case alias(String)
            case scalar(String, ScalarStyle, tag: String?, anchor: String?)
            case sequenceStart(tag: String?, anchor: String?)
            case sequenceEnd
            case mappingStart(tag: String?, anchor: String?)
            case mappingEnd
        }
        var kind: Kind
        var mark: Mark
    }

    /// The next event, or the parser's error as a ``YAMLError``.
    func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        // yaml_parser_parse: "An application is responsible for freeing any buffers associated
        // with the produced event object using yaml_event_delete."
        guard withParser({ yaml_parser_parse($0, &event) }) == 1 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        let mark = Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        return Event(kind: Self.kind(of: &event), mark: mark)
    }

    private static func kind(of event: inout yaml_event_t) -> Event.Kind {
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            // Scalars are not NUL-terminated: use the length.
            let value = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: s.length), as: UTF8.self) } ?? ""
            return .scalar(value, style(s.style), tag: string(s.tag), anchor: string(s.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            return .sequenceStart(tag: string(s.tag), anchor: string(s.anchor))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            return .mappingStart(tag: string(m.tag), anchor: string(m.anchor))
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: preconditionFailure("libyaml: YAML_NO_EVENT after a successful parse")
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    /// libyaml's error fields (problem, problem_mark, context, context_mark) as a ``YAMLError``.
    private func currentError() -> YAMLError {
        withParser { p in
            let state = p.pointee
            let problem = state.problem.map { String(cString: $0) } ?? "unknown libyaml error"
            let problemMark = Mark(line: Int(state.problem_mark.line) + 1, column: Int(state.problem_mark.column) + 1)
            if state.error == YAML_READER_ERROR {
                // Reader errors (bad encoding) carry a byte offset, not a mark.
                return YAMLError(file: file, line: 0, column: 0,
                                 problem: "\(problem) at byte \(state.problem_offset)")
            }
            var context: String?
            if let c = state.context {
                context = "\(String(cString: c)) at line \(state.context_mark.line + 1), column \(state.context_mark.column + 1)"
            }
            return YAMLError(file: file, mark: problemMark, problem: problem, context: context)
        }
    }
}

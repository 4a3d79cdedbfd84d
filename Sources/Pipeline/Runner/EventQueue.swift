import Foundation

/// A blocking multi-producer queue: worker reader threads and signal handlers post, the
/// coordinator's single loop takes (and is therefore the only writer to the database).
final class EventQueue<Event: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [Event] = []

    func post(_ event: Event) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    /// The next event, or nil when none arrives within `timeout` seconds.
    func next(timeout: TimeInterval) -> Event? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while events.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        return events.isEmpty ? nil : events.removeFirst()
    }
}

/// What the coordinator's loop reacts to.
enum CoordinatorEvent: Sendable {
    case worker(index: Int, event: WorkerEvent)
    case workerExited(index: Int, pid: pid_t, termination: Termination, lastWords: String?)
    case interrupt(signal: Int32)
}

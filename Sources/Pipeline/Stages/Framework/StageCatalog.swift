/// The stages quire has. Adding a stage is a folder under `Sources/Pipeline/Stages` with a
/// ``PageStage`` type, its name in this list, and (when it stores something new) a migration.
/// Everything else is derived: execution order, redo closures, fingerprints, the pipeline
/// file's sections, `rerun --stage` choices.
enum StageCatalog {
    /// In the order they are listed to people (`rerun --stage`, docs).
    static let declared: [any PageStage.Type] = [
        ExtractPageStage.self, OCRPageStage.self, LayoutPageStage.self, BarcodesPageStage.self, DetectPageStage.self,
        SplitPageStage.self,
    ]

    /// Steps inside a stored stage, named on their own in failures: (step, its stage).
    static let steps: [(step: Stage, within: Stage)] = [(.preprocess, .extract)]

    /// Stored stages in execution order: every stage after the stages it reads (a stable
    /// topological order of `declared`).
    static let executionOrder: [any PageStage.Type] = {
        var done: [any PageStage.Type] = []
        var left = declared
        while !left.isEmpty {
            guard let next = left.firstIndex(where: { type in
                type.inputs.allSatisfy { input in done.contains { $0.stage == input } || !left.contains { $0.stage == input } }
            }) else { preconditionFailure("stage inputs form a cycle: \(left.map { $0.stage })") }
            done.append(left.remove(at: next))
        }
        return done
    }()

    /// Stages and steps in execution order (a step right after its stage).
    static let stepOrder: [Stage] = executionOrder.flatMap { type in
        [type.stage] + steps.filter { $0.within == type.stage }.map(\.step)
    }

    static func type(of stage: Stage) -> (any PageStage.Type)? {
        declared.first { $0.stage == stage }
    }

    static func storedStage(of stage: Stage) -> Stage {
        steps.first { $0.step == stage }?.within ?? stage
    }

    /// Every stored stage `stage` reads, directly or through another.
    static func ancestors(of stage: Stage) -> Set<Stage> {
        var result: Set<Stage> = []
        var queue = type(of: stage)?.inputs ?? []
        while let next = queue.popLast() {
            if result.insert(next).inserted { queue += type(of: next)?.inputs ?? [] }
        }
        return result
    }

    /// `stage` and every stored stage that reads it, directly or through another.
    static func dependents(of stage: Stage) -> Set<Stage> {
        var result: Set<Stage> = [stage]
        var changed = true
        while changed {
            changed = false
            for type in declared where !result.contains(type.stage) && type.inputs.contains(where: result.contains) {
                result.insert(type.stage)
                changed = true
            }
        }
        return result
    }
}

import Foundation
import Pipeline

/// `quire plan PIPELINE --shards N`.
public struct PlanOptions: Equatable, Sendable {
    public var pipeline: String
    public var shards: Int
}

/// `quire merge PIPELINE`.
public struct MergeOptions: Equatable, Sendable {
    public var pipeline: String
    public var workers: Int?
    public var progress: ProgressMode
    public var quiet: Bool
    public var logFile: String?
}

extension ShardError: ExitCodeProviding {
    public var exitCode: ExitCode { .invalidPipeline }
}

/// `quire plan PIPELINE --shards N`: writes the plan beside the database, prints what to submit.
func executePlan(_ options: PlanOptions) throws -> Int32 {
    let spec = try PipelineLoader.load(path: options.pipeline)
    let plan = try ShardPlanner.plan(spec, shards: options.shards, note: { write("note: \($0)", to: .stderr) })
    let path = try ShardPlanFile.write(plan, database: spec.database)
    write(planText(plan, path: path, pipeline: options.pipeline), to: .stdout)
    return ExitCode.success.rawValue
}

/// `quire rerun PIPELINE --failed --shards N`: the failed pages of the database, planned into shards.
func executePlanFailed(_ options: RerunOptions, shards: Int) throws -> Int32 {
    guard options.failedOnly, options.stage == nil else {
        throw UsageError("--shards goes with --failed alone (a stage rerun runs on one machine)", command: "rerun")
    }
    let spec = try PipelineLoader.load(path: options.pipeline)
    let plan = try ShardPlanner.planFailed(spec, shards: shards, maxAttempts: spec.run.maxAttempts, force: options.force)
    let path = try ShardPlanFile.write(plan, database: spec.database)
    write(planText(plan, path: path, pipeline: options.pipeline), to: .stdout)
    return ExitCode.success.rawValue
}

private func planText(_ plan: ShardPlan, path: String, pipeline: String) -> String {
    let pages = plan.shards.flatMap(\.items).reduce(0) { $0 + (($1.lastPage ?? 0) - ($1.firstPage ?? 1) + 1) }
    let costs = plan.shards.map(\.cost)
    let n = plan.shardCount, p = shellQuoted(pipeline)
    var lines = [String(format: "plan %@: %d shard(s), %d page(s), cost %.1f (shards %.1f to %.1f)",
                        plan.id, n, pages, costs.reduce(0, +), costs.min() ?? 0, costs.max() ?? 0),
                 "  written to \(path)", "  shard databases: \(plan.shardDatabase)", ""]
    for shard in plan.shards {
        lines.append(String(format: "  shard %d: %d item(s), cost %.1f", shard.index, shard.items.count, shard.cost))
    }
    lines += ["", "Submit on Slurm (contrib/slurm/; %8: at most 8 tasks at once):",
              "  job=$(sbatch --parsable --array=0-\(n - 1)%8 contrib/slurm/quire-shards.sbatch \(p))",
              "  sbatch --dependency=afterany:$job contrib/slurm/quire-merge.sbatch \(p)",
              "or on Kubernetes (contrib/k8s/: set completions to \(n)):",
              "  kubectl apply -f contrib/k8s/quire-shards-job.yaml",
              "  kubectl wait --for=condition=complete --timeout=24h job/quire-shards; kubectl apply -f contrib/k8s/quire-merge-job.yaml",
              "or here, one shard after the other:",
              "  for i in $(seq 0 \(n - 1)); do quire run \(p) --shard $i/\(n); done; quire merge \(p)"]
    return lines.joined(separator: "\n")
}

/// `quire run PIPELINE --shard i/N|auto`: a normal run, restricted to the plan's items for the
/// shard, into the shard's own database.
func executeShardRun(_ options: RunOptions, shard value: String, arguments: [String]) throws -> Int32 {
    if options.dryRun { throw UsageError("--dry-run and --shard do not go together", command: "run") }
    let screen = ScreenMode(options.progress, quiet: options.quiet)
    return try screen.reportingErrors {
        var spec = try PipelineLoader.load(path: options.pipeline)
        let plan = try ShardPlanFile.load(for: spec)
        let index = try ShardIndex.resolve(value, count: plan.shardCount)
        let canonical = spec.database
        spec.database = plan.databasePath(shard: index)
        if try ShardMerger.removeIfMerged(shardPath: spec.database, canonical: canonical, currentPlan: plan.id) {
            write("note: \(spec.database): an earlier plan's shard, merged: started afresh", to: .stderr)
        }
        try Store(path: spec.database).claimShard(plan: plan, shard: index)
        var request = RunRequest(command: .run, workers: options.workers, progress: screen.pipelineMode,
                                 logFile: options.logFile, arguments: arguments)
        request.shard = plan.selection(shard: index)
        return finish(try Runner(spec: spec, pipelinePath: absolute(options.pipeline), request: request).run(),
                      pipeline: options.pipeline, screen: screen)
    }
}

/// `quire merge PIPELINE`.
func executeMerge(_ options: MergeOptions, arguments: [String]) throws -> Int32 {
    let spec = try PipelineLoader.load(path: options.pipeline)
    let plan = try ShardPlanFile.load(for: spec)
    let screen = ScreenMode(options.progress, quiet: options.quiet)
    let request = RunRequest(workers: options.workers, progress: screen.pipelineMode, logFile: options.logFile, arguments: arguments)
    let say: (String) -> Void = { if !options.quiet { write($0, to: .stderr) } }
    let report = try ShardMerger(spec: spec, plan: plan, pipelinePath: absolute(options.pipeline))
        .merge(passes: request, note: say)
    var lines = ["merge \(plan.id): \(report.merged.count) shard(s) merged, \(report.unchanged.count) unchanged, "
                 + "\(report.missing.count) missing, \(report.refused.count) refused; \(report.pendingPages) page(s) pending, "
                 + "\(report.failed) failed page(s) or document(s)"]
    for (shard, path) in report.missing { lines.append("  missing: shard \(shard)/\(plan.shardCount): \(path)") }
    for (shard, message) in report.refused { lines.append("  refused: shard \(shard)/\(plan.shardCount): \(message)") }
    let ok = report.missing.isEmpty && report.refused.isEmpty && report.pendingPages == 0 && report.failed == 0 && (report.passes?.exitCode ?? 0) == 0
    if !options.quiet || !ok { write(lines.joined(separator: "\n"), to: .stderr) }
    return ok ? ExitCode.success.rawValue : ExitCode.pagesFailed.rawValue
}

/// The scale-out commands and options (docs/scale-out.md).
extension CommandInfo {
    static let shard = Option(name: "--shard", value: "i/N|auto",
                              help: "Run shard i (0-based) of the plan's N into its own database; auto: from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX.")

    static let shardCommands: [CommandInfo] = [
        CommandInfo(name: "plan", positional: "PIPELINE",
                    summary: "Cut the work into shards for a cluster (Slurm array, Kubernetes Indexed Job)",
                    options: [Option(name: "--shards", value: "N", help: "Number of shards (over-split: several per node slot)."), help],
                    details: """
                    Discovers the inputs once and cuts their pages into N shards of about equal
                    expected cost (scanned pages cost more than born-digital ones; a large PDF is cut
                    into page ranges). Writes the plan beside the database and prints the sbatch and
                    kubectl lines to submit. Each task runs `quire run PIPELINE --shard auto`; then
                    `quire merge PIPELINE` folds the shards into the database. See docs/scale-out.md.
                    """),
        CommandInfo(name: "merge", positional: "PIPELINE",
                    summary: "Fold the finished shards of the current plan into the database",
                    options: [workers, progress, quiet, logFile, help],
                    details: """
                    The only writer of the pipeline's database: copies each shard database in, one
                    shard per transaction, then runs the passes that need all of a document's pages.
                    Merging again changes nothing; a shard missing or refused (damaged, from another
                    pipeline or plan) is named and the others are merged. Exit 1 while pages are pending.
                    """),
    ]
}

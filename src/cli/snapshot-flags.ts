// Node flags the hook snapshot is built with and must be started with (V8 refuses a blob whose
// flags differ, and the hook command then falls back to the plain CLI).
//
// --no-rehash-snapshot: V8 normally re-hashes every string of the snapshot with a fresh seed at
// start-up (a defence against hash flooding across processes that share a blob). For the hook
// that is the largest single start-up cost after deserialisation (~10% of its wall time). The
// seed is then the one chosen at build time; the worst a hostile input can do with it is slow
// one hook run down until the agent's hook timeout, which asks the human.
export const SNAPSHOT_NODE_FLAGS = ["--no-rehash-snapshot"] as const;

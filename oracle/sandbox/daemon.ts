// The container daemons' sockets: the sandbox runs no daemon, so a docker or podman client's
// connect is all the oracle sees of what the daemon would be asked (list containers, or run one
// privileged). A label whose level rests on that connect says nothing about the command: such
// cases are not kept as oracle labels (the realistic set labels docker commands by hand for the
// same reason; README "Blind spots").
import type { LevelTable } from "../../src/policy/levels.ts";
import type { Effect } from "../../src/policy/model.ts";
import { levelOf } from "./index.ts";

export const DAEMON_SOCKETS: readonly string[] = ["/var/run/docker.sock", "/run/docker.sock", "/run/podman/podman.sock", "/var/run/podman/podman.sock", "/run/containerd/containerd.sock"];

const isDaemonConnect = (e: Pick<Effect, "op" | "target">) => e.op === "process" && DAEMON_SOCKETS.includes(e.target);

type Seen = Pick<Effect, "op" | "target" | "locus" | "kind">;

/** Does the level of `effects` rest on a connect to a container daemon (higher with it than without)? */
export function restsOnDaemon(table: LevelTable, effects: readonly Seen[]): boolean {
  if (!effects.some(isDaemonConnect)) return false;
  return levelOf(table, effects) !== levelOf(table, effects.filter((e) => !isDaemonConnect(e)));
}

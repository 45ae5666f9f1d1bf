// Wrappers: the wrapped command is what runs.
import type { Family, Transform } from "../compose.ts";

const pre = (name: string, prefix: string): Transform => ({ name, wrap: (c) => (c.includes("\n") ? null : `${prefix} ${c}`) });

export const family: Family = {
  name: "wrappers",
  transforms: [
    pre("env", "env"),
    pre("env-clean", "env -i PATH=/usr/bin:/bin HOME=/home/agent"),
    pre("command", "command"),
    pre("exec", "exec"),
    pre("nice", "nice -n 5"),
    pre("nohup", "nohup"),
    pre("timeout", "timeout 5"),
    pre("time-keyword", "time"),
    pre("stdbuf", "stdbuf -o0"),
    pre("setsid", "setsid -w"),
    pre("ionice", "ionice -c3"),
    pre("env-assignment", "env SF_X=1"),
    { name: "xargs", wrap: (c) => (c.includes("\n") ? null : `echo | xargs ${c}`) },
    { name: "find-exec", wrap: (c) => (c.includes("\n") ? null : `find . -maxdepth 0 -exec ${c} \\;`) },
    { name: "xargs-replace", wrap: (c) => (c.includes("\n") ? null : `echo . | xargs -I{} ${c}`) },
    { name: "nested-wrappers", wrap: (c) => (c.includes("\n") ? null : `env nice timeout 5 command ${c}`) },
  ],
};

// The fixed context registry examples are written for (registry/README.md says the same).
export const ROOT = "/home/dev/code/project";
export const HOME = "/home/dev";
export const EXAMPLE_CONTEXT = {
  cwd: ROOT,
  roots: [ROOT],
  home: HOME,
  tmp: ["/tmp"],
  env: { HOME },
  fs: null,
} as const;

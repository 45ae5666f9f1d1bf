// The zod schema of one registry file (registry/*.toml). registry/README.md documents every field;
// keep the two in step. Compact string forms (flag specs, operand policies) are parsed and checked
// here too, so a typo is a load error that names the file and line, never a silent default.
import { z } from "zod";
import { KINDS, LEVELS, LOCI, OPS } from "../../policy/model.ts";

export { ROLES, parseFlagSpecString, UNMODELLED_TOKEN, type Role } from "./flagspec.ts";
import { ROLES, parseFlagSpecString, UNMODELLED_TOKEN, type Role } from "./flagspec.ts";

const MODE_NAME = /^[a-z][a-z0-9_-]*$/;

export const effectSpecSchema = z
  .object({
    op: z.enum(OPS),
    /** A path, relative to the command's base (or absolute): a path effect placed by the walk. */
    path: z.string().min(1).optional(),
    /** For non-path effects: where it happens (default "none"). */
    locus: z.enum(LOCI).optional(),
    kind: z.enum(KINDS).optional(),
    target: z.string().optional(),
    recursive: z.boolean().optional(),
    /** `path` is a glob: what it matches when the command runs is affected (`.env*`: the .env files that exist). */
    glob: z.boolean().optional(),
    /** Only when something is at `path` now, or this command writes it first (wget reads ~/.netrc when there is one). */
    exists: z.boolean().optional(),
    /** `path` is a name looked for in the base directory and every directory above it, up to `/` (ack's `.ackrc`). */
    upward: z.boolean().optional(),
    /** The path is this variable's value in the environment the command runs in (ack's `ACKRC`); unset or empty: no effect. */
    from_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    /** Also when a subcommand runs (on a command with subcommands: the tool does it whatever the subcommand, as yarn reads .yarnrc). */
    always: z.boolean().optional(),
    /** Only when this mode is on (a mode is set by a flag, see `modes`). */
    when: z.string().regex(MODE_NAME).optional(),
    /** Only when this mode is off. */
    unless: z.string().regex(MODE_NAME).optional(),
    why: z.string().min(1),
  })
  .strict()
  .refine((e) => !(e.path && e.locus), { message: "an effect has either `path` (placed by the walk) or `locus`, not both" })
  .refine((e) => !(e.from_env && (e.path !== undefined || e.locus !== undefined || e.upward || e.glob)), { message: "`from_env` names the path: no `path`, `locus`, `upward` or `glob` with it" })
  .refine((e) => !e.upward || (e.path !== undefined && !e.path.startsWith("/") && !e.path.startsWith("~")), { message: "`upward` needs a relative `path`" });
export type EffectSpec = z.infer<typeof effectSpecSchema>;

/** `bool`, `arg`, `opt`, a role, or a role with `?` (optional value), then modifiers. */
const FLAG_SPEC_RE = /^\S+(\s+(mode=[a-z][a-z0-9_-]*|recursive|stop|into|rest=[a-z0-9-]+))*$/;

export const flagObjectSchema = z
  .object({
    arity: z.union([z.literal(0), z.literal(1), z.literal("optional")]).optional(),
    role: z.enum(ROLES).optional(),
    /** Modes this flag turns on. */
    mode: z.union([z.string().regex(MODE_NAME), z.array(z.string().regex(MODE_NAME))]).optional(),
    /** Operands' path effects become recursive (`-r`, `-R`). */
    recursive: z.boolean().optional(),
    /** Ends option parsing: every later word is an operand. */
    stop: z.boolean().optional(),
    /** Every later word has this role, and parsing ends (`python -c CODE args...`). */
    rest: z.enum(ROLES).optional(),
    /** The value is a directory every operand lands in (`cp -t DIR`): DIR/NAME is what is written. */
    into: z.boolean().optional(),
    effects: z.array(effectSpecSchema).optional(),
    /** The flag is recognised but not modelled: using it makes the command unknown, with this reason. */
    unknown: z.string().optional(),
    why: z.string().optional(),
  })
  .strict();
export type FlagObject = z.infer<typeof flagObjectSchema>;

export const flagSpecSchema = z.union([
  z
    .string()
    .regex(FLAG_SPEC_RE, { message: "a flag spec is `bool`, `arg`, `opt`, a role (or role?) then modifiers mode=M, recursive, stop, rest=ROLE" })
    .refine((s) => parseFlagSpecString(s) !== null, {
      message: `unknown flag type; use bool, arg, opt, or one of the roles ${ROLES.join(", ")} (optionally with ?)`,
    }),
  flagObjectSchema,
]);

/** A positional policy: `all:read`, `1:pattern rest:read`, `last:write rest:read`, `min:2`, `max:0`. */
const OPERAND_TOKEN = new RegExp(`^(?:(?:[1-9]|first|last|rest|all):(?:${ROLES.join("|")})|(?:min|max):[0-9]+)$`);
export const operandPolicySchema = z
  .string()
  .refine((s) => s.trim() === "" || s.trim().split(/\s+/).every((t) => OPERAND_TOKEN.test(t)), {
    message: `an operand policy is space-separated SLOT:ROLE (SLOT = 1..9, first, last, rest, all; ROLE = ${ROLES.join(", ")}) and min:N / max:N`,
  });

export const modeSchema = z
  .object({
    operands: operandPolicySchema.optional(),
    /** Operand used when none is given (`grep -r x` reads `.`). */
    implicit: z.string().optional(),
    /** Overrides of flag roles while this mode is on (`tar -c`: `-f` writes; `tar -x`: `-f` reads). */
    flags: z.record(z.string(), flagSpecSchema).optional(),
    recursive: z.boolean().optional(),
    /** Where operands land while the mode is on: "none" (`-T`), "last", "whole" (`--parents`: the operand's path as written). */
    into: z.enum(["none", "last", "whole"]).optional(),
    unknown: z.string().optional(),
    why: z.string().optional(),
  })
  .strict();

/** `unmodelled_flags` and `inert_flags` (flagspec.ts says what they mean). */
export const unmodelledFlagsSchema = z.string().refine((s) => s.trim().split(/\s+/).every((t) => UNMODELLED_TOKEN.test(t)), {
  message: "unmodelled_flags is a space-separated list of option names, each optionally followed by `=` (takes a value) or `[=]` (an optional, glued value)",
});

export interface NodeSpec {
  summary: string;
  aliases?: string[];
  flags?: Record<string, string | FlagObject>;
  operands?: string;
  implicit?: string;
  effects?: EffectSpec[];
  modes?: Record<string, z.infer<typeof modeSchema>>;
  sub?: Record<string, NodeSpec>;
  inherit?: boolean;
  recursive?: boolean;
  tree_glob?: string;
  walk?: WalkSpecToml;
  reads_written?: boolean;
  options_first?: boolean;
  lax_flags?: boolean | "values";
  old_style?: boolean;
  no_abbrev?: boolean;
  runs_in_base?: boolean;
  response_files?: boolean;
  handler?: string;
  unknown?: string;
  flagsets?: string[];
  unmodelled_flags?: string;
  inert_flags?: string;
  lax_why?: string;
  into?: "last";
  into_trees?: boolean;
}

/** A space-separated list of flag names (as the `flags` table spells them). */
const flagNames = z.string().regex(/^\S+( \S+)*$/, "a space-separated list of flag names");

/**
 * How a recursive reader walks the tree below its start, where its own filters decide what is
 * read (src/analysis/walkfilter.ts): what it skips by default and which flags change that.
 */
export const walkSchema = z
  .object({
    /** It reads the files git's index tracks as regular files, nothing else (git grep). */
    tracked: z.boolean().optional(),
    /** Entries named `.x` below the start are skipped by default (ripgrep). */
    hidden: z.boolean().optional(),
    /** The repository's .gitignore files and .git/info/exclude skip what they list by default. */
    ignore_files: z.boolean().optional(),
    /** Symlinks met below the start: "skip" (not read, the default of rg and grep -r) or "follow". */
    links: z.enum(["skip", "follow"]).optional(),
    /** Flags that make it follow symlinks below the start. */
    follow: flagNames.optional(),
    /** Flags that make it read hidden entries. */
    show_hidden: flagNames.optional(),
    /** Flags that turn ignore files off (any of them: all rules off). */
    no_ignore: flagNames.optional(),
    /** Flags that turn ignore files off once, and hidden entries on the second time (`-uu`). */
    unrestricted: flagNames.optional(),
    /** Gitignore-style globs that select files (`!` excludes), over the override of every other rule (rg -g). */
    globs: flagNames.optional(),
    /** The same, case-insensitive (rg --iglob). */
    iglobs: flagNames.optional(),
    /** Flags that make every glob case-insensitive. */
    glob_case: flagNames.optional(),
    /** Flags that select file types (a type re-includes hidden files of the type: rg -t). */
    types: flagNames.optional(),
    /** grep-style base-name globs: files only when matched (include) or unless matched (exclude); last match wins. */
    include: flagNames.optional(),
    exclude: flagNames.optional(),
    /** grep-style base-name globs of directories it never enters. */
    exclude_dir: flagNames.optional(),
    /** Flags that add filters the model cannot evaluate (ignore files named on the command line): the tree is judged whole. */
    unsure: flagNames.optional(),
    /** Environment variables that add options (RIPGREP_CONFIG_PATH): set, the tree is judged whole, links as followed. */
    unsure_env: z.array(z.string().min(1)).optional(),
    /**
     * Files it opens in every directory it enters, through symlinks, whatever its other filters
     * say (ag, rg and fd read each directory's ignore files and `.git/info/exclude`: observed).
     */
    opens: z.array(z.enum([".gitignore", ".ignore", ".hgignore", ".rgignore", ".fdignore", ".git/info/exclude"])).optional(),
  })
  .strict();
export type WalkSpecToml = z.infer<typeof walkSchema>;

export const nodeSchema: z.ZodType<NodeSpec> = z.lazy(() =>
  z
    .object({
      summary: z.string().min(1),
      /** Other names of this subcommand (`git ci` is not one: aliases of git are user config). */
      aliases: z.array(z.string().min(1)).optional(),
      /** Keys: space-separated flag names (`-o --output`); `-D*` matches any word starting `-D`; `-NUM` matches `-5`. */
      flags: z.record(z.string(), flagSpecSchema).optional(),
      operands: operandPolicySchema.optional(),
      implicit: z.string().optional(),
      effects: z.array(effectSpecSchema).optional(),
      modes: z.record(z.string().regex(MODE_NAME), modeSchema).optional(),
      sub: z.record(z.string(), nodeSchema).optional(),
      /** Accept the parent's flags after this subcommand too (npm, cargo). */
      inherit: z.boolean().optional(),
      /** Operand path effects are always recursive (rg, fd walk trees). */
      recursive: z.boolean().optional(),
      /** Recursive reads only read files matching this glob (`*.go`): DIR becomes `DIR/**\/GLOB`. */
      tree_glob: z.string().min(1).optional(),
      /** Its recursive writes read the whole tree first, through symlinks (isort opens every file without an extension to look for a shebang). */
      reads_written: z.boolean().optional(),
      /** The recursive read's own filters (hidden, ignore files, globs, links). */
      walk: walkSchema.optional(),
      /** The first operand ends option parsing (wrappers, interpreters, POSIX tools). */
      options_first: z.boolean().optional(),
      /**
       * true: words starting with `-` that are not known flags are operands (`echo -x`, `chmod -x f`).
       * "values": they are flags of unknown arity whose glued value (`--out=/x`, `-o/x`) is an operand.
       */
      lax_flags: z.union([z.boolean(), z.literal("values")]).optional(),
      /** The first word may be a dashless cluster (`tar xzf a.tar`, `ps aux`). */
      old_style: z.boolean().optional(),
      /** The tool does not accept abbreviated long options. */
      no_abbrev: z.boolean().optional(),
      /** A TypeScript handler for a tool language or argv shape data cannot express. */
      handler: z.string().optional(),
      /** Recognised but not modelled: always unknown, with this reason. */
      unknown: z.string().optional(),
      /** Names of `[flagset.NAME]` tables of this file whose flags this node also takes. */
      flagsets: z.array(z.string()).optional(),
      unmodelled_flags: unmodelledFlagsSchema.optional(),
      inert_flags: unmodelledFlagsSchema.optional(),
      lax_why: z.string().min(1).optional(),
      /** "last": the last operand is a destination; when it is a directory, the others land at DEST/NAME. */
      into: z.literal("last").optional(),
      /** Operands land as whole trees even without a recursive flag (mv, ln). */
      into_trees: z.boolean().optional(),
    })
    .strict(),
);

export const COMMAND_ROLES = [
  "plain", // effects come from the registry entry
  "wrapper", // runs another command (inner argv): env, timeout, nice, xargs...
  "privilege", // runs another command with privilege: sudo, doas
  "shell", // a shell: `-c` script, a script file, or stdin
  "interpreter", // a general-purpose interpreter: inline code, a script path, or stdin
  "eval", // its operands are shell code (eval, trap)
  "source", // sources a shell script into the current shell (source, .)
  "mover", // changes the directory (cd, pushd, popd): the walk tracks it
  "shell-state", // changes shell state the walk must track (export, alias, set, shopt, unset...)
] as const;
export type CommandRole = (typeof COMMAND_ROLES)[number];

export const exampleSchema = z
  .object({
    command: z.string().min(1),
    level: z.enum([...LEVELS, "never"] as const),
    why: z.string().optional(),
  })
  .strict();
export type Example = z.infer<typeof exampleSchema>;

export const commandSchema = z.lazy(() =>
  z
    .object({
      name: z.string().min(1),
      summary: z.string().min(1),
      role: z.enum(COMMAND_ROLES).default("plain"),
      aliases: z.array(z.string().min(1)).optional(),
      flags: z.record(z.string(), flagSpecSchema).optional(),
      operands: operandPolicySchema.optional(),
      implicit: z.string().optional(),
      effects: z.array(effectSpecSchema).optional(),
      modes: z.record(z.string().regex(MODE_NAME), modeSchema).optional(),
      sub: z.record(z.string(), nodeSchema).optional(),
      recursive: z.boolean().optional(),
      tree_glob: z.string().min(1).optional(),
      reads_written: z.boolean().optional(),
      walk: walkSchema.optional(),
      options_first: z.boolean().optional(),
      lax_flags: z.union([z.boolean(), z.literal("values")]).optional(),
      old_style: z.boolean().optional(),
      no_abbrev: z.boolean().optional(),
      /**
       * The code it runs (build files, package scripts, tests) runs with the command's base
       * directory as its working directory: project code only when that directory is inside
       * the project too (`make -C ../other -f ../app/Makefile`).
       */
      runs_in_base: z.boolean().optional(),
      /**
       * The tool replaces every argument `@FILE` with the words in FILE before it parses its
       * options (gcc, LLVM tools, javac): a value (`-o @f`, `-Xlinker @f`) reads a file too.
       */
      response_files: z.boolean().optional(),
      handler: z.string().optional(),
      unknown: z.string().optional(),
      flagsets: z.array(z.string()).optional(),
      unmodelled_flags: unmodelledFlagsSchema.optional(),
      inert_flags: unmodelledFlagsSchema.optional(),
      lax_why: z.string().min(1).optional(),
      into: z.literal("last").optional(),
      into_trees: z.boolean().optional(),
      example: z.array(exampleSchema).default([]),
    })
    .strict(),
);
export type CommandSpec = z.infer<typeof commandSchema>;

export const registryFileSchema = z
  .object({
    command: z.array(commandSchema).min(1, { message: "a registry file needs at least one [[command]]" }),
    /** Flag tables shared by several nodes of this file (`flagsets = ["diff"]`). */
    flagset: z.record(z.string(), z.record(z.string(), flagSpecSchema)).optional(),
  })
  .strict();
export type RegistryFile = z.infer<typeof registryFileSchema>;

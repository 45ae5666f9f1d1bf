// A small stand-in for the registry, so the walk's tests do not move with the registry's data.
// It models a handful of commands the way the real registry's contract says (paths as written,
// inner runs, cwdOverride, execsStdin, privileged).
import type { AbstractEffect, ArgWord, InnerRun, Interpretation } from "../../../src/analysis/registry/types.ts";

const known = (matched: string, effects: AbstractEffect[] = [], inner: InnerRun[] = [], extra: Partial<Extract<Interpretation, { known: true }>> = {}): Interpretation => ({
  known: true,
  matched,
  effects,
  inner,
  ...extra,
});

const p = (op: AbstractEffect["op"], path: ArgWord, argIndex: number, extra: { recursive?: boolean } = {}): AbstractEffect => ({
  type: "path",
  op,
  path,
  argIndex,
  why: `${op} \`${path ?? "?"}\``,
  ...extra,
});

function operands(argv: ArgWord[], from = 1): { v: ArgWord; i: number }[] {
  const out: { v: ArgWord; i: number }[] = [];
  let flags = true;
  for (let i = from; i < argv.length; i++) {
    const v = argv[i]!;
    if (flags && v === "--") {
      flags = false;
      continue;
    }
    if (flags && v !== null && v.startsWith("-") && v !== "-") continue;
    out.push({ v, i });
  }
  return out;
}

export function fakeInterpret(argv: ArgWord[]): Interpretation {
  const name = argv[0];
  if (name === null || name === undefined) return { known: false, reason: "dynamic", argIndex: 0 };
  const ops = operands(argv);
  const flags = argv.slice(1).filter((a): a is string => a !== null && a.startsWith("-"));
  const has = (f: string) => flags.some((x) => x === f || (/^-[a-zA-Z]+$/.test(x) && x.includes(f.slice(1))));
  switch (name) {
    case "head": {
      const rest = argv.slice(1).filter((a, i, all) => !(a !== null && a.startsWith("-")) && !(i > 0 && all[i - 1] === "-c"));
      return known(name, rest.map((v) => p("read", v, argv.indexOf(v))));
    }
    case "sort": {
      const o = argv.indexOf("-o");
      const files = ops.filter((x) => x.i !== o + 1);
      return known(name, [...files.map((x) => p("read", x.v, x.i)), ...(o >= 0 ? [p("write", argv[o + 1] ?? null, o + 1)] : [])]);
    }
    case "sed": {
      const inPlace = flags.some((f) => f.startsWith("-i"));
      const files = ops.slice(1);
      return known(name, files.map((x) => p(inPlace ? "write" : "read", x.v, x.i)));
    }
    case "tar":
      if (argv.some((a) => a === null || /^--(to-command|checkpoint-action|use-compress-program|rsh-command|info-script|new-volume-script)/.test(a) || a === "-I")) return { known: false, reason: "tar option that runs a program", argIndex: 1 };
      return known(name);
    case "ls":
    case "cat":
    case "wc":
    case "stat":
      return known(name, ops.map((o) => p("read", o.v, o.i)));
    case "echo":
    case "printf":
    case "true":
    case "pwd":
    case "sleep":
    case "date":
      return known(name);
    case "grep":
      return known(name, ops.slice(1).map((o) => p("read", o.v, o.i, { recursive: has("-r") || has("-R") })));
    case "rm":
      return known(name, ops.map((o) => p("delete", o.v, o.i, { recursive: has("-r") || has("-R") })));
    case "touch":
    case "mkdir":
    case "tee":
      return known(name, ops.map((o) => p("write", o.v, o.i)));
    case "ln":
      return known(name, ops.length ? [p("write", ops[ops.length - 1]!.v, ops[ops.length - 1]!.i)] : []);
    case "cp":
    case "mv": {
      const last = ops[ops.length - 1];
      const src = ops.slice(0, -1);
      return known(name, [...src.map((o) => p(name === "mv" ? "delete" : "read", o.v, o.i)), ...(last ? [p("write", last.v, last.i, { recursive: has("-r") })] : [])]);
    }
    case "sudo":
    case "doas":
      return known(name, [], [{ type: "argv", argv: argv.slice(1), argIndex: 1 }], { privileged: true });
    case "timeout":
      return known(name, [], [{ type: "argv", argv: argv.slice(2), argIndex: 2 }]);
    case "nice":
    case "nohup":
      return known(name, [], [{ type: "argv", argv: argv.slice(1), argIndex: 1 }]);
    case "env": {
      const env: Record<string, string | null> = {};
      let i = 1;
      if (argv[i] === "--") i++;
      while (i < argv.length && argv[i] !== null && argv[i]!.includes("=")) {
        const [k, ...v] = argv[i]!.split("=");
        env[k!] = v.join("=");
        i++;
      }
      if (i >= argv.length) return known("env", [{ type: "other", op: "read", locus: "secret", target: "environment", argIndex: 0, why: "prints the environment" }]);
      return known("env", [], [{ type: "argv", argv: argv.slice(i), argIndex: i, env }]);
    }
    case "xargs":
      return known(name, [], [{ type: "argv", argv: argv.slice(1), argIndex: 1, appendsUnknownArgs: true, stdinArgs: "blank" }]);
    case "find": {
      const effects: AbstractEffect[] = [];
      const inner: InnerRun[] = [];
      let i = 1;
      while (i < argv.length && argv[i] !== null && !argv[i]!.startsWith("-")) effects.push(p("read", argv[i]!, i++, { recursive: true }));
      for (; i < argv.length; i++) {
        if (argv[i] === "-fprint" || argv[i] === "-fprintf" || argv[i] === "-fls") effects.push(p("write", argv[i + 1] ?? null, i + 1));
        if (argv[i] === "-delete") effects.push(...effects.filter((e) => e.type === "path").map((e) => ({ ...(e as Extract<AbstractEffect, { type: "path" }>), op: "delete" as const })));
        if (argv[i] === "-exec") {
          const end = argv.indexOf(";", i);
          inner.push({ type: "argv", argv: argv.slice(i + 1, end < 0 ? undefined : end).map((a) => (a === "{}" ? null : a)), argIndex: i + 1 });
          i = end < 0 ? argv.length : end;
        }
      }
      return known(name, effects, inner);
    }
    case "bash":
    case "sh": {
      const c = argv.indexOf("-c");
      if (c >= 0) return known(`${name} -c`, [], [{ type: "script", script: argv[c + 1] ?? null, shell: name, argIndex: c + 1 }]);
      if (ops.length) return known(name, [p("exec", ops[0]!.v, ops[0]!.i)]);
      return known(name, [], [{ type: "stdin-script", shell: name, argIndex: 0 }]);
    }
    case "python3":
    case "python":
    case "node": {
      const c = argv.findIndex((a) => a === "-c" || a === "-e" || a === "-p");
      if (c >= 0) return known(`${name} -c`, [{ type: "other", op: "exec", locus: "none", target: argv[c + 1] ?? "", kind: "inline-code", argIndex: c + 1, why: "inline code" }]);
      if (ops.length && ops[0]!.v !== "-") return known(name, [p("exec", ops[0]!.v, ops[0]!.i)]);
      return known(name, [], [], { execsStdin: { kind: "inline-code", why: `\`${name}\` runs code from stdin` } });
    }
    case "curl": {
      const skip = new Set<number>();
      const effects: AbstractEffect[] = [];
      for (let i = 1; i < argv.length; i++) {
        if (argv[i] === "-o") {
          effects.push(p("write", argv[i + 1] ?? null, i + 1));
          skip.add(i + 1);
        }
        if (argv[i] === "-d" || argv[i] === "--data" || argv[i] === "-T") {
          const d = argv[i + 1] ?? null;
          skip.add(i + 1);
          effects.push({ type: "other", op: "net-send", locus: "none", target: "upload", argIndex: i, why: "sends data" });
          if (d === null || d.startsWith("@") || argv[i] === "-T") effects.push(p("read", d === null ? null : d.replace(/^@/, ""), i + 1));
        }
      }
      for (const o of ops) {
        if (skip.has(o.i)) continue;
        effects.push({ type: "other", op: "net-fetch", locus: "none", target: o.v ?? "<dynamic url>", kind: o.v === null ? "computed-url" : "literal-url", argIndex: o.i, why: "fetches" });
      }
      return known(name, effects);
    }
    case "git": {
      let i = 1;
      let cwd: string | null | undefined;
      for (;;) {
        if (argv[i] === "-C") {
          cwd = argv[i + 1] ?? null;
          i += 2;
        } else if (argv[i] === "-c") {
          const kv = argv[i + 1] ?? null;
          if (kv === null || !/^(user\.|color\.|core\.quotepath)/.test(kv)) return { known: false, reason: `git -c ${kv ?? "<dynamic>"} may run code`, argIndex: i + 1 };
          i += 2;
        } else break;
      }
      const sub = argv[i];
      const effects: AbstractEffect[] = [];
      if (sub === "status" || sub === "log" || sub === "diff") {
        effects.push(p("read", ".", -1, { recursive: true }));
        for (let k = i; k < argv.length; k++) {
          const a = argv[k];
          if (a === null || a === undefined) return { known: false, reason: "dynamic git argument", argIndex: k };
          if (a.startsWith("--output=")) effects.push(p("write", a.slice(9), k));
          if (a === "--ext-diff" || a.startsWith("--pre")) return { known: false, reason: `git ${a}`, argIndex: k };
        }
      } else if (sub === "add" || sub === "commit") effects.push(p("write", ".git/index", -1));
      else if (sub === "ls-remote") effects.push({ type: "other", op: "net-fetch", locus: "none", target: argv[i + 1] ?? "?", kind: "literal-url", argIndex: i + 1, why: "lists a remote" });
      else return { known: false, reason: `unknown git subcommand ${sub}`, argIndex: i };
      return known(`git ${sub}`, effects, [], cwd !== undefined ? { cwdOverride: cwd } : {});
    }
    case "make":
      return known("make", [{ type: "other", op: "exec", locus: "worktree", target: "Makefile", kind: "project-code", argIndex: 0, why: "runs project code" }]);
    case "kill":
      // every word but a leading signal option is a process (or a job spec) it signals
      return known("kill", argv.slice(1).flatMap((a, k) => (k === 0 && a !== null && /^-/.test(a) && a !== "--" ? [] : [{ type: "other" as const, op: "process" as const, locus: "none" as const, target: a ?? "pid", argIndex: k + 1, why: "signals" }])));
    case "base64":
      return known("base64", ops.map((o) => p("read", o.v, o.i)));
  }
  return { known: false, reason: `unknown command \`${name}\``, argIndex: 0 };
}

// The option-list reader: each help format the registry's tools use, and the shapes that fooled
// earlier readers (a value written once for a group, a short option with a value of its own, a
// long option written with one fixed value as the meaning of a short one).
import { describe, expect, it } from "vitest";
import { mergeOptions, parseOptions } from "../../../oracle/options/parse.ts";

const one = (line: string) => parseOptions(line);

describe("parseOptions", () => {
  it.each([
    ["  -o, --output=FILE   write to FILE", [{ names: ["-o", "--output"], arity: 1, arg: "FILE" }]],
    ["  -a, --all                  do not ignore", [{ names: ["-a", "--all"], arity: 0 }]],
    ["      --color[=WHEN]         color the output", [{ names: ["--color"], arity: "optional", arg: "WHEN" }]],
    ["    -e, --exclude <pattern>", [{ names: ["-e", "--exclude"], arity: 1, arg: "<pattern>" }]],
    ["    --[no-]verify         bypass hooks", [{ names: ["--verify", "--no-verify"], arity: 0 }]],
    ["-c cmd : program passed in as string", [{ names: ["-c"], arity: 1, arg: "cmd" }]],
    ["  -f script-file, --file=script-file", [{ names: ["-f", "--file"], arity: 1, arg: "script-file" }]],
    ["  -c  --format=FORMAT   use the specified FORMAT", [{ names: ["-c", "--format"], arity: 1, arg: "FORMAT" }]],
    ["    -s [+][-]seek  start at <seek> bytes", [{ names: ["-s"], arity: 1, arg: "[+][-]seek" }]],
    ["       -maxdepth levels", [{ names: ["-maxdepth"], arity: 1, arg: "levels" }]],
    ["       -writerand outfile", [{ names: ["-writerand"], arity: 1, arg: "outfile" }]],
    ["  -C DIRECTORY, --directory=DIRECTORY", [{ names: ["-C", "--directory"], arity: 1, arg: "DIRECTORY" }]],
    // ripgrep 13: a repeatable value written `<X>...`
    ["    -e, --regexp <PATTERN>...                    ", [{ names: ["-e", "--regexp"], arity: 1, arg: "<PATTERN>..." }]],
    // systemd: spellings separated by a space only
    ["  -H --host=[USER@]HOST  Operate on remote host", [{ names: ["-H", "--host"], arity: 1, arg: "[USER@]HOST" }]],
    ["  -l --full              Don't ellipsize", [{ names: ["-l", "--full"], arity: 0 }]],
    // a synopsis line of flags is not one option with a shared value
    ["  -a -b -c [-o option]", [{ names: ["-a"], arity: 0 }]],
    // wget: a comma, then the gap, then the long spelling
    ["  -o,  --output-file=FILE          log messages to FILE", [{ names: ["-o", "--output-file"], arity: 1, arg: "FILE" }]],
    // git's man pages glue a short option's value (parse-options reads `-S x` too)
    ["       -S<string>", [{ names: ["-S"], arity: 1, arg: "<string>" }]],
    ["  -l<n>         limit rename attempts up to <n> paths.", [{ names: ["-l"], arity: 1, arg: "<n>" }]],
    // a placeholder of pieces: git -c, lsusb, git pack-objects
    ["       -c <name>=<value>", [{ names: ["-c"], arity: 1, arg: "<name>=<value>" }]],
    ["  -s [[bus]:][devnum]", [{ names: ["-s"], arity: 1, arg: "[[bus]:][devnum]" }]],
    ["  -d vendor:[product]", [{ names: ["-d"], arity: 1, arg: "vendor:[product]" }]],
    ["       -S .suf, --suffix=.suf", [{ names: ["-S", "--suffix"], arity: 1, arg: ".suf" }]],
    ["       --[no-]signature=<signature>", [{ names: ["--signature"], arity: 1, arg: "<signature>" }, { names: ["--no-signature"], arity: 0 }]],
    // rsync writes the long spelling first: a short one after the value shares it
    ["--rsh=COMMAND, -e        specify the remote shell to use", [{ names: ["--rsh", "-e"], arity: 1, arg: "COMMAND" }]],
    ["           --paginate or --no-pager is specified on the command line", []],
    ["       -asmflags '[pattern=]arg list'", [{ names: ["-asmflags"], arity: 1, arg: "'[pattern=]arg list'" }]],
    ["       -short, -timeout, -failfast, and -v.  If a run of go test has any test", []],
    ["-m or --module <module>/<mainclass> are passed as the arguments to", []],
    // tree: `[=]` says the `=` is optional, not the value
    ["       --filelimit[=]#", [{ names: ["--filelimit"], arity: 1, arg: "#" }]],
    // prose that starts with an option: `and` is no placeholder
    ["           --no-min-parents and --no-max-parents reset these limits", []],
    // a value written after a spelling does not reach back to those after it
    ["       --min-parents=<number>, --max-parents=<number>, --no-min-parents, --no-max-parents", [{ names: ["--min-parents", "--max-parents"], arity: 1, arg: "<number>" }, { names: ["--no-min-parents", "--no-max-parents"], arity: 0 }]],
    // a name written with and without its value takes it only glued
    ["       --expand-tabs=<n>, --expand-tabs, --no-expand-tabs", [{ names: ["--expand-tabs"], arity: "optional", arg: "<n>" }, { names: ["--no-expand-tabs"], arity: 0 }]],
    // sort: a name written twice enumerates its values, which are not the short spelling's
    ["  -c, --check, --check=diagnose-first  check for sorted input", [{ names: ["-c"], arity: 0 }, { names: ["--check"], arity: "optional", arg: "diagnose-first" }]],
    ["  -C, --check=quiet, --check=silent  like -c", [{ names: ["-C"], arity: 0 }, { names: ["--check"], arity: 1, arg: "quiet" }]],
  ])("%j", (line, want) => {
    expect(one(line)).toEqual(want);
  });

  it("reads any spaced word as a required value in git's parse-options listing, and only there", () => {
    const lines = ["    --chmod (+|-)x        override the executable bit", "    --resolvemsg ...      override error message", "    --diff-filter [(A|C|D|M|R|T|U|X|B)...[*]]", "    --prefix <prefix>/    write tree object for a subdirectory <prefix>"];
    expect(lines.map((l) => parseOptions(l, { anySpacedValue: true })[0]!.arity)).toEqual([1, 1, 1, 1]);
    expect(lines.map((l) => parseOptions(l)[0]!.arity)).toEqual([0, 0, 0, 0]);
  });

  it("gives each spelling its own arity when a short one writes its own value", () => {
    expect(one("  -c, -C NUM, --context[=NUM]   output NUM lines")).toEqual([
      { names: ["-c"], arity: 0 },
      { names: ["-C"], arity: 1, arg: "NUM" },
      { names: ["--context"], arity: "optional", arg: "NUM" },
    ]);
  });

  it("reads `-p, --indicator-style=slash` as -p alone when the long option is defined with a placeholder", () => {
    const text = "  -p, --indicator-style=slash\n      --indicator-style=WORD  append indicator";
    expect(parseOptions(text)).toEqual([
      { names: ["-p"], arity: 0 },
      { names: ["--indicator-style"], arity: 1, arg: "WORD" },
    ]);
  });

  it("skips prose, list items and words after a definition", () => {
    const text = ["Usage: ls [OPTION]... [FILE]...", "  - a list item", "The -r option reverses.", "  --  end of options", "Examples:", "  tar -cf archive.tar foo bar  # Create"].join("\n");
    expect(parseOptions(text).map((o) => o.names)).toEqual([]);
  });

  it("keeps the first definition of a name", () => {
    expect(parseOptions("  -n, --lines=NUM   first\n  -n        again")).toEqual([{ names: ["-n", "--lines"], arity: 1, arg: "NUM" }]);
  });
});

describe("mergeOptions", () => {
  it("joins spellings from several sources and reports arities that disagree", () => {
    const help = parseOptions("  -o, --output=FILE   x\n  -v   verbose");
    const man = parseOptions("       -o file\n       --verbose\n       -x, --extra\n       -v level");
    const { options, conflicts } = mergeOptions([help, man]);
    expect(options.map((o) => [o.names, o.arity])).toEqual([
      [["-o", "--output"], 1],
      [["-v"], 0],
      [["--verbose"], 0],
      [["-x", "--extra"], 0],
    ]);
    expect(conflicts).toEqual([{ name: "-v", arities: [0, 1] }]);
  });
});

// The option-list reader: each help format the registry's tools use, and the shapes that fooled
// earlier readers (a value written once for a group, a short option with a value of its own, a
// long option written with one fixed value as the meaning of a short one).
import { describe, expect, it } from "vitest";
import { mergeOptions, parseOptions, synopsisArity } from "../../../oracle/options/parse.ts";

const one = (line: string) => parseOptions(line);

describe("parseOptions", () => {
  it.each([
    ["  -o, --output=FILE   write to FILE", [{ names: ["-o", "--output"], arity: 1, arg: "FILE" }]],
    ["  -a, --all                  do not ignore", [{ names: ["-a", "--all"], arity: 0 }]],
    ["      --color[=WHEN]         color the output", [{ names: ["--color"], arity: "optional", arg: "WHEN" }]],
    ["    -e, --exclude <pattern>", [{ names: ["-e", "--exclude"], arity: 1, arg: "<pattern>" }]],
    ["    --[no-]verify         bypass hooks", [{ names: ["--verify", "--no-verify"], arity: 0 }]],
    ["-c cmd : program passed in as string", [{ names: ["-c"], arity: 1, arg: "cmd" }]],
    // Python: a choice of words, the description on the next line
    ["--check-hash-based-pycs always|default|never:", [{ names: ["--check-hash-based-pycs"], arity: 1, arg: "always|default|never" }]],
    // cmake: ` = ` ends the definition when the placeholder leaves one space only
    ["  --install-prefix <directory> = Specify install directory", [{ names: ["--install-prefix"], arity: 1, arg: "<directory>" }]],
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
    // openssl: one of several formats, and a count written `+int`
    [" -inform PEM|DER  input format - one of DER PEM", [{ names: ["-inform"], arity: 1, arg: "PEM|DER" }]],
    [" -offset +int     offset into file", [{ names: ["-offset"], arity: 1, arg: "+int" }]],
    // man pages: brackets around or after the word, a colon or `=` inside it
    ["     -L [bind_address:]port:host:hostport", [{ names: ["-L"], arity: 1, arg: "[bind_address:]port:host:hostport" }]],
    ["       -b address[#port]", [{ names: ["-b"], arity: 1, arg: "address[#port]" }]],
    ["       -v var=value   assigns value to program variable var.", [{ names: ["-v"], arity: 1, arg: "var=value" }]],
    // curl's help: one space between the value and the text
    [" -u, --user <user:password> Server user and password", [{ names: ["-u", "--user"], arity: 1, arg: "<user:password>" }]],
    ["     --preproxy [protocol://]host[:port] Use this proxy first", [{ names: ["--preproxy"], arity: 1, arg: "[protocol://]host[:port]" }]],
    // a placeholder word before a bracketed one (dpkg), and words without a full stop: no sentence (iptables)
    ["       -b, --build binary-directory [archive|directory]", [{ names: ["-b", "--build"], arity: 1, arg: "binary-directory" }]],
    ["       -A, --append chain rule-specification", [{ names: ["-A", "--append"], arity: 0 }]],
    // go's comma list; a lowercase placeholder, then the text with a capital (pidof); httpie's alternatives
    ["       -tags tag,list", [{ names: ["-tags"], arity: 1, arg: "tag,list" }]],
    ["       -d sep Tells pidof to use sep as an output separator", [{ names: ["-d"], arity: 1, arg: "sep" }]],
    ["  --auth USER[:PASS] | TOKEN, -a USER[:PASS] | TOKEN", [{ names: ["--auth"], arity: 1, arg: "USER[:PASS]" }]],
    ["       -help, -h, or -?", [{ names: ["-help", "-h", "-?"], arity: 0 }]],
    // java -help: a sentence that starts with the options (a verb follows); its man page defines them
    ["  -m or --module <module>/<mainclass> are passed as the arguments to", []],
    // a man page's tag one space from its text: a description with a verb is no sentence about the option
    ["       -uid n File's numeric user ID is less than, more than or exactly n.", [{ names: ["-uid"], arity: 1, arg: "n" }]],
    ["       --ntlm (HTTP) Enables NTLM authentication. The NTLM authentication method is used by IIS", [{ names: ["--ntlm"], arity: 0 }]],
    ["       -o=param, -o param, or -oparam (the latter choices assume that your option has a short variant).", []],
    // pstree --help: a spelling list, then its text one space away
    ["  -h, --highlight-all highlight current process and its ancestors", [{ names: ["-h", "--highlight-all"], arity: 0 }]],
    // node --help: the text one space away, a capitalised word in it
    ["  --experimental-wasm-modules experimental ES Module support for", [{ names: ["--experimental-wasm-modules"], arity: 0 }]],
    ["       -m or --module module[/mainclass]", [{ names: ["-m", "--module"], arity: 1, arg: "module[/mainclass]" }]],
    // git's man pages glue a short option's value (parse-options reads `-S x` too)
    ["       -S<string>", [{ names: ["-S"], arity: 1, arg: "<string>" }]],
    ["  -l<n>         limit rename attempts up to <n> paths.", [{ names: ["-l"], arity: 1, arg: "<n>" }]],
    // a placeholder of pieces: git -c, lsusb, git pack-objects
    ["       -c <name>=<value>", [{ names: ["-c"], arity: 1, arg: "<name>=<value>" }]],
    ["  -s [[bus]:][devnum]", [{ names: ["-s"], arity: 1, arg: "[[bus]:][devnum]" }]],
    ["  -d vendor:[product]", [{ names: ["-d"], arity: 1, arg: "vendor:[product]" }]],
    ["       -S .suf, --suffix=.suf", [{ names: ["-S", "--suffix"], arity: 1, arg: ".suf" }]],
    ["       --[no-]signature=<signature>", [{ names: ["--signature"], arity: 1, arg: "<signature>" }, { names: ["--no-signature"], arity: 0 }]],
    // rsync and tar: a comma after a glued value ends it; a short spelling after the value shares it
    ["--rsh=COMMAND, -e        specify the remote shell to use", [{ names: ["--rsh", "-e"], arity: 1, arg: "COMMAND" }]],
    ["  -F, --info-script=NAME, --new-volume-script=NAME", [{ names: ["-F", "--info-script", "--new-volume-script"], arity: 1, arg: "NAME" }]],
    ["           --paginate or --no-pager is specified on the command line", []],
    ["       -asmflags '[pattern=]arg list'", [{ names: ["-asmflags"], arity: 1, arg: "'[pattern=]arg list'" }]],
    ["       -short, -timeout, -failfast, and -v.  If a run of go test has any test", []],
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
    // less: `or` joins spellings
    ["       -E or --QUIT-AT-EOF", [{ names: ["-E", "--QUIT-AT-EOF"], arity: 0 }]],
    // a man page's tag shorter than its indent: one space, then the text (with a capital)
    ["       --norc Do not read and execute the system wide initialization file", [{ names: ["--norc"], arity: 0 }]],
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

  it("skips sentences that start with an option", () => {
    const text = [
      "              --key to specify them independently.",
      "            --max-filesize flag.",
      "              --retry is used then curl will retry on some HTTP response codes that indicate transient HTTP",
      "            --only-matching, --heading, --replace, --max-columns, etc., have no effect",
      "            -e/--regexp or -f/--file flags).",
      "       -f option.  Data input is read from the list of files",
    ].join("\n");
    expect(parseOptions(text)).toEqual([]);
  });

  it("keeps the first definition of a name", () => {
    expect(parseOptions("  -n, --lines=NUM   first\n  -n        again")).toEqual([{ names: ["-n", "--lines"], arity: 1, arg: "NUM" }]);
  });
});

describe("per-tool notations", () => {
  it("reads java's value lists as one value", () => {
    expect(one("    --add-modules <module name>[,<module name>...]")).toEqual([{ names: ["--add-modules"], arity: 1, arg: "<module name>[,<module name>...]" }]);
    expect(one("  --add-exports <module>/<package>=<other-module>(,<other-module>)*")).toEqual([
      { names: ["--add-exports"], arity: 1, arg: "<module>/<package>=<other-module>(,<other-module>)*" },
    ]);
    expect(one("       -processor class1[,class2,class3...]")).toEqual([{ names: ["-processor"], arity: 1, arg: "class1[,class2,class3...]" }]);
  });

  it("reads gcc's `-std=<standard>` as a value glued after `=` only (gcc -std c99: unrecognized option)", () => {
    expect(parseOptions("  -std=<standard>          Assume that the input sources are for <standard>.", { equalsGlued: true })).toEqual([
      { names: ["-std"], arity: "optional", arg: "<standard>" },
    ]);
    // a double-dash option keeps getopt's reading, and without the style nothing changes
    expect(parseOptions("  --sysroot=<directory>    Use <directory> as the root", { equalsGlued: true })[0]!.arity).toBe(1);
    expect(one("  -std=<standard>          Assume")[0]!.arity).toBe(1);
  });

  it("reads a spaced bracketed value as the next word for Ruby's OptionParser (rake -C sub runs in sub)", () => {
    const line = "    -C, --directory [DIRECTORY]      Change to DIRECTORY before doing anything.";
    expect(parseOptions(line, { spacedOptionalNext: true })).toEqual([{ names: ["-C", "--directory"], arity: 1, arg: "DIRECTORY" }]);
    expect(parseOptions(line)).toEqual([{ names: ["-C", "--directory"], arity: "optional", arg: "DIRECTORY" }]);
  });

  it("reads ruby's glued placeholder as the letter's value (`-Cdirectory`)", () => {
    expect(parseOptions("  -Cdirectory     cd to directory", { shortGlued: true })).toEqual([{ names: ["-C"], arity: "optional", arg: "directory" }]);
    expect(parseOptions("  -Eex[:in], --encoding=ex[:in]", { shortGlued: true })[0]).toEqual({ names: ["-E"], arity: "optional", arg: "ex[:in]" });
    // (only for tools without single-dash long names: `-maxdepth` would read as -m)
  });

  it("takes npm's values from its usage lines, not its definitions", () => {
    const text = [
      "Options:",
      "[-S|--save|--no-save] [--omit <dev|optional|peer> [--omit <dev|optional|peer> ...]]",
      "[-w|--workspace <workspace-name> [-w|--workspace <workspace-name> ...]]",
      "[--color|--no-color|--color always]",
      "",
      "  -S|--save",
      "    Save installed packages.",
      "  --omit",
      "    Dependency types to omit.",
      "  -w|--workspace",
      "    Enable running a command in a workspace.",
      "  --color",
      "    Colors.",
    ].join("\n");
    expect(parseOptions(text, { synopsis: true })).toEqual([
      { names: ["-S", "--save"], arity: 0 },
      { names: ["--omit"], arity: 1, arg: "<dev|optional|peer>" },
      { names: ["-w", "--workspace"], arity: 1, arg: "<workspace-name>" },
      { names: ["--color"], arity: 0 },
    ]);
    expect([...synopsisArity(text).keys()]).toEqual(["--omit", "-w", "--workspace"]);
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

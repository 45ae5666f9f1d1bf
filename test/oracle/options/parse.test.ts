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
    ["  -m or --module <module>/<mainclass> are passed as the arguments to", [{ names: ["-m", "--module"], arity: 1, arg: "<module>/<mainclass>" }]],
    // less: `or` joins spellings
    ["       -E or --QUIT-AT-EOF", [{ names: ["-E", "--QUIT-AT-EOF"], arity: 0 }]],
    // a man page's tag shorter than its indent: one space, then the text (with a capital)
    ["       --norc Do not read and execute the system wide initialization file", [{ names: ["--norc"], arity: 0 }]],
  ])("%j", (line, want) => {
    expect(one(line)).toEqual(want);
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

// Long commands, as agents write them: multi-screen Python heredocs and whole files written with
// `cat > file <<'EOF'`. Agents' commands have a p90 length near 700 characters and a p99 past
// 4,000; these templates give the set that tail.
import type { Rng } from "./rng.ts";
import type { Template } from "./templates.ts";

const PY_BLOCKS = [
  "def read_lines(path):\n    with open(path, encoding='utf-8') as f:\n        return [line.rstrip('\\n') for line in f]\n",
  "def count_words(lines):\n    counts = {}\n    for line in lines:\n        for word in line.split():\n            counts[word] = counts.get(word, 0) + 1\n    return counts\n",
  "def load_json(path):\n    import json\n    with open(path) as f:\n        return json.load(f)\n",
  "def find_files(root, suffix):\n    import os\n    out = []\n    for dirpath, dirnames, filenames in os.walk(root):\n        dirnames[:] = [d for d in dirnames if d not in ('.git', 'node_modules', '__pycache__')]\n        for name in filenames:\n            if name.endswith(suffix):\n                out.append(os.path.join(dirpath, name))\n    return sorted(out)\n",
  "def show(path, start=1, end=40):\n    for i, line in enumerate(read_lines(path), 1):\n        if start <= i <= end:\n            print(f'{i:5d}  {line}')\n",
  "class Finding:\n    def __init__(self, path, line, text):\n        self.path = path\n        self.line = line\n        self.text = text\n\n    def __repr__(self):\n        return f'{self.path}:{self.line}: {self.text}'\n",
  "def grep(paths, needle):\n    hits = []\n    for p in paths:\n        for i, line in enumerate(read_lines(p), 1):\n            if needle in line:\n                hits.append(Finding(p, i, line.strip()))\n    return hits\n",
  "def check_parse():\n    def parse(s):\n        return [int(x) for x in s.split(',') if x.strip()]\n    cases = [('1,2,3', [1, 2, 3]), ('', []), (' 4 , 5', [4, 5])]\n    for given, want in cases:\n        got = parse(given)\n        assert got == want, (given, got, want)\n    print('parse ok')\n",
  "def summarize(pkg):\n    scripts = pkg.get('scripts', {})\n    print('name:', pkg.get('name'))\n    print('version:', pkg.get('version'))\n    for k, v in sorted(scripts.items()):\n        print(f'  {k:10s} {v}')\n",
  "def diff_files(a, b):\n    import difflib\n    la, lb = read_lines(a), read_lines(b)\n    for line in difflib.unified_diff(la, lb, fromfile=a, tofile=b, lineterm=''):\n        print(line)\n",
  "def patch_text(path, old, new):\n    text = open(path).read()\n    if old not in text:\n        print('pattern not found in', path)\n        return False\n    open(path, 'w').write(text.replace(old, new, 1))\n    print('patched', path)\n    return True\n",
  "def run(cmd):\n    import subprocess\n    proc = subprocess.run(cmd, capture_output=True, text=True)\n    print('$', ' '.join(cmd), '->', proc.returncode)\n    print(proc.stdout[-2000:])\n    return proc.returncode\n",
];

const PY_MAIN = [
  "lines = read_lines('README.md')\nprint(len(lines), 'lines')\nprint(sorted(count_words(lines).items(), key=lambda kv: -kv[1])[:5])",
  "summarize(load_json('package.json'))",
  "for f in find_files('.', '.py'):\n    print(f)",
  "for hit in grep(find_files('src', '.py') + find_files('data', '.txt'), 'a'):\n    print(hit)",
  "show('src/app.py')\nshow('src/index.js', 1, 10)",
  "check_parse()",
  "diff_files('data/a.txt', 'data/b.txt')",
  "patch_text('src/app.py', 'print(\"app\")', 'print(\"app\", flush=True)')",
  "run(['git', 'status', '--short'])\nrun(['git', 'log', '--oneline', '-3'])",
  "import sys\nsys.path.insert(0, 'src')\nprint('python', sys.version.split()[0])",
];

function pythonScript(r: Rng): string {
  const n = r.int(3, 9);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(r.int(0, PY_BLOCKS.length - 1));
  // read_lines and Finding are used by others: always define them
  picked.add(0);
  picked.add(5);
  const body = [...picked].sort((a, b) => a - b).map((i) => PY_BLOCKS[i]!);
  const mains = new Set<number>();
  const m = r.int(1, 4);
  while (mains.size < m) mains.add(r.int(0, PY_MAIN.length - 1));
  return [r.pick(["import os\nimport re\nimport sys\n", "#!/usr/bin/env python3\n\"\"\"Investigate the project layout before the fix.\"\"\"\nimport os\n", ""]) + body.join("\n"), "if __name__ == '__main__':\n" + [...mains].map((i) => PY_MAIN[i]!.split("\n").map((l) => "    " + l).join("\n")).join("\n")].join("\n\n");
}

const TS_BLOCKS = [
  "export interface Options {\n  verbose: boolean;\n  retries: number;\n  timeoutMs?: number;\n}\n",
  "export function parseArgs(argv: string[]): Options {\n  const opts: Options = { verbose: false, retries: 3 };\n  for (let i = 0; i < argv.length; i++) {\n    const a = argv[i];\n    if (a === \"-v\" || a === \"--verbose\") opts.verbose = true;\n    else if (a === \"--retries\") opts.retries = Number(argv[++i]);\n    else if (a === \"--timeout\") opts.timeoutMs = Number(argv[++i]);\n  }\n  return opts;\n}\n",
  "export async function withRetries<T>(fn: () => Promise<T>, retries: number): Promise<T> {\n  let last: unknown;\n  for (let i = 0; i <= retries; i++) {\n    try {\n      return await fn();\n    } catch (e) {\n      last = e;\n      await new Promise((r) => setTimeout(r, 50 * 2 ** i));\n    }\n  }\n  throw last;\n}\n",
  "export function formatBytes(n: number): string {\n  const units = [\"B\", \"KB\", \"MB\", \"GB\"];\n  let i = 0;\n  while (n >= 1024 && i < units.length - 1) {\n    n /= 1024;\n    i++;\n  }\n  return `${n.toFixed(1)} ${units[i]}`;\n}\n",
  "export class Cache<K, V> {\n  private map = new Map<K, { value: V; at: number }>();\n  constructor(private ttlMs: number) {}\n  get(key: K): V | undefined {\n    const hit = this.map.get(key);\n    if (!hit || Date.now() - hit.at > this.ttlMs) return undefined;\n    return hit.value;\n  }\n  set(key: K, value: V): void {\n    this.map.set(key, { value, at: Date.now() });\n  }\n}\n",
];

function tsModule(r: Rng): string {
  const n = r.int(2, TS_BLOCKS.length);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(r.int(0, TS_BLOCKS.length - 1));
  return [...picked].sort((a, b) => a - b).map((i) => TS_BLOCKS[i]!).join("\n");
}

function markdown(r: Rng): string {
  const sections = ["## Install\n\nRun `npm ci --ignore-scripts`, then `npm run build`.\n", "## Usage\n\n    node src/index.js --verbose\n", "## Development\n\n- tests: `npm test`\n- lint: `npm run lint`\n- build: `npm run build`\n", "## Design\n\nThe parser reads the input once, builds a tree and hands it to the checker.\nErrors carry the file, the line and a hint.\n", "## Changelog\n\n### 1.0.1\n- Fix the empty-input crash\n- Faster startup\n", "## License\n\nMIT\n"];
  const n = r.int(2, sections.length);
  const picked = new Set<number>();
  while (picked.size < n) picked.add(r.int(0, sections.length - 1));
  return `# project\n\n${[...picked].sort().map((i) => sections[i]!).join("\n")}`;
}

export const LONG_TEMPLATES: Template[] = [
  {
    name: "long-python-heredoc",
    weight: 90,
    make: (r) => ({
      command: `${r.pick(["python3", "python3", "cd /home/agent/code/project && python3"])} - <<'${r.pick(["EOF", "PY"])}'\n${pythonScript(r)}\n${"EOF"}`.replace(/<<'PY'\n([\s\S]*)\nEOF$/, "<<'PY'\n$1\nPY"),
      tool: "python3",
      eco: "python",
      level: "developer",
      reason: "inline Python (trusted code, DESIGN.md)",
      oracle: true,
    }),
  },
  {
    name: "long-python-file",
    weight: 50,
    make: (r) => {
      const f = r.pick(["scripts/inspect.py", "/tmp/inspect.py", "src/report.py", "/tmp/debug_issue.py"]);
      const run = r.chance(0.6);
      const tmp = f.startsWith("/tmp");
      return {
        command: `cat > ${f} <<'EOF'\n${pythonScript(r)}\nEOF${run ? `\npython3 ${f}` : ""}`,
        tool: "cat",
        eco: "python",
        level: run ? "developer" : "editor",
        reason: run ? "writes a Python file and runs it in the same command: inline code (trusted code)" : tmp ? "writes a file under /tmp" : "writes a worktree file",
        oracle: true,
      };
    },
  },
  {
    name: "long-ts-file",
    weight: 40,
    make: (r) => ({ command: `cat > ${r.pick(["src/utils/options.ts", "src/cache.ts", "src/retry.ts", "src/format.ts"])} <<'EOF'\n${tsModule(r)}EOF`, tool: "cat", eco: "js", level: "editor", reason: "writes a worktree file", oracle: true }),
  },
  {
    name: "long-markdown",
    weight: 25,
    make: (r) => ({ command: `cat > ${r.pick(["README.md", "docs/usage.md", "NOTES.md"])} <<'EOF'\n${markdown(r)}EOF`, tool: "cat", eco: "shell", level: "editor", reason: "writes a worktree file", oracle: true }),
  },
];

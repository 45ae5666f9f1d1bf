// A synthetic "realistic" mix of agent shell commands for the parse benchmark, shaped after the
// figures in docs/AGENT-COMMANDS.md (cat/grep/sed/nl/python heredocs dominate; ~20% multi-line,
// ~20% pipes, ~19% redirects, ~9% &&). Seeded, so every run parses the same text. A dataset of
// real commands will replace it.

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILES = ["src/index.ts", "src/utils/helpers.py", "tests/test_models.py", "README.md", "package.json", "lib/core/parser.js", "django/db/models/query.py", "app/main.go", "setup.cfg", "Makefile"];
const WORDS = ["TODO", "def main", "import os", "class Config", "error", "return None", "async function", "self.assert", "raise ValueError", "fixme"];
const DIRS = ["src", "tests", "lib", "/tmp/build", "django/db", "app", "."];

export function agentMix(n: number, seed = 42): string[] {
  const r = rng(seed);
  const pick = <T,>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (a: number, b: number): number => a + Math.floor(r() * (b - a + 1));
  const pyBody = (): string => {
    const lines: string[] = [];
    const k = int(3, 40);
    for (let i = 0; i < k; i++) {
      lines.push(
        pick([
          `import ${pick(["os", "sys", "json", "re"])}`,
          `def f${i}(x, y=None):`,
          `    return x + ${i}  # ${pick(WORDS)}`,
          `print(f"value: {x!r} $HOME \`ls\`")`,
          `with open("${pick(FILES)}") as fh:`,
          `    data = fh.read().split("\\n")`,
          `if __name__ == "__main__":`,
          `    sys.exit(main(sys.argv[1:]))`,
        ]),
      );
    }
    return lines.join("\n");
  };
  const shapes: (() => string)[] = [
    () => `cat ${pick(FILES)}`,
    () => `cat -n ${pick(FILES)} | head -${int(10, 200)}`,
    () => `grep -rn "${pick(WORDS)}" ${pick(DIRS)} --include="*.py"`,
    () => `grep -n '${pick(WORDS)}' ${pick(FILES)} | head -20`,
    () => `sed -n '${int(1, 400)},${int(400, 900)}p' ${pick(FILES)}`,
    () => `sed -i 's/${pick(WORDS)}/${pick(WORDS)}/g' ${pick(FILES)}`,
    () => `nl -ba ${pick(FILES)} | sed -n '${int(1, 100)},${int(100, 300)}p'`,
    () => `python3 - <<'EOF'\n${pyBody()}\nEOF`,
    () => `cat <<'EOF' > ${pick(FILES)}\n${pyBody()}\nEOF`,
    () => `cat > /tmp/test_${int(1, 99)}.py << EOF\n${pyBody()}\nEOF\npython3 /tmp/test_${int(1, 99)}.py`,
    () => `python3 -c "import sys; print(sys.version)"`,
    () => `python -m pytest ${pick(FILES)} -x -q 2>&1 | tail -${int(5, 50)}`,
    () => `ls -la ${pick(DIRS)}`,
    () => `cd ${pick(DIRS)} && ls`,
    () => `cd /repo && python -m pytest tests/ -k "${pick(WORDS)}" -v 2>&1 | head -100`,
    () => `find ${pick(DIRS)} -name "*.py" -type f | xargs grep -l "${pick(WORDS)}"`,
    () => `find . -name '*.pyc' -delete`,
    () => `rm -rf ${pick(DIRS)}/__pycache__`,
    () => `git status && git diff --stat`,
    () => `git log --oneline -n ${int(5, 30)}`,
    () => `git diff HEAD~1 -- ${pick(FILES)}`,
    () => `curl -sSL https://example.com/api/v${int(1, 3)}/items?page=${int(1, 9)} | jq '.items[] | .name'`,
    () => `docker ps -a --format "{{.Names}}\\t{{.Status}}"`,
    () => `head -n ${int(5, 80)} ${pick(FILES)}`,
    () => `mkdir -p ${pick(DIRS)}/out && cp ${pick(FILES)} ${pick(DIRS)}/out/`,
    () => `echo "done: $?" >> /tmp/log.txt`,
    () => `for f in ${pick(DIRS)}/*.py; do echo "$f"; wc -l "$f"; done`,
    () => `if [ -f ${pick(FILES)} ]; then cat ${pick(FILES)}; else echo missing; fi`,
    () => `[[ -d ${pick(DIRS)} ]] || mkdir -p ${pick(DIRS)}`,
    () => `export PYTHONPATH=$PWD:$PYTHONPATH; python3 ${pick(FILES)}`,
    () => `npm test -- --runInBand 2>&1 | tail -${int(10, 60)}`,
    () => `pip install -e . >/dev/null 2>&1 && echo ok`,
    () => `chmod +x ./scripts/run.sh && ./scripts/run.sh --verbose`,
    () => `timeout ${int(10, 300)} python3 ${pick(FILES)} || echo "exit=$?"`,
    () => `wc -l $(git ls-files '*.py') | sort -n | tail -${int(3, 20)}`,
    () => `diff <(sort a.txt) <(sort b.txt)`,
    () => `awk -F: '{print $1, $NF}' /etc/passwd | sort | uniq -c`,
    () => `sleep ${int(1, 10)}; tail -n 50 /tmp/server.log`,
    () => `# inspect\ncat ${pick(FILES)} | grep -v '^#' | head -40`,
    () => `tr '[:upper:]' '[:lower:]' < ${pick(FILES)} > /tmp/out.txt`,
  ];
  // Weights: heredocs and cat/grep/sed dominate.
  const weights = [8, 4, 6, 4, 6, 3, 6, 6, 5, 3, 2, 3, 4, 3, 2, 2, 1, 2, 2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const total = weights.reduce((a, b) => a + b, 0);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    let x = r() * total;
    let k = 0;
    while (x >= weights[k]!) x -= weights[k++]!;
    out.push(shapes[k]!());
  }
  return out;
}

// The project the realistic commands are about: the sandbox oracle's planted world
// (oracle/sandbox/world.ts), so a command that names a file there touches a real file when the
// oracle runs it. test/eval/layout.test.ts checks that every EXISTING path is planted there.
//
// PLAUSIBLE paths do not exist in the world; templates use them only where a failed attempt
// has the same effect class as a successful one (a read of a missing file is still a read of
// the worktree; an open for writing that fails is still an attempted write).

/** Files planted in the project root, relative to it. */
export const EXISTING_FILES = [
  "README.md",
  ".gitignore",
  "package.json",
  "src/index.js",
  "src/app.py",
  "src/util.sh",
  "scripts/build.js",
  "scripts/lint.sh",
  "scripts/touch-tmp.sh",
  "test/run.js",
  "data/a.txt",
  "data/b.txt",
  "data/sub/c.txt",
] as const;

export const EXISTING_DIRS = ["src", "scripts", "test", "data", "data/sub"] as const;

/** Text files that exist and may be edited in place (sed -i, >>, patch...). */
export const EDITABLE = ["README.md", "src/index.js", "src/app.py", "data/a.txt", "data/b.txt", "data/sub/c.txt", "test/run.js", "scripts/build.js"] as const;

export const SIBLING_DIR = "../sibling";
export const WORKTREE_DIR = "../project-wt";

export type Ecosystem = "js" | "python" | "rust" | "go" | "java" | "c" | "ruby" | "shell" | "infra" | "git";

/** Source files an agent would read in a project of each ecosystem (mostly not planted). */
export const PLAUSIBLE: Record<Ecosystem, string[]> = {
  js: ["src/index.js", "src/index.ts", "src/app.ts", "src/server.ts", "src/components/Button.tsx", "src/components/Header.tsx", "src/hooks/useAuth.ts", "src/utils/format.ts", "src/api/client.ts", "src/routes/users.ts", "test/run.js", "test/app.test.ts", "package.json", "tsconfig.json", "vite.config.ts", "jest.config.js", ".eslintrc.json", "scripts/build.js"],
  python: ["src/app.py", "src/models.py", "src/utils.py", "src/api/views.py", "src/parser.py", "src/cli.py", "tests/test_app.py", "tests/test_parser.py", "tests/conftest.py", "setup.py", "pyproject.toml", "requirements.txt", "setup.cfg", "tox.ini", "src/__init__.py", "django/db/models/query.py", "sympy/core/expr.py", "astropy/units/core.py"],
  rust: ["src/main.rs", "src/lib.rs", "src/parser.rs", "src/error.rs", "src/config.rs", "Cargo.toml", "Cargo.lock", "tests/integration.rs", "benches/bench.rs", "build.rs"],
  go: ["main.go", "go.mod", "go.sum", "cmd/server/main.go", "internal/store/store.go", "pkg/api/handler.go", "pkg/api/handler_test.go", "internal/config/config.go"],
  java: ["pom.xml", "build.gradle", "settings.gradle", "src/main/java/com/example/App.java", "src/main/java/com/example/service/UserService.java", "src/test/java/com/example/AppTest.java", "src/main/resources/application.properties", "Main.java", "Solution.java"],
  c: ["src/main.c", "src/util.c", "include/util.h", "Makefile", "CMakeLists.txt", "src/parser.cpp", "src/parser.hpp", "tests/test_util.c", "configure.ac"],
  ruby: ["Gemfile", "Gemfile.lock", "app/models/user.rb", "app/controllers/users_controller.rb", "lib/parser.rb", "spec/models/user_spec.rb", "config/routes.rb", "Rakefile"],
  shell: ["src/util.sh", "scripts/lint.sh", "scripts/touch-tmp.sh", "scripts/deploy.sh", "install.sh", ".github/workflows/ci.yml", "Makefile", "README.md", "data/a.txt", "data/b.txt", "data/sub/c.txt", ".gitignore"],
  infra: ["Dockerfile", "docker-compose.yml", "k8s/deployment.yaml", "k8s/service.yaml", "infra/main.tf", "infra/variables.tf", "helm/values.yaml", ".github/workflows/deploy.yml"],
  git: ["README.md", "src/index.js", "src/app.py", "package.json", "data/a.txt", ".gitignore"],
};

export const EXT: Record<Ecosystem, string> = { js: "ts", python: "py", rust: "rs", go: "go", java: "java", c: "c", ruby: "rb", shell: "sh", infra: "yaml", git: "md" };

/** Identifiers and words that appear in grep patterns. */
export const SYMBOLS = ["TODO", "FIXME", "parseConfig", "handleRequest", "def test_", "import ", "useState", "class User", "fn main", "func New", "public static", "#include", "raise ValueError", "console.log", "export default", "async def", "impl Display", "err != nil", "@Override", "describe(", "logger.", "DEPRECATED", "version", "main", "alpha", "beta", "-rf"];

export const BRANCHES = ["main", "feature", "fix/parser-crash", "feat/login", "develop"];
export const COMMIT_SUBJECTS = ["Fix off-by-one in parser", "Add tests for config loading", "Refactor request handler", "Update README", "Handle empty input", "Bump version to 1.2.0", "Remove dead code", "Fix flaky test", "Add CLI flag for verbose output", "Improve error messages"];
export const URLS = ["https://api.github.com/repos/nodejs/node/releases/latest", "https://registry.npmjs.org/lodash", "https://pypi.org/pypi/requests/json", "https://example.com/health", "https://raw.githubusercontent.com/python/cpython/main/README.rst", "https://httpbin.org/get", "http://localhost:3000/api/users", "http://localhost:8080/health", "https://docs.python.org/3/library/json.html"];
export const IMAGES = ["node:20-alpine", "python:3.11-slim", "postgres:16", "redis:7", "golang:1.22", "rust:1.79", "ubuntu:22.04"];
export const K8S = ["pods", "deployments", "services", "nodes", "configmaps", "ingress", "events"];
export const NAMESPACES = ["default", "staging", "kube-system", "prod"];

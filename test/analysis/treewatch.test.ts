// Recursive reads at any size (treescan.ts, treewatch.ts): the daemon's watched index must
// answer exactly what a direct walk answers now, after any change made before the verdict
// (a secret created or removed, a symlink out added, a directory renamed or replaced), and
// the verdict must follow, call after call.
import { existsSync, mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { realFs, type FsLike } from "../../src/analysis/fs.ts";
import { listingTreeScan, walkTree, type NameTest, type TreeFacts } from "../../src/analysis/treescan.ts";
import { nodeListingSystem } from "../../src/analysis/listings.ts";
import { TreeIndexes } from "../../src/analysis/treewatch.ts";
import { classify } from "../../src/index.ts";
import { tempDirs } from "./support/tempdirs.ts";
import { resolvePath } from "../../src/analysis/paths.ts";

const tmp = tempDirs("tree");

const NAMES: NameTest = { test: (n) => n === ".env" || n.endsWith(".pem") || n === ".ssh", key: "test" };
const sorted = (f: TreeFacts | null) => (f ? { named: [...f.named].sort(), links: [...f.links].sort() } : null);

describe("walkTree", () => {
  it("keeps the singled-out names and every symlink, and skips what it is told to", () => {
    const root = tmp("walk");
    mkdirSync(path.join(root, "a/b/.ssh"), { recursive: true });
    mkdirSync(path.join(root, ".git/x"), { recursive: true });
    writeFileSync(path.join(root, "a/b/.env"), "");
    writeFileSync(path.join(root, "a/b/plain.txt"), "");
    writeFileSync(path.join(root, ".git/x/.env"), "");
    symlinkSync("/etc/passwd", path.join(root, "a/link"));
    expect(sorted(walkTree(root, NAMES, new Set([path.join(root, ".git")])))).toEqual({
      named: [path.join(root, "a/b/.env"), path.join(root, "a/b/.ssh")],
      links: [path.join(root, "a/link")],
    });
    expect(walkTree(path.join(root, "missing"), NAMES, new Set())).toBeNull();
    // Over a listing with types (a view that maps paths): the same facts.
    const viaListing = listingTreeScan((d) => nodeListingSystem.list(d));
    expect(sorted(viaListing(root, NAMES, new Set([path.join(root, ".git")])))).toEqual(sorted(walkTree(root, NAMES, new Set([path.join(root, ".git")]))));
  });
});

/** An index of `root` made the way the daemon makes one: a scan asks, then it is indexed. */
async function indexed(root: string, skip: ReadonlySet<string> = new Set()): Promise<TreeIndexes> {
  const ix = new TreeIndexes(path.join(tmp("barrier"), "b"));
  ix.scan(root, NAMES, skip, (a, b, c) => walkTree(a, b, c));
  ix.indexWanted();
  expect(ix.roots).toEqual([root]);
  return ix;
}

/** What the index says after a sync, and what a walk says now. */
async function both(ix: TreeIndexes, dir: string, skip: ReadonlySet<string> = new Set()) {
  expect(await ix.sync()).toBe(true);
  const fromIndex = ix.scan(dir, NAMES, skip, () => {
    throw new Error("the index should have answered");
  });
  return { index: sorted(fromIndex), walk: sorted(walkTree(dir, NAMES, skip)) };
}

describe("TreeIndexes: freshness after each kind of change", () => {
  it("follows a secret created, removed, a symlink added, directories renamed and replaced", async () => {
    const root = tmp("fresh");
    mkdirSync(path.join(root, "node_modules/p/lib"), { recursive: true });
    const ix = await indexed(root);
    try {
      const check = async () => {
        const { index, walk } = await both(ix, root);
        expect(index).toEqual(walk);
        return index!;
      };
      expect((await check()).named).toEqual([]);
      writeFileSync(path.join(root, "node_modules/p/lib/.env"), "K=1");
      expect((await check()).named).toEqual([path.join(root, "node_modules/p/lib/.env")]);
      unlinkSync(path.join(root, "node_modules/p/lib/.env"));
      expect((await check()).named).toEqual([]);
      symlinkSync("/root/.ssh/id_rsa", path.join(root, "node_modules/p/key"));
      expect((await check()).links).toEqual([path.join(root, "node_modules/p/key")]);
      // A new directory with a secret made in it at once (before the index could watch it).
      mkdirSync(path.join(root, "node_modules/q/r/s"), { recursive: true });
      writeFileSync(path.join(root, "node_modules/q/r/s/k.pem"), "");
      expect((await check()).named).toEqual([path.join(root, "node_modules/q/r/s/k.pem")]);
      // Renamed: the secret is now under another path.
      renameSync(path.join(root, "node_modules/q"), path.join(root, "node_modules/q2"));
      expect((await check()).named).toEqual([path.join(root, "node_modules/q2/r/s/k.pem")]);
      // Replaced by another directory of the same name, with a secret in it.
      rmSync(path.join(root, "node_modules/p"), { recursive: true });
      mkdirSync(path.join(root, "node_modules/p/lib"), { recursive: true });
      writeFileSync(path.join(root, "node_modules/p/lib/.env"), "");
      const after = await check();
      expect(after.named).toContain(path.join(root, "node_modules/p/lib/.env"));
      expect(after.links).toEqual([]);
      // A subdirectory's own answer.
      expect((await both(ix, path.join(root, "node_modules/p"))).index).toEqual({ named: [path.join(root, "node_modules/p/lib/.env")], links: [] });
    } finally {
      ix.close();
    }
  });

  it("drops an index whose root was replaced, and answers by a walk", async () => {
    const parent = tmp("replaced");
    const root = path.join(parent, "proj");
    mkdirSync(root);
    const ix = await indexed(root);
    try {
      renameSync(root, root + ".old");
      mkdirSync(root);
      writeFileSync(path.join(root, ".env"), "");
      await ix.sync();
      let walked = false;
      const f = ix.scan(root, NAMES, new Set(), (d, n, s) => ((walked = true), walkTree(d, n, s)));
      expect(walked).toBe(true);
      expect(f?.named).toEqual([path.join(root, ".env")]);
    } finally {
      ix.close();
    }
  });

  it("answers only for the skip set it was built with, or a wider one", async () => {
    const root = tmp("skip");
    mkdirSync(path.join(root, ".git"));
    writeFileSync(path.join(root, ".git/.env"), "");
    const git = new Set([path.join(root, ".git")]);
    const ix = await indexed(root, git);
    try {
      expect(await ix.sync()).toBe(true);
      expect(ix.scan(root, NAMES, git, () => null)?.named).toEqual([]);
      // Asked without the skip: the index left the git dir out, so it cannot answer.
      expect(sorted(ix.scan(root, NAMES, new Set(), (a, b, c) => walkTree(a, b, c)))?.named).toEqual([path.join(root, ".git/.env")]);
    } finally {
      ix.close();
    }
  });
});

/** Does the directory `p` is made in lie inside `root`, physically (its nearest existing ancestor resolved)? */
function staysIn(root: string, p: string): boolean {
  const realRoot = realpathSync(root);
  for (let d = path.dirname(p); ; d = path.dirname(d)) {
    if (existsSync(d)) {
      const r = realpathSync(d);
      return r === realRoot || r.startsWith(realRoot + "/");
    }
    if (d === path.dirname(d)) return false;
  }
}

describe("TreeIndexes against a direct walk, under random changes (property)", () => {
  it("answers what a walk answers after every sync", async () => {
    let compared = 0;
    const names = ["a", "b", ".env", "k.pem"];
    const op = fc.record({
      kind: fc.constantFrom("mkdir", "file", "link", "rm", "mv"),
      at: fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
      to: fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }),
      text: fc.constantFrom("/etc", "a", "../a", "../../b/.env", ".env", "a/../b", "./a/b", "..", "../..", "/"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const root = tmp("prop");
        const ix = await indexed(root);
        try {
          for (const o of ops) {
            const p = path.join(root, ...o.at);
            // Links may lead anywhere (that is what the index must resolve), but a change made
            // through one must stay in the sandbox: it runs as root in CI.
            if (!staysIn(root, p) || (o.kind === "mv" && !staysIn(root, path.join(root, ...o.to)))) continue;
            try {
              if (o.kind === "mkdir") mkdirSync(p, { recursive: true });
              else if (o.kind === "file") writeFileSync(p, "");
              else if (o.kind === "link") symlinkSync(o.text, p);
              else if (o.kind === "rm") rmSync(p, { recursive: true });
              else renameSync(p, path.join(root, ...o.to));
            } catch {
              // the change was not possible here: the trees stay as they are
            }
            const { index, walk } = await both(ix, root);
            expect(index).toEqual(walk);
            // Where the index says a link leads is where the filesystem says it does.
            const facts = ix.scan(root, NAMES, new Set(), () => null)!;
            for (const [link, target] of facts.targets ?? []) {
              const r = resolvePath(realFs, "/", link, true);
              expect(r.ok && r.path).toBe(target);
              compared++;
            }
          }
        } finally {
          ix.close();
          rmSync(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 40, seed: 15 },
    );
    expect(compared).toBeGreaterThan(4); // links the index resolved itself were checked
  });
});

describe("the verdict follows between two calls (daemon-style view)", () => {
  it("refuses a recursive read once a secret or a link to one appears deep inside, approves once it goes", async () => {
    const root = tmp("verdict");
    for (let i = 0; i < 60; i++) mkdirSync(path.join(root, `node_modules/p${i}/lib/x`), { recursive: true });
    for (let i = 0; i < 60; i++) for (let f = 0; f < 20; f++) writeFileSync(path.join(root, `node_modules/p${i}/lib/x/f${f}.js`), "");
    const trees = new TreeIndexes(path.join(tmp("barrier"), "b"));
    const view = (): FsLike => ({ ...realFs, treeScan: (d, n, s, p) => trees.scan(d, n, s, (a, b, c, q) => walkTree(a, b, c, undefined, undefined, q), p) });
    const grep = async (cmd = "grep -rn foo .") => {
      await trees.sync();
      const v = classify(cmd, { cwd: root, roots: [root], home: "/nonexistent-home", tmp: ["/tmp"], env: {}, fs: view(), level: "reader" });
      trees.indexWanted();
      return v.decision;
    };
    try {
      // More than the old bounded scan's 1,000 entries, and approved.
      expect(await grep()).toBe("allow");
      expect(trees.roots).toEqual([root]);
      expect(await grep("rg foo")).toBe("allow");
      const env = path.join(root, "node_modules/p42/lib/x/.env");
      writeFileSync(env, "TOKEN=1");
      expect(await grep()).toBe("ask");
      unlinkSync(env);
      expect(await grep()).toBe("allow");
      const key = tmp("outside");
      writeFileSync(path.join(key, "id_rsa"), "");
      symlinkSync(path.join(key, "id_rsa"), path.join(root, "node_modules/p7/lib/notes"));
      // -R follows symlinks below its operand; -r never opens them (observed: walkfilter.ts).
      expect(await grep("grep -Rn foo .")).toBe("ask");
      expect(await grep("grep -rn foo .")).toBe("allow");
      unlinkSync(path.join(root, "node_modules/p7/lib/notes"));
      expect(await grep("grep -Rn foo .")).toBe("allow");
    } finally {
      trees.close();
    }
  });
});

// memfs behind the FsLike interface, for filesystem-free unit tests of path resolution.
import { Volume, createFsFromVolume } from "memfs";
import type { FsLike } from "../../../src/analysis/fs.ts";

export interface MemTree {
  files?: Record<string, string>;
  dirs?: string[];
  /** link path -> target */
  links?: Record<string, string>;
}

export function memFs(tree: MemTree): FsLike {
  const vol = new Volume();
  for (const d of tree.dirs ?? []) vol.mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(tree.files ?? {})) {
    vol.mkdirSync(f.slice(0, f.lastIndexOf("/")) || "/", { recursive: true });
    vol.writeFileSync(f, text);
  }
  for (const [l, t] of Object.entries(tree.links ?? {})) {
    vol.mkdirSync(l.slice(0, l.lastIndexOf("/")) || "/", { recursive: true });
    vol.symlinkSync(t, l);
  }
  const fs = createFsFromVolume(vol);
  return {
    lstatSync: (p) => fs.lstatSync(p),
    readlinkSync: (p) => String(fs.readlinkSync(p)),
    existsSync: (p) => fs.existsSync(p),
    readFileSync: (p) => String(fs.readFileSync(p, "utf8")),
    readdirSync: (p) => (fs.readdirSync(p) as unknown[]).map(String),
    readdirEntries: (p) =>
      (fs.readdirSync(p, { withFileTypes: true }) as unknown as { name: unknown; isDirectory(): boolean; isSymbolicLink(): boolean }[]).map((d) => ({
        name: String(d.name),
        isDir: d.isDirectory(),
        isLink: d.isSymbolicLink(),
      })),
  };
}

// A registry compiled one entry at a time, on the first lookup of one of its names (and, inside
// an entry, one subcommand at a time). The hook judges one command per process: compiling
// every entry (15 ms) would cost more than the whole verdict. The files were validated, and their names checked for clashes, when the
// prebuilt data was made (src/cli/prebuilt-make.ts).
import type { CCommand, Registry } from "./compiled.ts";
import { compileRegistry, type CompileInput } from "./compile.ts";
import { HANDLER_NAMES } from "./handlers/index.ts";

/** The commands map: a plain Map to its users, filled file by file as names are asked for. */
class LazyCommands extends Map<string, CCommand> {
  private readonly loaded = new Set<number>();
  private readonly order: CCommand[][] = [];

  constructor(
    private readonly index: ReadonlyMap<string, number>,
    private readonly file: (i: number) => CompileInput,
  ) {
    super();
  }

  private load(i: number): void {
    if (this.loaded.has(i)) return;
    this.loaded.add(i);
    const reg = compileRegistry([this.file(i)], HANDLER_NAMES, { lazySubs: true });
    for (const [name, cmd] of reg.commands) super.set(name, cmd);
    this.order[i] = reg.entries;
  }

  /** Every file compiled (iteration, size and `entries` need the whole registry). */
  all(): CCommand[] {
    for (const i of new Set(this.index.values())) this.load(i);
    return this.order.flat();
  }

  override get(name: string): CCommand | undefined {
    const i = this.index.get(name);
    if (i !== undefined) this.load(i);
    return super.get(name);
  }

  override has(name: string): boolean {
    return this.index.has(name) || super.has(name);
  }

  override get size(): number {
    this.all();
    return super.size;
  }

  override keys(): MapIterator<string> {
    this.all();
    return super.keys();
  }

  override values(): MapIterator<CCommand> {
    this.all();
    return super.values();
  }

  override entries(): MapIterator<[string, CCommand]> {
    this.all();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, CCommand]> {
    return this.entries();
  }

  override forEach(f: (value: CCommand, key: string, map: Map<string, CCommand>) => void, thisArg?: unknown): void {
    this.all();
    super.forEach(f, thisArg);
  }
}

/**
 * A registry over validated entries: `index` maps every command name and alias to an entry
 * number, `file(i)` gives that entry as a one-command registry file (with the file's flagsets).
 */
export function lazyRegistry(index: ReadonlyMap<string, number>, file: (i: number) => CompileInput): Registry {
  const commands = new LazyCommands(index, file);
  return {
    commands,
    get entries() {
      return commands.all();
    },
  };
}

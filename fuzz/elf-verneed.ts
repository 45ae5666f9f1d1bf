// Reads and edits the `.gnu.version_r` (SHT_GNU_verneed) section of a 64-bit little-endian ELF
// file. Used to mark a version requirement weak (VER_FLG_WEAK), so the dynamic loader warns
// instead of refusing a library that names a glibc/libstdc++ version this machine lacks.
// Pure: works on a Buffer; file I/O belongs to the caller.

const SHT_GNU_VERNEED = 0x6ffffffe;
export const VER_FLG_WEAK = 0x2;

export interface VersionNeed {
  /** Library the requirement is on, e.g. libc.so.6. */
  file: string;
  /** Version name, e.g. GLIBC_2.38. */
  name: string;
  flags: number;
  /** Offset of the vna_flags field in the buffer. */
  flagsOffset: number;
}

export class ElfError extends Error {}

interface Section {
  name: number;
  type: number;
  offset: number;
  size: number;
  link: number;
  info: number;
}

function sections(buf: Buffer): Section[] {
  if (buf.length < 64 || buf.readUInt32BE(0) !== 0x7f454c46) throw new ElfError("not an ELF file");
  if (buf[4] !== 2) throw new ElfError("not a 64-bit ELF file (EI_CLASS != ELFCLASS64)");
  if (buf[5] !== 1) throw new ElfError("not a little-endian ELF file (EI_DATA != ELFDATA2LSB)");
  const shoff = Number(buf.readBigUInt64LE(0x28));
  const shentsize = buf.readUInt16LE(0x3a);
  const shnum = buf.readUInt16LE(0x3c);
  if (shentsize < 64 || shoff + shentsize * shnum > buf.length) {
    throw new ElfError("section header table lies outside the file");
  }
  const out: Section[] = [];
  for (let i = 0; i < shnum; i++) {
    const at = shoff + i * shentsize;
    out.push({
      name: buf.readUInt32LE(at),
      type: buf.readUInt32LE(at + 4),
      offset: Number(buf.readBigUInt64LE(at + 0x18)),
      size: Number(buf.readBigUInt64LE(at + 0x20)),
      link: buf.readUInt32LE(at + 0x28),
      info: buf.readUInt32LE(at + 0x2c),
    });
  }
  return out;
}

function cString(buf: Buffer, at: number): string {
  const end = buf.indexOf(0, at);
  if (end < 0) throw new ElfError(`unterminated string at offset ${at}`);
  return buf.toString("latin1", at, end);
}

/** Every (library, version) requirement in `.gnu.version_r`, with where its flags live. */
export function versionNeeds(buf: Buffer): VersionNeed[] {
  const secs = sections(buf);
  const verneed = secs.find((s) => s.type === SHT_GNU_VERNEED);
  if (!verneed) return [];
  const strtab = secs[verneed.link];
  if (!strtab) throw new ElfError(".gnu.version_r links to a missing string table");
  const out: VersionNeed[] = [];
  let at = verneed.offset;
  // sh_info holds the number of Verneed entries.
  for (let i = 0; i < verneed.info; i++) {
    if (at + 16 > verneed.offset + verneed.size) throw new ElfError("Verneed entry out of bounds");
    const cnt = buf.readUInt16LE(at + 2);
    const file = cString(buf, strtab.offset + buf.readUInt32LE(at + 4));
    let aux = at + buf.readUInt32LE(at + 8);
    for (let j = 0; j < cnt; j++) {
      if (aux + 16 > verneed.offset + verneed.size) throw new ElfError("Vernaux entry out of bounds");
      out.push({
        file,
        name: cString(buf, strtab.offset + buf.readUInt32LE(aux + 8)),
        flags: buf.readUInt16LE(aux + 4),
        flagsOffset: aux + 4,
      });
      const next = buf.readUInt32LE(aux + 12);
      if (next === 0) break;
      aux += next;
    }
    const next = buf.readUInt32LE(at + 12);
    if (next === 0) break;
    at += next;
  }
  return out;
}

/**
 * Sets VER_FLG_WEAK on the named version requirements, in place. Returns the names changed
 * (already-weak ones are skipped, so a second call returns []).
 */
export function markVersionsWeak(buf: Buffer, names: readonly string[]): string[] {
  const changed: string[] = [];
  for (const need of versionNeeds(buf)) {
    if (!names.includes(need.name) || need.flags & VER_FLG_WEAK) continue;
    buf.writeUInt16LE(need.flags | VER_FLG_WEAK, need.flagsOffset);
    changed.push(need.name);
  }
  return changed;
}

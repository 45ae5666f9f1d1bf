// A progress bar on stderr, only when stderr is a terminal (CI logs stay clean).

export function progressBar(label: string): { update(done: number, total: number): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  let last = -1;
  return {
    update(done, total) {
      if (!tty || total === 0) return;
      const p = Math.floor((100 * done) / total);
      if (p === last) return;
      last = p;
      const w = 30;
      const fill = Math.round((w * done) / total);
      process.stderr.write(`\r${label} [${"#".repeat(fill)}${".".repeat(w - fill)}] ${String(p).padStart(3)}% ${done}/${total}`);
    },
    end() {
      if (tty && last >= 0) process.stderr.write("\r" + " ".repeat(80) + "\r");
    },
  };
}

// A toy target with a planted bug, used to prove the fuzzing toolchain works on this machine:
// jazzer must find the 4-byte input "FUZZ" (reaching it needs coverage feedback and
// compare tracing; random bytes alone would need ~2^32 tries).

export class PlantedBug extends Error {}

export function check(data: Uint8Array): void {
  if (data.length >= 4 && data[0] === 0x46) {
    if (data[1] === 0x55) {
      if (data[2] === 0x5a) {
        if (data[3] === 0x5a) throw new PlantedBug("planted bug reached: input starts with FUZZ");
      }
    }
  }
}

export function fuzz(data: Buffer): void {
  check(data);
}

/** Letters and digits nobody mixes up when reading a code aloud or off a flyer (no 0/O, 1/I/L, 5/S, 8/B). */
const READABLE = "ACDEFGHJKMNPQRTUVWXY234679";

/** A random code like "HQ7T-M3KP": easy to read out, and one of 26^8, so two made this way hardly ever meet. */
export function generateDiscountCode(random: (size: number) => Uint8Array = randomBytes): string {
  const bytes = random(8);
  const letters = Array.from(bytes, (byte) => READABLE[byte % READABLE.length]);
  return `${letters.slice(0, 4).join("")}-${letters.slice(4).join("")}`;
}

function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size));
}

import { randomBytes } from "node:crypto";

// randomBytes(16) is a call into the system's random source each time: about 6 µs, on every request for the
// CSP nonce. The same source read 4 KB at a time, each byte handed out once, costs a fiftieth of that (as
// node's own randomUUID does).
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let next = 0;

/** `size` fresh bytes from the operating system's CSPRNG, as text; no byte is ever handed out twice. */
export function randomText(size: number, encoding: "base64" | "base64url" | "hex"): string {
  if (size > POOL_BYTES) return randomBytes(size).toString(encoding);
  if (next + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    next = 0;
  }
  const text = pool.toString(encoding, next, next + size);
  next += size;
  return text;
}

import { isIPv4, isIPv6 } from "node:net";

// Where a server must never be sent by an address a user typed: this machine, its private networks and
// every range that is not the public internet (RFC 6890 and its IPv6 counterparts).
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
];

function v4ToNumber(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Blocked(address: string): boolean {
  const n = v4ToNumber(address);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    return n >= start && n < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail expanded). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split("%")[0] ?? "";
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4Tail) {
    const n = v4ToNumber(v4Tail);
    text = `${text.slice(0, -v4Tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
}

function v4Of(groups: number[], from: number): string {
  const hi = groups[from] ?? 0;
  const lo = groups[from + 1] ?? 0;
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

function v6Blocked(address: string): boolean {
  const g = v6Groups(address);
  const first = g[0] ?? 0;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return true; // ::
  if (zeros(0, 7) && g[7] === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 decides.
  if (zeros(0, 5) && g[5] === 0xffff) return v4Blocked(v4Of(g, 6));
  if (zeros(0, 6)) return v4Blocked(v4Of(g, 6));
  if (first === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Blocked(v4Of(g, 6));
  if (first === 0x2002) return v4Blocked(v4Of(g, 1)); // 6to4
  if ((first & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((first & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  if (first === 0x2001 && (g[1] ?? 0) < 0x0200) return true; // Teredo, benchmarking, ORCHID and other IETF ranges
  if (first === 0x0100 && zeros(1, 4)) return true; // discard-only 100::/64
  return false;
}

/** Whether an IP address (v4 or v6) is on the public internet; anything else, or not an IP, is refused. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !v4Blocked(address);
  if (isIPv6(address)) return !v6Blocked(address);
  return false;
}

/** Whether an address is this machine's own (127.0.0.0/8, ::1, or ::ffff:127.x.x.x). */
export function isLoopbackAddress(address: string): boolean {
  if (isIPv4(address)) return address.startsWith("127.");
  if (!isIPv6(address)) return false;
  const g = v6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 7) && g[7] === 1) return true;
  return zeros(0, 5) && g[5] === 0xffff && v4Of(g, 6).startsWith("127.");
}

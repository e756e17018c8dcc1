/**
 * The client-address bucket that per-person limits count by (issue 22 item 7): an IPv4 address is
 * its own bucket (/32); an IPv6 address counts by its /64, the prefix one subscriber is usually
 * given (RFC 6177 recommends at least a /64 per site; SLAAC needs one per link), so rotating the
 * interface identifier does not make a new person. IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The bucket of an address ("198.51.100.7", "2001:db8:1:2::/64"); anything else is returned as given. */
export function addressBucket(address: string): string {
  const zoneless = address.split("%")[0]!;
  if (isIPv4(zoneless)) return zoneless;
  if (!isIPv6(zoneless)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(zoneless);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const groups = expandIPv6(zoneless);
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted IPv4 expanded). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") as [string, string] : [text, undefined];
  const h = head === "" ? [] : head.split(":");
  const t = tail === undefined || tail === "" ? [] : tail.split(":");
  const fill = tail === undefined ? [] : Array.from({ length: 8 - h.length - t.length }, () => "0");
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16));
}

/**
 * Server-side request forgery guard for webhook URLs (docs/architecture.md §8): a subscriber's
 * URL must not make the service call into its own network. Checked at subscribe time and again
 * at each delivery, where the checked address is the one connected to (DNS may change between
 * the two, or between a check and a connect).
 *
 * Refused ranges (IANA special-purpose registries, RFC 6890 and its updates): unspecified,
 * loopback 127/8 and ::1, private 10/8, 172.16/12, 192.168/16 (RFC 1918), CGNAT 100.64/10
 * (RFC 6598), link-local 169.254/16 and fe80::/10 (cloud metadata 169.254.169.254 lives here),
 * unique-local fc00::/7 (RFC 4193; includes the fd00:ec2::254 metadata address), multicast
 * 224/4 and ff00::/8, "this network" 0/8, reserved 240/4 and broadcast, IETF protocol
 * assignments 192.0.0/24, benchmarking 198.18/15, the documentation ranges, and every IPv6 form
 * that embeds a refused IPv4 address (mapped, translated, compatible, NAT64, 6to4, Teredo).
 */
import { lookup as dnsLookup } from "node:dns";
import net from "node:net";

export class SsrfRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SsrfRefusal";
  }
}

const V4_BLOCKS: readonly [string, number, string][] = [
  ["0.0.0.0", 8, "this-network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "CGNAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local / metadata"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved / broadcast"],
];

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Refusal(ip: string): string | undefined {
  const n = v4ToInt(ip);
  for (const [base, bits, why] of V4_BLOCKS) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (n >= start && n < start + size) return why;
  }
  return undefined;
}

/** An IPv6 address as 8 16-bit groups (handles "::" and a dotted IPv4 tail). */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const tail = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const n = v4ToInt(tail[1]!);
    s = s.slice(0, -tail[1]!.length) + `${((n >>> 16) & 0xffff).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = s.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const r = rest !== undefined && rest !== "" ? rest.split(":") : [];
  const fill = rest === undefined ? [] : Array(8 - h.length - r.length).fill("0");
  return [...h, ...fill, ...r].map((g) => parseInt(g, 16));
}

function v6Refusal(ip: string): string | undefined {
  const g = v6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return "not a valid address";
  const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const judge = (...v4s: string[]): string | undefined => {
    for (const v4 of v4s) {
      const why = v4Refusal(v4);
      if (why) return `IPv4-embedded ${why}`;
    }
    return undefined;
  };
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  // Forms that carry an IPv4 address, judged by the IPv4 inside:
  // ::ffff:a.b.c.d mapped (RFC 4291 §2.5.5.2); ::ffff:0:a.b.c.d translated (RFC 2765 §2.1);
  // ::a.b.c.d compatible (RFC 4291 §2.5.5.1, deprecated); 64:ff9b::/96 NAT64 (RFC 6052) and
  // 64:ff9b:1::/48 local-use NAT64 (RFC 8215, the IPv4 in the last 32 bits as /96 does);
  // 2002:AABB:CCDD::/16 6to4 (RFC 3056, the IPv4 in bits 16–47); 2001:0::/32 Teredo (RFC 4380:
  // the server's IPv4 in bits 32–63, the client's inverted in the last 32).
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const translated = g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && g[5] === 0;
  const compatible = g.slice(0, 6).every((x) => x === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && (g.slice(2, 6).every((x) => x === 0) || g[2] === 1);
  if (mapped || translated || compatible || nat64) return judge(v4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return judge(v4Of(g[1]!, g[2]!));
  if (g[0] === 0x2001 && g[1] === 0) return judge(v4Of(g[2]!, g[3]!), v4Of(~g[6]! & 0xffff, ~g[7]! & 0xffff));
  const first = g[0]!;
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xffc0) === 0xfec0) return "site-local (deprecated)";
  if ((first & 0xfe00) === 0xfc00) return "unique-local / metadata";
  if ((first & 0xff00) === 0xff00) return "multicast";
  if (first === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (first === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return "discard-only";
  return undefined;
}

/** Why an IP address may not be a webhook target, or undefined when it may. */
export function forbiddenAddressReason(ip: string): string | undefined {
  const kind = net.isIP(ip);
  if (kind === 4) return v4Refusal(ip);
  if (kind === 6) return v6Refusal(ip);
  return "not an IP address";
}

/**
 * Host names refused whatever DNS says: the local machine, cloud metadata services, and the
 * special-use names that never resolve publicly (RFC 6761 .test/.invalid/.localhost/.example,
 * RFC 6762 .local, .internal), so they are not even looked up.
 */
const FORBIDDEN_NAMES = /^(localhost|metadata|metadata\.google\.internal|instance-data|.*\.(localhost|test|invalid|example|local|internal))\.?$/i;

export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemLookupAll: LookupAll = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** The host of a URL as DNS and net.isIP see it (IPv6 literals without brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Checks a host by name and by every address it resolves to; returns the addresses (the first
 * is the one to connect to). Throws SsrfRefusal naming the problem. `allowPrivate` is the
 * test-only opt-out (WEBHOOK_ALLOW_PRIVATE_TARGETS_FOR_TESTS).
 */
export async function resolveAllowedTarget(
  host: string, opts: { allowPrivate: boolean; lookupAll?: LookupAll },
): Promise<{ address: string; family: number }[]> {
  if (!opts.allowPrivate && FORBIDDEN_NAMES.test(host)) {
    throw new SsrfRefusal(`the host ${host} is a local, metadata or special-use name`);
  }
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await (opts.lookupAll ?? systemLookupAll)(host);
    } catch {
      throw new SsrfRefusal(`the host ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new SsrfRefusal(`the host ${host} does not resolve`);
  }
  if (!opts.allowPrivate) {
    for (const a of addresses) {
      const why = forbiddenAddressReason(a.address);
      if (why) throw new SsrfRefusal(`the host ${host} resolves to ${a.address} (${why}); webhook targets must be public addresses`);
    }
  }
  return addresses;
}

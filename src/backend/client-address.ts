import net from 'node:net';

const PRIVATE_NETWORKS = new net.BlockList();
for (const [address, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['fc00::', 7],
  ['fe80::', 10],
  ['::1', 128],
] as const)
  PRIVATE_NETWORKS.addSubnet(address, prefix, 'ipv6');

/**
 * The client behind a trusted proxy: the rightmost public address of `x-forwarded-for`. A proxy appends
 * the address it saw; everything to its left came from the client and may be forged. Hops on private
 * networks (the proxies themselves) are skipped; when every hop is private, the rightmost one counts.
 */
export function proxiedClient(header: string): string | null {
  const hops = header
    .split(',')
    .map((h) => h.trim().replace(/^::ffff:/, ''))
    .filter((h) => net.isIP(h) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!PRIVATE_NETWORKS.check(hops[i], net.isIP(hops[i]) === 6 ? 'ipv6' : 'ipv4')) return hops[i];
  }
  return hops.at(-1) ?? null;
}

import dns from 'node:dns/promises';
import fs from 'node:fs/promises';
import net from 'node:net';
import { isLanIPv4 } from '../../shared/ipc-schemas';

export class PrinterError extends Error {}

/** DLE EOT 4: "transmit paper roll sensor status"; bits 5-6 set = paper end. */
const PAPER_STATUS_QUERY = Buffer.from([0x10, 0x04, 0x04]);
const PAPER_END_BITS = 0x60;

export interface SendOptions {
  timeoutMs?: number;
  /** How long to wait for the printer's answer to the paper-status query (printers that don't answer are fine). */
  statusWaitMs?: number;
  /** Resolves a printer's host name (replaced in tests). */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

/** Loopback, private (RFC 1918, fc00::/7) and link-local addresses: where a counter's printer can be. */
export function isLanAddress(address: string): boolean {
  if (net.isIPv4(address)) return isLanIPv4(address);
  if (!net.isIPv6(address)) return false;
  const a = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return isLanIPv4(mapped[1]);
  return a === '::1' || /^fe[89ab][0-9a-f]:/.test(a) || /^f[cd][0-9a-f]{2}:/.test(a);
}

const defaultLookup = (host: string) => dns.lookup(host, { all: true, verbatim: true });

/**
 * The address to connect to: the host resolved once and every answer checked, so neither a public
 * address nor a name that resolves (or later rebinds) to one ever receives a ticket.
 */
async function lanTarget(host: string, lookup: NonNullable<SendOptions['lookup']>): Promise<string> {
  let addresses: { address: string }[];
  try {
    addresses = net.isIP(host) ? [{ address: host }] : await lookup(host);
  } catch {
    throw new PrinterError(`Imprimante introuvable sur le réseau (${host}).`);
  }
  const outside = addresses.find((a) => !isLanAddress(a.address));
  if (addresses.length === 0 || outside)
    throw new PrinterError(
      `Adresse d’imprimante refusée : ${host}${outside && outside.address !== host ? ` (${outside.address})` : ''} n’est pas sur le réseau local.`,
    );
  return addresses[0].address;
}

function tcpTarget(iface: string): { host: string; port: number } | null {
  const m = /^tcp:\/\/([^/:]+)(?::(\d+))?\/?$/i.exec(iface);
  return m ? { host: m[1], port: m[2] ? Number(m[2]) : 9100 } : null;
}

async function sendTcp(host: string, port: number, data: Buffer, options: SendOptions): Promise<void> {
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new PrinterError(`Port d’imprimante invalide : ${port}.`);
  const address = await lanTarget(host, options.lookup ?? defaultLookup);
  return sendTcpTo(host, address, port, data, options);
}

function sendTcpTo(
  host: string,
  address: string,
  port: number,
  data: Buffer,
  { timeoutMs = 5000, statusWaitMs = 400 }: SendOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(new PrinterError(message));
    };
    socket.setTimeout(timeoutMs, () => fail(`Imprimante injoignable (aucune réponse de ${host}:${port}).`));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED')
        fail(`Imprimante injoignable : connexion refusée par ${host}:${port}. Est-elle allumée ?`);
      else if (e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH')
        fail(`Imprimante introuvable sur le réseau (${host}).`);
      else fail(`Erreur d’impression : ${e.message}`);
    });
    socket.on('connect', () => {
      let answered = false;
      const printNow = () => {
        if (settled) return;
        socket.end(data, () => {
          if (settled) return;
          settled = true;
          resolve();
        });
      };
      socket.once('data', (chunk: Buffer) => {
        answered = true;
        if (chunk.length > 0 && (chunk[0] & PAPER_END_BITS) === PAPER_END_BITS)
          fail('Plus de papier dans l’imprimante.');
        else printNow();
      });
      socket.write(PAPER_STATUS_QUERY);
      setTimeout(() => {
        if (!answered) printNow();
      }, statusWaitMs);
    });
  });
}

async function sendToDevice(iface: string, data: Buffer): Promise<void> {
  const target = /^COM\d+$|^LPT\d$/i.test(iface) ? `\\\\.\\${iface.toUpperCase()}` : iface;
  try {
    // Opened without O_CREAT: a printer that is not plugged in never becomes a new file.
    const handle = await fs.open(target, fs.constants.O_WRONLY);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') throw new PrinterError(`Imprimante non branchée : ${iface} est introuvable.`);
    if (err.code === 'EACCES' || err.code === 'EPERM') throw new PrinterError(`Accès refusé à l’imprimante ${iface}.`);
    throw new PrinterError(`Erreur d’impression sur ${iface} : ${err.message}`);
  }
}

/** Sends raw ESC/POS bytes to `tcp://host:port`, a device path, a COM/LPT port or a Windows share. */
export async function sendToPrinter(iface: string, data: Buffer, options: SendOptions = {}): Promise<void> {
  const tcp = tcpTarget(iface);
  if (tcp) return sendTcp(tcp.host, tcp.port, data, options);
  return sendToDevice(iface, data);
}

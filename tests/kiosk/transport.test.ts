import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isLanAddress, sendToPrinter } from '../../src/main/printer/transport';
import { FakePrinter, closedPort } from './support/fake-printer';

describe('sending bytes to a printer', () => {
  let printer: FakePrinter | null = null;
  afterEach(async () => {
    await printer?.stop();
    printer = null;
  });

  it('delivers the bytes to a printer on tcp://host:port', async () => {
    printer = await new FakePrinter().start();
    await sendToPrinter(printer.url, Buffer.from('Bonjour\n'));
    const [job] = await printer.waitForJobs(1);
    expect(job.toString()).toBe('Bonjour\n');
  });

  it('says clearly when the printer is switched off', async () => {
    const port = await closedPort();
    await expect(sendToPrinter(`tcp://127.0.0.1:${port}`, Buffer.from('x'))).rejects.toThrow(
      /connexion refusée.*allumée/,
    );
  });

  it('refuses to print when the printer reports no paper', async () => {
    printer = await new FakePrinter().start();
    printer.paperOut = true;
    await expect(sendToPrinter(printer.url, Buffer.from('ticket'))).rejects.toThrow('Plus de papier');
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs).toHaveLength(0);
  });

  it('sends tickets only to addresses of the local network, the name resolved and checked before connecting', async () => {
    printer = await new FakePrinter().start();
    const asked: string[] = [];
    const resolveTo = (address: string) => async (host: string) => {
      asked.push(host);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    await expect(
      sendToPrinter(`tcp://printer.example:${printer.port}`, Buffer.from('x'), { lookup: resolveTo('93.184.216.34') }),
    ).rejects.toThrow('Adresse d’imprimante refusée : printer.example (93.184.216.34) n’est pas sur le réseau local.');
    await expect(
      sendToPrinter(`tcp://printer.example:${printer.port}`, Buffer.from('x'), { lookup: resolveTo('2001:db8::1') }),
    ).rejects.toThrow(/refusée/);
    await expect(
      sendToPrinter('tcp://8.8.8.8:9100', Buffer.from('x'), { lookup: resolveTo('127.0.0.1') }),
    ).rejects.toThrow('Adresse d’imprimante refusée : 8.8.8.8 n’est pas sur le réseau local.');
    expect(asked).toEqual(['printer.example', 'printer.example']);
    await sendToPrinter(`tcp://epson-caisse:${printer.port}`, Buffer.from('Bonjour\n'), {
      lookup: resolveTo('127.0.0.1'),
    });
    await sendToPrinter(`tcp://localhost:${printer.port}`, Buffer.from('Salut\n'));
    const jobs = await printer.waitForJobs(2);
    expect(jobs.map((j) => j.toString())).toEqual(['Bonjour\n', 'Salut\n']);
  });

  it('knows which addresses are on the local network', () => {
    for (const a of [
      '10.0.0.1',
      '172.16.5.5',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.1.1',
      '127.0.0.1',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:192.168.1.4',
    ])
      expect(isLanAddress(a), a).toBe(true);
    for (const a of [
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '100.64.0.1',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      '::',
      'printer',
    ])
      expect(isLanAddress(a), a).toBe(false);
  });

  it('never creates a file where the printer should be', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-'));
    await expect(sendToPrinter(path.join(dir, 'lp0'), Buffer.from('x'))).rejects.toThrow(/non branchée/);
    expect(fs.existsSync(path.join(dir, 'lp0'))).toBe(false);
  });

  it('writes to a device path and names a missing device', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-'));
    const device = path.join(dir, 'lp0');
    fs.writeFileSync(device, '');
    await sendToPrinter(device, Buffer.from([0x1b, 0x40, 0x41]));
    expect([...fs.readFileSync(device)]).toEqual([0x1b, 0x40, 0x41]);
    await expect(sendToPrinter(path.join(dir, 'missing', 'lp9'), Buffer.from('x'))).rejects.toThrow(/non branchée/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sendToPrinter } from '../../src/main/printer/transport';
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
    await expect(sendToPrinter(`tcp://127.0.0.1:${port}`, Buffer.from('x'))).rejects.toThrow(/connexion refusée.*allumée/);
  });

  it('refuses to print when the printer reports no paper', async () => {
    printer = await new FakePrinter().start();
    printer.paperOut = true;
    await expect(sendToPrinter(printer.url, Buffer.from('ticket'))).rejects.toThrow('Plus de papier');
    await new Promise((r) => setTimeout(r, 100));
    expect(printer.jobs).toHaveLength(0);
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

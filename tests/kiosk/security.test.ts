import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import {
  contentSecurityPolicy,
  guardContents,
  isAppUrl,
  isSafeExternalUrl,
  safeExternalUrl,
} from '../../src/main/security';
import { APP_ORIGIN, resolveRendererFile } from '../../src/main/renderer-files';

describe('kiosk window security', () => {
  it('allows only the configured Supabase project in the CSP', () => {
    const csp = contentSecurityPolicy('https://abcd.supabase.co');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/\*|unsafe-eval/);
    expect(contentSecurityPolicy('http://192.168.1.10:54321')).toContain('ws://192.168.1.10:54321');
  });

  it('keeps navigation inside the app', () => {
    expect(isAppUrl('app://kiosk/admin/orders', APP_ORIGIN)).toBe(true);
    expect(isAppUrl('app://kiosk.evil/admin', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('https://kiosk/admin', APP_ORIGIN)).toBe(false);
    expect(isAppUrl('not a url', APP_ORIGIN)).toBe(false);
  });

  it('opens only directions, tel and mailto links outside', () => {
    expect(isSafeExternalUrl('https://www.google.com/maps/dir/?api=1&destination=x')).toBe(true);
    expect(isSafeExternalUrl('https://maps.google.com/?q=Differdange')).toBe(true);
    expect(isSafeExternalUrl('tel:+352621123456')).toBe(true);
    expect(isSafeExternalUrl('mailto:client@example.lu')).toBe(true);
    for (const bad of [
      'http://example.lu',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://share/x',
      'https://user:pw@www.google.com/maps',
      'https://example.lu',
      'https://www.google.com/search?q=x',
      'https://www.google.com/mapsevil',
      'https://www.google.com.evil.lu/maps',
      'https://www.google.com:8443/maps',
      'http://www.google.com/maps',
    ])
      expect(isSafeExternalUrl(bad), bad).toBe(false);
  });

  it('hands the dialer a phone number only and the mail program a plain address only', () => {
    expect(safeExternalUrl('tel:+352 621 123 456')).toBe('tel:+352621123456');
    expect(safeExternalUrl('tel:+352%20621%20123%20456')).toBe('tel:+352621123456');
    expect(safeExternalUrl('tel:(+352) 621-123.456')).toBeNull();
    expect(safeExternalUrl('tel:621-123.456')).toBe('tel:621123456');
    expect(safeExternalUrl('mailto:client.nom+lu@example.lu')).toBe('mailto:client.nom+lu@example.lu');
    for (const bad of [
      'tel:+352 621"; calc.exe',
      'tel:+352621123456?call=1',
      'tel:+352621123456;phone-context=evil.example',
      'tel:%00123456',
      'tel:123456 --help',
      'tel:+352\n621',
      'tel:',
      'tel:12',
      'tel:javascript:alert(1)',
      'tel:%E0%A4%A',
      `tel:${'1'.repeat(30)}`,
      'mailto:a@b.lu?attach=/etc/passwd',
      'mailto:a@b.lu,c@d.lu',
      'mailto:?to=a@b.lu&subject=x',
      'mailto:a@b.lu%0D%0ABcc:c@d.lu',
      'mailto:"a b"@c.lu',
      'mailto:a@localhost',
      'mailto:a@b.lu&body=x',
      `https://www.google.com/maps/${'x'.repeat(2100)}`,
    ])
      expect(safeExternalUrl(bad), bad).toBeNull();
  });

  it('keeps every navigation and redirect inside the app and opens only checked links outside', () => {
    class FakeContents extends EventEmitter {
      openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null;
      setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' }) {
        this.openHandler = h;
      }
      fire(event: string, url?: string) {
        let prevented = false;
        this.emit(event, { preventDefault: () => void (prevented = true) }, url);
        return prevented;
      }
    }
    const contents = new FakeContents();
    const opened: string[] = [];
    guardContents(contents, APP_ORIGIN, (url) => opened.push(url));
    expect(contents.fire('will-navigate', 'app://kiosk/admin/orders')).toBe(false);
    expect(contents.fire('will-redirect', 'app://kiosk/admin/login')).toBe(false);
    for (const event of ['will-navigate', 'will-redirect']) {
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        'app://kiosk.evil/admin',
        'http://127.0.0.1:54321/admin/',
      ])
        expect(contents.fire(event, url), `${event} ${url}`).toBe(true);
    }
    expect(contents.fire('will-redirect', 'tel:+352621123456')).toBe(true);
    expect(opened).toEqual([]);
    expect(contents.fire('will-navigate', 'tel:+352 621 123 456')).toBe(true);
    expect(contents.fire('will-navigate', 'tel:+352621123456;ext=1')).toBe(true);
    expect(contents.openHandler!({ url: 'mailto:a@b.lu?attach=/etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'https://maps.google.com/?q=Differdange' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['tel:+352621123456', 'https://maps.google.com/?q=Differdange']);
    expect(contents.fire('will-attach-webview')).toBe(true);
  });

  it('serves the built admin with a history fallback and nothing outside it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), '');
    expect(resolveRendererFile(dir, 'app://kiosk/admin/assets/app-abc123.js')).toBe(
      path.join(dir, 'assets', 'app-abc123.js'),
    );
    expect(resolveRendererFile(dir, 'app://kiosk/admin/order/42')).toBe(path.join(dir, 'index.html'));
    expect(resolveRendererFile(dir, 'app://kiosk/admin/assets/missing.js')).toBeNull();
    expect(resolveRendererFile(dir, 'app://kiosk/admin/../../etc/passwd')).not.toBe('/etc/passwd');
    expect(resolveRendererFile(dir, 'app://kiosk/admin/%2e%2e/%2e%2e/etc/passwd')).toBe(path.join(dir, 'index.html'));
    expect(resolveRendererFile(dir, 'app://other/admin/')).toBeNull();
    expect(resolveRendererFile(dir, 'app://kiosk/admin/%00')).toBeNull();
    expect(resolveRendererFile(dir, 'app://kiosk/admin/assets/app-abc123.js%00.html')).toBeNull();
    expect(resolveRendererFile(dir, 'app://kiosk/admin/%E0%A4%A')).toBeNull();
    expect(resolveRendererFile(dir, `app://kiosk/admin/${'a/'.repeat(5000)}x.js`)).toBeNull();
    expect(resolveRendererFile(dir, 'app://kiosk/admin/%5c..%5c..%5cetc%5cpasswd')).not.toBe('/etc/passwd');
  });
});

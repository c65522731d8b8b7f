import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy, isAppUrl, isSafeExternalUrl } from '../../src/main/security';
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
      'http://example.lu', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'https://user:pw@www.google.com/maps',
      'https://example.lu', 'https://www.google.com/search?q=x', 'https://www.google.com/mapsevil', 'https://www.google.com.evil.lu/maps',
      'https://www.google.com:8443/maps', 'http://www.google.com/maps',
    ]) expect(isSafeExternalUrl(bad), bad).toBe(false);
  });

  it('serves the built admin with a history fallback and nothing outside it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), '');
    expect(resolveRendererFile(dir, 'app://kiosk/admin/assets/app-abc123.js')).toBe(path.join(dir, 'assets', 'app-abc123.js'));
    expect(resolveRendererFile(dir, 'app://kiosk/admin/order/42')).toBe(path.join(dir, 'index.html'));
    expect(resolveRendererFile(dir, 'app://kiosk/admin/assets/missing.js')).toBeNull();
    expect(resolveRendererFile(dir, 'app://kiosk/admin/../../etc/passwd')).not.toBe('/etc/passwd');
    expect(resolveRendererFile(dir, 'app://kiosk/admin/%2e%2e/%2e%2e/etc/passwd')).toBe(path.join(dir, 'index.html'));
    expect(resolveRendererFile(dir, 'app://other/admin/')).toBeNull();
  });
});

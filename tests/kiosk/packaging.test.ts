import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asar from '@electron/asar';
import { builtinModules } from 'node:module';
import { load as loadYaml } from 'js-yaml';

const root = path.resolve(__dirname, '../..');
const run = (cmd: string, args: string[]) =>
  execFileSync(process.execPath, [path.join(root, cmd), ...args], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });

/**
 * The Electron binary cannot be downloaded here, so the installers themselves cannot be made; the
 * packaging is checked as far as it can be offline: electron-vite builds the kiosk, and
 * electron-builder packs a Linux `dir` target around a stand-in Electron folder.
 */
describe('kiosk packaging', () => {
  it('declares the Windows and Linux installers', () => {
    const config = loadYaml(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;
    expect(config.win.target.map((t: { target: string }) => t.target)).toEqual(['nsis']);
    expect(config.linux.target.map((t: { target: string }) => t.target)).toEqual(['AppImage', 'deb']);
    expect(config.directories.app).toBe('out');
    for (const icon of [config.win.icon, 'build/icon.png', 'build/icons/256x256.png'])
      expect(fs.statSync(path.join(root, icon)).size).toBeGreaterThan(100);
  });

  it('builds with electron-vite and packs only the bundled app', () => {
    run('node_modules/electron-vite/bin/electron-vite.js', ['build']);
    run('scripts/kiosk-app-package.mjs', []);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'out/package.json'), 'utf8'));
    expect(pkg.main).toBe('main/index.cjs');
    expect(pkg.dependencies).toBeUndefined();

    const stand = fs.mkdtempSync(path.join(os.tmpdir(), 'electron-dist-'));
    // The stand-in carries a fuse wire as Electron's binary does (sentinel, version 1, 8 fuses, one byte
    // each: '1' on, '0' off), with Electron's defaults, so electron-builder really flips the fuses.
    const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
    fs.writeFileSync(path.join(stand, 'electron'), `#!/bin/sh\nexit 0\n# ${SENTINEL}\x01\x0810110001\n`, {
      mode: 0o755,
    });
    for (const f of ['resources.pak', 'icudtl.dat', 'v8_context_snapshot.bin', 'LICENSE'])
      fs.writeFileSync(path.join(stand, f), '');
    const output = fs.mkdtempSync(path.join(os.tmpdir(), 'kiosk-release-'));
    const electronVersion = JSON.parse(
      fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8'),
    ).version;
    run('node_modules/electron-builder/cli.js', [
      '--config',
      'electron-builder.yml',
      '--linux',
      'dir',
      `-c.electronDist=${stand}`,
      `-c.electronVersion=${electronVersion}`,
      `-c.directories.output=${output}`,
    ]);

    const unpacked = path.join(output, 'linux-unpacked');
    expect(fs.existsSync(path.join(unpacked, 'kiosque-churrasqueira'))).toBe(true);
    // Fuses, in wire order: RunAsNode, CookieEncryption, NODE_OPTIONS, --inspect, asar integrity,
    // only app.asar, browser V8 snapshot, file:// privileges.
    const binary = fs.readFileSync(path.join(unpacked, 'kiosque-churrasqueira'), 'latin1');
    const wire = binary.slice(
      binary.indexOf(SENTINEL) + SENTINEL.length + 2,
      binary.indexOf(SENTINEL) + SENTINEL.length + 10,
    );
    expect(wire).toBe('00000100');
    const files = asar
      .listPackage(path.join(unpacked, 'resources', 'app.asar'), { isPack: false })
      .map((f) => f.replaceAll('\\', '/'));
    expect(files).toEqual(
      expect.arrayContaining([
        '/package.json',
        '/main/index.cjs',
        '/preload/index.cjs',
        '/renderer/index.html',
        '/renderer/notification.mp3',
      ]),
    );
    expect(files.filter((f) => f.startsWith('/node_modules'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // The main bundle carries its printer library and needs nothing but Electron and Node at run time.
    const main = fs.readFileSync(path.join(root, 'out/main/index.cjs'), 'utf8');
    const required = [...main.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]).filter((m) => !m.startsWith('node:'));
    const builtins = new Set(['electron', ...builtinModules]);
    expect(required.filter((m) => !builtins.has(m))).toEqual([]);
  }, 300_000);
});

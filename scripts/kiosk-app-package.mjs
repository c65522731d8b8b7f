#!/usr/bin/env node
// Writes out/package.json for electron-builder: the kiosk app is fully bundled, so it needs no dependencies.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const electronVersion = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8'),
).version;
const app = {
  name: 'kiosque-churrasqueira',
  productName: 'Kiosque Churrasqueira',
  version: pkg.version,
  description: 'Kiosque du comptoir : back office, impression des tickets, alertes',
  author: 'Churrasqueira Differdange <contact@churrasqueira-differdange.lu>',
  main: 'main/index.cjs',
  devDependencies: { electron: electronVersion },
};
fs.mkdirSync(path.join(root, 'out'), { recursive: true });
fs.writeFileSync(path.join(root, 'out', 'package.json'), JSON.stringify(app, null, 2) + '\n');
console.log('Wrote out/package.json');

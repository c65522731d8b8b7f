import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageScripts, planFor, readmeCommands, ROOT, tmpDir, type Plan } from './readme-commands.js';

// `npm test` runs the commands a new user starts with (npm start, serve, create-admin); `npm run test:readme`
// (README_TEST=full) runs every command that can run on this machine, benchmarks with short settings included.
const FULL = process.env.README_TEST === 'full';
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const scripts = packageScripts();
const commands = readmeCommands(readme);
const planned = commands.map((c) => ({ c, plan: planFor(c, scripts) }));

describe('README.md commands', () => {
  it('lists the two commands that matter, and each command is either run here or skipped with its reason', () => {
    const texts = commands.map((c) => c.text);
    expect(texts).toContain('npm install && npm start');
    expect(texts).toContain('npm test');
    const unknown = planned
      .filter(({ plan }) => plan.kind === 'skip' && plan.reason === 'UNKNOWN')
      .map(({ c }) => `README.md:${c.line} ${c.text}`);
    expect(unknown, 'README commands this check does not know how to run or why to skip').toEqual([]);
    const skipped = planned.filter(
      (p): p is { c: (typeof planned)[number]['c']; plan: Extract<Plan, { kind: 'skip' }> } => p.plan.kind === 'skip',
    );
    console.log(
      `README: ${planned.length - skipped.length} command(s) run${FULL ? '' : ' (quick ones in npm test; all with npm run test:readme)'}, ${skipped.length} skipped:`,
    );
    for (const { c, plan } of skipped) console.log(`  skipped README.md:${c.line} \`${c.text}\`: ${plan.reason}`);
  });

  const seen = new Set<string>();
  for (const { c, plan } of planned) {
    if (plan.kind !== 'run' || seen.has(plan.name)) continue;
    seen.add(plan.name);
    if (!FULL && !plan.quick) continue;
    it(`\`${c.text}\` (README.md:${c.line}) works on a fresh data directory`, { timeout: 900_000 }, async () => {
      const outcome = await plan.run({ scripts, tmp: tmpDir() });
      console.log(`  ran \`${c.text}\`: ${outcome}`);
      expect(outcome).not.toBe('');
    });
  }
});

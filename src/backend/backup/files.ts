import fs from 'node:fs';
import path from 'node:path';

/** Where backups live and what they are called: DATA_DIR/backups/backup-<kind>-<UTC time>.json.gz. */
export type BackupKind = 'manual' | 'daily' | 'pre-restore';

export function backupDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

export function backupFileName(kind: BackupKind, at = new Date()): string {
  return `backup-${kind}-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.json.gz`;
}

export interface BackupFile {
  file: string;
  name: string;
  kind: BackupKind;
  at: Date;
  bytes: number;
}

const NAME = /^backup-(manual|daily|pre-restore)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.json\.gz$/;

/** The backups in the directory, newest first. */
export function listBackups(dataDir: string): BackupFile[] {
  const dir = backupDir(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: BackupFile[] = [];
  for (const name of names) {
    const m = name.match(NAME);
    if (!m) continue;
    const file = path.join(dir, name);
    let bytes = 0;
    try {
      bytes = fs.statSync(file).size;
    } catch {
      continue;
    }
    out.push({ file, name, kind: m[1] as BackupKind, at: new Date(`${m[2]}T${m[3]}:${m[4]}:${m[5]}Z`), bytes });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
}

/** Monday of the ISO week of `d` (UTC), as YYYY-MM-DD. */
function weekOf(d: Date): string {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Which automatic backups to delete: the newest `keepDays` daily backups stay, and beyond them the
 * newest backup of each of `keepWeeks` earlier weeks (weeks already holding a kept daily backup do not
 * count). Backups made by hand (`npm run backup`) and before a restore are never deleted automatically.
 */
export function backupsToPrune(backups: BackupFile[], keepDays: number, keepWeeks: number): BackupFile[] {
  const daily = backups.filter((b) => b.kind === 'daily').sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set(daily.slice(0, keepDays));
  const weeks = new Set([...keep].map((b) => weekOf(b.at)));
  let weekly = 0;
  for (const b of daily.slice(keepDays)) {
    if (weekly >= keepWeeks) break;
    const w = weekOf(b.at);
    if (weeks.has(w)) continue;
    weeks.add(w);
    keep.add(b);
    weekly++;
  }
  return daily.filter((b) => !keep.has(b));
}

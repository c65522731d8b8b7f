import fs from 'node:fs';
import path from 'node:path';

/**
 * A small JSON file that survives crashes: written to a temporary file, flushed, then renamed
 * over the old one, so a power cut leaves either the old or the new content, never half.
 */
export class JsonFile<T> {
  constructor(
    readonly file: string,
    private readonly fallback: () => T,
  ) {}

  read(): T {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as T;
    } catch {
      return this.fallback();
    }
  }

  write(value: T): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(value, null, 2));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
  }
}

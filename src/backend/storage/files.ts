import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The bytes of stored objects, one file per version under `<root>/objects/<xx>/<version>`. Names
 * never reach the file system: an object's name lives in storage.objects, its file is named by a
 * version id the server made, so no name can point outside the folder.
 */
export class FileStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  /** DATA_DIR/storage, or a temporary folder removed on close when the database lives in memory. */
  static open(dataDir: string | null): FileStore {
    if (dataDir) {
      const root = path.join(dataDir, 'storage');
      fs.mkdirSync(root, { recursive: true, mode: 0o700 });
      return new FileStore(root, false);
    }
    return new FileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-')), true);
  }

  private file(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not a storage version id: ${version.slice(0, 60)}`);
    return path.join(this.root, 'objects', version.slice(0, 2), version);
  }

  /** Writes a new version (to a temporary name first, so a reader never sees half a file). */
  async write(data: Buffer): Promise<string> {
    const version = crypto.randomUUID();
    const target = this.file(version);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(tmp, data, { mode: 0o600 });
    await fs.promises.rename(tmp, target);
    return version;
  }

  async copy(version: string): Promise<string> {
    return this.write(await this.read(version));
  }

  read(version: string): Promise<Buffer> {
    return fs.promises.readFile(this.file(version));
  }

  /** Removes versions no row refers to any more; a missing file is not an error. */
  async remove(versions: (string | null | undefined)[]): Promise<void> {
    for (const v of versions) {
      if (!v || !VERSION.test(v)) continue;
      await fs.promises.rm(this.file(v), { force: true });
    }
  }

  async close(): Promise<void> {
    if (this.temporary) await fs.promises.rm(this.root, { recursive: true, force: true });
  }
}

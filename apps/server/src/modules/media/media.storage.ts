import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * Where image files live. The local folder is the default; an S3-compatible store would be a
 * second implementation of this interface (docs/decisions.md).
 */
export interface MediaStorage {
  /** Stores `data` under `key`, replacing what was there; never leaves a half-written file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes every file whose key starts with `prefix/`; missing files are not an error. */
  removeAll(prefix: string): Promise<void>;
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/;

/** Files under one folder, keys as relative paths. */
export class LocalMediaStorage implements MediaStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`bad media key ${key}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`bad media key ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomUUID()}.tmp`;
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async removeAll(prefix: string): Promise<void> {
    await rm(join(this.path(prefix)), { recursive: true, force: true });
  }
}

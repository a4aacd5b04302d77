/**
 * Local disk storage (the local stack): one file per object under `dir`, the content type in a sidecar
 * `.type` file. Writes go to a temporary name first and are renamed, so a reader never sees half a file.
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { checkKey, type Storage } from './types.ts';

export function createDiskStorage(dir: string): Storage {
  const pathOf = (key: string) => join(dir, checkKey(key));
  const getBytes = async (key: string) => {
    const path = pathOf(key);
    try {
      if (!(await stat(path)).isFile()) return null;
      return new Uint8Array(await readFile(path));
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    kind: 'disk',
    async put(key, data, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${crypto.randomUUID()}.tmp`;
      await writeFile(tmp, data);
      await writeFile(`${path}.type`, contentType);
      await rename(tmp, path);
    },
    async get(key) {
      const bytes = await getBytes(key);
      if (!bytes) return null;
      const contentType = await readFile(`${pathOf(key)}.type`, 'utf8').catch(
        () => 'application/octet-stream',
      );
      return {
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        contentType,
        size: bytes.byteLength,
      };
    },
    getBytes,
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}.type`, { force: true });
    },
  };
}

import fs from "node:fs";
import path from "node:path";
import {
  assertStorageKey,
  assertStoragePrefix,
  contentTypeOf,
  type FileStorage,
  STORAGE_KEY_PATTERN,
} from "./storage";

/** Files under one folder on disk; several app servers can share it over a network file system. */
export function createLocalStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    kind: "local",
    async put(key, body) {
      const file = fullPath(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temporary, body);
      await fs.promises.rename(temporary, file);
    },
    async get(key) {
      const file = fullPath(key);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: fs.createReadStream(file), contentType: contentTypeOf(key), size: stat.size };
    },
    async exists(key) {
      return (await fs.promises.stat(fullPath(key)).catch(() => undefined))?.isFile() ?? false;
    },
    async delete(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
    async *list(prefix) {
      assertStoragePrefix(prefix);
      // Read entry by entry: a folder of many thousand photos is never held in memory at once.
      const folder = await fs.promises
        .opendir(path.join(root, prefix))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return undefined;
          throw error;
        });
      if (!folder) return;
      for await (const entry of folder) {
        const key = `${prefix}${entry.name}`;
        if (!entry.isFile() || !STORAGE_KEY_PATTERN.test(key)) continue;
        const stat = await fs.promises.stat(path.join(root, key)).catch(() => undefined);
        if (stat) yield { key, lastModified: stat.mtime };
      }
    },
  };
}

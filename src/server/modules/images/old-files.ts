import type { FileStorage } from "../../adapters/storage";
import { deleteStoredImage } from "./pipeline";

/**
 * Deletes stored files nothing claims, a batch at a time: lists `folders`, groups each file written
 * before `olderThan` under the name `groupOf` gives it (an image with all its widths, a store's brand
 * files), and once `batch` groups are gathered asks `unclaimed` which of them nothing uses and which
 * keys each of those leaves to delete. The storage is listed, not the database: an upload leaves no row
 * until it is saved. Safe on several servers at once (a file deleted twice is simply gone). Returns how
 * many groups `unclaimed` gave up.
 */
export async function deleteOldUnclaimed(
  storage: FileStorage,
  options: {
    folders: readonly string[];
    olderThan: Date;
    batch: number;
    /** The group a listed key belongs to; undefined leaves the file alone. */
    groupOf: (key: string) => string | undefined;
    /** Of the groups gathered (each with its listed keys), the keys of those nothing uses, per group. */
    unclaimed: (groups: Map<string, string[]>) => Promise<string[][]>;
  },
): Promise<number> {
  let deleted = 0;
  let groups = new Map<string, string[]>();
  const sweep = async () => {
    const gathered = groups;
    groups = new Map();
    const gone = await options.unclaimed(gathered);
    await deleteStoredImage(storage, gone.flat());
    deleted += gone.length;
  };
  for (const folder of options.folders) {
    for await (const file of storage.list(folder)) {
      const group = options.groupOf(file.key);
      if (group === undefined || file.lastModified >= options.olderThan) continue;
      const keys = groups.get(group);
      if (keys) keys.push(file.key);
      else groups.set(group, [file.key]);
      if (groups.size >= options.batch) await sweep();
    }
  }
  if (groups.size > 0) await sweep();
  return deleted;
}

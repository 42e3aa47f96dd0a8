import fs from "node:fs";
import path from "node:path";

/**
 * The folder holding package.json, drizzle/ and dist/: found by walking up from this module, because
 * the server runs both from source (src/server/...) and as the built bundle (dist/server/main.js),
 * which sit at different depths.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

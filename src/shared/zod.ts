import { z } from "zod";

/**
 * The one way into zod for code that may run in the browser. There it parses without zod's JIT: the JIT
 * compiles parsers with `new Function`, which the pages' Content-Security-Policy forbids, and even its
 * probe for eval makes the browser report a violation. The server keeps the faster compiled parsers.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };

import { z } from "./zod";

/**
 * The version of a record an edit form started from: the record's `updatedAt` as the client read it.
 * The server refuses the save (409) when the record has changed since, so a second tab or a second
 * seller cannot silently overwrite a change. Optional: a client that sends none saves unconditionally.
 */
export const expectedUpdatedAtField = z.iso
  .datetime({ offset: true, message: "errors.invalidInput" })
  .optional();

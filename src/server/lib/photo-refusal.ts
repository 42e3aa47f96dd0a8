import type { ErrorKey } from "../../shared/i18n";
import { MAX_IMAGE_MB } from "../../shared/image-limits";
import { HttpError } from "./http-error";

/** Each refusal of a photo, and the same refusal naming the file when the upload gave its name. */
const NAMED_REFUSALS = {
  imageTooLarge: "photoTooLarge",
  imageTypeUnsupported: "photoNotImage",
  imageUnreadable: "photoUnreadable",
  imageDimensionsTooLarge: "photoDimensionsTooLarge",
} as const satisfies Record<string, ErrorKey>;

/** Longest file name a message repeats; a longer one is cut with an ellipsis. */
const MAX_NAME_IN_MESSAGE = 80;

/**
 * A photo refused: the message names the file (`holiday.jpg is not a photo…`) when its name is known, so
 * a seller who chose several sees which one.
 */
export function photoRefused(
  status: number,
  reason: keyof typeof NAMED_REFUSALS,
  fileName?: string,
): HttpError {
  const name = fileName?.trim() ?? "";
  if (!name) return new HttpError(status, reason, { mb: MAX_IMAGE_MB });
  const shown = name.length > MAX_NAME_IN_MESSAGE ? `${name.slice(0, MAX_NAME_IN_MESSAGE - 1)}…` : name;
  return new HttpError(status, NAMED_REFUSALS[reason], { name: shown, mb: MAX_IMAGE_MB });
}

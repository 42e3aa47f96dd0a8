import type { FastifyRequest } from "fastify";
import { HttpError } from "./http-error";
import { photoRefused } from "./photo-refusal";

export interface UploadedFile {
  field: string;
  filename: string;
  buffer: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Maps @fastify/multipart's limit errors to the messages a seller understands. */
function translateMultipartError(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "imageTooLarge");
  if (code === "FST_FILES_LIMIT") throw new HttpError(413, "tooManyImages");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") throw new HttpError(413, "bodyTooLarge");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") throw new HttpError(415, "multipartRequired");
  if (error instanceof HttpError) throw error;
  // Anything else the parser raises is a body it cannot read (no boundary, cut off...): the client's.
  throw new HttpError(400, "multipartInvalid");
}

/**
 * Reads a whole multipart body into memory (files are at most 5 MB each and at most `maxFiles`);
 * nothing is stored until the caller has checked every file.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { maxFiles: number; fileFields: string[] },
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new HttpError(415, "multipartRequired");
  const body: MultipartBody = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits: { files: options.maxFiles } })) {
      if (part.type === "file") {
        // The part's own size limit: its refusal names the file, as the pipeline's refusals do.
        const buffer = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
            throw photoRefused(413, "imageTooLarge", part.filename);
          throw error;
        });
        if (!options.fileFields.includes(part.fieldname)) continue;
        body.files.push({ field: part.fieldname, filename: part.filename, buffer });
      } else if (typeof part.value === "string") {
        body.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    translateMultipartError(error);
  }
  return body;
}

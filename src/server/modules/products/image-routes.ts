import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "../../../shared/api";
import { imageOrderSchema, productImagesSchema } from "../../../shared/product-images";
import type { FileStorage } from "../../adapters/storage";
import type { AppDeps } from "../../lib/deps";
import { isUuid, requireUser } from "../../lib/guards";
import { badRequest, notFound } from "../../lib/http-error";
import { readMultipart } from "../../lib/multipart";
import { parseOrThrow } from "../../lib/validate";
import { processAndStoreImage } from "../images";
import { memberProduct } from "./access";
import { addProductImage, assertRoomForImage, removeProductImage, reorderProductImages } from "./images";

const productParams = z.object({ id: z.string().max(100) });
const imageParams = z.object({ id: z.string().max(100), imageId: z.string().max(100) });
const answer = { 200: productImagesSchema, ...errorResponses };

/** A product's photos: add one, remove one, set their order (decision 0033). */
export const productImageRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  { db, storage, onCatalogueChange },
) => {
  app.post(
    "/api/products/:id/images",
    { schema: { params: productParams, response: answer } },
    async (request) => {
      const product = await memberProduct(db, requireUser(request), request.params.id);
      await assertRoomForImage(db, product.id);
      const body = await readMultipart(request, { maxFiles: 1, fileFields: ["image"] });
      const file = body.files[0];
      if (!file) throw badRequest("imageRequired");
      const image = await processAndStoreImage(storage, file);
      return addProductImage(db, storage, product, image, onCatalogueChange);
    },
  );

  app.delete(
    "/api/products/:id/images/:imageId",
    { schema: { params: imageParams, response: answer } },
    async (request) => {
      const product = await memberProduct(db, requireUser(request), request.params.id);
      if (!isUuid(request.params.imageId)) throw notFound("imageNotFound");
      return removeProductImage(db, storage, product, request.params.imageId, onCatalogueChange);
    },
  );

  app.put(
    "/api/products/:id/images/order",
    { schema: { params: productParams, response: answer } },
    async (request) => {
      const product = await memberProduct(db, requireUser(request), request.params.id);
      const { imageIds } = parseOrThrow(imageOrderSchema, request.body ?? {});
      return reorderProductImages(db, product, imageIds, onCatalogueChange);
    },
  );
};

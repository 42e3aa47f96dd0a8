import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, okSchema } from "../../../shared/api";
import { UPLOADED_IMAGE_PATTERN } from "../../../shared/image-url";
import { pageQuerySchema } from "../../../shared/paging";
import { createProductFormSchema, productViewSchema, updateProductSchema } from "../../../shared/product";
import {
  type ProductVariantsInput,
  productVariantsSchema,
  productVariantsViewSchema,
} from "../../../shared/variants";
import type { FileStorage } from "../../adapters/storage";
import { products, stores } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { badRequest, notFound } from "../../lib/http-error";
import { sendCached } from "../../lib/micro-cache";
import { readMultipart } from "../../lib/multipart";
import { parseOrThrow } from "../../lib/validate";
import { requireUser } from "../auth/session";
import { processAndStoreImage, type StoredImage } from "../images/pipeline";
import { isUuid, requireStoreMember } from "../stores/access";
import { memberStoreIds } from "../stores/service";
import {
  cachedPublicProduct,
  createProduct,
  deleteProduct,
  findProduct,
  getProductView,
  listStoreProducts,
  loadProductViews,
  updateProduct,
} from "./service";
import { saveVariants } from "./variants";

const idParams = z.object({ id: z.string().max(100) });
/** The one paging query (src/shared/paging.ts). */
const pageQuery = pageQuerySchema();

/**
 * A photo the analysis step already stored (add product with AI prefill): used as it is, not uploaded
 * twice. It stays if the product cannot be created, since the seller may try again with it.
 */
async function resolveAnalysedImage(
  storage: FileStorage,
  imageUrl: string | undefined,
): Promise<StoredImage> {
  if (!imageUrl) throw badRequest("imageRequired");
  if (!UPLOADED_IMAGE_PATTERN.test(imageUrl) || !(await storage.exists(imageUrl.slice("/uploads/".length)))) {
    throw badRequest("imageUrlUnknown");
  }
  return { url: imageUrl, keys: [], width: 0, height: 0 };
}

/**
 * Add product's options and variants (decision 0032): JSON text in the form, checked as PUT .../variants
 * checks them, so the product is created with them or not at all.
 */
function variantsOf(text: string | undefined): ProductVariantsInput | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("invalidInput");
  }
  return parseOrThrow(productVariantsSchema, value);
}

export const productRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  { db, storage, publicCache, onCatalogueChange },
) => {
  /** Members see every product of their store; everyone else sees the active products of a live store. */
  app.get(
    "/api/stores/:id/products",
    {
      config: { public: true },
      schema: { response: { 200: z.array(productViewSchema), ...errorResponses }, params: idParams },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.user) {
        const member = await requireStoreMember(db, request.user, id).catch(() => undefined);
        if (member) return listStoreProducts(db, member.id, { includeInactive: true });
      }
      if (!isUuid(id)) throw notFound("storeNotFound");
      const list = await publicCache.get(`products:${id}`, async () => {
        // Products come only from a live store, so only an empty list asks whether the store is there.
        const views = await listStoreProducts(db, id, { includeInactive: false });
        if (views.length > 0) return views;
        const [store] = await db
          .select({ id: stores.id })
          .from(stores)
          .where(and(eq(stores.id, id), isNull(stores.deletedAt)));
        if (!store) throw notFound("storeNotFound");
        return views;
      });
      return sendCached(request, reply, list);
    },
  );

  const analysedImage = (imageUrl: string | undefined) => resolveAnalysedImage(storage, imageUrl);

  app.post(
    "/api/stores/:id/products",
    { schema: { response: { 201: productViewSchema, ...errorResponses }, params: idParams } },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const body = await readMultipart(request, { maxFiles: 1, fileFields: ["image"] });
      const fields = parseOrThrow(createProductFormSchema, body.fields);
      const variants = variantsOf(body.fields.variants);
      const file = body.files[0];
      const image = file
        ? await processAndStoreImage(storage, file.buffer)
        : await analysedImage(body.fields.imageUrl);
      const aiMeta = body.fields.category
        ? { category: body.fields.category.slice(0, 40), altText: body.fields.altText?.slice(0, 500) ?? null }
        : undefined;
      return reply
        .status(201)
        .send(
          await createProduct(
            db,
            storage,
            store.id,
            { ...fields, aiMeta, variants },
            image,
            onCatalogueChange,
          ),
        );
    },
  );

  /** The seller's products across their stores (a platform admin: everyone's), paginated. */
  app.get(
    "/api/products",
    { schema: { response: { 200: z.array(productViewSchema), ...errorResponses }, querystring: pageQuery } },
    async (request) => {
      const user = requireUser(request);
      let scope: SQL | undefined;
      if (!user.isAdmin) {
        const ids = await memberStoreIds(db, user.id);
        if (ids.length === 0) return [];
        scope = inArray(products.storeId, ids);
      }
      return loadProductViews(db, scope, request.query);
    },
  );

  app.get(
    "/api/products/:id",
    {
      config: { public: true },
      schema: { response: { 200: productViewSchema, ...errorResponses }, params: idParams },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound("productNotFound");
      // Members also see their inactive products; that view is never cached.
      if (request.user) {
        const view = await getProductView(db, id);
        if (
          view &&
          (view.isActive || (await requireStoreMember(db, request.user, view.storeId).catch(() => undefined)))
        ) {
          return view;
        }
        throw notFound("productNotFound");
      }
      return sendCached(request, reply, await cachedPublicProduct(db, publicCache, id));
    },
  );

  /** JSON for the fields, or multipart with the same fields as text plus a new `image`. */
  app.put(
    "/api/products/:id",
    { schema: { response: { 200: productViewSchema, ...errorResponses }, params: idParams } },
    async (request) => {
      const user = requireUser(request);
      if (!isUuid(request.params.id)) throw notFound("productNotFound");
      const product = await findProduct(db, request.params.id);
      await requireStoreMember(db, user, product.storeId).catch(() => {
        throw notFound("productNotFound");
      });
      if (request.isMultipart()) {
        const body = await readMultipart(request, { maxFiles: 1, fileFields: ["image"] });
        const { isActive, ...fields } = body.fields;
        const input = parseOrThrow(updateProductSchema, {
          ...fields,
          ...(isActive ? { isActive: isActive === "true" } : {}),
        });
        const file = body.files[0];
        const image = file ? await processAndStoreImage(storage, file.buffer) : undefined;
        return updateProduct(db, storage, product, input, onCatalogueChange, image);
      }
      return updateProduct(
        db,
        storage,
        product,
        parseOrThrow(updateProductSchema, request.body ?? {}),
        onCatalogueChange,
      );
    },
  );

  /** Replaces the product's options and variants (decision 0032); answers what the product now carries. */
  app.put(
    "/api/products/:id/variants",
    {
      schema: {
        params: idParams,
        body: productVariantsSchema,
        response: { 200: productVariantsViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!isUuid(request.params.id)) throw notFound("productNotFound");
      const product = await findProduct(db, request.params.id);
      await requireStoreMember(db, user, product.storeId).catch(() => {
        throw notFound("productNotFound");
      });
      return saveVariants(db, product.id, request.body, onCatalogueChange);
    },
  );

  app.delete(
    "/api/products/:id",
    { schema: { response: { 200: okSchema, ...errorResponses }, params: idParams } },
    async (request) => {
      const user = requireUser(request);
      if (!isUuid(request.params.id)) throw notFound("productNotFound");
      const product = await findProduct(db, request.params.id);
      await requireStoreMember(db, user, product.storeId).catch(() => {
        throw notFound("productNotFound");
      });
      await deleteProduct(db, storage, product, onCatalogueChange);
      return { ok: true };
    },
  );
};

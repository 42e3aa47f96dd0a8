import { inArray, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, okSchema } from "../../../shared/api";
import {
  MAX_PRODUCT_PAGE_SIZE,
  normalizeSearchText,
  SEARCH_TEXT_MAX_LENGTH,
  STOREFRONT_PAGE_SIZE,
  TOTAL_COUNT_HEADER,
} from "../../../shared/catalogue-paging";
import { UPLOADED_IMAGE_PATTERN } from "../../../shared/image-url";
import { MAX_LINES_PER_ORDER } from "../../../shared/order-limits";
import { pageQuerySchema } from "../../../shared/paging";
import { productViewSchema, sellerProductViewSchema } from "../../../shared/product";
import {
  newProductFormSchema,
  type ProductVariantsInput,
  productVariantsSchema,
  productVariantsViewSchema,
  updateProductSchema,
} from "../../../shared/variants";
import type { FileStorage } from "../../adapters/storage";
import { products } from "../../db/schema";
import type { AppDeps } from "../../lib/deps";
import { isUuid, memberStoreIds, requireStoreMember, requireUser } from "../../lib/guards";
import { badRequest, notFound } from "../../lib/http-error";
import { sendCached } from "../../lib/micro-cache";
import { readMultipart } from "../../lib/multipart";
import { parseOrThrow } from "../../lib/validate";
import { processAndStoreImage, type StoredImage } from "../images";
import { memberProduct } from "./access";
import { getSellerProductView, loadProductViews, pageStoreProducts, withoutShipping } from "./queries";
import { cachedPublicProduct, cachedPublicStoreProducts } from "./service";
import { saveVariants } from "./variants";
import { createProduct, deleteProduct, updateProduct } from "./writes";

const idParams = z.object({ id: z.string().max(100) });
/** The one paging query (src/shared/paging.ts). */
const pageQuery = pageQuerySchema();

/**
 * A store's product list (decision 0040): a page of the storefront's size unless a limit is named, a
 * search when `q` has text, and `ids` for a cart's lines (all of them, whatever the page).
 */
const storeProductsQuery = pageQuerySchema({
  defaultLimit: STOREFRONT_PAGE_SIZE,
  maxLimit: MAX_PRODUCT_PAGE_SIZE,
}).extend({
  q: z
    .string("errors.invalidInput")
    .transform(normalizeSearchText)
    .pipe(z.string().max(SEARCH_TEXT_MAX_LENGTH, "errors.invalidInput"))
    .optional(),
  ids: z
    .string("errors.invalidInput")
    .transform((text) => text.split(","))
    .pipe(
      z
        .array(z.uuid("errors.invalidInput"))
        .min(1, "errors.invalidInput")
        .max(MAX_LINES_PER_ORDER, "errors.invalidInput"),
    )
    .optional(),
});

const STORE_PRODUCTS_DESCRIPTION = `A page of the store's products: a member sees all of them, anyone else the active ones of a live store. \`limit\` (default ${STOREFRONT_PAGE_SIZE}, at most ${MAX_PRODUCT_PAGE_SIZE}) and \`offset\` page it; \`q\` searches titles, blurbs and SEO texts in Norwegian and English (best match first); \`ids\` (comma-separated, up to ${MAX_LINES_PER_ORDER}) answers just those products, unpaged. The ${TOTAL_COUNT_HEADER} header carries the size of the whole (searched) list.`;

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

/** A multipart form's JSON field (the options and variants), undefined when it is absent or empty. */
function jsonField(text: string | undefined): unknown {
  if (text === undefined || text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("invalidInput");
  }
}

/**
 * Add product's options and variants (decision 0032): JSON text in the form, checked as PUT .../variants
 * checks them, so the product is created with them or not at all.
 */
function variantsOf(text: string | undefined): ProductVariantsInput | undefined {
  const value = jsonField(text);
  return value === undefined ? undefined : parseOrThrow(productVariantsSchema, value);
}

export const productRoutes: FastifyPluginAsyncZod<AppDeps & { storage: FileStorage }> = async (
  app,
  { db, storage, publicCache, onCatalogueChange },
) => {
  /**
   * Members see every product of their store; everyone else sees the active products of a live store.
   * Both are paged and searched alike (decision 0040), with the whole list's size in X-Total-Count.
   */
  app.get(
    "/api/stores/:id/products",
    {
      config: { public: true },
      schema: {
        description: STORE_PRODUCTS_DESCRIPTION,
        response: { 200: z.array(productViewSchema), ...errorResponses },
        params: idParams,
        querystring: storeProductsQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { q = "", ids, limit, offset } = request.query;
      // A cart's lines come back whole: paging would drop the lines past the page.
      const page = ids ? { limit: ids.length, offset: 0 } : { limit, offset };
      if (request.user) {
        const member = await requireStoreMember(db, request.user, id).catch(() => undefined);
        if (member) {
          const { items, total } = await pageStoreProducts(db, member.id, {
            includeInactive: true,
            q,
            ids,
            ...page,
          });
          return reply.header(TOTAL_COUNT_HEADER, total).send(items);
        }
      }
      if (!isUuid(id)) throw notFound("storeNotFound");
      const { body, total } = await cachedPublicStoreProducts(db, publicCache, id, { q, ids, ...page });
      return sendCached(request, reply.header(TOTAL_COUNT_HEADER, total), body);
    },
  );

  const analysedImage = (imageUrl: string | undefined) => resolveAnalysedImage(storage, imageUrl);

  app.post(
    "/api/stores/:id/products",
    { schema: { response: { 201: sellerProductViewSchema, ...errorResponses }, params: idParams } },
    async (request, reply) => {
      const store = await requireStoreMember(db, requireUser(request), request.params.id);
      const body = await readMultipart(request, { maxFiles: 1, fileFields: ["image"] });
      const fields = parseOrThrow(newProductFormSchema, body.fields);
      const variants = variantsOf(body.fields.variants);
      const file = body.files[0];
      const image = file
        ? await processAndStoreImage(storage, file)
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
      schema: {
        description:
          "The product. Its store's members also read its inactive products, and its weight and size (weightGrams, lengthCm, widthCm, heightCm), which no one else sees.",
        response: { 200: z.union([sellerProductViewSchema, productViewSchema]), ...errorResponses },
        params: idParams,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound("productNotFound");
      // Members also see their inactive products and the weights; that view is never cached.
      if (request.user) {
        const view = await getSellerProductView(db, id);
        if (view && (await requireStoreMember(db, request.user, view.storeId).catch(() => undefined))) {
          return view;
        }
        if (view?.isActive) return withoutShipping(view);
        throw notFound("productNotFound");
      }
      return sendCached(request, reply, await cachedPublicProduct(db, publicCache, id));
    },
  );

  /**
   * JSON for the fields and, optionally, the options and variants (`variants`, saved with the fields in
   * one transaction, decision 0060); or multipart with the same fields as text (`variants` as JSON text)
   * plus a new `image`.
   */
  app.put(
    "/api/products/:id",
    { schema: { response: { 200: sellerProductViewSchema, ...errorResponses }, params: idParams } },
    async (request) => {
      const user = requireUser(request);
      const product = await memberProduct(db, user, request.params.id);
      if (request.isMultipart()) {
        const body = await readMultipart(request, { maxFiles: 1, fileFields: ["image"] });
        const { isActive, variants, ...fields } = body.fields;
        const input = parseOrThrow(updateProductSchema, {
          ...fields,
          ...(isActive ? { isActive: isActive === "true" } : {}),
          variants: jsonField(variants),
        });
        const file = body.files[0];
        const image = file ? await processAndStoreImage(storage, file) : undefined;
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
      const product = await memberProduct(db, user, request.params.id);
      return saveVariants(db, product.id, request.body, onCatalogueChange);
    },
  );

  app.delete(
    "/api/products/:id",
    { schema: { response: { 200: okSchema, ...errorResponses }, params: idParams } },
    async (request) => {
      const user = requireUser(request);
      const product = await memberProduct(db, user, request.params.id);
      await deleteProduct(db, storage, product, onCatalogueChange);
      return { ok: true };
    },
  );
};

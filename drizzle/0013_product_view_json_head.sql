ALTER TABLE "products" ADD COLUMN "view_json_head" text;--> statement-breakpoint
-- The start of a product's public view as JSON (decision 0050): byte for byte the first keys of
-- JSON.stringify(toProductView(...)), from "id" to "publishedAt", ending in a comma. The keys a checkout
-- changes (updatedAt, stockQty, available, variants) are added when a page is read (the products
-- service's productViewJson). row_to_json writes compact JSON in the column order below (the view's key
-- order); the seller's options (jsonb) are taken apart and written again, because jsonb's text has
-- spaces; coordinates are Number()s of numeric(5,2) text, which trim_scale gives; times are
-- Date.prototype.toISOString's (UTC, milliseconds cut). view-json.test.ts holds this to the TypeScript
-- views on both databases.
CREATE FUNCTION torg_product_view_head(p products) RETURNS text LANGUAGE sql STABLE AS $$
  select left(row_to_json(view)::text, -1) || ',' from (select
    p.id, p.store_id as "storeId", p.sku, p.title, p.blurb,
    p.seo_meta_title as "seoMetaTitle", p.seo_meta_desc as "seoMetaDesc",
    p.base_price::text as "basePrice", p.currency_code as "currencyCode", p.is_active as "isActive",
    ('{"x":' || trim_scale(p.coord_x) || ',"y":' || trim_scale(p.coord_y) || '}')::json as coordinates,
    p.position,
    case when p.options = '[]' then '[]'::json else to_json(array(select option from (select name, values
      from rows from (jsonb_to_recordset(p.options) as (name text, values text[])) with ordinality as o(name, values, n)
      order by n) option)) end as options,
    images."primary" as "primaryImage",
    coalesce(images.list, '{}') as images,
    (select row_to_json(store) from (select s.id, s.name, s.slug from stores s where s.id = p.store_id) store) as store,
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "publishedAt"
  from (select array_agg(image order by image."sortOrder", image.id) as list,
      (array_agg(image.url order by image."isPrimary" desc, image."sortOrder", image.id))[1] as "primary"
    from (select i.id, i.url, i.is_primary as "isPrimary", i.sort_order as "sortOrder"
      from product_images i where i.product_id = p.id) image) images) view
$$;
--> statement-breakpoint
-- A product written: its head again, unless the write changed only what the head leaves out (a
-- checkout's stock and updatedAt). Every other column of products is listed here; a test fails when a
-- new column is in neither list (decision 0050).
CREATE FUNCTION torg_product_view_head_of_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.view_json_head := torg_product_view_head(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_view_json_head BEFORE INSERT OR UPDATE OF
  id, store_id, sku, title, blurb, seo_meta_title, seo_meta_desc, base_price, currency_code, is_active,
  coord_x, coord_y, position, options, published_at, created_at
  ON products FOR EACH ROW EXECUTE FUNCTION torg_product_view_head_of_new();
--> statement-breakpoint
-- A photo added, changed or removed: its product's head again (the list and the primary are in it).
CREATE FUNCTION torg_product_view_head_of_image() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET view_json_head = torg_product_view_head(p)
    WHERE p.id IN (NEW.product_id, OLD.product_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER product_images_view_json_head AFTER INSERT OR UPDATE OR DELETE
  ON product_images FOR EACH ROW EXECUTE FUNCTION torg_product_view_head_of_image();
--> statement-breakpoint
-- A store renamed or given a new address: every head of its products names it.
CREATE FUNCTION torg_product_view_head_of_store() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET view_json_head = torg_product_view_head(p) WHERE p.store_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_view_json_head AFTER UPDATE OF id, name, slug ON stores FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION torg_product_view_head_of_store();
--> statement-breakpoint
UPDATE products p SET view_json_head = torg_product_view_head(p);

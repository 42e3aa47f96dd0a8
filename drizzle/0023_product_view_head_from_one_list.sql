-- torg_product_view_head as generated from the view's one column list (decision 0074):
-- productViewHeadFunction in src/server/modules/products/view.ts, copied here as it printed. The head it
-- writes is the one migration 0013's function wrote; the heads are written again only where they differ,
-- so a store's products are rewritten only if this function's output changed. view-head.test.ts fails
-- when view.ts and the database's function disagree: a change to the view's first keys needs a migration
-- like this one.
CREATE OR REPLACE FUNCTION torg_product_view_head(p products) RETURNS text LANGUAGE sql STABLE AS $$
  select left(row_to_json(view)::text, -1) || ',' from (select
    p.id as "id",
    p.store_id as "storeId",
    p.sku as "sku",
    p.title as "title",
    p.blurb as "blurb",
    p.seo_meta_title as "seoMetaTitle",
    p.seo_meta_desc as "seoMetaDesc",
    p.base_price::text as "basePrice",
    p.currency_code as "currencyCode",
    p.is_active as "isActive",
    ('{"x":' || trim_scale(p.coord_x) || ',"y":' || trim_scale(p.coord_y) || '}')::json as "coordinates",
    p.position as "position",
    case when p.options = '[]' then '[]'::json else to_json(array(select option from (select name, values
      from rows from (jsonb_to_recordset(p.options) as (name text, values text[])) with ordinality as o(name, values, n)
      order by n) option)) end as "options",
    images."primary" as "primaryImage",
    coalesce(images.list, '{}') as "images",
    (select row_to_json(store) from (select s.id, s.name, s.slug from stores s where s.id = p.store_id) store) as "store",
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "publishedAt"
  from (select array_agg(image order by image."sortOrder", image.id) as list,
      (array_agg(image.url order by image."isPrimary" desc, image."sortOrder", image.id))[1] as "primary"
    from (select i.id as "id", i.url as "url", i.is_primary as "isPrimary", i.sort_order as "sortOrder"
      from product_images i where i.product_id = p.id) image) images) view
$$;
--> statement-breakpoint
UPDATE products p SET view_json_head = torg_product_view_head(p)
  WHERE p.view_json_head IS DISTINCT FROM torg_product_view_head(p);

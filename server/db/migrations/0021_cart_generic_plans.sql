-- The cart's two reads of products by a list (its lines with price, stock and images; the products a
-- promotion offers) were planned afresh on every run, as migration 0019 found for the checkout's:
-- 1.0 and 0.6-0.7 ms of planning against 0.35 and 0.15 ms of running (EXPLAIN ANALYZE on the bench's
-- database of 200,000 products, two products, a busy machine). Each now lives in a function that keeps its
-- generic plan (index lookups by product); the functions are the statements' only copy.

CREATE FUNCTION cart_products(_city_id integer, _ids integer[], _skus text[])
RETURNS TABLE (id integer, sku text, uri text, type text, title_ru text, title_kk text, category_id integer,
               brand_id integer, brand text, stickers jsonb, only_prepayment boolean, own_reference_id integer,
               price integer, old_price integer, price_usd numeric, stock_new integer, stock_showcase integer,
               images text[])
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT p.id, p.sku, p.uri, p.type, p.title_ru, p.title_kk, p.category_id, p.brand_id,
           b.name, p.stickers, p.only_prepayment, p.reference_product_id,
           pp.price, pp.old_price, pp.price_usd,
           coalesce(s.stock_new, 0)::int, coalesce(s.stock_showcase, 0)::int,
           img.ids
    FROM products p
    LEFT JOIN brands b ON b.id = p.brand_id
    LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.city_id = _city_id
    LEFT JOIN LATERAL (
      SELECT sum(st.quantity) FILTER (WHERE st.condition = 'N') AS stock_new,
             sum(st.quantity) FILTER (WHERE st.condition = 'V') AS stock_showcase
      FROM stocks st WHERE st.product_id = p.id AND st.city_id = _city_id) s ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(i.id ORDER BY i.position, i.id) AS ids FROM images i WHERE i.product_id = p.id) img ON true
    WHERE p.id = ANY (_ids) OR p.sku = ANY (_skus);
END
$$;
--> statement-breakpoint

CREATE FUNCTION offered_products(_ids integer[], _city_id integer)
RETURNS TABLE (id integer, sku text, title_ru text, title_kk text, type text, category_id integer,
               brand_id integer, price integer, in_stock boolean, image text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT p.id, p.sku, p.title_ru, p.title_kk, p.type, p.category_id, p.brand_id, pp.price,
           EXISTS (SELECT 1 FROM stocks s WHERE s.product_id = p.id AND s.city_id = _city_id AND s.quantity > 0),
           (SELECT i.id FROM images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1)
    FROM products p
    LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.city_id = _city_id
    WHERE p.id = ANY (_ids);
END
$$;

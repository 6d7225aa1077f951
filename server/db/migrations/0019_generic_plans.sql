-- The hot statements of a checkout take a list of products as an array parameter. PostgreSQL plans such a
-- statement afresh on every run (the plan for "these two products" always looks cheaper than one for any
-- list), and planning cost more than running: 0.22 of 0.33 ms for the products with their stock, 0.38 of
-- 0.94 ms for the reservation (pg_stat_statements, checkout bench at 200,000 products). A PL/pgSQL
-- function keeps each statement's plan for its connection, and forcing the generic plan keeps it for
-- every run. Both plans are index lookups by product; the functions are the statements' only copy.

CREATE FUNCTION delivery_products_with_stock(_skus text[], _city_id integer)
RETURNS TABLE (id integer, sku text, type text, is_preorder boolean, weight_grams integer, price integer, stocks json)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT p.id, p.sku, p.type, p.is_preorder, p.weight_grams, pp.price,
           coalesce((SELECT json_agg(json_build_array(s.city_id, s.service_point_id, s.condition, s.quantity, s.pickup_time))
                     FROM stocks s WHERE s.product_id = p.id AND s.quantity > 0), '[]'::json)
    FROM products p
    LEFT JOIN product_prices pp ON pp.product_id = p.id AND pp.city_id = _city_id
    WHERE p.sku = ANY (_skus);
END
$$;
--> statement-breakpoint

-- Takes the wanted units of each sku from the city's stock: every stock row of the products is locked in
-- one fixed order (product, point, condition), so two orders never wait on each other in a circle; the
-- units come from the preferred point first, new before showcase, and each row taken from is recorded in
-- order_reservations to be given back exactly. Answers per sku what was wanted, taken and available; the
-- caller refuses (and rolls back) an order that did not get everything.
CREATE FUNCTION order_reserve(_skus text[], _wanted integer[], _city_id integer, _preferred integer, _order_id uuid)
RETURNS TABLE (sku text, wanted integer, taken integer, available integer)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    WITH want AS (
      SELECT p.id AS product_id, w.sku, w.qty
      FROM unnest(_skus, _wanted) AS w(sku, qty)
      JOIN products p ON p.sku = w.sku
    ),
    locked AS (
      SELECT s.product_id, s.service_point_id, s.condition, s.quantity
      FROM stocks s
      WHERE s.product_id IN (SELECT want.product_id FROM want) AND s.city_id = _city_id AND s.quantity > 0
      ORDER BY s.product_id, s.service_point_id, s.condition
      FOR UPDATE
    ),
    ranked AS (
      SELECT l.product_id, l.service_point_id, l.condition, l.quantity, w.qty,
             sum(l.quantity) OVER (PARTITION BY l.product_id) AS avail,
             sum(l.quantity) OVER (
               PARTITION BY l.product_id
               ORDER BY (l.service_point_id = coalesce(_preferred, -1)) DESC, l.condition, l.service_point_id
               ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
             ) AS upto
      FROM locked l JOIN want w ON w.product_id = l.product_id
    ),
    take AS (
      SELECT r.product_id, r.service_point_id, r.condition,
             least(r.quantity, r.qty - (r.upto - r.quantity))::int AS n
      FROM ranked r
      WHERE r.upto - r.quantity < r.qty AND r.avail >= r.qty
    ),
    taken_rows AS (
      UPDATE stocks s SET quantity = s.quantity - t.n
      FROM take t
      WHERE s.product_id = t.product_id AND s.city_id = _city_id
        AND s.service_point_id = t.service_point_id AND s.condition = t.condition
      RETURNING s.product_id
    ),
    held AS (
      INSERT INTO order_reservations (order_id, product_id, city_id, service_point_id, condition, quantity)
      SELECT _order_id, t.product_id, _city_id, t.service_point_id, t.condition, t.n FROM take t
      RETURNING order_reservations.product_id, order_reservations.quantity
    )
    SELECT w.sku, w.qty,
           coalesce((SELECT sum(h.quantity) FROM held h WHERE h.product_id = w.product_id), 0)::int,
           coalesce((SELECT max(r.avail) FROM ranked r WHERE r.product_id = w.product_id), 0)::int
    FROM want w;
END
$$;
--> statement-breakpoint

-- An idempotency key's lock and its stored answer in one round trip. The answer is read by a statement
-- of its own after the lock is held (each statement of a volatile function sees what was committed when
-- it began): a read in the locking statement could miss the answer of a first request that committed and
-- let go of the lock in between, and the work would run twice. Not locked: another request holds the key.
CREATE FUNCTION idempotency_claim(_scope text, _key text)
RETURNS TABLE (locked boolean, request_hash text, status integer, body jsonb)
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended(_scope || chr(31) || _key, 0)) THEN
    RETURN QUERY SELECT false, NULL::text, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  RETURN QUERY SELECT true, k.request_hash, k.status, k.body
    FROM idempotency_keys k WHERE k.scope = _scope AND k.key = _key;
  IF NOT FOUND THEN
    RETURN QUERY SELECT true, NULL::text, NULL::integer, NULL::jsonb;
  END IF;
END
$$;

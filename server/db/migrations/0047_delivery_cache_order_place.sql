-- Delivery reads its products with their stock through a cache that follows the change logs, as the
-- cart's products are read (`createProductCache`): its statement takes ids as well as skus, since a look
-- reads the changed products again by id. With the stock read from the cache, seconds old, the pickup at
-- a point that held the goods is no longer known to hold them when the order is placed: `order_place`
-- takes them from that point alone when told so (`_point_only`), and refuses the order rather than take
-- them from another point of the city and promise them for a day they cannot be there: SF422 while the
-- city still has them elsewhere (the shopper picks another point), SF409 when it has not.
--
-- The order also closes its cart only at the version it was priced at (`_cart_version`): a cart the
-- shopper changed after checkout read it (another tab adding a line while the order was being placed)
-- answers `cart_changed`, nothing is written, and the shopper sees the cart again, where the close of
-- 0026 (`cart_close_open`, whatever the version) ordered the lines read and closed the cart with the
-- added one in it, never ordered. The close is now this statement's own. The outcomes are 0026's, and
-- `cart_changed`.
DROP FUNCTION delivery_products_with_stock(text[], integer);
--> statement-breakpoint

CREATE FUNCTION delivery_products_with_stock(_city_id integer, _ids integer[], _skus text[])
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
    WHERE p.id = ANY (_ids) OR p.sku = ANY (_skus);
END
$$;
--> statement-breakpoint

DROP FUNCTION order_place(text, text, text, integer, jsonb, uuid, text, uuid, integer, text, text, text, text,
  boolean, jsonb, jsonb, jsonb, jsonb, jsonb, timestamptz, integer, boolean, json, text[], integer[], integer, integer);
--> statement-breakpoint

DROP FUNCTION cart_close_open(uuid);
--> statement-breakpoint

CREATE FUNCTION order_place(
  _scope text, _key text, _hash text, _answer_status integer, _answer jsonb,
  _id uuid, _user_id text, _cart_id uuid, _city_id integer, _status text, _payment_status text,
  _payment_method text, _delivery_type text, _is_organization boolean, _receiver jsonb, _address jsonb,
  _calculation jsonb, _shipping jsonb, _spent jsonb, _reserved_until timestamptz, _total integer,
  _is_preorder boolean, _items json, _skus text[], _wanted integer[], _point integer, _point_only boolean, _cashback integer,
  _cart_version integer)
RETURNS TABLE (outcome text, order_id uuid, number text, status text, answer_status integer, answer jsonb)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  v_key record;
  v_number text;
  v_status text;
  v_short record;
  v_count integer;
  v_body jsonb;
BEGIN
  IF _key IS NOT NULL THEN
    IF NOT pg_try_advisory_xact_lock(hashtextextended(_scope || chr(31) || _key, 0)) THEN
      RETURN QUERY SELECT 'busy'::text, NULL::uuid, NULL::text, NULL::text, NULL::integer, NULL::jsonb;
      RETURN;
    END IF;
    SELECT k.request_hash, k.status, k.body INTO v_key
    FROM idempotency_keys k WHERE k.scope = _scope AND k.key = _key;
    IF FOUND THEN
      RETURN QUERY SELECT CASE WHEN v_key.request_hash <> _hash THEN 'mismatch'
                               WHEN v_key.status IS NULL THEN 'busy' ELSE 'replay' END,
                          NULL::uuid, NULL::text, NULL::text, v_key.status, v_key.body;
      RETURN;
    END IF;
  END IF;

  -- the cart is closed only as it was priced: at `_cart_version` (null: as it is)
  IF _cart_id IS NOT NULL THEN
    UPDATE carts SET closed_at = now(), version = version + 1, updated_at = now()
    WHERE id = _cart_id AND closed_at IS NULL AND (_cart_version IS NULL OR version = _cart_version);
    IF NOT FOUND THEN
      RETURN QUERY SELECT CASE WHEN o.id IS NOT NULL THEN 'cart_ordered'
                               WHEN c.id IS NOT NULL AND c.closed_at IS NULL THEN 'cart_changed'
                               ELSE 'cart_gone' END,
                          o.id, NULL::text, NULL::text, NULL::integer, NULL::jsonb
        FROM (SELECT 1) one
        LEFT JOIN carts c ON c.id = _cart_id
        LEFT JOIN orders o ON o.cart_id = _cart_id;
      RETURN;
    END IF;
  END IF;

  INSERT INTO orders (id, number, user_id, cart_id, city_id, status, payment_status, payment_method,
                      delivery_type, is_organization, receiver, address, calculation, shipping, spent,
                      reserved_until, total, is_preorder)
  VALUES (_id, nextval('order_numbers')::text, _user_id, _cart_id, _city_id, _status, _payment_status,
          _payment_method, _delivery_type, _is_organization, _receiver, _address, _calculation, _shipping,
          _spent, _reserved_until, _total, _is_preorder)
  RETURNING orders.number, orders.status INTO v_number, v_status;

  INSERT INTO order_items (order_id, position, product_id, sku, title, uri, quantity, price, kind, image)
  SELECT _id, l.position, l.product_id, l.sku, l.title, l.uri, l.quantity, l.price, l.kind, l.image
  FROM json_to_recordset(_items) AS l(position int, product_id int, sku text, title text, uri text,
                                      quantity int, price int, kind text, image text);

  -- Takes the wanted units of each sku from the city's stock (was `order_reserve`, migration 0019): every
  -- stock row of the products is locked in one fixed order (product, point, condition), so two orders never
  -- wait on each other in a circle; units come from the chosen point first, new before showcase, and each
  -- row taken from is recorded in order_reservations to be given back exactly. A pickup at a point that
  -- holds the goods (`_point_only`) takes them from that point alone. The WITH's writes run to the end
  -- whatever the LIMIT; a sku that did not get everything refuses the order.
  IF cardinality(_skus) > 0 THEN
    WITH want AS (
      SELECT w.ord, w.sku, w.qty, p.id AS product_id
      FROM unnest(_skus, _wanted) WITH ORDINALITY AS w(sku, qty, ord)
      LEFT JOIN products p ON p.sku = w.sku
    ),
    locked AS (
      SELECT s.product_id, s.service_point_id, s.condition, s.quantity
      FROM stocks s
      WHERE s.product_id IN (SELECT want.product_id FROM want) AND s.city_id = _city_id AND s.quantity > 0
        AND (NOT _point_only OR s.service_point_id = _point)
      ORDER BY s.product_id, s.service_point_id, s.condition
      FOR UPDATE
    ),
    ranked AS (
      SELECT l.product_id, l.service_point_id, l.condition, l.quantity, w.qty,
             sum(l.quantity) OVER (PARTITION BY l.product_id) AS avail,
             sum(l.quantity) OVER (
               PARTITION BY l.product_id
               ORDER BY (l.service_point_id = coalesce(_point, -1)) DESC, l.condition, l.service_point_id
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
      SELECT _id, t.product_id, _city_id, t.service_point_id, t.condition, t.n FROM take t
      RETURNING order_reservations.product_id, order_reservations.quantity
    )
    SELECT w.sku, w.qty, coalesce((SELECT max(r.avail) FROM ranked r WHERE r.product_id = w.product_id), 0)::int AS available
    INTO v_short
    FROM want w
    WHERE coalesce((SELECT sum(h.quantity) FROM held h WHERE h.product_id = w.product_id), 0) < w.qty
    ORDER BY w.ord
    LIMIT 1;
    IF FOUND THEN
      v_count := v_short.available;
      IF _point_only THEN
        -- the point is short: the city may still have the goods elsewhere (the shopper picks another
        -- point), or not (the goods ran out)
        SELECT coalesce(sum(s.quantity), 0)::int INTO v_count
        FROM stocks s JOIN products p ON p.id = s.product_id
        WHERE p.sku = v_short.sku AND s.city_id = _city_id AND s.quantity > 0;
        IF v_count >= v_short.qty THEN
          RAISE EXCEPTION 'order %: % is short at point %', _id, v_short.sku, _point
            USING ERRCODE = 'SF422', DETAIL = json_build_object('sku', v_short.sku, 'service_point_id', _point)::text;
        END IF;
      END IF;
      RAISE EXCEPTION 'order %: % is short', _id, v_short.sku
        USING ERRCODE = 'SF409', DETAIL = json_build_object('sku', v_short.sku, 'count', v_count)::text;
    END IF;
  END IF;

  -- the purchase's cashback, spendable once the order is received
  IF _cashback > 0 THEN
    INSERT INTO bonus_transactions (user_id, order_id, amount, available_from)
    VALUES (_user_id, _id, _cashback, 'infinity');
  END IF;

  v_body := _answer || jsonb_build_object('order_id', _id, 'number', v_number, 'status', v_status);
  IF _key IS NOT NULL THEN
    INSERT INTO idempotency_keys (scope, key, request_hash, status, body)
    VALUES (_scope, _key, _hash, _answer_status, v_body);
  END IF;
  RETURN QUERY SELECT 'placed'::text, _id, v_number, v_status, _answer_status, v_body;
END
$$;

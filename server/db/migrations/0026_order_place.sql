-- Placing an order was eleven round trips, seven of them in its transaction (the key's claim, the cart's
-- close, the order with its lines, the reservation, the cashback, the key's answer, the commit). At 32
-- connections on the checkout bench each round trip cost the store and PostgreSQL CPU of their own
-- (protocol, driver, promises) beside the work. `order_place` does the transaction's work in one
-- statement; an order that spends nothing and opens no payment attempt (cash on receipt, the bench's
-- order) is that one statement in a transaction of its own. These functions are the statements' only copy.

-- The cart module's close: an open cart closes once; false when it was closed already or is gone.
CREATE FUNCTION cart_close_open(_id uuid) RETURNS boolean
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  UPDATE carts SET closed_at = now(), version = version + 1, updated_at = now()
  WHERE id = _id AND closed_at IS NULL;
  RETURN FOUND;
END
$$;
--> statement-breakpoint

-- Places an order under an idempotency key (`_key` null: none):
--   busy         another request holds the key, or its first request is still running
--   mismatch     the key was used for another request
--   replay       the key's first answer (answer_status, answer)
--   cart_ordered the cart was ordered already (order_id is that order)
--   cart_gone    the cart is closed and no order holds it
--   placed       the order, its lines, its reservation and cashback are written, and the answer stored
-- The key's lock comes first and its stored answer is read by a statement of its own after it (a volatile
-- function's statements each see what was committed when they began), as in `idempotency_claim`.
-- Goods short of what the order wants raise SQLSTATE SF409 with the sku and what is left as DETAIL, so
-- nothing the statement wrote survives.
CREATE FUNCTION order_place(
  _scope text, _key text, _hash text, _answer_status integer, _answer jsonb,
  _id uuid, _user_id text, _cart_id uuid, _city_id integer, _status text, _payment_status text,
  _payment_method text, _delivery_type text, _is_organization boolean, _receiver jsonb, _address jsonb,
  _calculation jsonb, _shipping jsonb, _spent jsonb, _reserved_until timestamptz, _total integer,
  _is_preorder boolean, _items json, _skus text[], _wanted integer[], _point integer, _cashback integer)
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

  IF _cart_id IS NOT NULL AND NOT cart_close_open(_cart_id) THEN
    RETURN QUERY SELECT CASE WHEN o.id IS NULL THEN 'cart_gone' ELSE 'cart_ordered' END,
                        o.id, NULL::text, NULL::text, NULL::integer, NULL::jsonb
      FROM (SELECT 1) one LEFT JOIN orders o ON o.cart_id = _cart_id;
    RETURN;
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

  IF cardinality(_skus) > 0 THEN
    SELECT w.sku, coalesce(r.available, 0) AS available INTO v_short
    FROM unnest(_skus) AS w(sku)
    LEFT JOIN order_reserve(_skus, _wanted, _city_id, _point, _id) r ON r.sku = w.sku
    WHERE r.sku IS NULL OR r.taken < r.wanted
    LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'order %: % is short', _id, v_short.sku
        USING ERRCODE = 'SF409', DETAIL = json_build_object('sku', v_short.sku, 'count', v_short.available)::text;
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

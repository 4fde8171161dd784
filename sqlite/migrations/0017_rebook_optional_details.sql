-- A buyer whose booking was declined may book the product again: only an
-- open or paid booking is one per buyer and product.
DROP INDEX bookings_open_once;
CREATE UNIQUE INDEX bookings_open_once ON bookings (product_id, buyer_id) WHERE status IN ('Booked', 'Paid');

-- Original price, purchase year and use period are optional, NULL when the
-- seller leaves them out. SQLite cannot drop a NOT NULL in place, and
-- rebuilding products would cascade to its adverts and reports, so each
-- column is replaced by a nullable copy of itself.
ALTER TABLE products ADD COLUMN original_price_optional INTEGER CHECK (original_price_optional >= 0);
ALTER TABLE products ADD COLUMN purchase_year_optional INTEGER;
ALTER TABLE products ADD COLUMN use_period_optional TEXT;
UPDATE products SET original_price_optional = original_price, purchase_year_optional = purchase_year,
    use_period_optional = use_period;
ALTER TABLE products DROP COLUMN original_price;
ALTER TABLE products DROP COLUMN purchase_year;
ALTER TABLE products DROP COLUMN use_period;
ALTER TABLE products RENAME COLUMN original_price_optional TO original_price;
ALTER TABLE products RENAME COLUMN purchase_year_optional TO purchase_year;
ALTER TABLE products RENAME COLUMN use_period_optional TO use_period;

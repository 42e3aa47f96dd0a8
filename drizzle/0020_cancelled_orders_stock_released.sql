-- Decision 0067: stock_released_at now says the order's stock is not held, for a cancelled order too.
-- Every order cancelled before this gave its stock back when it was cancelled (decision 0032).
UPDATE "orders" SET "stock_released_at" = "updated_at" WHERE "status" = 'cancelled' AND "stock_released_at" IS NULL;

-- Prices are whole kroner: every screen has always shown them rounded half up, and a shopper must be
-- charged what was shown. Products and variants saved with øre (through the API or quick-create) are
-- rounded once, the same way; orders keep the prices they were placed at.
UPDATE products SET base_price = round(base_price) WHERE base_price <> round(base_price);
--> statement-breakpoint
UPDATE product_variants SET price_delta = round(price_delta) WHERE price_delta <> round(price_delta);

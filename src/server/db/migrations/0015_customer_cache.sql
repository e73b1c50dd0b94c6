-- Announce changes to what the API keeps per customer in memory (src/server/cache/customer-data.ts):
-- every write to these tables, whoever makes it (the API, a page, a job, an import, psql), tells
-- every process listening on the cache channel which customer changed. PostgreSQL sends the
-- notifications at commit and drops duplicates within a transaction.
CREATE OR REPLACE FUNCTION portal_customer_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_cache', 'customer:' || OLD.site_id || '/' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_cache', 'customer:' || NEW.site_id || '/' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_customer_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', 'customer:*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_cache AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH ROW EXECUTE FUNCTION portal_customer_row_changed('id');
--> statement-breakpoint
CREATE TRIGGER customers_cache_truncate AFTER TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION portal_customer_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER customer_contacts_cache AFTER INSERT OR UPDATE OR DELETE ON customer_contacts FOR EACH ROW EXECUTE FUNCTION portal_customer_row_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER customer_contacts_cache_truncate AFTER TRUNCATE ON customer_contacts FOR EACH STATEMENT EXECUTE FUNCTION portal_customer_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER customer_business_info_cache AFTER INSERT OR UPDATE OR DELETE ON customer_business_info FOR EACH ROW EXECUTE FUNCTION portal_customer_row_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER customer_business_info_cache_truncate AFTER TRUNCATE ON customer_business_info FOR EACH STATEMENT EXECUTE FUNCTION portal_customer_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER invoices_cache AFTER INSERT OR UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION portal_customer_row_changed('customer_id');
--> statement-breakpoint
CREATE TRIGGER invoices_cache_truncate AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION portal_customer_rows_truncated();

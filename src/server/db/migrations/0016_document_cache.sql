-- Announce changes to what a shared document shows (src/server/web/shared-documents.ts): the
-- site's announcements, its feedback form and its cookie-consent revision are drawn into the
-- documents kept in memory for every visitor of a site. Every write, whoever makes it, tells every
-- process listening on the cache channel which site's documents to drop.
CREATE OR REPLACE FUNCTION portal_document_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('portal_cache', 'documents:' || OLD.site_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('portal_cache', 'documents:' || NEW.site_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_document_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_cache', 'documents:*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER announcements_documents AFTER INSERT OR UPDATE OR DELETE ON announcements FOR EACH ROW EXECUTE FUNCTION portal_document_row_changed();
--> statement-breakpoint
CREATE TRIGGER announcements_documents_truncate AFTER TRUNCATE ON announcements FOR EACH STATEMENT EXECUTE FUNCTION portal_document_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER feedback_forms_documents AFTER INSERT OR UPDATE OR DELETE ON feedback_forms FOR EACH ROW EXECUTE FUNCTION portal_document_row_changed();
--> statement-breakpoint
CREATE TRIGGER feedback_forms_documents_truncate AFTER TRUNCATE ON feedback_forms FOR EACH STATEMENT EXECUTE FUNCTION portal_document_rows_truncated();
--> statement-breakpoint
CREATE TRIGGER site_consent_settings_documents AFTER INSERT OR UPDATE OR DELETE ON site_consent_settings FOR EACH ROW EXECUTE FUNCTION portal_document_row_changed();
--> statement-breakpoint
CREATE TRIGGER site_consent_settings_documents_truncate AFTER TRUNCATE ON site_consent_settings FOR EACH STATEMENT EXECUTE FUNCTION portal_document_rows_truncated();

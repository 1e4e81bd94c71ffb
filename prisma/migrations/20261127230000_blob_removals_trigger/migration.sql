-- Decision 0079: a stored file deleted while `npm run backup` holds its lock is listed in the deleting
-- transaction itself, so the backup's read after the copy sees the listing with the deletion.
CREATE FUNCTION portal_list_blob_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock_shared(hashtext('portal:backup-files')) THEN
    INSERT INTO blob_removals (storage_key) VALUES (OLD.storage_key) ON CONFLICT (storage_key) DO NOTHING;
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER stored_files_list_removal AFTER DELETE ON stored_files FOR EACH ROW EXECUTE FUNCTION portal_list_blob_removal();

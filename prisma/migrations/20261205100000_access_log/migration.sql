-- The access log (issue 38 item 3, decision 0119): audit_log becomes append-only, and a daily digest
-- chains its days so an auditor sees that nothing was removed.
-- CreateTable
CREATE TABLE "audit_digests" (
    "day" DATE NOT NULL,
    "row_count" INTEGER NOT NULL,
    "first_id" BIGINT,
    "last_id" BIGINT,
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_digests_pkey" PRIMARY KEY ("day")
);


-- Written by hand: the portal may add audit rows, never change or delete one. The one deletion the
-- portal makes, the retention of API_CALL rows (purgeOldApiCallAudit, decision 0075), says so in its
-- own transaction (portal.audit_purge = 'API_CALL') and may remove only those rows.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.action = 'API_CALL' AND current_setting('portal.audit_purge', true) = 'API_CALL' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- The digests are the evidence: never changed or removed either (TRUNCATE of both tables too).
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_digests_append_only BEFORE UPDATE OR DELETE ON "audit_digests"
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_digests_no_truncate BEFORE TRUNCATE ON "audit_digests"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

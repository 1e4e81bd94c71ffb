-- One spelling of the downline notification categories (spec part 1 §3):
-- CAT_APP{SUB,APRV,REJ,ABAND}_RECRUIT_DOWNLN, the spelling notifications read.
-- The demo seed stored CAT_APPSUB_DOWNLN; such rows are renamed. Where the
-- subscriber already has the correctly spelled row for the method, that row
-- wins and the misspelled one goes (docs/decisions/0019-account-pages.md).
DELETE FROM "notification_preferences" AS old
 USING "notification_preferences" AS cur
 WHERE old."category_code" IN ('CAT_APPSUB_DOWNLN', 'CAT_APPAPRV_DOWNLN', 'CAT_APPREJ_DOWNLN', 'CAT_APPABAND_DOWNLN')
   AND cur."subscriber_id" = old."subscriber_id"
   AND cur."method_code" = old."method_code"
   AND cur."category_code" = replace(old."category_code", '_DOWNLN', '_RECRUIT_DOWNLN');

UPDATE "notification_preferences"
   SET "category_code" = replace("category_code", '_DOWNLN', '_RECRUIT_DOWNLN')
 WHERE "category_code" IN ('CAT_APPSUB_DOWNLN', 'CAT_APPAPRV_DOWNLN', 'CAT_APPREJ_DOWNLN', 'CAT_APPABAND_DOWNLN');

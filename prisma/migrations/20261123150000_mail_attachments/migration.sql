-- Attachments of outgoing mail (Contact Us sends the PDF; docs/decisions/0022-contact-us-view-claiming.md):
-- what was attached, never the bytes.
-- AlterTable
ALTER TABLE "mail_messages" ADD COLUMN     "attachments" JSONB NOT NULL DEFAULT '[]';

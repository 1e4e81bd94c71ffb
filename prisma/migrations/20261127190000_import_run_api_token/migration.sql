-- AlterTable
ALTER TABLE "agent_import_runs" ADD COLUMN     "api_token_id" UUID;


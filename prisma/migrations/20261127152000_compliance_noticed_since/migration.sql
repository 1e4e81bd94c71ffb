-- AlterTable
ALTER TABLE "agent_compliance" ADD COLUMN     "noticed_since" TIMESTAMPTZ(3);


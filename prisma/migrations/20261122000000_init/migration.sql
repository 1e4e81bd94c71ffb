-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "user_name" TEXT NOT NULL,
    "user_role_code" TEXT NOT NULL DEFAULT 'USRROLE_PROSPECT',
    "is_internal" BOOLEAN NOT NULL DEFAULT false,
    "external_id" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "first_name" TEXT,
    "middle_name" TEXT,
    "last_name" TEXT,
    "phone_number" TEXT,
    "sso_user_id" TEXT,
    "last_login_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by_id" UUID,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "impersonator_user_id" UUID,
    "data" JSONB NOT NULL DEFAULT '{}',
    "id_token" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "action" TEXT NOT NULL,
    "actor_user_id" UUID,
    "impersonator_user_id" UUID,
    "target_type" TEXT,
    "target_id" TEXT,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "details" JSONB,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idp_accounts" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "given_name" TEXT NOT NULL,
    "middle_name" TEXT,
    "family_name" TEXT NOT NULL,
    "phone_number" TEXT,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_login_at" TIMESTAMPTZ(3),

    CONSTRAINT "idp_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idp_password_resets" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idp_password_resets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idp_payloads" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grant_id" TEXT,
    "user_code" TEXT,
    "uid" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "consumed_at" TIMESTAMPTZ(3),

    CONSTRAINT "idp_payloads_pkey" PRIMARY KEY ("type","id")
);

-- CreateTable
CREATE TABLE "mail_messages" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "from" TEXT NOT NULL,
    "to" TEXT[],
    "cc" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "bcc" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "subject" TEXT NOT NULL,
    "html" TEXT,
    "text" TEXT,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "message_id" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "related_type" TEXT,
    "related_id" TEXT,

    CONSTRAINT "mail_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "system_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "system_settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "counters" (
    "name" TEXT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "counters_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "carriers" (
    "carrier_id" SERIAL NOT NULL,
    "carrier_code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "carriers_pkey" PRIMARY KEY ("carrier_id")
);

-- CreateTable
CREATE TABLE "product_types" (
    "product_type_id" SERIAL NOT NULL,
    "product_type_code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "max_level" INTEGER NOT NULL,

    CONSTRAINT "product_types_pkey" PRIMARY KEY ("product_type_id")
);

-- CreateTable
CREATE TABLE "blocks" (
    "block_number" INTEGER NOT NULL,
    "carrier_id" INTEGER NOT NULL,
    "product_type_id" INTEGER NOT NULL,
    "is_health" BOOLEAN NOT NULL,
    "name" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "blocks_pkey" PRIMARY KEY ("block_number")
);

-- CreateTable
CREATE TABLE "companies" (
    "company_number" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "carrier_id" INTEGER,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("company_number")
);

-- CreateTable
CREATE TABLE "agents" (
    "id" SERIAL NOT NULL,
    "agent_number" TEXT NOT NULL,
    "company_number" TEXT NOT NULL,
    "block_number" INTEGER NOT NULL,
    "mga_code" TEXT NOT NULL,
    "hierarchy_level" INTEGER NOT NULL,
    "agent_type" TEXT NOT NULL DEFAULT 'I',
    "first_name" TEXT,
    "middle_name" TEXT,
    "last_name" TEXT,
    "company_name" TEXT,
    "email" TEXT,
    "phone_number" TEXT,
    "fax_number" TEXT,
    "npn" TEXT,
    "resident_license_number" TEXT,
    "resident_license_state" TEXT,
    "ssn_encrypted" TEXT,
    "ssn_last4" TEXT,
    "business_type_code" TEXT,
    "business_name" TEXT,
    "business_phone" TEXT,
    "business_fax" TEXT,
    "address1" TEXT,
    "address2" TEXT,
    "city" TEXT,
    "state_code" TEXT,
    "zip_code" TEXT,
    "business_address1" TEXT,
    "business_address2" TEXT,
    "business_city" TEXT,
    "business_state_code" TEXT,
    "business_zip_code" TEXT,
    "direct_upline" TEXT,
    "parent_id" INTEGER,
    "user_id" UUID,
    "person_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "termination_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by_id" UUID,

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_closure" (
    "ancestor_id" INTEGER NOT NULL,
    "descendant_id" INTEGER NOT NULL,
    "depth" INTEGER NOT NULL,

    CONSTRAINT "agent_closure_pkey" PRIMARY KEY ("ancestor_id","descendant_id")
);

-- CreateTable
CREATE TABLE "principal_agents" (
    "id" UUID NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "phone_number" TEXT,
    "address1" TEXT,
    "address2" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,

    CONSTRAINT "principal_agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_licensed_states" (
    "agent_id" INTEGER NOT NULL,
    "state_code" TEXT NOT NULL,
    "license_number" TEXT,
    "is_resident" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "agent_licensed_states_pkey" PRIMARY KEY ("agent_id","state_code")
);

-- CreateTable
CREATE TABLE "commission_schedules" (
    "schedule_id" SERIAL NOT NULL,
    "schedule_name" TEXT NOT NULL,
    "carrier_id" INTEGER NOT NULL,
    "mga_code" TEXT NOT NULL,
    "product_type_id" INTEGER NOT NULL,
    "is_base" BOOLEAN NOT NULL DEFAULT false,
    "base_schedule_id" INTEGER,
    "sched_header_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "commission_schedules_pkey" PRIMARY KEY ("schedule_id")
);

-- CreateTable
CREATE TABLE "schedule_levels" (
    "schedule_level_id" SERIAL NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "level_no" INTEGER NOT NULL,
    "level_name" TEXT NOT NULL,
    "document_id" UUID,
    "ext_document_id" TEXT,
    "enroll_rep" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "schedule_levels_pkey" PRIMARY KEY ("schedule_level_id")
);

-- CreateTable
CREATE TABLE "appointment_links" (
    "appointment_link_id" SERIAL NOT NULL,
    "link_prefix" TEXT NOT NULL DEFAULT 'EXT',
    "code" TEXT NOT NULL,
    "recruiter_agent_id" INTEGER NOT NULL,
    "schedule_level_id" INTEGER NOT NULL,
    "is_enabled" BOOLEAN NOT NULL DEFAULT true,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_links_pkey" PRIMARY KEY ("appointment_link_id")
);

-- CreateTable
CREATE TABLE "multi_links" (
    "multi_link_id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "multi_links_pkey" PRIMARY KEY ("multi_link_id")
);

-- CreateTable
CREATE TABLE "multi_link_items" (
    "multi_link_id" INTEGER NOT NULL,
    "appointment_link_id" INTEGER NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "multi_link_items_pkey" PRIMARY KEY ("multi_link_id","appointment_link_id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "invitation_id" SERIAL NOT NULL,
    "invite_type_code" TEXT NOT NULL,
    "appointment_link_id" INTEGER,
    "multi_link_id" INTEGER,
    "inviter_user_id" UUID,
    "inviter_agent_id" INTEGER,
    "inviter_agent_number" TEXT,
    "inviter_company_number" TEXT,
    "inviter_block_number" INTEGER,
    "prospect_first_name" TEXT NOT NULL,
    "prospect_last_name" TEXT NOT NULL,
    "prospect_email_address" TEXT NOT NULL,
    "prospect_user_id" UUID,
    "cc_email_address" TEXT,
    "corr_template_id" INTEGER,
    "invite_text" TEXT,
    "invite_date" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT NOT NULL DEFAULT 'INVITED',
    "is_external" BOOLEAN NOT NULL DEFAULT false,
    "accepted_at" TIMESTAMPTZ(3),
    "declined_at" TIMESTAMPTZ(3),
    "mail_message_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("invitation_id")
);

-- CreateTable
CREATE TABLE "user_invitations" (
    "id" UUID NOT NULL,
    "agent_id" INTEGER,
    "email_address" TEXT NOT NULL,
    "user_id" UUID,
    "appointment_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "token_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "user_invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointments" (
    "appointment_id" SERIAL NOT NULL,
    "appointment_type_code" TEXT NOT NULL,
    "appointment_status_code" TEXT NOT NULL DEFAULT 'APWF_STATUS_INCOMPLETE',
    "user_id" UUID,
    "prospect_email_address" TEXT,
    "submitter_id" UUID,
    "is_paper_appointment" BOOLEAN NOT NULL DEFAULT false,
    "recruiter_agent_id" INTEGER,
    "appointment_link_id" INTEGER,
    "multi_link_id" INTEGER,
    "invitation_id" INTEGER,
    "invitation_flavour" TEXT NOT NULL DEFAULT 'STANDARD',
    "mga_code" TEXT,
    "agent_id" INTEGER,
    "agent_number" TEXT,
    "will_fax" BOOLEAN NOT NULL DEFAULT false,
    "uploaded_dt" TIMESTAMPTZ(3),
    "extra_writing_num_requested" BOOLEAN NOT NULL DEFAULT false,
    "state_fee_answer" BOOLEAN,
    "is_pa" BOOLEAN NOT NULL DEFAULT false,
    "is_mt" BOOLEAN NOT NULL DEFAULT false,
    "qna_comment" TEXT,
    "commission_remit_type_code" TEXT,
    "start_dt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted_at" TIMESTAMPTZ(3),
    "submitted_by_id" UUID,
    "approved_at" TIMESTAMPTZ(3),
    "approved_by_id" UUID,
    "rejected_at" TIMESTAMPTZ(3),
    "rejected_by_id" UUID,
    "rejection_reason" TEXT,
    "abandoned_at" TIMESTAMPTZ(3),
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by_id" UUID,

    CONSTRAINT "appointments_pkey" PRIMARY KEY ("appointment_id")
);

-- CreateTable
CREATE TABLE "appointment_personal" (
    "appointment_id" INTEGER NOT NULL,
    "first_name" TEXT,
    "middle_name" TEXT,
    "last_name" TEXT,
    "ssn_encrypted" TEXT,
    "ssn_last4" TEXT,
    "birth_date" DATE,
    "email_address" TEXT,
    "driver_license_number" TEXT,
    "national_producer_number" TEXT,
    "resident_state_insurance_license_number" TEXT,
    "resident_state_code" TEXT,
    "cell_number" TEXT,
    "phone_number" TEXT,
    "fax_number" TEXT,
    "business_type_code" TEXT,
    "business_name" TEXT,
    "business_cell_number" TEXT,
    "business_phone" TEXT,
    "business_fax_number" TEXT,
    "business_tax_id_encrypted" TEXT,
    "business_tax_id_last4" TEXT,
    "send_correspondence_to_code" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_personal_pkey" PRIMARY KEY ("appointment_id")
);

-- CreateTable
CREATE TABLE "appointment_addresses" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "address_type_code" TEXT NOT NULL,
    "address1" TEXT,
    "address2" TEXT,
    "city" TEXT,
    "state_code" TEXT,
    "zip_code" TEXT,

    CONSTRAINT "appointment_addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointment_states" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "state_fee_id" INTEGER,
    "state_code" TEXT NOT NULL,
    "state_name" TEXT NOT NULL,
    "fee_amount" DECIMAL(10,2) NOT NULL,
    "is_resident" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appointment_states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointment_answers" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "question_id" INTEGER NOT NULL,
    "question_type" TEXT NOT NULL,
    "answer_boolean" BOOLEAN,
    "answer_text" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_answers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointment_signatures" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "signature_type_code" TEXT NOT NULL,
    "signature_value" TEXT NOT NULL,
    "signed_by_user_id" UUID,
    "acting_user_id" UUID,
    "signed_at" TIMESTAMPTZ(3),
    "ip_address" TEXT,
    "user_agent" TEXT,
    "acknowledged_text" TEXT,
    "document_version" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_signatures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "esign_consents" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "consent_text_version" TEXT NOT NULL,

    CONSTRAINT "esign_consents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appointment_bank_info" (
    "appointment_id" INTEGER NOT NULL,
    "bank_name" TEXT,
    "account_number_encrypted" TEXT,
    "account_number_last4" TEXT,
    "routing_number_encrypted" TEXT,
    "routing_number_last4" TEXT,
    "account_name" TEXT,
    "bank_info_type_code" TEXT,
    "account_type_code" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_bank_info_pkey" PRIMARY KEY ("appointment_id")
);

-- CreateTable
CREATE TABLE "appointment_card_info" (
    "appointment_id" INTEGER NOT NULL,
    "credit_card_type_code" TEXT,
    "card_number_encrypted" TEXT,
    "card_last4" TEXT,
    "expiration_month" INTEGER,
    "expiration_year" INTEGER,
    "cvc_encrypted" TEXT,
    "name_on_card" TEXT,
    "billing_address" TEXT,
    "city" TEXT,
    "state_code" TEXT,
    "zip" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_card_info_pkey" PRIMARY KEY ("appointment_id")
);

-- CreateTable
CREATE TABLE "commission_remit_assign" (
    "appointment_id" INTEGER NOT NULL,
    "agent_agency_name" TEXT,
    "ssn_tax_id_encrypted" TEXT,
    "ssn_tax_id_last4" TEXT,
    "address1" TEXT,
    "address2" TEXT,
    "city" TEXT,
    "state_code" TEXT,
    "zip" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "commission_remit_assign_pkey" PRIMARY KEY ("appointment_id")
);

-- CreateTable
CREATE TABLE "appointment_irs_info" (
    "appointment_id" INTEGER NOT NULL,
    "name" TEXT,
    "business_name" TEXT,
    "business_type_code" TEXT,
    "business_type_other" TEXT,
    "employer_id_number_encrypted" TEXT,
    "employer_id_number_last4" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_irs_info_pkey" PRIMARY KEY ("appointment_id")
);

-- CreateTable
CREATE TABLE "appointment_carrier_blocks" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "appointment_link_id" INTEGER,
    "schedule_level_id" INTEGER,
    "carrier_id" INTEGER,
    "level_no" INTEGER,
    "agent_id" INTEGER,
    "agent_number" TEXT,
    "company_number" TEXT,
    "block_number" INTEGER,

    CONSTRAINT "appointment_carrier_blocks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fee_collections" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "fee_type_code" TEXT NOT NULL,
    "state_code" TEXT,
    "amount" DECIMAL(10,2) NOT NULL,
    "method_code" TEXT NOT NULL,
    "status_code" TEXT NOT NULL DEFAULT 'PENDING',
    "collected_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fee_collections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "questions" (
    "question_id" SERIAL NOT NULL,
    "question_type" TEXT NOT NULL,
    "question_text" TEXT NOT NULL,
    "is_text_only" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "questions_pkey" PRIMARY KEY ("question_id")
);

-- CreateTable
CREATE TABLE "state_fees" (
    "state_fee_id" SERIAL NOT NULL,
    "state_code" TEXT NOT NULL,
    "state_name" TEXT NOT NULL,
    "resident_fee_amount" DECIMAL(10,2) NOT NULL,
    "non_resident_fee_amount" DECIMAL(10,2) NOT NULL,
    "is_pre_appointment" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "state_fees_pkey" PRIMARY KEY ("state_fee_id")
);

-- CreateTable
CREATE TABLE "document_requirements" (
    "document_requirements_id" SERIAL NOT NULL,
    "appointment_type_code" TEXT NOT NULL,
    "document_type_code" TEXT NOT NULL,
    "document_name" TEXT NOT NULL,
    "group_code" TEXT NOT NULL,
    "for_level" INTEGER,
    "except_for_level" INTEGER,
    "is_required" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "document_requirements_pkey" PRIMARY KEY ("document_requirements_id")
);

-- CreateTable
CREATE TABLE "list_values" (
    "list_value_id" SERIAL NOT NULL,
    "list_type" TEXT NOT NULL,
    "vle_code" TEXT NOT NULL,
    "vle_value" TEXT NOT NULL,
    "numeric_id" INTEGER,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "list_values_pkey" PRIMARY KEY ("list_value_id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "id" UUID NOT NULL,
    "storage_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "documents" (
    "id" UUID NOT NULL,
    "document_type_code" TEXT NOT NULL,
    "kind_code" TEXT NOT NULL,
    "document_key" TEXT,
    "title" TEXT NOT NULL,
    "app_user_id" UUID,
    "appointment_id" INTEGER,
    "agent_id" INTEGER,
    "stored_file_id" UUID NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "is_current" BOOLEAN NOT NULL DEFAULT true,
    "uploaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uploaded_by_id" UUID,

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "template_types" (
    "template_type_id" INTEGER NOT NULL,
    "template_type_code" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "template_types_pkey" PRIMARY KEY ("template_type_id")
);

-- CreateTable
CREATE TABLE "email_templates" (
    "corr_template_id" SERIAL NOT NULL,
    "template_type_id" INTEGER NOT NULL DEFAULT 1003,
    "name" VARCHAR(50) NOT NULL,
    "description" VARCHAR(560) NOT NULL,
    "subject" TEXT,
    "html" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_system" BOOLEAN NOT NULL DEFAULT false,
    "system_code" TEXT,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "update_dt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_templates_pkey" PRIMARY KEY ("corr_template_id")
);

-- CreateTable
CREATE TABLE "email_template_images" (
    "corr_template_image_id" SERIAL NOT NULL,
    "corr_template_id" INTEGER NOT NULL,
    "image_name" TEXT NOT NULL,
    "image_type_code" TEXT NOT NULL,
    "stored_file_id" UUID NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,

    CONSTRAINT "email_template_images_pkey" PRIMARY KEY ("corr_template_image_id")
);

-- CreateTable
CREATE TABLE "template_fields" (
    "template_field_id" SERIAL NOT NULL,
    "template_type_id" INTEGER,
    "label" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "placeholder" TEXT NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "template_fields_pkey" PRIMARY KEY ("template_field_id")
);

-- CreateTable
CREATE TABLE "notification_subscribers" (
    "subscriber_id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_subscribers_pkey" PRIMARY KEY ("subscriber_id")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "id" SERIAL NOT NULL,
    "subscriber_id" INTEGER NOT NULL,
    "category_code" TEXT NOT NULL,
    "method_code" TEXT NOT NULL,
    "is_enabled" BOOLEAN NOT NULL DEFAULT false,
    "preference_value" TEXT NOT NULL DEFAULT '',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_requests" (
    "service_request_id" SERIAL NOT NULL,
    "request_dt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "requester_user_id" UUID NOT NULL,
    "requester_type_code" TEXT NOT NULL,
    "requester_number" TEXT,
    "request_type_code" TEXT NOT NULL,
    "request_text" TEXT NOT NULL,
    "is_complete" BOOLEAN NOT NULL DEFAULT false,
    "attachment_file_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by_id" UUID,

    CONSTRAINT "service_requests_pkey" PRIMARY KEY ("service_request_id")
);

-- CreateTable
CREATE TABLE "report_definitions" (
    "report_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "info" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "report_definitions_pkey" PRIMARY KEY ("report_id")
);

-- CreateTable
CREATE TABLE "report_requests" (
    "report_request_id" SERIAL NOT NULL,
    "request_dt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "requested_by_id" UUID NOT NULL,
    "report_id" INTEGER NOT NULL,
    "input_json" JSONB NOT NULL,
    "filter_text" TEXT NOT NULL DEFAULT '',
    "status_code" TEXT NOT NULL DEFAULT 'RPTSTATUS_PENDING',
    "error_message" TEXT,
    "output_file_id" UUID,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "progress" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "report_requests_pkey" PRIMARY KEY ("report_request_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_user_name_key" ON "users"("user_name");

-- CreateIndex
CREATE UNIQUE INDEX "users_external_id_key" ON "users"("external_id");

-- CreateIndex
CREATE INDEX "users_user_role_code_idx" ON "users"("user_role_code");

-- CreateIndex
CREATE INDEX "users_last_name_first_name_idx" ON "users"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "audit_log_occurred_at_idx" ON "audit_log"("occurred_at");

-- CreateIndex
CREATE INDEX "audit_log_actor_user_id_occurred_at_idx" ON "audit_log"("actor_user_id", "occurred_at");

-- CreateIndex
CREATE INDEX "audit_log_action_occurred_at_idx" ON "audit_log"("action", "occurred_at");

-- CreateIndex
CREATE UNIQUE INDEX "idp_accounts_email_key" ON "idp_accounts"("email");

-- CreateIndex
CREATE UNIQUE INDEX "idp_password_resets_token_hash_key" ON "idp_password_resets"("token_hash");

-- CreateIndex
CREATE INDEX "idp_password_resets_account_id_idx" ON "idp_password_resets"("account_id");

-- CreateIndex
CREATE INDEX "idp_payloads_grant_id_idx" ON "idp_payloads"("grant_id");

-- CreateIndex
CREATE INDEX "idp_payloads_uid_idx" ON "idp_payloads"("uid");

-- CreateIndex
CREATE INDEX "idp_payloads_user_code_idx" ON "idp_payloads"("user_code");

-- CreateIndex
CREATE INDEX "idp_payloads_expires_at_idx" ON "idp_payloads"("expires_at");

-- CreateIndex
CREATE INDEX "mail_messages_created_at_idx" ON "mail_messages"("created_at");

-- CreateIndex
CREATE INDEX "mail_messages_related_type_related_id_idx" ON "mail_messages"("related_type", "related_id");

-- CreateIndex
CREATE UNIQUE INDEX "carriers_carrier_code_key" ON "carriers"("carrier_code");

-- CreateIndex
CREATE UNIQUE INDEX "product_types_product_type_code_key" ON "product_types"("product_type_code");

-- CreateIndex
CREATE INDEX "blocks_carrier_id_idx" ON "blocks"("carrier_id");

-- CreateIndex
CREATE INDEX "agents_agent_number_idx" ON "agents"("agent_number");

-- CreateIndex
CREATE INDEX "agents_user_id_idx" ON "agents"("user_id");

-- CreateIndex
CREATE INDEX "agents_parent_id_last_name_idx" ON "agents"("parent_id", "last_name");

-- CreateIndex
CREATE INDEX "agents_mga_code_idx" ON "agents"("mga_code");

-- CreateIndex
CREATE INDEX "agents_last_name_first_name_idx" ON "agents"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "agents_company_name_idx" ON "agents"("company_name");

-- CreateIndex
CREATE INDEX "agents_is_active_termination_date_idx" ON "agents"("is_active", "termination_date");

-- CreateIndex
CREATE UNIQUE INDEX "agents_agent_number_company_number_block_number_key" ON "agents"("agent_number", "company_number", "block_number");

-- CreateIndex
CREATE INDEX "agent_closure_descendant_id_depth_idx" ON "agent_closure"("descendant_id", "depth");

-- CreateIndex
CREATE INDEX "agent_closure_ancestor_id_depth_idx" ON "agent_closure"("ancestor_id", "depth");

-- CreateIndex
CREATE UNIQUE INDEX "principal_agents_agent_id_key" ON "principal_agents"("agent_id");

-- CreateIndex
CREATE INDEX "commission_schedules_mga_code_idx" ON "commission_schedules"("mga_code");

-- CreateIndex
CREATE INDEX "commission_schedules_base_schedule_id_idx" ON "commission_schedules"("base_schedule_id");

-- CreateIndex
CREATE UNIQUE INDEX "schedule_levels_schedule_id_level_no_key" ON "schedule_levels"("schedule_id", "level_no");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_links_code_key" ON "appointment_links"("code");

-- CreateIndex
CREATE INDEX "appointment_links_recruiter_agent_id_schedule_level_id_idx" ON "appointment_links"("recruiter_agent_id", "schedule_level_id");

-- CreateIndex
CREATE INDEX "appointment_links_schedule_level_id_idx" ON "appointment_links"("schedule_level_id");

-- CreateIndex
CREATE UNIQUE INDEX "multi_links_code_key" ON "multi_links"("code");

-- CreateIndex
CREATE INDEX "multi_link_items_appointment_link_id_idx" ON "multi_link_items"("appointment_link_id");

-- CreateIndex
CREATE INDEX "invitations_inviter_user_id_invite_date_idx" ON "invitations"("inviter_user_id", "invite_date");

-- CreateIndex
CREATE INDEX "invitations_inviter_agent_id_invite_date_idx" ON "invitations"("inviter_agent_id", "invite_date");

-- CreateIndex
CREATE INDEX "invitations_prospect_email_address_idx" ON "invitations"("prospect_email_address");

-- CreateIndex
CREATE INDEX "invitations_prospect_user_id_idx" ON "invitations"("prospect_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_invitations_token_hash_key" ON "user_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "user_invitations_email_address_idx" ON "user_invitations"("email_address");

-- CreateIndex
CREATE INDEX "appointments_user_id_appointment_status_code_idx" ON "appointments"("user_id", "appointment_status_code");

-- CreateIndex
CREATE INDEX "appointments_submitter_id_appointment_status_code_idx" ON "appointments"("submitter_id", "appointment_status_code");

-- CreateIndex
CREATE INDEX "appointments_recruiter_agent_id_appointment_status_code_idx" ON "appointments"("recruiter_agent_id", "appointment_status_code");

-- CreateIndex
CREATE INDEX "appointments_appointment_status_code_start_dt_idx" ON "appointments"("appointment_status_code", "start_dt");

-- CreateIndex
CREATE INDEX "appointments_prospect_email_address_idx" ON "appointments"("prospect_email_address");

-- CreateIndex
CREATE INDEX "appointments_invitation_id_idx" ON "appointments"("invitation_id");

-- CreateIndex
CREATE INDEX "appointments_multi_link_id_idx" ON "appointments"("multi_link_id");

-- CreateIndex
CREATE INDEX "appointments_appointment_link_id_idx" ON "appointments"("appointment_link_id");

-- CreateIndex
CREATE INDEX "appointments_agent_id_idx" ON "appointments"("agent_id");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_addresses_appointment_id_address_type_code_key" ON "appointment_addresses"("appointment_id", "address_type_code");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_states_appointment_id_state_code_key" ON "appointment_states"("appointment_id", "state_code");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_answers_appointment_id_question_id_key" ON "appointment_answers"("appointment_id", "question_id");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_signatures_appointment_id_signature_type_code_key" ON "appointment_signatures"("appointment_id", "signature_type_code");

-- CreateIndex
CREATE INDEX "esign_consents_appointment_id_idx" ON "esign_consents"("appointment_id");

-- CreateIndex
CREATE INDEX "esign_consents_user_id_idx" ON "esign_consents"("user_id");

-- CreateIndex
CREATE INDEX "appointment_carrier_blocks_appointment_id_idx" ON "appointment_carrier_blocks"("appointment_id");

-- CreateIndex
CREATE INDEX "appointment_carrier_blocks_agent_id_idx" ON "appointment_carrier_blocks"("agent_id");

-- CreateIndex
CREATE INDEX "fee_collections_appointment_id_idx" ON "fee_collections"("appointment_id");

-- CreateIndex
CREATE INDEX "questions_question_type_sort_order_idx" ON "questions"("question_type", "sort_order");

-- CreateIndex
CREATE UNIQUE INDEX "state_fees_state_code_key" ON "state_fees"("state_code");

-- CreateIndex
CREATE UNIQUE INDEX "document_requirements_appointment_type_code_document_type_c_key" ON "document_requirements"("appointment_type_code", "document_type_code");

-- CreateIndex
CREATE INDEX "list_values_list_type_sort_order_idx" ON "list_values"("list_type", "sort_order");

-- CreateIndex
CREATE UNIQUE INDEX "list_values_list_type_vle_code_key" ON "list_values"("list_type", "vle_code");

-- CreateIndex
CREATE UNIQUE INDEX "stored_files_storage_key_key" ON "stored_files"("storage_key");

-- CreateIndex
CREATE INDEX "documents_document_key_is_current_idx" ON "documents"("document_key", "is_current");

-- CreateIndex
CREATE INDEX "documents_appointment_id_document_type_code_idx" ON "documents"("appointment_id", "document_type_code");

-- CreateIndex
CREATE INDEX "documents_app_user_id_idx" ON "documents"("app_user_id");

-- CreateIndex
CREATE INDEX "documents_agent_id_idx" ON "documents"("agent_id");

-- CreateIndex
CREATE UNIQUE INDEX "template_types_template_type_code_key" ON "template_types"("template_type_code");

-- CreateIndex
CREATE UNIQUE INDEX "email_templates_system_code_key" ON "email_templates"("system_code");

-- CreateIndex
CREATE INDEX "email_templates_user_id_template_type_id_idx" ON "email_templates"("user_id", "template_type_id");

-- CreateIndex
CREATE INDEX "email_template_images_corr_template_id_idx" ON "email_template_images"("corr_template_id");

-- CreateIndex
CREATE UNIQUE INDEX "template_fields_template_type_id_placeholder_key" ON "template_fields"("template_type_id", "placeholder");

-- CreateIndex
CREATE UNIQUE INDEX "notification_subscribers_user_id_key" ON "notification_subscribers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "notification_preferences_subscriber_id_category_code_method_key" ON "notification_preferences"("subscriber_id", "category_code", "method_code");

-- CreateIndex
CREATE INDEX "service_requests_requester_user_id_request_dt_idx" ON "service_requests"("requester_user_id", "request_dt");

-- CreateIndex
CREATE INDEX "service_requests_is_complete_request_dt_idx" ON "service_requests"("is_complete", "request_dt");

-- CreateIndex
CREATE INDEX "report_requests_requested_by_id_request_dt_idx" ON "report_requests"("requested_by_id", "request_dt");

-- CreateIndex
CREATE INDEX "report_requests_requested_by_id_status_code_idx" ON "report_requests"("requested_by_id", "status_code");

-- CreateIndex
CREATE INDEX "report_requests_status_code_idx" ON "report_requests"("status_code");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_user_id_fkey" FOREIGN KEY ("impersonator_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idp_password_resets" ADD CONSTRAINT "idp_password_resets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "idp_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_product_type_id_fkey" FOREIGN KEY ("product_type_id") REFERENCES "product_types"("product_type_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "companies" ADD CONSTRAINT "companies_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_company_number_fkey" FOREIGN KEY ("company_number") REFERENCES "companies"("company_number") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_block_number_fkey" FOREIGN KEY ("block_number") REFERENCES "blocks"("block_number") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_closure" ADD CONSTRAINT "agent_closure_ancestor_id_fkey" FOREIGN KEY ("ancestor_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_closure" ADD CONSTRAINT "agent_closure_descendant_id_fkey" FOREIGN KEY ("descendant_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "principal_agents" ADD CONSTRAINT "principal_agents_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_licensed_states" ADD CONSTRAINT "agent_licensed_states_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_schedules" ADD CONSTRAINT "commission_schedules_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_schedules" ADD CONSTRAINT "commission_schedules_product_type_id_fkey" FOREIGN KEY ("product_type_id") REFERENCES "product_types"("product_type_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_schedules" ADD CONSTRAINT "commission_schedules_base_schedule_id_fkey" FOREIGN KEY ("base_schedule_id") REFERENCES "commission_schedules"("schedule_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_levels" ADD CONSTRAINT "schedule_levels_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "commission_schedules"("schedule_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_levels" ADD CONSTRAINT "schedule_levels_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_recruiter_agent_id_fkey" FOREIGN KEY ("recruiter_agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_schedule_level_id_fkey" FOREIGN KEY ("schedule_level_id") REFERENCES "schedule_levels"("schedule_level_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "multi_links" ADD CONSTRAINT "multi_links_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "multi_link_items" ADD CONSTRAINT "multi_link_items_multi_link_id_fkey" FOREIGN KEY ("multi_link_id") REFERENCES "multi_links"("multi_link_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "multi_link_items" ADD CONSTRAINT "multi_link_items_appointment_link_id_fkey" FOREIGN KEY ("appointment_link_id") REFERENCES "appointment_links"("appointment_link_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_appointment_link_id_fkey" FOREIGN KEY ("appointment_link_id") REFERENCES "appointment_links"("appointment_link_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_multi_link_id_fkey" FOREIGN KEY ("multi_link_id") REFERENCES "multi_links"("multi_link_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_user_id_fkey" FOREIGN KEY ("inviter_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_agent_id_fkey" FOREIGN KEY ("inviter_agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_prospect_user_id_fkey" FOREIGN KEY ("prospect_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_corr_template_id_fkey" FOREIGN KEY ("corr_template_id") REFERENCES "email_templates"("corr_template_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_submitter_id_fkey" FOREIGN KEY ("submitter_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_recruiter_agent_id_fkey" FOREIGN KEY ("recruiter_agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_appointment_link_id_fkey" FOREIGN KEY ("appointment_link_id") REFERENCES "appointment_links"("appointment_link_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_multi_link_id_fkey" FOREIGN KEY ("multi_link_id") REFERENCES "multi_links"("multi_link_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_invitation_id_fkey" FOREIGN KEY ("invitation_id") REFERENCES "invitations"("invitation_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_personal" ADD CONSTRAINT "appointment_personal_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_addresses" ADD CONSTRAINT "appointment_addresses_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_states" ADD CONSTRAINT "appointment_states_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_states" ADD CONSTRAINT "appointment_states_state_fee_id_fkey" FOREIGN KEY ("state_fee_id") REFERENCES "state_fees"("state_fee_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_answers" ADD CONSTRAINT "appointment_answers_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_answers" ADD CONSTRAINT "appointment_answers_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "questions"("question_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_signatures" ADD CONSTRAINT "appointment_signatures_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "esign_consents" ADD CONSTRAINT "esign_consents_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "esign_consents" ADD CONSTRAINT "esign_consents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_bank_info" ADD CONSTRAINT "appointment_bank_info_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_card_info" ADD CONSTRAINT "appointment_card_info_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "commission_remit_assign" ADD CONSTRAINT "commission_remit_assign_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_irs_info" ADD CONSTRAINT "appointment_irs_info_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_carrier_blocks" ADD CONSTRAINT "appointment_carrier_blocks_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_carrier_blocks" ADD CONSTRAINT "appointment_carrier_blocks_appointment_link_id_fkey" FOREIGN KEY ("appointment_link_id") REFERENCES "appointment_links"("appointment_link_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_carrier_blocks" ADD CONSTRAINT "appointment_carrier_blocks_schedule_level_id_fkey" FOREIGN KEY ("schedule_level_id") REFERENCES "schedule_levels"("schedule_level_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_carrier_blocks" ADD CONSTRAINT "appointment_carrier_blocks_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_carrier_blocks" ADD CONSTRAINT "appointment_carrier_blocks_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fee_collections" ADD CONSTRAINT "fee_collections_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_app_user_id_fkey" FOREIGN KEY ("app_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_template_type_id_fkey" FOREIGN KEY ("template_type_id") REFERENCES "template_types"("template_type_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_template_images" ADD CONSTRAINT "email_template_images_corr_template_id_fkey" FOREIGN KEY ("corr_template_id") REFERENCES "email_templates"("corr_template_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_template_images" ADD CONSTRAINT "email_template_images_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "template_fields" ADD CONSTRAINT "template_fields_template_type_id_fkey" FOREIGN KEY ("template_type_id") REFERENCES "template_types"("template_type_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_subscribers" ADD CONSTRAINT "notification_subscribers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "notification_subscribers"("subscriber_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_requester_user_id_fkey" FOREIGN KEY ("requester_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_attachment_file_id_fkey" FOREIGN KEY ("attachment_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "report_definitions"("report_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_output_file_id_fkey" FOREIGN KEY ("output_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;


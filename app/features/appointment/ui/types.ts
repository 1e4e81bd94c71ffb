// What the section components need besides their conform fields: the
// application's type and status, reference lists and the signing consent.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { AppointmentTypeCode, InvitationFlavour, SectionId } from "../model";

export type QuestionView = { questionId: number; questionText: string; isSubQuestion: boolean };
/** A state of the catalogue as the address drop-downs list it. */
export type StateView = { stateCode: string; stateName: string };
export type StateFeeView = {
  stateCode: string;
  stateName: string;
  residentFeeAmount: number;
  nonResidentFeeAmount: number;
  isPreAppointment: boolean;
};
export type LinkView = { label: string; href: string };

export type SectionView = {
  appointmentId: number;
  typeCode: AppointmentTypeCode;
  flavour: InvitationFlavour;
  statusCode: string;
  readOnly: boolean;
  /** Active personal questions, in order (Personal Information only; empty on the other sections). */
  questions: QuestionView[];
  /** The state fee catalogue (State Fees only; empty on the other sections). */
  stateFees: StateFeeView[];
  /** The states for the address drop-downs (the sections that have one; empty on the others). */
  states: StateView[];
  residentStateCode: string | null;
  /** The signer accepted the consent to sign electronically. */
  esignConsented: boolean;
  /** The consent can be given now (not while impersonating). */
  esignCanAccept: boolean;
  esignText: string;
  /** Commission statement PDFs of the appointment's levels. */
  commissionStatements: LinkView[];
  /** Fax number for documents (setting DOCUMENT_FAX_NUMBER). */
  faxNumber: string;
  /** Supporting Documents: the answers ask for the 1033 consent and none is uploaded (decision 0121). */
  asks1033Consent: boolean;
  section: SectionId;
  now: string;
};

/** A conform field of any shape (nested objects and lists reached with getFieldset / getFieldList). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseField = FieldMetadata<any, any, any> & {
  getFieldset(): AnyFields;
  getFieldList(): LooseField[];
};
export type AnyFields = Record<string, LooseField>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm = FormMetadata<any, any>;

export type SectionProps = {
  view: SectionView;
  fields: AnyFields;
  form: AnyForm;
};

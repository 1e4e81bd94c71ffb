// The legal holds screen's forms (decision 0120): place a hold (a plain POST; refused, the messages
// beside the fields and what was typed kept) and, per hold in force, LIFT HOLD.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { CHECK_WHEN_SENT, FormErrors, TextAreaField, TextField } from "~/components/form/fields";
import type { HoldRow } from "../holds.server";
import { HOLD_MESSAGES as M } from "../messages";
import { placeHoldSchema } from "../schema";

export function PlaceHoldForm({ lastResult, busy }: { lastResult: SubmissionResult<string[]> | null; busy: boolean }) {
  const [form, fields] = useForm({ id: "place-hold", lastResult, constraint: getZodConstraint(placeHoldSchema), ...CHECK_WHEN_SENT });
  return (
    <Form method="post" {...getFormProps(form)} className="card stack" noValidate aria-labelledby="place-hold-heading">
      <h2 id="place-hold-heading">Place a hold</h2>
      <FormErrors form={form} as="p" />
      <input type="hidden" name="intent" value="place" />
      <TextField meta={fields.subject} label={M.subjectLabel} hint={M.subjectHint} required maxLength={254} />
      <TextAreaField meta={fields.reason} label={M.reasonLabel} rows={3} required />
      <div className="wizard__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {M.place}
        </button>
      </div>
    </Form>
  );
}

const day = (iso: string) => iso.slice(0, 10);

export function HoldsTable({ holds, busy }: { holds: HoldRow[]; busy: boolean }) {
  if (!holds.length) return <p className="muted">{M.none}</p>;
  return (
    <CardTable<HoldRow>
      label="Legal holds"
      rows={holds}
      rowKey={(h) => h.id}
      rowProps={(h) => ({ "data-hold": h.subject })}
      columns={[
        { header: "Person", rowHeader: true, cell: (h) => h.subject },
        { header: "Reason", cell: (h) => h.reason },
        { header: "Placed", cell: (h) => `${day(h.placedAt)} by ${h.placedBy || "an administrator"}` },
        {
          header: "Status",
          cell: (h) =>
            h.liftedAt ? (
              M.liftedOn(day(h.liftedAt))
            ) : (
              <Form method="post" className="inline-form">
                <input type="hidden" name="intent" value="lift" />
                <input type="hidden" name="holdId" value={h.id} />
                {M.inForce}{" "}
                <button type="submit" className="btn btn--secondary btn--small" disabled={busy} aria-label={`${M.lift}: ${h.subject}`}>
                  {M.lift}
                </button>
              </Form>
            ),
        },
      ]}
    />
  );
}

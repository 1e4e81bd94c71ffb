import { Form, Link } from "@remix-run/react";

/** The second step of an action that cannot be undone: a plain POST with confirm=yes, or back to the page. */
export function ConfirmStep(props: { id: string; heading: string; text: string; intent: string; yes: string; no: string; backTo: string; busy: boolean }) {
  return (
    <Form method="post" className="stack" aria-labelledby={props.id}>
      <h3 id={props.id}>{props.heading}</h3>
      <p>{props.text}</p>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="confirm" value="yes" />
      <div className="wizard__actions">
        <button type="submit" className="btn btn--primary" disabled={props.busy}>
          {props.yes}
        </button>
        <Link to={props.backTo} className="btn btn--secondary">
          {props.no}
        </Link>
      </div>
    </Form>
  );
}

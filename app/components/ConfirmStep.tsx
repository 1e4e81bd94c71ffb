import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * The second step of an action that cannot be undone: a plain POST with confirm=yes (and the
 * fields that name what it acts on), or back to the page. Works without JavaScript.
 */
export function ConfirmStep(props: {
  id: string;
  heading: string;
  text: string;
  intent: string;
  yes: string;
  no: string;
  backTo: string;
  busy: boolean;
  fields?: Record<string, string>;
  /** The heading's level where it stands in the page (3: inside a section with its own h2). */
  level?: 2 | 3;
}) {
  // With JavaScript the question appears where the page was; the focus takes the reader (and a
  // screen reader) to it. Without JavaScript it is the top of a new page.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = props.level === 2 ? "h2" : "h3";
  return (
    <Form method="post" className="stack" aria-labelledby={props.id}>
      <Heading id={props.id} ref={heading} tabIndex={-1}>
        {props.heading}
      </Heading>
      <p>{props.text}</p>
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
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

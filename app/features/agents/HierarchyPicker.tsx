// The hierarchy dropdown of /agents and /agent (spec part 3 §2): carrier,
// block and agent number, the MGA code in the tooltip. A GET form: without
// JavaScript a Show button submits it, with it a change does.
import { Form, useSubmit } from "@remix-run/react";
import type { Position } from "./agents.server";
import { hierarchyLabel, hierarchyTooltip } from "./format";

export function HierarchyPicker({
  positions,
  position,
  id,
  keep,
}: {
  positions: Position[];
  position: Position;
  /** The select's id (one picker per page). */
  id: string;
  /** Other GET parameters the page keeps when the hierarchy changes. */
  keep: Record<string, string>;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" className="inline-form" onChange={(e) => submit(e.currentTarget)}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field">
        <label htmlFor={id}>Hierarchy</label>
        <select id={id} name="h" defaultValue={String(position.id)} title={hierarchyTooltip(position)} key={position.id}>
          {positions.map((p) => (
            <option key={p.id} value={p.id} title={hierarchyTooltip(p)}>
              {hierarchyLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <button type="submit" className="btn btn--secondary btn--small">
          Show
        </button>
      </noscript>
    </Form>
  );
}

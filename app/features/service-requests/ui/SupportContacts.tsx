import { formatPhone } from "~/lib/format";
import { Link } from "@remix-run/react";

export type SupportData = { phone: string; email: string; guides: ReadonlyArray<{ key: string; title: string }> };

/** The guides as PDF downloads. */
export function GuideLinks({ guides }: { guides: SupportData["guides"] }) {
  return (
    <ul>
      {guides.map((g) => (
        <li key={g.key}>
          <a href={`/documents/system/${g.key}?download=1`} download>
            {g.title} (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Marketing phone and email, and the Contact Us link. */
export function ContactLines({ phone, email }: { phone: string; email: string }) {
  const tel = phone.replace(/[^\d+]/g, "");
  return (
    <ul>
      <li>
        By phone: <a href={`tel:${tel}`}>{formatPhone(phone)}</a>
      </li>
      <li>
        By email: <a href={`mailto:${email}`}>{email}</a>
      </li>
      <li>
        Or send us a request: <Link to="/svcreq">Contact Us</Link>
      </li>
    </ul>
  );
}

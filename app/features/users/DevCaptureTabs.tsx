// The tabs between the captured emails (/dev/mail) and the captured text
// messages (/dev/sms); a tab shows only while its kind is being captured.
import { Link } from "@remix-run/react";

export function DevCaptureTabs({ current, mail, sms }: { current: "mail" | "sms"; mail: boolean; sms: boolean }) {
  if (!(mail && sms)) return null;
  return (
    <nav aria-label="Captured messages">
      <ul className="tabs">
        <li>
          <Link className="tabs__link" to="/dev/mail" aria-current={current === "mail" ? "page" : undefined}>
            Emails
          </Link>
        </li>
        <li>
          <Link className="tabs__link" to="/dev/sms" aria-current={current === "sms" ? "page" : undefined}>
            Text messages
          </Link>
        </li>
      </ul>
    </nav>
  );
}

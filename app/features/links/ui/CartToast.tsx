// The cart's confirmation (spec §2: a toast of 2000 ms). The message comes
// from the server after the redirect; without JavaScript it stays on the
// page as a status line, with JavaScript it fades after TOAST_MS.
import { useEffect, useState } from "react";
import { TOAST_MS } from "../cart";

export function CartToast({ message }: { message: string | null }) {
  const [shown, setShown] = useState(message);
  useEffect(() => {
    setShown(message);
    if (!message) return;
    const t = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(t);
  }, [message]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <p className="toast" data-testid="cart-toast">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

// With JavaScript, SEND asks first (spec part 1 §5 'a confirmation prompt
// comes before sending'); without it the confirmation is a checkbox.
import { Dialog } from "~/components/Dialog";
import { CONFIRM_SEND } from "../messages";

export function ConfirmSendDialog({ onSend, onCancel }: { onSend: () => void; onCancel: () => void }) {
  return (
    <Dialog title={CONFIRM_SEND.title} message={CONFIRM_SEND.message} variant="info" buttons={[]} onClose={onCancel}>
      <div className="dialog__actions">
        <button type="button" className="btn btn--primary" autoFocus onClick={onSend}>
          Send
        </button>
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          CANCEL
        </button>
      </div>
    </Dialog>
  );
}

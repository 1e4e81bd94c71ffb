import { PlaceholderScreen } from "./PlaceholderScreen";

export const APPOINTMENT_LINKS_TITLE = "Appointment Links";

/** The appointment links page with its cart (/linx and /cartlinks share it). */
export function AppointmentLinksScreen() {
  return (
    <PlaceholderScreen title={APPOINTMENT_LINKS_TITLE}>
      <p className="muted">
        Choose appointment links per commission schedule, then send them to a prospect or fill out the application on
        the prospect&apos;s behalf.
      </p>
    </PlaceholderScreen>
  );
}

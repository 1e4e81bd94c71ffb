// The agent detail's tabs (spec part 3 §2): PERSONAL, BUSINESS, APPOINTMENT
// (not for a director) and PRINCIPAL AGENT.
import { Link } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { formatPhone } from "~/lib/format";
import type { Position } from "../agents.server";
import type { AgentDetail } from "../detail.server";
import { LocalTime } from "~/components/LocalTime";
import { displayCompanyName, formatDate, notAvailable } from "../format";
import { DETAIL_MESSAGES } from "../messages";
import { EXPIRY_LABEL, LINE_LABEL, reasonText, stateName } from "~/features/licences/messages";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import { StandingBadge } from "~/features/licences/badges";
import { StateAppointments } from "~/features/state-filings/StateAppointments";

export const TABS = [
  ["personal", "PERSONAL"],
  ["business", "BUSINESS"],
  ["appointment", "APPOINTMENT"],
  ["principal", "PRINCIPAL AGENT"],
] as const;
export type Tab = (typeof TABS)[number][0];

/** The tab links (APPOINTMENT is not offered for a director). */
export function AgentTabNav({ detail, base, tab }: { detail: AgentDetail; base: string; tab: Tab }) {
  return (
    <nav aria-label="Agent detail sections">
      <ul className="tabs">
        {TABS.filter(([t]) => !(t === "appointment" && detail.isDirector)).map(([t, label]) => (
          <li key={t}>
            <Link className="tabs__link" to={`${base}&tab=${t}`} aria-current={tab === t ? "page" : undefined} preventScrollReset>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children || <span className="muted">—</span>}</dd>
    </>
  );
}

export function PersonalTab({ detail, position }: { detail: AgentDetail; position: Position }) {
  const isCorp = detail.agentType === "C";
  return (
    <dl className="detail-grid">
      {isCorp ? <Row label="Company name">{displayCompanyName(detail.companyName)}</Row> : <Row label="Last name">{detail.lastName}</Row>}
      {!isCorp ? <Row label="First name">{[detail.firstName, detail.middleName].filter(Boolean).join(" ")}</Row> : null}
      <Row label="Agent number">
        {detail.agentNumber}{" "}
        <Link to={`/agents?tab=active&h=${position.id}&open=${detail.id}`} aria-label={`Show ${detail.name} in the hierarchy tree`}>
          (show in tree)
        </Link>
      </Row>
      <Row label="Email">{detail.email}</Row>
      <Row label="Phone">{formatPhone(detail.phoneNumber)}</Row>
      <Row label="National producer number">{detail.npn}</Row>
      {!detail.isDirector ? (
        <>
          <Row label="Resident state license">
            {detail.residentLicenseNumber ? `${detail.residentLicenseNumber}${detail.residentLicenseState ? ` (${detail.residentLicenseState})` : ""}` : ""}
          </Row>
          <Row label="Licensed states">{detail.licensedStates.join(", ")}</Row>
          <Row label="Standing">
            {detail.standing ? (
              <>
                <StandingBadge standing={detail.standing.standing} />
                {detail.standing.reasons.length ? (
                  <ul className="lic-reasons">
                    {detail.standing.reasons.map((r, i) => (
                      <li key={i}>{reasonText(r)}</li>
                    ))}
                  </ul>
                ) : null}
              </>
            ) : null}
          </Row>
          <Row label="Licenses">
            {detail.licences.length ? (
              <ul className="lic-reasons">
                {detail.licences.map((l) => (
                  <li key={l.stateCode}>
                    {stateName(l.stateCode)}: {l.lines.map((x) => LINE_LABEL[x]).join(", ")}
                    {l.expiryDate ? `; expires ${formatDate(l.expiryDate)}` : ""} ({l.state === "INACTIVE" ? "Inactive" : EXPIRY_LABEL[l.state]})
                  </li>
                ))}
              </ul>
            ) : null}
            {detail.licencesHref ? <Link to={detail.licencesHref}>{LICENCE_SCREEN.title}</Link> : null}
          </Row>
        </>
      ) : null}
      <Row label="Address">{detail.address.join(", ")}</Row>
      <Row label="Agent since">{formatDate(detail.createdAt)}</Row>
    </dl>
  );
}

export function BusinessTab({ detail }: { detail: AgentDetail }) {
  return (
    <dl className="detail-grid">
      <Row label="Business type">{detail.businessTypeCode?.replace(/^W9BIZ_TYP_/, "") ?? ""}</Row>
      <Row label="Name">{displayCompanyName(detail.businessName ?? detail.companyName)}</Row>
      <Row label="Address">{detail.businessAddress.join(", ")}</Row>
      <Row label="Phone">{formatPhone(detail.businessPhone)}</Row>
      <Row label="Fax">{formatPhone(detail.businessFax)}</Row>
    </dl>
  );
}

export function AppointmentTab({ detail }: { detail: AgentDetail }) {
  return (
    <>
      {!detail.appointment ? (
        <Banner variant="info" title={DETAIL_MESSAGES.missingAppointmentTitle}>
          <p>{DETAIL_MESSAGES.missingAppointment}</p>
        </Banner>
      ) : (
        <dl className="detail-grid">
          <Row label="Status">{detail.appointment.statusText}</Row>
          <Row label="Started"><LocalTime value={detail.appointment.startDt} /></Row>
          <Row label="Submitted"><LocalTime value={detail.appointment.submittedAt} /></Row>
          <Row label="Approved"><LocalTime value={detail.appointment.approvedAt} /></Row>
        </dl>
      )}
      <StateAppointments rows={detail.stateAppointments} />
      <h3>Documents</h3>
      <ul className="download-list">
        {detail.documents.map((doc) => (
          <li key={doc.code}>
            {doc.href ? (
              <a href={doc.href} target="_blank" rel="noopener">
                {doc.label}
              </a>
            ) : (
              <span className="muted">{notAvailable(doc.label)}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function PrincipalTab({ detail }: { detail: AgentDetail }) {
  if (!detail.principal) return <p className="muted">No principal agent is recorded for this agent.</p>;
  return (
    <dl className="detail-grid">
      <Row label="Name">{[detail.principal.firstName, detail.principal.lastName].join(" ")}</Row>
      <Row label="Phone">{formatPhone(detail.principal.phoneNumber)}</Row>
      <Row label="Address">{detail.principal.address.join(", ")}</Row>
    </dl>
  );
}

// Profile editing (spec part 1 §2 'Profile', §5, §8): email read-only; first,
// middle and last name and phone; CANCEL goes home, SAVE saves. The signed-in
// user's own profile only (no id in the URL or the form). Works without
// JavaScript; a refusal keeps what was typed and links to the fields ('Missing
// or Invalid', an ErrorSummary), from the server's answer or, with JavaScript,
// from the same schema's check in the browser; the outcome is a Notice.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ErrorSummary, useRefusedInBrowser } from "~/components/ErrorSummary";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { CHECK_WHEN_SENT, CheckboxField, fieldDomId, TextField } from "~/components/form/fields";
import { PROFILE_LABELS, PROFILE_MESSAGES } from "~/features/profile/messages";
import { loadProfile, saveProfile } from "~/features/profile/profile.server";
import { ownNpns } from "~/features/licences/access.server";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import { signOutOtherDevices } from "~/features/users/sign-in.server";
import { profileSchema } from "~/features/profile/schema";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { oidcConfig } from "~/lib/oidc.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Profile");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // 'Your Profile' opens this page; the provider's own profile page (password, sign-in email) is linked from it (decision 0022).
  return {
    profile: await loadProfile(user.id),
    providerProfile: Boolean(oidcConfig().profileUrl),
    // Not while impersonating: the user's other devices are theirs (decision 0035).
    canSignOutOthers: !user.impersonator,
    // The way to /licences for a user with an own NPN (issue 23; decision 0069).
    hasNpn: (await ownNpns(user.id)).length > 0,
  };
}

type ActionData =
  | { reply: SubmissionResult<string[]>; outcome: "saved" | "invalid" | "failed" }
  | { reply: null; outcome: "others"; ended: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") === "sign-out-others") {
    const ended = await signOutOtherDevices(request, user);
    return data<ActionData>({ reply: null, outcome: "others", ended });
  }
  const submission = parseWithZod(form, { schema: profileSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ reply: submission.reply(), outcome: "invalid" }, { status: 400 });
  }
  try {
    await saveProfile(user.id, submission.value, user.impersonator?.id ?? user.id);
  } catch (e) {
    console.error("[profile] saving the profile failed", e instanceof Error ? e.message : e);
    return data<ActionData>({ reply: submission.reply(), outcome: "failed" }, { status: 503 });
  }
  return data<ActionData>({ reply: submission.reply(), outcome: "saved" });
}

export default function ProfileRoute() {
  const { profile, providerProfile, canSignOutOthers, hasNpn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const location = useLocation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.outcome === "saved" || actionData?.outcome === "others" ? null : (actionData?.reply ?? null),
    defaultValue: {
      firstName: profile.firstName ?? "",
      middleName: profile.middleName ?? "",
      // Stored empty: answered 'I have no middle name' (decision 0096).
      noMiddleName: profile.middleName ? undefined : "on",
      lastName: profile.lastName ?? "",
      phoneNumber: profile.phoneNumber ?? "",
    },
    constraint: getZodConstraint(profileSchema),
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  });
  // 'Missing or Invalid' lists the fields whose message shows next to them, once a SAVE was refused:
  // by the server (without JavaScript) or by the same schema in the browser (conform's status).
  const wrong = (Object.keys(PROFILE_LABELS) as Array<keyof typeof PROFILE_LABELS>).filter((k) => fields[k].errors?.length);
  const refusedHere = useRefusedInBrowser(form.status, actionData);
  const refused = (actionData?.outcome === "invalid" || refusedHere) && wrong.length > 0;

  return (
    <SignedInLayout>
      <PageHeader title="Profile" lead="Your name and phone number in the portal" />
      {/* On the page until the next action (decision 0103); a refusal links to its fields. */}
      {refused ? (
        <ErrorSummary
          key={`${location.key}-errors`}
          title={PROFILE_MESSAGES.invalidTitle}
          lead={PROFILE_MESSAGES.invalidLead}
          errors={wrong.map((k) => ({ id: fieldDomId(fields[k].name), label: PROFILE_LABELS[k], message: fields[k].errors!.join(" ") }))}
        />
      ) : actionData?.outcome === "others" ? (
        <Notice key={location.key} title={PROFILE_MESSAGES.otherDevicesDoneTitle} message={PROFILE_MESSAGES.otherDevicesDone(actionData.ended)} />
      ) : actionData?.outcome === "saved" ? (
        <Notice key={location.key} title={PROFILE_MESSAGES.successTitle} message={PROFILE_MESSAGES.success} />
      ) : actionData?.outcome === "failed" ? (
        <Notice key={location.key} variant="error" title={PROFILE_MESSAGES.failureTitle} message={PROFILE_MESSAGES.failure} />
      ) : null}
      <section className="card">
        <Form method="post" {...getFormProps(form)} className="form stack">
          <div className="field">
            <label htmlFor="profile-email">Email</label>
            <input id="profile-email" type="email" value={profile.userName} readOnly />
            {providerProfile ? (
              <span className="field__hint">
                <a href="/auth/profile">{PROFILE_MESSAGES.providerProfile}</a>
              </span>
            ) : null}
          </div>
          <TextField meta={fields.firstName} label={PROFILE_LABELS.firstName} autoComplete="given-name" required />
          <TextField meta={fields.middleName} label={PROFILE_LABELS.middleName} autoComplete="additional-name" />
          <CheckboxField meta={fields.noMiddleName} label={PROFILE_MESSAGES.noMiddleName} value="on" />
          <TextField meta={fields.lastName} label={PROFILE_LABELS.lastName} autoComplete="family-name" required />
          <TextField meta={fields.phoneNumber} label={PROFILE_LABELS.phoneNumber} type="tel" autoComplete="tel-national" required />
          <div className="wizard__actions">
            <Link to="/home" className="btn btn--secondary">
              CANCEL
            </Link>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              SAVE
            </button>
          </div>
        </Form>
      </section>
      {hasNpn ? (
        <section className="card" aria-labelledby="profile-licences">
          <h2 id="profile-licences">{LICENCE_SCREEN.profileLink}</h2>
          <p>
            <Link to="/licences">{LICENCE_SCREEN.profileLead}</Link>
          </p>
        </section>
      ) : null}
      {canSignOutOthers ? (
        <section className="card" aria-labelledby="other-devices">
          <h2 id="other-devices">{PROFILE_MESSAGES.otherDevicesTitle}</h2>
          <p>{PROFILE_MESSAGES.otherDevicesLead}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out-others" />
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              {PROFILE_MESSAGES.otherDevicesButton}
            </button>
          </Form>
        </section>
      ) : null}
    </SignedInLayout>
  );
}

// The built-in identity provider's pages: plain server-rendered HTML forms
// that work without JavaScript, styled by the one stylesheet the provider
// serves itself (stylesheet.server.ts; no inline scripts or styles, so the
// strict CSP of `securityHeaders` holds).

import { escapeHtml } from "~/lib/html.server";
import { NO_MIDDLE_NAME } from "./schema";
import { STYLESHEET_PATH } from "./stylesheet.server";

export const APP_NAME = "Appointment Portal";
export const PASSWORD_HINT = "At least 12 characters. Not a common password, nor your name or email address: a few uncommon words work well.";
export { STYLESHEET, STYLESHEET_PATH } from "./stylesheet.server";

/** A value as HTML text or a quoted attribute value (the portal's one escapeHtml). */
export function esc(value: unknown): string {
  return escapeHtml(String(value ?? ""));
}

export type Values = Record<string, string | undefined>;
export type Errors = Record<string, string | undefined>;

// The portal's own mark (app/components/Icons.tsx LogoMark, public/favicon.svg): the sign-in is the
// portal's, not another brand's (issue 36 item 5). Presentation attributes only: the CSP allows no inline style.
const LOGO_SVG =
  '<svg class="brand-mark" width="40" height="40" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#0b2545"/><path d="M32 10 14 17v13c0 11.5 7.7 20.6 18 24 10.3-3.4 18-12.5 18-24V17z" fill="#13a89e"/><path d="m24 32 6 6 11-12" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>';

export function layout(title: string, body: string, opts: { wide?: boolean } = {}) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(`${APP_NAME} — ${title}`)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="band"><div class="brand">${LOGO_SVG}<span class="brand-name">${esc(APP_NAME)}</span></div></header>
<main class="card${opts.wide ? " wide" : ""}">
${body}
</main>
<footer class="foot">&copy; ${new Date().getFullYear()} ${esc(APP_NAME)}</footer>
</body>
</html>`;
}

export function formError(message?: string) {
  return message ? `<div class="alert" role="alert">${esc(message)}</div>` : "";
}

export function field(opts: {
  name: string;
  label: string;
  type?: string;
  value?: string;
  error?: string;
  autocomplete?: string;
  required?: boolean;
  readonly?: boolean;
  hint?: string;
  autofocus?: boolean;
}) {
  const id = `f-${opts.name}`;
  const errId = `${id}-error`;
  const type = opts.type ?? "text";
  const keepValue = type !== "password";
  const attrs = [
    `id="${id}"`,
    `name="${esc(opts.name)}"`,
    `type="${esc(type)}"`,
    keepValue && opts.value ? `value="${esc(opts.value)}"` : "",
    opts.autocomplete ? `autocomplete="${esc(opts.autocomplete)}"` : "",
    opts.required ? "required" : "",
    opts.readonly ? "readonly" : "",
    opts.autofocus ? "autofocus" : "",
    opts.error ? `aria-invalid="true" aria-describedby="${errId}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `<div class="field${opts.error ? " has-error" : ""}">
<label for="${id}">${esc(opts.label)}</label>
<input ${attrs}>
${opts.hint ? `<p class="hint">${esc(opts.hint)}</p>` : ""}
${opts.error ? `<p class="error" id="${errId}">${esc(opts.error)}</p>` : ""}
</div>`;
}

/** A checkbox with its label after it (value "1"). */
export function checkbox(opts: { name: string; label: string; checked?: boolean }) {
  const id = `f-${opts.name}`;
  return `<div class="keep"><input type="checkbox" id="${id}" name="${esc(opts.name)}" value="1"${opts.checked ? " checked" : ""}>
<label for="${id}">${esc(opts.label)}</label></div>`;
}

/** Middle name, then 'I have no middle name' (decision 0096: one of the two answers it). */
function middleNameFields(v: Values, e: Errors) {
  return `${field({ name: "middleName", label: "Middle Name (or initial)", value: v.middleName, error: e.middleName, autocomplete: "additional-name" })}
${checkbox({ name: "noMiddleName", label: NO_MIDDLE_NAME, checked: v.noMiddleName === "1" || v.noMiddleName === "on" })}`;
}

export const hidden = (name: string, value: string) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;

// ---------------------------------------------------------------- sign-in

export function signInPage(p: {
  action: string;
  signUpHref: string;
  forgotHref: string;
  values?: Values;
  errors?: Errors;
  notice?: string;
  csrf?: string;
  hiddenFields?: Record<string, string>;
  title?: string;
  intro?: string;
}) {
  const v = p.values ?? {};
  const e = p.errors ?? {};
  return layout(
    "Sign in",
    `<h1>${esc(p.title ?? "Sign in")}</h1>
${p.intro ? `<p class="lead">${esc(p.intro)}</p>` : `<p class="lead">Sign in with your email address.</p>`}
${p.notice ? `<div class="notice" role="status">${esc(p.notice)}</div>` : ""}
${formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${p.csrf ? hidden("csrf", p.csrf) : ""}
${Object.entries(p.hiddenFields ?? {}).map(([k, val]) => hidden(k, val)).join("\n")}
${field({ name: "email", label: "Email Address", type: "email", value: v.email, error: e.email, autocomplete: "username", required: true, autofocus: !v.email })}
${field({ name: "password", label: "Password", type: "password", error: e.password, autocomplete: "current-password", required: true, autofocus: Boolean(v.email) })}
<p class="aside"><a href="${esc(p.forgotHref)}">Forgot your password?</a></p>
<div class="keep"><input type="checkbox" id="f-remember" name="remember" value="1"${v.remember === "1" ? " checked" : ""} aria-describedby="f-remember-hint">
<label for="f-remember">Keep me signed in</label>
<p class="hint" id="f-remember-hint">Only on a device you alone use: you stay signed in here after closing the browser. Unticked, closing the browser signs you out.</p></div>
<button type="submit" class="primary">Sign in</button>
</form>
<p class="switch">Don't have an account? <a href="${esc(p.signUpHref)}">Sign up now</a></p>`,
  );
}

// ---------------------------------------------------------------- sign-up

export function signUpPage(p: { action: string; signInHref: string; values?: Values; errors?: Errors }) {
  const v = p.values ?? {};
  const e = p.errors ?? {};
  return layout(
    "Sign up",
    `<h1>Create your account</h1>
<p class="lead">Use the email address your recruiter invited.</p>
${formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${field({ name: "email", label: "Email Address", type: "email", value: v.email, error: e.email, autocomplete: "email", required: true, autofocus: true })}
${field({ name: "password", label: "Password", type: "password", error: e.password, autocomplete: "new-password", required: true, hint: PASSWORD_HINT })}
${field({ name: "confirmPassword", label: "Confirm Password", type: "password", error: e.confirmPassword, autocomplete: "new-password", required: true })}
${field({ name: "givenName", label: "First Name", value: v.givenName, error: e.givenName, autocomplete: "given-name", required: true })}
${middleNameFields(v, e)}
${field({ name: "familyName", label: "Last Name", value: v.familyName, error: e.familyName, autocomplete: "family-name", required: true })}
${field({ name: "phoneNumber", label: "Phone Number", type: "tel", value: v.phoneNumber, error: e.phoneNumber, autocomplete: "tel-national", required: true, hint: "10 digits, for example (555) 555-0100." })}
<button type="submit" class="primary">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${esc(p.signInHref)}">Sign in</a></p>`,
  );
}

/** The answer to every valid sign-up, whether or not the email already had an account. */
export function checkEmailPage(p: { signInHref: string }) {
  return layout(
    "Check your email",
    `<h1>Check your email</h1>
<div class="notice" role="status">We have sent a message to the address you entered. Open the link in it to confirm your email address, then sign in.</div>
<p class="lead">No email after a few minutes? Look in your spam folder. If you already had an account, the message tells you how to get back in.</p>
<p class="switch"><a href="${esc(p.signInHref)}">Back to sign in</a></p>`,
  );
}

// ---------------------------------------------------------------- password reset

export function forgotPasswordPage(p: {
  action: string;
  csrf: string;
  signInHref: string;
  values?: Values;
  errors?: Errors;
  sent?: boolean;
  hiddenFields?: Record<string, string>;
}) {
  const v = p.values ?? {};
  const e = p.errors ?? {};
  const body = p.sent
    ? `<h1>Check your email</h1>
<div class="notice" role="status">If an account exists for that address, we have sent a link to reset your password. The link is valid for 60 minutes.</div>
<p class="switch"><a href="${esc(p.signInHref)}">Back to sign in</a></p>`
    : `<h1>Forgot your password?</h1>
<p class="lead">Enter the email address of your account and we will send you a link to choose a new password.</p>
${formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
${Object.entries(p.hiddenFields ?? {}).map(([k, val]) => hidden(k, val)).join("\n")}
${field({ name: "email", label: "Email Address", type: "email", value: v.email, error: e.email, autocomplete: "email", required: true, autofocus: true })}
<button type="submit" class="primary">Send reset link</button>
</form>
<p class="switch"><a href="${esc(p.signInHref)}">Back to sign in</a></p>`;
  return layout("Forgot password", body);
}

export function resetPasswordPage(p: {
  state: "form" | "done" | "invalid";
  action: string;
  csrf: string;
  signInHref: string;
  forgotHref: string;
  errors?: Errors;
  /** Done, and the reset confirmed the address: the details typed at sign-up, to check. */
  reviewHref?: string;
}) {
  const e = p.errors ?? {};
  let body: string;
  if (p.state === "invalid") {
    body = `<h1>Link expired</h1>
<div class="alert" role="alert">This password reset link is invalid, has expired or was already used.</div>
<p class="switch"><a href="${esc(p.forgotHref)}">Request a new link</a> · <a href="${esc(p.signInHref)}">Back to sign in</a></p>`;
  } else if (p.state === "done" && p.reviewHref) {
    body = `<h1>Password changed</h1>
<div class="notice" role="status">Your password has been changed and your email address is confirmed.</div>
<p class="lead">The names and phone number of this account were typed when it was created, perhaps by someone else: check them and correct anything that is not yours.</p>
<p class="switch"><a class="button primary" href="${esc(p.reviewHref)}">Check your details</a> · <a href="${esc(p.signInHref)}">Back to sign in</a></p>`;
  } else if (p.state === "done") {
    body = `<h1>Password changed</h1>
<div class="notice" role="status">Your password has been changed. You can now sign in with your new password.</div>
<p class="switch"><a class="button primary" href="${esc(p.signInHref)}">Back to sign in</a></p>`;
  } else {
    body = `<h1>Choose a new password</h1>
${formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
${field({ name: "password", label: "New Password", type: "password", error: e.password, autocomplete: "new-password", required: true, autofocus: true, hint: PASSWORD_HINT })}
${field({ name: "confirmPassword", label: "Confirm New Password", type: "password", error: e.confirmPassword, autocomplete: "new-password", required: true })}
<button type="submit" class="primary">Change password</button>
</form>
<p class="switch"><a href="${esc(p.signInHref)}">Back to sign in</a></p>`;
  }
  return layout("Reset password", body);
}

// ---------------------------------------------------------------- profile

export function profilePage(p: {
  action: string;
  csrf: string;
  email: string;
  values: Values;
  errors?: Errors;
  returnTo?: string;
  cancelHref: string;
  saved?: boolean;
  passwordHref?: string;
  /** Right after the address was confirmed: the names and phone were typed at sign-up, perhaps by someone else. */
  confirmed?: boolean;
}) {
  const v = p.values;
  const e = p.errors ?? {};
  const invalid = Object.keys(e).filter((k) => k !== "_form");
  const labels: Record<string, string> = {
    givenName: "First Name",
    middleName: "Middle Name",
    familyName: "Last Name",
    phoneNumber: "Phone Number",
  };
  return layout(
    "Your Profile",
    `<h1>Your Profile</h1>
${p.saved ? `<div class="notice" role="status">Successfully Updated!</div>` : ""}
${p.confirmed ? `<div class="notice" role="status">Your email address is confirmed. The names and phone number below were typed when the account was created: check them and correct anything that is not yours before you continue.</div>` : ""}
${invalid.length ? `<div class="alert" role="alert"><strong>Missing or Invalid</strong>: ${esc(invalid.map((k) => labels[k] ?? k).join(", "))}</div>` : formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
${p.returnTo ? hidden("return_to", p.returnTo) : ""}
${p.confirmed ? hidden("confirmed", "1") : ""}
${field({ name: "email", label: "Email Address", type: "email", value: p.email, readonly: true, autocomplete: "off" })}
${field({ name: "givenName", label: "First Name", value: v.givenName, error: e.givenName, autocomplete: "given-name", required: true, autofocus: true })}
${middleNameFields(v, e)}
${field({ name: "familyName", label: "Last Name", value: v.familyName, error: e.familyName, autocomplete: "family-name", required: true })}
${field({ name: "phoneNumber", label: "Phone Number", type: "tel", value: v.phoneNumber, error: e.phoneNumber, autocomplete: "tel-national", required: true })}
<div class="actions">
${p.confirmed ? "" : `<a class="button" href="${esc(p.cancelHref)}">Cancel</a>`}
<button type="submit" class="primary">${p.confirmed ? "Save and continue" : "Save"}</button>
</div>
</form>
${p.passwordHref ? `<p class="switch"><a href="${esc(p.passwordHref)}">Change your password</a></p>` : ""}`,
  );
}

export function changePasswordPage(p: {
  action: string;
  csrf: string;
  email: string;
  errors?: Errors;
  profileHref: string;
  done?: boolean;
}) {
  const e = p.errors ?? {};
  return layout(
    "Change password",
    `<h1>Change your password</h1>
${p.done ? `<div class="notice" role="status">Your password has been changed.</div>` : ""}
${formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
<input type="text" name="username" value="${esc(p.email)}" autocomplete="username" hidden readonly>
${field({ name: "currentPassword", label: "Current Password", type: "password", error: e.currentPassword, autocomplete: "current-password", required: true, autofocus: true })}
${field({ name: "password", label: "New Password", type: "password", error: e.password, autocomplete: "new-password", required: true, hint: PASSWORD_HINT })}
${field({ name: "confirmPassword", label: "Confirm New Password", type: "password", error: e.confirmPassword, autocomplete: "new-password", required: true })}
<div class="actions">
<a class="button" href="${esc(p.profileHref)}">Back to your profile</a>
<button type="submit" class="primary">Change password</button>
</div>
</form>`,
  );
}

// ---------------------------------------------------------------- logout

/** `form` is oidc-provider's logout form (it carries the xsrf token). */
export function logoutPage(form: string) {
  const buttons = `<div class="actions"><button type="submit" class="primary" name="logout" value="yes" autofocus>Sign out</button></div>`;
  const withButtons = form.includes("</form>") ? form.replace("</form>", `${buttons}</form>`) : form;
  return layout(
    "Sign out",
    `<h1>Sign out of the ${esc(APP_NAME)}?</h1>
<p class="lead">You will be signed out of the ${esc(APP_NAME)} on this device.</p>
${withButtons}`,
  );
}

export function signedOutPage(portalHref?: string) {
  return layout(
    "Signed out",
    `<h1>You are signed out</h1>
<p class="lead">You have been signed out of the ${esc(APP_NAME)}.</p>
${portalHref ? `<p class="switch"><a class="button primary" href="${esc(portalHref)}">Return to the ${esc(APP_NAME)}</a></p>` : ""}`,
  );
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }) {
  return layout(
    title,
    `<h1>${esc(title)}</h1>
<div class="alert" role="alert">${esc(message)}</div>
${link ? `<p class="switch"><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ""}`,
  );
}

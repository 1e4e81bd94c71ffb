// The provider's pages about confirming an address: the confirmation link's page and asking for
// a new link (split from pages.server.ts, whose layout and fields they use).
import { APP_NAME, esc, field, formError, hidden, layout, PASSWORD_HINT, type Errors, type Values } from "./pages.server";

/**
 * The confirmation link's page (decision 0081): opening it changes nothing. The address is
 * confirmed by one of its two forms: the account's password (whoever signed up), or a new password
 * (the mailbox's owner who never chose one; it replaces whatever a stranger chose).
 */
export function confirmEmailPage(p: {
  state: "form" | "invalid" | "confirmed";
  action: string;
  csrf: string;
  email?: string;
  portalHref: string;
  forgotHref: string;
  /** The portal's sign-in (back to the link the person came with, when the link says). */
  signInHref: string;
  errors?: Errors;
}) {
  const e = p.errors ?? {};
  if (p.state === "confirmed") {
    // A link of an address confirmed since (this one or another of its links): nothing to do but sign in.
    return layout(
      "Email address already confirmed",
      `<h1>Email address already confirmed</h1>
<div class="notice" role="status">This email address is already confirmed. Sign in to continue.</div>
<p class="switch"><a class="button primary" href="${esc(p.signInHref)}">Sign in</a> · <a href="${esc(p.forgotHref)}">Forgot your password?</a></p>`,
    );
  }
  if (p.state === "invalid") {
    return layout(
      "Link expired",
      `<h1>Link expired</h1>
<div class="alert" role="alert">This confirmation link is invalid, has expired or was already used.</div>
<p class="lead">Choosing a new password through "Forgot your password?" also confirms your email address.</p>
<p class="switch"><a href="${esc(p.forgotHref)}">Forgot your password?</a> · <a href="${esc(p.portalHref)}">Go to the ${esc(APP_NAME)}</a></p>`,
    );
  }
  return layout(
    "Confirm your email address",
    `<h1>Confirm your email address</h1>
<p class="lead">Someone signed up for an account with <strong>${esc(p.email)}</strong>. Confirm that this address is yours in one of these two ways.</p>
${formError(e._form)}
<h2>I created this account</h2>
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
${hidden("intent", "sign-in")}
<input type="text" name="username" value="${esc(p.email)}" autocomplete="username" hidden readonly>
${field({ name: "password", label: "Password", type: "password", error: e.password, autocomplete: "current-password", required: true, hint: "The password you chose when you signed up." })}
<button type="submit" class="primary">Sign in and confirm</button>
</form>
<h2>I did not create it, or I do not know its password</h2>
<p class="lead">Choose your own password: it replaces the one chosen at sign-up, and everyone signed in to this account is signed out.</p>
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
${hidden("intent", "new-password")}
<input type="text" name="username" value="${esc(p.email)}" autocomplete="username" hidden readonly>
${field({ name: "newPassword", label: "New Password", type: "password", error: e.newPassword, autocomplete: "new-password", required: true, hint: PASSWORD_HINT })}
${field({ name: "confirmPassword", label: "Confirm New Password", type: "password", error: e.confirmPassword, autocomplete: "new-password", required: true })}
<button type="submit" class="primary">Choose this password and confirm</button>
</form>
<p class="switch"><a href="${esc(p.portalHref)}">Return to the ${esc(APP_NAME)}</a></p>`,
  );
}

/** Asks for a new confirmation link (the portal's 'Confirm your email first' page links here). */
export function resendVerificationPage(p: { action: string; csrf: string; portalHref: string; values?: Values; errors?: Errors; sent?: boolean }) {
  const v = p.values ?? {};
  const e = p.errors ?? {};
  const body = p.sent
    ? `<h1>Check your email</h1>
<div class="notice" role="status">If that address has an account waiting for confirmation, we have sent it a new confirmation link. Open it, then sign in again.</div>
<p class="switch"><a href="${esc(p.portalHref)}">Return to the ${esc(APP_NAME)}</a></p>`
    : `<h1>Confirm your email address</h1>
<p class="lead">Enter the email address of your account and we will send you a new link to confirm it.</p>
${formError(e._form)}
<form method="post" action="${esc(p.action)}" novalidate>
${hidden("csrf", p.csrf)}
${field({ name: "email", label: "Email Address", type: "email", value: v.email, error: e.email, autocomplete: "email", required: true, autofocus: true })}
<button type="submit" class="primary">Send a new link</button>
</form>
<p class="switch"><a href="${esc(p.portalHref)}">Return to the ${esc(APP_NAME)}</a></p>`;
  return layout("Confirm your email address", body);
}

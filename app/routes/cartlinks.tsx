// '/cartlinks': the cart (spec part 1 §2 'Cart dialog', §4 'Cart flow', §5
// 'Cart', 'Apply mode') as a page, so that it works without JavaScript.
// Lists the user's cart; POST removes a line, clears the cart, or begins:
// 'send' → /invite?link=APL… (one link) or /invite?links=MLT… (a new
// multi-link); 'apply' → a multi-link and the paper application through it,
// then /appoint?id=…. The cart is cleared on success. Decision 0020.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { notFound } from "~/components/PageNotFound";
import { SignedInLayout } from "~/components/SignedInLayout";
import type { CannotCreate } from "~/features/appointment/paper.server";
import { paperAppointmentSchema } from "~/features/appointment/paper-schema";
import { RadioGroup, SelectField, TextField, FormErrors } from "~/components/form/fields";
import { cartActionSchema, cartItemSchema } from "~/features/links/cart";
import { applyCart, cartAppointmentTypes, clearCart, getCart, removeFromCart, sendCart } from "~/features/links/cart.server";
import { cartFlashCookie, hierarchyQuery } from "~/features/links/linx.server";
import {
  CART_ACTION_LABELS,
  CART_CLEARED,
  CART_REMOVED,
  CART_TITLE,
  EMPTY_CART,
  EMPTY_CART_MESSAGE,
} from "~/features/links/messages";
import { CartToast } from "~/features/links/ui/CartToast";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta(CART_TITLE);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "use:appointment-links");
  const cart = await getCart(user);
  const flash = ((await cartFlashCookie().parse(request.headers.get("Cookie"))) as string | null) ?? null;
  const headers = new Headers();
  if (flash) headers.append("Set-Cookie", await cartFlashCookie().serialize("", { maxAge: 0 }));
  return data(
    {
      items: cart.items,
      linksUrl: cart.recruiter ? `/linx?${hierarchyQuery(cart.recruiter)}` : "/linx",
      types: cartAppointmentTypes(cart),
      ownEmail: user.userName,
      flash,
    },
    { headers },
  );
}

type ActionData = { reply: SubmissionResult<string[]>; dialog: CannotCreate | null; at: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "use:appointment-links");
  const form = await readForm(request, { maxFields: 8 });
  const flash = async (message: string) =>
    redirect("/cartlinks", { headers: { "Set-Cookie": await cartFlashCookie().serialize(message) } });
  if (form.get("intent") !== "begin") {
    const parsed = cartItemSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new Response("Bad Request", { status: 400 });
    if (parsed.data.intent === "clear") {
      await clearCart(user);
      throw await flash(CART_CLEARED);
    }
    // Only a line of the user's own cart can be removed.
    if (!(await removeFromCart(user, parsed.data.appointmentLinkId))) throw notFound();
    throw await flash(CART_REMOVED);
  }
  const cart = await getCart(user);
  const types = cartAppointmentTypes(cart).map((t) => t.code);
  const submission = parseWithZod(form, { schema: cartActionSchema({ ownEmail: user.userName, types }) });
  const reply = (r: SubmissionResult<string[]>, dialog: CannotCreate | null, status: number) =>
    data<ActionData>({ reply: r, dialog, at: Date.now() }, { status });
  if (submission.status !== "success") return reply(submission.reply() as SubmissionResult<string[]>, null, 400);
  const empty = () => reply(submission.reply({ formErrors: [EMPTY_CART] }) as SubmissionResult<string[]>, null, 409);
  if (cart.items.length === 0) return empty();
  if (submission.value.cartAction === "send") {
    const r = await sendCart(user);
    if (!r.ok) return empty();
    throw redirect(r.url);
  }
  const paper = paperAppointmentSchema({ ownEmail: user.userName, types }).parse({
    email: submission.value.email,
    apptTypeCode: submission.value.apptTypeCode,
  });
  const r = await applyCart(user, paper, request);
  if (r.ok) throw redirect(`/appoint?id=${r.appointmentId}`);
  if ("empty" in r) return empty();
  return reply(submission.reply() as SubmissionResult<string[]>, r.dialog, 409);
}

export default function CartRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const schema = useMemo(() => cartActionSchema({ ownEmail: d.ownEmail, types: d.types.map((t) => t.code) }), [d.ownEmail, d.types]);
  const [form, fields] = useForm({
    id: "cart-begin",
    lastResult: actionData?.reply ?? null,
    defaultValue: d.types.length === 1 ? { apptTypeCode: d.types[0]!.code } : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const dialog = actionData?.dialog ?? null;

  return (
    <SignedInLayout>
      <PageHeader
        title={CART_TITLE}
        lead="The links you chose on the Appointment Links page."
        actions={
          <Link to={d.linksUrl} className="btn btn--secondary">
            Back to Appointment Links
          </Link>
        }
      />
      {/* A refused begin stands on the page until the next action (decision 0103). */}
      {dialog ? <Notice key={actionData?.at ?? dialog.code} variant="error" title={dialog.title} message={dialog.message} /> : null}
      <CartToast message={d.flash} />
      {d.items.length === 0 ? (
        <Banner variant="warning" title={EMPTY_CART}>
          <p>
            {EMPTY_CART_MESSAGE} <Link to={d.linksUrl}>Go to the Appointment Links page.</Link>
          </p>
        </Banner>
      ) : (
        <section className="card" aria-labelledby="cart-items-title">
          <h2 id="cart-items-title">
            Links in your cart <span className="badge">{d.items.length}</span>
          </h2>
          <CardTable<(typeof d.items)[number]>
            label="Links in your cart"
            wrapClassName="cart-table-wrap"
            testId="cart-items"
            rows={d.items}
            rowKey={(i) => i.appointmentLinkId}
            columns={[
              { header: "Carrier", cell: (i) => i.carrier },
              {
                header: "Product Type",
                cell: (i) => (
                  <>
                    {i.productType}
                    <span className="muted"> ({i.scheduleName})</span>
                  </>
                ),
              },
              { header: "MGA Code", cell: (i) => i.mgaCode },
              { header: "Level", cell: (i) => i.levelNo },
              { header: "Level Name", cell: (i) => i.levelName },
              {
                header: "Remove",
                hiddenHeader: true,
                cell: (i) => (
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="appointmentLinkId" value={i.appointmentLinkId} />
                    <button type="submit" className="btn btn--secondary btn--small" disabled={busy}>
                      Remove<span className="visually-hidden">: {i.scheduleName} level {i.levelNo}</span>
                    </button>
                  </Form>
                ),
              },
            ]}
          />
          <Form method="post" className="cart-actions">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              Clear cart
            </button>
          </Form>
        </section>
      )}
      <section className="card stack" aria-labelledby="cart-begin-title">
        <h2 id="cart-begin-title">Begin the appointment</h2>
        <Form method="post" {...getFormProps(form)} className="form stack">
          <input type="hidden" name="intent" value="begin" />
          <FormErrors form={form} />
          <RadioGroup
            meta={fields.cartAction}
            legend="What would you like to do?"
            inline={false}
            required
            options={[
              { value: "send", label: CART_ACTION_LABELS.send },
              { value: "apply", label: CART_ACTION_LABELS.apply },
            ]}
          />
          <fieldset className="stack cart-apply" disabled={fields.cartAction.value === "send" || undefined}>
            <legend>Only when filling out the application on the prospect&apos;s behalf</legend>
            <SelectField
              meta={fields.apptTypeCode}
              label="Appointment Type"
              options={d.types.map((t) => ({ value: t.code, label: t.label }))}
            />
            <TextField meta={fields.email} label="Prospect Email Address" type="email" autoComplete="off" maxLength={254} />
          </fieldset>
          <div className="cart-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Continue
            </button>
          </div>
        </Form>
      </section>
    </SignedInLayout>
  );
}

// '/linx': the appointment links page (spec part 1 §2 'Appointment links
// page', §5 'Cart', §8 'Links page'). GET ?agentNumber=&companyNumber=&blockNumber=
// works for that position when it is the user's own or in the downline
// (404 otherwise); without them, the remembered or first own position.
// POST adds a link to the server-side cart (or clears it) and redirects back
// with a one-time message. Works without JavaScript. Decision 0020.
import { formatPhone } from "~/lib/format";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { notFound } from "~/components/PageNotFound";
import { SignedInLayout } from "~/components/SignedInLayout";
import { linksPageSchema, type CartRefusal } from "~/features/links/cart";
import { addToCart, clearCart, getCart } from "~/features/links/cart.server";
import {
  cartFlashCookie,
  hasOwnInvitationTemplate,
  hierarchyParams,
  hierarchyQuery,
  hierarchyValue,
  linksForRecruiter,
  ownPositions,
  recruiterBox,
  recruiterFor,
  rememberedHierarchyCookie,
  type HierarchyKey,
} from "~/features/links/linx.server";
import {
  APPOINTMENT_LINKS_TITLE,
  CART_CLEARED,
  LINKS_INTRO_ON_BEHALF,
  LINKS_INTRO_OWN,
  LINKS_NOT_FOUND_MESSAGE,
  LINKS_NOT_FOUND_TITLE,
  NO_HIERARCHIES_MESSAGE,
  NO_HIERARCHIES_TITLE,
  NO_TEMPLATE_LINK,
  NO_TEMPLATE_WARNING,
  cartAddedMessage,
} from "~/features/links/messages";
import { CartToast } from "~/features/links/ui/CartToast";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta(APPOINTMENT_LINKS_TITLE);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "use:appointment-links");
  const url = new URL(request.url);
  const asked = hierarchyParams(url.searchParams);
  if (asked === "bad") throw notFound();
  // The dropdown's GET form (one field): on to the canonical three parameters.
  if (asked && url.searchParams.has("hierarchy")) throw redirect(`/linx?${hierarchyQuery(asked)}`);
  const cookieHeader = request.headers.get("Cookie");
  const headers = new Headers();
  const own = await ownPositions(user);
  let recruiter = asked ? await recruiterFor(user, asked) : null;
  if (asked && !recruiter) throw notFound();
  if (!recruiter) {
    const remembered = (await rememberedHierarchyCookie().parse(cookieHeader)) as HierarchyKey | null;
    const key = hierarchyParams(new URLSearchParams(remembered ? { ...remembered, blockNumber: String(remembered.blockNumber) } : {}));
    recruiter = key && key !== "bad" ? await recruiterFor(user, key) : null;
    recruiter ??= own[0] ?? null;
  }
  if (recruiter) {
    const key = { agentNumber: recruiter.agentNumber, companyNumber: recruiter.companyNumber, blockNumber: recruiter.blockNumber };
    headers.append("Set-Cookie", await rememberedHierarchyCookie().serialize(key));
  }
  const flash = ((await cartFlashCookie().parse(cookieHeader)) as string | null) ?? null;
  if (flash) headers.append("Set-Cookie", await cartFlashCookie().serialize("", { maxAge: 0 }));
  const [schedules, cart, hasTemplate] = await Promise.all([
    recruiter ? linksForRecruiter(recruiter, user.id) : Promise.resolve([]),
    getCart(user),
    hasOwnInvitationTemplate(user),
  ]);
  return data(
    {
      positions: own.map((p) => ({ value: hierarchyValue(p), label: `${p.agentNumber} — ${p.company.name} (${p.companyNumber}), block ${p.blockNumber}` })),
      current: recruiter ? hierarchyValue(recruiter) : null,
      onBehalf: recruiter ? recruiter.userId !== user.id : false,
      recruiter: recruiter ? recruiterBox(recruiter) : null,
      query: recruiter ? hierarchyQuery(recruiter) : "",
      schedules,
      cartLinkIds: cart.items.map((i) => i.appointmentLinkId),
      cartCount: cart.items.length,
      hasTemplate,
      flash,
    },
    { headers },
  );
}

type ActionData = { refusal: CartRefusal; appointmentLinkId: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "use:appointment-links");
  const form = await readForm(request, { maxFields: 5 });
  const parsed = linksPageSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const url = new URL(request.url);
  const flash = async (message: string, to: string) =>
    redirect(to, { headers: { "Set-Cookie": await cartFlashCookie().serialize(message) } });
  if (parsed.data.intent === "clear") {
    await clearCart(user);
    throw await flash(CART_CLEARED, `/linx${url.search}`);
  }
  const r = await addToCart(user, parsed.data.appointmentLinkId);
  if (!r.ok && !r.refusal) throw notFound();
  if (!r.ok) return data<ActionData>({ refusal: r.refusal, appointmentLinkId: parsed.data.appointmentLinkId }, { status: 409 });
  throw await flash(cartAddedMessage(r.added), `/linx?${hierarchyQuery(r.recruiter)}`);
}

export default function AppointmentLinksRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const inCart = new Set(d.cartLinkIds);
  const postTo = d.query ? `/linx?${d.query}` : "/linx";
  return (
    <SignedInLayout>
      <PageHeader
        title={APPOINTMENT_LINKS_TITLE}
        lead={d.recruiter ? (d.onBehalf ? LINKS_INTRO_ON_BEHALF : LINKS_INTRO_OWN) : undefined}
        actions={
          <>
            <Form method="post" action={postTo} className="inline-form">
              <input type="hidden" name="intent" value="clear" />
              <button type="submit" className="btn btn--secondary" disabled={busy || d.cartCount === 0}>
                Clear cart
              </button>
            </Form>
            <Link to="/cartlinks" className="btn btn--primary" data-testid="begin-appointment">
              Begin appointment{" "}
              <span className="badge" aria-label={`${d.cartCount} in cart`}>
                {d.cartCount}
              </span>
            </Link>
          </>
        }
      />
      <CartToast message={d.flash} />
      {d.hasTemplate ? null : (
        <Banner variant="warning">
          <p>
            {NO_TEMPLATE_WARNING} <Link to="/corr">{NO_TEMPLATE_LINK}</Link>
          </p>
        </Banner>
      )}
      {d.positions.length > 0 ? (
        <Form method="get" action="/linx" className="card linx-hierarchy">
          <div className="field">
            <label htmlFor="hierarchy">Your agent number</label>
            <select id="hierarchy" name="hierarchy" defaultValue={d.onBehalf ? "" : (d.current ?? "")} key={d.current ?? ""}>
              {d.onBehalf ? <option value="">Choose one of your agent numbers…</option> : null}
              {d.positions.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn--secondary">
            Show links
          </button>
        </Form>
      ) : null}
      {d.recruiter ? (
        <section className="card linx-recruiter" aria-labelledby="recruiter-title">
          <h2 id="recruiter-title">{d.onBehalf ? "Recruiting on behalf of" : "Recruiter"}</h2>
          <dl className="linx-recruiter__facts">
            <div>
              <dt>Agent number</dt>
              <dd data-testid="recruiter-agent">
                {d.recruiter.agentNumber} — company {d.recruiter.companyNumber} ({d.recruiter.companyName}), block {d.recruiter.blockNumber} (
                {d.recruiter.blockName})
              </dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>{d.recruiter.name}</dd>
            </div>
            {d.recruiter.addressLines.length ? (
              <div>
                <dt>Address</dt>
                <dd>
                  {d.recruiter.addressLines.map((l, i) => (
                    <span key={i} className="linx-recruiter__line">
                      {l}
                    </span>
                  ))}
                </dd>
              </div>
            ) : null}
            {d.recruiter.phone ? (
              <div>
                <dt>Phone</dt>
                <dd>{formatPhone(d.recruiter.phone)}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : (
        <Banner variant="error" title={NO_HIERARCHIES_TITLE}>
          <p>{NO_HIERARCHIES_MESSAGE}</p>
        </Banner>
      )}
      {d.recruiter && d.schedules.length === 0 ? (
        <Banner variant="warning" title={LINKS_NOT_FOUND_TITLE}>
          <p>{LINKS_NOT_FOUND_MESSAGE}</p>
        </Banner>
      ) : null}
      {d.schedules.map((s) => (
        <section key={s.scheduleId} className="card linx-schedule" aria-labelledby={`schedule-${s.scheduleId}`}>
          <h2 id={`schedule-${s.scheduleId}`}>{s.scheduleName}</h2>
          <p className="muted">
            {s.carrier} · {s.productType} · MGA {s.mgaCode}
            {s.siblings.length ? ` · adding a level also adds the same level of: ${s.siblings.join(", ")}` : ""}
          </p>
          <CardTable<(typeof s.levels)[number]>
            label={`Levels of ${s.scheduleName}`}
            rows={s.levels}
            rowKey={(l) => l.appointmentLinkId}
            columns={[
              { header: "Level", cell: (l) => l.levelNo },
              { header: "Level Name", cell: (l) => l.levelName },
              {
                header: "Commission Schedule",
                cell: (l) =>
                  l.documentHref ? (
                    <a href={l.documentHref} download>
                      Schedule PDF<span className="visually-hidden"> for level {l.levelNo}</span>
                    </a>
                  ) : (
                    <span className="muted">Not available</span>
                  ),
              },
              {
                header: "Cart",
                cell: (l) => {
                  const refused = actionData?.appointmentLinkId === l.appointmentLinkId ? actionData.refusal : null;
                  return (
                    <>
                      {inCart.has(l.appointmentLinkId) ? (
                        <span className="muted">In your cart</span>
                      ) : (
                        <Form method="post" action={postTo} className="inline-form">
                          <input type="hidden" name="intent" value="add" />
                          <input type="hidden" name="appointmentLinkId" value={l.appointmentLinkId} />
                          <button
                            type="submit"
                            className="btn btn--secondary btn--small"
                            disabled={busy}
                            aria-describedby={refused ? `refusal-${l.appointmentLinkId}` : undefined}
                          >
                            Add to cart<span className="visually-hidden">: level {l.levelNo} {l.levelName}</span>
                          </button>
                        </Form>
                      )}
                      {refused ? (
                        <p className="field__error linx-refusal" id={`refusal-${l.appointmentLinkId}`} role="alert">
                          <strong>{refused.title}</strong> {refused.message}
                        </p>
                      ) : null}
                    </>
                  );
                },
              },
            ]}
          />
        </section>
      ))}
    </SignedInLayout>
  );
}

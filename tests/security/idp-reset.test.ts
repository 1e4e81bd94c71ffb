// Password reset: at most 3 emails per account per hour; further requests
// answer the same page and send nothing.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { CookieJar, hiddenValue, mailsTo, request, useTestIdp } from "../support/idp-client";

useTestDatabase();

const idp = useTestIdp();

describe("password reset emails", () => {
  it("sends at most 3 reset emails per account per hour, answering the same every time", async () => {
    const email = "flooded.inbox@example.com";
    await createIdpAccount(prisma, { email, passwordHash: await hashPassword("flooded inbox secret"), givenName: "Flo", familyName: "Od" });
    const since = new Date();
    const jar = new CookieJar();
    const csrf = hiddenValue((await request(jar, `${idp.issuer}/password/forgot`)).body, "csrf");
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await request(jar, `${idp.issuer}/password/forgot`, { form: { csrf, email } });
      expect(res.status).toBe(200);
      answers.add(res.body.replace(/name="csrf" value="[^"]*"/g, ""));
    }
    expect(answers.size).toBe(1);
    const mails = await mailsTo(email, since);
    expect(mails.filter((m) => /reset/i.test(m.subject))).toHaveLength(3);
    // Another account is not affected by this one's limit.
    const other = "other.inbox@example.com";
    await createIdpAccount(prisma, { email: other, passwordHash: await hashPassword("other inbox secret"), givenName: "Ot", familyName: "Her" });
    await request(jar, `${idp.issuer}/password/forgot`, { form: { csrf, email: other } });
    expect(await mailsTo(other, since)).toHaveLength(1);
  });
});

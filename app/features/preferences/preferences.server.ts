// Reading and saving a user's communication preferences (spec part 1 §3
// 'Preferences', §4: the subscriber is created on the first visit). Always
// the signed-in user's own subscriber: nothing posted names a subscriber.
import { prisma } from "~/lib/db.server";
import {
  isAdminCategory,
  METHOD_EMAIL,
  METHOD_SMS,
  PREFERENCE_CATEGORIES,
  type PreferenceCategory,
  type PreferencesForm,
} from "./schema";

export type PreferenceValues = Record<PreferenceCategory, { emailOn: boolean; emails: string; smsOn: boolean; phones: string }>;

/** A recruiter category: without a saved email row, the recruiter is emailed at the sign-in address. */
export const isRecruiterCategory = (c: string) => !c.endsWith("_DOWNLN");

/** The subscriber of the user, created when missing (first visit). */
export async function ensureSubscriber(userId: string): Promise<number> {
  const s = await prisma.notificationSubscriber.upsert({
    where: { userId },
    create: { userId },
    update: {},
    select: { subscriberId: true },
  });
  return s.subscriberId;
}

/**
 * What the page shows: the saved rows, and where a row is missing what the
 * notifications do today (notifications.server.ts): a recruiter category
 * without an email row emails the sign-in address; everything else is off.
 */
export async function loadPreferences(user: { id: string; userName: string }): Promise<PreferenceValues> {
  const subscriberId = await ensureSubscriber(user.id);
  const rows = await prisma.notificationPreference.findMany({ where: { subscriberId } });
  const values = {} as PreferenceValues;
  for (const c of PREFERENCE_CATEGORIES) {
    const email = rows.find((r) => r.categoryCode === c && r.methodCode === METHOD_EMAIL);
    const sms = rows.find((r) => r.categoryCode === c && r.methodCode === METHOD_SMS);
    const emailDefault = isRecruiterCategory(c) ? { emailOn: true, emails: user.userName } : { emailOn: false, emails: "" };
    values[c] = {
      ...(email ? { emailOn: email.isEnabled, emails: email.isEnabled ? email.preferenceValue : "" } : emailDefault),
      smsOn: !!sms?.isEnabled,
      phones: sms?.isEnabled ? sms.preferenceValue : "",
    };
  }
  return values;
}

/** The categories a user's page shows and saves: the administrators' only to internal users (decision 0114). */
export const categoriesFor = (user: { isInternal: boolean }): readonly PreferenceCategory[] =>
  user.isInternal ? PREFERENCE_CATEGORIES : PREFERENCE_CATEGORIES.filter((c) => !isAdminCategory(c));

/**
 * Saves the categories of the form (both methods) in one transaction: `categories`, those the page
 * showed (categoriesFor), so a category a user was not shown keeps what it had.
 */
export async function savePreferences(userId: string, form: PreferencesForm, categories: readonly PreferenceCategory[] = PREFERENCE_CATEGORIES): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const s = await tx.notificationSubscriber.upsert({ where: { userId }, create: { userId }, update: {}, select: { subscriberId: true } });
    for (const c of categories) {
      const v = form[c];
      for (const [methodCode, isEnabled, preferenceValue] of [
        [METHOD_EMAIL, v.emailOn, v.emails],
        [METHOD_SMS, v.smsOn, v.phones],
      ] as const) {
        await tx.notificationPreference.upsert({
          where: { subscriberId_categoryCode_methodCode: { subscriberId: s.subscriberId, categoryCode: c, methodCode } },
          create: { subscriberId: s.subscriberId, categoryCode: c, methodCode, isEnabled, preferenceValue },
          update: { isEnabled, preferenceValue },
        });
      }
    }
  });
}

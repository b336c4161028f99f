import { localMobileNumber } from '../../lib/bills.ts';
import { securityQuestions } from '../../lib/reference.ts';
import type { Failure } from '../core/result.ts';
import { emptyView, failureView, readFormValues, wordView, type FormView, type WordedView } from './forms.ts';
import { alertsKind } from './settings-kinds/alerts.ts';
import { requestDeviceHash } from './device-cookie.ts';
import { dailyCodeKind, dailyLimitKind, instantCodeKind, instantPaymentsKind } from './settings-kinds/limits.ts';
import { passwordKind } from './settings-kinds/password.ts';
import { pinKind } from './settings-kinds/pin.ts';
import { pinResetKind } from './settings-kinds/pin-reset.ts';
import { securityQuestionKind } from './settings-kinds/security-question.ts';
import type { FormValues, IslandKind, Notice, SettingsKind, SettingsLoaded, SettingsScope, SettingsView } from './settings-kinds/scope.ts';
import type { Locale } from '../../i18n/locales.ts';
import { securityQuestionKeys } from '../../i18n/security-questions.ts';
import { t } from '../../i18n/translate.ts';

/**
 * The forms of /account/settings without JavaScript, in the shape of the payment pages
 * (payment-steps.ts with payment-kinds/): each form posts its hidden `intent`, the kind of that
 * intent (settings-kinds/) reads it with its API call's schema and makes the service call; a
 * change made is a 303 to the section that says what happened, a refusal is the page again with
 * that form's view filled and the API's status. The Limits forms post to /account/limits and
 * are answered the same way there. A page asks this module for its views and renders them.
 */

export type SettingsViews = Record<SettingsView, FormView>;

/** A kind with its types put away: what the steps need of every form alike. */
type SettingsForm = {
  intent: string;
  view: SettingsView;
  answer(scope: SettingsScope, values: FormValues): Promise<{ redirect: string } | { view: FormView }>;
  notice: SettingsKind<unknown, unknown>['notice'];
};

function settingsForm<Input, Saved>(kind: SettingsKind<Input, Saved>): SettingsForm {
  return {
    intent: kind.intent,
    view: kind.view,
    async answer(scope, values) {
      const input = kind.read(values);
      const saved = input.ok ? await kind.save(scope, input.value) : input;
      if (saved.ok) return { redirect: kind.doneUrl(saved.value) };
      return { view: settingsView({ refused: saved, values: kind.shownAgain ? kind.shownAgain(values) : values, secretFields: kind.secretFields }) };
    },
    notice: (url, loaded) => kind.notice(url, loaded),
  };
}

/** The forms posted to /account/settings, and those posted to /account/limits. */
const settingsForms = [settingsForm(passwordKind), settingsForm(securityQuestionKind), settingsForm(pinKind), settingsForm(pinResetKind), settingsForm(alertsKind)];
const limitsForms = [settingsForm(dailyLimitKind), settingsForm(instantPaymentsKind), settingsForm(dailyCodeKind), settingsForm(instantCodeKind)];

/**
 * A settings form's view, as data: a refused form (the failure and the form's own summary, never
 * a secret shown again) or a notice after a change. Sections and islands word it in the
 * customer's language once (forms.ts wordView).
 */
function settingsView(shown: { refused: Failure; values: FormValues; secretFields: readonly string[] } | { notice: Notice }): FormView {
  if ('refused' in shown) return failureView(shown.values, shown.refused, shown.secretFields);
  return emptyView(shown.notice);
}

const emptyViews = (): SettingsViews => ({
  password: emptyView(),
  security_question: emptyView(),
  pin: emptyView(),
  pin_reset: emptyView(),
  alerts: emptyView(),
  daily: emptyView(),
  instant: emptyView(),
});

/** A plain visit after a change: the notices the address asks for, each in its form's view. */
function noticeViews(forms: readonly SettingsForm[], url: URL, loaded: SettingsLoaded): Partial<SettingsViews> {
  const views: Partial<SettingsViews> = {};
  for (const form of forms) {
    const notice = form.notice(url, loaded);
    if (notice) views[form.view] = settingsView({ notice });
  }
  return views;
}

/** What a settings page hands its one call: Astro's request, locals and response. */
export type SettingsPageContext = { locals: App.Locals; request: Request; url: URL; response: { status?: number } };

/**
 * A post answered on a page: the redirect of a change made, or the refused form's view filled
 * and the status set; a post of no form of this page is refused with 400 and says so.
 */
async function answerOn(astro: SettingsPageContext, forms: readonly SettingsForm[], views: SettingsViews): Promise<{ redirect: string } | { problem: string | null }> {
  if (astro.request.method !== 'POST') return { problem: null };
  const { app, locale, session } = astro.locals;
  const values = await readFormValues(astro.request);
  const form = forms.find((candidate) => candidate.intent === values.intent);
  if (!form) {
    astro.response.status = 400;
    return { problem: t(locale, 'safety.account.badForm') };
  }
  const answer = await form.answer({ app, user: astro.locals.user!, sessionId: session?.id ?? null, deviceHash: requestDeviceHash(app, astro.request) }, values);
  if ('redirect' in answer) return answer;
  views[form.view] = answer.view;
  astro.response.status = answer.view.status;
  return { problem: null };
}

/**
 * What an island of the page takes (spread into it, after its form token): its view and its
 * words in the customer's language, its check's messages among them (the island words them by key).
 */
type IslandProps<Words> = Pick<WordedView, 'values' | 'errors' | 'formError' | 'notice'> & { words: Words };

function islandProps<Input, Saved, Words>(kind: IslandKind<Input, Saved, Words>, views: SettingsViews, locale: Locale): IslandProps<Words> {
  const { values, errors, formError, notice } = wordView(locale, views[kind.view]);
  const { words } = kind.island(locale);
  return { values, errors, formError, notice, words };
}

/**
 * The settings page's frontmatter in one call: a post answered (a redirect to return, or the
 * refused form's view and status), the customer's details and the sections' data loaded, the
 * notices of a change just made, and each island's props.
 */
export async function openSettingsPage(astro: SettingsPageContext) {
  const { app, locale } = astro.locals;
  const user = astro.locals.user!;
  const views = emptyViews();
  const posted = await answerOn(astro, settingsForms, views);
  if ('redirect' in posted) return posted;

  const [row, address, pinLockedUntil] = await Promise.all([app.users.findById(user.id), app.users.findAddress(user.id), app.settings.pinLockedUntil(user.id)]);
  const limits = await app.limits.overview(user.id);
  const alerts = await app.alerts.settings(user.id);
  // The notices are for the plain visit the redirect makes; the Limits forms' come back here too.
  if (astro.request.method === 'GET') Object.assign(views, noticeViews([...settingsForms, ...limitsForms], astro.url, { alerts, limits }));

  const questionId = securityQuestions.find((question) => question.id === row?.security_question_id)?.id;
  /** +2348031234567 → 0803 123 4567 */
  const local = localMobileNumber(user.phone_number);
  return {
    problem: posted.problem,
    views,
    islands: {
      password: islandProps(passwordKind, views, locale),
      security_question: islandProps(securityQuestionKind, views, locale),
      pin: islandProps(pinKind, views, locale),
      pin_reset: islandProps(pinResetKind, views, locale),
    },
    phone: /^\d{11}$/.test(local) ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : user.phone_number,
    address,
    pinLockedUntil,
    currentQuestion: t(locale, (questionId === undefined ? undefined : securityQuestionKeys[questionId]) ?? 'safety.account.yourAnswer'),
    // The six questions asked in the customer's language (the ids, which the form posts, stay).
    questions: securityQuestions.map((question) => {
      const key = securityQuestionKeys[question.id];
      return key ? { ...question, question: t(locale, key) } : question;
    }),
    // The freeze state came with the session's statement; none of this page's forms changes it.
    freeze: astro.locals.freeze!,
    limits,
    alerts,
    raiseDelayHours: app.config.customerLimits.ownLimitRaiseDelayMs / 3_600_000,
  };
}

/** /account/limits, where the Limits forms post: a change made redirects back to the settings page; a refused one is shown here. */
export async function openLimitsPage(astro: SettingsPageContext) {
  const { app } = astro.locals;
  const views = emptyViews();
  const posted = await answerOn(astro, limitsForms, views);
  if ('redirect' in posted) return posted;
  return { problem: posted.problem, views, limits: await app.limits.overview(astro.locals.user!.id), raiseDelayHours: app.config.customerLimits.ownLimitRaiseDelayMs / 3_600_000 };
}

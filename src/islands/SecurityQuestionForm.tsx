import { useEffect } from 'react';
import { api } from './api.ts';
import type { SecurityQuestion } from '../lib/reference.ts';
import { securityQuestionCheck } from '../lib/checks/security-question.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { setSecurityQuestions } from '../stores/general.ts';
import { FormToken, FormMessage, SelectField, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import type { SecurityQuestionWords } from '../i18n/settings-words.ts';

/** `questions` come asked in the customer's language; `words` as the other islands take them. */
export default function SecurityQuestionForm({ formToken, values = {}, errors = {}, formError = null, questions, words }: FormProps & { questions: readonly SecurityQuestion[]; words: SecurityQuestionWords }) {
  useEffect(() => setSecurityQuestions(questions), [questions]);
  const form = useSchemaForm(worded(securityQuestionCheck, words), { security_question_id: '', answer: '', ...values }, errors);
  const { busy, message, onSubmit } = useApiSubmit(form, formError, () =>
    api<{ user: AuthUser }>('POST', '/v1/onboarding/set-security-question', {
      security_question_id: form.values.security_question_id,
      answer: form.values.answer,
    }), (data) => {
    signIn(data.user);
    window.location.assign('/dashboard');
  });

  return (
    <form method="post" action="/security/question" noValidate onSubmit={onSubmit}>
      <FormToken value={formToken} />
      <FormMessage error={message} />
      <SelectField
        label={words['settings.question.label']}
        placeholder={words['settings.question.placeholder']}
        options={questions.map((question) => ({ value: String(question.id), label: question.question }))}
        error={form.errorFor('security_question_id')}
        {...form.bind('security_question_id')}
      />
      <TextField label={words['settings.question.answer']} autoComplete="off" hint={words['settings.question.answerHint']} error={form.errorFor('answer')} {...form.bind('answer')} />
      <SubmitButton busy={busy} busyText={words['onboarding.newPassword.busy']}>
        {words['settings.question.submit']}
      </SubmitButton>
    </form>
  );
}

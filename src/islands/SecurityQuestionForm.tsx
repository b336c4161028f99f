import { useEffect } from 'react';
import { api } from './api.ts';
import type { SecurityQuestion } from '../lib/reference.ts';
import { securityQuestionCheck } from '../lib/checks/security-question.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { setSecurityQuestions } from '../stores/general.ts';
import { FormMessage, SelectField, SubmitButton, TextField, useApiSubmit, useSchemaForm, type FormProps } from './form-kit.tsx';

export default function SecurityQuestionForm({ values = {}, errors = {}, formError = null, questions }: FormProps & { questions: readonly SecurityQuestion[] }) {
  useEffect(() => setSecurityQuestions(questions), [questions]);
  const form = useSchemaForm(securityQuestionCheck, { security_question_id: '', answer: '', ...values }, errors);
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
      <FormMessage error={message} />
      <SelectField
        label="Security question"
        placeholder="Choose a question"
        options={questions.map((question) => ({ value: String(question.id), label: question.question }))}
        error={form.errorFor('security_question_id')}
        {...form.bind('security_question_id')}
      />
      <TextField label="Your answer" autoComplete="off" hint="Not case-sensitive. Pick an answer you will remember exactly." error={form.errorFor('answer')} {...form.bind('answer')} />
      <SubmitButton busy={busy} busyText="Saving…">
        Finish setting up
      </SubmitButton>
    </form>
  );
}

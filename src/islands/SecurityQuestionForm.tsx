import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../lib/api-client.ts';
import type { SecurityQuestion } from '../lib/reference.ts';
import { securityQuestionSchema } from '../lib/schemas.ts';
import { signIn, type AuthUser } from '../stores/auth.ts';
import { setSecurityQuestions } from '../stores/general.ts';
import { FormMessage, SelectField, SubmitButton, TextField, useSchemaForm, type FormProps } from './form-kit.tsx';

export default function SecurityQuestionForm({ values = {}, errors = {}, formError = null, questions }: FormProps & { questions: readonly SecurityQuestion[] }) {
  useEffect(() => setSecurityQuestions(questions), [questions]);
  const form = useSchemaForm(securityQuestionSchema, { security_question_id: '', answer: '', ...values }, errors);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState(formError);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setMessage(null);
    const response = await api<{ user: AuthUser }>('POST', '/v1/onboarding/set-security-question', {
      security_question_id: form.values.security_question_id,
      answer: form.values.answer,
    });
    if (response.ok) {
      signIn(response.data.user);
      window.location.assign('/dashboard');
      return;
    }
    setBusy(false);
    setMessage(response.message);
    form.setServerErrors(response.errors);
  }

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

import { api } from './api.ts';
import type { SecurityQuestion } from '../lib/reference.ts';
import { changeSecurityQuestionCheck } from '../lib/checks/settings.ts';
import { SelectField, TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, useSettingsForm } from './settings-kit.tsx';
import type { ChangeSecurityQuestionWords } from '../i18n/settings-words.ts';

/** `questions` come asked in the customer's language. */
export default function ChangeSecurityQuestionForm({ questions, words, ...props }: FormProps & { questions: readonly SecurityQuestion[]; words: ChangeSecurityQuestionWords }) {
  const { form, formProps } = useSettingsForm(
    'security_question',
    changeSecurityQuestionCheck,
    { password: '', security_question_id: '', answer: '' },
    { ...props, words },
    (values) => api('POST', '/v1/profile/security-question/change', values),
  );
  return (
    <SettingsForm {...formProps} submitLabel={words['settings.securityQuestion.submit']} busyText={words['onboarding.newPassword.busy']}>
      <TextField label={words['safety.account.yourPassword']} type="password" autoComplete="current-password" error={form.errorFor('password')} {...form.bind('password')} />
      <SelectField
        label={words['settings.securityQuestion.new']}
        placeholder={words['settings.question.placeholder']}
        options={questions.map((question) => ({ value: String(question.id), label: question.question }))}
        error={form.errorFor('security_question_id')}
        {...form.bind('security_question_id')}
      />
      <TextField label={words['settings.question.answer']} autoComplete="off" hint={words['settings.question.answerHint']} error={form.errorFor('answer')} {...form.bind('answer')} />
    </SettingsForm>
  );
}

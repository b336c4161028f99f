import { api } from './api.ts';
import type { SecurityQuestion } from '../lib/reference.ts';
import { changeSecurityQuestionCheck } from '../lib/checks/settings.ts';
import { SelectField, TextField, type FormProps } from './form-kit.tsx';
import { SettingsForm, useSettingsForm } from './settings-kit.tsx';

export default function ChangeSecurityQuestionForm(props: FormProps & { questions: readonly SecurityQuestion[] }) {
  const { form, formProps } = useSettingsForm(
    'security_question',
    changeSecurityQuestionCheck,
    { password: '', security_question_id: '', answer: '' },
    props,
    (values) => api('POST', '/v1/profile/security-question/change', values),
  );
  return (
    <SettingsForm {...formProps} submitLabel="Change my security question">
      <TextField label="Your password" type="password" autoComplete="current-password" error={form.errorFor('password')} {...form.bind('password')} />
      <SelectField
        label="New security question"
        placeholder="Choose a question"
        options={props.questions.map((question) => ({ value: String(question.id), label: question.question }))}
        error={form.errorFor('security_question_id')}
        {...form.bind('security_question_id')}
      />
      <TextField label="Your answer" autoComplete="off" hint="Not case-sensitive. Pick an answer you will remember exactly." error={form.errorFor('answer')} {...form.bind('answer')} />
    </SettingsForm>
  );
}

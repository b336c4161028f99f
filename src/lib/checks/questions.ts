import { Field, requiredText } from '../form-rules.ts';
import { securityQuestions } from '../reference.ts';

/** The security question and its answer (schemas.ts's securityQuestionSchema). */

/** securityAnswerSchema */
export function securityAnswer(value: unknown): Field {
  return requiredText(value, 'said.answer.required').min(2, 'said.answer.min').max(100, 'said.answer.max');
}

/** securityQuestionSchema's id: digitsInteger('Choose a question', 4), one of the list. */
export function securityQuestionId(value: unknown): Field {
  const field = new Field(value);
  if (typeof value === 'number' ? !Number.isInteger(value) : typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return field.fail('said.question.choose', true);
  field.value = Number(value);
  return securityQuestions.some((question) => question.id === field.value) ? field : field.fail('said.question.list');
}

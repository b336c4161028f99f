import { Field, requiredText } from '../form-rules.ts';
import { securityQuestions } from '../reference.ts';

/** The security question and its answer (schemas.ts's securityQuestionSchema). */

/** securityAnswerSchema */
export function securityAnswer(value: unknown): Field {
  return requiredText(value, 'Type your answer').min(2, 'Your answer must be at least 2 characters').max(100, 'Keep your answer under 100 characters');
}

/** securityQuestionSchema's id: digitsInteger('Choose a question', 4), one of the list. */
export function securityQuestionId(value: unknown): Field {
  const field = new Field(value);
  if (typeof value === 'number' ? !Number.isInteger(value) : typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return field.fail('Choose a question', true);
  field.value = Number(value);
  return securityQuestions.some((question) => question.id === field.value) ? field : field.fail('Choose a question from the list');
}

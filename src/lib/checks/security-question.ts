import { checkForm, type FormCheck } from '../form-rules.ts';
import { securityAnswer, securityQuestionId } from './questions.ts';

/** schemas.ts's securityQuestionSchema, for the onboarding island. */

export const securityQuestionCheck: FormCheck = (values) => checkForm({ security_question_id: securityQuestionId(values.security_question_id), answer: securityAnswer(values.answer) });

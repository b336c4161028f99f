import type { MessageKey } from './messages/en.ts';

/** Each security question of src/lib/reference.ts (by id) in the catalogue, so a page can ask it in the customer's language. */
export const securityQuestionKeys: Record<number, MessageKey> = {
  1: 'safety.question.1',
  2: 'safety.question.2',
  3: 'safety.question.3',
  4: 'safety.question.4',
  5: 'safety.question.5',
  6: 'safety.question.6',
};

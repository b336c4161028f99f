/** Security questions (ids are stored against users). The states and LGAs are in states.ts. */
export type SecurityQuestion = { id: number; question: string };

/** Ids are stored against users: never renumber, only append. */
export const securityQuestions: readonly SecurityQuestion[] = [
  { id: 1, question: 'What was the name of your first primary school?' },
  { id: 2, question: 'In which town was your mother born?' },
  { id: 3, question: 'What is the first name of your oldest cousin?' },
  { id: 4, question: 'What was the make of your first phone?' },
  { id: 5, question: 'What street did you live on at age ten?' },
  { id: 6, question: 'What is the name of your favourite childhood friend?' },
];

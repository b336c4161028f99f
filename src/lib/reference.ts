import states from '../data/nigeria-states-lgas.json' with { type: 'json' };

/** The 36 states and the FCT with their 774 local governments (see src/data/SOURCES.md). */
export type StateWithLgas = { name: string; lgas: string[] };
export const statesWithLgas: readonly StateWithLgas[] = states;

export function lgasOf(stateName: string): readonly string[] {
  return statesWithLgas.find((state) => state.name === stateName)?.lgas ?? [];
}

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

import states from '../data/nigeria-states-lgas.json' with { type: 'json' };

/** The 36 states and the FCT with their 774 local governments (see src/data/SOURCES.md). */
export type StateWithLgas = { name: string; lgas: string[] };
export const statesWithLgas: readonly StateWithLgas[] = states;

export function lgasOf(stateName: string): readonly string[] {
  return statesWithLgas.find((state) => state.name === stateName)?.lgas ?? [];
}

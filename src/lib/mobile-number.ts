/** 0803…, +234803…, 234803… → 08031234567 (how customers write and recharge a line); null for anything else. */
export function normaliseMobileNumber(text: string): string | null {
  const compact = text.replace(/[\s()-]/g, '');
  const match = /^(?:\+?234|0)([789][01]\d{8})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}

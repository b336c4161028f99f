/**
 * A value looked up by a key that came from outside (a path, a body, a provider's answer): only
 * the object's own entries count, so "constructor", "__proto__" or "toString" find nothing
 * instead of something inherited from Object.prototype.
 */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

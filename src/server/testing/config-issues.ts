import { ConfigError, parseConfig } from '../config.ts';

/** What parseConfig refuses in an environment (each variable and why); none when it is accepted. */
export function configIssues(environment: Record<string, string>): ConfigError['issues'] {
  try {
    parseConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

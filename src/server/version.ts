import packageJson from '../../package.json' with { type: 'json' };

/** The version the health endpoints report: package.json's. */
export const appVersion: string = packageJson.version;

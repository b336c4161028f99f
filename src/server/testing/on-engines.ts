import { afterEach, beforeEach, describe } from 'vitest';
import { createTestApp, engines, type TestApp } from './test-app.ts';

type Engine = (typeof engines)[number];
type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;
type Body = (app: () => TestApp, engine: Engine) => void;

/**
 * The service-test scaffolding in one place: one describe per engine (`name` may hold `%s` for the
 * engine), a fresh test app made before each test and closed after it. The body reaches the current
 * test app through `app()`; its own beforeEach hooks run after the app is made, its afterEach hooks
 * before it is closed.
 */
export function describeOnEngines(name: string, body: Body): void;
export function describeOnEngines(name: string, options: TestAppOptions, body: Body): void;
export function describeOnEngines(name: string, optionsOrBody: TestAppOptions | Body, maybeBody?: Body): void {
  const options = typeof optionsOrBody === 'function' ? {} : optionsOrBody;
  const body = typeof optionsOrBody === 'function' ? optionsOrBody : maybeBody;
  if (!body) throw new Error('describeOnEngines needs a body');
  describe.each(engines)(name, (engine) => {
    let current: TestApp | undefined;
    beforeEach(async () => {
      current = await createTestApp(engine, options);
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });
    body(() => {
      if (!current) throw new Error('the test app exists only inside a test (or its beforeEach/afterEach hooks)');
      return current;
    }, engine);
  });
}

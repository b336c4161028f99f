import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** The W3C Nu HTML Checker from npm (vnu-jar), on Debian's default JRE. */
const vnu = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

export function javaMissing(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

type NuMessage = { type: string; url?: string; lastLine?: number; message: string; extract?: string };

/** The checker's errors over `files`, one JVM for them all (a start costs seconds), each as "file:line: message". */
export async function nuErrors(files: string[]): Promise<string[]> {
  // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
  const run = await promisify(execFile)('java', ['-Xss4m', '-jar', vnu, '--errors-only', '--format', 'json', ...files], { maxBuffer: 32 * 1024 * 1024, timeout: 60_000 }).catch(
    (failure: { stderr?: string }) => ({ stderr: failure.stderr ?? '' }),
  );
  const report = JSON.parse(run.stderr || '{"messages":[]}') as { messages: NuMessage[] };
  return report.messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => `${path.basename(decodeURIComponent(message.url ?? ''))}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`);
}

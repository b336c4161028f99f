import type { ChildProcess } from 'node:child_process';

/** The non-empty lines a child process writes to stdout and stderr, as they arrive (the server's JSON log lines). */
export function collectLines(child: ChildProcess): string[] {
  const lines: string[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.trim() !== ''));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return lines;
}

/** Per-part, prefixed logs: every line the stack prints says which part it came from. */
const COLOURS: Record<string, number> = { db: 34, auth: 35, api: 36, worker: 33, gateway: 32, stack: 37 };

export type Log = (message: string) => void;

export function logger(part: string): Log {
  const colour = process.stdout.isTTY ? COLOURS[part] : undefined;
  const prefix = colour ? `\x1b[${colour}m[${part}]\x1b[0m` : `[${part}]`;
  return (message) => {
    for (const line of message.split('\n')) if (line.trim()) console.log(`${prefix} ${line}`);
  };
}

/** Pipes a child process's output through a prefixed logger, line by line. */
export function pipeLines(stream: NodeJS.ReadableStream | null, log: Log): void {
  if (!stream) return;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) log(line);
  });
  stream.on('end', () => buffer && log(buffer));
}
